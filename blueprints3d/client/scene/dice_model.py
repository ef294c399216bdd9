"""Dice: one rounded cube with engraved pips on all six faces, loaded once and copied per die.

The geometry never changes: every die has 1 on +Z, 6 on -Z, 2 on +Y, 5 on -Y, 3 on +X, 4 on -X
(opposite faces add up to 7). A die shows another value by rotating its ``body`` child, so all
~40 dice on a table share one vertex buffer. Pips come from a mask atlas (six tiles, one per
face value) addressed by each face's texcoords, so they are part of the surface (engraved),
never decals floating above it. The mesh is ``models/die.bam`` and the atlas
``textures/die_pips.png``, both made by ``tools/make_models.py``.

With material symbols on (the colour-blind help: ``show_material_symbols``, the settings' toggle,
``--material-symbols``) each material's symbol (``textures/die_symbols.png``, made by the same
tool) is engraved on every face beside the pips, in the pips' colour: the same mask, so the
shaders and the plain path draw it alike at no cost.
"""

from __future__ import annotations

from functools import lru_cache, cache

import numpy as np
from panda3d.core import Geom, GeomNode, NodePath, Quat, SamplerState, Texture, Vec3

from blueprints3d.client.render import assets, config
from blueprints3d.client.render import materials
from blueprints3d.client.scene import units
from blueprints3d.engine.materials import Material

# Face value -> outward normal of the face that shows it in the model's own frame.
FACE_NORMAL: dict[int, tuple[int, int, int]] = {
    1: (0, 0, 1),
    6: (0, 0, -1),
    2: (0, 1, 0),
    5: (0, -1, 0),
    3: (1, 0, 0),
    4: (-1, 0, 0),
}
# HPR turning the model so that a face value points up (+Z); checked by tests/client/scene/test_dice_model.py.
_UP_HPR: dict[int, tuple[float, float, float]] = {
    1: (0, 0, 0),
    6: (0, 180, 0),
    2: (0, 90, 0),
    5: (0, -90, 0),
    3: (0, 0, -90),
    4: (0, 0, 90),
}


@lru_cache(maxsize=1)
def _die_template() -> NodePath:
    """The die mesh from ``models/die.bam`` (made by ``tools/make_models.py``)."""
    return assets.load_model("die").find("**/die-mesh")


def die_geom() -> Geom:
    """The shared rounded-cube Geom: vertex, normal, texcoord (into the pip atlas) and tangent."""
    node = _die_template().node()
    assert isinstance(node, GeomNode), "models/die.bam's die-mesh is a GeomNode"
    return node.get_geom(0)


@lru_cache(maxsize=1)
def pip_texture() -> Texture:
    """The pip mask (``textures/die_pips.png``, six tiles, 1 inside a pip) as the alpha of a
    one-channel texture, mipmapped so small dice stay clean."""
    tex = assets.load_texture("die_pips.png")
    tex.set_format(Texture.F_alpha)  # the shader and the fixed-function stage read alpha
    _sample_like_pips(tex)
    return tex


def _mask(name: str) -> np.ndarray:
    """A one-channel texture of ``textures/`` as an array (row 0 = t=0, texture order)."""
    tex = assets.load_texture(name)
    return np.frombuffer(bytes(tex.get_ram_image()), np.uint8).reshape(
        tex.get_y_size(), tex.get_x_size()
    )


def symbol_tile(material: Material) -> np.ndarray:
    """One face's symbols of ``material`` (``textures/die_symbols.png``), uint8, 1 = 255."""
    atlas = _mask("die_symbols.png")
    size = atlas.shape[1] // len(Material)
    return atlas[:, int(material) * size : (int(material) + 1) * size]


@cache
def symbol_pip_texture(material: Material) -> Texture:
    """``pip_texture`` with ``material``'s symbol added on every face."""
    pips = _mask("die_pips.png")
    tile = symbol_tile(Material(material))
    mask = np.maximum(pips, np.tile(tile, (1, pips.shape[1] // tile.shape[1])))
    tex = Texture(f"pips-symbols-{Material(material).label}")
    tex.setup_2d_texture(mask.shape[1], mask.shape[0], Texture.T_unsigned_byte, Texture.F_alpha)
    tex.set_ram_image(np.ascontiguousarray(mask).tobytes())
    _sample_like_pips(tex)
    return tex


def _sample_like_pips(tex: Texture) -> None:
    tex.set_minfilter(SamplerState.FT_linear_mipmap_linear)
    tex.set_magfilter(SamplerState.FT_linear)
    tex.set_wrap_u(SamplerState.WM_clamp)
    tex.set_wrap_v(SamplerState.WM_clamp)
    tex.set_anisotropic_degree(config.anisotropy(4))  # none on a software GL: see config.ANISOTROPY


def symbols_shown() -> bool:
    """Whether dice made now carry their material's symbol."""
    return config.MATERIAL_SYMBOLS.get_value()


def pips_for(material: Material) -> Texture:
    """The mask a die of ``material`` gets now: the pips, with its symbol when symbols are on."""
    return symbol_pip_texture(Material(material)) if symbols_shown() else pip_texture()


def show_material_symbols(on: bool, *roots: NodePath) -> None:
    """Symbols on or off for every die made from now on, and for the dice already under
    ``roots`` (the table's scene: they change at once)."""
    config.MATERIAL_SYMBOLS.set_value(bool(on))
    for root in roots:
        dice = list(root.find_all_matches("**/=material"))
        if root.has_tag("material"):
            dice.append(root)
        for die in dice:
            tag = die.get_python_tag("material")
            if tag is not None:
                m = Material(tag)
                materials.set_die_pips(die, m, pips_for(m))


def make_die(material: Material, value: int, variant: int = 0) -> NodePath:
    """A die of ``material`` centred at its origin with ``value`` up.

    ``variant`` (any int, e.g. the die id) varies its look: a quarter turn about the vertical
    and the seed of its material's grain or speckle. The returned node can be moved and turned
    freely; the value lives on its ``body`` child (see ``set_die_value``).
    """
    root = NodePath(f"die-{Material(material).label}-{value}")
    root.set_python_tag("die_variant", variant)
    body = root.attach_new_node("body")
    _die_template().copy_to(body)  # copies the GeomNode, shares the Geom (cheap)
    orient_for_value(body, value, variant)
    # Picking needs no collision solid: ``scene.picking`` hits a die's box analytically.
    materials.apply_die_material(
        root, Material(material), variant, pips=pips_for(Material(material)), size=units.DIE_SIZE
    )
    return root


def orient_for_value(nodepath: NodePath, value: int, variant: int = 0) -> None:
    """Turn ``nodepath`` (a die's ``body``, or a bare mesh) so ``value`` faces +Z.

    ``variant`` adds a quarter turn about the vertical so dice of equal value are not clones.
    """
    if value not in _UP_HPR:
        raise ValueError(f"a die shows 1 to 6, not {value}")
    h, p, r = _UP_HPR[value]
    nodepath.set_hpr(0, p, r)
    # The quarter turn is about the world vertical, i.e. applied after tipping the face up.
    nodepath.set_quat(nodepath.get_quat() * _yaw_quat(90.0 * (variant % 4)))


def _yaw_quat(deg: float) -> Quat:
    q = Quat()
    q.set_hpr(Vec3(deg, 0, 0))
    return q


def set_die_value(die: NodePath, value: int) -> None:
    """Show ``value`` on top of a die made by ``make_die`` (keeps its variant's quarter turn)."""
    body = die.find("body")
    orient_for_value(
        body if not body.is_empty() else die, value, die.get_python_tag("die_variant") or 0
    )


def die_center_z(level: int, base_z: float = units.CARD_THICKNESS) -> float:
    """Height of the centre of a die on stack ``level`` (0 = on the card) above the table."""
    return base_z + units.DIE_SIZE * (level + 0.5)


def die_top_z(level: int, base_z: float = units.CARD_THICKNESS) -> float:
    """Height of the top face of a die on stack ``level`` (0 = on the card)."""
    return base_z + units.DIE_SIZE * (level + 1)
