"""Helpers for rendering tests: simple lights and blob counting, with numpy only."""

from __future__ import annotations

import numpy as np
from panda3d.core import AmbientLight, DirectionalLight, NodePath


def plain_lights(root: NodePath) -> None:
    """Ambient plus one light from above, enough to see shapes without the game's lighting."""
    amb = AmbientLight("test-ambient")
    amb.set_color((0.5, 0.5, 0.5, 1))
    root.set_light(root.attach_new_node(amb))
    sun = DirectionalLight("test-sun")
    sun.set_color((0.6, 0.6, 0.6, 1))
    sun_np = root.attach_new_node(sun)
    sun_np.set_hpr(20, -70, 0)
    root.set_light(sun_np)


def count_blobs(mask: np.ndarray, min_pixels: int = 4) -> int:
    """Number of 4-connected True regions with at least ``min_pixels`` pixels."""
    seen = np.zeros_like(mask, dtype=bool)
    h, w = mask.shape
    blobs = 0
    for y0, x0 in zip(*np.nonzero(mask), strict=True):
        if seen[y0, x0]:
            continue
        stack = [(y0, x0)]
        seen[y0, x0] = True
        size = 0
        while stack:
            y, x = stack.pop()
            size += 1
            for yy, xx in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                if 0 <= yy < h and 0 <= xx < w and mask[yy, xx] and not seen[yy, xx]:
                    seen[yy, xx] = True
                    stack.append((yy, xx))
        if size >= min_pixels:
            blobs += 1
    return blobs
