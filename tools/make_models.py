#!/usr/bin/env python3
"""Write the fixed geometry of the scene as Panda3D models into models/, and the dice's pip atlas
into textures/ (numpy and Panda3D only).

    python tools/make_models.py [--models models] [--textures textures]

Made here, loaded by the client (``blueprints3d.client.render.assets``):
  die.bam          the rounded die, pips addressed by its texcoords (vertex, normal, texcoord and
                   tangent columns: the die shader reads all four)
  table.bam        the walnut rim (a ring), its edge and the felt (texcoords: one felt_nap.png
                   repeat per SURFACE_TEXTURE["felt"] cm)
  screen.bam       a player's screen board;   scoreboard.bam, award-card.bam
  bag.bam          a drawstring sack with folds: its body, the frill above the drawstring (its
                   "neck", open at the mouth), the cord and the dark inside under the mouth;
                   texcoords for the cloth's weave
  card.bam         a blueprint card's blank (1 x 1 cm, scaled to its grid; its top face carries
                   the printed face's texcoords) and the overlay quad of one space
  textures/die_pips.png   the pip mask, six tiles (one per face value), 1 inside a pip
  textures/die_symbols.png  the material symbols (colour-blind help), one face tile per material
                   (wood, recycled, stone, glass): 1 inside the symbol, printed twice a face
                   where no pip ever is; dice_model adds it to the pips when symbols are on

Sizes come from the package (``units``, ``layout``), so the models follow when those change;
tests/client/render/test_assets.py checks that the committed files are what this tool makes now. The output
is deterministic: rerunning writes the same bytes.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout: the package beside this folder

from panda3d.core import (  # noqa: E402
    Filename,
    Geom,
    GeomNode,
    GeomTriangles,
    GeomVertexArrayFormat,
    GeomVertexData,
    GeomVertexFormat,
    NodePath,
    Texture,
)

from blueprints3d.client.render import textures  # noqa: E402
from blueprints3d.client.scene import card_model, dice_model, units  # noqa: E402
from blueprints3d.client.table.model import layout  # noqa: E402

# -- the die --------------------------------------------------------------------------------------

# Face value -> (t1, t2) in-face axes with t1 x t2 = normal (counter-clockwise = front facing).
FACE_AXES: dict[int, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    1: ((1, 0, 0), (0, 1, 0)),
    6: ((1, 0, 0), (0, -1, 0)),
    3: ((0, 1, 0), (0, 0, 1)),
    4: ((0, -1, 0), (0, 0, 1)),
    2: ((-1, 0, 0), (0, 0, 1)),
    5: ((1, 0, 0), (0, 0, 1)),
}
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
ATLAS_TILE = 128  # pixels per face tile; the atlas is 6 tiles wide, 1 high
EDGE_STEPS = 3  # vertices across each half of a rounded edge (0, 22.5, 45 degrees)


def _face_coords(h: float, r: float) -> list[float]:
    """Coordinates across one face, dense on the rounded rims so edges and corners look smooth."""
    a = h - r
    rim = [a + r * math.tan(math.radians(45.0 * i / (EDGE_STEPS - 1))) for i in range(EDGE_STEPS)]
    return [-x for x in reversed(rim)] + rim


def die_geom() -> Geom:
    """The rounded cube: vertex, normal, texcoord (into the pip atlas) and tangent."""
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
    rows: list[np.ndarray] = []
    tris: list[int] = []
    base = 0
    for value in range(1, 7):
        nrm = np.array(dice_model.FACE_NORMAL[value], float)
        t1, t2 = (np.array(v, float) for v in FACE_AXES[value])
        for v in coords:
            for u in coords:
                p = nrm * h + t1 * u + t2 * v
                q = np.clip(p, -a, a)  # nearest point of the inner (unrounded) box
                d = p - q
                normal = d / np.linalg.norm(d)
                pos = q + r * normal  # pushed out to the rounded surface
                s, t = (u + h) / (2 * h), (v + h) / (2 * h)
                uv = ((value - 1 + s) / 6.0, t)
                rows.append(np.concatenate([pos, normal, uv, t1]))
        for j in range(n - 1):
            for i in range(n - 1):
                k = base + j * n + i
                tris += [k, k + 1, k + n + 1, k, k + n + 1, k + n]
        base += n * n
    return _geom("die", fmt, np.asarray(rows, dtype=np.float32), np.array(tris))


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


# Where a face's symbols go: the middle of the face's top and bottom rows, between the corner
# pips (and clear of a five's centre pip): PIP_RADIUS + 0.02 from the nearest pip of any value.
SYMBOL_CENTRES = ((0.5, _LO), (0.5, _HI))
SYMBOL_RADIUS = 0.125  # of the face's side: the symbol fits a square of twice this
SYMBOL_STROKE = 0.2  # of SYMBOL_RADIUS: lines about 0.4 mm wide on a 16 mm die
SYMBOL_SUPERSAMPLE = 4  # drawn this much finer, then averaged: smooth edges


def _segment(
    u: np.ndarray, v: np.ndarray, a: tuple[float, float], b: tuple[float, float]
) -> np.ndarray:
    """Distance from (u, v) to the segment a-b."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    k = np.clip(((u - ax) * dx + (v - ay) * dy) / (dx * dx + dy * dy), 0.0, 1.0)
    return np.hypot(u - ax - k * dx, v - ay - k * dy)


def _in_triangle(u: np.ndarray, v: np.ndarray, p, q, r) -> np.ndarray:
    def side(a, b):
        return (b[0] - a[0]) * (v - a[1]) - (b[1] - a[1]) * (u - a[0])

    s1, s2, s3 = side(p, q), side(q, r), side(r, p)
    return ((s1 >= 0) & (s2 >= 0) & (s3 >= 0)) | ((s1 <= 0) & (s2 <= 0) & (s3 <= 0))


def symbol_shape(material: str, u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Whether (u, v) in [-1, 1]^2 lies inside ``material``'s symbol, each legible by its shape
    alone (greyscale): wood three wavy grain lines, recycled three arrows chasing round a
    triangle, stone a hatched square, glass a cut gem (a diamond in a diamond)."""
    w = SYMBOL_STROKE / 2
    if material == "wood":
        out = np.zeros_like(u, dtype=bool)
        for k in (-0.62, 0.0, 0.62):
            out |= (np.abs(v - k - 0.16 * np.sin(3.1 * u + 0.7 * k)) < w) & (np.abs(u) < 0.92)
        return out
    if material == "stone":
        frame = (np.maximum(np.abs(u), np.abs(v)) < 0.86) & (
            np.maximum(np.abs(u), np.abs(v)) > 0.86 - 2 * w
        )
        hatch = (np.abs(((u + v) / np.sqrt(2) + 0.31) % 0.62 - 0.31) < w * 0.8) & (
            np.maximum(np.abs(u), np.abs(v)) < 0.86
        )
        return frame | hatch
    if material == "recycled":
        corners = [
            (0.95 * np.cos(np.radians(a)), 0.95 * np.sin(np.radians(a)) - 0.12)
            for a in (90, 210, 330)
        ]
        out = np.zeros_like(u, dtype=bool)
        for i in range(3):
            a, b = np.array(corners[i]), np.array(corners[(i + 1) % 3])
            d = b - a
            n = np.array([-d[1], d[0]]) / np.hypot(*d)
            out |= _segment(u, v, tuple(a + 0.12 * d), tuple(a + 0.62 * d)) < w
            tip, back = a + 0.9 * d, a + 0.55 * d
            out |= _in_triangle(u, v, tuple(tip), tuple(back + 0.3 * n), tuple(back - 0.3 * n))
        return out
    if material == "glass":
        outer = np.abs(u) / 0.72 + np.abs(v) / 0.98
        return ((outer < 1.0) & (outer > 1.0 - 2.4 * w)) | (outer < 0.36)
    raise ValueError(f"no symbol for {material!r}")


def symbol_mask(size: int = ATLAS_TILE) -> np.ndarray:
    """The symbol atlas as floats in [0, 1], shape (size, 4 * size): one face tile per material
    in ``Material`` order, each symbol twice (at SYMBOL_CENTRES, the second turned half round).
    Row 0 = t=0, as in ``pip_mask``."""
    n = size * SYMBOL_SUPERSAMPLE
    ys, xs = np.mgrid[0:n, 0:n]
    s = (xs + 0.5) / n
    t = (ys + 0.5) / n
    tiles = []
    for material in ("wood", "recycled", "stone", "glass"):
        hit = np.zeros((n, n), dtype=bool)
        for k, (cs, ct) in enumerate(SYMBOL_CENTRES):
            turn = 1.0 if k == 0 else -1.0
            hit |= symbol_shape(
                material, turn * (s - cs) / SYMBOL_RADIUS, turn * (t - ct) / SYMBOL_RADIUS
            )
        f = SYMBOL_SUPERSAMPLE
        tiles.append(hit.reshape(size, f, size, f).mean(axis=(1, 3)))
    return np.concatenate(tiles, axis=1)


# -- plain props ----------------------------------------------------------------------------------


def _geom(name: str, fmt: GeomVertexFormat, rows: np.ndarray, tris: np.ndarray) -> Geom:
    vdata = GeomVertexData(name, fmt, Geom.UH_static)
    vdata.unclean_set_num_rows(len(rows))
    memoryview(vdata.modify_array(0)).cast("B")[:] = np.ascontiguousarray(
        rows, np.float32
    ).tobytes()
    prim = GeomTriangles(Geom.UH_static)
    prim.set_index_type(Geom.NT_uint32)
    prim.modify_vertices().unclean_set_num_rows(tris.size)
    memoryview(prim.modify_vertices()).cast("B")[:] = tris.astype(np.uint32).tobytes()
    geom = Geom(vdata)
    geom.add_primitive(prim)
    return geom


def mesh(verts, normals, tris, uvs=None) -> Geom:
    """A lit mesh: vertex and normal columns, and texcoords when ``uvs`` is given."""
    verts, normals = np.asarray(verts, float), np.asarray(normals, float)
    if uvs is None:
        return _geom(
            "prop", GeomVertexFormat.get_v3n3(), np.hstack([verts, normals]), np.asarray(tris)
        )
    return _geom(
        "prop",
        GeomVertexFormat.get_v3n3t2(),
        np.hstack([verts, normals, np.asarray(uvs, float)]),
        np.asarray(tris),
    )


def box(sx: float, sy: float, sz: float, top_uv: bool = False) -> Geom:
    """A box of size (sx, sy, sz) standing on z = 0, centred on x and y. With ``top_uv`` the top
    face maps texcoords 0..1 over its whole area and the other faces sample (0.02, 0.5)."""
    hx, hy = sx / 2, sy / 2
    faces = [
        ((0, 0, 1), [(-hx, -hy, sz), (hx, -hy, sz), (hx, hy, sz), (-hx, hy, sz)]),
        ((0, 0, -1), [(-hx, hy, 0), (hx, hy, 0), (hx, -hy, 0), (-hx, -hy, 0)]),
        ((0, -1, 0), [(-hx, -hy, 0), (hx, -hy, 0), (hx, -hy, sz), (-hx, -hy, sz)]),
        ((0, 1, 0), [(hx, hy, 0), (-hx, hy, 0), (-hx, hy, sz), (hx, hy, sz)]),
        ((1, 0, 0), [(hx, -hy, 0), (hx, hy, 0), (hx, hy, sz), (hx, -hy, sz)]),
        ((-1, 0, 0), [(-hx, hy, 0), (-hx, -hy, 0), (-hx, -hy, sz), (-hx, hy, sz)]),
    ]
    verts, normals, tris, uvs = [], [], [], []
    for f, (n, quad) in enumerate(faces):
        i = len(verts)
        verts += quad
        normals += [n] * 4
        # The edges of a card sample a paper-coloured texel just inside its margin.
        uvs += [(0, 0), (1, 0), (1, 1), (0, 1)] if f == 0 else [(0.02, 0.5)] * 4
        tris += [i, i + 1, i + 2, i, i + 2, i + 3]
    return mesh(verts, normals, tris, uvs if top_uv else None)


def cylinder(
    radius: float,
    height: float,
    segments: int = 48,
    top_radius: float | None = None,
    cap: bool = True,
    z0: float = 0.0,
) -> Geom:
    """A (possibly tapered) cylinder standing on z = ``z0``, with a top cap unless ``cap`` is False."""
    top_r = radius if top_radius is None else top_radius
    a = np.linspace(0, 2 * math.pi, segments, endpoint=False)
    c, s = np.cos(a), np.sin(a)
    bottom = np.stack([radius * c, radius * s, np.full_like(a, z0)], 1)
    top = np.stack([top_r * c, top_r * s, np.full_like(a, z0 + height)], 1)
    slope = (radius - top_r) / max(height, 1e-6)
    side_n = np.stack([c, s, np.full_like(a, slope)], 1)
    side_n /= np.linalg.norm(side_n, axis=1, keepdims=True)
    verts = np.vstack([bottom, top, top, [[0, 0, z0 + height]]])
    normals = np.vstack([side_n, side_n, np.tile([0, 0, 1], (segments + 1, 1))])
    tris = []
    for i in range(segments):
        j = (i + 1) % segments
        tris += [i, j, segments + j, i, segments + j, segments + i]
        if cap:
            tris += [2 * segments + i, 2 * segments + j, 3 * segments]
    return mesh(verts, normals, tris)


def disc(
    radius: float,
    segments: int = 96,
    inner: float = 0.0,
    z: float = 0.0,
    uv_repeat: float | None = None,
) -> Geom:
    """A flat disc at height ``z`` facing up; with ``inner`` > 0 a ring, so that what lies inside
    (the felt) is not drawn over a shaded surface that nobody sees. With ``uv_repeat`` (cm) its
    texcoords are its x, y over that length: a texture repeats every ``uv_repeat`` cm."""
    a = np.linspace(0, 2 * math.pi, segments, endpoint=False)
    outer = np.stack([radius * np.cos(a), radius * np.sin(a), np.full_like(a, z)], 1)
    tris = []
    if inner > 0.0:
        inside = outer.copy()
        inside[:, :2] *= inner / radius
        verts = np.vstack([outer, inside])
        for i in range(segments):
            j = (i + 1) % segments
            tris += [i, j, segments + j, i, segments + j, segments + i]
    else:
        verts = np.vstack([[[0, 0, z]], outer])
        for i in range(segments):
            tris += [0, 1 + i, 1 + (i + 1) % segments]
    uvs = None if uv_repeat is None else verts[:, :2] / uv_repeat
    return mesh(verts, np.tile([0, 0, 1], (len(verts), 1)), tris, uvs)


# -- the dice bag: a drawstring sack ---------------------------------------------------------------

BAG_FOLDS = 9  # folds gathered round the drawstring
BAG_CINCH_Z = 5.9  # where the drawstring pulls the sack in
BAG_TOP_Z = 7.4  # the frill's rim: the open mouth (the dice leave at BAG_MOUTH_Z, 6.5)


def _bag_radius(z: np.ndarray) -> np.ndarray:
    """The sack's profile without its folds: a round-bottomed body bulging to 3.3 cm, pulled in
    to 1.25 cm at the drawstring, the frill above it opening to 2.1 cm."""
    body = np.where(
        z < 2.2,
        2.5 + 0.8 * np.sin(np.clip(z / 2.2, 0, 1) * np.pi / 2),
        1.25 + 2.05 * np.cos(np.clip((z - 2.2) / (BAG_CINCH_Z - 2.2), 0, 1) * np.pi / 2) ** 0.8,
    )
    frill = 1.25 + 0.85 * np.sin(
        np.clip((z - BAG_CINCH_Z) / (BAG_TOP_Z - BAG_CINCH_Z), 0, 1) * np.pi / 2
    )
    return np.where(z <= BAG_CINCH_Z, body, frill)


def _fold_depth(z: np.ndarray) -> np.ndarray:
    """How deep the folds are (a share of the radius): gathered hard at the drawstring, dying
    out down the body, loose in the frill."""
    below = np.exp(-(((BAG_CINCH_Z - z) / 1.6) ** 2)) * 0.16 + 0.025
    return np.where(z <= BAG_CINCH_Z, below, 0.14)


def _surface(u: np.ndarray, z: np.ndarray, inside: bool = False) -> np.ndarray:
    theta = 2 * math.pi * u
    twist = 0.25 * np.sin(z * 0.9)  # folds wander a little round the sack
    r = _bag_radius(z) * (1 + _fold_depth(z) * np.cos(BAG_FOLDS * theta + twist))
    if inside:
        r = r - 0.06
    return np.stack([r * np.cos(theta), r * np.sin(theta), z], -1)


def bag_geom(part: str, segments: int = 54, cloth_repeat: float = 2.0) -> Geom:
    """The sack (``body``: from its rounded bottom up to the drawstring) or the frill (``frill``:
    from the drawstring to the open mouth, its inside drawn too), with folds, lit by normals
    from the surface itself, and texcoords for the cloth (one weave repeat per ``cloth_repeat``
    cm round and along the cloth)."""
    if part == "body":
        zs = np.linspace(0.0, BAG_CINCH_Z, 22)
        rings = [(zs, False)]
    else:
        zs = np.linspace(BAG_CINCH_Z, BAG_TOP_Z, 7)
        rings = [(zs, False), (zs, True)]
    verts, normals, uvs, tris = [], [], [], []
    u = np.linspace(0.0, 1.0, segments + 1)  # a seam column at u = 1 for the texture
    for zs, inside in rings:
        base = len(verts)
        uu, zz = np.meshgrid(u, zs)
        pos = _surface(uu, zz, inside)
        eps = 1e-3
        du = _surface(uu + eps, zz, inside) - _surface(uu - eps, zz, inside)
        dz = _surface(uu, zz + eps, inside) - _surface(uu, zz - eps, inside)
        n = np.cross(du, dz)
        n /= np.maximum(np.linalg.norm(n, axis=-1, keepdims=True), 1e-9)
        if inside:
            n = -n
        # Along the cloth: arc length up the profile, for a weave that does not stretch.
        step = np.linalg.norm(np.diff(pos[:, 0], axis=0), axis=-1)
        along = np.concatenate([[0.0], np.cumsum(step)])
        circ = 2 * math.pi * _bag_radius(zs).max()
        ncols = segments + 1
        for j in range(len(zs)):
            for i in range(ncols):
                verts.append(pos[j, i])
                normals.append(n[j, i])
                uvs.append((u[i] * round(circ / cloth_repeat), along[j] / cloth_repeat))
        for j in range(len(zs) - 1):
            for i in range(segments):
                k = base + j * ncols + i
                quad_ = [k, k + 1, k + ncols + 1, k, k + ncols + 1, k + ncols]
                if inside:
                    quad_ = [quad_[0], quad_[2], quad_[1], quad_[3], quad_[5], quad_[4]]
                tris += quad_
    if part == "body":
        # The bottom: a flat disc closing the sack, facing down.
        centre = len(verts)
        verts.append((0.0, 0.0, 0.0))
        normals.append((0.0, 0.0, -1.0))
        uvs.append((0.0, 0.0))
        ring0 = _surface(u[:-1], np.zeros(segments))
        for i in range(segments):
            verts.append(ring0[i])
            normals.append((0.0, 0.0, -1.0))
            uvs.append((ring0[i][0] / cloth_repeat, ring0[i][1] / cloth_repeat))
        for i in range(segments):
            tris += [centre, centre + 1 + (i + 1) % segments, centre + 1 + i]
    return mesh(np.asarray(verts), np.asarray(normals), tris, np.asarray(uvs))


def torus(major: float, minor: float, z: float, segments: int = 36, sides: int = 6) -> Geom:
    """A ring (the drawstring) round the z axis at height ``z``."""
    verts, normals, tris = [], [], []
    for i in range(segments):
        a = 2 * math.pi * i / segments
        for j in range(sides):
            b = 2 * math.pi * j / sides
            nrm = (math.cos(a) * math.cos(b), math.sin(a) * math.cos(b), math.sin(b))
            verts.append(
                (
                    major * math.cos(a) + minor * nrm[0],
                    major * math.sin(a) + minor * nrm[1],
                    z + minor * nrm[2],
                )
            )
            normals.append(nrm)
    for i in range(segments):
        for j in range(sides):
            a0, a1 = i * sides, ((i + 1) % segments) * sides
            b0, b1 = j, (j + 1) % sides
            tris += [a0 + b0, a1 + b0, a1 + b1, a0 + b0, a1 + b1, a0 + b1]
    return mesh(verts, normals, tris)


def quad(half: float) -> Geom:
    """A square of side 2 * ``half`` on z = 0 facing up, texcoords 0..1 (a space's overlay)."""
    verts = [
        ((2 * u - 1) * half, (2 * v - 1) * half, 0) for u, v in ((0, 0), (1, 0), (1, 1), (0, 1))
    ]
    return mesh(verts, [(0, 0, 1)] * 4, [0, 1, 2, 0, 2, 3], [(0, 0), (1, 0), (1, 1), (0, 1)])


def model(name: str, parts: dict[str, Geom]) -> NodePath:
    """A model root holding one named GeomNode per part (the client finds parts by name)."""
    root = NodePath(name)
    for part, geom in parts.items():
        gn = GeomNode(part)
        gn.add_geom(geom)
        root.attach_new_node(gn)
    return root


def models() -> dict[str, NodePath]:
    r = units.TABLE_RADIUS
    w, h = layout.AWARD_CARD_SIZE
    return {
        "die": model("die", {"die-mesh": die_geom()}),
        # The wooden rim is a ring and the edge has no cap: the felt covers the rest, and a
        # shaded surface drawn under it would cost a full-table pass on a software renderer.
        "table": model(
            "table",
            {
                "table-top": disc(r, inner=r * 0.92),
                "table-edge": cylinder(r, 3.0, cap=False, z0=-3.0),
                "table-felt": disc(r * 0.93, z=0.01, uv_repeat=textures.SURFACE_TEXTURE["felt"][1]),
            },
        ),
        "screen": model(
            "screen", {"screen-board": box(layout.SCREEN_WIDTH, 0.5, layout.SCREEN_HEIGHT)}
        ),
        "scoreboard": model("scoreboard", {"scoreboard-board": box(8.5, 4.6, 0.3)}),
        "bag": model(
            "bag",
            {
                "bag-body": bag_geom("body", cloth_repeat=textures.SURFACE_TEXTURE["cloth"][1]),
                "bag-neck": bag_geom("frill", cloth_repeat=textures.SURFACE_TEXTURE["cloth"][1]),
                "bag-cord": torus(
                    float(
                        _bag_radius(np.array(BAG_CINCH_Z))
                        * (1 + _fold_depth(np.array(BAG_CINCH_Z)))
                    )
                    + 0.03,
                    0.13,
                    BAG_CINCH_Z,
                ),
                # The dark inside seen through the open mouth, at the drawstring.
                "bag-inside": disc(
                    float(_bag_radius(np.array(BAG_CINCH_Z))) * 1.1,
                    segments=24,
                    z=BAG_CINCH_Z + 0.05,
                ),
            },
        ),
        "award-card": model("award-card", {"award-card-blank": box(w, h, 0.08)}),
        "card": model(
            "card",
            {
                "card-paper": box(1.0, 1.0, units.CARD_THICKNESS, top_uv=True),
                "space": quad(card_model.SPACE_FRACTION * units.CELL_PITCH / 2),
            },
        ),
    }


def write_grey_png(path: Path, mask: np.ndarray) -> None:
    """A one-channel 8-bit PNG of ``mask`` in [0, 1]; row 0 of the array is the image's bottom
    (texture order, t = 0), as Panda3D's RAM images are."""
    img = (np.clip(mask, 0, 1) * 255 + 0.5).astype(np.uint8)
    tex = Texture("pips")
    tex.setup_2d_texture(img.shape[1], img.shape[0], Texture.T_unsigned_byte, Texture.F_luminance)
    tex.set_ram_image(np.ascontiguousarray(img).tobytes())
    tmp = path.with_name("tmp-" + path.name)
    if not tex.write(Filename.from_os_specific(str(tmp))):
        raise OSError(f"cannot write {tmp}")
    tmp.replace(path)


def write_bam(path: Path, node: NodePath) -> None:
    tmp = path.with_name("tmp-" + path.name)
    if not node.write_bam_file(Filename.from_os_specific(str(tmp))):
        raise OSError(f"cannot write {tmp}")
    tmp.replace(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", type=Path, default=ROOT / "models")
    parser.add_argument("--textures", type=Path, default=ROOT / "textures")
    args = parser.parse_args(argv)
    args.models.mkdir(parents=True, exist_ok=True)
    args.textures.mkdir(parents=True, exist_ok=True)
    for name, node in models().items():
        write_bam(args.models / f"{name}.bam", node)
        print(f"wrote {args.models / name}.bam")
    write_grey_png(args.textures / "die_pips.png", pip_mask())
    print(f"wrote {args.textures / 'die_pips.png'}")
    write_grey_png(args.textures / "die_symbols.png", symbol_mask())
    print(f"wrote {args.textures / 'die_symbols.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
