"""Lettering for the printed cards, drawn into numpy ink masks (no font files needed).

Heights use smooth stroked digits (polylines rasterised by distance, anti-aliased) so they read
at a glance; the card's id and name use a small 5x7 bitmap font.
"""

from __future__ import annotations

import math

import numpy as np

Point = tuple[float, float]

# Digits as polylines in a 0.6 x 1.0 box (x right, y up).


def _arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, n: int = 24) -> list[Point]:
    return [(cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
             cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / n))) for i in range(n + 1)]


def _six() -> list[list[Point]]:
    return [_arc(0.3, 0.5, 0.27, 0.47, 55, 205), _arc(0.3, 0.29, 0.26, 0.29, 0, 360)]


DIGITS: dict[str, list[list[Point]]] = {
    "0": [_arc(0.3, 0.5, 0.27, 0.47, 0, 360, 40)],
    "1": [[(0.10, 0.78), (0.34, 1.0), (0.34, 0.0)], [(0.10, 0.0), (0.56, 0.0)]],
    "2": [_arc(0.3, 0.73, 0.26, 0.26, 160, -30) + [(0.04, 0.0), (0.58, 0.0)]],
    "3": [_arc(0.3, 0.75, 0.24, 0.24, 150, -90), _arc(0.3, 0.27, 0.27, 0.26, 90, -150)],
    "4": [[(0.45, 0.0), (0.45, 1.0), (0.02, 0.3), (0.60, 0.3)]],
    "5": [[(0.55, 1.0), (0.10, 1.0), (0.07, 0.56)] + _arc(0.3, 0.32, 0.27, 0.30, 140, -150)],
    "6": _six(),
    "7": [[(0.03, 1.0), (0.58, 1.0), (0.20, 0.0)]],
    "8": [_arc(0.3, 0.76, 0.22, 0.23, 0, 360), _arc(0.3, 0.27, 0.27, 0.26, 0, 360)],
    "9": [[(0.6 - x, 1.0 - y) for x, y in line] for line in _six()],
}

# 5x7 bitmap font, rows top to bottom.
FONT_5X7: dict[str, tuple[str, ...]] = {
    "A": (".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"),
    "B": ("####.", "#...#", "#...#", "####.", "#...#", "#...#", "####."),
    "C": (".###.", "#...#", "#....", "#....", "#....", "#...#", ".###."),
    "D": ("####.", "#...#", "#...#", "#...#", "#...#", "#...#", "####."),
    "E": ("#####", "#....", "#....", "####.", "#....", "#....", "#####"),
    "F": ("#####", "#....", "#....", "####.", "#....", "#....", "#...."),
    "G": (".###.", "#...#", "#....", "#.###", "#...#", "#...#", ".####"),
    "H": ("#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"),
    "I": (".###.", "..#..", "..#..", "..#..", "..#..", "..#..", ".###."),
    "J": ("..###", "...#.", "...#.", "...#.", "...#.", "#..#.", ".##.."),
    "K": ("#...#", "#..#.", "#.#..", "##...", "#.#..", "#..#.", "#...#"),
    "L": ("#....", "#....", "#....", "#....", "#....", "#....", "#####"),
    "M": ("#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"),
    "N": ("#...#", "#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#"),
    "O": (".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."),
    "P": ("####.", "#...#", "#...#", "####.", "#....", "#....", "#...."),
    "Q": (".###.", "#...#", "#...#", "#...#", "#.#.#", "#..#.", ".##.#"),
    "R": ("####.", "#...#", "#...#", "####.", "#.#..", "#..#.", "#...#"),
    "S": (".####", "#....", "#....", ".###.", "....#", "....#", "####."),
    "T": ("#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."),
    "U": ("#...#", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."),
    "V": ("#...#", "#...#", "#...#", "#...#", "#...#", ".#.#.", "..#.."),
    "W": ("#...#", "#...#", "#...#", "#.#.#", "#.#.#", "#.#.#", ".#.#."),
    "X": ("#...#", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", "#...#"),
    "Y": ("#...#", "#...#", ".#.#.", "..#..", "..#..", "..#..", "..#.."),
    "Z": ("#####", "....#", "...#.", "..#..", ".#...", "#....", "#####"),
    "0": (".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."),
    "1": ("..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."),
    "2": (".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"),
    "3": ("#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."),
    "4": ("...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."),
    "5": ("#####", "#....", "####.", "....#", "....#", "#...#", ".###."),
    "6": ("..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."),
    "7": ("#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."),
    "8": (".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."),
    "9": (".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."),
    "-": (".....", ".....", ".....", "#####", ".....", ".....", "....."),
    ".": (".....", ".....", ".....", ".....", ".....", ".##..", ".##.."),
    "'": ("..#..", "..#..", ".#...", ".....", ".....", ".....", "....."),
    "&": (".##..", "#..#.", "#.#..", ".#...", "#.#.#", "#..#.", ".##.#"),
    " ": (".....",) * 7,
}


def _to_pixels(x: float, y: float, px_per_cm: float, width: float, length: float) -> tuple[float, float]:
    """Card cm (origin at the centre, y up) to image pixels (origin top-left, row down)."""
    return (x + width / 2) * px_per_cm, (length / 2 - y) * px_per_cm


def draw_digit(ink: np.ndarray, digit: str, cx: float, cy: float, height: float,
               px_per_cm: float, width: float, length: float, stroke: float = 0.13) -> None:
    """Stroke one big digit centred on card point (cx, cy), ``height`` cm tall, into ``ink``."""
    lines = [[p for p in line] for ch in digit for line in DIGITS[ch]]
    gw = 0.6 * height
    x0, y0 = cx - gw / 2, cy - height / 2
    half_w = stroke * height / 2
    pad = half_w + 2.0 / px_per_cm
    c0, r0 = _to_pixels(x0 - pad, y0 + height + pad, px_per_cm, width, length)
    c1, r1 = _to_pixels(x0 + gw + pad, y0 - pad, px_per_cm, width, length)
    r0, c0 = max(0, int(r0)), max(0, int(c0))
    r1, c1 = min(ink.shape[0], int(math.ceil(r1))), min(ink.shape[1], int(math.ceil(c1)))
    rows, cols = np.mgrid[r0:r1, c0:c1]
    # Back to card cm for the distance test.
    x = (cols + 0.5) / px_per_cm - width / 2
    y = length / 2 - (rows + 0.5) / px_per_cm
    dist = np.full(x.shape, np.inf)
    for line in lines:
        pts = [(x0 + px * height, y0 + py * height) for px, py in line]
        for (ax, ay), (bx, by) in zip(pts, pts[1:]):
            dist = np.minimum(dist, _segment_distance(x, y, ax, ay, bx, by))
    cover = np.clip((half_w - dist) * px_per_cm + 0.5, 0.0, 1.0)
    ink[r0:r1, c0:c1] = np.maximum(ink[r0:r1, c0:c1], cover)


def _segment_distance(x: np.ndarray, y: np.ndarray, ax: float, ay: float, bx: float, by: float) -> np.ndarray:
    dx, dy = bx - ax, by - ay
    ll = dx * dx + dy * dy
    t = np.clip(((x - ax) * dx + (y - ay) * dy) / ll, 0.0, 1.0) if ll > 0 else 0.0
    return np.hypot(x - (ax + t * dx), y - (ay + t * dy))


def draw_text(ink: np.ndarray, text: str, x: float, y: float, height: float,
              px_per_cm: float, width: float, length: float) -> None:
    """Print ``text`` in the 5x7 font, its lower-left corner at card point (x, y), ``height`` cm tall."""
    cell = height / 7.0
    cursor = x
    for ch in text:
        glyph = FONT_5X7.get(ch, FONT_5X7[" "])
        for gr, row in enumerate(glyph):
            for gc, bit in enumerate(row):
                if bit != "#":
                    continue
                left = cursor + gc * cell
                top = y + (7 - gr) * cell
                c0, r0 = _to_pixels(left, top, px_per_cm, width, length)
                c1, r1 = _to_pixels(left + cell, top - cell, px_per_cm, width, length)
                ink[max(0, int(round(r0))):max(0, int(round(r1))),
                    max(0, int(round(c0))):max(0, int(round(c1)))] = 1.0
        cursor += 6 * cell
