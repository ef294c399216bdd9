"""Blueprint cards: a thin paper card with its grid printed on top.

The card lies on z=0 (its top face at ``units.CARD_THICKNESS``), centred on its origin, its
long axis along the rows (+Y is row 1, the far side for the seated player). Each space is an
outlined square with its height printed large; hatched spaces are filled with diagonal stripes.
Every space also has a hidden overlay (``space-<cell>``) that ``highlight.set_highlight`` shows.

The 24 deck cards' faces are baked into ``textures/cards/`` by ``tools/bake_cards.py``; a card
of any other grid (sandbox, build files) is drawn here at run time, the same way: numpy for the
frame, the spaces and the hatching, and DejaVu Sans (``PNMTextMaker`` over the font shipped in
``client/scene/fonts``) for the heights and the title. The blank card and the space overlay are
``models/card.bam`` (``tools/make_models.py``).
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import numpy as np
from panda3d.core import (Filename, LColor, NodePath, PNMImage, PNMTextMaker, SamplerState,
                          TextProperties, Texture, TransparencyAttrib)

from blueprints3d.client.render import assets
from blueprints3d.client.render import highlight, materials
from blueprints3d.client.scene import fonts, units
from blueprints3d.engine.blueprints import Blueprint, standard_deck

PX_PER_CM = 96                              # texture resolution of the printed face
PAPER = np.array([0.95, 0.93, 0.87])        # warm off-white card stock
INK = np.array([0.11, 0.20, 0.42])          # blueprint navy
SPACE_FRACTION = 0.9                        # a space's printed square, as a share of the pitch
HIGHLIGHT_LIFT = 0.012                      # overlays float this far above the paper (no z-fight)
HEIGHT_CAP = 0.62 * units.CELL_PITCH        # printed height of a space's number, cm
TITLE_CAP = 0.30                            # printed height of the title's capitals, cm
FRAME_INSET = 0.35                          # the printed frame, this far inside the card's edge


def card_size(blueprint: Blueprint) -> tuple[float, float]:
    """(width along x, length along y) of the card in cm: the one card-size rule."""
    return (blueprint.cols * units.CELL_PITCH + 2 * units.CARD_MARGIN,
            blueprint.rows * units.CELL_PITCH + 2 * units.CARD_MARGIN)


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
    with resources.as_file(resources.files(fonts).joinpath(CARD_FONT)) as path:
        return Filename.from_os_specific(str(path))


@lru_cache(maxsize=16)
def _text_maker(pixel_size: float) -> PNMTextMaker:
    """The cards' font at one size, rasterised by FreeType onto images (no window needed);
    Panda3D's built-in font if it cannot be read. One maker per size: a maker keeps the glyphs
    it made, whatever the size."""
    maker = PNMTextMaker(card_font_path(), 0)
    if not maker.is_valid():
        maker = PNMTextMaker(TextProperties.get_default_font())
    maker.set_pixel_size(pixel_size)
    maker.set_fg(LColor(1, 1, 1, 1))
    return maker


@lru_cache(maxsize=256)
def _rendered_text(text: str, pixel_size: float) -> np.ndarray:
    """Ink coverage (float32 in [0, 1]) of ``text`` in the default font, cropped to its ink."""
    maker = _text_maker(pixel_size)
    pad = int(pixel_size // 2) + 2
    img = PNMImage(int(maker.calc_width(text)) + 2 * pad, int(1.6 * pixel_size) + 2 * pad, 1)
    maker.generate_into(text, img, pad, int(1.1 * pixel_size) + pad)
    ink = _pnm_grey(img)
    rows, cols = np.nonzero(ink > 0.02)
    if rows.size == 0:
        return np.zeros((1, 1), np.float32)
    return ink[rows.min():rows.max() + 1, cols.min():cols.max() + 1]


def _pnm_grey(img: PNMImage) -> np.ndarray:
    """A one-channel PNMImage as float32, row 0 at the top (through a Texture's RAM image)."""
    tex = Texture()
    tex.load(img)
    data = np.frombuffer(tex.get_ram_image(), np.uint8)
    return (data.reshape(img.get_y_size(), img.get_x_size())[::-1] / np.float32(255)).astype(np.float32)


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


def _paste(ink: np.ndarray, glyphs: np.ndarray, col: float, row: float, centred: bool = True) -> None:
    """Lay ``glyphs`` on ``ink`` with their centre (or their left edge's middle) at (col, row)."""
    gh, gw = glyphs.shape
    c0 = int(round(col - gw / 2 if centred else col))
    r0 = int(round(row - gh / 2))
    cs, rs = max(0, -c0), max(0, -r0)
    target = ink[r0 + rs:r0 + gh, c0 + cs:c0 + gw]
    np.maximum(target, glyphs[rs:rs + target.shape[0], cs:cs + target.shape[1]], out=target)


def _stroke(dist: np.ndarray, half_width: float, aa: float) -> np.ndarray:
    return np.clip((half_width - dist) / aa + 0.5, 0.0, 1.0)


def _rounded_box_sdf(dx: np.ndarray, dy: np.ndarray, half: float, radius: float) -> np.ndarray:
    qx = np.abs(dx) - (half - radius)
    qy = np.abs(dy) - (half - radius)
    outside = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0))
    return outside + np.minimum(np.maximum(qx, qy), 0) - radius


@lru_cache(maxsize=8)
def _frame(w: int, h: int) -> np.ndarray:
    """A thin frame just inside the edge of a w x h pixel face, like a printed border."""
    px = (np.arange(w, dtype=np.float32) + 0.5) / PX_PER_CM - w / (2 * PX_PER_CM)
    py = (np.arange(h, dtype=np.float32) + 0.5) / PX_PER_CM - h / (2 * PX_PER_CM)
    edge = np.maximum((np.abs(px) - (w / (2 * PX_PER_CM) - FRAME_INSET))[None, :],
                      (np.abs(py) - (h / (2 * PX_PER_CM) - FRAME_INSET))[:, None])
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
    if blueprint.id.lower() in blueprint.name.lower():
        return blueprint.name
    return f"{blueprint.id}  {blueprint.name}"


def card_face_ink(blueprint: Blueprint) -> np.ndarray:
    """Ink coverage of the printed face, float32 in [0, 1], shape (h, w), row 0 = far edge (+Y)."""
    width, length = card_size(blueprint)
    w, h = int(round(width * PX_PER_CM)), int(round(length * PX_PER_CM))
    ink = _frame(w, h).copy()
    outline, wash, hatch = _space_layers()
    reach = outline.shape[0] // 2
    half = SPACE_FRACTION * units.CELL_PITCH / 2
    for cell, height in enumerate(blueprint.heights):
        cx, cy = cell_position(blueprint, cell)
        col, row = int(round((cx + width / 2) * PX_PER_CM)), int(round((length / 2 - cy) * PX_PER_CM))
        box = (slice(row - reach, row + reach), slice(col - reach, col + reach))
        # A hatched space is striped; an open one gets a faint wash and its height, large.
        np.maximum(ink[box], outline, out=ink[box])
        np.maximum(ink[box], hatch if height is None else wash, out=ink[box])
        if height is not None:
            _paste(ink, text_ink(str(height), HEIGHT_CAP, 1.6 * half), col, row)
    title = text_ink(card_title(blueprint), TITLE_CAP, width - 2 * FRAME_INSET - 0.5)
    _paste(ink, title, (FRAME_INSET + 0.25) * PX_PER_CM, h - (FRAME_INSET + 0.22 + TITLE_CAP / 2) * PX_PER_CM,
           centred=False)
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


@lru_cache(maxsize=64)
def card_texture(blueprint: Blueprint) -> Texture:
    """The face as a mipmapped texture: a deck card's baked one, else drawn now (cached: a card
    looks the same every time)."""
    name = baked_face_name(blueprint)
    tex = assets.load_texture(name) if name else drawn_face_texture(blueprint)
    tex.set_minfilter(SamplerState.FT_linear_mipmap_linear)
    tex.set_magfilter(SamplerState.FT_linear)
    tex.set_anisotropic_degree(8)
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
COVER_LIFT = HIGHLIGHT_LIFT * 0.5           # over the paper, under the highlight overlays


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
            cover = _make_cover(card, cell)
            if cover is None:
                continue
        cover.show()


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
