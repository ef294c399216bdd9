"""The paced reveal after a round: the camera visits each building and the points appear on the
dice that earn them (the steps come from ``steps.reveal``, every number from the engine).

The labels are 2D, drawn over the scene, so no card or die can hide them; a close look at a
building sets them in a column on either side of it with a leader line to each die, and the
building's running total sits above it. Every frame the anchors are projected through the lens
again (the camera glides), and the columns are spread so no two labels touch.

Space goes to the next step, Enter skips the rest; ``replay`` starts the reveal over. A game's
reveal moves on by itself too, each step after its duration; the tutorial's waits for the reader
(``wait_for_reader``): only Space, a click on the table or its Next button go on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from direct.gui.DirectGui import DGG, DirectButton
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import LineSegs, NodePath, Point2, Point3, TextNode

from blueprints3d.client.render import highlight
from blueprints3d.client.scene import card_model, units
from blueprints3d.client.scene.camera import OrbitCamera
from blueprints3d.client.scene.geometry import rotate
from blueprints3d.client.scene.screen_rects import Rect, overlaps
from blueprints3d.client.scene.script_text import ScriptText, panda_text
from blueprints3d.client.table.model.flow import RoundEnd
from blueprints3d.client.table.model.layout import LABEL_OFFSET, seat_places, stack_z
from blueprints3d.client.table.view.table_view import TableView
from blueprints3d.i18n import N_, _
from blueprints3d.presentation.reveal import RevealStep, reveal_steps

CAPTION_SHARE, CAPTION_MIN_PX = 0.036, 17.0  # of the window's height, from line to line
TAG_SHARE, TAG_MIN_PX = 0.030, 15.0
HINT_SHARE, HINT_MIN_PX = 0.024, 13.0
MARGIN_SHARE = 0.015  # of the height: gaps at the edges and between labels
TAG_RGBA = (1.0, 0.86, 0.35, 1.0)  # outline of a die that earns the shown points
LIT_RGBA = (0.55, 1.0, 0.65, 1.0)  # outline of a die a wood die touches
SPACE_OK_RGBA = (0.20, 0.90, 0.35, 0.60)  # a space built as printed
SPACE_BAD_RGBA = (0.95, 0.25, 0.20, 0.60)  # a space not built as printed
CLOSE_ELEVATION = 50.0
TABLE_ELEVATION = 62.0
HINT = N_("Space: next step    Enter: skip the reveal")
WAIT_HINT = N_("Space or a click: next step    Enter: skip the reveal")  # at a reader's pace
NEXT_RGBA = (0.85, 0.80, 0.65, 1.0)  # the Next button (the tutorial's buttons' colour)


def spread(
    wanted: Sequence[float], heights: Sequence[float], top: float, bottom: float, gap: float
) -> list[float]:
    """Top edges for labels stacked in one column, each as near its wanted place as it can be
    with no two closer than ``gap``, all between ``top`` and ``bottom`` (labels already sorted)."""
    ys = []
    y = top
    for w, h in zip(wanted, heights):
        y = max(w, y)
        ys.append(y)
        y += h + gap
    over = (ys[-1] + heights[-1]) - bottom if ys else 0.0
    if over > 0:  # push the column up, keeping the gaps, but never above the top
        for i in range(len(ys) - 1, -1, -1):
            limit = bottom - heights[i] if i == len(ys) - 1 else ys[i + 1] - gap - heights[i]
            ys[i] = max(top, min(ys[i], limit))
    return ys


@dataclass
class _Label:
    text: OnscreenText
    anchor: Point3 | None = None  # in the view root's frame; None: a building's name label
    rect: Rect = (0.0, 0.0, 0.0, 0.0)
    seat: int | None = None  # a name label's building


class RevealPlayer:
    """Plays a round's reveal on the table view. ``size`` gives the window in pixels; ``lens``
    and ``cam`` project the anchors; ``on_summary`` is called when the reveal reaches its end."""

    def __init__(
        self,
        aspect2d: NodePath,
        view: TableView,
        camera: OrbitCamera,
        cam: NodePath,
        size: Callable[[], tuple[int, int]],
        on_summary: Callable[[], None],
    ) -> None:
        self.view, self.camera, self.cam = view, camera, cam
        self.lens = cam.node().get_lens()
        self.size = size
        self.on_summary = on_summary
        # Called with each Award / Prize step as its card goes to its building (the sound cue).
        self.on_card: Callable[[RevealStep], None] | None = None
        # Rectangles (pixels) the labels keep clear of, beside the buildings: the summary panel
        # (None where one is not on show).
        self.avoid: Callable[[], list[Rect | None]] | None = None
        self.root = aspect2d.attach_new_node("reveal")
        self.lines = self.root.attach_new_node("reveal-leaders")
        self.caption = self._text((1, 1, 1, 1), TextNode.A_center, card=True)
        self.hint = self._text((0.85, 0.85, 0.85, 1), TextNode.A_center, card=True)
        self.hint.setText(_(HINT))
        self.total = self._text((1, 0.95, 0.7, 1), TextNode.A_center, card=True)
        self.tags: list[_Label] = []
        self.end: RoundEnd | None = None
        self.names: list[str] = []
        self.steps: list[RevealStep] = []
        self.index = 0
        self.t = 0.0
        self.active = False
        self._outlined: list[NodePath] = []
        self._lit_seat: int | None = None
        self._line_key: tuple = ()
        self._placed: dict[int, tuple] = {}  # id(text) -> (what it was placed for, its pos then)
        # At a reader's pace (the tutorial): no step goes on by itself; Space, a click on the
        # table or the Next button call ``advance`` (``on_next``: what going on means there).
        self.waits = False
        self.on_next: Callable[[], None] | None = None
        self.next_button: DirectButton | None = None
        self.root.hide()

    def wait_for_reader(self, on_next: Callable[[], None] | None = None) -> None:
        """Every step waits for Space, a click or the Next button (``on_next``, else the next
        step), however long it takes to read it."""
        self.waits, self.on_next = True, on_next
        if self.next_button is None:
            self.next_button = DirectButton(
                parent=self.root,
                text=panda_text(_("Next")),
                command=self.advance,
                relief=DGG.FLAT,
                pad=(0.6, 0.25),
                frameColor=NEXT_RGBA,
                text_fg=(0.1, 0.1, 0.1, 1),
            )
        if self.hint.textNode.get_text():
            self.hint.setText(_(WAIT_HINT))
        self.layout()

    def advance(self) -> None:
        """Space, a click on the table, the Next button: the reader goes on."""
        if self.active and not self.at_summary:
            (self.on_next or self.next_step)()

    def _text(self, fg, align, card: bool = False) -> OnscreenText:
        t = ScriptText(
            parent=self.root, text="", fg=fg, align=align, shadow=(0, 0, 0, 0.9), mayChange=True
        )
        if card:
            tn = t.textNode
            tn.set_card_color(0.04, 0.05, 0.08, 0.86)
            tn.set_card_as_margin(0.3, 0.3, 0.15, 0.15)
        return t

    # ---- playing ------------------------------------------------------------------------------
    def start(self, end: RoundEnd, names: list[str]) -> None:
        self.end, self.names = end, list(names)
        self.steps = reveal_steps(end.result, names)
        self.view.cards_shown = set()  # the won cards wait in the centre until their step
        self.active = True
        self.root.show()
        self._go(0)

    def replay(self) -> None:
        """Watch the reveal again (from the round summary)."""
        if self.end is not None:
            self.view.recall_won_cards()
            self.start(self.end, self.names)

    def _shown(self) -> RoundEnd:
        """The round on show: every step (and every building's rectangle) is asked for between
        ``start``, which sets it, and ``stop``, which ends the reveal."""
        assert self.end is not None, "no round is being revealed"
        return self.end

    @property
    def step(self) -> RevealStep | None:
        return self.steps[self.index] if self.active and self.index < len(self.steps) else None

    @property
    def at_summary(self) -> bool:
        s = self.step
        return s is not None and s.kind == "summary"

    def next_step(self) -> None:
        if self.active and not self.at_summary:
            self._go(self.index + 1)

    def skip_all(self) -> None:
        if self.active and not self.at_summary:
            self._go(len(self.steps) - 1)

    def update(self, dt: float) -> None:
        if not self.active:
            return
        s = self.step
        if s is not None and s.kind != "summary" and not self.waits:
            self.t += dt
            if self.t >= s.duration:
                self._go(self.index + 1)
        self.layout()

    def stop(self) -> None:
        """The round is over for good (next round, a new game): take everything down."""
        self._clear_marks()
        for lab in self.tags:
            lab.text.destroy()
        self.tags = []
        self.active = False
        self.end = None
        self.view.cards_shown = None
        self.root.hide()

    def destroy(self) -> None:
        self.stop()
        if self.next_button is not None:
            self.next_button.destroy()
            self.next_button = None
        self.root.remove_node()

    def _go(self, index: int) -> None:
        self.index, self.t = index, 0.0
        s = self.steps[index]
        self._clear_marks()
        for lab in self.tags:
            lab.text.destroy()
        self.tags = []
        # Every card whose step has come (skipping jumps over some) goes to its building.
        self.view.reveal_cards([st.card for st in self.steps[: index + 1] if st.card is not None])
        if s.card is not None and self.on_card is not None:
            self.on_card(s)
        self.caption.setText(s.caption if s.kind != "summary" else "")
        if s.player is not None and s.kind not in ("award", "prize"):
            self._frame_building(s.player)
            self._mark(s, s.player)
        elif s.player is not None:
            self._frame_award(s.player)
        else:
            self._frame_table(panel=s.kind == "summary")
        self.total.setText("")
        if s.running is not None and s.player is not None:
            self.total.setText(_("{name}: {points}", name=self.names[s.player], points=s.running))
        self.hint.setText("" if s.kind == "summary" else _(WAIT_HINT) if self.waits else _(HINT))
        if s.kind == "summary":
            # Each building's name and total beside it, for the summary's table to point at.
            for p in range(self.view.players):
                lab = _Label(self._text((1, 0.95, 0.7, 1), TextNode.A_left, card=True))
                lab.text.setText(
                    _(
                        "{name}: {points}",
                        name=self.names[p],
                        points=self._shown().result.scores[p].total,
                    )
                )
                lab.seat = p
                self.tags.append(lab)
            self.on_summary()
        self.layout()

    # ---- what a step marks on the building ----------------------------------------------------
    def _die(self, seat: int, cell: int, level: int) -> NodePath | None:
        stack = self._shown().stacks[seat][cell]
        return self.view.dice[stack[level]] if level < len(stack) else None

    def _mark(self, s: RevealStep, seat: int) -> None:
        """Mark step ``s`` on the building of its player, ``seat``."""
        for t in s.tags:
            node = self._die(seat, t.cell, t.level)
            if node is not None and s.kind == "material":
                highlight.set_highlight(node, TAG_RGBA)
                self._outlined.append(node)
            lab = _Label(
                self._text((1, 1, 1, 1), TextNode.A_left, card=True),
                self._anchor(seat, t.cell, t.level),
            )
            lab.text.setText(t.text)
            self.tags.append(lab)
        for cell, level in s.lit:
            node = self._die(seat, cell, level)
            if node is not None and node not in self._outlined:
                highlight.set_highlight(node, LIT_RGBA)
                self._outlined.append(node)
        if s.spaces:
            self.view.highlight_cells(
                seat,
                {
                    c.cell: SPACE_OK_RGBA if c.ok else SPACE_BAD_RGBA
                    for c in s.spaces
                    if c.needed or not c.ok
                },
            )
            self._lit_seat = seat

    def _clear_marks(self) -> None:
        for node in self._outlined:
            highlight.set_highlight(node, None)
        self._outlined = []
        if self._lit_seat is not None:
            self.view.highlight_cells(self._lit_seat, {})
            self._lit_seat = None

    def _anchor(self, seat: int, cell: int, level: int) -> Point3:
        """The point a label's leader line ends at: the die's top face (the space's surface when
        it is empty)."""
        stack = self._shown().stacks[seat][cell]
        if not stack:
            return self.view.cell_world(seat, cell, 0) - Point3(0, 0, units.DIE_SIZE / 2)
        p = self.view.cell_world(seat, cell, level)
        return Point3(p.x, p.y, p.z + units.DIE_SIZE * 0.3)

    # ---- camera -------------------------------------------------------------------------------
    def building_points(self, seat: int) -> list[tuple[float, float, float]]:
        """The corners of a seat's card, up to its tallest stack."""
        sv = self.view.seats[seat]
        w, h = card_model.card_size(self.view.blueprint_of(seat))
        tallest = max((len(st) for st in self._shown().stacks[seat]), default=0)
        top = stack_z(tallest) - units.DIE_SIZE / 2 if tallest else 0.0
        return [
            (*sv.place.to_world(sx * w / 2, sy * h / 2), z)
            for sx in (-1, 1)
            for sy in (-1, 1)
            for z in (0.0, top)
        ]

    def _frame_building(self, seat: int) -> None:
        place = self.view.seats[seat].place
        w, h = card_model.card_size(self.view.blueprint_of(seat))
        pts = self.building_points(seat)
        # Room on either side for the label columns, above for the total and the caption.
        pts += [(*place.to_world(sx * w * 1.2, 0.0), 0.0) for sx in (-1, 1)]
        pts += [(*place.to_world(0.0, h * 0.6), units.DIE_SIZE * 4)]
        pts.append((*place.to_world(LABEL_OFFSET[0], LABEL_OFFSET[1] - 2.0), 0.0))  # the name plate
        self.camera.frame(pts, place.heading, CLOSE_ELEVATION)

    def _frame_award(self, seat: int) -> None:
        """The winner's building and the place beside it where its won cards lie."""
        place = self.view.seats[seat].place
        pts = self.building_points(seat)
        pts += [(*place.to_world(lx, ly), 0.0) for lx in (-12.0, 18.0) for ly in (-9.0, 8.0)]
        self.camera.frame(pts, place.heading, 58.0)

    def _frame_table(self, panel: bool = False) -> None:
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

    # ---- layout in pixels ---------------------------------------------------------------------
    def project(self, p: Point3) -> tuple[float, float] | None:
        """A point of the view's root on the window, in pixels (None: behind the camera)."""
        w, h = self.size()
        q = self.cam.get_relative_point(self.view.root, p)
        f = Point2()
        if not self.lens.project(q, f):
            if q.y <= 0:
                return None
        return (f.x + 1) / 2 * w, (1 - f.y) / 2 * h

    def screen_rect(self, points) -> Rect | None:
        pix = [self.project(Point3(*p)) for p in points]
        pix = [p for p in pix if p is not None]
        if not pix:
            return None
        xs, ys = zip(*pix)
        return min(xs), min(ys), max(xs), max(ys)

    def building_rect(self, seat: int) -> Rect | None:
        return self.screen_rect(self.building_points(seat))

    def won_card_rects(self) -> list[Rect]:
        """The won cards handed out so far, where they lie (or fly to) on the window."""
        out = []
        for key in sorted(self.view.cards_shown or ()):
            card = self.view.round_cards.get(key)
            if card is None or card.is_empty():
                continue
            lo, hi = card.get_tight_bounds(self.view.root)
            r = self.screen_rect(
                [(x, y, z) for x in (lo.x, hi.x) for y in (lo.y, hi.y) for z in (lo.z, hi.z)]
            )
            if r is not None:
                out.append(r)
        return out

    def _unit(self) -> tuple[float, int, int]:
        w, h = self.size()
        return min(w, h) / 2.0, w, h

    def _to_a2d(self, x: float, y: float) -> tuple[float, float]:
        u, w, h = self._unit()
        return (x - w / 2) / u, (h / 2 - y) / u

    def _size_text(self, t: OnscreenText, line_px: float) -> None:
        u, _, _ = self._unit()
        scale = line_px / u / t.textNode.get_line_height()
        # OnscreenText makes its text anew on every setScale and setPos, even to the same value,
        # and the layout runs every frame: only a change is passed on (benchmarks/RESULTS.md).
        if tuple(t.getScale()) != (scale, scale):
            t.setScale(scale)

    def _text_rect(self, t: OnscreenText) -> Rect:
        """A text's rectangle on the window in pixels (its card where it has one)."""
        u, w, h = self._unit()
        bounds = t.get_tight_bounds(self.root) if t.textNode.get_text() else None
        if bounds is None:
            return 0.0, 0.0, 0.0, 0.0
        lo, hi = bounds
        return lo.x * u + w / 2, h / 2 - hi.z * u, hi.x * u + w / 2, h / 2 - lo.z * u

    def _place_text(self, t: OnscreenText, left: float, top: float) -> None:
        """Put a text's rectangle's top-left corner at pixel (left, top)."""
        u, w, h = self._unit()
        tn = t.textNode
        # Where it went last time for the same text, size and spot is where it goes again
        # (measuring it at the origin anew would make its text twice more every frame).
        key = (tn.get_text(), tuple(t.getScale()), tn.get_wordwrap(), w, h, left, top)
        placed = self._placed.get(id(t))
        if placed is not None and placed[0] == key and tuple(t.getPos()) == placed[1]:
            return
        t.setPos(0, 0)
        r = self._text_rect(t)
        t.setPos((left - r[0]) / u, -(top - r[1]) / u)
        self._placed[id(t)] = (key, tuple(t.getPos()))

    def layout(self) -> None:
        if not self.active:
            return
        u, w, h = self._unit()
        margin = MARGIN_SHARE * h
        cap_px = max(CAPTION_MIN_PX, CAPTION_SHARE * h)
        self._size_text(self.caption, cap_px)
        wrap = 0.86 * w / u / self.caption.getScale()[0]
        if self.caption.textNode.get_wordwrap() != wrap:  # (it too makes the text anew)
            self.caption.textNode.set_wordwrap(wrap)
        self._place_text(self.caption, 0, margin)
        cr = self._text_rect(self.caption)
        self._place_text(self.caption, (w - (cr[2] - cr[0])) / 2, margin)
        self._size_text(self.hint, max(HINT_MIN_PX, HINT_SHARE * h))
        hr = self._text_rect(self.hint)
        self._place_text(self.hint, (w - (hr[2] - hr[0])) / 2, h - margin - (hr[3] - hr[1]))
        self._place_next(margin)
        top = self._text_rect(self.caption)[3] + margin
        bottom = (
            self._text_rect(self.hint)[1] - margin if self.hint.textNode.get_text() else h - margin
        )
        s = self.step
        tag_px = max(TAG_MIN_PX, TAG_SHARE * h)
        self._size_text(self.total, tag_px * 1.15)
        seat = s.player if s is not None and s.kind not in ("award", "prize") else None
        b = self.building_rect(seat) if seat is not None else None
        if b is not None and self.total.textNode.get_text():
            tr = self._text_rect(self.total)
            tw, th = tr[2] - tr[0], tr[3] - tr[1]
            y = max(top, b[1] - margin - th)
            if y + th + margin > b[1]:  # no room above the building: below it
                y = min(b[3] + margin, bottom - th)
            self._place_text(self.total, (b[0] + b[2] - tw) / 2, y)
            self.total.show()
        else:
            self.total.hide()
        if b is not None and self.tags:
            self._layout_tags(b, top, bottom, margin, tag_px)
        if s is not None and s.kind == "summary":
            self._layout_names(top, bottom, margin, tag_px)
        self._draw_leaders()

    def _place_next(self, margin: float) -> None:
        """The Next button right of the hint line, its word as large as the hint's (shown while a
        step waits)."""
        b = self.next_button
        if b is None:
            return
        if not (self.waits and self.hint.textNode.get_text()):
            b.hide()
            return
        b.show()
        hr = self._text_rect(self.hint)
        scale = self.hint.getScale()[0] * 1.1
        b.setScale(scale)
        left, right, bottom, top = b.getBounds()
        x, z = self._to_a2d(hr[2] + margin, (hr[1] + hr[3]) / 2)
        b.setPos(x - left * scale, 0, z - (bottom + top) / 2 * scale)

    def next_rect(self) -> Rect | None:
        """The Next button on the window, in pixels (None when it is not on show)."""
        b = self.next_button
        if b is None or b.isHidden():
            return None
        u, w, h = self._unit()
        left, right, bottom, top = (
            b.getBounds()
        )  # its frame (a PGItem's, not geometry), in its own units
        lo = self.root.get_relative_point(b, Point3(left, 0, bottom))
        hi = self.root.get_relative_point(b, Point3(right, 0, top))
        return lo.x * u + w / 2, h / 2 - hi.z * u, hi.x * u + w / 2, h / 2 - lo.z * u

    def _layout_tags(
        self, b: Rect, top: float, bottom: float, margin: float, tag_px: float
    ) -> None:
        u, w, h = self._unit()
        cx = (b[0] + b[2]) / 2
        sides: dict[int, list[tuple[float, float, _Label]]] = {-1: [], 1: []}
        anchors = []
        for lab in self.tags:
            self._size_text(lab.text, tag_px)
            a = self.project(lab.anchor)
            anchors.append(a)
        for lab, a in zip(self.tags, anchors):
            if a is None:
                lab.text.hide()
                continue
            lab.text.show()
            sides[-1 if a[0] < cx else 1].append((a[1], a[0], lab))
        # A column holds as many as fit: the rest go to the other side.
        cap = max(1, int((bottom - top) // (tag_px * 1.4 + margin)))
        for side in (-1, 1):
            while len(sides[side]) > cap and len(sides[-side]) < cap:
                sides[side].sort(key=lambda e: side * e[1])
                sides[-side].append(sides[side].pop(0))
        for side, items in sides.items():
            if not items:
                continue
            items.sort(key=lambda e: e[0])
            sizes = []
            for _y, _x, lab in items:
                r = self._text_rect(lab.text)
                sizes.append((r[2] - r[0], r[3] - r[1]))
            ys = spread(
                [ay - hh / 2 for (ay, _, _), (_, hh) in zip(items, sizes)],
                [hh for _, hh in sizes],
                top,
                bottom,
                margin * 0.6,
            )
            for (ay, ax, lab), (ww, hh), y in zip(items, sizes, ys):
                x = b[0] - margin - ww if side < 0 else b[2] + margin
                x = min(max(x, margin), w - margin - ww)
                self._place_text(lab.text, x, y)
                lab.rect = self._text_rect(lab.text)

    def _layout_names(self, top: float, bottom: float, margin: float, tag_px: float) -> None:
        """Each building's name label beside its building: below it, else above, else to a
        side, wherever it touches no building, no other label and not the summary panel."""
        u, w, h = self._unit()
        buildings = [
            r for r in (self.building_rect(p) for p in range(self.view.players)) if r is not None
        ]
        taken = list(buildings) + self.won_card_rects()
        taken += [r for r in (self.avoid() if self.avoid else []) if r is not None]
        for lab in self.tags:
            if lab.seat is None:
                continue
            self._size_text(lab.text, tag_px)
            b = self.building_rect(lab.seat)
            if b is None:
                lab.text.hide()
                continue
            r = self._text_rect(lab.text)
            tw, th = r[2] - r[0], r[3] - r[1]
            cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
            spots = [
                (cx - tw / 2, b[3] + margin),
                (cx - tw / 2, b[1] - margin - th),
                (b[2] + margin, cy - th / 2),
                (b[0] - margin - tw, cy - th / 2),
            ]
            for x, y in spots:
                rect = (x, y, x + tw, y + th)
                if x < margin or x + tw > w - margin or y < top or y + th > bottom:
                    continue
                if not any(overlaps(rect, o, margin * 0.5) for o in taken):
                    break
            else:
                x, y = spots[0]
            self._place_text(lab.text, x, y)
            lab.rect = self._text_rect(lab.text)
            taken.append(lab.rect)

    def _draw_leaders(self) -> None:
        key = tuple(
            (lab.rect, self.project(lab.anchor))
            for lab in self.tags
            if not lab.text.isHidden() and lab.anchor is not None
        )
        if key == self._line_key:
            return
        self._line_key = key
        self.lines.remove_node()
        self.lines = self.root.attach_new_node("reveal-leaders")
        if not key:
            return
        ls = LineSegs("leaders")
        ls.set_thickness(1.5)
        ls.set_color(1, 0.9, 0.55, 0.9)
        for rect, a in key:
            if a is None:
                continue
            ex = (
                rect[2]
                if a[0] > rect[2]
                else rect[0]
                if a[0] < rect[0]
                else (rect[0] + rect[2]) / 2
            )
            ey = (rect[1] + rect[3]) / 2
            x0, z0 = self._to_a2d(ex, ey)
            x1, z1 = self._to_a2d(*a)
            ls.move_to(x0, 0, z0)
            ls.draw_to(x1, 0, z1)
        self.lines.attach_new_node(ls.create())
        self.lines.set_bin("fixed", 0)

    # ---- for tests ----------------------------------------------------------------------------
    def label_rects(self) -> dict[str, Rect]:
        """Every label on show, by name, in pixels."""
        out = {}
        if self.caption.textNode.get_text():
            out["caption"] = self._text_rect(self.caption)
        if self.hint.textNode.get_text():
            out["hint"] = self._text_rect(self.hint)
        if self.total.textNode.get_text() and not self.total.isHidden():
            out["total"] = self._text_rect(self.total)
        nxt = self.next_rect()
        if nxt is not None:
            out["next"] = nxt
        for i, lab in enumerate(self.tags):
            if not lab.text.isHidden():
                out[f"tag-{i}:{lab.text.textNode.get_text()}"] = lab.rect
        return out
