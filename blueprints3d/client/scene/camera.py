"""An orbit camera: heading, elevation and distance around a target point on the table.

The default view frames the active player's building and the pool from behind that player; the
player can orbit, zoom (toward a point: the table point under the pointer stays under it) and
reset, and toggle a close-up (a second framing that leaves the default view as it was). Moves glide towards their goal every frame (no blocking), and
the framing distance follows the lens's fields of view, so any window shape shows the same things.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from panda3d.core import NodePath, PerspectiveLens, Point3

from blueprints3d.client.scene.geometry import rotate

VERTICAL_FOV = 42.0
MIN_ELEVATION, MAX_ELEVATION = 12.0, 89.0
MIN_DISTANCE, MAX_DISTANCE = 12.0, 260.0
TARGET_REACH = 60.0  # zooming about a point never takes the target further than this from the centre


@dataclass
class View:
    """A camera pose around a target: where it looks, from which side, how high, how far."""

    tx: float
    ty: float
    tz: float
    heading: float     # degrees; 0 = looking along +Y (from a seat-0 player's side)
    elevation: float   # degrees above the table plane
    distance: float

    def eye(self) -> tuple[float, float, float]:
        e = math.radians(self.elevation)
        dx, dy = rotate(0.0, -self.distance * math.cos(e), self.heading)
        return self.tx + dx, self.ty + dy, self.tz + self.distance * math.sin(e)


class OrbitCamera:
    def __init__(self, cam: NodePath, lens: PerspectiveLens, root: NodePath) -> None:
        self.cam, self.lens, self.root = cam, lens, root
        self.home = View(0, 0, 0, 0, 55, 80)   # the default framing; reset() returns here
        self.goal = View(**vars(self.home))
        self.now = View(**vars(self.home))
        self.close: View | None = None  # the close-up, while it is on
        self.set_aspect(lens.get_aspect_ratio() or 16 / 9)

    # ---- lens ---------------------------------------------------------------------------------
    def set_aspect(self, aspect: float) -> None:
        """Keep the vertical field of view and widen or narrow the horizontal one with the window."""
        v = math.radians(VERTICAL_FOV)
        h = 2 * math.degrees(math.atan(math.tan(v / 2) * aspect))
        self.lens.set_fov(h, VERTICAL_FOV)
        self.lens.set_near_far(1.0, 1000.0)

    def fovs(self) -> tuple[float, float]:
        f = self.lens.get_fov()
        return f[0], f[1]

    # ---- framing ------------------------------------------------------------------------------
    def frame(self, points: list[tuple[float, float, float]], heading: float, elevation: float = 52.0,
              snap: bool = False) -> None:
        """Make the default view a look from ``heading`` that just holds all ``points``, and go
        there. The distance is solved per point from the lens's two fields of view, so a wide and
        a tall window both show everything."""
        self.home = self.fitting(points, heading, elevation)
        self.reset(snap)

    def fitting(self, points: list[tuple[float, float, float]], heading: float,
                elevation: float) -> View:
        """The view from ``heading``/``elevation`` that just holds all ``points``."""
        xs, ys, zs = zip(*points)
        target = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2, (min(zs) + max(zs)) / 2)
        d = fit_distance(points, target, heading, elevation, *self.fovs())
        return View(*target, heading, elevation, min(max(d, MIN_DISTANCE), MAX_DISTANCE))

    def reset(self, snap: bool = False) -> None:
        self.close = None
        self.goal = View(**vars(self.home))
        if snap:
            self.snap()

    def toggle_close_up(self, view: View) -> bool:
        """Go to ``view`` (a close-up), or back to the default view when one is on. True: on."""
        if self.close is not None:
            self.reset()
            return False
        self.close = View(**vars(view))
        self.goal = View(**vars(view))
        return True

    def snap(self) -> None:
        self.now = View(**vars(self.goal))
        self._apply()

    def orbit(self, d_heading: float, d_elevation: float) -> None:
        g = self.goal
        g.heading += d_heading
        g.elevation = min(max(g.elevation + d_elevation, MIN_ELEVATION), MAX_ELEVATION)

    def zoom(self, factor: float, about: tuple[float, float, float] | None = None,
             sensitivity: float = 1.0) -> None:
        """Nearer (``factor`` < 1) or further. With ``about`` (a point of the scene, e.g. the table
        point under the pointer) the camera moves along the line to that point, so it stays where
        it shows on the screen; without, toward the target. ``sensitivity`` (the camera
        sensitivity setting) scales the step: 2 makes one step count as two (``factor`` squared),
        0.5 as half of one."""
        g = self.goal
        step = factor ** max(sensitivity, 0.0)
        d = min(max(g.distance * step, MIN_DISTANCE), MAX_DISTANCE)
        if about is not None and g.distance > 0:
            f = d / g.distance  # the view scaled about the point: the point keeps its screen place
            tx = about[0] + (g.tx - about[0]) * f
            ty = about[1] + (g.ty - about[1]) * f
            tz = about[2] + (g.tz - about[2]) * f
            r = math.hypot(tx, ty)
            if r > TARGET_REACH:
                tx, ty = tx * TARGET_REACH / r, ty * TARGET_REACH / r
            g.tx, g.ty, g.tz = tx, ty, max(tz, 0.0)
        g.distance = d

    # ---- every frame --------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Glide towards the goal (about 90% of the way in a quarter of a second)."""
        k = 1.0 - math.exp(-dt * 9.0)
        n, g = self.now, self.goal
        # Take the short way round when the heading wraps.
        dh = (g.heading - n.heading + 180.0) % 360.0 - 180.0
        n.heading += dh * k
        for name in ("tx", "ty", "tz", "elevation", "distance"):
            a, b = getattr(n, name), getattr(g, name)
            setattr(n, name, b if abs(b - a) < 1e-4 else a + (b - a) * k)
        self._apply()

    def _apply(self) -> None:
        n = self.now
        self.cam.set_pos(self.root, *n.eye())
        self.cam.look_at(self.root, Point3(n.tx, n.ty, n.tz))


def fit_distance(points, target, heading: float, elevation: float, fov_h: float, fov_v: float,
                 margin: float = 0.92) -> float:
    """The smallest camera distance from ``target`` (looking from ``heading``/``elevation``) at
    which every point lies within ``margin`` of the view's edges."""
    h, e = math.radians(heading), math.radians(elevation)
    # Camera basis: forward looks from the eye to the target; right and up complete it.
    fx, fy = rotate(0.0, math.cos(e), heading)
    f = (fx, fy, -math.sin(e))
    r = (math.cos(h), math.sin(h), 0.0)
    u = (r[1] * f[2] - r[2] * f[1], r[2] * f[0] - r[0] * f[2], r[0] * f[1] - r[1] * f[0])
    th = math.tan(math.radians(fov_h) / 2) * margin
    tv = math.tan(math.radians(fov_v) / 2) * margin
    best = 0.0
    for p in points:
        v = (p[0] - target[0], p[1] - target[1], p[2] - target[2])
        x = sum(a * b for a, b in zip(v, r))
        y = sum(a * b for a, b in zip(v, f))
        z = sum(a * b for a, b in zip(v, u))
        best = max(best, abs(x) / th - y, abs(z) / tv - y)
    return best
