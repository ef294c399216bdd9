"""Dice: one rounded cube with engraved pips on all six faces, built once and copied per die.

The geometry never changes: every die has 1 on +Z, 6 on -Z, 2 on +Y, 5 on -Y, 3 on +X, 4 on -X
(opposite faces add up to 7). A die shows another value by rotating its ``body`` child, so all
~40 dice on a table share one vertex buffer. Pips come from a mask atlas (six tiles, one per
face value) addressed by each face's texcoords, so they are part of the surface (engraved),
never decals floating above it.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
from panda3d.core import (BitMask32, CollisionBox, CollisionNode, Geom, GeomNode, GeomTriangles,
                          GeomVertexArrayFormat, GeomVertexData, GeomVertexFormat, NodePath, Point3,
                          Texture, Vec3)

from blueprints3d.client.scene import units
from blueprints3d.engine.materials import Material

# Into-mask of the box each die carries for picking with a CollisionRay (cheaper than its mesh).
DIE_PICK_MASK = BitMask32.bit(20)

# Face value -> outward normal of the face that shows it in the model's own frame.
FACE_NORMAL: dict[int, tuple[int, int, int]] = {
    1: (0, 0, 1), 6: (0, 0, -1), 2: (0, 1, 0), 5: (0, -1, 0), 3: (1, 0, 0), 4: (-1, 0, 0)}
# Face value -> (t1, t2) in-face axes with t1 x t2 = normal (counter-clockwise = front facing).
_FACE_AXES: dict[int, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    1: ((1, 0, 0), (0, 1, 0)), 6: ((1, 0, 0), (0, -1, 0)),
    3: ((0, 1, 0), (0, 0, 1)), 4: ((0, -1, 0), (0, 0, 1)),
    2: ((-1, 0, 0), (0, 0, 1)), 5: ((1, 0, 0), (0, 0, 1))}
# HPR turning the model so that a face value points up (+Z); checked by tests/test_dice_model.py.
_UP_HPR: dict[int, tuple[float, float, float]] = {
    1: (0, 0, 0), 6: (0, 180, 0), 2: (0, 90, 0), 5: (0, -90, 0), 3: (0, 0, -90), 4: (0, 0, 90)}

# Pip centres in a face tile's (s, t) in [0, 1]^2, the standard layouts.
_LO, _MID, _HI = 0.27, 0.5, 0.73
PIP_LAYOUT: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((_MID, _MID),),
    2: ((_LO, _HI), (_HI, _LO)),
    3: ((_LO, _HI), (_MID, _MID), (_HI, _LO)),
    4: ((_LO, _LO), (_LO, _HI), (_HI, _LO), (_HI, _HI)),
    5: ((_LO, _LO), (_LO, _HI), (_MID, _MID), (_HI, _LO), (_HI, _HI)),
    6: ((_LO, _LO), (_LO, _MID), (_LO, _HI), (_HI, _LO), (_HI, _MID), (_HI, _HI)),
}
PIP_RADIUS = 0.085  # of the face's side; about 2.7 mm on a 16 mm die
ATLAS_TILE = 128    # pixels per face tile; the atlas is 6 tiles wide, 1 high

_EDGE_STEPS = 3     # vertices across each half of a rounded edge (0, 22.5, 45 degrees)


def _face_coords(h: float, r: float) -> list[float]:
    """Coordinates across one face, dense on the rounded rims so edges and corners look smooth."""
    a = h - r
    rim = [a + r * math.tan(math.radians(45.0 * i / (_EDGE_STEPS - 1))) for i in range(_EDGE_STEPS)]
    return [-x for x in reversed(rim)] + rim


@lru_cache(maxsize=1)
def die_geom() -> Geom:
    """The shared rounded-cube Geom: vertex, normal, texcoord (atlas), and ``face`` (value 1..6)."""
    h = units.DIE_SIZE / 2.0
    r = units.DIE_ROUNDING
    a = h - r
    coords = _face_coords(h, r)
    n = len(coords)
    arr = GeomVertexArrayFormat()
    arr.add_column("vertex", 3, Geom.NT_float32, Geom.C_point)
    arr.add_column("normal", 3, Geom.NT_float32, Geom.C_normal)
    arr.add_column("texcoord", 2, Geom.NT_float32, Geom.C_texcoord)
    arr.add_column("tangent", 3, Geom.NT_float32, Geom.C_vector)
    fmt = GeomVertexFormat.register_format(GeomVertexFormat(arr))
    vdata = GeomVertexData("die", fmt, Geom.UH_static)
    vdata.unclean_set_num_rows(6 * n * n)
    rows: list[np.ndarray] = []
    tris = GeomTriangles(Geom.UH_static)
    base = 0
    for value in range(1, 7):
        nrm = np.array(FACE_NORMAL[value], float)
        t1, t2 = (np.array(v, float) for v in _FACE_AXES[value])
        for j, v in enumerate(coords):
            for i, u in enumerate(coords):
                p = nrm * h + t1 * u + t2 * v
                q = np.clip(p, -a, a)            # nearest point of the inner (unrounded) box
                d = p - q
                normal = d / np.linalg.norm(d)
                pos = q + r * normal             # pushed out to the rounded surface
                s, t = (u + h) / (2 * h), (v + h) / (2 * h)
                uv = ((value - 1 + s) / 6.0, t)
                rows.append(np.concatenate([pos, normal, uv, t1]))
        for j in range(n - 1):
            for i in range(n - 1):
                k = base + j * n + i
                tris.add_vertices(k, k + 1, k + n + 1)
                tris.add_vertices(k, k + n + 1, k + n)
        base += n * n
    data = np.asarray(rows, dtype=np.float32)
    memoryview(vdata.modify_array(0)).cast("B")[:] = data.tobytes()
    geom = Geom(vdata)
    geom.add_primitive(tris)
    return geom


def pip_mask(size: int = ATLAS_TILE) -> np.ndarray:
    """The pip atlas as floats in [0, 1] (1 inside a pip), shape (size, 6 * size), row 0 = t=0."""
    ys, xs = np.mgrid[0:size, 0:size]
    s = (xs + 0.5) / size
    t = (ys + 0.5) / size
    tiles = []
    edge = 1.5 / size  # anti-aliasing width
    for value in range(1, 7):
        m = np.zeros((size, size))
        for cs, ct in PIP_LAYOUT[value]:
            d = np.hypot(s - cs, t - ct)
            m = np.maximum(m, np.clip((PIP_RADIUS - d) / edge + 0.5, 0.0, 1.0))
        tiles.append(m)
    return np.concatenate(tiles, axis=1)


@lru_cache(maxsize=1)
def pip_texture() -> Texture:
    """The pip mask as a one-channel texture, mipmapped so small dice stay clean."""
    mask = pip_mask()
    img = (mask * 255.0 + 0.5).astype(np.uint8)
    tex = Texture("pip-atlas")
    tex.setup_2d_texture(img.shape[1], img.shape[0], Texture.T_unsigned_byte, Texture.F_alpha)
    # Texture rows start at the bottom (t = 0), which is row 0 of the array already.
    tex.set_ram_image(np.ascontiguousarray(img).tobytes())
    tex.set_minfilter(Texture.FT_linear_mipmap_linear)
    tex.set_magfilter(Texture.FT_linear)
    tex.set_wrap_u(Texture.WM_clamp)
    tex.set_wrap_v(Texture.WM_clamp)
    tex.set_anisotropic_degree(4)
    return tex


@lru_cache(maxsize=1)
def _die_template() -> NodePath:
    gn = GeomNode("die-mesh")
    gn.add_geom(die_geom())
    return NodePath(gn)


def make_die(material: Material, value: int, variant: int = 0) -> NodePath:
    """A die of ``material`` centred at its origin with ``value`` up.

    ``variant`` (any int, e.g. the die id) varies its look: a quarter turn about the vertical
    and the seed of its material's grain or speckle. The returned node can be moved and turned
    freely; the value lives on its ``body`` child (see ``set_die_value``).
    """
    from blueprints3d.client.render import materials  # materials imports this module's textures

    root = NodePath(f"die-{Material(material).label}-{value}")
    root.set_python_tag("die_variant", variant)
    body = root.attach_new_node("body")
    _die_template().copy_to(body)  # copies the GeomNode, shares the Geom (cheap)
    orient_for_value(body, value, variant)
    cnode = CollisionNode("die-collider")
    half = units.DIE_SIZE / 2.0
    cnode.add_solid(CollisionBox(Point3(0, 0, 0), half, half, half))
    cnode.set_into_collide_mask(DIE_PICK_MASK)
    cnode.set_from_collide_mask(BitMask32.all_off())
    root.attach_new_node(cnode)
    materials.apply_die_material(root, Material(material), variant)
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


def _yaw_quat(deg: float):
    from panda3d.core import Quat
    q = Quat()
    q.set_hpr(Vec3(deg, 0, 0))
    return q


def set_die_value(die: NodePath, value: int) -> None:
    """Show ``value`` on top of a die made by ``make_die`` (keeps its variant's quarter turn)."""
    body = die.find("body")
    orient_for_value(body if not body.is_empty() else die, value, die.get_python_tag("die_variant") or 0)


def die_center_z(level: int, base_z: float = units.CARD_THICKNESS) -> float:
    """Height of the centre of a die on stack ``level`` (0 = on the card) above the table."""
    return base_z + units.DIE_SIZE * (level + 0.5)


def die_top_z(level: int, base_z: float = units.CARD_THICKNESS) -> float:
    """Height of the top face of a die on stack ``level`` (0 = on the card)."""
    return base_z + units.DIE_SIZE * (level + 1)
