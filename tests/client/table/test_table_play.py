"""Whole games played through the table's own input layer, offscreen.

Every move is a press, a few drags and a release at the screen positions of the real dice and
spaces (found by projecting their 3D positions through the app's camera); then the engine state is
checked. The test only chooses WHAT to play (from the engine's legal actions); the client must turn
the pointer into exactly that action.
"""

from __future__ import annotations

import random

import pytest

from blueprints3d.client.table.controls.table_controls import buildable_cells
from blueprints3d.client.table.model.flow import Mode, SeatConfig
from blueprints3d.engine import actions as A
from blueprints3d.engine.state import Phase
from support.table_rig import drag, new_game


WIDTH, HEIGHT = 640, 360


@pytest.fixture(scope="module")
def table(module_tables):
    return module_tables(WIDTH, HEIGHT, seats=[SeatConfig("Ann"), SeatConfig("Bob")], seed=1)


def card_centre(app, seat):
    from panda3d.core import Point3

    from blueprints3d.client.scene import units

    return app.picker.project(Point3(0, 0, units.CARD_THICKNESS), app.view.seats[seat].root)


def aim(app, seat: int, cell: int, die: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where to grab the die and drop it on a space, looking as a player would: from the default
    view; if a taller stack in front hides the space, from higher up (W) until it shows."""
    c = app.controls
    for _ in range(14):
        start, end = c.screen_of_die(die), c.screen_of_cell(seat, cell)
        if start is not None and end is not None:
            return start, end
        app.base.messenger.send("w")
        app.camera.snap()
    raise AssertionError(f"space {cell} never shows with the die {die}")


def play_by_pointer(app, action: int) -> None:
    app.settle()
    flow, c = app.flow, app.controls
    k = A.decode(action)
    start = c.screen_of_die(k.die)
    assert start is not None
    if k.kind is A.Kind.DISCARD:
        assert c.press(*start)
        out = c.release(*start)
    elif k.kind is A.Kind.PLACE:
        out = drag(app, *aim(app, flow.viewer, k.cell, k.die))
    else:
        out = drag(app, start, card_centre(app, flow.viewer))
    assert out is not None and out.ok, out and out.message
    confirm(app, action)
    app.camera.reset(snap=True)


def confirm(app, action: int) -> None:
    """A move made by hand waits for the confirm: nothing applied (nothing drawn) until Enter."""
    flow = app.flow
    n = len(flow.state.log)
    assert flow.pending is not None and flow.pending.action == action
    assert app.move_bar.shown
    app.input.key("enter")
    assert flow.pending is None and len(flow.state.log) == n + 1
    assert flow.state.log[-1] == action


def run_game(app, rng: random.Random, max_steps: int = 3000) -> dict[str, int]:
    flow = app.flow
    kinds = {"place": 0, "set_aside": 0, "discard": 0, "curtain": 0}
    for _ in range(max_steps):
        if flow.mode is Mode.GAME_OVER:
            return kinds
        if flow.mode is Mode.CURTAIN:
            kinds["curtain"] += 1
            assert app.screens.curtain.active
            app.pass_curtain()
        elif flow.mode is Mode.BOT:
            flow.run_bots()
        elif flow.mode is Mode.ROUND_END:
            assert app.reveal.active and app.reveal.end is flow.round_end
            app.continue_round()
        else:
            action = rng.choice(flow.state.legal_actions())
            kinds[A.decode(action).kind.value] += 1
            play_by_pointer(app, action)
    raise AssertionError("the game did not end")


def test_two_people_play_a_whole_game_by_dragging(table):
    app = new_game(table, [SeatConfig("Ann"), SeatConfig("Bob")], 3)
    kinds = run_game(app, random.Random(3))
    assert app.flow.state.is_over and app.screens.standings.active
    assert kinds["place"] > 20 and kinds["discard"] > 20 and kinds["curtain"] > 10
    assert len(app.flow.state.log) == sum(kinds[k] for k in ("place", "set_aside", "discard"))


def test_four_seats_with_computers_play_a_whole_game(table):
    app = new_game(
        table,
        [
            SeatConfig("Ann"),
            SeatConfig("Bot", "easy"),
            SeatConfig("Cy"),
            SeatConfig("Dot", "medium"),
        ],
        12,
    )
    run_game(app, random.Random(12))
    res = app.flow.state.result()
    assert res is not None and app.screens.standings.active
    assert (
        app.view.seats[0].pile
        or app.view.seats[1].pile
        or app.view.seats[2].pile
        or app.view.seats[3].pile
    )


def _to_ann(app):
    flow = app.flow
    for _ in range(10):
        if flow.mode is Mode.CURTAIN:
            app.pass_curtain()
        elif flow.mode is Mode.BOT:
            flow.run_bots()
    assert flow.mode is Mode.TURN and flow.state.phase is Phase.TAKE
    app.settle()


def test_an_illegal_drop_returns_the_die_and_leaves_the_state_unchanged(table):
    app = new_game(
        table, [SeatConfig("Ann"), SeatConfig("Bot", "easy"), SeatConfig("Cob", "easy")], 5
    )
    _to_ann(app)
    s, seat = app.flow.state, app.flow.viewer
    hatched = [c for c, h in enumerate(s.blueprints[seat].heights) if h is None][0]
    die = s.pool[0]
    home = app.view.dice[die].get_pos(app.view.root)
    before, log = s.to_dict(), list(s.log)
    out = drag(app, app.controls.screen_of_die(die), app.controls.screen_of_cell(seat, hatched))
    assert out is not None and not out.ok and "hatched" in out.message
    assert s.to_dict() == before and s.log == log
    app.settle()
    assert (app.view.dice[die].get_pos(app.view.root) - home).length() < 1e-3  # back in the pool
    assert "hatched" in app.hud.message.getText()


def test_a_drop_off_the_card_returns_the_die_with_a_message(table):
    app = new_game(
        table, [SeatConfig("Ann"), SeatConfig("Bot", "easy"), SeatConfig("Cob", "easy")], 6
    )
    _to_ann(app)
    s = app.flow.state
    before = s.to_dict()
    die = s.pool[-1]
    out = drag(app, app.controls.screen_of_die(die), (0.95, 0.9))
    assert out is not None and not out.ok and "space of your blueprint" in out.message
    assert s.to_dict() == before


def test_dragging_lights_exactly_the_engines_legal_spaces(table):
    from blueprints3d.client.table.view.marks import HOVER_OK_RGBA, LEGAL_RGBA

    app = new_game(
        table, [SeatConfig("Ann"), SeatConfig("Bot", "easy"), SeatConfig("Cob", "easy")], 7
    )
    _to_ann(app)
    flow, c = app.flow, app.controls
    seat = flow.viewer
    die = flow.state.pool[0]
    legal = sorted(
        {
            A.decode(a).cell
            for a in flow.state.legal_actions()
            if A.decode(a).die == die and A.decode(a).kind is A.Kind.PLACE
        }
    )
    assert c.press(*c.screen_of_die(die))
    target = legal[0]
    c.move(*c.screen_of_cell(seat, target))
    lit = app.view.marks.highlighted_cells[seat]
    assert sorted(lit) == legal
    assert lit[target] == HOVER_OK_RGBA and all(lit[x] == LEGAL_RGBA for x in legal[1:])
    # The dragged die follows the pointer (with a little lag: a few frames later) and floats over
    # the space under it.
    node = app.view.dice[die]
    app.view.update(0.3)
    assert node.get_z(app.view.root) > 2.0
    c.release(*c.screen_of_cell(seat, target))
    assert app.view.marks.highlighted_cells[seat] == {}
    confirm(app, A.place(die, target))
    assert app.view.marks.highlighted_cells[seat] == {}


def test_keyboard_alone_places_a_die(table):
    app = new_game(
        table, [SeatConfig("Ann"), SeatConfig("Bot", "easy"), SeatConfig("Cob", "easy")], 9
    )
    _to_ann(app)
    flow, c = app.flow, app.controls
    c.key("arrow_right")
    c.key("arrow_right")
    die = flow.state.pool[2]
    assert c.key("enter")
    assert c.keys.choosing_cell
    cell = flow.legal_cells(die)[-1]
    # The number keys count the spaces that can be built on (hatched ones skipped).
    assert c.key(str(buildable_cells(flow.state.blueprints[flow.viewer]).index(cell) + 1))
    assert c.key("enter")
    confirm(app, A.place(die, cell))


def test_keyboard_backspace_goes_back_to_choosing_a_die(table):
    app = new_game(
        table, [SeatConfig("Ann"), SeatConfig("Bot", "easy"), SeatConfig("Cob", "easy")], 10
    )
    _to_ann(app)
    c = app.controls
    n = len(app.flow.state.log)
    c.key("enter")
    assert c.keys.choosing_cell
    c.key("backspace")
    assert not c.keys.choosing_cell
    c.key("arrow_left")
    assert c.keys.die_index == len(app.flow.state.pool) - 1  # wraps round the pool
    assert len(app.flow.state.log) == n  # nothing was played


def shown(node) -> bool:
    return node is not None and not node.is_hidden()


def test_only_the_viewers_building_is_drawn(table):
    app = new_game(table, [SeatConfig("Ann"), SeatConfig("Bob"), SeatConfig("Cy")], 13)
    flow = app.flow
    rng = random.Random(0)
    for _ in range(4):
        if flow.mode is Mode.CURTAIN:
            assert not any(shown(app.view.seats[p].card) for p in range(3))
            app.pass_curtain()
        play_by_pointer(app, rng.choice(flow.state.legal_actions()))
    app.pass_curtain()
    me = flow.viewer
    for p in range(3):
        assert shown(app.view.seats[p].card) == (p == me)
        for st in flow.state.stacks[p]:
            for d in st:
                assert app.view.dice[d].is_hidden() == (p != me)


def test_menu_and_quit_confirmation(table):
    app = new_game(table, [SeatConfig("Ann"), SeatConfig("Bot", "easy")], 2)
    app.input.escape()
    assert app.screens.menu.active
    app.screens.menu.buttons["Rules and controls"]["command"]()  # the rules: the help screen now
    assert app.screens.help.active and not app.screens.menu.active
    app.input.escape()  # back to the menu it was opened from
    assert not app.screens.help.active and app.screens.menu.active
    app.input.escape()
    assert not app.screens.help.active and not app.screens.menu.active
    quits = []
    app.quit = lambda: quits.append(1)  # do not stop the test's task manager
    app.screens.ask_to_quit()
    assert app.screens.confirm.active and not quits
    app.screens.confirm.exit()
    del app.quit


def test_new_game_screen_collects_seats_and_refuses_a_bad_seed(table):
    app = table.app
    app.show_new_game()
    scr = app.screens.new_game_screen
    assert scr.active
    scr.seed.enterText("abc")
    assert "whole number" in scr.collect()
    scr.seed.enterText("42")
    scr.rows[2][0].set("Computer (easy)")
    scr.rows[3][0].set("(empty)")
    scr.starts.set("Seat 4")
    assert "seat 4 is empty" in scr.collect()
    scr.starts.set("Seat 3")
    seats, seed, open_scores, start = scr.collect()
    assert seed == 42 and len(seats) == 3 and seats[2].bot == "easy" and start == 2
    assert seats[2].name == "Computer 3"  # the untouched "Player 3" follows the seat's kind
    scr._start()
    assert not scr.active and app.flow.state.seed == 42 and len(app.flow.seats) == 3
    assert app.flow.state.start_player == 2 and app.flow.state.current_player == 2


def test_a_die_that_fits_nowhere_is_taken_and_leaves_the_game(table):
    """Ann stacks high dice on every space, so a low die later fits nowhere: dropping it on her
    card takes it out of the game, as the rules say, with a message telling her."""
    for seed in range(40):
        app = new_game(
            table, [SeatConfig("Ann"), SeatConfig("Bot", "easy"), SeatConfig("Cob", "easy")], seed
        )
        flow = app.flow
        s = flow.state
        while flow.state.round == 1 and not flow.state.is_over:
            _to_ann(app)
            if flow.state.round != 1:
                break
            stuck = [d for d in s.pool if flow.fits_nowhere(d)]
            if stuck:
                die = stuck[0]
                c = app.controls
                assert c.press(*c.screen_of_die(die))
                assert "fits nowhere" in app.hud.message.getText()
                assert (
                    app.view.marks.highlighted_cells.get(flow.viewer, {}) == {}
                )  # no space lights up
                out = c.release(*card_centre(app, flow.viewer))
                assert out is not None and out.ok
                confirm(app, A.set_aside(die))
                assert die in s.set_aside[0] and s.log[-1] == A.set_aside(die)
                assert "fits nowhere" in app.hud.message.getText()
                return
            # Highest die on the lowest top: every space soon holds a high die.
            die = max(s.pool, key=lambda d: s.values[d])
            cells = flow.legal_cells(die)
            cell = min(cells, key=lambda c: s.tops[0][c])
            play_by_pointer(app, A.place(die, cell))
    pytest.fail("no game gave Ann a die that fits nowhere")


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(8))
def test_soak_random_tables_play_to_the_end_through_the_pointer(table, seed):
    rng = random.Random(seed)
    n = rng.choice([2, 3, 4])
    seats = [
        SeatConfig(f"P{i}")
        if rng.random() < 0.6
        else SeatConfig(f"C{i}", rng.choice(["easy", "medium"]))
        for i in range(n)
    ]
    app = new_game(table, seats, seed)
    run_game(app, rng)
    assert app.flow.state.is_over


def test_the_pool_die_under_the_pointer_glows(table):
    app = new_game(
        table, [SeatConfig("Ann"), SeatConfig("Bot", "easy"), SeatConfig("Cob", "easy")], 15
    )
    _to_ann(app)
    c = app.controls
    die = app.flow.state.pool[1]
    c.hover(*c.screen_of_die(die))
    assert app.view.hovered_die == die
    c.hover(0.98, -0.98)  # a corner of the table, far from any die
    assert app.view.hovered_die is None


def test_two_people_play_a_whole_game_with_the_keyboard_alone(table):
    """Curtain, moves, discards, round ends: every step by keys through the app's key routing."""
    app = new_game(table, [SeatConfig("Ann"), SeatConfig("Bob")], 21)
    flow = app.flow
    rng = random.Random(21)
    for _ in range(2000):
        if flow.mode is Mode.GAME_OVER:
            break
        if flow.mode in (Mode.CURTAIN, Mode.ROUND_END):
            before = flow.mode
            if before is Mode.ROUND_END:
                # The first Enter skips the round's reveal to its summary; the next goes on.
                assert app.reveal.active and not app.screens.summary.active
                app.input.key("enter")
                assert app.screens.summary.active and flow.mode is Mode.ROUND_END
            app.input.key("enter")
            assert flow.mode is not before
            continue
        action = rng.choice(flow.state.legal_actions())
        k = A.decode(action)
        for _ in range(len(flow.state.pool)):
            if flow.state.pool[app.controls.keys.die_index] == k.die:
                break
            app.input.key("arrow_right")
        n = len(flow.state.log)
        app.input.key("enter")
        if k.kind is A.Kind.PLACE:
            app.input.key(
                str(buildable_cells(flow.state.blueprints[flow.viewer]).index(k.cell) + 1)
            )
            app.input.key("enter")
        assert flow.state.log[n:] == [] and flow.pending.action == action  # waits for the confirm
        app.input.key("enter")
        assert flow.state.log[n:] == [action]
    assert flow.state.is_over and app.screens.standings.active
