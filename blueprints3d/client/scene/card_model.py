"""Blueprint cards: a thin paper card with its grid printed on top.

The card lies on z=0 (its top face at ``units.CARD_THICKNESS``), centred on its origin, its
long axis along the rows (+Y is row 1, the far side for the seated player). Each space is an
outlined square with its height printed large; hatched spaces are filled with diagonal stripes.
Every space also has a hidden overlay (``space-<cell>``) that ``highlight.set_highlight`` shows.

Beside the grid, to the player's right, the card goes on in a band that carries the blueprint's
isometric drawing, as on the real cards: each space's target height as a stack of cubes seen
from the front-left, in thin lines, tops lightest (``drawing_ink``, ``iso_pixel``). The band is a
piece of its own (``card-drawing``, its own face texture), so the grid's card keeps its size
(``card_size``), its centre and every space where it was; ``paper_bounds`` is the whole card.

The 24 deck cards' faces are baked into ``textures/cards/`` by ``tools/bake_cards.py``; a card
of any other grid (sandbox, build files) is drawn here at run time, the same way: numpy for the
frame, the spaces and the hatching, and DejaVu Sans (``PNMTextMaker`` over the font shipped in
``client/scene/fonts``) for the heights and the title. The blank card and the space overlay are
``models/card.bam`` (``tools/make_models.py``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import numpy as np
from panda3d.core import (
    Filename,
    FreetypeFont,
    LColor,
    NodePath,
    PNMImage,
    PNMTextMaker,
    SamplerState,
    TextProperties,
    Texture,
    TransparencyAttrib,
)

from blueprints3d import resources
from blueprints3d.client.render import assets, config
from blueprints3d.client.render import highlight, materials
from blueprints3d.client.render.capture import ram_array
from blueprints3d.client.scene import fonts, units
from blueprints3d.client.scene.script_text import picture_font_path, picture_script, picture_text
from blueprints3d.engine.blueprints import Blueprint, standard_deck
from blueprints3d.i18n import language, translate

PX_PER_CM = 96  # texture resolution of the printed face
PAPER = np.array([0.95, 0.93, 0.87])  # warm off-white card stock
INK = np.array([0.11, 0.20, 0.42])  # blueprint navy
SPACE_FRACTION = 0.9  # a space's printed square, as a share of the pitch
HIGHLIGHT_LIFT = 0.012  # overlays float this far above the paper (no z-fight)
HEIGHT_CAP = 0.62 * units.CELL_PITCH  # printed height of a space's number, cm
TITLE_CAP = 0.30  # printed height of the title's capitals, cm
FRAME_INSET = 0.35  # the printed frame, this far inside the card's edge

# The isometric drawing's band, right of the grid's card: the drawing DRAW_PAD from the band's
# inner edge and DRAW_INSET from its outer edge, DRAW_VINSET from the far and near edges.
DRAW_SCALE = 0.65  # cm a cube's edge on a deck card (3 x 2 grid)
DRAW_PAD = 0.05
DRAW_INSET = 0.6
DRAW_VINSET = 1.0
DRAW_LINE = 0.026  # half-width of the drawing's lines, cm
DRAW_LINE_INK = 0.95
DRAW_TOP_INK = 0.07  # the faces' tone: tops lightest, sides shaded a little
DRAW_LEFT_INK = 0.45
DRAW_FRONT_INK = 0.24
_COS30 = math.cos(math.radians(30))
_DRAW_ROOM = PX_PER_CM * DRAW_LINE + 2.0  # px kept free inside the drawing's box: the lines' width


def card_size(blueprint: Blueprint) -> tuple[float, float]:
    """(width along x, length along y) of the grid's card in cm, centred on the card's origin:
    the one card-size rule (the drawing's band lies beside it: ``paper_bounds``)."""
    return (
        blueprint.cols * units.CELL_PITCH + 2 * units.CARD_MARGIN,
        blueprint.rows * units.CELL_PITCH + 2 * units.CARD_MARGIN,
    )


def _draw_scale(rows: int, cols: int) -> float:
    """A cube's edge in cm on a rows x cols card's drawing, when the target is low enough: the
    deck's DRAW_SCALE, a little smaller on larger grids (their drawing still gets wider)."""
    return float(np.clip(DRAW_SCALE * (5.0 / (rows + cols)) ** 0.25, 0.35, 0.8))


def drawing_width(rows: int, cols: int) -> float:
    """Width in cm of the drawing of a rows x cols card: its whole footprint at full scale, and
    room for the lines' width each side."""
    return (rows + cols) * _COS30 * _draw_scale(rows, cols) + 2 * _DRAW_ROOM / PX_PER_CM


def band_width(blueprint: Blueprint) -> float:
    """Width in cm of the band beside the grid's card that carries the drawing."""
    return DRAW_PAD + drawing_width(blueprint.rows, blueprint.cols) + DRAW_INSET


def paper_bounds(blueprint: Blueprint) -> tuple[float, float, float, float]:
    """The whole card, its drawing's band included: (x0, x1, y0, y1) from the card's origin."""
    w, l = card_size(blueprint)
    return -w / 2, w / 2 + band_width(blueprint), -l / 2, l / 2


def cell_position(blueprint: Blueprint, cell: int) -> tuple[float, float]:
    """Centre of space ``cell`` (row * cols + col) relative to the card's origin; row 0 is at +Y."""
    row, col = divmod(cell, blueprint.cols)
    x = (col - (blueprint.cols - 1) / 2.0) * units.CELL_PITCH
    y = ((blueprint.rows - 1) / 2.0 - row) * units.CELL_PITCH
    return x, y


def cell_at(blueprint: Blueprint, x: float, y: float) -> int | None:
    """The space under card-relative point (x, y), or None between spaces or off the grid."""
    col = x / units.CELL_PITCH + (blueprint.cols - 1) / 2.0
    row = (blueprint.rows - 1) / 2.0 - y / units.CELL_PITCH
    c, r = round(col), round(row)
    if not (0 <= r < blueprint.rows and 0 <= c < blueprint.cols):
        return None
    if max(abs(col - c), abs(row - r)) > SPACE_FRACTION / 2:
        return None
    return r * blueprint.cols + c


# -- the printed face -----------------------------------------------------------------------------

# The cards' typeface: DejaVu Sans, a clean sans like a printed card's (shipped beside the mono
# font in client/scene/fonts, its licence in DejaVuSans-LICENSE.txt).
CARD_FONT = "DejaVuSans.ttf"


@lru_cache(maxsize=1)
def card_font_path() -> Filename:
    """Where the cards' font lies (inside the package: no system font is read)."""
    return Filename.from_os_specific(str(resources.file_path(fonts.__name__, CARD_FONT)))


@lru_cache(maxsize=64)
def text_maker(pixel_size: float, script: str = "latin", strict: bool = False) -> PNMTextMaker:
    """The cards' font at one size, rasterised by FreeType onto images (no window needed);
    Panda3D's built-in font if it cannot be read (``strict``: a RuntimeError instead, for a
    picture that must not look otherwise). One maker per size: a maker keeps the glyphs it
    made, whatever the size. Words in Chinese or Persian take that script's font."""
    maker = PNMTextMaker(card_font_path() if script == "latin" else picture_font_path(script), 0)
    if not maker.is_valid():
        if strict:
            raise RuntimeError(f"could not load the font for {script} text")
        font = TextProperties.get_default_font()
        assert isinstance(font, FreetypeFont)  # the built-in font is a DynamicTextFont
        maker = PNMTextMaker(font)
    maker.set_pixel_size(pixel_size)
    maker.set_fg(LColor(1, 1, 1, 1))
    return maker


def _rendered_text(text: str, pixel_size: float) -> np.ndarray:
    """Ink coverage (float32 in [0, 1]) of ``text`` in the font its letters need, cropped to its
    ink (Persian: joined and in screen order, ``picture_text``)."""
    return _rendered_shaped(picture_text(text), pixel_size, picture_script(text))


@lru_cache(maxsize=256)
def _rendered_shaped(text: str, pixel_size: float, script: str) -> np.ndarray:
    maker = text_maker(pixel_size, script)
    pad = int(pixel_size // 2) + 2
    img = PNMImage(int(maker.calc_width(text)) + 2 * pad, int(1.6 * pixel_size) + 2 * pad, 1)
    maker.generate_into(text, img, pad, int(1.1 * pixel_size) + pad)
    ink = pnm_grey(img)
    rows, cols = np.nonzero(ink > 0.02)
    if rows.size == 0:
        return np.zeros((1, 1), np.float32)
    # axis=0 and int(): numpy 2.5's stubs type a bare 1-D .min() and its slices too loosely for mypy.
    top, bottom = int(rows.min(axis=0)), int(rows.max(axis=0))
    left, right = int(cols.min(axis=0)), int(cols.max(axis=0))
    return ink[top : bottom + 1, left : right + 1]


def pnm_grey(img: PNMImage) -> np.ndarray:
    """A one-channel PNMImage as float32, row 0 at the top (through a Texture's RAM image)."""
    tex = Texture()
    tex.load(img)
    data = ram_array(tex.get_ram_image(), np.uint8)
    return (data.reshape(img.get_y_size(), img.get_x_size())[::-1] / np.float32(255)).astype(
        np.float32
    )


@lru_cache(maxsize=16)
def _pixel_size(cap_px: float) -> float:
    """The font size whose digits stand ``cap_px`` pixels tall."""
    ref = 200.0
    return ref * cap_px / _rendered_text("8", ref).shape[0]


def text_ink(text: str, cap_cm: float, max_width_cm: float | None = None) -> np.ndarray:
    """``text`` as ink at the face's resolution, its digits ``cap_cm`` tall (smaller if it would
    be wider than ``max_width_cm``)."""
    ink = _rendered_text(text, _pixel_size(round(cap_cm * PX_PER_CM, 2)))
    if max_width_cm is not None and ink.shape[1] > max_width_cm * PX_PER_CM:
        return text_ink(text, cap_cm * max_width_cm * PX_PER_CM / ink.shape[1] * 0.97)
    return ink


def _paste(
    ink: np.ndarray, glyphs: np.ndarray, col: float, row: float, centred: bool = True
) -> None:
    """Lay ``glyphs`` on ``ink`` with their centre (or their left edge's middle) at (col, row)."""
    gh, gw = glyphs.shape
    c0 = int(round(col - gw / 2 if centred else col))
    r0 = int(round(row - gh / 2))
    cs, rs = max(0, -c0), max(0, -r0)
    target = ink[r0 + rs : r0 + gh, c0 + cs : c0 + gw]
    np.maximum(target, glyphs[rs : rs + target.shape[0], cs : cs + target.shape[1]], out=target)


def _stroke(dist: np.ndarray, half_width: float, aa: float) -> np.ndarray:
    return np.clip((half_width - dist) / aa + 0.5, 0.0, 1.0)


def _rounded_box_sdf(dx: np.ndarray, dy: np.ndarray, half: float, radius: float) -> np.ndarray:
    qx = np.abs(dx) - (half - radius)
    qy = np.abs(dy) - (half - radius)
    outside = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0))
    return outside + np.minimum(np.maximum(qx, qy), 0) - radius


@lru_cache(maxsize=8)
def _frame(w: int, h: int, open_side: int = 0) -> np.ndarray:
    """A thin frame just inside the edge of a w x h pixel face, like a printed border; open on
    the right (``open_side`` 1: the grid's face, its band beside it) or the left (-1: the band)."""
    px = (np.arange(w, dtype=np.float32) + 0.5) / PX_PER_CM - w / (2 * PX_PER_CM)
    py = (np.arange(h, dtype=np.float32) + 0.5) / PX_PER_CM - h / (2 * PX_PER_CM)
    half_w = w / (2 * PX_PER_CM) - FRAME_INSET
    across = np.abs(px) - half_w
    if open_side:
        across = np.where(px * open_side > 0, -np.inf, across).astype(np.float32)
    edge = np.maximum(across[None, :], (np.abs(py) - (h / (2 * PX_PER_CM) - FRAME_INSET))[:, None])
    return 0.8 * _stroke(np.abs(edge), 0.025, 1.0 / PX_PER_CM)


@lru_cache(maxsize=1)
def _space_layers() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One printed space, centred in a square of pixels, in three ink layers: its outline, a
    faint wash inside (an open space) and hatching inside (a hatched one). Every space of every
    card is these, laid on whole pixels, so a face costs little more than copying them."""
    half = SPACE_FRACTION * units.CELL_PITCH / 2
    reach = int(np.ceil((half + 0.1) * PX_PER_CM))
    d = ((np.arange(2 * reach, dtype=np.float32) + 0.5) - reach) / PX_PER_CM
    dx, dy = d[None, :], -d[:, None]
    aa = 1.0 / PX_PER_CM
    box = _rounded_box_sdf(dx, dy, half, 0.12)
    inside = np.clip(0.5 - box / aa, 0.0, 1.0)
    # Hatching: 45-degree stripes, 60% ink, so a hatched space reads dark at a glance.
    period = 0.32
    phase = np.mod((dx + dy) / period, 1.0)
    stripes = np.clip((np.abs(phase - 0.5) - 0.2) * period / aa + 0.5, 0.0, 1.0)
    return _stroke(np.abs(box), 0.045, aa), 0.07 * inside, 0.95 * stripes * inside


def card_title(blueprint: Blueprint) -> str:
    """The line printed at the card's foot: "B15  Three Pillars"; the id is left out where the
    name already says it (a custom card reads "Custom blueprint", not "custom  Custom blueprint")."""
    name = translate(blueprint.name_message)  # a deck card's name in the player's language
    if blueprint.id.lower() in blueprint.name.lower():
        return name
    return f"{blueprint.id}  {name}"


# -- the isometric drawing --------------------------------------------------------------------------
#
# Drawing space: x along the columns (col 0 at the left), y away from the player (the near row at
# 0), z up, one unit a cube. Seen from the front-left (looking along +x +y -z), the drawing's
# right is (x - y) cos 30 and its up z + (x + y) / 2: an isometric view, the near-left corner
# lowest. A space is the square [col, col + 1] x [y, y + 1] with y = rows - 1 - row.


def _targets(
    blueprint: Blueprint, target: Sequence[int | None] | None
) -> list[tuple[int, int, int]]:
    """(col, y, height) of every space with a target height (hatched and unprinted: none)."""
    heights = blueprint.heights if target is None else tuple(target)
    out = []
    for cell, height in enumerate(heights):
        if height:
            row, col = divmod(cell, blueprint.cols)
            out.append((col, blueprint.rows - 1 - row, int(height)))
    return out


def band_shape(blueprint: Blueprint) -> tuple[int, int]:
    """(rows, columns) of pixels of the band's face (``drawing_face_ink``)."""
    return (
        int(round(card_size(blueprint)[1] * PX_PER_CM)),
        int(round(band_width(blueprint) * PX_PER_CM)),
    )


def drawing_band(blueprint: Blueprint) -> tuple[int, int, int, int]:
    """The pixels of the band's face that the drawing may ink: (col0, row0, col1, row1), ends
    excluded."""
    length = card_size(blueprint)[1]
    x1 = DRAW_PAD + drawing_width(blueprint.rows, blueprint.cols)
    return (
        int(math.floor(DRAW_PAD * PX_PER_CM)),
        int(math.floor(DRAW_VINSET * PX_PER_CM)),
        int(math.ceil(x1 * PX_PER_CM)),
        int(math.ceil((length - DRAW_VINSET) * PX_PER_CM)),
    )


def _drawing_frame(
    blueprint: Blueprint, spaces: list[tuple[int, int, int]]
) -> tuple[float, float, float]:
    """(cube edge in px, column and row of the drawing space's origin): the card's whole
    footprint raised to the tallest target, centred in the band, at the card's scale or smaller
    where the target is too tall for the band. Fixed by the grid and the tallest target alone, so
    every space is drawn in its one place whatever the others hold."""
    c0, r0, c1, r1 = drawing_band(blueprint)
    room = _DRAW_ROOM - 0.5  # (the band's ends are whole pixels)
    rows, cols = blueprint.rows, blueprint.cols
    u_lo, u_hi = -rows * _COS30, cols * _COS30
    v_lo, v_hi = 0.0, (rows + cols) / 2 + max(h for _, _, h in spaces)
    scale = min(
        _draw_scale(rows, cols) * PX_PER_CM,
        (c1 - c0 - 2 * room) / (u_hi - u_lo),
        (r1 - r0 - 2 * room) / (v_hi - v_lo),
    )
    return (
        scale,
        (c0 + c1) / 2 - scale * (u_lo + u_hi) / 2,
        (r0 + r1) / 2 + scale * (v_lo + v_hi) / 2,
    )


def iso_pixel(
    blueprint: Blueprint, x: float, y: float, z: float, target: Sequence[int | None] | None = None
) -> tuple[float, float]:
    """Where the point (x, y, z) of the drawing space lies on the band's face: (column, row) in
    pixels of ``drawing_ink``, for the drawing of ``target`` (default: the card's own heights)."""
    spaces = _targets(blueprint, target)
    if not spaces:
        raise ValueError("nothing is drawn: no space has a target height")
    scale, oc, orow = _drawing_frame(blueprint, spaces)
    return oc + scale * (x - y) * _COS30, orow - scale * (z + (x + y) / 2)


def _fill(ink: np.ndarray, corners: np.ndarray, tone: float) -> None:
    """Paint the convex polygon ``corners`` ((n, 2) columns, rows) over ``ink`` in ``tone``,
    its edges anti-aliased over one pixel."""
    lo = np.maximum(np.floor(corners.min(axis=0)).astype(int) - 1, 0)
    hi = np.minimum(np.ceil(corners.max(axis=0)).astype(int) + 2, (ink.shape[1], ink.shape[0]))
    if (hi <= lo).any():
        return
    px = np.arange(lo[0], hi[0], dtype=np.float32)[None, :] + 0.5
    py = np.arange(lo[1], hi[1], dtype=np.float32)[:, None] + 0.5
    (ax, ay), (bx, by) = corners[1] - corners[0], corners[2] - corners[0]
    area = ax * by - ay * bx
    out = None
    for a, b in zip(corners, np.roll(corners, -1, axis=0), strict=True):
        ex, ey = b - a
        n = math.hypot(ex, ey)
        # Outward distance from the edge a->b (the polygon's winding tells which side is in).
        d = (ex * (py - a[1]) - ey * (px - a[0])) / n * (-1.0 if area > 0 else 1.0)
        out = d if out is None else np.maximum(out, d)
    assert out is not None  # a polygon has edges
    cover = np.clip(0.5 - out, 0.0, 1.0)
    box = ink[lo[1] : hi[1], lo[0] : hi[0]]
    box += (np.float32(tone) - box) * cover


def _line(ink: np.ndarray, a: np.ndarray, b: np.ndarray, half: float) -> None:
    """Draw the segment a-b ((column, row) in pixels), ``half`` pixels each side, in line ink."""
    lo = np.maximum(np.floor(np.minimum(a, b) - half).astype(int) - 1, 0)
    hi = np.minimum(np.ceil(np.maximum(a, b) + half).astype(int) + 2, (ink.shape[1], ink.shape[0]))
    if (hi <= lo).any():
        return
    px = np.arange(lo[0], hi[0], dtype=np.float32)[None, :] + 0.5 - a[0]
    py = np.arange(lo[1], hi[1], dtype=np.float32)[:, None] + 0.5 - a[1]
    ex, ey = b - a
    t = np.clip((px * ex + py * ey) / max(ex * ex + ey * ey, 1e-9), 0.0, 1.0)
    cover = np.clip(half + 0.5 - np.hypot(px - t * ex, py - t * ey), 0.0, 1.0)
    box = ink[lo[1] : hi[1], lo[0] : hi[0]]
    box += (np.float32(DRAW_LINE_INK) - box) * cover


def drawing_ink(blueprint: Blueprint, target: Sequence[int | None] | None = None) -> np.ndarray:
    """The isometric drawing alone as ink on a sheet the band's size (float32, zero outside
    it): each space's ``target`` height (default: the card's) a stack of cubes, seen from the
    front-left; hatched and unprinted spaces draw nothing, and neither does a card without a
    target."""
    ink = np.zeros(band_shape(blueprint), np.float32)
    spaces = _targets(blueprint, target)
    if not spaces:
        return ink
    scale, oc, orow = _drawing_frame(blueprint, spaces)

    def at(x: float, y: float, z: float) -> np.ndarray:
        return np.array([oc + scale * (x - y) * _COS30, orow - scale * (z + (x + y) / 2)])

    half = DRAW_LINE * PX_PER_CM
    # Far stacks first: a view ray crosses the spaces in increasing x + y, so a nearer stack,
    # painted later, covers exactly what it hides (and its own lines stay on top).
    for c, y, h in sorted(spaces, key=lambda s: -(s[0] + s[1])):
        near, left, right, back = at(c, y, 0), at(c, y + 1, 0), at(c + 1, y, 0), at(c + 1, y + 1, 0)
        up = np.array([0.0, -scale * h])
        _fill(ink, np.array([near + up, right + up, back + up, left + up]), DRAW_TOP_INK)
        _fill(ink, np.array([near, left, left + up, near + up]), DRAW_LEFT_INK)
        _fill(ink, np.array([near, right, right + up, near + up]), DRAW_FRONT_INK)
        edges = [
            (near + up, right + up),
            (right + up, back + up),
            (back + up, left + up),
            (left + up, near + up),
            (left, left + up),
            (near, near + up),
            (right, right + up),
            (left, near),
            (near, right),
        ]
        if scale >= 6 * half:  # the joints between cubes, where they stay apart from each other
            for k in range(1, h):
                lift = np.array([0.0, -scale * k])
                edges += [(left + lift, near + lift), (near + lift, right + lift)]
        for a, b in edges:
            _line(ink, a, b, half)
    return ink


def drawing_face_ink(
    blueprint: Blueprint, target: Sequence[int | None] | None = None
) -> np.ndarray:
    """Ink of the band's printed face: the drawing of ``target`` (default: the card's heights)
    and the card's frame going on from the grid's face (open on the left, where they meet)."""
    ink = drawing_ink(blueprint, target)
    h, w = ink.shape
    np.maximum(ink, _frame(w, h, -1), out=ink)
    return ink


def card_face_ink(blueprint: Blueprint) -> np.ndarray:
    """Ink coverage of the printed face, float32 in [0, 1], shape (h, w), row 0 = far edge (+Y);
    its frame open on the right, where the drawing's band goes on."""
    width, length = card_size(blueprint)
    w, h = int(round(width * PX_PER_CM)), int(round(length * PX_PER_CM))
    ink = _frame(w, h, 1).copy()
    outline, wash, hatch = _space_layers()
    reach = outline.shape[0] // 2
    half = SPACE_FRACTION * units.CELL_PITCH / 2
    for cell, height in enumerate(blueprint.heights):
        cx, cy = cell_position(blueprint, cell)
        col, row = (
            int(round((cx + width / 2) * PX_PER_CM)),
            int(round((length / 2 - cy) * PX_PER_CM)),
        )
        box = (slice(row - reach, row + reach), slice(col - reach, col + reach))
        # A hatched space is striped; an open one gets a faint wash and its height, large (an
        # unprinted space, on a blank grid, the wash alone).
        np.maximum(ink[box], outline, out=ink[box])
        np.maximum(ink[box], hatch if height is None else wash, out=ink[box])
        if height:
            _paste(ink, text_ink(str(height), HEIGHT_CAP, 1.6 * half), col, row)
    title = text_ink(card_title(blueprint), TITLE_CAP, width - 2 * FRAME_INSET - 0.5)
    _paste(
        ink,
        title,
        (FRAME_INSET + 0.25) * PX_PER_CM,
        h - (FRAME_INSET + 0.22 + TITLE_CAP / 2) * PX_PER_CM,
        centred=False,
    )
    return ink


# Ink coverage 0..255 -> the printed colour, as bytes.
_RAMP = np.linspace(0, 1, 256)[:, None]
_COLOURS = np.round(255 * (PAPER * (1 - _RAMP) + INK * _RAMP)).astype(np.uint8)


# The same colours as 32-bit BGRA words, the order of a Panda3D RAM image: one lookup a pixel.
_BGRA = np.concatenate([_COLOURS[:, ::-1], np.full((256, 1), 255, np.uint8)], axis=1)
_BGRA_WORDS = np.ascontiguousarray(_BGRA).view(np.uint32).ravel()


def _ink_levels(ink: np.ndarray) -> np.ndarray:
    ink *= np.float32(255)
    ink += np.float32(0.5)
    np.clip(ink, 0, 255, out=ink)
    return ink.astype(np.uint8)


def card_face_image(blueprint: Blueprint) -> np.ndarray:
    """The printed face as 8-bit RGB, shape (h, w, 3), row 0 = far edge (+Y)."""
    level = _ink_levels(card_face_ink(blueprint))
    return np.take(_COLOURS, level.ravel(), axis=0).reshape(level.shape + (3,))


def drawn_face_texture(blueprint: Blueprint) -> Texture:
    """The face of a card outside the deck as a texture, drawn now: the same picture as
    ``card_face_image``, but laid straight into an RGBA RAM image (bottom row first, BGRA), so
    an 8 x 8 custom grid costs some tens of milliseconds, not one per colour channel more."""
    level = _ink_levels(card_face_ink(blueprint))
    words = _BGRA_WORDS[level[::-1]]
    tex = Texture(f"card-{blueprint.id}")
    tex.setup_2d_texture(level.shape[1], level.shape[0], Texture.T_unsigned_byte, Texture.F_rgba)
    tex.set_ram_image(words.tobytes())
    return tex


def drawing_face_image(
    blueprint: Blueprint, target: Sequence[int | None] | None = None
) -> np.ndarray:
    """The band's printed face (``drawing_face_ink``) as 8-bit RGB, row 0 = far edge (+Y)."""
    level = _ink_levels(drawing_face_ink(blueprint, target))
    return np.take(_COLOURS, level.ravel(), axis=0).reshape(level.shape + (3,))


@lru_cache(maxsize=64)
def drawn_drawing_texture(
    blueprint: Blueprint, target: tuple[int | None, ...] | None = None
) -> Texture:
    """The band's face drawn now, for ``target`` (default: the card's heights), mipmapped."""
    level = _ink_levels(drawing_face_ink(blueprint, target))
    tex = Texture(f"card-{blueprint.id}-drawing")
    tex.setup_2d_texture(level.shape[1], level.shape[0], Texture.T_unsigned_byte, Texture.F_rgba)
    tex.set_ram_image(_BGRA_WORDS[level[::-1]].tobytes())
    return _sampled(tex)


def face_texture(rgb: np.ndarray, name: str = "card-face") -> Texture:
    """A texture of a face image from ``card_face_image`` (RAM images are bottom row first, BGR)."""
    tex = Texture(name)
    tex.setup_2d_texture(rgb.shape[1], rgb.shape[0], Texture.T_unsigned_byte, Texture.F_rgb)
    tex.set_ram_image(np.ascontiguousarray(rgb[::-1, :, ::-1]).tobytes())
    return tex


@lru_cache(maxsize=1)
def _deck() -> frozenset[Blueprint]:
    return frozenset(standard_deck())


def baked_face_name(blueprint: Blueprint) -> str | None:
    """Where the baked face of a deck card lies under ``textures/``; None for any other card
    (same id but another grid or name included: it is drawn, never mistaken for the deck's)."""
    return f"cards/{blueprint.id}.png" if blueprint in _deck() else None


def baked_drawing_name(blueprint: Blueprint) -> str | None:
    """Where the baked face of a deck card's drawing band lies under ``textures/``."""
    return f"cards/{blueprint.id}-drawing.png" if blueprint in _deck() else None


def card_texture(blueprint: Blueprint) -> Texture:
    """The face as a mipmapped texture: a deck card's baked one (its title in English), else
    drawn now, its title in the player's language (cached: a card looks the same every time)."""
    return _card_texture(blueprint, language())


def forget_card_textures() -> None:
    """Drop the cached faces (a benchmark times drawing them afresh)."""
    _card_texture.cache_clear()


@lru_cache(maxsize=64)
def _card_texture(blueprint: Blueprint, lang: str) -> Texture:
    name = baked_face_name(blueprint) if lang == "en" else None
    return _sampled(assets.load_texture(name) if name else drawn_face_texture(blueprint))


@lru_cache(maxsize=64)
def drawing_texture(blueprint: Blueprint) -> Texture:
    """The band's face (the isometric drawing) as a mipmapped texture: baked for a deck card."""
    name = baked_drawing_name(blueprint)
    return _sampled(assets.load_texture(name)) if name else drawn_drawing_texture(blueprint)


def _sampled(tex: Texture) -> Texture:
    tex.set_minfilter(SamplerState.FT_linear_mipmap_linear)
    tex.set_magfilter(SamplerState.FT_linear)
    tex.set_anisotropic_degree(config.anisotropy(8))  # none on a software GL: see config.ANISOTROPY
    tex.set_wrap_u(SamplerState.WM_clamp)
    tex.set_wrap_v(SamplerState.WM_clamp)
    return tex


# -- the card in the scene ------------------------------------------------------------------------


def make_card(blueprint: Blueprint) -> NodePath:
    """The card for ``blueprint``: paper with its printed grid, and a hidden overlay per space."""
    width, length = card_size(blueprint)
    root = NodePath(f"card-{blueprint.id}")
    root.set_tag("card", blueprint.id)
    root.set_python_tag("card_size", (width, length))
    blank = assets.load_model("card")
    paper = blank.find("card-paper").copy_to(root)
    paper.set_scale(width, length, 1.0)
    paper.flatten_light()  # the blank is 1 x 1 cm: its vertices take this card's size
    paper.set_texture(card_texture(blueprint))
    materials.apply_surface_material(paper, "paper")
    # The drawing's band: a piece of paper of its own, edge to edge with the grid's (the paper's
    # fibre is mapped by world position: one sheet to the eye).
    band = band_width(blueprint)
    drawing = blank.find("card-paper").copy_to(root)
    drawing.node().set_name("card-drawing")
    drawing.set_scale(band, length, 1.0)
    drawing.set_x((width + band) / 2)
    drawing.flatten_light()
    drawing.set_texture(drawing_texture(blueprint))
    materials.apply_surface_material(drawing, "paper")
    for cell in range(blueprint.num_cells):
        space = blank.find("space").copy_to(root)  # shares the quad's Geom
        space.node().set_name(f"space-{cell}")
        x, y = cell_position(blueprint, cell)
        space.set_pos(x, y, units.CARD_THICKNESS + HIGHLIGHT_LIFT)
        space.set_tag("cell", str(cell))
        space.set_tag(highlight.HIGHLIGHT_TAG, "1")
        space.set_transparency(TransparencyAttrib.M_alpha)
        space.set_depth_write(False)
        space.set_bin("transparent", 0)  # blended like glass, sorted with it
        space.set_light_off()
        materials.apply_overlay_material(space)
        space.hide()
    return root


# A paper patch over a space's printed height, the size of a die's foot and a little more (the
# printed square's outline stays in view round it): shown while a die stands on the space, so a
# clear die never shows the number through it (a glass 1 on a "4" must not read as 4).
COVER_SIZE = units.DIE_SIZE * 1.08
COVER_LIFT = HIGHLIGHT_LIFT * 0.5  # over the paper, under the highlight overlays


def cover_spaces(card: NodePath, cells) -> None:
    """Cover the printed height of every space in ``cells`` (dice stand there) and uncover the
    others. Glass traced to the ground (``glass.set_ground``) hides the print under its own foot
    in the shader; these patches do it for plain blending, no shaders and a screen picture."""
    want = frozenset(cells)
    if card.get_python_tag("covered") == want:
        return
    card.set_python_tag("covered", want)
    for cover in card.find_all_matches("**/cover-*"):
        cover.hide()
    for cell in want:
        cover = card.find(f"**/cover-{cell}")
        if cover.is_empty():
            made = _make_cover(card, cell)
            if made is None:
                continue
            cover = made
        cover.show()


def reprint(card: NodePath, blueprint: Blueprint) -> None:
    """The card's face again, its title in the language now spoken (the settings' Language)."""
    paper = card.find("card-paper")
    if not paper.is_empty():
        paper.set_texture(card_texture(blueprint), 1)


def _make_cover(card: NodePath, cell: int) -> NodePath | None:
    space = card.find(f"space-{cell}")
    if space.is_empty():
        return None
    # Part of the paper (hidden with it); the paper node keeps no transform (flattened).
    paper = card.find("card-paper")
    cover = assets.load_model("card").find("space").copy_to(paper if not paper.is_empty() else card)
    cover.node().set_name(f"cover-{cell}")
    pos = space.get_pos()
    cover.set_pos(pos.x, pos.y, units.CARD_THICKNESS + COVER_LIFT)
    k = COVER_SIZE / (SPACE_FRACTION * units.CELL_PITCH)  # the overlay quad is a printed square
    cover.set_scale(k, k, 1.0)
    cover.set_texture(_paper_texture(), 1)
    materials.apply_surface_material(cover, "paper")
    return cover


@lru_cache(maxsize=1)
def _paper_texture() -> Texture:
    img = PNMImage(2, 2)
    img.fill(*(float(c) for c in PAPER))
    tex = Texture("paper")
    tex.load(img)
    return tex
