"""The table's forgiving input, offscreen: drops over a stack's top or sides count for its space,
moves wait for the confirm (Enter, the button) and undo restores everything, the keyboard cursor
shows from the start of a turn, zoom goes toward the pointer, the close-up, the default framing at
several window shapes, and the live breakdown of the viewer's own building only."""

from __future__ import annotations

import numpy as np
import pytest
from panda3d.core import Point3

from blueprints3d.client.scene import card_model, units
from blueprints3d.client.table.model.options import AppOptions
from blueprints3d.client.table.view.cursor import CURSOR_RGBA
from blueprints3d.client.table.model.flow import Mode, SeatConfig
from blueprints3d.client.table.hud.score_panel import NB
from blueprints3d.client.table.view.marks import LEGAL_RGBA
from blueprints3d.engine import actions as A
from blueprints3d.engine.materials import Material
from blueprints3d.engine.scoring import score_building
from blueprints3d.engine.state import Phase
from blueprints3d.client.table.model.pointer import HeldPointer
from support.engine_rig import stage
from support.table_rig import drag, new_game, to_person

WIDTH, HEIGHT = 640, 360
SOLO = [SeatConfig("Ann"), SeatConfig("Bot", "easy"), SeatConfig("Cob", "easy")]


@pytest.fixture(scope="module")
def table(module_tables):
    # The pointer is the test's own: each test says where it is (client/table/model/pointer.py).
    return module_tables(WIDTH, HEIGHT, seats=SOLO, seed=1, pointer=HeldPointer())


def front_cell(flow, seat) -> int:
    """A printed space on the card's near row (the player's side: the last row)."""
    bp = flow.state.blueprints[seat]
    row = bp.rows - 1
    return next(
        row * bp.cols + c for c in range(bp.cols) if bp.heights[row * bp.cols + c] is not None
    )


def build_stack(app, cell: int, height: int) -> None:
    """Ann puts ``height`` sixes on ``cell`` over her next turns (the dice staged in the pool)."""
    flow = app.flow
    for _ in range(height):
        to_person(app)
        die = stage(flow.state, Material.STONE, 6)
        assert cell in flow.legal_cells(die)
        assert flow.place(die, cell).ok and flow.confirm().ok
    to_person(app)


def plane_only(app, seat, at) -> int | None:
    """What the old pick (the card's plane alone, at the stack's foot) would have named."""
    sv = app.view.seats[seat]
    return app.picker.cell_under(*at, sv.card, lambda x, y: card_model.cell_at(sv.blueprint, x, y))


# ---- 4. drops land where they look ----------------------------------------------------------------


def test_a_drop_on_the_top_or_the_side_of_a_stack_counts_for_that_space(table):
    app = new_game(table, SOLO, 5)
    flow, c = app.flow, app.controls
    to_person(app)
    seat = flow.viewer
    cell = front_cell(flow, seat)
    build_stack(app, cell, 3)
    assert len(flow.state.stacks[seat][cell]) == 3
    sv = app.view.seats[seat]
    x, y = card_model.cell_position(sv.blueprint, cell)
    top = units.CARD_THICKNESS + 3 * units.DIE_SIZE
    over_top = app.picker.project(Point3(x, y, top), sv.root)
    assert over_top == c.screen_of_stack_top(seat, cell)
    # The side facing the player, half way up the middle die.
    over_side = app.picker.project(
        Point3(x, y - units.DIE_SIZE / 2, top - 1.5 * units.DIE_SIZE), sv.root
    )
    assert plane_only(app, seat, over_top) != cell  # the old pick missed: it took the foot only
    die = stage(flow.state, Material.WOOD, 6)
    app.settle()
    for at in (over_top, over_side):
        assert c.press(*c.screen_of_die(die))
        c.move(*at)
        assert c.drag.hover == cell  # the highlight names the space the drop will use
        lit = app.view.marks.highlighted_cells[seat]
        assert lit[cell] != LEGAL_RGBA and lit[cell] is not None
        c.cancel_drag()
    out = drag(app, c.screen_of_die(die), over_top)
    assert out.ok and flow.pending.cell == cell
    assert flow.confirm().ok and flow.state.log[-1] == A.place(die, cell)
    assert len(flow.state.stacks[seat][cell]) == 4


def test_the_nearest_stack_wins_and_an_empty_space_is_found_by_its_print(table):
    app = new_game(table, SOLO, 5)
    flow, c = app.flow, app.controls
    to_person(app)
    seat = flow.viewer
    cell = front_cell(flow, seat)
    build_stack(app, cell, 2)
    sv = app.view.seats[seat]
    bp = sv.blueprint
    empty = [
        k
        for k in range(bp.num_cells)
        if not flow.state.stacks[seat][k] and bp.heights[k] is not None
    ]
    for k in empty:  # an empty printed space: its centre picks it, as before
        at = c.screen_of_cell(seat, k)
        assert (
            app.picker.cell_under(
                *at, sv.card, lambda x, y: card_model.cell_at(bp, x, y), columns=c.columns(seat)
            )
            == k
        )
    # The ray through the stack's top passes over nothing nearer: that stack is named.
    at = c.screen_of_stack_top(seat, cell)
    assert app.picker.column_under(*at, sv.card, c.columns(seat)) == cell


def test_a_die_that_fits_nowhere_dropped_on_a_stack_top_is_set_aside(table):
    app = new_game(table, SOLO, 5)
    flow, c = app.flow, app.controls
    to_person(app)
    seat = flow.viewer
    bp = flow.state.blueprints[seat]
    printed = [k for k in range(bp.num_cells) if bp.heights[k] is not None]
    for k in printed:  # a six on every printed space: a 1 then fits nowhere
        build_stack(app, k, 1)
    die = stage(flow.state, Material.WOOD, 1)
    app.settle()
    assert flow.fits_nowhere(die)
    top = c.screen_of_stack_top(seat, printed[0])
    assert c.press(*c.screen_of_die(die))
    c.move(*top)
    assert (
        c.drag.hover == printed[0] and app.view.marks.highlighted_cells.get(seat, {}) == {}
    )  # no space named
    out = c.release(*top)
    assert out.ok and out.tentative and flow.pending.action == A.set_aside(die)
    app.input.key("enter")
    assert flow.state.log[-1] == A.set_aside(die) and die in flow.state.set_aside[seat]


# ---- 5. undo before confirm ---------------------------------------------------------------------


def test_a_placement_waits_for_the_confirm_and_undo_puts_everything_back(table):
    app = new_game(table, SOLO, 9)
    flow, c = app.flow, app.controls
    to_person(app)
    saves = []
    app.saving.autosave = lambda: saves.append(len(flow.state.log))
    s, seat = flow.state, flow.viewer
    die = s.pool[1]
    cell = flow.legal_cells(die)[0]
    home = app.view.dice[die].get_pos(app.view.root)
    before, pool, bag = s.to_dict(), list(s.pool), list(s.bag)
    for how in ("backspace", "control-z", "button"):
        out = drag(app, c.screen_of_die(die), c.screen_of_cell(seat, cell))
        assert out.ok and out.tentative and flow.pending.action == A.place(die, cell)
        app.settle()
        # Shown on its space by the client; the engine has not moved, nothing was drawn.
        at = app.view.dice[die].get_pos(app.view.root)
        assert (at - app.view.cell_world(seat, cell, len(s.stacks[seat][cell]))).length() < 1e-3
        assert s.to_dict() == before and s.pool == pool and s.bag == bag
        assert (
            app.move_bar.shown
            and "Enter plays it, Backspace takes it back" in app.hud.prompt.getText()
        )
        assert saves == []
        mark = c.pending_mark.get_pos(app.view.root)  # white brackets over the waiting die
        assert (
            not c.pending_mark.is_hidden()
            and abs(mark.x - at.x) < 1e-3
            and abs(mark.y - at.y) < 1e-3
        )
        if how == "button":
            app.move_bar.undo.commandFunc(None)
        else:
            app.input.key(how)
        app.settle()
        assert flow.pending is None and not app.move_bar.shown and c.pending_mark.is_hidden()
        assert s.to_dict() == before and s.pool == pool and s.bag == bag
        assert (
            app.view.dice[die].get_pos(app.view.root) - home
        ).length() < 1e-3  # back in the pool
    out = drag(app, c.screen_of_die(die), c.screen_of_cell(seat, cell))
    assert out.tentative
    app.move_bar.confirm.commandFunc(None)
    assert s.log == [A.place(die, cell)] and saves == [1] and flow.pending is None


def test_grabbing_another_die_takes_the_tentative_move_back(table):
    app = new_game(table, SOLO, 9)
    flow, c = app.flow, app.controls
    to_person(app)
    s, seat = flow.state, flow.viewer
    first, second = s.pool[0], s.pool[2]
    before = s.to_dict()
    assert drag(
        app, c.screen_of_die(first), c.screen_of_cell(seat, flow.legal_cells(first)[0])
    ).tentative
    app.settle()
    assert c.press(*c.screen_of_die(second))  # changed their mind: the first move is taken back
    assert flow.pending is None and s.to_dict() == before and c.drag.die == second
    cell = c.drag.legal[0]
    c.move(*c.screen_of_cell(seat, cell))
    assert c.release(*c.screen_of_cell(seat, cell)).tentative and flow.pending.die == second
    app.input.key("enter")
    assert s.log == [A.place(second, cell)]


def test_the_two_player_discard_waits_for_the_confirm_and_undo_restores_it(table):
    app = new_game(table, [SeatConfig("Ann"), SeatConfig("Bob")], 6)
    flow, c = app.flow, app.controls
    to_person(app)
    s = flow.state
    die = s.pool[0]
    assert drag(
        app, c.screen_of_die(die), c.screen_of_cell(flow.viewer, flow.legal_cells(die)[0])
    ).tentative
    app.input.key("enter")
    assert flow.discarding()
    app.settle()
    before, pool, bag = s.to_dict(), list(s.pool), list(s.bag)
    gone = s.pool[-1]
    home = app.view.dice[gone].get_pos(app.view.root)
    assert c.press(*c.screen_of_die(gone))
    out = c.release(*c.screen_of_die(gone))
    assert out.ok and out.tentative
    app.settle()
    assert (
        app.view.dice[gone].get_z(app.view.root) > home.z + units.DIE_SIZE
    )  # lifted, on its way out
    assert (
        s.to_dict() == before and s.pool == pool and s.bag == bag and not app.screens.curtain.active
    )
    app.input.key("control-z")
    app.settle()
    assert s.to_dict() == before and s.pool == pool and s.bag == bag
    assert (app.view.dice[gone].get_pos(app.view.root) - home).length() < 1e-3
    other = s.pool[1]
    assert c.press(*c.screen_of_die(other)) and c.release(*c.screen_of_die(other)).tentative
    app.input.key("enter")
    assert other in s.discarded and gone in s.pool and app.screens.curtain.active


def test_with_confirm_off_a_drop_is_played_at_once(table):
    app = new_game(table, SOLO, 9)
    app.flow.confirm_moves = False
    flow, c = app.flow, app.controls
    to_person(app)
    die = flow.state.pool[0]
    cell = flow.legal_cells(die)[0]
    out = drag(app, c.screen_of_die(die), c.screen_of_cell(flow.viewer, cell))
    assert out.ok and not out.tentative and flow.state.log[-1] == A.place(die, cell)


# ---- 7. the keyboard cursor and Shift+= ---------------------------------------------------------


def cursor_pixels(table, at) -> int:
    """Pixels of the cursor's cyan near a screen point."""
    img = table.screenshot().astype(int)
    cx, cy = table.pixel(*at)
    r = 30
    p = img[max(cy - r, 0) : cy + r, max(cx - r, 0) : cx + r]
    want = np.array(CURSOR_RGBA[:3]) * 255
    return int((np.abs(p - want).max(axis=2) < 40).sum())


def test_the_keyboard_cursor_shows_from_the_start_of_the_turn(table):
    app = new_game(table, SOLO, 11)
    flow, c = app.flow, app.controls
    to_person(app)
    pool = flow.state.pool
    assert not c.cursor.is_hidden()
    assert CURSOR_RGBA[:3] != LEGAL_RGBA[:3]
    first = c.screen_of_die(pool[0])
    assert cursor_pixels(table, first) > 15  # drawn, before any key
    pos, _, _ = c.cursor_target()
    d0 = app.view.dice[pool[0]].get_pos(app.view.root)
    assert abs(pos.x - d0.x) < 1e-3 and abs(pos.y - d0.y) < 1e-3
    assert app.view.selected_die is None  # the brackets mark it; the selection glow waits for Enter
    app.input.key("arrow_right")  # from the 1st die, marked already, to the 2nd
    pos, _, _ = c.cursor_target()
    d1 = app.view.dice[pool[1]].get_pos(app.view.root)
    assert abs(pos.x - d1.x) < 1e-3 and c.keys.die_index == 1
    assert cursor_pixels(table, c.screen_of_die(pool[1])) > 15
    app.input.key("enter")  # choosing a space: the cursor stands on it, among the green legal glow
    assert app.view.selected_die == pool[1]
    pos, _, _ = c.cursor_target()
    cell = c.keys.cell
    want = app.view.root.get_relative_point(
        app.view.seats[flow.viewer].root,
        Point3(*card_model.cell_position(app.view.seats[flow.viewer].blueprint, cell), 0),
    )
    assert abs(pos.x - want.x) < 1e-3 and abs(pos.y - want.y) < 1e-3
    app.input.key("enter")  # tentative: no cursor while the move waits
    assert flow.pending is not None and c.cursor.is_hidden()
    app.input.key("enter")
    flow.run_bots()
    app.settle()
    if flow.mode is Mode.TURN:
        assert (
            not c.cursor.is_hidden() and c.keys.die_index == 0
        )  # the next turn starts on the 1st die


def test_shift_equals_and_plus_zoom_in(table):
    app = new_game(table, SOLO, 11)
    to_person(app)
    for key in ("shift-=", "+", "="):
        d = app.camera.goal.distance
        app.base.messenger.send(key)
        assert app.camera.goal.distance < d * 0.95, key
    d = app.camera.goal.distance
    app.base.messenger.send("-")
    assert app.camera.goal.distance > d


# ---- 3. your building: zoom toward the pointer, close-up, framing, breakdown ----------------------


def card_centre(app, seat):
    return app.picker.project(Point3(0, 0, units.CARD_THICKNESS), app.view.seats[seat].root)


def test_zoom_goes_toward_the_pointer_and_keeps_the_card_under_it(table):
    app = new_game(table, SOLO, 11)
    to_person(app)
    seat = app.flow.viewer
    app.camera.reset(snap=True)
    at = card_centre(app, seat)
    app.input.pointer.at = at
    try:
        for _ in range(8):
            app.base.messenger.send("wheel_up")
        app.camera.snap()
        now = card_centre(app, seat)
        assert abs(now[0] - at[0]) < 0.02 and abs(now[1] - at[1]) < 0.02
        assert app.camera.goal.distance < app.camera.home.distance * 0.5
        # The old zoom (toward the view's centre) would have pushed the card off the screen.
        app.camera.reset(snap=True)
        app.camera.zoom(0.9**8)
        app.camera.snap()
        old = card_centre(app, seat)
        assert old is None or abs(old[1]) > 1.0 or abs(old[1] - at[1]) > 0.3
    finally:
        app.input.pointer.at = None
        app.camera.reset(snap=True)


def test_c_toggles_a_close_up_of_your_building(table):
    app = new_game(table, SOLO, 11)
    to_person(app)
    seat = app.flow.viewer
    sv = app.view.seats[seat]
    w, h = card_model.card_size(sv.blueprint)

    def corners():
        return [
            app.picker.project(Point3(sx * w / 2, sy * h / 2, 0), sv.root)
            for sx in (-1, 1)
            for sy in (-1, 1)
        ]

    app.camera.snap()
    home = corners()
    app.base.messenger.send("c")
    assert app.camera.close is not None
    app.camera.snap()
    close = corners()
    assert all(p is not None and abs(p[0]) <= 1 and abs(p[1]) <= 1 for p in close)
    span = lambda ps: max(p[1] for p in ps) - min(p[1] for p in ps)
    assert span(close) > 2.5 * span(home)
    assert app.camera.goal.elevation > app.camera.home.elevation  # steeper: the rows stand apart
    app.base.messenger.send("c")
    assert app.camera.close is None and vars(app.camera.goal) == vars(app.camera.home)


def test_from_the_default_view_a_stack_behind_a_taller_one_still_shows_its_top(table):
    """Rows stand apart: with a 3-high stack in front of a 2-high one, the back one's top face is
    seen (and picked) from the default view; from the old 40-degree view the front one hid it."""
    for seed in range(30):
        app = new_game(table, SOLO, seed)
        flow = app.flow
        to_person(app)
        seat = flow.viewer
        bp = flow.state.blueprints[seat]
        pairs = [
            (r * bp.cols + c, (r - 1) * bp.cols + c)
            for r in range(1, bp.rows)
            for c in range(bp.cols)
            if bp.heights[r * bp.cols + c] is not None
            and bp.heights[(r - 1) * bp.cols + c] is not None
        ]
        if pairs:
            break
    else:
        pytest.fail("no card with two printed spaces one behind the other")
    front, back = pairs[0]
    build_stack(app, front, 3)
    build_stack(app, back, 2)
    app.camera.reset(snap=True)
    c, sv = app.controls, app.view.seats[seat]
    at = c.screen_of_stack_top(seat, back)
    assert app.picker.column_under(*at, sv.card, c.columns(seat)) == back
    home = app.camera.home
    try:
        app.camera.goal.elevation = 40.0
        app.camera.snap()
        at = c.screen_of_stack_top(seat, back)
        assert app.picker.column_under(*at, sv.card, c.columns(seat)) == front  # hidden then
    finally:
        app.camera.reset(snap=True)
    assert app.camera.home is home


@pytest.mark.parametrize("size", [(1280, 720), (1280, 400), (2560, 1440)])
def test_the_default_view_holds_your_card_tall_stacks_and_the_whole_pool(offscreen_base, size):
    from blueprints3d.client.table.offscreen import open_table

    t = open_table(
        offscreen_base, *size, AppOptions(seats=SOLO, seed=3, bot_delay=0, threaded_bots=False)
    )
    try:
        app = t.app
        to_person(app)
        seat = app.flow.viewer
        sv = app.view.seats[seat]
        w, h = card_model.card_size(sv.blueprint)
        pts = [
            (sv.root, Point3(sx * w / 2, sy * h / 2, z))
            for sx in (-1, 1)
            for sy in (-1, 1)
            for z in (0.0, units.DIE_SIZE * 4)
        ]
        r = units.DIE_SIZE / 2
        for d in app.flow.state.pool:
            node = app.view.dice[d]
            pts += [
                (node, Point3(dx, dy, dz)) for dx in (-r, r) for dy in (-r, r) for dz in (-r, r)
            ]
        for frame, p in pts:
            at = app.picker.project(p, frame)
            assert at is not None and abs(at[0]) <= 1 and abs(at[1]) <= 1, (size, p)
        assert app.camera.home.elevation >= 50
    finally:
        t.close()


def test_the_breakdown_shows_your_own_building_only(table):
    app = new_game(table, [SeatConfig("Ann"), SeatConfig("Bob")], 6)
    flow = app.flow
    rng_moves = 0
    seen = set()
    for _ in range(60):
        if flow.mode is Mode.CURTAIN:
            assert app.score_panel.get_text() == ""  # nothing of anyone's behind the curtain
            app.pass_curtain()
            continue
        if flow.mode is not Mode.TURN:
            break
        me = flow.viewer
        s = flow.state
        total = score_building(s.blueprints[me], s.building(me)).total
        shown = app.score_panel.get_text().replace(NB, " ")  # NB only keeps words together
        assert shown.startswith(f"Your building: {total} points")
        if s.phase is Phase.TAKE:
            die = max(s.pool, key=lambda d: s.values[d])
            cells = flow.legal_cells(die)
            if not cells:
                break
            assert flow.place(die, cells[0]).ok
            app.refresh()
            stacks = s.building(me)
            stacks[cells[0]] = stacks[cells[0]] + [(Material(s.material(die)).value, s.values[die])]
            with_die = score_building(s.blueprints[me], stacks).total
            text = app.score_panel.get_text().replace(
                NB, " "
            )  # the words; NB only keeps them together
            assert text.startswith(f"Your building: {with_die} points (with the new die)")
            assert f"({with_die - total:+d} in all)" in text
        else:
            assert flow.discard(s.pool[0]).ok
        assert flow.confirm().ok
        rng_moves += 1
        seen.add(me)
    assert rng_moves >= 6 and seen == {0, 1}
