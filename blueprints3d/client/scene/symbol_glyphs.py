"""The material symbols in text: ``glyph(material)`` is the characters that put a small die face
of the material's colour, with its symbol (``textures/die_symbols.png``), into any Panda3D text
before the material's name, while material symbols are on (``dice_model.symbols_shown``), and
nothing while they are off. The pictures are Panda3D text graphics (``\\5name\\5``), made from the
materials' colours (``materials.BASE_COLOUR``, ``PIP_COLOUR``) when first asked for.
"""

from __future__ import annotations

from functools import cache

import numpy as np
from panda3d.core import (
    CardMaker,
    NodePath,
    SamplerState,
    TextGraphic,
    TextPropertiesManager,
    Texture,
    TransparencyAttrib,
)

from blueprints3d.client.render.materials import BASE_COLOUR, PIP_COLOUR
from blueprints3d.client.scene import dice_model
from blueprints3d.engine.materials import Material

# Where a face's first symbol lies in its tile (tools/make_models.py SYMBOL_CENTRES[0]) and the
# square cut round it for the glyph, as shares of the face's side.
CENTRE = (0.5, 0.27)
HALF = 0.17
# The glyph's box in text units (1 = the line's height): a little raised, a space after it.
GLYPH_FRAME = (0.0, 1.08, -0.12, 0.72)

_registered: set[Material] = set()


def glyph(material: Material) -> str:
    """The text graphic of ``material``'s symbol and a space, or "" when symbols are off."""
    if not dice_model.symbols_shown():
        return ""
    material = Material(material)
    name = f"bp3d-symbol-{material.label}"
    if material not in _registered:
        TextPropertiesManager.get_global_ptr().set_graphic(
            name, TextGraphic(_glyph_node(material), *GLYPH_FRAME)
        )
        _registered.add(material)
    return f"\5{name}\5"


def icon_rgba(material: Material) -> np.ndarray:
    """The glyph's picture, (n, n, 4) floats in texture row order (row 0 = bottom): a rounded
    square of the material's colour (glass opaque) with its symbol in the pips' colour."""
    tile = dice_model.symbol_tile(Material(material)).astype(float) / 255.0
    size = tile.shape[0]
    n = round(2 * HALF * size)
    x0, y0 = round(CENTRE[0] * size - n / 2), round(CENTRE[1] * size - n / 2)
    mark = tile[y0 : y0 + n, x0 : x0 + n]
    face = np.array(BASE_COLOUR[material][:3])
    if material == Material.GLASS:
        face = 0.85 * face + 0.15  # clear glass on a dark panel: its tint, lighter
    pip = np.array(PIP_COLOUR[material][:3])
    rgb = face[None, None, :] * (1 - mark[..., None]) + pip[None, None, :] * mark[..., None]
    # Rounded corners: the square's distance from its inner box, against a radius of 0.2 n.
    c = (np.arange(n) + 0.5) - n / 2
    r = 0.2 * n
    dx = np.maximum(np.abs(c)[None, :] - (n / 2 - r), 0)
    dy = np.maximum(np.abs(c)[:, None] - (n / 2 - r), 0)
    alpha = np.clip(r - np.hypot(dx, dy) + 0.5, 0.0, 1.0)
    return np.dstack([rgb, alpha])


@cache
def icon_texture(material: Material) -> Texture:
    """``icon_rgba`` as a texture (the glyph's, and the help's material pictures)."""
    img = (np.clip(icon_rgba(material), 0, 1) * 255 + 0.5).astype(np.uint8)
    n = img.shape[0]
    tex = Texture(f"symbol-glyph-{Material(material).label}")
    tex.setup_2d_texture(n, n, Texture.T_unsigned_byte, Texture.F_rgba8)
    # Panda3D keeps RAM images as BGRA.
    tex.set_ram_image(np.ascontiguousarray(img[..., [2, 1, 0, 3]]).tobytes())
    tex.set_minfilter(SamplerState.FT_linear_mipmap_linear)
    tex.set_magfilter(SamplerState.FT_linear)
    tex.set_wrap_u(SamplerState.WM_clamp)
    tex.set_wrap_v(SamplerState.WM_clamp)
    return tex


def _glyph_node(material: Material) -> NodePath:
    cm = CardMaker(f"symbol-glyph-{Material(material).label}")
    left, right, bottom, top = GLYPH_FRAME
    side = top - bottom
    cm.set_frame(left, left + side, bottom, top)
    card = NodePath(cm.generate())
    card.set_texture(icon_texture(Material(material)))
    card.set_transparency(TransparencyAttrib.M_alpha)
    return card
