"""Tight framings of a building: by the points it really fills, not one box round all of it.

``showcase.frame_build`` fits one box, the card's whole paper as wide and the tallest stack as
high; a tall tower on a wide card leaves the picture's top corners empty. Here:

- ``dice_box``: the box round the building's dice alone (on the card's axes);
- ``share_points``: the card's paper, lying flat, and the dice's box: what the share card frames
  (``frame_points``: centred in a part of the picture, as ``showcase.frame_box`` does);
- ``turntable``: the framing of a turntable: the building turns about the vertical axis
  through its dice's centre, the camera aims at that centre (so it stays at the picture's
  middle in every frame) from one distance, the nearest at which the dice's box, turned to
  every angle of the turn, keeps a small margin inside the picture.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from blueprints3d.client.render.capture import View
from blueprints3d.client.scene import card_model, dice_model, units
from blueprints3d.client.scene.camera import View as CameraView
from blueprints3d.client.scene.camera import fit_distance, project
from blueprints3d.client.scene.showcase import FOV, aim, building_box, box_corners, set_lens
from blueprints3d.files.buildfile import Build

Point = tuple[float, float, float]
TURNTABLE_MARGIN = 0.9  # the turning dice may fill this share of the half-width and half-height
ANGLE_STEP = 2.0  # degrees between the angles a turntable's framing is checked at


def dice_box(build: Build) -> tuple[Point, Point]:
    """The lowest and highest corners of the box round the building's dice (the card's axes,
    its centre the origin); a building without dice: the card's box (``showcase.building_box``)."""
    bp = build.blueprint
    cells = [(card_model.cell_position(bp, c), len(s)) for c, s in enumerate(build.stacks) if s]
    if not cells:
        return building_box(build)
    half = units.DIE_SIZE / 2 + 0.02  # (the supersampled edge: a hair more)
    xs = [p[0] for p, _ in cells]
    ys = [p[1] for p, _ in cells]
    top = max(dice_model.die_top_z(n - 1) for _, n in cells) + 0.02
    return (min(xs) - half, min(ys) - half, units.CARD_THICKNESS), (
        max(xs) + half,
        max(ys) + half,
        top,
    )


def box_centre(lo: Point, hi: Point) -> Point:
    return ((lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2)


def share_points(build: Build) -> list[Point]:
    """What a picture of the building must hold: its card's paper (the drawing's band too)
    lying on the table, and its dice's box."""
    x0, x1, y0, y1 = card_model.paper_bounds(build.blueprint)
    card = [(x, y, z) for x in (x0, x1) for y in (y0, y1) for z in (0.0, units.CARD_THICKNESS)]
    if not any(build.stacks):
        return card
    return card + box_corners(*dice_box(build))


def fit_points(
    points, angle: float, elevation: float, fov_h: float, fov_v: float, margin: float = 0.92
) -> CameraView:
    """The camera from ``angle``/``elevation`` that holds ``points`` within ``margin`` of the
    picture's half-width and half-height, aimed so that their picture is centred: the aim moves
    across the view by what the picture is off centre, the distance solved again, until it
    settles."""
    xs, ys, zs = zip(*points, strict=True)
    target = [(min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2, (min(zs) + max(zs)) / 2]
    a, e = math.radians(angle), math.radians(elevation)
    right = (math.cos(a), math.sin(a), 0.0)
    forward = (-math.cos(e) * math.sin(a), math.cos(e) * math.cos(a), -math.sin(e))
    up = (
        right[1] * forward[2] - right[2] * forward[1],
        right[2] * forward[0] - right[0] * forward[2],
        right[0] * forward[1] - right[1] * forward[0],
    )
    th, tv = math.tan(math.radians(fov_h) / 2), math.tan(math.radians(fov_v) / 2)
    d = fit_distance(points, target, angle, elevation, fov_h, fov_v, margin)
    for _ in range(40):
        view = CameraView(target[0], target[1], target[2], angle, elevation, d)
        projected = [project(view, p, fov_h, fov_v) for p in points]
        shown = [s for s in projected if s is not None]
        if len(shown) < len(projected):
            break
        cx = (max(s[0] for s in shown) + min(s[0] for s in shown)) / 2
        cy = (max(s[1] for s in shown) + min(s[1] for s in shown)) / 2
        if abs(cx) < 1e-4 and abs(cy) < 1e-4:
            break
        for i in range(3):
            target[i] += right[i] * cx * th * d + up[i] * cy * tv * d
        d = fit_distance(points, target, angle, elevation, fov_h, fov_v, margin)
    return CameraView(target[0], target[1], target[2], angle, elevation, d)


def frame_points(
    view: View,
    points,
    angle: float,
    elevation: float,
    region: tuple[float, float, float, float] = (-1.0, 1.0, -1.0, 1.0),
    fov: float = FOV,
    margin: float = 0.92,
) -> CameraView:
    """Point ``view``'s camera at ``points`` (``fit_points``) within ``region`` (left, right,
    bottom, top of the picture in -1..1): the fields of view narrowed to it and the lens's film
    shifted so the aim lands in its middle, as ``showcase.frame_box`` does."""
    fov_h, fov_v = set_lens(view, fov)
    left, right, bottom, top = region
    th, tv = math.tan(math.radians(fov_h) / 2), math.tan(math.radians(fov_v) / 2)
    fit = fit_points(
        points,
        angle,
        elevation,
        2 * math.degrees(math.atan(th * (right - left) / 2)),
        2 * math.degrees(math.atan(tv * (top - bottom) / 2)),
        margin,
    )
    film = view.lens.get_film_size()
    view.lens.set_film_offset(-(left + right) / 2 * film[0] / 2, -(bottom + top) / 2 * film[1] / 2)
    aim(view, fit)
    return fit


@dataclass(frozen=True)
class Turntable:
    """How a turntable is framed: the building turns about the vertical axis through ``pivot``
    (x, y on the card's axes: its dice's centre); each frame's camera (``cameras``, one per
    angle, sharing aim and distance) looks at the dice's centre, put at the scene's origin
    (x, y) and its own height (z)."""

    pivot: tuple[float, float]
    box: tuple[Point, Point]  # the dice's box, on the card's axes
    cameras: list[CameraView]


def turntable(
    view: View,
    build: Build,
    angles,
    elevation: float,
    fov: float = FOV,
    margin: float = TURNTABLE_MARGIN,
) -> Turntable:
    """The framing of a turntable of ``build`` through ``angles`` (the camera's angles round the
    building, one a frame): the dice's box moved so its centre is over the origin, the aim at
    that centre, and the distance the nearest that holds the box within ``margin`` at each of
    ``angles`` and at every ``ANGLE_STEP`` degrees between (the box turns through all of them).
    Shapes ``view``'s lens as ``showcase.frame_build`` does, centred."""
    fov_h, fov_v = set_lens(view, fov)
    view.lens.set_film_offset(0, 0)
    lo, hi = dice_box(build)
    cx, cy, cz = box_centre(lo, hi)
    corners = [(x - cx, y - cy, z) for x, y, z in box_corners(lo, hi)]
    angles = list(angles)
    checked = angles + [k * ANGLE_STEP for k in range(int(round(360 / ANGLE_STEP)))]
    target = (0.0, 0.0, cz)
    d = max(fit_distance(corners, target, a, elevation, fov_h, fov_v, margin) for a in checked)
    return Turntable((cx, cy), (lo, hi), [CameraView(*target, a, elevation, d) for a in angles])
