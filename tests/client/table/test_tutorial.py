"""The guided first game, played through to its end on the offscreen table with scripted input
(the table's own keys and a mouse drag), checked against the engine at every turn."""

from __future__ import annotations

import re

import pytest

from blueprints3d.client.table.model.flow import Mode
from blueprints3d.engine.state import Phase
from blueprints3d.presentation.demos import coach
from support.caption_style import style_problems
from support.lessons import every_bubble

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
    start = app.picker.project(
        view.dice[die].get_pos(view.root) + Point3(0, 0, units.DIE_SIZE / 2), view.root
    )
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
    assert (
        app.screens.new_game_screen.active and app.screens.new_game_screen.learn_button is not None
    )
    app.screens.new_game_screen.learn_button["command"]()  # "Learn to play" on the new-game screen
    tut = app.tutorial
    flow = app.flow
    assert not app.screens.new_game_screen.active and len(flow.seats) == 2
    assert flow.seats[1].bot == "easy" and flow.seats[0].is_person
    assert app.options.autosave is None  # the lesson is not kept as the player's game
    tut.update()
    # The first words: who plays, and the placement rule; the pointer on the opponent's place,
    # then on what each bubble speaks of (tests/client/table/test_coach_pointer.py).
    assert "Welcome" in tut.text and "not hatched" in tut.text and tut.target == "opponent"
    rect = tut.panel_rect()
    assert (
        rect is not None
        and rect[0] >= 0
        and rect[2] <= WIDTH
        and rect[1] >= 0
        and rect[3] <= HEIGHT
    )
    for t in app.hud.texts():  # the coach never covers the HUD's lines
        lo, hi = t.get_tight_bounds(app.base.aspect2d)
        u = min(WIDTH, HEIGHT) / 2
        r = (
            lo.x * u + WIDTH / 2,
            HEIGHT / 2 - hi.z * u,
            hi.x * u + WIDTH / 2,
            HEIGHT / 2 - lo.z * u,
        )
        assert not overlaps(rect, r), t.textNode.get_text()
    assert (
        tut.target_point() is not None
        and not tut.pointer.is_empty()
        and tut.pointer.get_num_children() == 1
    )

    said: list[tuple[str, str]] = []  # (situation, words) in order
    moves = 0
    dragged = False
    for _ in range(1500):
        if tut.finished:
            break
        flow = app.flow
        tut.update()
        if tut.bubbles_left():  # the coach's bubbles first: Space shows the next one
            assert tut.rows(tut.bubble) <= 2, tut.bubble
            app.input.key("space")
            app.base.taskMgr.step()
            continue
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
                    dragged = drag_first_die(app)  # one move by mouse, as at the table
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
                    assert coach_rect is None or not overlaps(coach_rect, r), (
                        app.reveal.step.kind,
                        name,
                    )
                app.input.key("space")
            elif app.screens.summary.active:
                said.append(("summary", tut.text))
                app.input.key("enter")  # the summary's Next round: the lesson's end, not round 2
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
    later = [w for k, w in said[first_discard + 1 :] if k == "discard"]
    assert later and all("A rule for two players" not in w for w in later)
    takes = [w for k, w in said if k == "take"]
    assert "not hatched" in takes[0] and all("not hatched" not in w for w in takes[2:])
    spaces = [w for k, w in said if k == "space"]
    assert "blueprint bonus" in spaces[0] and "blueprint bonus" not in spaces[-1]
    assert any(k == "pending" and "Enter" in w for k, w in said)
    assert any(k == "bot" and "Computer" in w for k, w in said)
    # The reveal explained: every material shown, the bonus, the Award and the tie rule.
    reveal = dict((k, w) for k, w in said if k.startswith("reveal-"))
    assert {
        "reveal-lift",
        "reveal-building",
        "reveal-material",
        "reveal-bonus",
        "reveal-award",
    } <= set(reveal)
    first, second = result.in_demand
    award_words = reveal["reveal-award"]
    assert first.label in award_words and "turn order" in award_words  # the engine's material words
    if any(pl.ties for pl in result.awards.values()):
        assert "A tie!" in award_words
    # The closing words give the engine's score of the learner's building.
    assert f"{result.scores[0].total} points" in tut.text
    assert tut.buttons and not tut.pointer.get_num_children()
    app.base.taskMgr.step()
    while tut.bubbles_left():  # the closing words, bubble after bubble; the last stays
        app.input.key("enter")
        assert not app.screens.new_game_screen.active
    app.input.key("enter")  # Enter on the last of them: a real game next
    assert app.screens.new_game_screen.active and tut.root.is_empty()


def test_the_tutorial_deals_the_same_first_game(table):
    app = table.app
    first = app.start_tutorial()
    pool = [
        (int(app.flow.state.material(d)), app.flow.state.values[d]) for d in app.flow.state.pool
    ]
    cards = [bp.id for bp in app.flow.state.blueprints]
    second = app.start_tutorial()
    app.base.taskMgr.step()
    assert first.root.is_empty()  # the old lesson put itself away
    assert [
        (int(app.flow.state.material(d)), app.flow.state.values[d]) for d in app.flow.state.pool
    ] == pool
    assert [bp.id for bp in app.flow.state.blueprints] == cards
    second.destroy()


def test_coach_words_read_as_a_player_would_say_them():
    from blueprints3d.engine.materials import Material

    texts = [
        coach.welcome("Alex", "Computer", (Material.WOOD, Material.RECYCLED)),
        coach.take(True),
        coach.take(False),
        coach.choose_space(True),
        coach.choose_space(False),
        coach.confirm(),
        coach.discard(True, "Computer"),
        coach.discard(False, "Computer"),
        coach.fits_nowhere(True),
        coach.fits_nowhere(False),
        coach.waiting("Computer"),
    ]
    for bubbles in texts:
        for t in bubbles:
            assert not style_problems(t), (t, style_problems(t))
    # The status line says "Round 1 of 3": the welcome says the lesson is the first of those.
    from blueprints3d.engine.rules import NUM_ROUNDS, round_text

    assert f"A game has {NUM_ROUNDS} rounds; this lesson plays the first." in texts[0]
    assert str(NUM_ROUNDS) in round_text(1)


# ---- lessons at a reader's pace ----------------------------------------------------------------


@pytest.mark.parametrize("size", [(1024, 768), (1280, 720), (1920, 1080)])
def test_every_bubble_is_one_or_two_sentences_on_at_most_two_lines(tables, size):
    t = tables(*size, overlay=True)
    tut = t.app.start_tutorial()
    tut.update()
    seen = 0
    for bubbles in every_bubble():
        assert isinstance(bubbles, tuple) and bubbles, bubbles
        for b in bubbles:
            assert tut.rows(b) <= 2, (size, b)
            sentences = [x for x in re.split(r"(?<=[.!?])\s+", b.strip()) if x]
            assert 1 <= len(sentences) <= 2, b
            assert not style_problems(b), (b, style_problems(b))
            assert not re.search(r"\b(orange|green|black|clear)\b", b), (
                b
            )  # the engine's material words
            seen += 1
    assert seen > 100
    tut.destroy()


def test_the_bubbles_step_with_space_enter_or_a_click_and_the_last_one_stays(table):
    from blueprints3d.client.table.model.pointer import HeldPointer

    app = table.app
    tut = app.start_tutorial()
    tut.update()
    n = len(tut.bubbles)
    assert n > 2 and tut.at == 0 and tut.bubble == tut.bubbles[0]
    assert tut.rows(tut.bubble) <= 2 and tut.panel.textNode.get_text() == tut.bubble
    assert "1 of" in tut.title.textNode.get_text()
    app.input.key("space")  # Space: the next bubble, not a move
    assert tut.at == 1 and tut.panel.textNode.get_text() == tut.bubbles[1]
    app.input.key("enter")  # Enter too: no die is chosen meanwhile
    assert tut.at == 2 and not app.controls.keys.choosing_cell and app.flow.pending is None
    # A click on the bubble shows the next one; a click beside it does not.
    left, top, right, bottom = tut.panel_rect()
    w, h = app.size()
    mouse = lambda px, py: (px / w * 2 - 1, 1 - py / h * 2)  # noqa: E731
    app.input.pointer = HeldPointer(mouse((left + right) / 2, (top + bottom) / 2))
    app.input.press()
    app.input.release()
    assert tut.at == 3
    app.input.pointer = HeldPointer(mouse(right + 40, bottom + 40))
    app.input.press()
    app.input.release()
    assert tut.at == 3
    while tut.at < n - 1:
        app.input.key("space")
    last = tut.bubble
    assert last == tut.bubbles[-1] and not tut.bubbles_left()
    app.base.taskMgr.step()
    tut.update()
    assert tut.bubble == last  # the last one stays...
    app.input.key("enter")  # ...and Enter is the game's again: a die is chosen
    assert tut.bubble == last and app.controls.keys.choosing_cell
    tut.destroy()


def play_tutorial_round(app) -> None:
    """The lesson's round played straight through the flow (the first legal move each turn)."""
    flow = app.flow
    for _ in range(400):
        if flow.mode is Mode.ROUND_END:
            return
        if flow.mode is Mode.BOT:
            flow.run_bots()
        elif flow.mode is Mode.TURN:
            a = flow.state.legal_actions()[0]
            flow.act(a)
            if flow.pending is not None:
                assert flow.confirm().ok
        app.refresh(animate=False)
    raise AssertionError("the round did not end")


@pytest.mark.parametrize("size", [(1280, 720), (1024, 768)])
def test_the_tutorials_reveal_waits_for_space_a_click_or_next(tables, size):
    from blueprints3d.client.table.model.pointer import HeldPointer

    t = tables(*size, overlay=True)
    app = t.app
    tut = app.start_tutorial()
    play_tutorial_round(app)
    app.settle()
    rv = app.reveal
    assert rv.active and rv.index == 0
    tut.update()
    # However long it stays, a step does not go on by itself (a game's reveal does: test_reveal.py).
    for _ in range(20):
        rv.update(rv.step.duration)
        app.step()
    assert rv.index == 0 and rv.waits
    assert "click" in rv.hint.textNode.get_text()

    def read_all():
        while tut.bubbles_left():
            app.input.key("space")
            assert rv.index == index  # Space reads the bubbles before the step moves on

    index = 0
    read_all()
    app.input.key("space")  # Space: the next step
    assert rv.index == 1
    index = 1
    read_all()
    app.input.pointer = HeldPointer((0.3, -0.2))  # a click anywhere on the table
    app.input.press()
    app.input.release()
    assert rv.index == 2
    index = 2
    read_all()
    app.settle()
    labels = rv.label_rects()
    w, h = app.size()
    nxt = labels["next"]  # the Next button beside the hint, in the window
    assert nxt[0] >= 0 and nxt[2] <= w and nxt[1] >= 0 and nxt[3] <= h
    assert nxt[0] > labels["hint"][2] and (nxt[3] - nxt[1]) >= 0.8 * (
        labels["hint"][3] - labels["hint"][1]
    )
    rv.next_button["command"]()  # the Next button
    assert rv.index == 3
    # To the end: the summary, then the lesson's close, as before.
    for _ in range(200):
        if rv.at_summary:
            break
        app.input.key("space")
    assert rv.at_summary and app.screens.summary.active


def test_the_tutorial_command_opens_the_lesson_without_an_autosave():
    from blueprints3d.cli import build_parser
    from blueprints3d.client.table.model.options import options_from_args
    from blueprints3d.commands.tutorial import table_args

    args = build_parser().parse_args(["tutorial", "--size", "800x600", "--mute"])
    opts = options_from_args(table_args(args))
    assert opts.tutorial and opts.autosave is None and opts.seats is None and opts.resumed is None
    assert opts.size == (800, 600) and opts.mute
