"""Blueprint cards: a thin paper card with its grid printed on top, drawn at run time with numpy.

The card lies on z=0 (its top face at ``units.CARD_THICKNESS``), centred on its origin, its
long axis along the rows (+Y is row 1, the far side for the seated player). Each space is an
outlined square with its height printed large; hatched spaces are filled with diagonal stripes.
Every space also has a hidden overlay (``space-<cell>``) that ``materials.set_highlight`` shows.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from panda3d.core import (Geom, GeomNode, GeomTriangles, GeomVertexData, GeomVertexFormat,
                          GeomVertexWriter, NodePath, Texture, TransparencyAttrib)

from blueprints3d.client.scene import units
from blueprints3d.client.scene.card_glyphs import draw_digit, draw_text
from blueprints3d.engine.blueprints import Blueprint

PX_PER_CM = 96                              # texture resolution of the printed face
PAPER = np.array([0.95, 0.93, 0.87])        # warm off-white card stock
INK = np.array([0.11, 0.20, 0.42])          # blueprint navy
SPACE_FRACTION = 0.9                        # a space's printed square, as a share of the pitch
HIGHLIGHT_LIFT = 0.012                      # overlays float this far above the paper (no z-fight)


def card_size(blueprint: Blueprint) -> tuple[float, float]:
    """(width along x, length along y) of the card in cm."""
    return (blueprint.cols * units.CELL_PITCH + 2 * units.CARD_MARGIN,
            blueprint.rows * units.CELL_PITCH + 2 * units.CARD_MARGIN)


def cell_position(blueprint: Blueprint, cell: int) -> tuple[float, float]:
    """Centre of space ``cell`` (row * cols + col) relative to the card's origin; row 0 is at +Y."""
    row, col = divmod(cell, blueprint.cols)
    x = (col - (blueprint.cols - 1) / 2.0) * units.CELL_PITCH
    y = ((blueprint.rows - 1) / 2.0 - row) * units.CELL_PITCH
    return x, y


def cell_at(blueprint: Blueprint, x: float, y: float) -> int | None:
    """The space under card-relative point (x, y), or None between spaces or off the grid."""
    col = x / units.CELL_PITCH + (blueprint.cols - 1) / 2.0
    row = (blueprint.rows - 1) / 2.0 - y / units.CELL_PITCH
    c, r = round(col), round(row)
    if not (0 <= r < blueprint.rows and 0 <= c < blueprint.cols):
        return None
    if max(abs(col - c), abs(row - r)) > SPACE_FRACTION / 2:
        return None
    return r * blueprint.cols + c


def card_face_image(blueprint: Blueprint) -> np.ndarray:
    """The printed face as float RGB in [0, 1], shape (h, w, 3), row 0 = far edge (+Y)."""
    width, length = card_size(blueprint)
    w, h = int(round(width * PX_PER_CM)), int(round(length * PX_PER_CM))
    ink = np.zeros((h, w))  # ink coverage, 0..1
    ys, xs = np.mgrid[0:h, 0:w]
    # Pixel centres in card cm, x right, y up (row 0 of the image is the far edge).
    px = (xs + 0.5) / PX_PER_CM - width / 2
    py = length / 2 - (ys + 0.5) / PX_PER_CM
    aa = 1.0 / PX_PER_CM
    # A thin border just inside the card edge, like a printed frame.
    inset = 0.35
    frame = np.maximum(np.abs(px) - (width / 2 - inset), np.abs(py) - (length / 2 - inset))
    ink = np.maximum(ink, 0.8 * _stroke(np.abs(frame), 0.025, aa))
    half = SPACE_FRACTION * units.CELL_PITCH / 2
    for cell, height in enumerate(blueprint.heights):
        cx, cy = cell_position(blueprint, cell)
        dx, dy = px - cx, py - cy
        box = _rounded_box_sdf(dx, dy, half, 0.12)
        ink = np.maximum(ink, _stroke(np.abs(box), 0.045, aa))
        inside = np.clip(0.5 - box / aa, 0.0, 1.0)
        if height is None:
            # Hatching: 45-degree stripes, 60% ink, so a hatched space reads dark at a glance.
            period = 0.32
            phase = np.mod((dx + dy) / period, 1.0)
            stripes = np.clip((np.abs(phase - 0.5) - 0.2) * period / aa + 0.5, 0.0, 1.0)
            ink = np.maximum(ink, 0.95 * stripes * inside)
        else:
            # Faint wash so empty spaces read as spaces, then the height, large.
            ink = np.maximum(ink, 0.07 * inside)
            glyph_h = 0.62 * units.CELL_PITCH
            draw_digit(ink, str(height), cx, cy, glyph_h, PX_PER_CM, width, length)
    label = f"{blueprint.id}  {blueprint.name}".upper()
    draw_text(ink, label, -width / 2 + inset + 0.25, -length / 2 + inset + 0.22, 0.30,
              PX_PER_CM, width, length)
    ink = np.clip(ink, 0.0, 1.0)[..., None]
    return PAPER * (1.0 - ink) + INK * ink


def _stroke(dist: np.ndarray, half_width: float, aa: float) -> np.ndarray:
    return np.clip((half_width - dist) / aa + 0.5, 0.0, 1.0)


def _rounded_box_sdf(dx: np.ndarray, dy: np.ndarray, half: float, radius: float) -> np.ndarray:
    qx = np.abs(dx) - (half - radius)
    qy = np.abs(dy) - (half - radius)
    outside = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0))
    return outside + np.minimum(np.maximum(qx, qy), 0) - radius


@lru_cache(maxsize=64)
def card_texture(blueprint: Blueprint) -> Texture:
    """The face image as a mipmapped texture (cached: a card looks the same every time)."""
    img = card_face_image(blueprint)
    rgb = (np.clip(img, 0, 1) * 255 + 0.5).astype(np.uint8)
    tex = Texture(f"card-{blueprint.id}")
    tex.setup_2d_texture(rgb.shape[1], rgb.shape[0], Texture.T_unsigned_byte, Texture.F_rgb)
    # RAM images are bottom row first, BGR.
    tex.set_ram_image(np.ascontiguousarray(rgb[::-1, :, ::-1]).tobytes())
    tex.set_minfilter(Texture.FT_linear_mipmap_linear)
    tex.set_magfilter(Texture.FT_linear)
    tex.set_anisotropic_degree(8)
    tex.set_wrap_u(Texture.WM_clamp)
    tex.set_wrap_v(Texture.WM_clamp)
    return tex


def _box_geom(width: float, length: float, thick: float) -> Geom:
    """A thin box: the top face carries texcoords 0..1 over the whole card; sides and bottom 0."""
    fmt = GeomVertexFormat.get_v3n3t2()
    vdata = GeomVertexData("card", fmt, Geom.UH_static)
    vw, nw, tw = (GeomVertexWriter(vdata, c) for c in ("vertex", "normal", "texcoord"))
    tris = GeomTriangles(Geom.UH_static)
    x, y, z = width / 2, length / 2, thick
    faces = [  # (normal, four corners counter-clockwise seen from outside, uv of each or None)
        ((0, 0, 1), [(-x, -y, z), (x, -y, z), (x, y, z), (-x, y, z)], [(0, 0), (1, 0), (1, 1), (0, 1)]),
        ((0, 0, -1), [(-x, y, 0), (x, y, 0), (x, -y, 0), (-x, -y, 0)], None),
        ((0, -1, 0), [(-x, -y, 0), (x, -y, 0), (x, -y, z), (-x, -y, z)], None),
        ((0, 1, 0), [(x, y, 0), (-x, y, 0), (-x, y, z), (x, y, z)], None),
        ((1, 0, 0), [(x, -y, 0), (x, y, 0), (x, y, z), (x, -y, z)], None),
        ((-1, 0, 0), [(-x, y, 0), (-x, -y, 0), (-x, -y, z), (-x, y, z)], None),
    ]
    for i, (n, corners, uvs) in enumerate(faces):
        for j, c in enumerate(corners):
            vw.add_data3(*c)
            nw.add_data3(*n)
            # Edges sample a paper-coloured texel just inside the margin.
            tw.add_data2(*(uvs[j] if uvs else (0.02, 0.5)))
        k = 4 * i
        tris.add_vertices(k, k + 1, k + 2)
        tris.add_vertices(k, k + 2, k + 3)
    geom = Geom(vdata)
    geom.add_primitive(tris)
    return geom


def _quad_geom(half: float) -> Geom:
    fmt = GeomVertexFormat.get_v3n3t2()
    vdata = GeomVertexData("space", fmt, Geom.UH_static)
    vw, nw, tw = (GeomVertexWriter(vdata, c) for c in ("vertex", "normal", "texcoord"))
    for (u, v) in ((0, 0), (1, 0), (1, 1), (0, 1)):
        vw.add_data3((2 * u - 1) * half, (2 * v - 1) * half, 0)
        nw.add_data3(0, 0, 1)
        tw.add_data2(u, v)
    tris = GeomTriangles(Geom.UH_static)
    tris.add_vertices(0, 1, 2)
    tris.add_vertices(0, 2, 3)
    geom = Geom(vdata)
    geom.add_primitive(tris)
    return geom


def make_card(blueprint: Blueprint) -> NodePath:
    """The card for ``blueprint``: paper with its printed grid, and a hidden overlay per space."""
    from blueprints3d.client.render import materials

    width, length = card_size(blueprint)
    root = NodePath(f"card-{blueprint.id}")
    root.set_tag("card", blueprint.id)
    root.set_python_tag("card_size", (width, length))
    gn = GeomNode("card-paper")
    gn.add_geom(_box_geom(width, length, units.CARD_THICKNESS))
    paper = root.attach_new_node(gn)
    paper.set_texture(card_texture(blueprint))
    materials.apply_surface_material(paper, "paper")
    quad = _quad_geom(SPACE_FRACTION * units.CELL_PITCH / 2)
    for cell in range(blueprint.num_cells):
        sn = GeomNode(f"space-{cell}")
        sn.add_geom(quad)
        space = root.attach_new_node(sn)
        x, y = cell_position(blueprint, cell)
        space.set_pos(x, y, units.CARD_THICKNESS + HIGHLIGHT_LIFT)
        space.set_tag("cell", str(cell))
        space.set_tag(materials.HIGHLIGHT_TAG, "1")
        space.set_transparency(TransparencyAttrib.M_alpha)
        space.set_depth_write(False)
        space.set_bin("transparent", 0)  # blended like glass, sorted with it
        space.set_light_off()
        materials.apply_overlay_material(space)
        space.hide()
    return root
