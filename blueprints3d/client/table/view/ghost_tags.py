"""Where the coach's ghost numbers stand (client/table/view/coach_view.py): one number label for each
hinted space ("#1 #3" when two hints name it), set beside its ghost die where, on the window,
it covers no other space (hatched or not, with the stack on it), no other ghost and no other
number, and stays inside the window.

Each label is tried at a few places round its ghost (above it, beside it on the card's outer
side, in front of it, on the inner side, higher above it); the first that touches nothing wins,
else the one that covers least (a hatched space or another number weighs most). The rectangles
are the projections through the table's camera (``Picker.project``: mouse units, [-1, 1]), so
the layout holds for the view on show; the coach lays the labels out again when the camera
moves.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from panda3d.core import NodePath, Point3, TextNode, Vec3

from blueprints3d.client.scene import card_model, units
from blueprints3d.client.scene.picking import Picker
from blueprints3d.client.scene.screen_rects import Rect
from blueprints3d.client.table.view.table_view import TableView

LIFT = 2.1  # cm over a ghost's top: the label's first place (as before the layout)
SIDE_GAP = 0.25  # cm between a ghost's space and a label beside it
GAP = 0.004  # mouse units: labels keep this clear of what they must not cover
# What covering costs, per unit of area: a hatched space or another number most, a ghost, then
# another space; leaving the window as much as covering a number.
WEIGHTS = {"tag": 10.0, "hatched": 10.0, "window": 10.0, "ghost": 5.0, "space": 1.0}


@dataclass
class Tag:
    label: NodePath[TextNode]  # the number (a billboard)
    cell: int  # the hinted space
    centre: Point3  # the ghost die's centre, in the view's root frame
    rect: Rect | None = None


def rect_of(points: Iterable[tuple[float, float] | None]) -> Rect | None:
    """The rectangle round projected points (mouse units, y flipped so that it grows downwards,
    as ``screen_rects.Rect``); None when none is in view."""
    pts = [p for p in points if p is not None]
    if not pts:
        return None
    xs, ys = [p[0] for p in pts], [-p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def overlap(a: Rect, b: Rect, gap: float = GAP) -> float:
    w = min(a[2], b[2]) + gap - max(a[0], b[0])
    h = min(a[3], b[3]) + gap - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


class TagLayout:
    """Projections of one seat's card and the labels over it, through ``picker``'s camera."""

    def __init__(self, picker: Picker, view: TableView, seat: int, heights: list[int]) -> None:
        self.picker, self.view, self.seat = picker, view, seat
        self.heights = heights  # dice on each space now (a stack covers more of the window)

    def space_rect(self, cell: int, extra: int = 0) -> Rect | None:
        """A space on the window, with the stack on it (and ``extra`` dice more: a ghost)."""
        sv = self.view.seats[self.seat]
        bp = self.view.blueprint_of(self.seat)
        x, y = card_model.cell_position(bp, cell)
        half = card_model.SPACE_FRACTION * units.CELL_PITCH / 2
        top = units.CARD_THICKNESS + units.DIE_SIZE * (self.heights[cell] + extra)
        return rect_of(
            self.picker.project(Point3(x + sx * half, y + sy * half, z), sv.root)
            for sx in (-1, 1)
            for sy in (-1, 1)
            for z in (units.CARD_THICKNESS, top)
        )

    def label_rect(self, label: NodePath[TextNode], at: Point3) -> Rect | None:
        """The label's card on the window were it at ``at`` (the view's root frame): a billboard
        faces the camera, so its corners lie along the camera's right and up."""
        root = self.view.root
        tn = label.node()
        left, right, bottom, top = tn.get_card_actual() if tn.has_card() else tn.get_frame_actual()
        s = label.get_sx(root)
        q = self.picker.cam.get_quat(root)
        r, u = Vec3(q.get_right()), Vec3(q.get_up())
        return rect_of(
            self.picker.project(at + r * (x * s) + u * (z * s), root)
            for x in (left, right)
            for z in (bottom, top)
        )

    def places(self, tag: Tag, width: float, height: float) -> list[Point3]:
        """Where a label may stand round its ghost, best first, in the view's root frame."""
        sv = self.view.seats[self.seat]
        root = self.view.root
        c = sv.root.get_relative_point(root, tag.centre)
        top = c.z + units.DIE_SIZE / 2
        side = 1.0 if c.x >= 0 else -1.0  # the card's outer side for this space
        reach = units.CELL_PITCH / 2 + SIDE_GAP + width / 2
        local = [
            Point3(c.x, c.y, top + LIFT),
            Point3(c.x + side * reach, c.y, top - units.DIE_SIZE * 0.3),
            Point3(c.x, c.y - units.CELL_PITCH / 2 - SIDE_GAP - height, top - units.DIE_SIZE * 0.3),
            Point3(c.x - side * reach, c.y, top - units.DIE_SIZE * 0.3),
            Point3(c.x, c.y, top + 2 * LIFT),
        ]
        return [root.get_relative_point(sv.root, p) for p in local]

    def place(self, tags: list[Tag]) -> None:
        """Set every label at its best place (in order: the best hint's label first)."""
        ncells = len(self.heights)
        bp = self.view.blueprint_of(self.seat)
        hinted = {t.cell for t in tags}
        obstacles: list[tuple[str, Rect]] = []  # (kind, rect)
        for cell in range(ncells):
            kind = "hatched" if bp.is_hatched(cell) else "ghost" if cell in hinted else "space"
            r = self.space_rect(cell, 1 if cell in hinted else 0)
            if r is not None:
                obstacles.append((kind, r))
        window: Rect = (-1.0, -1.0, 1.0, 1.0)
        for tag in tags:
            tn = tag.label.node()
            left, right, bottom, top = (
                tn.get_card_actual() if tn.has_card() else tn.get_frame_actual()
            )
            s = tag.label.get_sx(self.view.root)
            best: tuple[float, Point3, Rect | None] | None = None
            for at in self.places(tag, (right - left) * s, (top - bottom) * s):
                r = self.label_rect(tag.label, at)
                if r is None:
                    continue
                cost = 0.0
                for kind, o in obstacles:  # its own ghost too: the number never hides its die
                    cost += WEIGHTS[kind] * overlap(r, o)
                inside = overlap(r, window, 0.0)
                cost += WEIGHTS["window"] * ((r[2] - r[0]) * (r[3] - r[1]) - inside)
                if best is None or cost < best[0] - 1e-12:
                    best = (cost, at, r)
                if cost <= 0.0:
                    break
            if best is None:
                continue
            tag.label.set_pos(self.view.root, best[1])
            tag.rect = best[2]
            if best[2] is not None:
                obstacles.append(("tag", best[2]))
