"""The look of dice and surfaces, with our GLSL shaders or, without them, plain colours.

``shaders.configure(use_shaders)`` is called once at start-up, before dice are made. With
shaders, each die carries its material id and a per-die seed as shader inputs; without, a flat
colour plus the pip atlas through fixed-function texture combining.

A table scene gets the full look with, besides the dice and cards (which style themselves):
``apply_surface_material(node, "table" | "felt" | "screen")`` on the table top, its felt and the
players' screens,
``glass.set_ground(scene_root, cards)`` once the cards lie where they stay (glass then shows
them bent), and ``lighting.setup_lighting(scene_root, task_mgr=base.taskMgr, gsg=...)`` so the
shadow map is only redrawn when something moved.
"""

from __future__ import annotations

import random

from panda3d.core import (
    LMatrix4f,
    LVecBase4f,
    NodePath,
    RenderState,
    ShaderAttrib,
    TexGenAttrib,
    Texture,
    TextureStage,
    TransparencyAttrib,
)

from blueprints3d.client.render import shaders
from blueprints3d.client.render.config import REFRACTION_MASK, SHADOW_MASK
from blueprints3d.client.render.lighting import hide_from_shadows
from blueprints3d.client.render.shaders import shaders_enabled
from blueprints3d.client.render.textures import SURFACE_TEXTURE, surface_texture, white_texture
from blueprints3d.engine.materials import Material

RGBA = tuple[float, float, float, float]

# Plain colours, also the base tint of the shaded materials (linear-ish sRGB values): the one
# source of the materials' colours (the shaders, the plain path, the help's swatches and the
# material symbols' glyphs all take them from here). The rulebook's names stay (orange, green,
# black, clear), chosen to stay apart for colour-blind eyes: every pair at least 20 apart
# (CIEDE2000) in the material test scene under simulated full protanopia, deuteranopia and
# tritanopia (benchmarks/colour_blind.py, tests/client/render/test_colour_blind.py). What
# survives all three is lightness: a light, yellowish orange wood, a mid blue-green recycled,
# a near-black stone and a light glass. (Was wood 0.93, 0.50, 0.16 and recycled 0.22, 0.60,
# 0.28, which protans and deutans could hardly tell apart: CIEDE2000 4.8 and 8.5.)
BASE_COLOUR: dict[Material, RGBA] = {
    Material.WOOD: (1.0, 0.62, 0.12, 1.0),  # orange, light (the grain darkens it)
    Material.RECYCLED: (0.26, 0.63, 0.51, 1.0),  # green, towards blue-green
    Material.STONE: (0.03, 0.03, 0.035, 1.0),  # near-black
    Material.GLASS: (0.80, 0.92, 1.0, 0.55),  # pale, see-through blue-white
}
# Colour of the pits of the pips. Engraved pips are darker than the face; on near-black stone a
# darker pit cannot read, so its pips are filled with pale paint, as on real black dice.
PIP_COLOUR: dict[Material, RGBA] = {
    Material.WOOD: (0.30, 0.12, 0.03, 1.0),
    Material.RECYCLED: (0.04, 0.17, 0.12, 1.0),
    Material.STONE: (0.82, 0.82, 0.80, 1.0),
    Material.GLASS: (0.04, 0.07, 0.30, 1.0),  # deep blue paint: reads on paper and on the felt
}


def _pip_stage(material: Material) -> TextureStage:
    """A texture stage that paints the pip mask in the material's pip colour over the face."""
    stage = _PIP_STAGES.get(material)
    if stage is None:
        stage = TextureStage(f"pips-{material.label}")
        # rgb = mix(face colour, pip colour, mask): interpolate(constant, previous, texture alpha)
        stage.set_combine_rgb(
            TextureStage.CM_interpolate,
            TextureStage.CS_constant,
            TextureStage.CO_src_color,
            TextureStage.CS_previous,
            TextureStage.CO_src_color,
            TextureStage.CS_texture,
            TextureStage.CO_src_alpha,
        )
        # Alpha likewise: a pip is as opaque as its paint, even on see-through glass.
        stage.set_combine_alpha(
            TextureStage.CM_interpolate,
            TextureStage.CS_constant,
            TextureStage.CO_src_alpha,
            TextureStage.CS_previous,
            TextureStage.CO_src_alpha,
            TextureStage.CS_texture,
            TextureStage.CO_src_alpha,
        )
        stage.set_color(LVecBase4f(*PIP_COLOUR[material]))
        _PIP_STAGES[material] = stage
    return stage


_PIP_STAGES: dict[Material, TextureStage] = {}


def _jitter(rgba: RGBA, variant: int, amount: float) -> RGBA:
    rnd = random.Random(variant * 7919 + 17)
    k = 1.0 + rnd.uniform(-amount, amount)
    return (min(1.0, rgba[0] * k), min(1.0, rgba[1] * k), min(1.0, rgba[2] * k), rgba[3])


def apply_die_material(
    nodepath: NodePath, material: Material, variant: int, *, pips: Texture, size: float
) -> None:
    """Give a die (from ``dice_model.make_die``) the look of ``material``: ``pips`` is its pip
    mask atlas, ``size`` its edge length (glass needs it to trace rays through the die)."""
    material = Material(material)
    nodepath.set_python_tag("material", int(material))
    nodepath.set_tag("material", material.label)
    colour = _jitter(BASE_COLOUR[material], variant, 0.05)
    if shaders_enabled():
        _apply_die_shader(nodepath, material, variant, colour, pips, size)
        return
    nodepath.set_color(*colour)
    nodepath.set_texture(_pip_stage(material), pips)
    _set_glass_blending(nodepath, material == Material.GLASS)


def set_die_pips(nodepath: NodePath, material: Material, pips: Texture) -> None:
    """Give a die styled by ``apply_die_material`` another pip mask (the same with its
    material's symbol added, or without), on whichever path styled it."""
    if nodepath.get_shader() is not None:
        nodepath.set_shader_input("pip_atlas", pips)
    else:
        nodepath.set_texture(_pip_stage(Material(material)), pips)


def die_pips(nodepath: NodePath, material: Material) -> Texture:
    """The pip mask a die styled by ``apply_die_material`` draws now."""
    if nodepath.get_shader() is not None:
        return nodepath.get_shader_input("pip_atlas").get_texture()
    return nodepath.get_texture(_pip_stage(Material(material)))


def _set_glass_blending(nodepath: NodePath, glass: bool) -> None:
    """Glass blends over what is behind it, drawn back to front after the opaque scene."""
    if glass:
        nodepath.set_transparency(TransparencyAttrib.M_alpha)
        nodepath.set_bin("transparent", 0)
        # Depth writes stay on: each die is convex and drawn front faces only, and the bin draws
        # farther dice first, so nearer glass blends over farther glass and never the reverse.
        nodepath.set_depth_write(True)
    else:
        nodepath.clear_transparency()
        nodepath.clear_bin()


# -- highlighting -------------------------------------------------------------------------------

# -- surfaces -----------------------------------------------------------------------------------

SURFACE_KINDS = ("paper", "table", "felt", "screen")
# The felt as the renders' table looks: the dice's shadows on it soft (the filter's reach, cm;
# the stills' is 0.09 cm on a card seen close, the table is seen from further off), under a lamp
# whose pool of light is brightest over the table's middle and fades towards the rim (the
# felt's brightness there and at its centre, times its colour).
FELT_SOFTNESS = 0.22
FELT_EDGE = 0.62
FELT_CENTRE = 1.1


def apply_surface_material(nodepath: NodePath, kind: str) -> None:
    """Give a textured surface (card paper, table top, its felt, player screen) its look.

    Without shaders the surface keeps its texture under fixed-function lighting (the felt: its
    nap, from ``props.prop``, in its colour).
    """
    if kind not in SURFACE_KINDS:
        raise ValueError(f"unknown surface {kind!r}: expected one of {', '.join(SURFACE_KINDS)}")
    nodepath.set_tag("surface", kind)
    if kind in ("table", "paper", "felt"):
        hide_from_shadows(nodepath)
    if shaders_enabled():
        _apply_surface_shader(nodepath, kind)
    elif kind == "table":
        # Plain path: the same texture, mapped by world position like the shader does. (Not on
        # the upright screens: a world-position map smears along them, the dark board would
        # darken the seat's colour to near black, and it would garble the name on the screen.)
        stage = TextureStage.get_default()
        nodepath.set_texture(stage, surface_texture(kind))
        nodepath.set_tex_gen(stage, TexGenAttrib.M_world_position)
        scale = 1.0 / SURFACE_TEXTURE[kind][1]
        nodepath.set_tex_scale(stage, scale, scale)
    elif kind == "screen":
        # The fixed-function lights leave a screen facing away from them near black: the
        # board shows its seat's colour evenly instead, dimmed like a lit board (names stay white).
        nodepath.set_light_off(1)
        nodepath.set_color_scale(0.6, 0.6, 0.6, 1.0)


def apply_overlay_material(nodepath: NodePath) -> None:
    """Flat, unlit, see-through colour for highlight overlays (a card's spaces)."""
    if shaders_enabled():
        _apply_overlay_shader(nodepath)


# -- shader path --------------------------------------------------------------------------------

_DIE_FLAG: dict[Material, str] = {
    Material.WOOD: "MAT_WOOD",
    Material.RECYCLED: "MAT_RECYCLED",
    Material.STONE: "MAT_STONE",
    Material.GLASS: "MAT_GLASS",
}
_SURFACE_FLAG = {
    "paper": "SURF_PAPER",
    "table": "SURF_TABLE",
    "felt": "SURF_FELT",
    "screen": "SURF_SCREEN",
}
# Cards glass can see through to on the table (the size of the arrays in die.frag).
MAX_GROUND_CARDS = 4
_NO_GLOW = LVecBase4f(0, 0, 0, 0)


def _seed(variant: int) -> float:
    """A per-die noise offset; spread out so neighbouring ids look unrelated."""
    return (variant * 0.6180339887) % 1.0 * 17.0 + 1.0


def _apply_die_shader(
    nodepath: NodePath, material: Material, variant: int, colour: RGBA, pips: Texture, size: float
) -> None:
    nodepath.set_shader(shaders.program("die", _DIE_FLAG[material]))
    nodepath.set_shader_input("base_colour", LVecBase4f(*colour))
    nodepath.set_shader_input("pip_colour", LVecBase4f(*PIP_COLOUR[material]))
    nodepath.set_shader_input("seed", _seed(variant))
    nodepath.set_shader_input("pip_atlas", pips)
    nodepath.set_shader_input("highlight", _NO_GLOW)
    glass = material == Material.GLASS
    if glass:
        # Defaults at priority 0 (plain blending): glass.set_ground and glass.Refraction set
        # theirs on the scene root at higher priorities, which win although the root is
        # further up the graph.
        for key, value in _glass_defaults(size / 2).items():
            nodepath.set_shader_input(key, value)
        nodepath.hide(REFRACTION_MASK)
    _set_glass_blending(nodepath, glass)


def _apply_surface_shader(nodepath: NodePath, kind: str) -> None:
    nodepath.set_shader(shaders.program("surface", _SURFACE_FLAG[kind]))
    nodepath.set_shader_input("surface_tex", surface_texture(kind))
    nodepath.set_shader_input("surface_scale", SURFACE_TEXTURE[kind][1])
    nodepath.set_shader_input("highlight", _NO_GLOW)
    if kind == "felt":
        nodepath.set_shader_input("felt_light", felt_light(nodepath))


def apply_felt_shadows(nodepath: NodePath, felt: NodePath) -> None:
    """Patches of ``felt`` (styled "felt") laid over it where shadows fall: the same felt, with
    the key light's shadows looked up, soft (the felt itself looks none up: they cost a quarter
    of the frame over the whole of it on a software renderer). Shaders only."""
    nodepath.set_tag("surface", "felt")
    hide_from_shadows(nodepath)
    nodepath.set_shader(shaders.program("surface", _SURFACE_FLAG["felt"], "FELT_SHADOWS"))
    nodepath.set_shader_input("highlight", _NO_GLOW)
    nodepath.set_shader_input("felt_light", felt_light(felt))


def felt_light(felt: NodePath) -> LVecBase4f:
    """The felt program's ``felt_light``: 1 / the felt's radius in its own space (its pool of
    light fades out to its edge), the shadows' softness, the brightness at the edge and centre."""
    lo, hi = felt.get_tight_bounds(felt) or (None, None)
    radius = (hi.x - lo.x) / 2 if lo is not None and hi is not None else 0.0
    return LVecBase4f(1.0 / max(radius, 1e-3), FELT_SOFTNESS, FELT_EDGE, FELT_CENTRE)


def _apply_overlay_shader(nodepath: NodePath) -> None:
    nodepath.set_shader(shaders.program("overlay"))
    nodepath.set_shader_input("highlight", _NO_GLOW)


def cheap_die_states() -> dict:
    """Per opaque material, the render state that swaps in its CHEAP die program (for a
    camera's tag states, keyed by the ``material`` tag every die carries)."""
    return {
        m: RenderState.make(ShaderAttrib.make(shaders.program("die", _DIE_FLAG[m], "CHEAP")))
        for m in Material
        if m != Material.GLASS
    }


def _glass_defaults(die_half: float) -> dict:
    white = white_texture()
    out = {
        "refraction_mode": 0.0,
        "refraction_tex": white,
        "table_tex": white,
        "table_scale": 1.0,
        "ground_z": 0.0,
        "die_half": die_half,
        "card_count": 0.0,
        "cover_foot": 1.0,
    }
    for i in range(MAX_GROUND_CARDS):
        out[f"card_from_world{i}"] = LMatrix4f.ident_mat()
        out[f"card_tex{i}"] = white
    return out


def _dummy_inputs() -> dict:
    """A value for every input of every program, so a bare test node can draw with any of them."""
    white = white_texture()
    return {
        "base_colour": LVecBase4f(1),
        "pip_colour": LVecBase4f(0, 0, 0, 1),
        "seed": 1.0,
        "pip_atlas": white,
        "highlight": _NO_GLOW,
        "surface_tex": white,
        "surface_scale": 1.0,
        "felt_light": LVecBase4f(1.0, 0.0, 1.0, 1.0),
        **_glass_defaults(0.8),
    }


def draw_on_top(nodepath: NodePath, sort: int) -> None:
    """Unlit, unshaded, drawn after the scene over everything (``sort`` orders such marks), and
    kept out of the shadow and refraction cameras: cursors and labels that must always read."""
    nodepath.set_light_off(10)
    nodepath.set_shader_off(10)
    nodepath.set_depth_test(False)
    nodepath.set_depth_write(False)
    nodepath.set_bin("fixed", sort)
    nodepath.hide(SHADOW_MASK | REFRACTION_MASK)
