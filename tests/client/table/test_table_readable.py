"""The pool reads at a glance. From the default view at 1280x720 every pool
die's top face is at least 28 pixels across on screen, its pips stand out from its face on every
material (glass included), and the die under the pointer or the keyboard is named in large type."""

from __future__ import annotations

import os

import numpy as np
import pytest
from panda3d.core import Point3

from blueprints3d.client.scene import units
from blueprints3d.client.table.model.flow import Mode, SeatConfig
from blueprints3d.client.scene.screen_rects import overlaps
from support.table_rig import TableShelf, node_rect
from blueprints3d.engine.materials import MATERIAL_OF, Material

WIDTH, HEIGHT = 1280, 720
MIN_TOP_PX = 28
SAVE_TO = os.environ.get("BLUEPRINTS3D_SHOTS")
_LO, _MID, _HI = 0.27, 0.5, 0.73  # pip centres on a face, as tools/make_models.py lays them out


@pytest.fixture(scope="module", params=[True, False], ids=["shaders", "plain"])
def table(request, offscreen_base):
    shelf = TableShelf(offscreen_base)  # a shelf of its own: one table per parameter
    yield shelf.open(
        WIDTH,
        HEIGHT,
        shaders=request.param,
        size=(WIDTH, HEIGHT),
        seats=[SeatConfig("Ann"), SeatConfig("Bob", "easy")],
        seed=5,
    )
    shelf.close()


def start(table, players: int, seed: int):
    app = table.app
    app.start_game(
        [SeatConfig("Ann")] + [SeatConfig(f"Bot {i}", "easy") for i in range(1, players)], seed
    )
    app.flow.threaded_bots = False
    app.flow.run_bots()
    assert app.flow.mode is Mode.TURN
    app.settle()
    return app


def face_point(table, die: int, s: float, t: float) -> tuple[int, int]:
    """Pixel of the point (s, t) in [0, 1]^2 of a die's top face (which way round is the die's)."""
    view = table.app.view
    h = units.DIE_SIZE / 2
    p = view.root.get_relative_point(view.dice[die], Point3((2 * s - 1) * h, (2 * t - 1) * h, h))
    xy = table.app.picker.project(p, view.root)
    assert xy is not None, f"die {die}'s top face is off screen"
    return table.pixel(*xy)


def lum(img: np.ndarray, px: tuple[int, int], r: int = 1) -> float:
    x, y = px
    patch = img[y - r : y + r + 1, x - r : x + r + 1].reshape(-1, 3).astype(float)
    return float(np.median(patch @ np.array([0.299, 0.587, 0.114])))


@pytest.mark.parametrize("players,seed", [(2, 5), (3, 5), (4, 8)])
def test_every_pool_die_shows_a_big_top_face_with_legible_pips(table, players, seed, tmp_path):
    app = start(table, players, seed)
    img = table.screenshot()
    if SAVE_TO:
        from blueprints3d.client.render.capture import save_png

        save_png(
            img, os.path.join(SAVE_TO, f"pool-{players}-{'shaded' if app.options else ''}.png")
        )
    state = app.flow.state
    assert state.pool
    for d in state.pool:
        corners = [face_point(table, d, s, t) for s in (0, 1) for t in (0, 1)]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        across = max(xs) - min(xs)
        assert across >= MIN_TOP_PX, (players, d, across)
        assert max(ys) - min(ys) >= MIN_TOP_PX * 0.6, (
            players,
            d,
            max(ys) - min(ys),
        )  # a face, not an edge
        value = state.values[d]
        if value % 2:  # a centre pip; the face shows between the pips at the middle of each side
            pip = lum(img, face_point(table, d, _MID, _MID))
            face = float(
                np.median(
                    [
                        lum(img, face_point(table, d, *st))
                        for st in ((_MID, _LO), (_MID, _HI), (_LO, _MID), (_HI, _MID))
                    ]
                )
            )
        else:  # no centre pip: corner pips (which diagonal depends on the die's turn)
            face = lum(img, face_point(table, d, _MID, _MID))
            pip = max(
                (
                    lum(img, face_point(table, d, *st))
                    for st in ((_LO, _LO), (_LO, _HI), (_HI, _LO), (_HI, _HI))
                ),
                key=lambda v: abs(v - face),
            )
        material = Material(MATERIAL_OF[d])
        assert abs(pip - face) >= 40, (players, d, material, value, pip, face)


def label_px_height(table, label) -> float:
    """The on-screen height of a label's letters, from its bounds projected through the camera."""
    view = table.app.view
    lo, hi = label.get_tight_bounds(view.root)
    centre = (lo + hi) / 2
    a = table.app.picker.project(Point3(centre.x, centre.y, lo.z), view.root)
    b = table.app.picker.project(Point3(centre.x, centre.y, hi.z), view.root)
    return abs(table.pixel(*a)[1] - table.pixel(*b)[1])


def test_hover_and_the_keyboard_cursor_name_the_die_in_large_type(table):
    from blueprints3d.engine.materials import Material as M

    app = start(table, 3, 5)
    view, controls, pool = app.view, app.controls, app.flow.state.pool
    # At the start of a turn the keyboard cursor stands on the first pool die, unnamed: the label
    # names only a die the player pointed at or chose (at a fresh start, none). Once the keys move the cursor, its die is named.
    controls.update_cursor()
    assert view.marks.info_label.is_hidden() and view.marks.info_die is None
    assert controls.key("arrow_right") and controls.key("arrow_left")
    controls.update_cursor()
    assert not view.marks.info_label.is_hidden() and view.marks.info_die == pool[0]
    for d in (pool[0], pool[-1]):
        xy = controls.screen_of_die(d)
        controls.hover(*xy)
        controls.update_cursor()
        assert view.marks.info_die == d
        text = view.marks.info_label.node().get_text()
        assert str(app.flow.state.values[d]) in text and M(MATERIAL_OF[d]).label in text
        table.render(2)
        assert label_px_height(table, view.marks.info_label) >= 18  # large type beside the die
        # ...and beside it, not over it: a pool die's label stands just in front of it (above
        # it, it would hide the Prize cards behind the pool: tests/client/table/test_glance.py).
        label, die = node_rect(table, view.marks.info_label), node_rect(table, view.dice[d])
        assert not overlaps(label, die), (label, die)
        assert label[1] >= die[3] - 2 and die[0] <= (label[0] + label[2]) / 2 <= die[2]  # under it
    view.show_die_info(None)
    assert view.marks.info_label.is_hidden()


def test_the_pointed_space_says_the_height_printed_on_it(table):
    from blueprints3d.client.table.view.marks import HOVER_BAD_RGBA, HOVER_OK_RGBA, LEGAL_RGBA

    app = start(table, 2, 5)
    view, seat = app.view, app.flow.viewer
    bp = view.seats[seat].blueprint
    cell = next(c for c in range(bp.num_cells) if bp.heights[c] is not None)
    view.highlight_cells(seat, {cell: HOVER_OK_RGBA})
    assert not view.marks.space_label.is_hidden()
    assert view.marks.space_label.node().get_text().startswith(f"needs {bp.heights[cell]}")
    view.highlight_cells(seat, {cell: HOVER_BAD_RGBA, (cell + 1) % bp.num_cells: LEGAL_RGBA})
    assert view.marks.space_label.node().get_text().startswith(f"needs {bp.heights[cell]}")
    view.highlight_cells(seat, {cell: LEGAL_RGBA})  # only the legal glow: no space is pointed at
    assert view.marks.space_label.is_hidden()
    view.clear_highlights()
    assert view.marks.space_label.is_hidden()
