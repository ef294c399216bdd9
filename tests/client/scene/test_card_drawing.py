"""The blueprint's isometric drawing beside the card's top-down grid (card_model.drawing_ink)."""

from __future__ import annotations

import math
from itertools import pairwise

import numpy as np
import pytest

from blueprints3d.client.scene import card_model, units
from blueprints3d.engine.blueprints import Blueprint, card_by_id, standard_deck

PX = card_model.PX_PER_CM
HALF_LINE = card_model.DRAW_LINE * PX

CUSTOM = [
    Blueprint.from_grid([[3]], check_total=False),
    Blueprint.from_grid([[1, 2, 3, 4, 5, 6, 1, 2]], check_total=False),
    Blueprint.from_grid([[2]] * 8, check_total=False),
    Blueprint.from_grid([[1, "X", 2], [3, 1, "X"], ["X", 4, 1]], check_total=False),
    Blueprint.from_grid(
        [[(r * 3 + c) % 5 + 1 if (r + c) % 7 else "X" for c in range(8)] for r in range(8)],
        check_total=False,
    ),
    Blueprint.from_grid([[99, 1], [1, 50]], check_total=False),
]
CARDS = [*standard_deck(), *CUSTOM]


def _ids(bp: Blueprint) -> str:
    return f"{bp.id}-{bp.rows}x{bp.cols}"


def _cell_xy(bp: Blueprint, cell: int) -> tuple[int, int]:
    """A space's (x, y) in the drawing space: x its column, y its row counted from the near row."""
    row, col = divmod(cell, bp.cols)
    return col, bp.rows - 1 - row


def _only(bp: Blueprint, cell: int, height: int) -> tuple[int | None, ...]:
    return tuple(height if c == cell else None for c in range(bp.num_cells))


def _silhouette(bp, target, x, y, h) -> np.ndarray:
    """The six outline corners of the stack on space (x, y), h high, in face pixels."""
    pts = [(x, y + 1, 0), (x, y, 0), (x + 1, y, 0), (x + 1, y, h), (x + 1, y + 1, h), (x, y + 1, h)]
    return np.array([card_model.iso_pixel(bp, *p, target=target) for p in pts])


def _inside(poly: np.ndarray, shape: tuple[int, int], grow: float) -> np.ndarray:
    """Pixels (centres) within ``grow`` pixels of the convex polygon ``poly``."""
    py, px = np.mgrid[0 : shape[0], 0 : shape[1]].astype(float) + 0.5
    (ax, ay), (bx, by) = poly[1] - poly[0], poly[2] - poly[0]
    area = ax * by - ay * bx
    out = np.full(shape, -np.inf)
    for a, b in zip(poly, np.roll(poly, -1, axis=0), strict=True):
        e = b - a
        d = (e[0] * (py - a[1]) - e[1] * (px - a[0])) / math.hypot(*e) * (-1 if area > 0 else 1)
        out = np.maximum(out, d)
    return out <= grow


@pytest.mark.parametrize("bp", CARDS, ids=_ids)
def test_the_drawing_inks_only_its_band_beside_the_grid(bp):
    drawing = card_model.drawing_ink(bp)
    assert drawing.shape == card_model.band_shape(bp)
    c0, r0, c1, r1 = card_model.drawing_band(bp)
    outside = drawing.copy()
    outside[r0:r1, c0:c1] = 0
    assert outside.max() == 0.0
    assert (drawing[r0:r1, c0:c1] > 0.5).sum() > 200  # the lines, at least
    # Clear of the band's frame (0.35 cm in from its edges, as on the grid's face).
    frame = int(round((card_model.FRAME_INSET + 0.05) * PX))
    assert r0 > frame and r1 < drawing.shape[0] - frame and c1 < drawing.shape[1] - frame
    # The band's face: the drawing and the frame going on from the grid's face; the grid's face
    # holds no drawing (the same with a target or none).
    face = card_model.drawing_face_ink(bp)
    bare = card_model.drawing_face_ink(bp, target=(None,) * bp.num_cells)
    changed = np.abs(face - bare) > 1e-6
    assert changed.any() and not changed[:r0].any() and not changed[r1:].any()
    assert not changed[:, :c0].any() and not changed[:, c1:].any()
    assert np.allclose(face[r0:r1, c0:c1], np.maximum(bare, drawing)[r0:r1, c0:c1])


def test_the_band_lies_beside_the_grid_and_the_spaces_stay_where_they_were():
    from blueprints3d.client.render import highlight  # noqa: F401  (the card's overlays)

    for bp in (card_by_id("B13"), CUSTOM[1], CUSTOM[4]):
        card = card_model.make_card(bp)
        w, l = card_model.card_size(bp)
        paper, band = card.find("card-paper"), card.find("card-drawing")
        lo, hi = paper.get_tight_bounds()
        blo, bhi = band.get_tight_bounds()
        # The grid's card centred on the origin as before; the band edge to edge on its right.
        assert (lo.x, hi.x, lo.y, hi.y) == pytest.approx((-w / 2, w / 2, -l / 2, l / 2), abs=1e-4)
        assert (blo.x, bhi.x, blo.y, bhi.y) == pytest.approx(
            (w / 2, w / 2 + card_model.band_width(bp), -l / 2, l / 2), abs=1e-4
        )
        assert card_model.paper_bounds(bp) == pytest.approx((lo.x, bhi.x, lo.y, hi.y), abs=1e-4)
        assert blo.z == pytest.approx(lo.z) and bhi.z == pytest.approx(hi.z)
        assert band.get_texture().get_name() == card_model.drawing_texture(bp).get_name()
        for cell in range(bp.num_cells):
            x, y = card_model.cell_position(bp, cell)
            pos = card.find(f"space-{cell}").get_pos()
            assert (pos.x, pos.y) == pytest.approx((x, y))
            assert x + units.CELL_PITCH / 2 < w / 2  # every space on the grid's card
        card.remove_node()


def test_a_taller_target_makes_a_taller_drawing():
    flat = (1, 1, 1, 1, 1, 1)
    extents = []
    for h in range(1, 8):
        heights = flat[:1] + (h,) + flat[2:]  # the far-right space, the drawing's top
        ink = card_model.drawing_ink(Blueprint("T", "tall", 3, 2, heights)) > 0.5
        rows, cols = np.nonzero(ink)
        extents.append((rows.max() - rows.min(), cols.max() - cols.min()))
    tall = [e[0] for e in extents]
    assert all(b > a + 0.5 * card_model.DRAW_SCALE * PX for a, b in pairwise(tall)), tall
    assert (
        max(e[1] for e in extents) - min(e[1] for e in extents) <= 2
    )  # as wide: the same footprint
    # A deck card's cubes are drawn large enough to read at the table (0.65 cm a side).
    for bp in standard_deck():
        scale = card_model.iso_pixel(bp, 0, 0, 0)[1] - card_model.iso_pixel(bp, 0, 0, 1)[1]
        assert scale == pytest.approx(card_model.DRAW_SCALE * PX)


@pytest.mark.parametrize(
    "bp",
    [card_by_id("B01"), CUSTOM[3], Blueprint.from_grid([[2, 1, 3, 1]] * 2, check_total=False)],
    ids=_ids,
)
def test_each_target_space_is_drawn_at_its_isometric_place(bp):
    tallest = max(h for h in bp.heights if h)
    centres = {}
    for cell in range(bp.num_cells):
        # The space alone, as tall as the card's tallest target (the drawing's frame is the card's).
        target = _only(bp, cell, tallest)
        ink = card_model.drawing_ink(bp, target=target)
        x, y = _cell_xy(bp, cell)

        def at(px, py, pz, target=target, ink=ink):
            col, row = card_model.iso_pixel(bp, px, py, pz, target=target)
            return ink[int(row), int(col)]

        assert at(x + 0.5, y + 0.5, tallest) == pytest.approx(card_model.DRAW_TOP_INK, abs=0.02)
        assert at(x, y + 0.5, 0.5) == pytest.approx(card_model.DRAW_LEFT_INK, abs=0.02)
        assert at(x + 0.5, y, 0.5) == pytest.approx(card_model.DRAW_FRONT_INK, abs=0.02)
        assert at(x, y, tallest / 2) == pytest.approx(
            card_model.DRAW_LINE_INK, abs=0.05
        )  # the near edge
        assert at(x + 1, y + 1, tallest) > 0.5  # the far corner of the top
        # All its ink in its own silhouette, and the silhouette inked.
        inside = _inside(_silhouette(bp, target, x, y, tallest), ink.shape, HALF_LINE + 1.5)
        assert ink[~inside].max() == 0.0
        assert (ink[inside] > 0.03).mean() > 0.85
        rows, cols = np.nonzero(ink)
        centres[cell] = (cols.mean(), rows.mean())
    # Seen from the front-left: the near-left space lowest, the far-right highest, the far-left
    # leftmost and the near-right rightmost (row 0 is the far row).
    near_left, near_right = (bp.rows - 1) * bp.cols, bp.num_cells - 1
    far_left, far_right = 0, bp.cols - 1
    rows = {c: r for c, (_, r) in centres.items()}
    cols = {c: k for c, (k, _) in centres.items()}
    assert max(rows, key=rows.get) == near_left and min(rows, key=rows.get) == far_right
    if bp.num_cells > 2:
        assert min(cols, key=cols.get) == far_left and max(cols, key=cols.get) == near_right
    # Neighbours one column apart: right and up by the projection of one cube edge.
    scale = card_model.iso_pixel(bp, 0, 0, 0)[1] - card_model.iso_pixel(bp, 0, 0, 1)[1]
    if bp.cols > 1:
        dc, dr = np.subtract(centres[1], centres[0])
        assert dc == pytest.approx(scale * math.cos(math.radians(30)), abs=1.5)
        assert dr == pytest.approx(-scale / 2, abs=1.5)


@pytest.mark.parametrize("bp", [*standard_deck(), CUSTOM[3], CUSTOM[1]], ids=_ids)
def test_hatched_spaces_draw_nothing(bp):
    # Every inked pixel belongs to the silhouette of a stack on a space with a target: a hatched
    # space draws neither a cube nor a tile.
    ink = card_model.drawing_ink(bp)
    covered = np.zeros(ink.shape, bool)
    for cell, h in enumerate(bp.heights):
        if h:
            covered |= _inside(
                _silhouette(bp, None, *_cell_xy(bp, cell), h), ink.shape, HALF_LINE + 1.5
            )
    assert ink[~covered].max() == 0.0
    # Given a height, a hatched space would ink pixels no target stack covers.
    for cell, h in enumerate(bp.heights):
        if h is None:
            x, y = _cell_xy(bp, cell)
            hexagon = _inside(_silhouette(bp, None, x, y, 1), ink.shape, -HALF_LINE - 1.5)
            if (hexagon & ~covered).sum() > 100:
                filled = bp.heights[:cell] + (1,) + bp.heights[cell + 1 :]
                assert (card_model.drawing_ink(bp, target=filled)[hexagon & ~covered] > 0.03).all()
    # A card with nothing but hatched spaces has no drawing at all.
    assert not card_model.drawing_ink(Blueprint("H", "hatched", 2, 2, (None,) * 4)).any()


def test_the_deck_faces_carry_their_drawing():
    # The baked band faces (textures/cards/<id>-drawing.png) hold the drawing.
    for bp in standard_deck():
        tex = card_model.drawing_texture(bp)
        assert tex.get_name() == f"cards/{bp.id}-drawing.png"
        rgb = np.frombuffer(tex.get_ram_image(), np.uint8).reshape(
            tex.get_y_size(), tex.get_x_size(), -1
        )
        rgb = rgb[::-1, :, 2::-1].astype(float)
        assert rgb.shape[:2] == card_model.band_shape(bp)
        paper, ink = card_model.PAPER * 255, card_model.INK * 255
        printed = np.clip(((paper - rgb) / (paper - ink)).mean(axis=2), 0, 1)
        want = card_model.drawing_face_ink(bp)
        assert np.abs(printed - want).max() < 0.02, bp.id
        assert (card_model.drawing_ink(bp) > 0.5).sum() > 2000, bp.id


def test_a_drawn_band_for_a_blank_grid_shows_only_the_printed_heights():
    from blueprints3d.presentation.sandbox_model import blank_grid

    for rows, cols in ((3, 2), (1, 1), (8, 8)):
        bp = blank_grid(rows, cols)  # every space unprinted
        c0, r0, c1, r1 = card_model.drawing_band(bp)

        def band(printed, bp=bp, r0=r0, r1=r1, c0=c0, c1=c1):
            tex = card_model.drawn_drawing_texture(bp, printed)
            rgb = np.frombuffer(tex.get_ram_image(), np.uint8).reshape(
                tex.get_y_size(), tex.get_x_size(), -1
            )
            return rgb[::-1][r0:r1, c0:c1].astype(int)

        blank = band((None,) * (rows * cols))
        assert (blank == blank[0, 0]).all()  # plain paper: no target, no drawing
        printed = _only(bp, 0, 3)
        drawn = band(printed)
        col, row = card_model.iso_pixel(bp, 0.5, rows - 0.5, 3, target=printed)
        assert (drawn != blank[0, 0]).any(axis=2).sum() > 500
        assert (
            drawn[int(row) - r0, int(col) - c0] != blank[0, 0]
        ).any()  # its top, where it stands


def test_the_share_picture_shows_the_card_with_its_drawing():
    from blueprints3d.client.apps import share
    from blueprints3d.files.buildfile import build_from_dict

    for blueprint in ("B13", {"grid": [[1, "X"], [2, 3]], "id": "mine", "name": "Mine"}):
        build = build_from_dict(
            {
                "format": 1,
                "blueprint": blueprint,
                "stacks": [[[], []], [[], []], [[], []]]
                if blueprint == "B13"
                else [[[], []], [[], []]],
            }
        )
        bp = build.blueprint
        face = share.from_pnm(share._face(build))
        grid_w = round(card_model.card_size(bp)[0] * PX)
        assert face.shape[:2] == share._face_shape(build)
        assert np.abs(face[:, :grid_w].astype(int) - card_model.card_face_image(bp)).max() <= 1
        assert np.abs(face[:, grid_w:].astype(int) - card_model.drawing_face_image(bp)).max() <= 1
