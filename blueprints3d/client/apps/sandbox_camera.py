"""The sandbox's camera: an orbit round the building (keys, wheel, right-button drag) that is
framed again after every change, in the part of the window the panels leave free."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from direct.gui.DirectGuiBase import DirectGuiWidget
from panda3d.core import NodePath, Point3

from blueprints3d.client.apps.demo_player import StepView
from blueprints3d.client.apps.viewer import Orbit
from blueprints3d.client.render import capture
from blueprints3d.client.scene import showcase

HOME = Orbit(angle=0.0, elevation=55.0, zoom=1.0)  # from the owner's seat, as the table
DRAG_DEG_PER_SCREEN = 240.0  # orbit degrees for a drag across the window
GAP = 0.03  # between the building and the panels (of -1..1)

Box = tuple[tuple[float, float, float], tuple[float, float, float]]
Rect = tuple[float, float, float, float]  # left, right, bottom, top in -1..1


def widget_rect(node: NodePath, r2d: NodePath) -> Rect | None:
    """A text's or a DirectGui widget's rectangle in window units (None if empty)."""
    if isinstance(node, DirectGuiWidget):  # its frame, which tight bounds miss
        l, r, b, t = node["frameSize"] or node.getBounds()
        corners = [r2d.get_relative_point(node, Point3(x, 0, z)) for x in (l, r) for z in (b, t)]
        xs, zs = [c[0] for c in corners], [c[2] for c in corners]
        return min(xs), max(xs), min(zs), max(zs)
    bounds = node.get_tight_bounds(r2d)
    return (bounds[0][0], bounds[1][0], bounds[0][2], bounds[1][2]) if bounds else None


def union(rects: Iterable[Rect | None]) -> Rect | None:
    """The rectangle round all the given ones (None when there are none)."""
    given = [r for r in rects if r is not None]
    if not given:
        return None
    return (
        min(r[0] for r in given),
        max(r[1] for r in given),
        min(r[2] for r in given),
        max(r[3] for r in given),
    )


def free_regions(
    r2d: NodePath, buttons: Sequence[NodePath], panel: NodePath, view: StepView
) -> list[Rect]:
    """Rectangles of the window (left, right, bottom, top in -1..1) that no panel covers:
    under the buttons and left of the breakdown ``panel``, between the buttons and the
    breakdown, and under both; all above the caption panel and below the header."""
    bar = union(widget_rect(b, r2d) for b in buttons)
    breakdown, caption = widget_rect(panel, r2d), widget_rect(view.panel, r2d)
    header = union([widget_rect(view.header, r2d), widget_rect(view.title, r2d)])
    floor = (caption[3] if caption else -1.0) + GAP
    wall = (breakdown[0] if breakdown else 1.0) - GAP
    ceiling = (header[2] if header else 1.0) - GAP
    under_bar = (bar[2] if bar else ceiling) - GAP
    out = [
        (-1.0 + GAP, wall, floor, under_bar),
        ((bar[1] if bar else -1.0) + GAP, wall, floor, ceiling),
        (-1.0 + GAP, 1.0 - GAP, floor, min(under_bar, (breakdown[2] if breakdown else 1.0) - GAP)),
    ]
    return [r for r in out if r[1] - r[0] > 0.2 and r[3] - r[2] > 0.2]


class SandboxCamera:
    """The orbit (angle, height, zoom) and a right-button drag in progress. ``frame`` aims the
    camera at ``box()`` (the building's box) from the orbit, fitted into ``regions()`` (the
    window's free rectangles, ``showcase.frame_box``); every move frames again."""

    def __init__(self, base, box: Callable[[], Box], regions: Callable[[], list[Rect]]) -> None:
        self.base = base
        self.orbit = Orbit(**vars(HOME))
        self._box, self._regions = box, regions
        self._drag_from: tuple[float, float] | None = None

    def go_home(self) -> None:
        """Back to the orbit's home (framed by the next ``frame``)."""
        self.orbit = Orbit(**vars(HOME))

    def frame(self) -> None:
        """Aim the camera at the building from the orbit's angle and height, fitted in the
        window's free part."""
        self.orbit.clamp()
        view = capture.View(self.base.win, self.base.cam)
        lo, hi = self._box()
        showcase.frame_box(
            view,
            lo,
            hi,
            self.orbit.angle,
            self.orbit.elevation,
            zoom=self.orbit.zoom,
            regions=self._regions(),
        )

    def orbit_by(self, d_angle: float, d_elevation: float) -> None:
        self.orbit.angle += d_angle
        self.orbit.elevation += d_elevation
        self.frame()

    def zoom(self, factor: float) -> None:
        self.orbit.zoom *= factor
        self.frame()

    def reset(self) -> None:
        self.go_home()
        self.frame()

    def drag_to(self, x: float, y: float) -> None:
        """Follow a right-button drag to window point (x, y) in -1..1."""
        if self._drag_from is None:
            return
        dx, dy = x - self._drag_from[0], y - self._drag_from[1]
        self._drag_from = (x, y)
        if dx or dy:
            self.orbit_by(-dx * DRAG_DEG_PER_SCREEN / 2, -dy * DRAG_DEG_PER_SCREEN / 4)

    def dragging(self) -> bool:
        return self._drag_from is not None

    def drag_start_at(self, x: float, y: float) -> None:
        self._drag_from = (x, y)

    def drag_start_at_mouse(self) -> None:
        mw = self.base.mouseWatcherNode
        if mw.has_mouse():
            self.drag_start_at(mw.get_mouse_x(), mw.get_mouse_y())

    def drag_end(self) -> None:
        self._drag_from = None
