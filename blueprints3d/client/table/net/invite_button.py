"""The "Copy invitation" button under the room's lines in the HUD: the room's whole join address
and its code, put on the system's clipboard (net/clipboard.py) for a chat or a mail."""

from __future__ import annotations

from collections.abc import Callable

from direct.gui import DirectGuiGlobals as DGG
from direct.gui.DirectGui import DirectButton
from direct.gui.OnscreenText import OnscreenText

from blueprints3d.client.render import style
from blueprints3d.client.scene.script_text import panda_text
from blueprints3d.client.table.net import clipboard
from blueprints3d.i18n import _

BUTTON = style.BUTTON


class InviteButton:
    """Shown under ``room`` (placed anew from that text's place and size each time it is
    shown) while there is an invitation to give; a click copies it and says so through
    ``say``."""

    def __init__(self, room: OnscreenText, say: Callable[[str], None]) -> None:
        self.room = room
        self.say = say
        self.invitation: str | None = None
        self.button = DirectButton(
            parent=room.get_parent(),
            text=panda_text(_("Copy invitation")),
            text_align=0,  # TextNode.A_left: under the room's lines, from their start
            frameColor=BUTTON,
            pad=(0.3, 0.2),
            relief=DGG.FLAT,
            command=self.copy,
        )
        self.button.hide()

    def show(self, invitation: str | None, lines: int) -> None:
        """``invitation``: what to copy (None: no button); ``lines``: the room text's lines."""
        self.invitation = invitation
        if invitation is None:
            self.button.hide()
            return
        # OnscreenText keeps its place and size in its text's transform, not on its node.
        x, y = self.room.getPos()
        sx, sy = self.room.getScale()
        self.button.set_scale(sx, 1, sy)
        self.button.set_pos(x + 0.3 * sx, 0, y - (1.25 * lines + 0.25) * sy)
        self.button.show()

    def copy(self) -> None:
        if self.invitation is None:
            return
        why_not = clipboard.copy(self.invitation)
        self.say(why_not or _("copied: {text}", text=self.invitation))

    def destroy(self) -> None:
        self.button.destroy()
