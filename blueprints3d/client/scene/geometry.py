"""Plane geometry of the table top: turning points about the vertical (seats, camera, props)."""

from __future__ import annotations

import math


def rotate(
    x: float, y: float, heading: float, ox: float = 0.0, oy: float = 0.0
) -> tuple[float, float]:
    """(x, y) turned by ``heading`` degrees counter-clockwise, then moved by (ox, oy)."""
    h = math.radians(heading)
    c, s = math.cos(h), math.sin(h)
    return ox + x * c - y * s, oy + x * s + y * c
