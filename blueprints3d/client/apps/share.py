"""One picture to share (``blueprints3d render FILE --card -o share.png``): the building on the
left, and on a dark panel beside it its blueprint card's face and the score breakdown.

The card is the face the table shows, its drawing's band beside it (a deck card's baked textures
from ``textures/cards``, any other grid drawn now by ``card_model.card_face_image`` and
``drawing_face_image``); the breakdown is the viewer's
(``viewer.breakdown``: the engine's ``Score`` and ``explain_building``, every number the
engine's), drawn with Panda3D's text maker in the shipped fixed-width font so its columns line
up.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

import numpy as np
from panda3d.core import Filename, PNMImage, PNMTextMaker, Texture

from blueprints3d.client.apps.viewer import breakdown
from blueprints3d.client.render import assets
from blueprints3d.client.scene import card_model, fonts
from blueprints3d.files.buildfile import Build

BUILDING_SHARE = 0.58                  # the building's part of the picture's width
PANEL = (0.075, 0.085, 0.11)           # the panel behind the card and the words
TEXT = (0.93, 0.93, 0.88)
PAD = 0.035                            # of the picture's height, around the card and the words
CARD_SHARE = 0.46                      # the card may take this much of the picture's height
LINE = 1.25                            # line pitch, in the font's pixel size
ADVANCE = 0.602                        # DejaVu Sans Mono's advance, in its pixel size


@dataclass(frozen=True)
class Layout:
    """Where the parts of a share picture go, in pixels (x, y from the top left, w, h)."""

    building: tuple[int, int, int, int]
    card: tuple[int, int, int, int]
    text: tuple[int, int, int, int]
    font_px: float


def building_share(size: tuple[int, int]) -> tuple[int, int]:
    """The size of the building's picture within a share picture of ``size``: its left part
    (a wide or square picture), or its top part (a tall one)."""
    w, h = size
    if h > w:
        return w, max(32, round(h * BUILDING_SHARE))
    return max(32, round(w * BUILDING_SHARE)), h


def share_lines(build: Build) -> list[str]:
    """The breakdown's lines as the picture shows them (the viewer's words)."""
    return breakdown(build).splitlines()


def layout(build: Build, size: tuple[int, int]) -> Layout:
    w, h = size
    bw, bh = building_share(size)
    face_h, face_w = _face_shape(build)
    if h > w:
        # Tall: the card and the words side by side under the building.
        pad = max(2, round(PAD * w))
        top, room = bh + pad, h - bh - 2 * pad
        scale = min(0.4 * (w - 3 * pad) / face_w, room / face_h)
        cw, ch = max(1, round(face_w * scale)), max(1, round(face_h * scale))
        card = (pad, top, cw, ch)
        text = (2 * pad + cw, top, max(1, w - 3 * pad - cw), max(1, room))
    else:
        # Wide: the card over the words, beside the building.
        pad = max(2, round(PAD * h))
        pw = w - bw - 2 * pad
        scale = min(pw / face_w, CARD_SHARE * h / face_h)
        cw, ch = max(1, round(face_w * scale)), max(1, round(face_h * scale))
        card = (bw + pad + (pw - cw) // 2, pad, cw, ch)
        ty = pad + ch + pad
        text = (bw + pad, ty, pw, max(1, h - ty - pad))
    lines = share_lines(build)
    longest = max(len(s) for s in lines)
    px = min(text[3] / (len(lines) * LINE), text[2] / (longest * ADVANCE), 0.03 * max(w, h))
    # The font's real widths: narrow it until the longest line fits.
    widest = max(text_maker(px).calc_width(line) for line in lines if line)
    if widest > text[2]:
        px *= text[2] / widest * 0.98
    return Layout((0, 0, bw, bh), card, text, px)


def compose(build: Build, building: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """The share picture of ``size`` as an (h, w, 3) uint8 array, from ``building`` (the
    building's picture, of ``building_share(size)``)."""
    w, h = size
    lay = layout(build, size)
    out = PNMImage(w, h, 3)
    out.fill(*PANEL)
    out.copy_sub_image(to_pnm(building), 0, 0)
    face = _face(build)
    _, _, cw, ch = lay.card
    card = PNMImage(cw, ch, 3)
    card.gaussian_filter_from(1.0, face)
    out.copy_sub_image(card, lay.card[0], lay.card[1])
    maker = text_maker(lay.font_px)
    x, y = lay.text[0], lay.text[1]
    for k, line in enumerate(share_lines(build)):
        if line:
            maker.generate_into(line, out, x, round(y + (k + 0.8) * lay.font_px * LINE))
    return from_pnm(out)


def text_maker(pixel_size: float) -> PNMTextMaker:
    """Panda3D's text maker with the shipped fixed-width font, in ``TEXT``'s colour."""
    with resources.as_file(resources.files(fonts.__name__).joinpath(fonts.MONO_FONT)) as path:
        maker = PNMTextMaker(Filename.from_os_specific(str(path)), 0)
    if not maker.is_valid():
        raise RuntimeError(f"could not load the font {fonts.MONO_FONT}")
    maker.set_pixel_size(max(4.0, pixel_size))
    maker.set_fg((*TEXT, 1.0))
    return maker


def _face_shape(build: Build) -> tuple[int, int]:
    """(rows, columns) of pixels of the card's face with its drawing's band beside it."""
    w, l = card_model.card_size(build.blueprint)
    return round(l * card_model.PX_PER_CM), round(w * card_model.PX_PER_CM) + card_model.band_shape(build.blueprint)[1]


def _baked(name: str | None) -> PNMImage | None:
    if name is None:
        return None
    img = PNMImage()
    if not img.read(Filename.from_os_specific(str(assets.texture_path(name)))):
        return None
    if img.has_alpha():
        img.remove_alpha()
    return img


def _face(build: Build) -> PNMImage:
    """The card's printed face and, beside it, its band with the isometric drawing: the baked
    textures of a deck card, else drawn now."""
    bp = build.blueprint
    grid = _baked(card_model.baked_face_name(bp)) or to_pnm(card_model.card_face_image(bp))
    band = _baked(card_model.baked_drawing_name(bp)) or to_pnm(card_model.drawing_face_image(bp))
    face = PNMImage(grid.get_x_size() + band.get_x_size(), grid.get_y_size(), 3)
    face.copy_sub_image(grid, 0, 0)
    face.copy_sub_image(band, grid.get_x_size(), 0)
    return face


def to_pnm(img: np.ndarray) -> PNMImage:
    """An (h, w, 3) uint8 array (top row first) as a PNMImage."""
    h, w = img.shape[:2]
    tex = Texture("share-in")
    tex.setup_2d_texture(w, h, Texture.T_unsigned_byte, Texture.F_rgb)
    tex.set_ram_image(np.ascontiguousarray(img[::-1, :, ::-1]).tobytes())
    pnm = PNMImage()
    tex.store(pnm)
    return pnm


def from_pnm(pnm: PNMImage) -> np.ndarray:
    """A PNMImage as an (h, w, 3) uint8 array, top row first."""
    tex = Texture("share-out")
    tex.load(pnm)
    w, h = pnm.get_x_size(), pnm.get_y_size()
    data = np.frombuffer(bytes(tex.get_ram_image_as("RGB")), np.uint8)
    return data.reshape(h, w, 3)[::-1].copy()

