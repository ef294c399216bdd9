"""The 2D screens measured on the offscreen table with its overlay: the new-game form laid out in
pixels (nothing overlaps, nothing clipped, type at least 12 px from 1280x400 to 2560x1440), the
Esc menu, settings and quit dialogs legible and opaque over the table, the settings screen's
check boxes saying their value and its Back returning to where it was opened from, and a bad
settings file said in the HUD."""

from __future__ import annotations


import numpy as np
import pytest
from panda3d.core import Point3, TextNode

from blueprints3d.client.table.model.options import AppOptions, options_from_args
from blueprints3d.client.table.model.flow import SeatConfig
from blueprints3d.files.settings import Settings
from support.gui_layout import (
    _to_r2d,
    assert_laid_out,
    frame_rect,
    inside,
    menus_have_room,
    text_sizes,
    widget_rects,
)
from support.table_rig import play_args

MIN_PX = 12.0
SIZES = [(1280, 400), (1280, 720), (1024, 768), (1920, 1080), (2560, 1440)]
IDS = [f"{w}x{h}" for w, h in SIZES]


def open_at(offscreen_base, size, **kw):
    from blueprints3d.client.render import shaders
    from blueprints3d.client.table.offscreen import open_table

    shaders.configure(False)
    w, h = size
    options = dict(
        seats=[SeatConfig("Ann"), SeatConfig("Bob", "easy")],
        seed=5,
        bot_delay=0,
        threaded_bots=False,
    )
    options.update(kw)
    t = open_table(offscreen_base, w, h, AppOptions(**options), overlay=True)
    t.app.flow.run_bots()
    t.app.refresh(animate=False)
    return t


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_new_game_form_is_laid_out_in_pixels(offscreen_base, size):
    from blueprints3d.client.table.model.bots import bot_levels

    t = open_at(offscreen_base, size)
    try:
        app = t.app
        app.show_new_game()
        scr = app.screens.new_game_screen
        r2d = offscreen_base.render2d
        w, h = size
        panel = frame_rect(scr.frame, r2d)
        assert inside(panel, (-1, 1, -1, 1)), (size, panel)
        rects = widget_rects(scr, r2d)
        assert len(rects) >= 20 and any("box" in k for k in rects)
        assert_laid_out(rects, panel, size)
        sizes = text_sizes(scr.frame, r2d, h)
        assert any(text == "Open scores" for text, _ in sizes)
        for text, px in sizes:
            assert px >= MIN_PX, (size, text, px)
        # The entries (PGEntry draws its own text) are as large as the labels.
        for _, entry in scr.rows:
            px = (
                abs(
                    _to_r2d(
                        [entry, scr.frame], r2d, Point3(0, 0, TextNode("m").get_line_height())
                    ).z
                    - _to_r2d([entry, scr.frame], r2d, Point3(0, 0, 0)).z
                )
                * h
                / 2
            )
            assert px >= MIN_PX, (size, px)
        # It scales with the window: the type is a share of its height.
        assert scr.line_px >= max(MIN_PX, 0.03 * h)
        # Nothing of the HUD (the key strip, the score panel) shows under the form.
        hud = app.hud
        assert hud.help.is_hidden() and hud.score_panel.is_hidden() and not hud.texts()
        scr.exit()
        del bot_levels
    finally:
        t.close()


def test_the_new_game_form_says_how_the_chosen_computer_plays(offscreen_base):
    from blueprints3d.ai import LEVELS

    t = open_at(offscreen_base, (1280, 720))
    try:
        app = t.app
        app.show_new_game()
        scr = app.screens.new_game_screen
        assert "expert" in scr.levels
        assert scr.level_note["text"] == LEVELS["easy"][1]  # the table's computer (open_at)
        for level in ("expert", "easy"):
            scr.rows[1][0].set(f"Computer ({level})")  # runs the menu's command, as a click does
            assert scr.level_note["text"] == LEVELS[level][1]
        scr.rows[1][0].set("Person")
        assert scr.level_note["text"] == LEVELS["easy"][1]  # a person leaves the last one said
        scr.exit()
    finally:
        t.close()


def test_the_open_scores_box_follows_its_value_and_is_read(offscreen_base):
    t = open_at(offscreen_base, (1280, 720))
    try:
        app = t.app
        app.show_new_game()
        box = app.screens.new_game_screen.open_scores
        assert box.words["text"] == "off"
        box.commandFunc(None)
        assert box.words["text"] == "on" and app.screens.new_game_screen.collect()[2] is True
        app.screens.new_game_screen.exit()
    finally:
        t.close()


def dialogs(app):
    """Open each dialog in turn over the table; yields (name, screen)."""
    app.input.escape()
    yield "menu", app.screens.menu
    app.screens.menu.buttons["Settings"]["command"]()
    yield "settings", app.screens.settings_screen
    app.screens.settings_screen.exit()
    app.screens.ask_to_quit()
    yield "quit", app.screens.confirm
    app.screens.confirm.exit()


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_dialogs_are_legible_and_inside_the_window(offscreen_base, size):
    t = open_at(offscreen_base, size)
    try:
        r2d = offscreen_base.render2d
        for name, scr in dialogs(t.app):
            assert scr.active, name
            assert inside(frame_rect(scr.frame, r2d), (-1, 1, -1, 1)), (size, name)
            sizes = text_sizes(scr.frame, r2d, size[1])
            assert sizes, name
            for text, px in sizes:
                assert px >= MIN_PX, (size, name, text, px)
    finally:
        t.close()


def test_dialogs_are_opaque_over_the_table(offscreen_base):
    """Behind a dialog nothing of the table shows: its panel looks the same whether the table is
    drawn behind it or not (with the old see-through panel, the dice, the card and the labels
    showed through)."""
    t = open_at(offscreen_base, (1280, 720))
    try:
        app = t.app
        r2d = offscreen_base.render2d
        with_table = t.screenshot().astype(int)
        app.scene.hide()
        without = t.screenshot().astype(int)
        app.scene.show()
        for name, scr in dialogs(app):
            left, right, bottom, top = frame_rect(scr.frame, r2d)
            x0, y0 = t.pixel(left, top)
            x1, y1 = t.pixel(right, bottom)
            inner = (slice(y0 + 3, y1 - 3), slice(x0 + 3, x1 - 3))
            # The table has something to show there...
            assert np.abs(with_table[inner] - without[inner]).max() > 60, name
            over = t.screenshot().astype(int)
            app.scene.hide()
            alone = t.screenshot().astype(int)
            app.scene.show()
            # ... and none of it shows through the dialog.
            assert np.abs(over[inner] - alone[inner]).max() <= 3, (
                name,
                np.abs(over[inner] - alone[inner]).max(),
            )
    finally:
        app.scene.show()
        t.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["1280x720", "1920x1080"])
def test_the_settings_screen_is_laid_out_in_pixels(offscreen_base, size):
    """Nothing of the settings screen overlaps or leaves its panel: the notes under a label
    ("(Undo until you confirm)", "takes effect at the next start") used to touch the next row."""
    t = open_at(offscreen_base, size)
    try:
        app = t.app
        app.screens.show_settings()
        scr = app.screens.settings_screen
        r2d = offscreen_base.render2d
        panel = frame_rect(scr.frame, r2d)
        rects = widget_rects(scr, r2d)
        # Language, computer players' speed, animations, camera sensitivity.
        assert (
            sum("DirectOptionMenu" in k for k in rects) == 4 and sum("box" in k for k in rects) >= 4
        )
        assert any("Undo until" in k for k in rects) and any("takes effect" in k for k in rects)
        assert_laid_out(rects, panel, size)
        assert menus_have_room(scr, r2d, size[1] / 2) == len(scr.language["items"]) + len(
            scr.speed["items"]
        ) + len(scr.animations["items"]) + len(scr.sensitivity["items"])
    finally:
        t.close()


def test_the_new_game_forms_menus_have_room(offscreen_base):
    t = open_at(offscreen_base, (1280, 720))
    try:
        app = t.app
        app.show_new_game()
        # Its rows stand closer than the settings' rows, so the margin is smaller.
        assert (
            menus_have_room(
                app.screens.new_game_screen, offscreen_base.render2d, 720 / 2, margin_px=1.0
            )
            >= 5 * 4
        )
        app.screens.new_game_screen.exit()
    finally:
        t.close()


def test_settings_boxes_say_their_value(offscreen_base):
    t = open_at(offscreen_base, (1280, 720), settings=Settings(shaders=False))
    try:
        app = t.app
        app.screens.show_settings()
        scr = app.screens.settings_screen
        assert scr.shaders.words["text"] == "off"
        assert scr.confirm_moves.words["text"] == "on"
        scr.confirm_moves.commandFunc(None)
        assert scr.confirm_moves.words["text"] == "off" and app.settings.confirm_moves is False
        scr.confirm_moves.commandFunc(None)
        assert scr.confirm_moves.words["text"] == "on" and app.settings.confirm_moves is True
        scr.shaders.commandFunc(None)
        assert scr.shaders.words["text"] == "on" and app.settings.shaders is True
    finally:
        t.close()


def test_the_volume_slider_and_mute_apply_at_once_and_are_saved(offscreen_base, tmp_path):
    from blueprints3d.files.settings import load_settings

    path = tmp_path / "settings.json"
    t = open_at(offscreen_base, (1280, 720), settings=Settings(volume=80), settings_path=path)
    try:
        app = t.app
        app.screens.show_settings()
        scr = app.screens.settings_screen
        assert scr.volume_text["text"] == "80%"
        scr.volume["value"] = 45  # as a drag of the thumb sets it
        scr.volume.commandFunc()
        assert app.settings.volume == 45 and scr.volume_text["text"] == "45%"
        assert app.sounds.bank.volume == 0.45
        assert scr.mute.words["text"] == "off"
        scr.mute.commandFunc(None)
        assert scr.mute.words["text"] == "on" and app.settings.mute and app.sounds.bank.muted
        saved, note = load_settings(path)
        assert note is None
        assert (saved.volume, saved.mute) == (45, True)
    finally:
        t.close()


def test_settings_back_returns_to_where_it_was_opened(offscreen_base):
    t = open_at(offscreen_base, (1280, 720))
    try:
        app = t.app
        app.input.escape()
        app.screens.menu.buttons["Settings"]["command"]()
        assert app.screens.settings_screen.active and not app.screens.menu.active
        app.screens.settings_screen.back_button["command"]()
        assert (
            not app.screens.settings_screen.active and app.screens.menu.active
        )  # back in the menu
        app.screens.menu.buttons["Settings"]["command"]()
        app.input.escape()  # Esc is Back too
        assert not app.screens.settings_screen.active and app.screens.menu.active
        app.input.escape()
        assert not app.screens.menu.active
        app.screens.show_settings()  # opened from the table itself: Back goes to the table
        app.screens.settings_screen.back_button["command"]()
        assert not app.screens.settings_screen.active and not app.screens.menu.active
    finally:
        t.close()


def test_help_back_returns_to_where_it_was_opened(offscreen_base):
    t = open_at(offscreen_base, (1280, 720))
    try:
        app = t.app
        app.input.escape()
        app.screens.menu.buttons["Rules and controls"]["command"]()
        assert app.screens.help.active and not app.screens.menu.active
        app.screens.help.close_button["command"]()
        assert not app.screens.help.active and app.screens.menu.active  # back in the menu
        app.screens.menu.buttons["Rules and controls"]["command"]()
        app.input.escape()  # Esc is Back too
        assert not app.screens.help.active and app.screens.menu.active
        app.input.escape()
        app.screens.toggle_help()  # F1 at the table: F1 again goes back to the table
        assert app.screens.help.active
        app.screens.toggle_help()
        assert not app.screens.help.active and not app.screens.menu.active
    finally:
        t.close()


def test_a_bad_settings_file_is_said_in_the_hud_once(offscreen_base, tmp_path, monkeypatch, capsys):
    from blueprints3d.client.render import shaders
    from blueprints3d.client.table.offscreen import open_table

    monkeypatch.setenv("BLUEPRINTS3D_HOME", str(tmp_path))
    (tmp_path / "settings.json").write_text("{not json")
    o = options_from_args(play_args())
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "default" in err
    assert o.settings_note and o.settings_note in err
    shaders.configure(False)
    o.size, o.bot_delay, o.threaded_bots, o.autosave = (1280, 720), 0, False, None
    t = open_table(offscreen_base, 1280, 720, o, overlay=True)
    try:
        app = t.app
        shown = app.hud.message.textNode.get_text()
        assert "default" in shown and "settings" in shown.lower(), shown
        app.start_game([SeatConfig("Ann"), SeatConfig("Bob", "easy")], seed=1)
        assert "default" not in app.hud.message.textNode.get_text()  # once
    finally:
        t.close()


def test_the_rules_in_short_count_in_words(monkeypatch):
    """'1 round', '1 die': the help's numbers come from the engine, so its words must fit any."""
    from blueprints3d.client.table.hud.help_screen import rules_sections
    from blueprints3d.engine import rules

    monkeypatch.setattr(rules, "NUM_ROUNDS", 1)
    monkeypatch.setattr(rules, "TAKES_PER_ROUND", 1)
    text = "\n".join(line for _, lines in rules_sections() for _, line in lines)
    assert "1 round;" in text and "takes 1 die," in text and "after 1 round wins" in text
    assert "1 rounds" not in text and "1 dice" not in text
