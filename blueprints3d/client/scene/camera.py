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
TARGET_REACH = (
    60.0  # zooming about a point never takes the target further than this from the centre
)


@dataclass
class View:
    """A camera pose around a target: where it looks, from which side, how high, how far."""

    tx: float
    ty: float
    tz: float
    heading: float  # degrees; 0 = looking along +Y (from a seat-0 player's side)
    elevation: float  # degrees above the table plane
    distance: float

    def eye(self) -> tuple[float, float, float]:
        e = math.radians(self.elevation)
        dx, dy = rotate(0.0, -self.distance * math.cos(e), self.heading)
        return self.tx + dx, self.ty + dy, self.tz + self.distance * math.sin(e)


class OrbitCamera:
    def __init__(self, cam: NodePath, lens: PerspectiveLens, root: NodePath) -> None:
        self.cam, self.lens, self.root = cam, lens, root
        self.home = View(0, 0, 0, 0, 55, 80)  # the default framing; reset() returns here
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
    def frame(
        self,
        points: list[tuple[float, float, float]],
        heading: float,
        elevation: float = 52.0,
        snap: bool = False,
        covered: list[Rect] | None = None,
    ) -> None:
        """Make the default view a look from ``heading`` that just holds all ``points`` (clear of
        the ``covered`` rectangles of the window), and go there. The distance is solved per point
        from the lens's two fields of view, so a wide and a tall window both show everything."""
        self.home = self.fitting(points, heading, elevation, covered)
        self.reset(snap)

    def fitting(
        self,
        points: list[tuple[float, float, float]],
        heading: float,
        elevation: float,
        covered: list[Rect] | None = None,
    ) -> View:
        """The view from ``heading``/``elevation`` that just holds all ``points``; with
        ``covered`` (rectangles of the window, e.g. the HUD's) it holds them clear of those."""
        if covered:
            # A hair of room round each rectangle: the fit's own projection and the lens's differ
            # in the last digits, and a point exactly on an edge would show under the HUD.
            grown = [
                (r[0] - COVER_ROOM, r[1] + COVER_ROOM, r[2] - COVER_ROOM, r[3] + COVER_ROOM)
                for r in covered
            ]
            return fit_clear_of(points, heading, elevation, *self.fovs(), grown)
        xs, ys, zs = zip(*points, strict=True)
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

    def zoom(
        self,
        factor: float,
        about: tuple[float, float, float] | None = None,
        sensitivity: float = 1.0,
    ) -> None:
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


def fit_distance(
    points,
    target,
    heading: float,
    elevation: float,
    fov_h: float,
    fov_v: float,
    margin: float = 0.92,
) -> float:
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
        x = sum(a * b for a, b in zip(v, r, strict=True))
        y = sum(a * b for a, b in zip(v, f, strict=True))
        z = sum(a * b for a, b in zip(v, u, strict=True))
        best = max(best, abs(x) / th - y, abs(z) / tv - y)
    return best


def _basis(heading: float, elevation: float):
    """The camera's right, forward (eye to target) and up vectors for a ``View``'s angles."""
    h, e = math.radians(heading), math.radians(elevation)
    fx, fy = rotate(0.0, math.cos(e), heading)
    f = (fx, fy, -math.sin(e))
    r = (math.cos(h), math.sin(h), 0.0)
    u = (r[1] * f[2] - r[2] * f[1], r[2] * f[0] - r[0] * f[2], r[0] * f[1] - r[1] * f[0])
    return r, f, u


def project(view: View, point, fov_h: float, fov_v: float) -> tuple[float, float] | None:
    """Where ``point`` shows in the window for ``view`` ([-1, 1] each way, +y up), or None
    behind the eye."""
    r, f, u = _basis(view.heading, view.elevation)
    v = [p - q for p, q in zip(point, view.eye(), strict=True)]
    z = sum(a * b for a, b in zip(v, f, strict=True))
    if z <= 1e-6:
        return None
    x = sum(a * b for a, b in zip(v, r, strict=True))
    y = sum(a * b for a, b in zip(v, u, strict=True))
    return (x / z / math.tan(math.radians(fov_h) / 2), y / z / math.tan(math.radians(fov_v) / 2))


def fit_in_band(
    points,
    heading: float,
    elevation: float,
    fov_h: float,
    fov_v: float,
    band: tuple[float, float],
    margin: float = 0.985,
) -> View:
    """The view from ``heading``/``elevation`` (the lens centred as ever) that holds every point
    within the window's rows ``band`` = (bottom, top) and within ``margin`` of its sides.

    The band is a symmetric frustum of its own about a direction tilted from the lens's axis:
    fitted from the elevation that direction has, the eye is found; the real view looks from
    that eye at ``elevation``, and steps back a little where the sides need it."""
    lo, hi = sorted(band)
    tv = math.tan(math.radians(fov_v) / 2)
    a_lo, a_hi = math.atan(lo * tv), math.atan(hi * tv)
    # Shrink the band about its middle by the margin, as fit_distance does the whole view.
    mid, half = (a_hi + a_lo) / 2, (a_hi - a_lo) / 2
    half = math.atan(math.tan(half) * margin)
    tilt = math.degrees(mid)  # the band's middle, above the lens's axis
    sub_v = 2 * math.degrees(half)
    # A sub-frustum with the whole width, so the sides are checked afterwards on the real view.
    xs, ys, zs = zip(*points, strict=True)
    target = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2, (min(zs) + max(zs)) / 2)
    tilted = elevation - tilt
    r_v, f_v, u_v = _basis(heading, tilted)
    d = fit_distance(points, target, heading, tilted, fov_h, sub_v, margin=margin)
    for _ in range(3):
        # Aim at the middle of what the eye sees (near things look larger), then fit again.
        eye = View(*target, heading, tilted, d).eye()
        tans = []
        for p in points:
            v = [a - b for a, b in zip(p, eye, strict=True)]
            z = sum(a * b for a, b in zip(v, f_v, strict=True))
            if z > 1e-6:
                tans.append(sum(a * b for a, b in zip(v, u_v, strict=True)) / z)
        if not tans:
            break
        shift = (max(tans) + min(tans)) / 2 * d
        target = tuple(t + u * shift for t, u in zip(target, u_v, strict=True))
        d = fit_distance(points, target, heading, tilted, fov_h, sub_v, margin=margin)
    d = min(max(d, MIN_DISTANCE), MAX_DISTANCE)
    eye = View(*target, heading, tilted, d).eye()
    th = math.tan(math.radians(fov_h) / 2) * margin
    _, f, _ = _basis(heading, elevation)
    view = View(eye[0] + f[0] * d, eye[1] + f[1] * d, eye[2] + f[2] * d, heading, elevation, d)
    for _ in range(40):  # the sides: step back along the line of sight until every point fits
        rows = [project(view, p, fov_h, fov_v) for p in points]
        worst = max(
            (abs(q[0]) * math.tan(math.radians(fov_h) / 2) / th if q else 9.0) for q in rows
        )
        if worst <= 1.0 or view.distance >= MAX_DISTANCE:
            break
        # Back along the line of sight: everything shrinks toward the window's middle, which
        # lies within the band, so the rows still hold.
        step = view.distance * (worst - 1.0) + 0.5
        view = View(
            view.tx, view.ty, view.tz, heading, elevation, min(view.distance + step, MAX_DISTANCE)
        )
    return view


Rect = tuple[float, float, float, float]  # left, right, bottom, top in the window's [-1, 1]
COVER_ROOM = 0.01  # of the window's half-size: the room a view framed clear of a rectangle keeps


def fit_clear_of(
    points, heading: float, elevation: float, fov_h: float, fov_v: float, covered: list[Rect]
) -> View:
    """The view from ``heading``/``elevation`` that holds every point clear of the window's
    ``covered`` rectangles (e.g. the HUD's texts), as large as it can be: the outline of the
    points on screen (their convex hull) meets none of them.

    The points are framed in a band of rows: first one the rectangles over their columns leave
    free (narrowed until the view it gives is clear), then widened by halves towards the whole
    window as far as the view stays clear."""

    def trial(band: tuple[float, float]) -> tuple[View, tuple[float, float], bool]:
        view = fit_in_band(points, heading, elevation, fov_h, fov_v, band)
        shown = [q for q in (project(view, p, fov_h, fov_v) for p in points) if q is not None]
        if len(shown) < len(points):
            return view, band, False
        hull = _hull(shown)
        clear = not any(_meets(hull, r) for r in covered)
        xs = [q[0] for q in shown]
        return view, _free_rows(covered, min(xs), max(xs)), clear

    whole = (-1.0, 1.0)
    view, need, clear = trial(whole)
    if clear:
        return view
    inner = need
    for _ in range(8):
        view, need, clear = trial(inner)
        if clear:
            break
        inner = (max(inner[0], need[0]), min(inner[1], need[1]))
    if not clear:
        return view
    best, lo, hi = view, 0.0, 1.0
    for _ in range(10):
        k = (lo + hi) / 2
        band = (inner[0] + k * (whole[0] - inner[0]), inner[1] + k * (whole[1] - inner[1]))
        view, _, clear = trial(band)
        if clear:
            best, lo = view, k
        else:
            hi = k
    return best


def _free_rows(covered: list[Rect], x_lo: float, x_hi: float) -> tuple[float, float]:
    """The rows the rectangles over the columns ``x_lo``..``x_hi`` leave free: under those in the
    window's top half, over those in its bottom half."""
    bottom, top = -1.0, 1.0
    for left, right, low, high in covered:
        if right < x_lo or left > x_hi:
            continue
        if low + high > 0:
            top = min(top, low)
        else:
            bottom = max(bottom, high)
    return bottom, max(top, bottom)


def _hull(pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The convex hull of 2D points, counter-clockwise (Andrew's monotone chain)."""
    pts = sorted(set(pts))
    if len(pts) < 3:
        return pts

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list = []
    upper: list = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _meets(hull: list[tuple[float, float]], rect: Rect) -> bool:
    """Whether a convex polygon and a rectangle overlap (no separating axis among the
    rectangle's two and the polygon's edge normals)."""
    left, right, low, high = rect
    corners = [(left, low), (right, low), (right, high), (left, high)]
    axes = [(1.0, 0.0), (0.0, 1.0)] + [
        (b[1] - a[1], a[0] - b[0]) for a, b in zip(hull, hull[1:] + hull[:1], strict=True)
    ]
    for ax, ay in axes:
        p = [x * ax + y * ay for x, y in hull]
        q = [x * ax + y * ay for x, y in corners]
        if max(p) <= min(q) or max(q) <= min(p):
            return False
    return True
