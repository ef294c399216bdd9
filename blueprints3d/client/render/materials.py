"""The look of dice and surfaces, with our GLSL shaders or, without them, plain colours.

``configure(use_shaders)`` is called once at start-up, before dice are made. With shaders, each
die carries its material id and a per-die seed as shader inputs; without, a flat colour plus the
pip atlas through fixed-function texture combining. ``set_highlight`` works the same way either
way, so hover and legal-move marks never depend on the shader path.

A table scene gets the full look with, besides the dice and cards (which style themselves):
``apply_surface_material(node, "table" | "screen")`` on the table top and the players' screens,
``set_ground(scene_root, cards)`` once the cards lie where they stay (glass then shows them
bent), and ``lighting.setup_lighting(scene_root, task_mgr=base.taskMgr, gsg=...)`` so the shadow
map is only redrawn when something moved.
"""

from __future__ import annotations

import random
import sys

from panda3d.core import (BitMask32, LVecBase4f, NodePath, SamplerState, Texture,
                          TextureStage, TransparencyAttrib)

from blueprints3d.engine.materials import Material

RGBA = tuple[float, float, float, float]

# Plain colours, also the base tint of the shaded materials (linear-ish sRGB values).
BASE_COLOUR: dict[Material, RGBA] = {
    Material.WOOD: (0.93, 0.50, 0.16, 1.0),      # orange
    Material.RECYCLED: (0.22, 0.60, 0.28, 1.0),  # green
    Material.STONE: (0.10, 0.10, 0.11, 1.0),     # near-black
    Material.GLASS: (0.80, 0.90, 1.0, 0.55),     # pale, see-through blue-white
}
# Colour of the pits of the pips. Engraved pips are darker than the face; on near-black stone a
# darker pit cannot read, so its pips are filled with pale paint, as on real black dice.
PIP_COLOUR: dict[Material, RGBA] = {
    Material.WOOD: (0.30, 0.12, 0.03, 1.0),
    Material.RECYCLED: (0.05, 0.18, 0.07, 1.0),
    Material.STONE: (0.82, 0.82, 0.80, 1.0),
    Material.GLASS: (0.16, 0.28, 0.62, 0.9),     # blue-filled, reads on paper and on the table
}

HIGHLIGHT_TAG = "highlight-overlay"  # nodes shown only while highlighted (e.g. a card's spaces)

_state = {"use_shaders": False, "announced": False}


def configure(use_shaders: bool, base=None) -> bool:
    """Choose shaded or plain-colour materials for everything made from now on.

    With ``base`` (an open ShowBase), every shader is first compiled on its window; if GLSL is
    missing or any program fails, the game falls back to plain colours and says so once.
    Returns whether shaders are on.
    """
    _state["use_shaders"] = bool(use_shaders)
    _state["verified"] = False
    if use_shaders and base is not None:
        _state["verified"] = True
        problems = verify_shaders(base)
        if problems:
            disable_shaders("; ".join(problems))
    # Without a base, the check runs on the first window when the first material is applied.
    return shaders_enabled()


def shaders_enabled() -> bool:
    _ensure_verified()
    return bool(_state["use_shaders"])


def disable_shaders(reason: str) -> None:
    """Fall back to plain colours, and say why once (not once per die)."""
    _state["use_shaders"] = False
    if not _state["announced"]:
        _state["announced"] = True
        print(f"blueprints3d: shaders off, using plain colours ({reason})", file=sys.stderr)


def _pip_stage(material: Material) -> TextureStage:
    """A texture stage that paints the pip mask in the material's pip colour over the face."""
    stage = _PIP_STAGES.get(material)
    if stage is None:
        stage = TextureStage(f"pips-{material.label}")
        # rgb = mix(face colour, pip colour, mask): interpolate(constant, previous, texture alpha)
        stage.set_combine_rgb(TextureStage.CM_interpolate,
                              TextureStage.CS_constant, TextureStage.CO_src_color,
                              TextureStage.CS_previous, TextureStage.CO_src_color,
                              TextureStage.CS_texture, TextureStage.CO_src_alpha)
        stage.set_combine_alpha(TextureStage.CM_replace,
                                TextureStage.CS_previous, TextureStage.CO_src_alpha)
        stage.set_color(LVecBase4f(*PIP_COLOUR[material]))
        _PIP_STAGES[material] = stage
    return stage


_PIP_STAGES: dict[Material, TextureStage] = {}


def _jitter(rgba: RGBA, variant: int, amount: float) -> RGBA:
    rnd = random.Random(variant * 7919 + 17)
    k = 1.0 + rnd.uniform(-amount, amount)
    return (min(1.0, rgba[0] * k), min(1.0, rgba[1] * k), min(1.0, rgba[2] * k), rgba[3])


def apply_die_material(nodepath: NodePath, material: Material, variant: int = 0) -> None:
    """Give a die (from ``dice_model.make_die``) the look of ``material``."""
    from blueprints3d.client.scene import dice_model

    material = Material(material)
    nodepath.set_python_tag("material", int(material))
    nodepath.set_tag("material", material.label)
    colour = _jitter(BASE_COLOUR[material], variant, 0.05)
    if shaders_enabled():
        _apply_die_shader(nodepath, material, variant, colour)
        return
    nodepath.set_color(*colour)
    nodepath.set_texture(_pip_stage(material), dice_model.pip_texture())
    _set_glass_blending(nodepath, material == Material.GLASS)


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

_white: list[Texture] = []


def _white_texture() -> Texture:
    """A 1x1 white texture: fixed-function stages need some texture bound to combine at all."""
    if not _white:
        tex = Texture("white")
        tex.setup_2d_texture(1, 1, Texture.T_unsigned_byte, Texture.F_rgba)
        tex.set_ram_image(b"\xff\xff\xff\xff")
        tex.set_minfilter(SamplerState.FT_nearest)
        tex.set_magfilter(SamplerState.FT_nearest)
        _white.append(tex)
    return _white[0]


# Above the per-node defaults (priority 0), so highlighting a parent (a whole stack) shows
# through the defaults that every shaded node carries.
_HIGHLIGHT_PRIORITY = 1


def set_highlight(nodepath: NodePath, rgba: RGBA | None) -> None:
    """Light up a die or surface in ``rgba`` (alpha = strength), or clear it with None.

    An overlay node (tagged ``highlight-overlay``, like a card's spaces) is shown in that colour
    while highlighted and hidden otherwise. Any other node gets a glow added to its own shading:
    a shader input with shaders on, an additive texture stage without.
    """
    if nodepath.has_tag(HIGHLIGHT_TAG):
        if rgba is None:
            nodepath.hide()
        else:
            nodepath.set_color(*rgba)
            nodepath.set_shader_input("highlight", LVecBase4f(*rgba), priority=_HIGHLIGHT_PRIORITY)
            nodepath.show()
        return
    if rgba is None:
        nodepath.set_shader_input("highlight", LVecBase4f(0, 0, 0, 0), priority=_HIGHLIGHT_PRIORITY)
        for stage in _HIGHLIGHT_STAGES.values():
            nodepath.clear_texture(stage)
        return
    r, g, b, a = rgba
    nodepath.set_shader_input("highlight", LVecBase4f(r, g, b, a), priority=_HIGHLIGHT_PRIORITY)
    if not shaders_enabled():
        for stage in _HIGHLIGHT_STAGES.values():
            nodepath.clear_texture(stage)
        nodepath.set_texture(_highlight_stage_for(rgba), _white_texture())


_HIGHLIGHT_STAGES: dict[tuple[float, ...], TextureStage] = {}


def _highlight_stage_for(rgba: RGBA) -> TextureStage:
    """One stage per highlight colour (a stage's constant colour is shared by every node using it)."""
    key = tuple(round(c, 3) for c in rgba)
    stage = _HIGHLIGHT_STAGES.get(key)
    if stage is None:
        r, g, b, a = rgba
        stage = TextureStage(f"highlight-{len(_HIGHLIGHT_STAGES)}")
        stage.set_sort(100)
        stage.set_combine_rgb(TextureStage.CM_add,
                              TextureStage.CS_previous, TextureStage.CO_src_color,
                              TextureStage.CS_constant, TextureStage.CO_src_color)
        stage.set_combine_alpha(TextureStage.CM_replace,
                                TextureStage.CS_previous, TextureStage.CO_src_alpha)
        stage.set_color(LVecBase4f(r * a * 0.6, g * a * 0.6, b * a * 0.6, 0.0))
        _HIGHLIGHT_STAGES[key] = stage
    return stage


# -- surfaces -----------------------------------------------------------------------------------

SURFACE_KINDS = ("paper", "table", "screen")


def apply_surface_material(nodepath: NodePath, kind: str) -> None:
    """Give a textured surface (card paper, table top, player screen) its look.

    Without shaders the surface keeps its texture under fixed-function lighting.
    """
    if kind not in SURFACE_KINDS:
        raise ValueError(f"unknown surface {kind!r}: expected one of {', '.join(SURFACE_KINDS)}")
    nodepath.set_tag("surface", kind)
    if kind in ("table", "paper"):
        from blueprints3d.client.render.lighting import hide_from_shadows
        hide_from_shadows(nodepath)
    if shaders_enabled():
        _apply_surface_shader(nodepath, kind)
    elif kind != "paper":
        # Plain path: the same texture, mapped by world position like the shader does.
        from panda3d.core import TexGenAttrib
        stage = TextureStage.get_default()
        nodepath.set_texture(stage, surface_texture(kind))
        nodepath.set_tex_gen(stage, TexGenAttrib.M_world_position)
        scale = 1.0 / SURFACE_TEXTURE[kind][1]
        nodepath.set_tex_scale(stage, scale, scale)


def apply_overlay_material(nodepath: NodePath) -> None:
    """Flat, unlit, see-through colour for highlight overlays (a card's spaces)."""
    if shaders_enabled():
        _apply_overlay_shader(nodepath)


# -- shader path (issue 4) ----------------------------------------------------------------------

_DIE_FLAG: dict[Material, str] = {Material.WOOD: "MAT_WOOD", Material.RECYCLED: "MAT_RECYCLED",
                                  Material.STONE: "MAT_STONE", Material.GLASS: "MAT_GLASS"}
_SURFACE_FLAG = {"paper": "SURF_PAPER", "table": "SURF_TABLE", "screen": "SURF_SCREEN"}
# Texture file and the cm one repeat covers, per surface.
SURFACE_TEXTURE = {"paper": ("paper_fibre.png", 6.0), "table": ("table_walnut.png", 90.0),
                   "screen": ("screen_board.png", 24.0)}
# Camera bit the refraction camera renders; glass is hidden from it (it must see what is behind).
REFRACTION_MASK = BitMask32.bit(21)
_NO_GLOW = LVecBase4f(0, 0, 0, 0)


def _seed(variant: int) -> float:
    """A per-die noise offset; spread out so neighbouring ids look unrelated."""
    return (variant * 0.6180339887) % 1.0 * 17.0 + 1.0


def _apply_die_shader(nodepath: NodePath, material: Material, variant: int, colour: RGBA) -> None:
    from blueprints3d.client.render import shaders
    from blueprints3d.client.scene import dice_model

    nodepath.set_shader(shaders.program("die", _DIE_FLAG[material]))
    nodepath.set_shader_input("base_colour", LVecBase4f(*colour))
    nodepath.set_shader_input("pip_colour", LVecBase4f(*PIP_COLOUR[material]))
    nodepath.set_shader_input("seed", _seed(variant))
    nodepath.set_shader_input("pip_atlas", dice_model.pip_texture())
    nodepath.set_shader_input("highlight", _NO_GLOW)
    glass = material == Material.GLASS
    if glass:
        # Defaults at priority 0 (plain blending): set_ground and refraction.Refraction set
        # theirs on the scene root at higher priorities, which win although the root is
        # further up the graph.
        for key, value in _glass_defaults().items():
            nodepath.set_shader_input(key, value)
        nodepath.hide(REFRACTION_MASK)
    _set_glass_blending(nodepath, glass)


def surface_texture(kind: str) -> Texture:
    """The generated texture of a surface kind, from the package's textures/ folder."""
    tex = _SURFACE_TEXTURES.get(kind)
    if tex is None:
        from importlib import resources
        from panda3d.core import PNMImage, StringStream

        name = SURFACE_TEXTURE[kind][0]
        data = resources.files("blueprints3d.textures").joinpath(name).read_bytes()
        img = PNMImage()
        if not img.read(StringStream(data), name):
            raise OSError(f"cannot read texture {name}")
        tex = Texture(kind)
        tex.load(img)
        # Bilinear within the nearest mip level: half the texel fetches of trilinear, and the
        # table's level changes are lost in its grain anyway.
        tex.set_minfilter(SamplerState.FT_linear_mipmap_nearest)
        tex.set_magfilter(SamplerState.FT_linear)
        # Anisotropic filtering is costly on a software renderer and the table fills the screen.
        tex.set_anisotropic_degree(1)
        tex.set_wrap_u(SamplerState.WM_repeat)
        tex.set_wrap_v(SamplerState.WM_repeat)
        _SURFACE_TEXTURES[kind] = tex
    return tex


_SURFACE_TEXTURES: dict[str, Texture] = {}


def _apply_surface_shader(nodepath: NodePath, kind: str) -> None:
    from blueprints3d.client.render import shaders

    nodepath.set_shader(shaders.program("surface", _SURFACE_FLAG[kind]))
    nodepath.set_shader_input("surface_tex", surface_texture(kind))
    nodepath.set_shader_input("surface_scale", SURFACE_TEXTURE[kind][1])
    nodepath.set_shader_input("highlight", _NO_GLOW)


def _apply_overlay_shader(nodepath: NodePath) -> None:
    from blueprints3d.client.render import shaders

    nodepath.set_shader(shaders.program("overlay"))
    nodepath.set_shader_input("highlight", _NO_GLOW)


def cheap_die_states() -> dict:
    """Per opaque material, the render state that swaps in its CHEAP die program (for a
    camera's tag states, keyed by the ``material`` tag every die carries)."""
    from panda3d.core import RenderState, ShaderAttrib
    from blueprints3d.client.render import shaders

    return {m: RenderState.make(ShaderAttrib.make(shaders.program("die", _DIE_FLAG[m], "CHEAP")))
            for m in Material if m != Material.GLASS}


def depth_only_state():
    """Render state for the key light's shadow camera: depth only, through a trivial shader.

    Without it the shadow pass would run every material's full fragment shader just to throw
    the colour away, which on a software renderer costs as much as a second frame.
    """
    from panda3d.core import ColorWriteAttrib, CullFaceAttrib, RenderState, ShaderAttrib
    from blueprints3d.client.render import shaders

    return RenderState.make(CullFaceAttrib.make_reverse(), ColorWriteAttrib.make(ColorWriteAttrib.C_off),
                            ShaderAttrib.make(shaders.program("depth")), 1000)


def verify_shaders(base_or_gsg) -> list[str]:
    """Compile and link every shader on a window's GL (a ShowBase or a GSG); the problems
    found, empty when all is well."""
    from blueprints3d.client.render import shaders

    gsg = base_or_gsg.win.get_gsg() if hasattr(base_or_gsg, "win") else base_or_gsg
    if gsg is None or not gsg.get_supports_glsl():
        return ["this OpenGL has no GLSL"]
    problems = []
    for name, flags, shader in shaders.all_variants():
        try:
            shader.prepare_now(gsg.get_prepared_objects(), gsg)  # compiles and links now
        except Exception as exc:  # a driver that refuses the program outright
            problems.append(f"{name} {' '.join(flags)}: {exc}")
            continue
        if shader.get_error_flag():
            problems.append(f"{name} {' '.join(flags)}: compile or link error")
    return problems


def _ensure_verified() -> None:
    """With shaders asked for but not yet checked (configure without a base), check them on
    the first window as soon as one is open, before anything is drawn with them."""
    if not _state["use_shaders"] or _state.get("verified"):
        return
    from panda3d.core import GraphicsEngine

    engine = GraphicsEngine.get_global_ptr()
    for i in range(engine.get_num_windows()):
        gsg = engine.get_window(i).get_gsg()
        if gsg is not None:
            _state["verified"] = True
            problems = verify_shaders(gsg)
            if problems:
                disable_shaders("; ".join(problems))
            return


def _glass_defaults() -> dict:
    from panda3d.core import LMatrix4f
    from blueprints3d.client.scene import units

    white = _white_texture()
    out = {"refraction_mode": 0.0, "refraction_tex": white, "table_tex": white, "table_scale": 1.0,
           "ground_z": 0.0, "die_half": units.DIE_SIZE / 2, "card_count": 0.0}
    for i in range(MAX_GROUND_CARDS):
        out[f"card_from_world{i}"] = LMatrix4f.ident_mat()
        out[f"card_tex{i}"] = white
    return out


def _dummy_inputs() -> dict:
    white = _white_texture()
    return {"base_colour": LVecBase4f(1), "pip_colour": LVecBase4f(0, 0, 0, 1), "seed": 1.0,
            "pip_atlas": white, "highlight": _NO_GLOW, "surface_tex": white, "surface_scale": 1.0,
            **_glass_defaults()}


# -- what glass shows ---------------------------------------------------------------------------

MAX_GROUND_CARDS = 4
GROUND_PRIORITY = 10   # above the per-die defaults; refraction.py's picture uses 20


def _ground_sampler():
    """Sampling for what glass shows: mipmapped but never anisotropic. Glass pixels side by side
    can look at ground points far apart, and llvmpipe's anisotropic filter then takes so many
    probes that a single glass die cost seconds a frame (measured with the benchmark)."""
    from panda3d.core import SamplerState

    sampler = SamplerState()
    sampler.set_minfilter(SamplerState.FT_linear_mipmap_linear)
    sampler.set_magfilter(SamplerState.FT_linear)
    sampler.set_wrap_u(SamplerState.WM_repeat)
    sampler.set_wrap_v(SamplerState.WM_repeat)
    sampler.set_anisotropic_degree(1)
    return sampler


def set_ground(scene_root: NodePath, cards: list[NodePath] = (), table: Texture | RGBA | None = None,
               table_scale: float | None = None, ground_z: float = 0.0) -> None:
    """Let glass dice under ``scene_root`` show the table and the cards through them, bent.

    Each glass pixel follows its refracted view ray down to the table top (z = ``ground_z``) and
    looks up the card lying there (``cards``: up to four from ``card_model.make_card``, placed
    where they will stay; call again if they move) or else the table (``table``, default our
    walnut texture, one repeat per ``table_scale`` cm; an RGBA tuple for a plain cloth). This
    needs no extra render pass, so it is
    what the live table uses; ``refraction.Refraction`` gives the full picture for stills.
    """
    from panda3d.core import LMatrix4f

    if not shaders_enabled():
        return
    if len(cards) > MAX_GROUND_CARDS:
        raise ValueError(f"glass can show at most {MAX_GROUND_CARDS} cards, not {len(cards)}")
    if table is None:
        table, table_scale = surface_texture("table"), SURFACE_TEXTURE["table"][1]
    elif not isinstance(table, Texture):
        rgba = bytes(int(max(0.0, min(1.0, c)) * 255 + 0.5) for c in (table[2], table[1], table[0], 1.0))
        flat = Texture("table-colour")
        flat.setup_2d_texture(1, 1, Texture.T_unsigned_byte, Texture.F_rgba)
        flat.set_ram_image(rgba)  # BGRA in RAM
        table = flat
    # priority= by keyword: passed third, a number would become the value's second component.
    p = GROUND_PRIORITY
    if not scene_root.has_python_tag("screen_refraction"):  # refraction.py's mode 2 stays
        scene_root.set_shader_input("refraction_mode", 1.0, priority=p)
    scene_root.set_shader_input("table_tex", table, _ground_sampler(), priority=p)
    scene_root.set_shader_input("table_scale", float(table_scale or 1.0), priority=p)
    scene_root.set_shader_input("ground_z", float(ground_z), priority=p)
    scene_root.set_shader_input("card_count", float(len(cards)), priority=p)
    top = scene_root.get_top()
    for i, card in enumerate(cards):
        width, length = card.get_python_tag("card_size")
        # World (the graph's top, as p3d_ModelMatrix) -> card -> face (u, v) in [0, 1].
        to_card = LMatrix4f(card.get_mat(top))
        to_card.invert_in_place()
        to_uv = to_card * LMatrix4f.scale_mat(1.0 / width, 1.0 / length, 1.0) \
            * LMatrix4f.translate_mat(0.5, 0.5, 0.0)
        scene_root.set_shader_input(f"card_from_world{i}", to_uv, priority=p)
        scene_root.set_shader_input(f"card_tex{i}", card.find("card-paper").get_texture(),
                                    _ground_sampler(), priority=p)
