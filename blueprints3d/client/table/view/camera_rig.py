"""Where the table's camera looks: the default views it frames, the close-up, and the player's
own moves of it (right-drag, Q/E W/S, the wheel and +/-).

The orbit camera (client/scene/camera.py) glides to whatever it is told to frame; this rig
decides what that is from the game: behind the viewer, their card and the pool during a turn,
the whole table at the end of a round, nothing while the reveal or the podium holds the camera.
"""

from __future__ import annotations

from collections.abc import Callable

from panda3d.core import NodePath, Point3

from blueprints3d.client.scene import card_model, units
from blueprints3d.client.scene.camera import OrbitCamera, Rect, View, project
from blueprints3d.client.scene.geometry import rotate
from blueprints3d.client.scene.picking import Picker, ray_aabb
from blueprints3d.client.table.model.flow import GameFlow, Mode
from blueprints3d.client.table.model.layout import LABEL_OFFSET, seat_places, stack_z
from blueprints3d.client.table.view.table_view import TableView
from blueprints3d.engine.rules import POOL_SIZE
from blueprints3d.i18n import _

HOME_ELEVATION = 52.0  # degrees: the default view, steep enough that a building's rows stand apart
HOME_STACK = (
    units.DIE_SIZE * 4
)  # the default view has room for a stack this tall on the card's far row
IN_DEMAND_REACH = 3.0  # the in-demand dice stand within this of the scoreboard's middle
CLOSE_UP_ELEVATION = 58.0  # degrees: steep enough that the rows of a building stand apart
CLOSE_UP_STEEPEST = 86.0  # ...and up to this steep where a tall stack would hide another's top
CLOSE_UP_STEP = 2.0  # degrees a step, looking for the lowest angle that sees every top
WHOLE_TABLE_ELEVATION = 62.0
_NOT_FRAMED = ("moved by the reveal or the podium",)  # a framing key no view ever has

Points = list[tuple[float, float, float]]


class CameraRig:
    """``aspect`` gives the window's width over height; ``sensitivity`` the camera sensitivity
    setting (it scales every step the player moves the camera by)."""

    def __init__(
        self,
        camera: OrbitCamera,
        picker: Picker,
        aspect: Callable[[], float],
        sensitivity: Callable[[], float],
    ) -> None:
        self.camera = camera
        self.picker = picker
        self.aspect = aspect
        self.sensitivity = sensitivity
        self._framed_for: tuple | None = None
        self._orbit_from: tuple[float, float] | None = None
        # The other seats' screens and plates in the default view, on the window: the HUD keeps
        # clear of them (the far player's screen stands at the top of the view, a side seat's
        # plate may stand under the score panel).
        self.keep_out: list[Rect] = []
        self.on_keep_out: Callable[[list[Rect]], None] = lambda rects: None  # told of each change

    # ---- the views the game frames ------------------------------------------------------------
    def forget_framing(self) -> None:
        """A new table (snap to its view) or a new window shape (frame it again)."""
        self._framed_for = None

    def frame(self, flow: GameFlow, view: TableView, held: bool) -> None:
        """Default view: from behind the viewer, their building and the pool; at the end of a
        round, the whole table. ``held``: the reveal or the podium moves the camera itself."""
        seat = (
            flow.viewer
            if flow.viewer is not None
            else (flow.current if flow.current is not None else 0)
        )
        if not flow.people:
            seat = 0
        if held:
            # The view is no longer framed for anything, so the next turn frames it again (a new
            # round often has the same seat and window as the last, so the same key).
            self._framed_for = _NOT_FRAMED
            self._set_keep_out([])
            return
        whole = flow.mode in (Mode.ROUND_END, Mode.GAME_OVER)
        key = (seat, whole, self.aspect())
        if key == self._framed_for:
            return
        first = self._framed_for is None  # a new table: snap there; otherwise glide
        self._framed_for = key
        place = view.seats[seat].place
        view.set_centre_heading(place.heading)
        if whole:
            pts = self.whole_table_points(flow, place.heading)
            elevation = WHOLE_TABLE_ELEVATION
        else:
            pts = self.home_points(flow, view, seat)
            elevation = HOME_ELEVATION
        self.camera.frame(pts, place.heading, elevation, snap=first)
        self._set_keep_out([] if whole else self.screens_on_window(view, seat))

    def _set_keep_out(self, rects: list[Rect]) -> None:
        if rects != self.keep_out:
            self.keep_out = rects
            self.on_keep_out(rects)

    def screens_on_window(self, view: TableView, seat: int) -> list[Rect]:
        """The other seats' screens and name plates as the default view shows them: (left, right,
        bottom, top) in the window's [-1, 1], from the view the camera goes to (not where it
        glides now)."""
        fov_h, fov_v = self.camera.fovs()
        scene = view.root.get_parent()
        out: list[Rect] = []
        for p, sv in enumerate(view.seats):
            if p == seat:
                continue
            for part in (sv.screen, sv.name_label):
                if part.is_hidden():
                    continue
                bounds = part.get_tight_bounds(scene)
                if bounds is None:  # nothing drawn
                    continue
                lo, hi = bounds
                shown = [
                    q
                    for q in (
                        project(self.camera.home, (x, y, z), fov_h, fov_v)
                        for x in (lo.x, hi.x)
                        for y in (lo.y, hi.y)
                        for z in (lo.z, hi.z)
                    )
                    if q is not None
                ]
                if shown:
                    xs, ys = [q[0] for q in shown], [q[1] for q in shown]
                    out.append((min(xs), max(xs), min(ys), max(ys)))
        return out

    @staticmethod
    def whole_table_points(flow: GameFlow, heading: float) -> Points:
        """Every seat's card and the middle of the table, with the right third of the view left
        free for the round's score panel."""
        pts: Points = []
        for sp in seat_places(len(flow.seats)):
            for lx, ly in ((-10, -9), (10, -9), (-10, 8), (10, 8)):
                pts.append((*sp.to_world(lx, ly), 0.0))
        pts.append((0.0, 0.0, 14.0))
        local = [rotate(x, y, -heading) for x, y, _ in pts]
        lo, hi = min(x for x, _ in local), max(x for x, _ in local)
        pts.append((*rotate(hi + 0.5 * (hi - lo), 0.0, heading), 0.0))
        return pts

    @staticmethod
    def home_points(flow: GameFlow, view: TableView, seat: int) -> Points:
        """What the default view holds: the seat's card with room for a tall stack on its far
        row, its name plate, and the whole pool (at its fullest) with the in-demand dice."""
        place = view.seats[seat].place
        w, h = card_model.card_size(flow.state.blueprints[seat])
        pts = [(*place.to_world(sx * w / 2, sy * h / 2), 0.0) for sx in (-1, 1) for sy in (-1, 1)]
        pts += [
            (*place.to_world(sx * w / 2, h / 2), HOME_STACK) for sx in (-1, 1)
        ]  # a tall far stack
        pts.append((*place.to_world(LABEL_OFFSET[0], LABEL_OFFSET[1] - 1.0), 0.0))  # name plate
        n = max(POOL_SIZE[len(flow.seats)], len(flow.state.pool), 1)
        r = units.DIE_SIZE * 0.75
        for i in (0, n - 1):
            p = view.pool_world(i, n)
            for dx, dy in ((-r, -r), (r, -r), (-r, r), (r, r)):
                ox, oy = rotate(dx, dy, place.heading)
                pts += [(p.x + ox, p.y + oy, 0.0), (p.x + ox, p.y + oy, units.DIE_SIZE)]
        for dx in (-IN_DEMAND_REACH, IN_DEMAND_REACH):  # the in-demand dice on the scoreboard
            q = view.root.get_relative_point(view.scoreboard, Point3(dx, 0.5, units.DIE_SIZE * 1.5))
            pts.append((q.x, q.y, q.z))
        return pts

    # ---- the close-up -------------------------------------------------------------------------
    def toggle_close_up(self, flow: GameFlow, view: TableView, covered: list[Rect]) -> str | None:
        """C: a close look at the viewer's own building, from above and behind, framed in the
        rows the HUD's top and bottom lines leave free (``covered``); C again (or R) goes back
        to the default view. Returns why not, when there is no building of theirs to look at."""
        seat = flow.viewer
        if seat is None or seat not in flow.visible_seats():
            return _("the close-up shows your own building, on your turn")
        place = view.seats[seat].place
        w, h = card_model.card_size(flow.state.blueprints[seat])
        tallest = max((len(st) for st in flow.state.stacks[seat]), default=0)
        top = units.CARD_THICKNESS + units.DIE_SIZE * max(tallest + 1, 2)
        pts = [
            (*place.to_world(sx * w / 2, sy * h / 2), z)
            for sx in (-1, 1)
            for sy in (-1, 1)
            for z in (0.0, top)
        ]
        building = _Building(flow, view, seat)
        # From the usual angle, or as little steeper as lets every stack's top be seen (a tall
        # stack in front of a shorter one hides its top from a low eye).
        best: tuple[int, View] | None = None
        elevation = CLOSE_UP_ELEVATION
        while True:
            fit = self.camera.fitting(pts, place.heading, elevation, covered=covered)
            hidden = building.hidden_tops(self.camera.root, fit.eye())
            if best is None or hidden < best[0]:
                best = (hidden, fit)
            if not hidden or elevation >= CLOSE_UP_STEEPEST:
                break
            elevation = min(elevation + CLOSE_UP_STEP, CLOSE_UP_STEEPEST)
        self.camera.toggle_close_up(best[1])
        return None

    def plate_for_close_up(self, flow: GameFlow, view: TableView) -> None:
        """In the close-up the viewer's name plate, just in front of the card, would stand
        huge over the prompt: it is hidden while the close-up is on (C again or R bring it back)."""
        close = self.camera.close is not None
        for p, sv in enumerate(view.seats):
            hide = close and p == flow.viewer
            if hide != sv.name_label.is_hidden():
                sv.name_label.hide() if hide else sv.name_label.show()

    # ---- the player's moves -------------------------------------------------------------------
    def orbit_by_key(self, d_heading: float, d_elevation: float) -> None:
        """Q/E W/S: a step round the table, as large as the camera sensitivity setting says."""
        k = self.sensitivity()
        self.camera.orbit(d_heading * k, d_elevation * k)

    def zoom(self, factor: float, at: tuple[float, float] | None) -> None:
        """Wheel, +/- (Shift+= too): toward the table point under the pointer ``at``, so what
        the pointer is on stays under it; toward the view's centre without a pointer."""
        hit = self.picker.on_plane(*at, 0.0) if at is not None else None
        self.camera.zoom(
            factor, (hit.x, hit.y, hit.z) if hit is not None else None, self.sensitivity()
        )

    def start_orbit(self, at: tuple[float, float] | None) -> None:
        """The right button went down at ``at``: the pointer's moves now turn the view."""
        self._orbit_from = at

    def end_orbit(self) -> None:
        self._orbit_from = None

    def follow_orbit(self, at: tuple[float, float] | None) -> None:
        """Every frame while the right button is down: turn the view by the pointer's move."""
        if at is None or self._orbit_from is None:
            return
        dx, dy = at[0] - self._orbit_from[0], at[1] - self._orbit_from[1]
        k = self.sensitivity()
        self.camera.orbit(-dx * 120.0 * k, -dy * 60.0 * k)
        self._orbit_from = at


class _Building:
    """The dice of one seat's building as boxes in its card's frame (they stand square on it),
    to tell which stacks' tops an eye sees."""

    def __init__(self, flow: GameFlow, view: TableView, seat: int) -> None:
        self.frame = view.seats[seat].root
        bp = flow.state.blueprints[seat]
        self.tops: list[Point3] = []
        self.dice: list[Point3] = []
        for cell, st in enumerate(flow.state.stacks[seat]):
            x, y = card_model.cell_position(bp, cell)
            centres = [Point3(x, y, stack_z(level)) for level in range(len(st))]
            self.dice += centres
            self.tops += centres[-1:]

    def hidden_tops(self, scene: NodePath, eye: tuple[float, float, float]) -> int:
        """How many stacks' top dice the eye (in ``scene``'s frame) does not see: the ray from
        it to a top die's centre meets another die first."""
        o = self.frame.get_relative_point(scene, Point3(*eye))
        h = units.DIE_SIZE / 2
        hidden = 0
        for top in self.tops:
            v = top - o
            reach = ray_aabb(Point3(o - top), v, (-h, -h, -h), (h, h, h))
            if reach is None:
                continue
            if any(
                (t := ray_aabb(Point3(o - c), v, (-h, -h, -h), (h, h, h))) is not None
                and t < reach - 1e-6
                for c in self.dice
                if c != top
            ):
                hidden += 1
        return hidden
