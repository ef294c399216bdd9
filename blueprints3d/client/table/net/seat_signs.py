"""Over each seat's screen at a network table: "away" for a seat nobody holds now, "thinking..."
for the one to move at another table. This table's own link is said in the HUD's prompt, never
drawn here (its screen is folded away, and the word would stand over the pool's dice)."""

from __future__ import annotations

from panda3d.core import NodePath

from blueprints3d.client.render import style
from blueprints3d.client.scene.props import make_label
from blueprints3d.client.table.model.flow import Mode
from blueprints3d.client.table.model.layout import SCREEN_HEIGHT, SCREEN_OFFSET
from blueprints3d.client.table.model.remote_flow import RemoteFlow
from blueprints3d.client.table.view.table_view import TableView
from blueprints3d.i18n import _

THINKING = style.GOLD
AWAY = style.BAD


class SeatSigns:
    """The words over the seats' screens, made again only when what they say changes."""

    def __init__(self) -> None:
        self.signs: dict[int, NodePath] = {}

    def show(self, flow: RemoteFlow, view: TableView) -> None:
        for p in range(len(flow.seats)):
            text, colour = "", THINKING
            if p == flow.me:
                pass  # this table's own link: in the HUD's prompt
            elif not flow.connected(p):
                text, colour = _("away"), AWAY
            elif flow.mode is Mode.BOT and flow.current == p:
                text = _("thinking...")
            self._sign(p, text, colour, view.seats[p].root)

    def _sign(self, seat: int, text: str, colour: tuple, root: NodePath) -> None:
        sign = self.signs.get(seat)
        if sign is not None and (
            sign.get_parent() != root or sign.get_python_tag("words") != (text, colour)
        ):
            sign.remove_node()
            sign = None
            del self.signs[seat]
        if sign is None and text:
            sign = make_label(f"presence-{seat}", text, colour, 1.9, flat=False)
            sign.reparent_to(root)
            sign.set_pos(0, SCREEN_OFFSET, SCREEN_HEIGHT + 2.6)
            sign.set_billboard_point_eye()
            sign.set_python_tag("words", (text, colour))
            self.signs[seat] = sign

    def clear(self) -> None:
        for sign in self.signs.values():
            sign.remove_node()
        self.signs.clear()
