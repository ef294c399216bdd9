"""The Confirm and Undo buttons of a tentative move (the game flow's ``pending``), and the Hint
button (the coach: client/table/view/coach_view.py).

Confirm and Undo show only while a person's move waits for the confirm; the Hint button on a
person's turn with nothing waiting (so it takes the place of the other two, never beside them).
What they do is a callback given by the app, so they hold no game logic.
"""

from __future__ import annotations

from collections.abc import Callable

from direct.gui import DirectGuiGlobals as DGG
from direct.gui.DirectGui import DirectButton
from panda3d.core import NodePath, TextNode

from blueprints3d.client.render import style
from blueprints3d.client.scene.script_text import interface_font, panda_text
from blueprints3d.client.table.model.flow import GameFlow, Mode
from blueprints3d.i18n import _

CONFIRM_COLOUR = style.GOOD
UNDO_COLOUR = style.CAUTION
HINT_COLOUR = style.COACH


# Every label the Hint button takes: its frame is as wide as the widest, so it never jumps.
def hint_labels() -> tuple[str, str, str]:
    return _("Hint (H)"), _("Hide hints (H)"), _("Thinking... {percent}%", percent=100)


class MoveBar:
    def __init__(
        self, corner: NodePath, on_confirm: Callable[[], object], on_undo: Callable[[], object]
    ) -> None:
        """``corner``: the bottom-right anchor (a2dBottomRight); the buttons stand above it."""
        self.root = corner.attach_new_node("move-bar")
        self.confirm = DirectButton(
            parent=self.root,
            text=panda_text(_("Confirm (Enter)")),
            pos=(-0.36, 0, 0.34),
            scale=0.06,
            frameColor=CONFIRM_COLOUR,
            pad=(0.5, 0.3),
            relief=DGG.FLAT,
            command=on_confirm,
        )
        self.undo = DirectButton(
            parent=self.root,
            text=panda_text(_("Undo (Backspace)")),
            pos=(-0.36, 0, 0.2),
            scale=0.06,
            frameColor=UNDO_COLOUR,
            pad=(0.5, 0.3),
            relief=DGG.FLAT,
            command=on_undo,
        )
        self.root.hide()

    @property
    def shown(self) -> bool:
        return not self.root.is_hidden()

    def relabel(self) -> None:
        """The language changed (``use_language``): the buttons' words in it, in its font."""
        for button, word in (
            (self.confirm, _("Confirm (Enter)")),
            (self.undo, _("Undo (Backspace)")),
        ):
            button["text_font"] = interface_font()
            button["text"] = panda_text(word)
            button.resetFrameSize()

    def update(self, flow: GameFlow | None) -> None:
        if (
            flow is not None
            and flow.mode is Mode.TURN
            and flow.pending is not None
            and not flow.pending.sent
        ):
            self.root.show()
        else:
            self.root.hide()

    def destroy(self) -> None:
        self.confirm.destroy()
        self.undo.destroy()
        self.root.remove_node()


class HintButton:
    """ "Hint (H)": asks the coach; "Thinking... 40%" while it thinks; "Hide hints (H)" once the
    hints are on show. It stands where the Undo button does (the HUD places it, see Hud.dock)."""

    def __init__(self, corner: NodePath, on_hint: Callable[[], object]) -> None:
        self.root = corner.attach_new_node("hint-bar")
        labels = hint_labels()
        self.button = DirectButton(
            parent=self.root,
            text=panda_text(labels[0]),
            pos=(-0.36, 0, 0.2),
            scale=0.06,
            frameColor=HINT_COLOUR,
            pad=(0.5, 0.3),
            relief=DGG.FLAT,
            command=on_hint,
        )
        self._fit_frame()
        self.root.hide()

    def _fit_frame(self) -> None:
        """The frame as wide as the widest label, in the button's font."""
        labels = hint_labels()
        tn = TextNode("hint-measure")
        tn.set_font(self.button.component("text0").textNode.get_font())
        half = max(tn.calc_width(t) for t in labels) / 2 + 0.5
        fr = self.button.node().get_frame()
        self.button["frameSize"] = (-half, half, fr[2], fr[3])

    def relabel(self) -> None:
        """The language changed (``use_language``): "Hint (H)" in it, in its font, the frame
        as wide as its widest label now (the coach sets the others as they come)."""
        self.button["text_font"] = interface_font()
        self.button["text"] = panda_text(hint_labels()[0])
        self.button["frameSize"] = None  # its height from the new font's line
        self._fit_frame()

    @property
    def shown(self) -> bool:
        return not self.root.is_hidden()

    @property
    def label(self) -> str:
        return self.button["text"]

    def set_label(self, text: str) -> None:
        if self.button["text"] != text:
            self.button["text"] = panda_text(text)

    def set_shown(self, on: bool) -> None:
        if on:
            self.root.show()
        else:
            self.root.hide()

    def destroy(self) -> None:
        self.button.destroy()
        self.root.remove_node()
