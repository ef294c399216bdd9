"""Play-test findings of the table's input, offscreen: the hover label goes when the pointer
leaves the window, the camera sensitivity scales zoom steps as well as orbiting, the number keys
choose the spaces that can be built on (hatched ones skipped), and the close-up frames the card
in the part of the window the HUD leaves free."""

from __future__ import annotations

from dataclasses import replace

import pytest

from blueprints3d.client.table.model.flow import SeatConfig
from blueprints3d.client.table.model.pointer import HeldPointer
from support.table_rig import new_game, to_person

WIDTH, HEIGHT = 640, 360
SOLO = [SeatConfig("Ann"), SeatConfig("Bot", "easy"), SeatConfig("Cob", "easy")]


@pytest.fixture(scope="module")
def table(module_tables):
    # The pointer is the test's own: each test says where it is (client/table/model/pointer.py).
    return module_tables(WIDTH, HEIGHT, seats=SOLO, seed=1, pointer=HeldPointer())


def at_person(table, seed, seats=SOLO):
    """A new game, a person to move, the pointer outside the window."""
    table.app.input.pointer.at = None
    return to_person(new_game(table, seats, seed))


# ---- 1. the hover label goes with the pointer ------------------------------------------------------


def test_the_hover_label_goes_when_the_pointer_leaves_the_window(table):
    app = at_person(table, 11)
    c, view = app.controls, app.view
    die = app.flow.state.pool[2]  # not the keyboard cursor's die (the first)
    pointer = app.input.pointer
    pointer.at = c.screen_of_die(die)
    try:
        app.step()
        assert (
            view.hovered_die == die
            and view.marks.info_die == die
            and not view.marks.info_label.is_hidden()
        )
        pointer.at = None  # the mouse watcher has no mouse: the pointer left the window
        app.step()
        assert view.hovered_die is None
        assert view.marks.info_die != die  # back on the keyboard cursor's die, or hidden
    finally:
        pointer.at = None


def test_a_drag_out_of_the_window_names_no_space(table):
    app = at_person(table, 11)
    c, view, flow = app.controls, app.view, app.flow
    seat = flow.viewer
    die = next(d for d in flow.state.pool if flow.legal_cells(d))
    cell = flow.legal_cells(die)[0]
    assert c.press(*c.screen_of_die(die))
    at = c.screen_of_cell(seat, cell)
    c.move(*at)
    assert c.drag.hover == cell and not view.marks.space_label.is_hidden()
    app.input.pointer.at = None  # the pointer left the window
    try:
        app.step()
        assert c.drag.hover is None and view.marks.space_label.is_hidden()
        assert set(view.marks.highlighted_cells[seat]) == set(
            flow.legal_cells(die)
        )  # still shown legal
    finally:
        c.cancel_drag()


# ---- 7. camera sensitivity scales zoom steps ------------------------------------------------------


def test_camera_sensitivity_scales_zoom_steps(table):
    app = at_person(table, 11)
    old = app.settings
    try:
        steps = {}
        for k in (1.0, 2.0, 0.5):
            app.settings = replace(old, camera_sensitivity=k)
            app.camera.reset(snap=True)
            d = app.camera.goal.distance
            app.base.messenger.send("wheel_up")
            steps[k] = app.camera.goal.distance / d
        assert steps[1.0] == pytest.approx(0.9)
        assert steps[2.0] == pytest.approx(0.81)  # twice as sensitive: two steps' worth
        assert steps[0.5] == pytest.approx(0.9**0.5)
        app.settings = replace(old, camera_sensitivity=2.0)
        app.camera.reset(snap=True)
        d = app.camera.goal.distance
        app.base.messenger.send("-")
        assert app.camera.goal.distance / d == pytest.approx(1.21)
    finally:
        app.settings = old
        app.camera.reset(snap=True)


# ---- 3. number keys and arrows choose spaces that can be built on --------------------------------


def choose_a_die(app):
    c, flow = app.controls, app.flow
    while c.keys.choosing_cell is False:
        die = flow.state.pool[c.keys.die_index]
        if flow.legal_cells(die) and not flow.fits_nowhere(die):
            assert c.key("enter") and c.keys.choosing_cell
            return die
        c.key("arrow_right")
    raise AssertionError("no die to choose")


@pytest.mark.parametrize("seed", [1, 6, 10])  # cards with 1, 4 and 3 hatched spaces
def test_number_keys_choose_the_spaces_that_can_be_built_on(table, seed):
    from blueprints3d.client.table.controls.table_controls import NUMBER_KEYS_RULE, buildable_cells
    from blueprints3d.client.table.hud.hud import CONTROLS

    messages = []
    app = at_person(table, seed)
    c, flow = app.controls, app.flow
    c.on_message = messages.append
    try:
        bp = app.view.seats[flow.viewer].blueprint
        hatched = [k for k in range(bp.num_cells) if bp.is_hatched(k)]
        assert hatched, "the test needs a card with hatched spaces"
        open_cells = buildable_cells(bp)
        assert open_cells == [k for k in range(bp.num_cells) if k not in hatched]
        choose_a_die(app)
        n = len(open_cells)
        # The hint names the keys of this card, and says what they count, as the help does.
        assert f"or 1-{n} ({NUMBER_KEYS_RULE})" in messages[-1]
        assert any("1-9" in k and NUMBER_KEYS_RULE in v for k, v in CONTROLS)
        for i, cell in enumerate(open_cells, 1):
            assert c.key(str(i)) and c.keys.cell == cell  # the ith open space, hatched skipped
        before = c.keys.cell
        c.key(str(n + 1))  # past the card's open spaces: the cursor stays, the hint is repeated
        assert c.keys.cell == before and f"1-{n}" in messages[-1]
        # The arrows never stop on a hatched space, and every open space can be reached.
        reached = set()
        for start in open_cells:
            for arrow in ("arrow_left", "arrow_right", "arrow_up", "arrow_down"):
                c.keys.cell = start
                c.key(arrow)
                assert not bp.is_hatched(c.keys.cell), (start, arrow, c.keys.cell)
                reached.add(c.keys.cell)
        assert reached == set(open_cells)
    finally:
        c.on_message = app.hud.show_message
        c.key("escape")


# ---- 2. the close-up stays clear of the HUD --------------------------------------------------------


def hud_rects(app):
    """Every HUD text (and the move bar while shown) as (left, right, bottom, top) in the
    window's [-1, 1], from the HUD's own pixel layout."""
    from panda3d.core import Point3

    hud = app.hud
    w, h = hud.size
    kx, ky = min(w, h) / w, min(w, h) / h
    out = []
    for node in hud.texts():
        lo, hi = node.get_tight_bounds(hud.root)
        out.append((lo.x * kx, hi.x * kx, lo.z * ky, hi.z * ky))
    if app.move_bar.shown:
        pts = [
            hud.root.get_relative_point(b, Point3(x, 0, z))
            for b in (app.move_bar.confirm, app.move_bar.undo)
            for x in b.node().get_frame()[:2]
            for z in b.node().get_frame()[2:]
        ]
        out.append(
            (
                min(p.x for p in pts) * kx,
                max(p.x for p in pts) * kx,
                min(p.z for p in pts) * ky,
                max(p.z for p in pts) * ky,
            )
        )
    return out


def building_points(app, seat):
    """Points all through the card and a stack of its tallest + 1 over it (what the close-up
    frames), on screen."""
    from panda3d.core import Point3

    from blueprints3d.client.scene import card_model, units

    sv = app.view.seats[seat]
    w, h = card_model.card_size(sv.blueprint)
    tallest = max(len(st) for st in app.flow.state.stacks[seat])
    top = units.CARD_THICKNESS + units.DIE_SIZE * max(tallest + 1, 2)
    n = 12
    pts = [
        app.picker.project(Point3((i / n - 0.5) * w, (j / n - 0.5) * h, k / 4 * top), sv.root)
        for i in range(n + 1)
        for j in range(n + 1)
        for k in range(5)
    ]
    assert all(p is not None for p in pts)
    return pts


def span(pts):
    return max(p[1] for p in pts) - min(p[1] for p in pts)


@pytest.mark.parametrize("size", [(1280, 720), (1280, 400), (1920, 1080), (1024, 768)])
def test_the_close_up_frames_the_building_clear_of_the_hud(tables, size):
    t = tables(*size, seats=SOLO, seed=5)
    app = t.app
    flow = app.flow
    for _ in range(3):  # a building of a few dice, so a stack stands on the card
        to_person(app)
        assert flow._person_action(flow.state.legal_actions()[0]).ok
        assert flow.confirm().ok
    to_person(app)
    app.hud.show_message("Bob takes the recycled 5; Cob takes the wood 5")
    seat = flow.viewer
    home = building_points(app, seat)
    app.input.toggle_close_up()
    assert app.camera.close is not None
    app.camera.snap()
    card = building_points(app, seat)
    assert span(card) > 1.8 * span(home)  # still a close look
    assert all(-1 <= x <= 1 and -1 <= y <= 1 for x, y in card)
    for r in hud_rects(app):
        inside = [p for p in card if r[0] < p[0] < r[1] and r[2] < p[1] < r[3]]
        assert not inside, (size, r, inside[:3])
    # The name plate just in front of the card would stand huge over the prompt: hidden in
    # the close-up only, and only the viewer's.
    plates = [sv.name_label for sv in app.view.seats]
    app.step()
    assert [pl.is_hidden() for pl in plates] == [p == seat for p in range(len(plates))]
    app.input.toggle_close_up()  # C again: the default view, the plate back
    app.step()
    assert app.camera.close is None and not any(pl.is_hidden() for pl in plates)
