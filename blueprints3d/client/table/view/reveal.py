"""The paced reveal after a round: the camera visits each building and the points appear on the
dice that earn them (the steps come from ``presentation.reveal``, every number from the engine).

The player walks the steps: it marks each step's dice on the building (an outline round the dice
that earn the shown points, another round the dice a wood die touches, the spaces built or not as
printed), hands each won card to its building when its step comes, and has the camera look where
the step is (``reveal_shots``). The words over the scene, the labels with their leader lines and
the building's running total, are ``reveal_labels``'s, laid out anew every frame.

Space goes to the next step, Enter skips the rest; ``replay`` starts the reveal over. A game's
reveal moves on by itself too, each step after its duration; the tutorial's waits for the reader
(``wait_for_reader``): only Space, a click on the table or its Next button go on.
"""

from __future__ import annotations

from collections.abc import Callable

from direct.gui.DirectGui import DirectButton
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import Camera, NodePath, Point3

from blueprints3d.client.render import highlight
from blueprints3d.client.scene import units
from blueprints3d.client.scene.camera import OrbitCamera
from blueprints3d.client.scene.screen_rects import Rect, overlaps
from blueprints3d.client.table.model.flow import RoundEnd
from blueprints3d.client.table.view.reveal_labels import HINT, WAIT_HINT, RevealLabels, spread
from blueprints3d.client.table.view.reveal_shots import RevealShots
from blueprints3d.client.table.view.table_view import TableView
from blueprints3d.i18n import _
from blueprints3d.presentation.reveal import RevealStep, reveal_steps

# ``spread`` and ``overlaps``: the label geometry the tests check, from the module that shows it.
__all__ = ["RevealPlayer", "spread", "overlaps"]

TAG_RGBA = (1.0, 0.86, 0.35, 1.0)  # outline of a die that earns the shown points
LIT_RGBA = (0.55, 1.0, 0.65, 1.0)  # outline of a die a wood die touches
SPACE_OK_RGBA = (0.20, 0.90, 0.35, 0.60)  # a space built as printed
SPACE_BAD_RGBA = (0.95, 0.25, 0.20, 0.60)  # a space not built as printed


class RevealPlayer:
    """Plays a round's reveal on the table view. ``size`` gives the window in pixels; ``lens``
    and ``cam`` project the anchors; ``on_summary`` is called when the reveal reaches its end."""

    def __init__(
        self,
        aspect2d: NodePath,
        view: TableView,
        camera: OrbitCamera,
        cam: NodePath[Camera],
        size: Callable[[], tuple[int, int]],
        on_summary: Callable[[], None],
    ) -> None:
        self.view = view
        self.on_summary = on_summary
        # Called with each Award / Prize step as its card goes to its building (the sound cue).
        self.on_card: Callable[[RevealStep], None] | None = None
        # Rectangles (pixels) the labels keep clear of, beside the buildings: the summary panel
        # (None where one is not on show).
        self.avoid: Callable[[], list[Rect | None]] | None = None
        self.shots = RevealShots(view, camera, cam, size, self._shown)
        self.labels = RevealLabels(aspect2d, self.shots)
        self.end: RoundEnd | None = None
        self.names: list[str] = []
        self.steps: list[RevealStep] = []
        self.index = 0
        self.t = 0.0
        self.active = False
        self._outlined: list[NodePath] = []
        self._lit_seat: int | None = None
        # At a reader's pace (the tutorial): no step goes on by itself; Space, a click on the
        # table or the Next button call ``advance`` (``on_next``: what going on means there).
        self.waits = False
        self.on_next: Callable[[], None] | None = None

    @property
    def caption(self) -> OnscreenText:
        """The step's words at the top of the window."""
        return self.labels.caption

    @property
    def hint(self) -> OnscreenText:
        """The key hint at the bottom of the window."""
        return self.labels.hint

    @property
    def next_button(self) -> DirectButton | None:
        """The Next button of a reveal at a reader's pace (None before ``wait_for_reader``)."""
        return self.labels.next_button

    def wait_for_reader(self, on_next: Callable[[], None] | None = None) -> None:
        """Every step waits for Space, a click or the Next button (``on_next``, else the next
        step), however long it takes to read it."""
        self.waits, self.on_next = True, on_next
        self.labels.add_next_button(self.advance)
        if self.hint.textNode.get_text():
            self.hint.setText(_(WAIT_HINT))
        self.layout()

    def advance(self) -> None:
        """Space, a click on the table, the Next button: the reader goes on."""
        if self.active and not self.at_summary:
            (self.on_next or self.next_step)()

    # ---- playing ------------------------------------------------------------------------------
    def start(self, end: RoundEnd, names: list[str]) -> None:
        self.end, self.names = end, list(names)
        self.steps = reveal_steps(end.result, names)
        self.view.cards_shown = set()  # the won cards wait in the centre until their step
        self.active = True
        self.labels.root.show()
        # The bag's count says nothing in the reveal, and its close shots bring it up large
        # beside the caption: it waits for the next round.
        self.view.bag_label.hide()
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
        self.labels.clear_tags()
        self.active = False
        self.end = None
        self.view.cards_shown = None
        self.view.vp_chips.count(None)
        self.view.bag_label.show()
        self.labels.root.hide()

    def destroy(self) -> None:
        self.stop()
        self.labels.destroy()

    def _go(self, index: int) -> None:
        self.index, self.t = index, 0.0
        s = self.steps[index]
        self._clear_marks()
        self.labels.clear_tags()
        # Every card whose step has come (skipping jumps over some) goes to its building, and
        # the plates' VP chips count those cards only, the whole round's at the summary.
        handed = [st.card for st in self.steps[: index + 1] if st.card is not None]
        self.view.reveal_cards(handed)
        self.view.vp_chips.count(None if s.kind == "summary" else handed)
        if s.card is not None and self.on_card is not None:
            self.on_card(s)
        labels = self.labels
        labels.caption.setText(s.caption if s.kind != "summary" else "")
        if s.player is not None and s.kind not in ("award", "prize"):
            self.shots.frame_building(s.player)
            self._mark(s, s.player)
        elif s.player is not None:
            self.shots.frame_award(s.player)
        else:
            self.shots.frame_table(panel=s.kind == "summary")
        labels.total.setText("")
        if s.running is not None and s.player is not None:
            labels.total.setText(_("{name}: {points}", name=self.names[s.player], points=s.running))
        labels.hint.setText("" if s.kind == "summary" else _(WAIT_HINT) if self.waits else _(HINT))
        if s.kind == "summary":
            # Each building's name and total beside it, for the summary's table to point at.
            for p in range(self.view.players):
                points = self._shown().result.scores[p].total
                labels.add_name(_("{name}: {points}", name=self.names[p], points=points), p)
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
            self.labels.add_tag(t.text, self._anchor(seat, t.cell, t.level))
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
            return Point3(self.view.cell_world(seat, cell, 0) - Point3(0, 0, units.DIE_SIZE / 2))
        p = self.view.cell_world(seat, cell, level)
        return Point3(p.x, p.y, p.z + units.DIE_SIZE * 0.3)

    # ---- on the window ------------------------------------------------------------------------
    def layout(self) -> None:
        """Lay the labels out for the step on show (every frame: the camera glides)."""
        if self.active:
            self.labels.layout(self.step, self.waits, self.avoid)

    def building_rect(self, seat: int) -> Rect | None:
        """A building on the window, in pixels (None: it does not show)."""
        return self.shots.building_rect(seat)

    def won_card_rects(self) -> list[Rect]:
        """The won cards handed out so far, where they lie (or fly to) on the window."""
        return self.shots.won_card_rects()

    def label_rects(self) -> dict[str, Rect]:
        """Every label on show, by name, in pixels."""
        return self.labels.label_rects()
