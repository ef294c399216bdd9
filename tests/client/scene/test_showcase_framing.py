"""Framing that always fits: ``render``'s camera (showcase.frame_build) holds the whole building,
its bounding box seen through the real lens, with a margin, from any angle and elevation, in wide,
tall and square pictures, for stacks 1 to 6 high; a 6-high tower's picture keeps off the border."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
import pytest
from panda3d.core import Point2, Point3

from blueprints3d.client.render import capture, shaders
from blueprints3d.client.scene import showcase
from blueprints3d.engine.blueprints import card_by_id
from blueprints3d.engine.materials import Material
from blueprints3d.files.buildfile import Build

W, R, S, G = (int(m) for m in (Material.WOOD, Material.RECYCLED, Material.STONE, Material.GLASS))
SIZES = {"wide": (320, 120), "tall": (120, 320), "square": (200, 200)}
ANGLES = (0.0, 35.0, 60.0, 145.0, 270.0)
ELEVATIONS = (8.0, 36.0, 70.0, 88.0)


def tower(height: int, card: str = "B13", cell: int = 1, mats=(W, G)) -> Build:
    """A stack ``height`` high on ``cell`` (B13's row 1, column 2 is open) of alternating materials."""
    bp = card_by_id(card)
    stacks = [() for _ in range(bp.num_cells)]
    stacks[cell] = tuple((mats[k % len(mats)], min(6, k + 1)) for k in range(height))
    return Build(bp, tuple(stacks))


def _film_xy(view, model) -> np.ndarray:
    """The model's real bounding box (Panda3D's tight bounds of the card and its dice, in the
    scene's axes), its eight corners through the view's lens: (8, 2), -1..1 across the
    picture. The lens's own projection matrix, so corners outside the picture tell how far."""
    root = model.get_parent()
    lo, hi = model.get_tight_bounds(root)
    mat = view.lens.get_projection_mat()
    pts = []
    for x in (lo[0], hi[0]):
        for y in (lo[1], hi[1]):
            for z in (lo[2], hi[2]):
                p = view.cam.get_relative_point(root, Point3(x, y, z))
                v = mat.xform((p[0], p[1], p[2], 1.0))
                assert v[3] > 0, "a corner is behind the camera"
                xy = (v[0] / v[3], v[1] / v[3])
                inside = Point2()
                if view.lens.project(p, inside):  # the same as the lens's own projection
                    assert abs(inside.x - xy[0]) < 1e-4 and abs(inside.y - xy[1]) < 1e-4
                pts.append(xy)
    return np.array(pts)


@pytest.fixture(scope="module")
def views(offscreen_base):
    shaders.configure(False)
    made = {
        name: capture.open_view(offscreen_base, *size, name=f"framing-{name}")
        for name, size in SIZES.items()
    }
    yield made
    for v in made.values():
        capture.close_view(offscreen_base, v)


@pytest.mark.parametrize("height", [1, 2, 3, 4, 5, 6])
def test_every_corner_of_the_building_fits_with_a_margin(views, offscreen_base, height):
    build = tower(height)
    for name, view in views.items():
        stage = showcase.make_stage(offscreen_base, view, refraction="none")
        try:
            model = showcase.build_showcase(stage.root, build)
            for angle in ANGLES:
                for elevation in ELEVATIONS:
                    showcase.frame_build(view, build, angle, elevation)
                    xy = _film_xy(view, model)
                    reach = np.abs(xy).max()
                    where = f"{height} high, {name}, angle {angle}, elevation {elevation}"
                    # Inside the picture, clear of its edge by a few percent ...
                    assert reach <= 0.95, f"{where}: a corner at {reach:.3f} of the half-picture"
                    # ... and not lost in it: the building fills it to the margin on one side.
                    assert reach >= 0.85, f"{where}: the building fills only {reach:.3f}"
                    # Centred: as much room left as right, above as below (within 5% of the picture).
                    assert abs(xy[:, 0].max() + xy[:, 0].min()) < 0.1, where
                    assert abs(xy[:, 1].max() + xy[:, 1].min()) < 0.1, where
        finally:
            stage.close()


def test_a_tall_tower_on_a_big_card_fits_at_sixty_degrees(views, offscreen_base):
    bp = card_by_id("B01")
    build = tower(6, card=bp.id, cell=bp.num_cells - 1, mats=(S, G, W))
    view = views["wide"]
    stage = showcase.make_stage(offscreen_base, view, refraction="none")
    try:
        model = showcase.build_showcase(stage.root, build)
        showcase.frame_build(view, build, 60.0, 36.0)
        assert np.abs(_film_xy(view, model)).max() <= 0.95
    finally:
        stage.close()


def test_framing_tracks_the_aspect_and_height():
    """The plain numbers: a taller stack puts the camera further back; a tall picture (its
    narrow side across) holds a tower from nearer than a wide one."""
    d = [showcase.framing(tower(h), 35.0, 36.0, 16 / 9)[1] for h in range(1, 7)]
    assert all(a < b for a, b in pairwise(d))
    assert showcase.framing(tower(6), 35.0, 36.0, 9 / 16)[1] < d[-1]


@pytest.mark.parametrize(
    "size,angle,elevation",
    [((240, 160), 60.0, 36.0), ((120, 240), 0.0, 12.0), ((200, 200), 200.0, 75.0)],
)
def test_a_six_high_tower_keeps_off_the_pictures_border(offscreen_base, size, angle, elevation):
    """In the PNG itself: on the plain background (no table), no drawn pixel touches the border,
    and the tower reaches near it (it was not just drawn small)."""
    from blueprints3d.commands.render import render_build

    img = render_build(tower(6), size, angle, True, elevation, supersample=1, table=False)
    bg = np.array([round(c * 255) for c in showcase.BACKGROUND])
    drawn = np.abs(img.astype(int) - bg).max(axis=2) > 6
    h, w = drawn.shape
    border = max(2, round(0.02 * min(w, h)))
    assert not drawn[:border].any() and not drawn[-border:].any()
    assert not drawn[:, :border].any() and not drawn[:, -border:].any()
    rows, cols = np.nonzero(drawn)
    # The margin is a few percent: the drawing spans most of the picture one way.
    assert max((rows.max() - rows.min()) / h, (cols.max() - cols.min()) / w) > 0.6
