"""The reveal's words over the scene: the caption, the key hint, a building's running total, the
labels of the dice that earn points (each with a leader line to its die), the buildings' names
and totals at the summary, and the Next button of a reveal at a reader's pace.

They are 2D, drawn over the scene, so no card or die can hide them. A close look at a building
sets its labels in a column on either side of it, each as near its die's height as it can be
(``spread``), with the total above the building. Every frame the anchors are projected through
the lens again (the camera glides), and the columns are spread so no two labels touch; the
names at the summary go wherever they touch no building, won card, other label or panel.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from direct.gui.DirectGui import DGG, DirectButton
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import LineSegs, NodePath, Point3, TextNode

from blueprints3d.client.scene.screen_rects import Rect, overlaps
from blueprints3d.client.scene.script_text import ScriptText, panda_text
from blueprints3d.client.table.view.reveal_shots import RevealShots
from blueprints3d.i18n import N_, _
from blueprints3d.presentation.reveal import RevealStep

CAPTION_SHARE, CAPTION_MIN_PX = 0.036, 17.0  # of the window's height, from line to line
TAG_SHARE, TAG_MIN_PX = 0.030, 15.0
HINT_SHARE, HINT_MIN_PX = 0.024, 13.0
MARGIN_SHARE = 0.015  # of the height: gaps at the edges and between labels
# TRANSLATORS: key names as your keyboards print them (German: Leertaste).
HINT = N_("Space: next step    Enter: skip the reveal")
# TRANSLATORS: key names as your keyboards print them (German: Leertaste).
WAIT_HINT = N_("Space or a click: next step    Enter: skip the reveal")  # at a reader's pace
NEXT_RGBA = (0.85, 0.80, 0.65, 1.0)  # the Next button (the tutorial's buttons' colour)
TOTAL_RGB = (1, 0.95, 0.7, 1)  # a building's total, and its name and total at the summary
# Rectangles (pixels) the names at the summary keep clear of (None: one not on show).
Avoid = Callable[[], list[Rect | None]]


def spread(
    wanted: Sequence[float], heights: Sequence[float], top: float, bottom: float, gap: float
) -> list[float]:
    """Top edges for labels stacked in one column, each as near its wanted place as it can be
    with no two closer than ``gap``, all between ``top`` and ``bottom`` (labels already sorted)."""
    ys = []
    y = top
    for w, h in zip(wanted, heights, strict=True):
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
class RevealLabel:
    text: OnscreenText
    anchor: Point3 | None = None  # in the view root's frame; None: a building's name label
    rect: Rect = (0.0, 0.0, 0.0, 0.0)
    seat: int | None = None  # a name label's building


class RevealLabels:
    """The reveal's 2D layer under ``aspect2d``, laid out in pixels where ``shots`` says the
    buildings, dice and won cards show. Hidden until ``root`` is shown."""

    def __init__(self, aspect2d: NodePath, shots: RevealShots) -> None:
        self.shots = shots
        self.root = aspect2d.attach_new_node("reveal")
        self.lines = self.root.attach_new_node("reveal-leaders")
        self.caption = self.text((1, 1, 1, 1), TextNode.A_center, card=True)
        self.hint = self.text((0.85, 0.85, 0.85, 1), TextNode.A_center, card=True)
        self.hint.setText(_(HINT))
        self.total = self.text(TOTAL_RGB, TextNode.A_center, card=True)
        self.tags: list[RevealLabel] = []
        self.next_button: DirectButton | None = None
        self._line_key: tuple = ()
        self._placed: dict[int, tuple] = {}  # id(text) -> (what it was placed for, its pos then)
        self.root.hide()

    def text(self, fg, align, card: bool = False) -> OnscreenText:
        """A text of the layer, on a dark card where ``card``."""
        t = ScriptText(
            parent=self.root, text="", fg=fg, align=align, shadow=(0, 0, 0, 0.9), mayChange=True
        )
        if card:
            tn = t.textNode
            tn.set_card_color(0.04, 0.05, 0.08, 0.86)
            tn.set_card_as_margin(0.3, 0.3, 0.15, 0.15)
        return t

    def add_tag(self, words: str, anchor: Point3) -> None:
        """A label beside the building with a leader line to ``anchor`` (a die's top)."""
        lab = RevealLabel(self.text((1, 1, 1, 1), TextNode.A_left, card=True), anchor)
        lab.text.setText(words)
        self.tags.append(lab)

    def add_name(self, words: str, seat: int) -> None:
        """A building's name label (its name and total, at the summary)."""
        lab = RevealLabel(self.text(TOTAL_RGB, TextNode.A_left, card=True))
        lab.text.setText(words)
        lab.seat = seat
        self.tags.append(lab)

    def clear_tags(self) -> None:
        for lab in self.tags:
            lab.text.destroy()
        self.tags = []

    def add_next_button(self, command: Callable[[], None]) -> None:
        """The Next button, shown right of the hint while a step waits for the reader."""
        if self.next_button is None:
            self.next_button = DirectButton(
                parent=self.root,
                text=panda_text(_("Next")),
                command=command,
                relief=DGG.FLAT,
                pad=(0.6, 0.25),
                frameColor=NEXT_RGBA,
                text_fg=(0.1, 0.1, 0.1, 1),
            )

    def destroy(self) -> None:
        self.clear_tags()
        if self.next_button is not None:
            self.next_button.destroy()
            self.next_button = None
        self.root.remove_node()

    # ---- texts in pixels ----------------------------------------------------------------------
    def _unit(self) -> tuple[float, int, int]:
        w, h = self.shots.size()
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

    def text_rect(self, t: OnscreenText) -> Rect:
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
        r = self.text_rect(t)
        t.setPos((left - r[0]) / u, -(top - r[1]) / u)
        self._placed[id(t)] = (key, tuple(t.getPos()))

    # ---- the layout, every frame --------------------------------------------------------------
    def layout(self, step: RevealStep | None, waits: bool, avoid: Avoid | None) -> None:
        """Size and place every label for ``step`` (``waits``: at a reader's pace, with the Next
        button); the names at the summary keep clear of the rectangles ``avoid`` gives too."""
        u, w, h = self._unit()
        margin = MARGIN_SHARE * h
        cap_px = max(CAPTION_MIN_PX, CAPTION_SHARE * h)
        self._size_text(self.caption, cap_px)
        wrap = 0.86 * w / u / self.caption.getScale()[0]
        if self.caption.textNode.get_wordwrap() != wrap:  # (it too makes the text anew)
            self.caption.textNode.set_wordwrap(wrap)
        self._place_text(self.caption, 0, margin)
        cr = self.text_rect(self.caption)
        self._place_text(self.caption, (w - (cr[2] - cr[0])) / 2, margin)
        self._size_text(self.hint, max(HINT_MIN_PX, HINT_SHARE * h))
        hr = self.text_rect(self.hint)
        self._place_text(self.hint, (w - (hr[2] - hr[0])) / 2, h - margin - (hr[3] - hr[1]))
        self._place_next(waits, margin)
        top = self.text_rect(self.caption)[3] + margin
        bottom = (
            self.text_rect(self.hint)[1] - margin if self.hint.textNode.get_text() else h - margin
        )
        tag_px = max(TAG_MIN_PX, TAG_SHARE * h)
        self._size_text(self.total, tag_px * 1.15)
        seat = step.player if step is not None and step.kind not in ("award", "prize") else None
        b = self.shots.building_rect(seat) if seat is not None else None
        self._place_total(b, top, bottom, margin)
        if b is not None and self.tags:
            self._layout_tags(b, top, bottom, margin, tag_px)
        if step is not None and step.kind == "summary":
            self._layout_names(top, bottom, margin, tag_px, avoid)
        self._draw_leaders()

    def _place_total(self, b: Rect | None, top: float, bottom: float, margin: float) -> None:
        """The running total above the building ``b`` (below it where there is no room)."""
        if b is not None and self.total.textNode.get_text():
            tr = self.text_rect(self.total)
            tw, th = tr[2] - tr[0], tr[3] - tr[1]
            y = max(top, b[1] - margin - th)
            if y + th + margin > b[1]:  # no room above the building: below it
                y = min(b[3] + margin, bottom - th)
            self._place_text(self.total, (b[0] + b[2] - tw) / 2, y)
            self.total.show()
        else:
            self.total.hide()

    def _place_next(self, waits: bool, margin: float) -> None:
        """The Next button right of the hint line, its word as large as the hint's (shown while a
        step waits)."""
        b = self.next_button
        if b is None:
            return
        if not (waits and self.hint.textNode.get_text()):
            b.hide()
            return
        b.show()
        hr = self.text_rect(self.hint)
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
        # Its frame (a PGItem's, not geometry), in its own units.
        left, right, bottom, top = b.getBounds()
        lo = self.root.get_relative_point(b, Point3(left, 0, bottom))
        hi = self.root.get_relative_point(b, Point3(right, 0, top))
        return lo.x * u + w / 2, h / 2 - hi.z * u, hi.x * u + w / 2, h / 2 - lo.z * u

    def _layout_tags(
        self, b: Rect, top: float, bottom: float, margin: float, tag_px: float
    ) -> None:
        """The dice's labels in a column on either side of the building ``b``, each on the side
        of its die, as near its die's height as the others let it be."""
        u, w, h = self._unit()
        cx = (b[0] + b[2]) / 2
        sides: dict[int, list[tuple[float, float, RevealLabel]]] = {-1: [], 1: []}
        anchors = []
        for lab in self.tags:
            self._size_text(lab.text, tag_px)
            a = None if lab.anchor is None else self.shots.project(lab.anchor)
            anchors.append(a)
        for lab, a in zip(self.tags, anchors, strict=True):
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
                r = self.text_rect(lab.text)
                sizes.append((r[2] - r[0], r[3] - r[1]))
            ys = spread(
                [ay - hh / 2 for (ay, _, _), (_, hh) in zip(items, sizes, strict=True)],
                [hh for _, hh in sizes],
                top,
                bottom,
                margin * 0.6,
            )
            for (_ay, _ax, lab), (ww, _hh), y in zip(items, sizes, ys, strict=True):
                x = b[0] - margin - ww if side < 0 else b[2] + margin
                x = min(max(x, margin), w - margin - ww)
                self._place_text(lab.text, x, y)
                lab.rect = self.text_rect(lab.text)

    def _layout_names(
        self, top: float, bottom: float, margin: float, tag_px: float, avoid: Avoid | None
    ) -> None:
        """Each building's name label beside its building: below it, else above, else to a
        side, wherever it touches no building, no other label and not the summary panel."""
        u, w, h = self._unit()
        shots = self.shots
        buildings = [
            r for r in (shots.building_rect(p) for p in range(shots.view.players)) if r is not None
        ]
        # Nor over a seat's name plate and its VP chips (a name label below the near seat's
        # building lay over them).
        taken = list(buildings) + shots.won_card_rects() + shots.plate_rects()
        taken += [r for r in (avoid() if avoid else []) if r is not None]
        for lab in self.tags:
            if lab.seat is None:
                continue
            self._size_text(lab.text, tag_px)
            b = shots.building_rect(lab.seat)
            if b is None:
                lab.text.hide()
                continue
            r = self.text_rect(lab.text)
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
            lab.rect = self.text_rect(lab.text)
            taken.append(lab.rect)

    def _draw_leaders(self) -> None:
        """A line from each die's label to its die (drawn anew only when one of them moved)."""
        key = tuple(
            (lab.rect, self.shots.project(lab.anchor))
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

    def label_rects(self) -> dict[str, Rect]:
        """Every label on show, by name, in pixels (what the tests check for overlaps)."""
        out = {}
        if self.caption.textNode.get_text():
            out["caption"] = self.text_rect(self.caption)
        if self.hint.textNode.get_text():
            out["hint"] = self.text_rect(self.hint)
        if self.total.textNode.get_text() and not self.total.isHidden():
            out["total"] = self.text_rect(self.total)
        nxt = self.next_rect()
        if nxt is not None:
            out["next"] = nxt
        for i, lab in enumerate(self.tags):
            if not lab.text.isHidden():
                out[f"tag-{i}:{lab.text.textNode.get_text()}"] = lab.rect
        return out
