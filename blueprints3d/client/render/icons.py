"""The icon sheet, ``textures/icons.png`` with its index ``textures/icons.json`` (both made by
``tools/make_icons.py``): simple drawn icons, white on a transparent ground, to be tinted by
whoever shows them.

    icons.names()                 -> ("skyscraper", "geometer", ...)
    icons.prize_icon(prize)       -> the icon's name of a Prize (its ``Prize.value``)
    icons.icon(name)              -> (u0, v0, u1, v1): its corner texture coordinates in the sheet
                                     (v up from the bottom, as Panda3D's), for a card's UV range
    icons.rect(name)              -> (x, y, w, h): its pixels in the sheet, from the top left
    icons.image(name)             -> an (h, w, 4) uint8 RGBA array of it (alpha: the ink)
    icons.sheet_texture()         -> the sheet as one Texture, shared
    icons.make_card(name, size)   -> a NodePath: a square card of ``size`` showing the icon

The share card (``client/apps/share.py``) shows a building's Prizes with them; the table's HUD
can show the same ones with ``make_card`` (or ``OnscreenImage`` over ``sheet_texture`` with the
UV range of ``icon``).
"""

from __future__ import annotations

import json
from functools import lru_cache

import numpy as np
from panda3d.core import CardMaker, NodePath, Texture, TransparencyAttrib

from blueprints3d.client.render import assets
from blueprints3d.engine.rules import Prize

SHEET = "icons.png"
INDEX = "icons.json"


@lru_cache(maxsize=1)
def _index() -> dict:
    """The sheet's index: its size and each icon's pixel rectangle (checked against the sheet)."""
    path = assets.texture_path(INDEX)
    data = json.loads(path.read_text("utf-8"))
    if (
        data.get("format") != 1
        or data.get("sheet") != SHEET
        or not isinstance(data.get("icons"), dict)
    ):
        raise OSError(
            f"blueprints3d: {path} is no icon index of format 1 for {SHEET}: rerun tools/make_icons.py"
        )
    w, h = data["size"]
    for name, (x, y, cw, ch) in data["icons"].items():
        if not (x >= 0 and y >= 0 and x + cw <= w and y + ch <= h and cw > 0 and ch > 0):
            raise OSError(f"blueprints3d: icon {name!r} lies outside {SHEET} in {path}")
    return data


def names() -> tuple[str, ...]:
    """Every icon on the sheet, in its order."""
    return tuple(_index()["icons"])


def prize_icon(prize: Prize) -> str:
    """The name of a Prize's icon (every Prize has one)."""
    return Prize(prize).value


def rect(name: str) -> tuple[int, int, int, int]:
    """Icon ``name``'s (x, y, width, height) in the sheet's pixels, from its top left corner."""
    try:
        x, y, w, h = _index()["icons"][name]
    except KeyError:
        raise KeyError(f"no icon {name!r} on the sheet: {', '.join(names())}") from None
    return int(x), int(y), int(w), int(h)


def icon(name: str) -> tuple[float, float, float, float]:
    """Icon ``name``'s texture coordinates in the sheet: (u0, v0) its bottom left corner, (u1,
    v1) its top right, v counted up from the sheet's bottom row as Panda3D's are."""
    x, y, w, h = rect(name)
    sw, sh = _index()["size"]
    return x / sw, 1.0 - (y + h) / sh, (x + w) / sw, 1.0 - y / sh


@lru_cache(maxsize=1)
def sheet_image() -> np.ndarray:
    """The whole sheet as an (h, w, 4) uint8 RGBA array, top row first (read-only)."""
    tex = sheet_texture()
    data = np.frombuffer(bytes(tex.get_ram_image_as("RGBA")), np.uint8)
    img = data.reshape(tex.get_y_size(), tex.get_x_size(), 4)[::-1].copy()
    sw, sh = _index()["size"]
    if img.shape[:2] != (sh, sw):
        raise OSError(
            f"blueprints3d: {SHEET} is {img.shape[1]}x{img.shape[0]}, its index says {sw}x{sh}: "
            f"rerun tools/make_icons.py"
        )
    img.flags.writeable = False
    return img


def image(name: str) -> np.ndarray:
    """Icon ``name`` as an (h, w, 4) uint8 RGBA array, top row first: white, alpha the ink."""
    x, y, w, h = rect(name)
    return sheet_image()[y : y + h, x : x + w]


def alpha(name: str) -> np.ndarray:
    """Icon ``name``'s ink as an (h, w) float32 array in 0..1."""
    return image(name)[..., 3].astype(np.float32) / 255.0


def sheet_texture() -> Texture:
    """The sheet as a Texture (read once, shared), mipmapped for small sizes on screen."""
    tex = assets.load_texture(SHEET)
    tex.set_minfilter(Texture.FT_linear_mipmap_linear)
    tex.set_magfilter(Texture.FT_linear)
    return tex


def make_card(name: str, size: float = 1.0, parent: NodePath | None = None) -> NodePath:
    """A square card ``size`` across, centred on its origin in its X-Z plane (as ``aspect2d``'s
    widgets lie), showing icon ``name`` in white; tint it with ``set_color_scale``."""
    cm = CardMaker(f"icon-{name}")
    half = size / 2
    cm.set_frame(-half, half, -half, half)
    u0, v0, u1, v1 = icon(name)
    cm.set_uv_range((u0, v0), (u1, v1))
    card = NodePath(cm.generate()) if parent is None else parent.attach_new_node(cm.generate())
    card.set_texture(sheet_texture())
    card.set_transparency(TransparencyAttrib.M_alpha)
    return card
