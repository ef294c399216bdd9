#!/usr/bin/env python3
"""Draw the icon sheet, textures/icons.png, and its index, textures/icons.json (numpy only).

    python tools/make_icons.py [--out textures]

One cell per icon, each a white shape on a transparent ground (alpha is the ink), so whoever
shows one tints it (``client/render/icons.py`` finds them by name; the share card of ``render
--card`` shows the Prizes with them, and the table's HUD can). The shapes are simple vectors:
rounded boxes, discs and bars, each pixel's coverage worked out at SUPERSAMPLE x SUPERSAMPLE
points and averaged, so the edges are smooth. The same code always makes the same files, so the
committed ones can be checked by rerunning (tests/client/render/test_icons.py).

The icons:

- ``skyscraper``: a tall tower with a spire between two lower blocks (the Skyscraper Prize: a
  stack of 5 or more dice);
- ``geometer``: six dice showing 1 to 6 (all six values);
- ``structural_integrity``: four dice showing the same face (4 or more dice of one value);
- ``materials``: five plain dice of one colour, stacked 3 and 2 (5 or more of one material);
- ``blueprint``: a blueprint card with its grid of spaces and the isometric drawing's band (the
  blueprint bonus);
- ``die``: one die showing 5 (a generic die).
"""

from __future__ import annotations

import argparse
import json
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

import numpy as np

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "textures"
SHEET = "icons.png"
INDEX = "icons.json"
CELL = 128  # pixels a side of one icon's cell
GUTTER = 4  # transparent pixels between cells (no bleeding when scaled down)
COLUMNS = 3
SUPERSAMPLE = 4

Mask = np.ndarray  # (n, n) float coverage in 0..1, n = CELL * SUPERSAMPLE


# -- shapes: coverage on the cell's grid, coordinates 0..1 across, y down ----------------------------


def _grid() -> tuple[np.ndarray, np.ndarray]:
    n = CELL * SUPERSAMPLE
    c = (np.arange(n) + 0.5) / n
    return np.meshgrid(c, c)


def _coverage(sdf: np.ndarray) -> Mask:
    """Inside where the signed distance (in cell units) is negative, with a one-sample ramp."""
    px = 1.0 / (CELL * SUPERSAMPLE)
    return np.clip(0.5 - sdf / px, 0.0, 1.0)


def box(x0: float, y0: float, x1: float, y1: float, r: float = 0.0) -> Mask:
    """A rectangle from (x0, y0) to (x1, y1), its corners rounded by ``r``."""
    x, y = _grid()
    cx, cy, hx, hy = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
    r = min(r, hx, hy)
    qx, qy = np.abs(x - cx) - hx + r, np.abs(y - cy) - hy + r
    outside = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0))
    return _coverage(outside + np.minimum(np.maximum(qx, qy), 0) - r)


def disc(cx: float, cy: float, r: float) -> Mask:
    x, y = _grid()
    return _coverage(np.hypot(x - cx, y - cy) - r)


def union(*masks: Mask) -> Mask:
    return np.maximum.reduce(masks)


def cut(mask: Mask, *holes: Mask) -> Mask:
    return mask * (1.0 - union(*holes)) if holes else mask


# Pip places on a face, in its own 0..1 square.
PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


def die_face(x0: float, y0: float, side: float, value: int | None) -> Mask:
    """A die seen face on, its pips cut out (``value`` None: a plain face)."""
    face = box(x0, y0, x0 + side, y0 + side, 0.2 * side)
    if value is None:
        return face
    r = 0.095 * side if value < 6 else 0.085 * side
    return cut(face, *(disc(x0 + u * side, y0 + v * side, r) for u, v in PIPS[value]))


# -- the icons --------------------------------------------------------------------------------------


def _windows(x0: float, x1: float, y0: float, y1: float, cols: int, rows: int) -> list[Mask]:
    """A grid of window holes filling the rectangle."""
    w, h = (x1 - x0) / cols, (y1 - y0) / rows
    return [
        box(
            x0 + (c + 0.22) * w,
            y0 + (r + 0.25) * h,
            x0 + (c + 0.78) * w,
            y0 + (r + 0.75) * h,
            0.004,
        )
        for c in range(cols)
        for r in range(rows)
    ]


def skyscraper() -> Mask:
    tower = union(
        box(0.37, 0.20, 0.63, 0.90, 0.01),
        box(0.42, 0.13, 0.58, 0.21, 0.01),
        box(0.475, 0.03, 0.525, 0.14, 0.02),
    )
    tower = cut(tower, *_windows(0.40, 0.60, 0.24, 0.86, 3, 8))
    left = cut(box(0.10, 0.52, 0.33, 0.90, 0.01), *_windows(0.13, 0.30, 0.56, 0.86, 2, 4))
    right = cut(box(0.67, 0.63, 0.90, 0.90, 0.01), *_windows(0.70, 0.87, 0.67, 0.86, 2, 3))
    ground = box(0.04, 0.92, 0.96, 0.97, 0.02)
    return union(tower, left, right, ground)


def geometer() -> Mask:
    side, gap = 0.27, 0.045
    x0 = (1 - 3 * side - 2 * gap) / 2
    y0 = (1 - 2 * side - gap) / 2
    return union(
        *(
            die_face(x0 + c * (side + gap), y0 + r * (side + gap), side, 1 + r * 3 + c)
            for r in range(2)
            for c in range(3)
        )
    )


def structural_integrity() -> Mask:
    side, gap = 0.39, 0.06
    x0 = (1 - 2 * side - gap) / 2
    return union(
        *(
            die_face(x0 + c * (side + gap), x0 + r * (side + gap), side, 4)
            for r in range(2)
            for c in range(2)
        )
    )


def materials() -> Mask:
    side, gap = 0.28, 0.04
    x0 = (1 - 3 * side - 2 * gap) / 2
    y1 = 0.5 + side + gap / 2
    faces = [die_face(x0 + c * (side + gap), y1 - side, side, None) for c in range(3)]
    faces += [
        die_face(x0 + (side + gap) / 2 + c * (side + gap), y1 - 2 * side - gap, side, None)
        for c in range(2)
    ]
    return union(*faces)


def blueprint() -> Mask:
    outline = cut(box(0.06, 0.18, 0.94, 0.82, 0.05), box(0.11, 0.23, 0.89, 0.77, 0.03))
    spaces = [
        box(0.17 + c * 0.155, 0.285 + r * 0.15, 0.30 + c * 0.155, 0.415 + r * 0.15, 0.02)
        for c in range(2)
        for r in range(3)
    ]
    # The drawing's band: cubes in outline, two stacked and one beside them.
    cubes = [(0.56, 0.55, 0.69, 0.68), (0.56, 0.40, 0.69, 0.53), (0.71, 0.55, 0.84, 0.68)]
    band = [
        cut(box(x0, y0, x1, y1, 0.015), box(x0 + 0.025, y0 + 0.025, x1 - 0.025, y1 - 0.025))
        for x0, y0, x1, y1 in cubes
    ]
    return union(outline, *spaces, *band)


def die() -> Mask:
    return die_face(0.14, 0.14, 0.72, 5)


# Sheet order: the Prizes first (by their names in the rules), then the rest.
ICONS: dict[str, Callable[[], Mask]] = {
    "skyscraper": skyscraper,
    "geometer": geometer,
    "structural_integrity": structural_integrity,
    "materials": materials,
    "blueprint": blueprint,
    "die": die,
}


# -- the sheet --------------------------------------------------------------------------------------


def cell_rect(k: int) -> tuple[int, int, int, int]:
    """The ``k``-th icon's (x, y, width, height) in the sheet, from its top left."""
    col, row = k % COLUMNS, k // COLUMNS
    return (GUTTER + col * (CELL + GUTTER), GUTTER + row * (CELL + GUTTER), CELL, CELL)


def sheet() -> tuple[np.ndarray, dict]:
    """The sheet as an (h, w, 4) uint8 RGBA array (white, alpha the ink) and its index."""
    rows = -(-len(ICONS) // COLUMNS)
    w = GUTTER + COLUMNS * (CELL + GUTTER)
    h = GUTTER + rows * (CELL + GUTTER)
    out = np.zeros((h, w, 4), np.uint8)
    out[..., :3] = 255  # white everywhere: a filtered edge never darkens towards the ground
    index = {"format": 1, "sheet": SHEET, "size": [w, h], "cell": CELL, "icons": {}}
    for k, (name, draw) in enumerate(ICONS.items()):
        x, y, cw, ch = cell_rect(k)
        ink = draw().reshape(CELL, SUPERSAMPLE, CELL, SUPERSAMPLE).mean(axis=(1, 3))
        out[y : y + ch, x : x + cw, 3] = (np.clip(ink, 0, 1) * 255 + 0.5).astype(np.uint8)
        index["icons"][name] = [x, y, cw, ch]
    return out, index


def png_bytes(rgba: np.ndarray) -> bytes:
    """A plain 8-bit RGBA PNG, written with zlib (numpy only)."""
    h, w = rgba.shape[:2]
    raw = b"".join(b"\x00" + rgba[y].tobytes() for y in range(h))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            len(data).to_bytes(4, "big") + kind + data + zlib.crc32(kind + data).to_bytes(4, "big")
        )

    header = w.to_bytes(4, "big") + h.to_bytes(4, "big") + bytes([8, 6, 0, 0, 0])
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def index_bytes(index: dict) -> bytes:
    return (json.dumps(index, indent=1) + "\n").encode("utf-8")


def _write(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    rgba, index = sheet()
    _write(args.out / SHEET, png_bytes(rgba))
    _write(args.out / INDEX, index_bytes(index))
    print(
        f"wrote {args.out / SHEET} ({rgba.shape[1]}x{rgba.shape[0]}, {len(index['icons'])} icons) "
        f"and {args.out / INDEX}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
