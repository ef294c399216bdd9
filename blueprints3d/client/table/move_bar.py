"""The Confirm and Undo buttons of a tentative move (the game flow's ``pending``).

They show only while a person's move waits for the confirm; what they do is a callback given by
the app (the controls' ``confirm`` and ``undo``), so they hold no game logic.
"""

from __future__ import annotations

from typing import Callable

from direct.gui import DirectGuiGlobals as DGG
from direct.gui.DirectGui import DirectButton
from panda3d.core import NodePath

from blueprints3d.client.table.flow import GameFlow, Mode

CONFIRM_COLOUR = (0.55, 0.85, 0.55, 1)
UNDO_COLOUR = (0.90, 0.78, 0.55, 1)


class MoveBar:
    def __init__(self, corner: NodePath, on_confirm: Callable[[], object],
                 on_undo: Callable[[], object]) -> None:
        """``corner``: the bottom-right anchor (a2dBottomRight); the buttons stand above it."""
        self.root = corner.attach_new_node("move-bar")
        self.confirm = DirectButton(parent=self.root, text="Confirm (Enter)", pos=(-0.36, 0, 0.34),
                                    scale=0.06, frameColor=CONFIRM_COLOUR, pad=(0.5, 0.3),
                                    relief=DGG.FLAT, command=on_confirm)
        self.undo = DirectButton(parent=self.root, text="Undo (Backspace)", pos=(-0.36, 0, 0.2),
                                 scale=0.06, frameColor=UNDO_COLOUR, pad=(0.5, 0.3),
                                 relief=DGG.FLAT, command=on_undo)
        self.root.hide()

    @property
    def shown(self) -> bool:
        return not self.root.is_hidden()

    def update(self, flow: GameFlow | None) -> None:
        if flow is not None and flow.mode is Mode.TURN and flow.pending is not None:
            self.root.show()
        else:
            self.root.hide()

    def destroy(self) -> None:
        self.confirm.destroy()
        self.undo.destroy()
        self.root.remove_node()
