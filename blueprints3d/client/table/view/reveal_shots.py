"""The reveal's camera shots and where the table's things show on the window.

A step of the reveal looks at one building closely (room on either side for the label columns,
above it for the total and the caption), at the winner of an Award or a Prize with the place
beside its building where the won cards lie, or at the whole table (with the right part of the
window left free for the round summary). The labels are laid out in pixels, so every point they
point at or keep clear of is projected through the camera's lens here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from panda3d.core import Camera, NodePath, Point2, Point3

from blueprints3d.client.scene import card_model, units
from blueprints3d.client.scene.camera import OrbitCamera
from blueprints3d.client.scene.geometry import rotate
from blueprints3d.client.scene.screen_rects import Rect
from blueprints3d.client.table.model.flow import RoundEnd
from blueprints3d.client.table.model.layout import LABEL_OFFSET, seat_places, stack_z
from blueprints3d.client.table.view.table_view import TableView

CLOSE_ELEVATION = 50.0  # the camera's elevation (degrees) over one building
AWARD_ELEVATION = 58.0  # over a winner's building and its won cards
TABLE_ELEVATION = 62.0  # over the whole table


class RevealShots:
    """Frames ``camera`` on the buildings of the round ``shown`` returns, and projects points of
    ``view``'s root to pixels through ``cam``'s lens on a window of ``size``."""

    def __init__(
        self,
        view: TableView,
        camera: OrbitCamera,
        cam: NodePath[Camera],
        size: Callable[[], tuple[int, int]],
        shown: Callable[[], RoundEnd],
    ) -> None:
        self.view, self.camera, self.cam = view, camera, cam
        self.lens = cam.node().get_lens()
        self.size = size
        self.shown = shown

    # ---- camera -------------------------------------------------------------------------------
    def building_points(self, seat: int) -> list[tuple[float, float, float]]:
        """The corners of a seat's card, up to its tallest stack."""
        sv = self.view.seats[seat]
        w, h = card_model.card_size(self.view.blueprint_of(seat))
        tallest = max((len(st) for st in self.shown().stacks[seat]), default=0)
        top = stack_z(tallest) - units.DIE_SIZE / 2 if tallest else 0.0
        return [
            (*sv.place.to_world(sx * w / 2, sy * h / 2), z)
            for sx in (-1, 1)
            for sy in (-1, 1)
            for z in (0.0, top)
        ]

    def frame_building(self, seat: int) -> None:
        place = self.view.seats[seat].place
        w, h = card_model.card_size(self.view.blueprint_of(seat))
        pts = self.building_points(seat)
        # Room on either side for the label columns, above for the total and the caption.
        pts += [(*place.to_world(sx * w * 1.2, 0.0), 0.0) for sx in (-1, 1)]
        pts += [(*place.to_world(0.0, h * 0.6), units.DIE_SIZE * 4)]
        pts.append((*place.to_world(LABEL_OFFSET[0], LABEL_OFFSET[1] - 2.0), 0.0))  # the name plate
        self.camera.frame(pts, place.heading, CLOSE_ELEVATION)

    def frame_award(self, seat: int) -> None:
        """The winner's building and the place beside it where its won cards lie."""
        place = self.view.seats[seat].place
        pts = self.building_points(seat)
        pts += [(*place.to_world(lx, ly), 0.0) for lx in (-12.0, 18.0) for ly in (-9.0, 8.0)]
        self.camera.frame(pts, place.heading, AWARD_ELEVATION)

    def frame_table(self, panel: bool = False) -> None:
        """The whole table from the viewer's side; ``panel``: with the right part of the window
        left free for the round summary."""
        pts = []
        for sp in seat_places(self.view.players):
            for lx, ly in ((-10, -9), (10, -9), (-10, 8), (10, 8)):
                pts.append((*sp.to_world(lx, ly), 0.0))
            for cx, cy in ((16.0, 3.0), (16.0, -7.0)):  # the won cards beside each building
                pts.append((*sp.to_world(cx, cy), 0.0))
        pts.append((0.0, 0.0, 14.0))
        heading = self.view.centre_heading
        if panel:
            local = [rotate(x, y, -heading) for x, y, _ in pts]
            lo, hi = min(x for x, _ in local), max(x for x, _ in local)
            pts.append((*rotate(hi + 0.9 * (hi - lo), 0.0, heading), 0.0))
        self.camera.frame(pts, heading, TABLE_ELEVATION)

    # ---- on the window, in pixels -------------------------------------------------------------
    def project(self, p: Point3) -> tuple[float, float] | None:
        """A point of the view's root on the window, in pixels (None: behind the camera)."""
        w, h = self.size()
        q = self.cam.get_relative_point(self.view.root, p)
        f = Point2()
        if not self.lens.project(q, f) and q.y <= 0:
            return None
        return (f.x + 1) / 2 * w, (1 - f.y) / 2 * h

    def screen_rect(self, points: Iterable[tuple[float, float, float]]) -> Rect | None:
        """The pixel rectangle round the points that show (None: none of them does)."""
        pix = [self.project(Point3(*p)) for p in points]
        shown = [p for p in pix if p is not None]
        if not shown:
            return None
        xs, ys = zip(*shown, strict=True)
        return min(xs), min(ys), max(xs), max(ys)

    def building_rect(self, seat: int) -> Rect | None:
        return self.screen_rect(self.building_points(seat))

    def node_rect(self, node: NodePath | None) -> Rect | None:
        """A node's box (its tight bounds) on the window; None when it has none or is off screen."""
        if node is None or node.is_empty():
            return None
        bounds = node.get_tight_bounds(self.view.root)
        if bounds is None:
            return None
        lo, hi = bounds
        return self.screen_rect(
            [(x, y, z) for x in (lo.x, hi.x) for y in (lo.y, hi.y) for z in (lo.z, hi.z)]
        )

    def plate_rects(self) -> list[Rect]:
        """Each seat's name plate and the VP chips beside it, where they stand on the window."""
        nodes = [n for sv in self.view.seats for n in (sv.name_label, sv.chips) if n is not None]
        rects = [self.node_rect(n) for n in nodes if not n.is_hidden()]
        return [r for r in rects if r is not None]

    def won_card_rects(self) -> list[Rect]:
        """The won cards handed out so far, where they lie (or fly to) on the window."""
        cards = [self.view.round_cards.get(key) for key in sorted(self.view.cards_shown or ())]
        rects = [self.node_rect(card) for card in cards]
        return [r for r in rects if r is not None]
