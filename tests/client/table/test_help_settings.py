"""The help screen (F1, and the menu's rules), the settings screen and file, the seats' words:
default names, computer levels on the name plates, and the quit question."""

from __future__ import annotations

import json

import pytest

from blueprints3d.client.render.materials import BASE_COLOUR
from blueprints3d.client.table.model.options import options_from_args
from blueprints3d.client.table.model.flow import SeatConfig
from blueprints3d.client.table.model.flow import plate_name
from blueprints3d.engine import rules
from blueprints3d.engine.materials import Material
from blueprints3d.files.autosave import AutosaveSlot
from blueprints3d.client.table.model.pointer import HeldPointer
from blueprints3d.files.settings import Settings, load_settings, save_settings
from support.table_rig import play_args


@pytest.fixture()
def table(tables, tmp_path):
    return tables(
        1280,
        400,
        overlay=True,
        seats=[SeatConfig("Ann"), SeatConfig("Bob", "hard")],
        seed=3,
        bot_delay=None,
        settings=Settings(),
        settings_path=tmp_path / "settings.json",
        pointer=HeldPointer(),
    )


def send(base, event):
    base.messenger.send(event)


# ---- help ----------------------------------------------------------------------------------------


def test_f1_opens_the_help_and_esc_or_f1_closes_it(table, offscreen_base):
    app = table.app
    assert not app.screens.help.active
    send(offscreen_base, "f1")
    assert app.screens.help.active and app.screens.blocked()
    send(offscreen_base, "escape")
    assert (
        not app.screens.help.active and not app.screens.menu.active
    )  # Esc closed the help, not opened the menu
    send(offscreen_base, "f1")
    assert app.screens.help.active
    send(offscreen_base, "f1")
    assert not app.screens.help.active
    # The key strip is on F2 now.
    assert not app.hud.help.isHidden()
    send(offscreen_base, "f2")
    assert app.hud.help.isHidden()
    send(offscreen_base, "f2")


def test_the_help_holds_the_controls_and_the_engines_numbers(table):
    app = table.app
    app.screens.show_help()
    text = app.screens.help.text
    assert "Controls" in text and "F5" in text and "Esc" in text
    assert f"{rules.NUM_ROUNDS} rounds" in text
    assert f"+{rules.BLUEPRINT_BONUS}" in text and f"+{rules.WOOD_PER_NEIGHBOUR}" in text
    for award in rules.Award:
        assert f"{award.title}: {rules.AWARD_VP[award]} VP" in text
    assert f"Prizes, {rules.PRIZE_VP} VP each" in text
    assert ", ".join(map(str, rules.RECYCLED_POINTS[1:])) in text
    for prize in rules.Prize:
        assert rules.PRIZE_RULES[prize] in text
    # Headings and lines of a sentence each, not one block: no line longer than two sentences'
    # worth (each is wrapped in its column: test_screens_layout), and there are pictures
    # (material swatches, die faces). A sentence stays whole (issue 42), never cut in two lines.
    assert max(len(t.getText()) for t in app.screens.help.texts) < 130
    pictures = dict(app.screens.help.pictures)
    assert tuple(pictures[Material.WOOD].face["frameColor"]) == pytest.approx(
        tuple(BASE_COLOUR[Material.WOOD])
    )
    assert pictures[rules.DIE_FACES].pips == rules.DIE_FACES  # a die face with its pips
    assert set(rules.Award) <= set(pictures)  # a medal beside each Award
    # Legible at 1280x400: at least 12 pixels from line to line.
    assert app.screens.help.line_px >= 12


def test_the_help_follows_the_rules_module(table, monkeypatch):
    """No rule number is typed in the client: change one in the engine and the help says it."""
    monkeypatch.setattr(rules, "NUM_ROUNDS", 7)
    monkeypatch.setattr(rules, "PRIZE_VP", 9)
    monkeypatch.setattr(rules, "AWARD_VP", {**rules.AWARD_VP, rules.Award.GOLD: 11})
    table.app.screens.show_help()
    text = table.app.screens.help.text
    assert "7 rounds" in text and "after 7 rounds" in text
    assert "Prizes, 9 VP each" in text and "Gold: 11 VP" in text


def test_the_menus_rules_open_the_same_help(table):
    app = table.app
    app.input.escape()
    assert app.screens.menu.active
    app.screens.menu.buttons["Rules and controls"]["command"]()
    assert app.screens.help.active and not app.screens.menu.active
    assert f"{rules.NUM_ROUNDS} rounds" in app.screens.help.text
    app.input.escape()
    assert not app.screens.help.active


# ---- settings ------------------------------------------------------------------------------------


def test_the_settings_screen_changes_a_value_and_saves_it(table, tmp_path):
    app = table.app
    path = tmp_path / "settings.json"
    app.input.escape()
    app.screens.menu.buttons["Settings"]["command"]()
    scr = app.screens.settings_screen
    assert scr.active and not app.screens.menu.active
    normal = app.flow.bot_delay
    scr.speed.set("fast")
    assert load_settings(path) == (Settings(bot_speed="fast"), None)
    assert app.flow.bot_delay == pytest.approx(normal * 0.4)
    scr.confirm_moves.commandFunc(None)  # a click on the box
    assert app.flow.confirm_moves is False
    assert load_settings(path)[0].confirm_moves is False
    assert scr.animations.get() == "full"
    scr.animations.set("off")  # a slow machine: everything in place at once
    assert app.settings.animations == "off" and load_settings(path)[0].animations == "off"
    assert app.view.animator.instant and not app.view.throws
    scr.animations.set("short")
    assert not app.view.animator.instant and app.view.animator.pace == 0.5 and not app.view.throws
    scr.sensitivity.set("2x")
    assert (
        app.settings.camera_sensitivity == 2.0 and load_settings(path)[0].camera_sensitivity == 2.0
    )
    scr.shaders.commandFunc(None)
    saved = json.loads(path.read_text())
    assert (
        saved["shaders"] is False
        and saved["bot_speed"] == "fast"
        and saved["animations"] == "short"
    )
    assert "next start" in scr.shaders_note["text"]
    app.input.escape()
    assert not scr.active


def test_the_material_symbols_switch_marks_the_dice_and_the_names_and_is_saved(table, tmp_path):
    from blueprints3d.client.render import materials
    from blueprints3d.client.scene import dice_model

    app = table.app
    path = tmp_path / "settings.json"
    app.input.escape()
    app.screens.menu.buttons["Settings"]["command"]()
    scr = app.screens.settings_screen
    die = app.view.dice[0]
    m = Material(die.get_python_tag("material"))
    assert scr.material_symbols.words["text"] == "off"
    ranks = app.hud.demand.ranks  # the in-demand dice's captions (client/table/hud/glance.py)
    assert (
        materials.die_pips(die, m) == dice_model.pip_texture()
        and "\5" not in ranks[0].textNode.get_text()
    )
    assert not app.hud.demand.dice[0].is_hidden()  # off: the plain coloured die
    try:
        scr.material_symbols.commandFunc(None)  # a click on the box
        assert scr.material_symbols.words["text"] == "on" and app.settings.material_symbols is True
        assert load_settings(path)[0].material_symbols is True
        # At once: the dice on the table get their symbols, the HUD's in-demand materials their glyphs.
        assert materials.die_pips(die, m) == dice_model.symbol_pip_texture(m)
        assert all("\5bp3d-symbol-" in r.textNode.get_text() for r in ranks)  # the glyph is the die
        assert app.hud.demand.dice[0].is_hidden()
        assert "\5bp3d-symbol-" in app.view.marks.die_info_text(0)
        scr.material_symbols.commandFunc(None)
        assert scr.material_symbols.words["text"] == "off"
        # The help's material pictures carry the symbols too, while they are on.
        app.change_settings(app.settings.changed(material_symbols=True))
        app.screens.show_help()
        pictures = dict(app.screens.help.pictures)
        assert all(hasattr(pictures[m], "symbol") for m in Material)
    finally:
        app.change_settings(app.settings.changed(material_symbols=False))
    assert (
        app.settings.material_symbols is False and load_settings(path)[0].material_symbols is False
    )
    assert materials.die_pips(die, m) == dice_model.pip_texture() and not dice_model.symbols_shown()
    assert "\5" not in ranks[0].textNode.get_text() and not app.hud.demand.dice[0].is_hidden()


def test_material_symbols_from_the_settings_file_and_the_command_line(
    tmp_path, monkeypatch, capsys
):
    monkeypatch.setenv("BLUEPRINTS3D_HOME", str(tmp_path))
    assert options_from_args(play_args()).material_symbols is False
    assert options_from_args(play_args(material_symbols=True)).material_symbols is True
    save_settings(tmp_path / "settings.json", Settings(material_symbols=True))
    o = options_from_args(play_args())
    assert (
        o.settings.material_symbols is True and o.material_symbols is False
    )  # the file's, kept apart


def test_camera_sensitivity_scales_the_mouse_orbit(table):
    app = table.app
    app.settings = Settings(camera_sensitivity=2.0)
    h0 = app.camera.goal.heading
    pointer = app.input.pointer
    pointer.at = (0.0, 0.0)
    app.base.messenger.send("mouse3")  # the right button down: a drag turns the view
    pointer.at = (0.1, 0.0)
    try:
        app.step()
    finally:
        app.base.messenger.send("mouse3-up")
        pointer.at = None
    assert app.camera.goal.heading - h0 == pytest.approx(-0.1 * 120.0 * 2.0)
    h1 = app.camera.goal.heading
    app.camera_rig.orbit_by_key(4.0, 0.0)  # Q/E
    assert app.camera.goal.heading - h1 == pytest.approx(8.0)


def test_the_play_options_read_the_settings_file(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("BLUEPRINTS3D_HOME", str(tmp_path))
    save_settings(
        tmp_path / "settings.json", Settings(shaders=False, confirm_moves=False, bot_speed="slow")
    )
    o = options_from_args(play_args())
    assert o.use_shaders is False and o.confirm_moves is False and o.settings.bot_speed == "slow"
    assert o.settings_path == tmp_path / "settings.json"
    assert capsys.readouterr().err == ""


def test_a_bad_settings_file_gives_the_defaults_and_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("BLUEPRINTS3D_HOME", str(tmp_path))
    (tmp_path / "settings.json").write_text('{"format": 99, "shaders": false}')
    o = options_from_args(play_args())
    assert o.settings == Settings() and o.use_shaders is True
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "settings" in err and "default" in err


# ---- seats ---------------------------------------------------------------------------------------


def test_a_person_seat_gets_a_persons_default_name(table):
    from blueprints3d.client.table.model.bots import bot_levels

    app = table.app
    scr = app.screens.new_game_screen
    scr.enter(bot_levels(), app.start_game, app.quit)  # the first game's defaults
    menu, entry = scr.rows[1]
    assert menu.get().startswith("Computer") and entry.get() == "Computer 2"
    menu.set("Person")
    assert entry.get() == "Player 2"
    menu.set(scr.kinds[1])
    assert entry.get() == "Computer 2"
    entry.enterText("Zoe")
    menu.set("Person")
    assert entry.get() == "Zoe"  # a typed name stays
    seats, *_ = scr.collect()
    assert seats[1] == SeatConfig("Zoe")
    # An untouched computer name on a person seat (set before the fix) is a person's name.
    entry.enterText("Computer 2")
    assert scr.collect()[0][1] == SeatConfig("Player 2")
    app.screens.new_game_screen.exit()


def test_a_computers_level_is_on_its_name_plate(table):
    app = table.app
    assert plate_name(SeatConfig("Bob", "hard")) == "Bob (hard)"
    assert plate_name(SeatConfig("Ann")) == "Ann"
    assert app.view.seats[1].name_label.node().get_text() == "Bob (hard)"
    assert app.view.seats[0].name_label.node().get_text() == "Ann"
    assert "Bob (hard)" in app.hud.status.getText() or "Ann" in app.hud.status.getText()


def test_the_quit_question_says_the_game_is_saved_and_how_to_resume(tables, tmp_path):
    seats = [SeatConfig("Ann"), SeatConfig("Bob", "hard")]
    for slot, said in (
        (None, "(It is not saved: the autosave is off.)"),
        (AutosaveSlot(folder=tmp_path), "It is saved: `blueprints3d --resume` continues it."),
        (
            AutosaveSlot(folder=tmp_path, name="second"),
            "It is saved: `blueprints3d --resume --slot second` continues it.",
        ),
    ):
        app = tables(seats=seats, seed=3, autosave=slot).app
        task_mgr = app.base.taskMgr
        task_mgr.running = True  # as in base.run(): quitting would stop it
        try:
            app.screens.ask_to_quit()  # mid-game: asked first, not quit
            assert app.screens.confirm.active and app.screens.confirm.question.endswith(said)
            assert task_mgr.running
            assert app.screens.quit_question().endswith(said)
        finally:
            task_mgr.running = False
        app.screens.confirm.exit()
