"""Rectangles on the window, in pixels, for laying labels out so that none covers another: the
table's reveal (client/table/view/reveal.py) and the demos' callouts (client/apps/demo_callouts.py)
measure with the same ones."""

from __future__ import annotations

Rect = tuple[float, float, float, float]  # pixels: left, top, right, bottom (y grows downwards)


def overlaps(a: Rect, b: Rect, gap: float = 0.0) -> bool:
    """Do ``a`` and ``b`` come closer than ``gap`` pixels (touching edges do not overlap)?"""
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def inside(r: Rect, bounds: Rect) -> bool:
    return r[0] >= bounds[0] and r[1] >= bounds[1] and r[2] <= bounds[2] and r[3] <= bounds[3]


__all__ = ["Rect", "overlaps", "inside"]
