"""A live breakdown of the score of the building of the person looking at the table.

Only that person's own building, only while it is theirs to see (``GameFlow.visible_seats``; never
behind the curtain, never another player's). The numbers are the engine's (``score_building`` and
``explain_building``); a tentative move's die is counted as "with this die", from what the table
already shows (its value and material), never from anything the engine would draw.
"""

from __future__ import annotations

import re

from panda3d.core import NodePath, TextNode

from blueprints3d.client.render import style
from blueprints3d.client.scene.script_text import ScriptText
from blueprints3d.client.table.model.flow import GameFlow, Mode
from blueprints3d.engine.materials import MATERIAL_OF, Material
from blueprints3d.engine.scoring import explain_building, score_building
from blueprints3d.i18n import _, n_
from blueprints3d.presentation.words import die_reason

# Between a word and its number: a narrow window wraps the panel between its items, never
# between "glass" and its 0 (Panda3D's word wrap keeps a no-break space's two sides together).
NB = "\u00a0"


def own_building(
    flow: GameFlow,
) -> tuple[int, list[list[tuple[int, int]]], tuple[int, int] | None] | None:
    """(seat, stacks, (cell, level) of the tentative die or None) of the person looking at the
    table, or None when no one's own building may be explained now."""
    seat = flow.viewer
    if (
        seat is None
        or not flow.seats[seat].is_person
        or flow.mode not in (Mode.TURN, Mode.BOT)
        or seat not in flow.visible_seats()
    ):
        return None
    s = flow.state
    stacks = s.building(seat)
    new = None
    p = flow.pending
    if p is not None and p.player == seat and p.cell is not None:
        new = (p.cell, len(stacks[p.cell]))
        stacks[p.cell] = stacks[p.cell] + [(MATERIAL_OF[p.die], s.values[p.die])]
    return seat, stacks, new


def breakdown(flow: GameFlow) -> str:
    """The text of the panel ("" when nothing may be shown)."""
    own = own_building(flow)
    if own is None:
        return ""
    seat, stacks, new = own
    bp = flow.state.blueprints[seat]
    score = score_building(bp, stacks)
    if new:
        lines = [
            n_(
                "Your building: {n} point (with\u00a0the\u00a0new\u00a0die)",
                "Your building: {n} points (with\u00a0the\u00a0new\u00a0die)",
                score.total,
            )
        ]
    else:
        lines = [n_("Your building: {n} point", "Your building: {n} points", score.total)]
    # The total stays with the words before it: a narrow panel never starts a line with it.
    lines[0] = re.sub(r" (?=[0-9۰-۹])", NB, lines[0])
    if new is not None:
        base = score_building(bp, flow.state.building(seat)).total
        why = next(d for d in explain_building(bp, stacks) if (d.cell, d.level) == new)
        n_green = sum(1 for st in stacks for m, _v in st if m == Material.RECYCLED)
        lines.append(
            _(
                "this die: {reason}  ({change}\u00a0in\u00a0all)",
                reason=die_reason(why, n_green, len(stacks[why.cell])),
                change=f"{score.total - base:+d}",
            )
        )
    lines.append(
        _(
            "wood\u00a0{wood}   recycled\u00a0{recycled}   stone\u00a0{stone}   glass\u00a0{glass}",
            wood=score.wood,
            recycled=score.recycled,
            stone=score.stone,
            glass=score.glass,
        )
    )
    if score.blueprint:
        lines.append(_("blueprint\u00a0bonus\u00a0{bonus}", bonus=score.blueprint))
    else:
        lines.append(_("blueprint\u00a0bonus\u00a0{bonus} (not\u00a0yet)", bonus=score.blueprint))
    return "\n".join(lines)


class ScorePanel:
    def __init__(self, a2d_top_right: NodePath) -> None:
        self.text = ScriptText(
            parent=a2d_top_right,
            text="",
            pos=(-0.04, -0.08),
            scale=0.042,
            align=TextNode.A_right,
            fg=style.INK,
            shadow=(0, 0, 0, 0.9),
            mayChange=True,
        )

    def update(self, flow: GameFlow | None) -> None:
        self.text.setText(breakdown(flow) if flow is not None else "")

    def get_text(self) -> str:
        return self.text.getText()

    def destroy(self) -> None:
        self.text.destroy()
