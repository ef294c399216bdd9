"""Plain props for the table (boxes, discs, cylinders, flat labels): the table top, the screens, the
bag, the scoreboard, Award and Prize cards and the cell highlight tiles.

Dice and blueprint cards are NOT made here: they come from ``dice_model`` and ``card_model``.
Geometry is built with numpy into one vertex buffer per prop, with normals so it is lit.
"""

from __future__ import annotations

import math

import numpy as np
from panda3d.core import (Geom, GeomNode, GeomTriangles, GeomVertexData, GeomVertexFormat,
                          NodePath, TextNode, TransparencyAttrib)

RGBA = tuple[float, float, float, float]


def _mesh(name: str, verts: np.ndarray, normals: np.ndarray, tris: np.ndarray, rgba: RGBA) -> NodePath:
    fmt = GeomVertexFormat.get_v3n3()
    vdata = GeomVertexData(name, fmt, Geom.UH_static)
    vdata.unclean_set_num_rows(len(verts))
    arr = np.hstack([verts, normals]).astype(np.float32)
    memoryview(vdata.modify_array(0)).cast("B")[:] = arr.tobytes()
    prim = GeomTriangles(Geom.UH_static)
    prim.set_index_type(Geom.NT_uint32)
    prim.modify_vertices().unclean_set_num_rows(tris.size)
    memoryview(prim.modify_vertices()).cast("B")[:] = tris.astype(np.uint32).tobytes()
    geom = Geom(vdata)
    geom.add_primitive(prim)
    node = GeomNode(name)
    node.add_geom(geom)
    np_ = NodePath(node)
    np_.set_color(*rgba)
    if rgba[3] < 1.0:
        np_.set_transparency(TransparencyAttrib.M_alpha)
    return np_


def make_box(name: str, sx: float, sy: float, sz: float, rgba: RGBA) -> NodePath:
    """A box of size (sx, sy, sz) standing on z = 0, centred on x and y."""
    hx, hy = sx / 2, sy / 2
    verts, normals, tris = [], [], []
    faces = [((0, 0, 1), [(-hx, -hy, sz), (hx, -hy, sz), (hx, hy, sz), (-hx, hy, sz)]),
             ((0, 0, -1), [(-hx, hy, 0), (hx, hy, 0), (hx, -hy, 0), (-hx, -hy, 0)]),
             ((0, -1, 0), [(-hx, -hy, 0), (hx, -hy, 0), (hx, -hy, sz), (-hx, -hy, sz)]),
             ((0, 1, 0), [(hx, hy, 0), (-hx, hy, 0), (-hx, hy, sz), (hx, hy, sz)]),
             ((1, 0, 0), [(hx, -hy, 0), (hx, hy, 0), (hx, hy, sz), (hx, -hy, sz)]),
             ((-1, 0, 0), [(-hx, hy, 0), (-hx, -hy, 0), (-hx, -hy, sz), (-hx, hy, sz)])]
    for n, quad in faces:
        i = len(verts)
        verts += quad
        normals += [n] * 4
        tris += [i, i + 1, i + 2, i, i + 2, i + 3]
    return _mesh(name, np.array(verts, float), np.array(normals, float), np.array(tris), rgba)


def make_cylinder(name: str, radius: float, height: float, rgba: RGBA, segments: int = 48,
                  top_radius: float | None = None, cap: bool = True) -> NodePath:
    """A (possibly tapered) cylinder standing on z = 0, with a top cap unless ``cap`` is False."""
    top_r = radius if top_radius is None else top_radius
    a = np.linspace(0, 2 * math.pi, segments, endpoint=False)
    c, s = np.cos(a), np.sin(a)
    bottom = np.stack([radius * c, radius * s, np.zeros_like(a)], 1)
    top = np.stack([top_r * c, top_r * s, np.full_like(a, height)], 1)
    slope = (radius - top_r) / max(height, 1e-6)
    side_n = np.stack([c, s, np.full_like(a, slope)], 1)
    side_n /= np.linalg.norm(side_n, axis=1, keepdims=True)
    cap_centre = np.array([[0, 0, height]])
    verts = np.vstack([bottom, top, top, cap_centre])
    normals = np.vstack([side_n, side_n, np.tile([0, 0, 1], (segments + 1, 1))])
    tris = []
    for i in range(segments):
        j = (i + 1) % segments
        tris += [i, j, segments + j, i, segments + j, segments + i]
        if cap:
            tris += [2 * segments + i, 2 * segments + j, 3 * segments]
    return _mesh(name, verts, normals, np.array(tris), rgba)


def make_disc(name: str, radius: float, rgba: RGBA, segments: int = 96, inner: float = 0.0) -> NodePath:
    """A flat disc on z = 0 facing up (the table top); with ``inner`` > 0 a ring, so that what
    lies inside (the felt) is not drawn over a shaded surface that nobody sees."""
    a = np.linspace(0, 2 * math.pi, segments, endpoint=False)
    outer = np.stack([radius * np.cos(a), radius * np.sin(a), np.zeros_like(a)], 1)
    tris = []
    if inner > 0.0:
        verts = np.vstack([outer, outer * (inner / radius)])
        for i in range(segments):
            j = (i + 1) % segments
            tris += [i, j, segments + j, i, segments + j, segments + i]
    else:
        verts = np.vstack([[[0, 0, 0]], outer])
        for i in range(segments):
            tris += [0, 1 + i, 1 + (i + 1) % segments]
    normals = np.tile([0, 0, 1], (len(verts), 1))
    return _mesh(name, verts, normals, np.array(tris), rgba)


def make_tile(name: str, sx: float, sy: float, rgba: RGBA) -> NodePath:
    """A flat square on z = 0 facing up: cell highlights and flat cards."""
    hx, hy = sx / 2, sy / 2
    verts = np.array([(-hx, -hy, 0), (hx, -hy, 0), (hx, hy, 0), (-hx, hy, 0)], float)
    normals = np.tile([0, 0, 1], (4, 1))
    return _mesh(name, verts, normals, np.array([0, 1, 2, 0, 2, 3]), rgba)


def make_label(name: str, text: str, rgba: RGBA = (0.1, 0.1, 0.1, 1), scale: float = 1.0,
               flat: bool = True, wordwrap: float | None = None) -> NodePath:
    """Text in the scene: lying flat on the table (``flat``) or standing, centred."""
    tn = TextNode(name)
    tn.set_text(text)
    tn.set_align(TextNode.A_center)
    tn.set_text_color(*rgba)
    if wordwrap:
        tn.set_wordwrap(wordwrap)
    np_ = NodePath(tn)
    np_.set_scale(scale)
    if flat:
        np_.set_p(-90)
    np_.set_light_off(1)  # text reads the same whatever the lights
    return np_
