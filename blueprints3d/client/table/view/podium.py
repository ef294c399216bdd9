"""The end of the game on the table: one player's three buildings (the winner's first) side by
side in the middle of the table, each with its round and score beneath it and two buttons:
"View" opens it in the showcase viewer, "Save" writes it as a build file.

The buildings are the engine's round results (``state.round_results``), drawn with the same
showcase builder as ``blueprints3d view``; the table's seats, dice and centre are put away
meanwhile. The buttons hang on the 2D overlay under each building's projection.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from direct.gui import DirectGuiGlobals as DGG
from direct.gui.DirectGui import DirectButton
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import Camera, NodePath, Point2, Point3, TextNode

from blueprints3d.client.scene import card_model
from blueprints3d.client.scene.camera import OrbitCamera
from blueprints3d.client.render import style
from blueprints3d.client.scene.screen_rects import Rect
from blueprints3d.client.scene.script_text import ScriptText, is_rtl, panda_text
from blueprints3d.client.scene.showcase import build_showcase
from blueprints3d.engine.results import RoundResult
from blueprints3d.files.builds import build_of
from blueprints3d.i18n import _, n_

GAP = 6.0  # cm between two cards
LIFT = 0.05  # over the felt
ELEVATION = 48.0
BUTTON = style.BUTTON
LINE_SHARE, LINE_MIN_PX = style.SMALL.share, style.SMALL.min_px


class Podium:
    """``on_view(round_index, player)`` and ``on_save(round_index, player)`` are the buttons'
    (what they return, the buttons do not use)."""

    def __init__(
        self,
        scene: NodePath,
        aspect2d: NodePath,
        camera: OrbitCamera,
        cam: NodePath[Camera],
        size: Callable[[], tuple[int, int]],
        on_view: Callable[[int, int], object],
        on_save: Callable[[int, int], object],
    ) -> None:
        self.scene, self.aspect2d, self.camera, self.cam = scene, aspect2d, camera, cam
        self.lens = cam.node().get_lens()
        self.size = size
        self.on_view, self.on_save = on_view, on_save
        self.root: NodePath | None = None
        self.gui: NodePath | None = None
        self.player: int | None = None
        self.rounds: Sequence[RoundResult] = ()
        self.cards: list[NodePath] = []
        self.labels: list[OnscreenText] = []
        self.title: OnscreenText | None = None  # whose buildings, over the row
        self.buttons: list[tuple[DirectButton, DirectButton]] = []
        self.heading = 0.0
        self.covered: Callable[[], list[Rect]] = list  # what the row keeps clear of (see show)

    @property
    def active(self) -> bool:
        return self.root is not None

    def _shown(self) -> int:
        """The player whose buildings are on show: the row and its labels exist only between
        ``show``, which sets it, and ``hide``."""
        assert self.player is not None, "the podium is not on show"
        return self.player

    def show(
        self,
        rounds: Sequence[RoundResult],
        player: int,
        name: str,
        heading: float,
        covered: Callable[[], list[Rect]] = list,
    ) -> None:
        """``player``'s buildings, one per round and round 1 first (on the left; in Persian on the
        right), from the viewer's side
        (``heading``); ``covered`` gives the window's rectangles (left, right, bottom, top in
        [-1, 1]) the row must stay clear of: the standings panel beside it."""
        self.hide()
        self.rounds, self.player, self.heading, self.covered = rounds, player, heading, covered
        self.root = self.scene.attach_new_node("podium")
        self.root.set_h(heading)
        sizes = [card_model.card_size(rr.blueprints[player]) for rr in rounds]
        total = sum(w for w, _d in sizes) + GAP * (len(sizes) - 1)
        x = -total / 2
        # Round 1 first in reading order: at the left, and in a right-to-left language at the
        # right (the row mirrored about its middle; the buildings themselves are not).
        side = -1 if is_rtl() else 1
        for i, rr in enumerate(rounds):
            w, _d = sizes[i]
            holder = self.root.attach_new_node(f"podium-round-{i + 1}")
            holder.set_pos(side * (x + w / 2), 0, LIFT)
            build_showcase(holder, build_of(rr, player))
            self.cards.append(holder)
            x += w + GAP
        self.gui = self.aspect2d.attach_new_node("podium-gui")
        # Whose buildings, once over the row; under each only its round and score, so that the
        # captions stay short enough not to run into each other.
        self.title = ScriptText(
            parent=self.gui,
            text=_("{name}'s buildings", name=name),
            fg=(1, 0.92, 0.55, 1),
            shadow=(0, 0, 0, 0.9),
            align=TextNode.A_center,
            mayChange=True,
        )
        for i, rr in enumerate(rounds):
            score = rr.scores[player].total
            t = ScriptText(
                parent=self.gui,
                text=n_(
                    "Round {round}: {n} point", "Round {round}: {n} points", score, round=rr.round
                ),
                fg=(1, 1, 1, 1),
                shadow=(0, 0, 0, 0.9),
                align=TextNode.A_center,
                mayChange=True,
            )
            tn = t.textNode
            tn.set_card_color(0.04, 0.05, 0.08, 0.86)
            tn.set_card_as_margin(0.3, 0.3, 0.15, 0.15)
            self.labels.append(t)
            view = DirectButton(
                parent=self.gui,
                text=panda_text(_("View")),
                frameColor=BUTTON,
                relief=DGG.FLAT,
                pad=(0.5, 0.25),
                command=self.on_view,
                extraArgs=[i, player],
            )
            save = DirectButton(
                parent=self.gui,
                text=panda_text(_("Save")),
                frameColor=BUTTON,
                relief=DGG.FLAT,
                pad=(0.5, 0.25),
                command=self.on_save,
                extraArgs=[i, player],
            )
            self.buttons.append((view, save))
        self.frame()

    def frame(self) -> None:
        """Point the camera at the row (clear of the standings panel) and hang the labels and
        buttons under each building."""
        if self.root is None:
            return
        player = self._shown()
        pts = [c for i in range(len(self.cards)) for c in self._corners(i)]
        # The labels and buttons go under the row: room for them below the nearest card's edge.
        lo = self.scene.get_relative_point(
            self.root, Point3(0, -card_model.card_size(self.rounds[0].blueprints[player])[1], 0)
        )
        pts.append((lo.x, lo.y, 0.0))
        self.camera.frame(pts, self.heading, ELEVATION, snap=True, covered=self.covered())
        self.layout()

    def _corners(self, i: int) -> list[tuple[float, float, float]]:
        """The corners of building ``i``'s box in the scene: its whole card (the printed grid and
        the margin around it) and its tallest stack."""
        bounds = self.cards[i].get_tight_bounds(self.scene)
        assert bounds is not None, "a card has geometry"
        lo, hi = bounds
        return [(x, y, z) for x in (lo.x, hi.x) for y in (lo.y, hi.y) for z in (lo.z, hi.z)]

    def _project(self, p: Point3) -> tuple[float, float] | None:
        w, h = self.size()
        q = self.cam.get_relative_point(self.scene, p)
        f = Point2()
        if not self.lens.project(q, f):
            return None
        return (f.x + 1) / 2 * w, (1 - f.y) / 2 * h

    def building_rect(self, i: int) -> Rect | None:
        """Building ``i`` on the window in pixels (left, top, right, bottom): its card and dice."""
        pix = [self._project(Point3(*c)) for c in self._corners(i)]
        pix = [p for p in pix if p is not None]
        if not pix:
            return None
        xs, ys = zip(*pix, strict=True)
        return min(xs), min(ys), max(xs), max(ys)

    def layout(self) -> None:
        """Each building's label and buttons under it, in pixels."""
        if self.gui is None:
            return
        w, h = self.size()
        u = min(w, h) / 2.0
        line = max(LINE_MIN_PX, LINE_SHARE * h)
        margin = 0.012 * h
        rects = [self.building_rect(i) for i in range(len(self.labels))]
        centres = [None if r is None else (r[0] + r[2]) / 2 for r in rects]
        shown = [r for r in rects if r is not None]
        if self.title is not None and shown:
            self.title.setScale(line / u / self.title.textNode.get_line_height())
            top = min(r[1] for r in shown)
            mid = (min(r[0] for r in shown) + max(r[2] for r in shown)) / 2
            y = (h / 2 - max(line, top - margin)) / u
            self.title.setPos((mid - w / 2) / u, y)
            self._clear_title(w, h, u, margin, y)
        for i, (label, (view, save)) in enumerate(zip(self.labels, self.buttons, strict=True)):
            r = rects[i]
            if r is None:
                continue
            cx = (r[0] + r[2]) / 2  # its centre, as in centres
            # As large as the line, but never wider than the room to the next building's
            # caption (on a narrow window the row of three buildings is narrow too).
            room = min(
                [abs(cx - c) for j, c in enumerate(centres) if j != i and c is not None],
                default=float(w),
            )
            tn = label.textNode
            scale = line / u / tn.get_line_height()
            wide = (tn.get_right() - tn.get_left() + 0.6) * scale * u  # with the card's margins
            label.setScale(scale * min(1.0, 0.94 * room / wide) if wide > 0 else scale)
            y = r[3] + margin + line
            label.setPos((cx - w / 2) / u, (h / 2 - y) / u)
            by = y + line * 1.2
            # Side by side, a gap between them, centred under the building (however long the
            # language's words for them are).
            bs = line / u * 0.95
            bounds = [b.getBounds() for b in (view, save)]
            gap = line * 0.4
            x = cx - (sum((rt - lt) * bs * u for lt, rt, _b, _t in bounds) + gap) / 2
            pair = list(zip((view, save), bounds, strict=True))
            for b, (lt, rt, _b, _t) in reversed(pair) if is_rtl() else pair:
                b.set_scale(bs)
                b.set_pos((x - lt * bs * u - w / 2) / u, 0, (h / 2 - by) / u)
                x += (rt - lt) * bs * u + gap

    def _clear_title(self, w: int, h: int, u: float, margin: float, y: float) -> None:
        """Move the title (centred over the row, at height ``y``) sideways off the rectangles
        ``covered`` gives (the standings panel), to the nearest place in the window where it is
        clear of them; where no gap beside them is wide enough, the widest one takes it in smaller
        type."""
        assert self.title is not None
        bounds = self.title.get_tight_bounds(self.aspect2d)
        if bounds is None:  # no words: nothing to move clear
            return
        lo, hi = bounds
        left, right = lo.x * u + w / 2, hi.x * u + w / 2
        top, bottom = h / 2 - hi.z * u, h / 2 - lo.z * u
        blocked = []
        for c in self.covered():
            cl, cr, ct, cb = (
                (c[0] + 1) / 2 * w,
                (c[1] + 1) / 2 * w,
                (1 - c[3]) / 2 * h,
                (1 - c[2]) / 2 * h,
            )
            if ct < bottom + margin and top - margin < cb:  # beside the title's line
                blocked.append((cl - margin, cr + margin))
        if not any(bl < right and left < br for bl, br in blocked):
            return
        gaps, x = [], margin
        for bl, br in sorted(blocked):
            if bl > x:
                gaps.append((x, bl))
            x = max(x, br)
        if w - margin > x:
            gaps.append((x, w - margin))
        if not gaps:
            return
        width, centre = right - left, (left + right) / 2
        fits = [(gl + width / 2, gr - width / 2) for gl, gr in gaps if gr - gl >= width]
        if fits:
            at = min((min(max(centre, a), b) for a, b in fits), key=lambda c: abs(c - centre))
        else:
            gl, gr = max(gaps, key=lambda g: g[1] - g[0])
            self.title.setScale(self.title.getScale()[0] * (gr - gl) / width)
            at = (gl + gr) / 2
        self.title.setPos((at - w / 2) / u, y)

    def hide(self) -> None:
        if self.title is not None:
            self.title.destroy()
            self.title = None
        for t in self.labels:
            t.destroy()
        for pair in self.buttons:
            for b in pair:
                b.destroy()
        self.labels, self.buttons, self.cards = [], [], []
        if self.gui is not None:
            self.gui.remove_node()
            self.gui = None
        if self.root is not None:
            self.root.remove_node()
            self.root = None
        self.player = None
