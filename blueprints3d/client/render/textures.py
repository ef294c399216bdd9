"""Textures the render layer owns: the generated surface textures and a 1x1 white stand-in."""

from __future__ import annotations

from functools import lru_cache, cache

from panda3d.core import PNMImage, SamplerState, StringStream, Texture

from blueprints3d.client.render import assets

# Texture file and the cm one repeat covers, per surface kind (tools/make_textures.py draws them
# to these scales: the walnut's 12 cm boards, the felt's 0.3 mm fibres, one screen board's face). "felt" is no shaded
# surface: its nap multiplies the felt's colour through the felt's own texcoords (models/table.bam);
# "cloth" likewise the bag's weave (models/bag.bam).
SURFACE_TEXTURE = {
    "paper": ("paper_fibre.png", 6.0),
    "table": ("table_walnut.png", 96.0),
    "screen": ("screen_board.png", 18.0),
    "felt": ("felt_nap.png", 8.0),
    "cloth": ("bag_cloth.png", 2.0),
}


@lru_cache(maxsize=1)
def white_texture() -> Texture:
    """A 1x1 white texture: fixed-function stages need some texture bound to combine at all,
    and unused sampler inputs of a shader need something to sample."""
    tex = Texture("white")
    tex.setup_2d_texture(1, 1, Texture.T_unsigned_byte, Texture.F_rgba)
    tex.set_ram_image(b"\xff\xff\xff\xff")
    tex.set_minfilter(SamplerState.FT_nearest)
    tex.set_magfilter(SamplerState.FT_nearest)
    return tex


@cache
def surface_texture(kind: str) -> Texture:
    """The generated texture of a surface kind (see ``SURFACE_TEXTURE``), read once."""
    name = SURFACE_TEXTURE[kind][0]
    data = assets.texture_path(name).read_bytes()
    img = PNMImage()
    if not img.read(StringStream(data), name):
        raise OSError(f"cannot read texture {name}")
    tex = Texture(kind)
    tex.load(img)
    # Bilinear within the nearest mip level: half the texel fetches of trilinear, and the
    # table's level changes are lost in its grain anyway. The felt fills most of the screen
    # and its nap is faint noise: one texel, no mip level to choose (mipmaps made the 4-player
    # table 1.12x slower on Mesa's software renderer; nearest texels cost nothing measurable).
    if kind == "felt":
        tex.set_minfilter(SamplerState.FT_nearest)
        tex.set_magfilter(SamplerState.FT_nearest)
    else:
        tex.set_minfilter(SamplerState.FT_linear_mipmap_nearest)
        tex.set_magfilter(SamplerState.FT_linear)
    # Anisotropic filtering is costly on a software renderer and the table fills the screen.
    tex.set_anisotropic_degree(1)
    tex.set_wrap_u(SamplerState.WM_repeat)
    tex.set_wrap_v(SamplerState.WM_repeat)
    return tex


def flat_texture(rgba: tuple[float, float, float, float], name: str = "flat-colour") -> Texture:
    """A 1x1 texture of one colour (e.g. a plain cloth for glass to show)."""
    tex = Texture(name)
    tex.setup_2d_texture(1, 1, Texture.T_unsigned_byte, Texture.F_rgba)
    r, g, b, a = (int(max(0.0, min(1.0, c)) * 255 + 0.5) for c in rgba)
    tex.set_ram_image(bytes((b, g, r, a)))  # BGRA in RAM
    return tex
