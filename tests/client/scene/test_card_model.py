"""Blueprint cards: layout of spaces, the printed face, and a rendered card seen from above."""

from __future__ import annotations

import numpy as np
import pytest
from panda3d.core import NodePath

from blueprints3d.client.scene import card_model, units

from blueprints3d.client.render import shaders
from blueprints3d.client.render import highlight
from blueprints3d.client.render.capture import snapshot
from blueprints3d.engine.blueprints import Blueprint, card_by_id, standard_deck
from support.render import plain_lights


def test_card_size_follows_the_grid():
    bp = card_by_id("B01")  # 3 rows x 2 cols
    w, l = card_model.card_size(bp)
    assert w == pytest.approx(2 * units.CELL_PITCH + 2 * units.CARD_MARGIN)
    assert l == pytest.approx(3 * units.CELL_PITCH + 2 * units.CARD_MARGIN)
    assert l > w  # long axis along the rows


def test_row_one_is_far_and_columns_run_left_to_right():
    bp = card_by_id("B01")
    x0, y0 = card_model.cell_position(bp, 0)  # row 1, column 1
    x1, y1 = card_model.cell_position(bp, 1)  # row 1, column 2
    x4, y4 = card_model.cell_position(bp, 4)  # row 3, column 1
    assert y0 > 0 and y0 == y1 and x1 - x0 == pytest.approx(units.CELL_PITCH)
    assert y0 - y4 == pytest.approx(2 * units.CELL_PITCH) and x4 == x0
    # The grid is centred on the card's origin.
    pts = np.array([card_model.cell_position(bp, c) for c in range(bp.num_cells)])
    assert np.allclose(pts.mean(axis=0), 0.0)


@pytest.mark.parametrize(
    "bp", [card_by_id("B01"), Blueprint.from_grid([[1, 2, 3], [4, 5, 6]], check_total=False)]
)
def test_cell_at_is_the_inverse_of_cell_position(bp):
    for cell in range(bp.num_cells):
        x, y = card_model.cell_position(bp, cell)
        assert card_model.cell_at(bp, x, y) == cell
        assert card_model.cell_at(bp, x + 0.9, y - 0.9) == cell
    assert card_model.cell_at(bp, 100.0, 0.0) is None
    x, y = card_model.cell_position(bp, 0)
    assert card_model.cell_at(bp, x + units.CELL_PITCH / 2, y) is None  # the gap between spaces


def _space_pixels(img: np.ndarray, bp: Blueprint, cell: int) -> np.ndarray:
    w, l = card_model.card_size(bp)
    x, y = card_model.cell_position(bp, cell)
    h_px, w_px = img.shape[:2]
    cx = (x + w / 2) / w * w_px
    cy = (l / 2 - y) / l * h_px
    r = 0.3 * units.CELL_PITCH / w * w_px
    return img[int(cy - r) : int(cy + r), int(cx - r) : int(cx + r)]


def test_face_image_hatched_spaces_are_dark_and_striped():
    bp = card_by_id("B13")  # X 1 / X 4 / 1 X
    img = card_model.card_face_image(bp).mean(axis=2) / 255.0
    for cell, h in enumerate(bp.heights):
        patch = _space_pixels(img, bp, cell)
        if h is None:
            assert patch.mean() < 0.65 and patch.std() > 0.25, cell
        else:
            assert patch.mean() > 0.65, cell


def _baked_face(bp: Blueprint) -> np.ndarray:
    """The face the client shows for a deck card (its baked texture), as RGB, row 0 at the top."""
    tex = card_model.card_texture(bp)
    assert tex.get_name() == f"cards/{bp.id}.png"  # loaded from textures/, not drawn
    img = np.frombuffer(tex.get_ram_image(), np.uint8).reshape(
        tex.get_y_size(), tex.get_x_size(), -1
    )
    return img[::-1, :, 2::-1]


def _ink(rgb: np.ndarray) -> np.ndarray:
    """How far each pixel is from paper towards ink, 0..1."""
    paper, ink = card_model.PAPER * 255, card_model.INK * 255
    return np.clip(((paper - rgb) / (paper - ink)).mean(axis=2), 0, 1)


def _numeral(text: str, shape: tuple[int, int]) -> np.ndarray:
    out = np.zeros(shape, np.float32)
    card_model._paste(
        out, card_model.text_ink(text, card_model.HEIGHT_CAP), shape[1] / 2, shape[0] / 2
    )
    return out > 0.5


def test_every_baked_face_prints_its_heights_readably_and_hatches_its_hatched_spaces():
    half = int(0.38 * units.CELL_PITCH * card_model.PX_PER_CM)  # inside the space's outline
    for bp in standard_deck():
        face = _baked_face(bp)
        w, l = card_model.card_size(bp)
        assert face.shape[:2] == (round(l * card_model.PX_PER_CM), round(w * card_model.PX_PER_CM))
        ink = _ink(face.astype(float))
        for cell, height in enumerate(bp.heights):
            x, y = card_model.cell_position(bp, cell)
            col, row = (
                round((x + w / 2) * card_model.PX_PER_CM),
                round((l / 2 - y) * card_model.PX_PER_CM),
            )
            dark = ink[row - half : row + half, col - half : col + half] > 0.5
            where = f"{bp.id} space {bp.cell_name(cell)}"
            if height is None:
                # Striped: a good share of ink, and many ink/paper changes along every row.
                assert 0.3 < dark.mean() < 0.8, where
                assert np.abs(np.diff(dark.astype(int), axis=1)).sum(axis=1).min() >= 6, where
                continue
            # The space holds a numeral in solid ink, and of 1..9 it is the printed height's.
            assert 0.03 < dark.mean() < 0.4, where
            overlap = {}
            for digit in range(1, 10):
                want = _numeral(str(digit), dark.shape)
                overlap[digit] = (dark & want).sum() / (dark | want).sum()
            best = max(overlap, key=overlap.get)
            assert best == height and overlap[best] > 0.8, (where, overlap)


def test_custom_grids_are_drawn_like_the_deck():
    bp = card_by_id("B06")
    custom = Blueprint(bp.id, bp.name + " (mine)", bp.rows, bp.cols, bp.heights)
    assert card_model.baked_face_name(custom) is None  # the same id is not enough to be the deck's
    drawn = card_model.card_face_image(Blueprint(bp.id, bp.name, bp.rows, bp.cols, bp.heights))
    assert np.abs(drawn.astype(int) - _baked_face(bp).astype(int)).mean() < 0.5
    wide = Blueprint.from_grid([[1, 2, 3, "X"], [12, 5, 6, 1]], check_total=False)
    img = card_model.card_face_image(wide)
    w, l = card_model.card_size(wide)
    assert img.shape == (round(l * card_model.PX_PER_CM), round(w * card_model.PX_PER_CM), 3)


def test_card_seen_from_above(offscreen_base):
    bp = card_by_id("B06")  # X 3 / 1 1 / 1 X
    scene = NodePath("card-scene")
    plain_lights(scene)
    card = card_model.make_card(bp)
    card.reparent_to(scene)
    w, l = card_model.card_size(bp)
    # Orthographic, the card filling the height of the square window.
    img = snapshot(
        offscreen_base, scene, (0, 0, 30), (0, 0, 0), ortho_size=l, background=(0.0, 0.0, 0.0)
    ).astype(float)
    lum = img.mean(axis=2)
    size = lum.shape[0]
    px = size / l  # pixels per cm

    def patch(cell):
        x, y = card_model.cell_position(bp, cell)
        cx, cy = size / 2 + x * px, size / 2 - y * px
        r = 0.3 * units.CELL_PITCH * px
        return lum[int(cy - r) : int(cy + r), int(cx - r) : int(cx + r)]

    hatched = [patch(c) for c in range(bp.num_cells) if bp.is_hatched(c)]
    plain = [patch(c) for c in range(bp.num_cells) if not bp.is_hatched(c)]
    assert max(p.mean() for p in hatched) < min(p.mean() for p in plain) - 25
    assert min(p.std() for p in hatched) > 20  # stripes, not a flat grey
    # The paper is light and the margin outside the card is the black background.
    assert lum[size // 2, int(size / 2 + (w / 2 - 0.6) * px)] > 150
    assert lum[size // 2, 2] < 10
    scene.remove_node()


@pytest.mark.parametrize("use_shaders", [False, True], ids=["plain", "shaders"])
def test_space_overlays_are_hidden_until_highlighted(offscreen_base, use_shaders):
    shaders.configure(use_shaders, offscreen_base)
    try:
        _check_space_overlay(offscreen_base)
    finally:
        shaders.configure(False)


def _check_space_overlay(offscreen_base):
    bp = card_by_id("B01")
    card = card_model.make_card(bp)
    space = card.find("space-2")
    assert not space.is_empty() and space.is_hidden() and space.get_tag("cell") == "2"
    scene = NodePath("overlay-scene")
    plain_lights(scene)
    card.reparent_to(scene)
    l = card_model.card_size(bp)[1]
    before = snapshot(offscreen_base, scene, (0, 0, 30), (0, 0, 0), ortho_size=l).astype(float)
    highlight.set_highlight(space, (0.1, 1.0, 0.2, 0.6))
    after = snapshot(offscreen_base, scene, (0, 0, 30), (0, 0, 0), ortho_size=l).astype(float)
    size = before.shape[0]
    x, y = card_model.cell_position(bp, 2)
    cy, cx = int(size / 2 - y * size / l), int(size / 2 + x * size / l)
    b, a = (
        before[cy - 3 : cy + 3, cx - 3 : cx + 3].mean(axis=(0, 1)),
        after[cy - 3 : cy + 3, cx - 3 : cx + 3].mean(axis=(0, 1)),
    )
    assert a[1] - a[0] > b[1] - b[0] + 40  # greener
    highlight.set_highlight(space, None)
    assert space.is_hidden()
    scene.remove_node()
