"""The guided first game, played through to its end on the offscreen table with scripted input
(the table's own keys and a mouse drag), checked against the engine at every turn."""

from __future__ import annotations

import pytest

from blueprints3d.client.table.flow import Mode
from blueprints3d.engine.state import Phase
from blueprints3d.presentation.demos import coach
from support.caption_style import style_problems

WIDTH, HEIGHT = 1280, 720


@pytest.fixture()
def table(tables):
    return tables(WIDTH, HEIGHT, overlay=True)


def overlaps(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def drag_first_die(app) -> bool:
    """A hand's drag of the pool's first die onto the first space the engine allows."""
    from panda3d.core import Point3

    from blueprints3d.client.scene import card_model, units
    flow, view = app.flow, app.view
    die = next((d for d in flow.state.pool if flow.legal_cells(d)), None)
    if die is None:
        return False
    cell = flow.legal_cells(die)[0]
    start = app.picker.project(view.dice[die].get_pos(view.root) + Point3(0, 0, units.DIE_SIZE / 2), view.root)
    x, y = card_model.cell_position(flow.state.blueprints[0], cell)
    end = app.picker.project(Point3(x, y, units.CARD_THICKNESS), view.seats[0].root)
    c = app.controls
    assert c.press(*start)
    for i in range(1, 5):
        c.move(start[0] + (end[0] - start[0]) * i / 4, start[1] + (end[1] - start[1]) * i / 4)
    c.release(*end)
    return True


def test_the_tutorial_plays_one_coached_round_to_the_reveal(table):
    app = table.app
    assert app.screens.new_game_screen.active and app.screens.new_game_screen.learn_button is not None
    app.screens.new_game_screen.learn_button["command"]()          # "Learn to play" on the new-game screen
    tut = app.tutorial
    flow = app.flow
    assert not app.screens.new_game_screen.active and len(flow.seats) == 2
    assert flow.seats[1].bot == "easy" and flow.seats[0].is_person
    assert app.options.autosave is None                     # the lesson is not kept as the player's game
    tut.update()
    # The first words: who plays, and the placement rule; the pointer on the pool.
    assert "Welcome" in tut.text and "not hatched" in tut.text and tut.target == "pool"
    rect = tut.panel_rect()
    assert rect is not None and 0 <= rect[0] and rect[2] <= WIDTH and 0 <= rect[1] and rect[3] <= HEIGHT
    for t in app.hud.texts():  # the coach never covers the HUD's lines
        lo, hi = t.get_tight_bounds(app.base.aspect2d)
        u = min(WIDTH, HEIGHT) / 2
        r = (lo.x * u + WIDTH / 2, HEIGHT / 2 - hi.z * u, hi.x * u + WIDTH / 2, HEIGHT / 2 - lo.z * u)
        assert not overlaps(rect, r), t.textNode.get_text()
    assert tut.target_point() is not None and not tut.pointer.is_empty() and tut.pointer.get_num_children() == 1

    said: list[tuple[str, str]] = []   # (situation, words) in order
    moves = 0
    dragged = False
    for _ in range(600):
        if tut.finished:
            break
        flow = app.flow
        tut.update()
        if flow.mode is Mode.TURN and flow.current == 0:
            if flow.pending is not None:
                said.append(("pending", tut.text))
                app.input.key("enter")
                moves += 1
            elif flow.state.phase is Phase.DISCARD:
                said.append(("discard", tut.text))
                assert tut.target == "pool"
                app.input.key("arrow_right")  # the learner picks freely: not the first die
                app.input.key("enter")
            elif app.controls.keys.choosing_cell:
                said.append(("space", tut.text))
                assert tut.target == "card"
                app.input.key("enter")
            else:
                said.append(("take", tut.text))
                if not dragged and flow.state.turns_done >= 2:
                    dragged = drag_first_die(app)     # one move by mouse, as at the table
                else:
                    app.input.key("enter")
        elif flow.mode is Mode.BOT:
            said.append(("bot", tut.text))
            assert tut.target == "opponent"
        elif flow.mode is Mode.ROUND_END:
            if app.reveal.active and not app.reveal.at_summary:
                said.append(("reveal-" + app.reveal.step.kind, tut.text))
                app.settle()
                tut.update()
                coach_rect = tut.panel_rect()
                for name, r in app.reveal.label_rects().items():  # the coach never hides the reveal
                    assert coach_rect is None or not overlaps(coach_rect, r), (app.reveal.step.kind, name)
                app.input.key("space")
            elif app.screens.summary.active:
                said.append(("summary", tut.text))
                app.input.key("enter")      # the summary's Next round: the lesson's end, not round 2
        app.base.taskMgr.step()
    assert tut.finished and tut.closing, said[-3:]
    assert dragged
    # One round only: the engine scored round 1 and round 2 was never played.
    result = flow.state.round_results[0]
    assert len(flow.state.round_results) == 1 and flow.mode is Mode.ROUND_END
    # Each rule explained in full the first time it matters, in short after.
    kinds = [k for k, _ in said]
    first_discard = kinds.index("discard")
    assert "A rule for two players" in said[first_discard][1]
    later = [w for k, w in said[first_discard + 1:] if k == "discard"]
    assert later and all("A rule for two players" not in w for w in later)
    takes = [w for k, w in said if k == "take"]
    assert "not hatched" in takes[0] and all("not hatched" not in w for w in takes[2:])
    spaces = [w for k, w in said if k == "space"]
    assert "blueprint bonus" in spaces[0] and "blueprint bonus" not in spaces[-1]
    assert any(k == "pending" and "Enter" in w for k, w in said)
    assert any(k == "bot" and "Computer" in w for k, w in said)
    # The reveal explained: every material shown, the bonus, the Award and the tie rule.
    reveal = dict((k, w) for k, w in said if k.startswith("reveal-"))
    assert {"reveal-lift", "reveal-building", "reveal-material", "reveal-bonus", "reveal-award"} <= set(reveal)
    first, second = result.in_demand
    award_words = reveal["reveal-award"]
    assert first.colour in award_words and "turn order" in award_words
    if any(pl.ties for pl in result.awards.values()):
        assert "A tie!" in award_words
    # The closing words give the engine's score of the learner's building.
    assert f"{result.scores[0].total} points" in tut.text
    assert tut.buttons and not tut.pointer.get_num_children()
    app.base.taskMgr.step()
    app.input.key("enter") if False else tut._on_enter()    # Enter on the closing panel: a real game next
    assert app.screens.new_game_screen.active and tut.root.is_empty()


def test_the_tutorial_deals_the_same_first_game(table):
    app = table.app
    first = app.start_tutorial()
    pool = [(int(app.flow.state.material(d)), app.flow.state.values[d]) for d in app.flow.state.pool]
    cards = [bp.id for bp in app.flow.state.blueprints]
    second = app.start_tutorial()
    app.base.taskMgr.step()
    assert first.root.is_empty()       # the old lesson put itself away
    assert [(int(app.flow.state.material(d)), app.flow.state.values[d]) for d in app.flow.state.pool] == pool
    assert [bp.id for bp in app.flow.state.blueprints] == cards
    second.destroy()


def test_coach_words_read_as_a_player_would_say_them():
    from blueprints3d.engine.materials import Material
    texts = [coach.welcome("Alex", "Computer", (Material.WOOD, Material.RECYCLED)),
             coach.take(True), coach.take(False), coach.choose_space(True), coach.choose_space(False),
             coach.confirm(), coach.discard(True, "Computer"), coach.discard(False, "Computer"),
             coach.fits_nowhere(True), coach.fits_nowhere(False), coach.waiting("Computer")]
    for t in texts:
        assert not style_problems(t), (t, style_problems(t))
    # The status line says "Round 1 of 3": the welcome says the lesson is the first of those.
    from blueprints3d.engine.rules import NUM_ROUNDS, round_text
    assert f"A game has {NUM_ROUNDS} rounds; this lesson plays the first." in texts[0]
    assert str(NUM_ROUNDS) in round_text(1)


def test_the_tutorial_command_opens_the_lesson_without_an_autosave():
    from blueprints3d.cli import build_parser
    from blueprints3d.client.table.options import options_from_args
    from blueprints3d.commands.tutorial import table_args

    args = build_parser().parse_args(["tutorial", "--size", "800x600", "--mute"])
    opts = options_from_args(table_args(args))
    assert opts.tutorial and opts.autosave is None and opts.seats is None and opts.resumed is None
    assert opts.size == (800, 600) and opts.mute
