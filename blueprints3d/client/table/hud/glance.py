"""The game at a glance, drawn rather than written: this round's Awards as medals, the person's
way to each Prize as a meter by its icon, and the in-demand materials as dice.

``PrizeMeters`` stands bottom left, where the HUD once listed the Awards and Prizes in words:
a row of medals (each Award of this player count with its VP), then one row per Prize: its icon
(the icon sheet, client/render/icons.py), a meter of as many steps as the Prize asks for, filled
as far as the person's own building has come (engine/progress.py), and the count. Only the
person's own building, only while it is theirs to see (score_panel.own_building), and a waiting
move's die counts, as it does in the score panel.

``DemandDice`` stands at the start of the HUD's info line: the two in-demand materials as two
small dice in their colours, "1st" and "2nd" beside them.

Both are laid out in aspect2d units from a line height the HUD gives (``layout``), and report
the rectangle they cover (``rect``) for the HUD's and the camera's ``covered``. In a right-to-left
interface the HUD places them ``mirrored``: laid out as at the left, then reflected about the
window's middle, so they read from the right (a meter fills from its icon at the right, the first
die stands rightmost) while the icons, dice and words themselves stay as they are.
"""

from __future__ import annotations

from direct.gui.OnscreenText import OnscreenText
from panda3d.core import CardMaker, NodePath, TextNode, TransparencyAttrib

from blueprints3d.client.render import style
from blueprints3d.client.render import icons
from blueprints3d.client.render.materials import BASE_COLOUR
from blueprints3d.client.scene.script_text import ScriptText, interface_font
from blueprints3d.client.scene.symbol_glyphs import glyph
from blueprints3d.client.table.hud.score_panel import own_building
from blueprints3d.client.table.model.flow import GameFlow, Mode
from blueprints3d.client.table.view.award_cards import AWARD_COLOURS
from blueprints3d.engine.materials import Material
from blueprints3d.engine.progress import Progress, prize_progress
from blueprints3d.engine.rules import AWARDS_BY_PLAYERS, PRIZE_VP, Prize
from blueprints3d.i18n import N_, _, number

Rect = tuple[float, float, float, float]  # left, right, bottom, top in aspect2d units

FILLED = style.GOLD  # a step the building has made
EMPTY = style.EMPTY_STEP  # a step still to make
WON = style.GOOD  # a Prize the building qualifies for: its icon and count
ICON = style.INK
TEXT = style.INK
RIM = style.INK  # round an in-demand die


def _square(parent: NodePath, name: str, rgba: tuple[float, float, float, float]) -> NodePath:
    """A unit square (0..1 in X and Z) of one colour: a meter's step, a medal, a die."""
    cm = CardMaker(name)
    cm.set_frame(0, 1, 0, 1)
    node = parent.attach_new_node(cm.generate())
    node.set_color(rgba)
    node.set_transparency(TransparencyAttrib.M_alpha)
    return node


def _card_x(x: float, width: float, mirrored: bool) -> float:
    """Where a card spanning ``x`` .. ``x + width`` (a ``_square`` scaled by ``width``) is put
    for it to stand there, or at its mirror image about x = 0."""
    return -(x + width) if mirrored else x


def _put_text(text: OnscreenText, x: float, z: float, mirrored: bool) -> None:
    """A text starting at ``x`` (aligned left), or its mirror image (aligned right at -x)."""
    text.textNode.set_align(TextNode.A_right if mirrored else TextNode.A_left)
    text.setPos(-x if mirrored else x, z)


def _text(parent: NodePath, text: str, fg=TEXT) -> OnscreenText:
    return ScriptText(
        parent=parent,
        text=text,
        align=TextNode.A_left,
        fg=fg,
        shadow=(0, 0, 0, 0.85),
        mayChange=True,
    )


class PrizeMeters:
    def __init__(self, parent: NodePath) -> None:
        self.root = parent.attach_new_node("prize-meters")
        # The icons, steps and medals are laid out in a model of their own, off the scene graph,
        # and drawn as one flattened copy of it (``_draw``): a few dozen small cards of their own
        # cost llvmpipe about 2 ms a frame (benchmarks/RESULTS.md), the copy a fraction of it.
        self.model = NodePath("prize-meters-model")
        self.drawn: NodePath | None = None
        self.players = 0
        self.medals: list[tuple[NodePath, OnscreenText]] = []
        self.prize_vp = _text(self.root, _("+{vp}", vp=PRIZE_VP))
        self.rows: dict[Prize, tuple[NodePath, list[NodePath], OnscreenText]] = {}
        need = prize_progress([[]])
        for prize in Prize:
            icon = icons.make_card(icons.prize_icon(prize), 1.0, self.model)
            icon.set_color_scale(ICON)
            steps = [
                _square(self.model, f"{prize.value}-step-{i}", EMPTY)
                for i in range(need[prize].need)
            ]
            self.rows[prize] = (icon, steps, _text(self.root, ""))
        self.progress: dict[Prize, Progress] = {}
        self.line = 0.05
        self.origin = (0.0, 0.0)
        self.mirrored = False
        self.root.hide()

    @property
    def shown(self) -> bool:
        return not self.root.is_hidden()

    def update(self, flow: GameFlow) -> None:
        """The medals for this player count; the meters from the person's own building, hidden
        when no building of theirs may be shown."""
        if len(flow.seats) != self.players:
            self._make_medals(len(flow.seats))
        own = own_building(flow)
        if own is None or flow.mode not in (Mode.TURN, Mode.BOT):
            self.progress = {}
            self.root.hide()
            return
        _name, stacks, _rest = own
        self.progress = prize_progress(stacks)
        for prize, (icon, steps, count) in self.rows.items():
            p = self.progress[prize]
            for i, step in enumerate(steps):
                step.set_color(FILLED if i < p.have else EMPTY)
            icon.set_color_scale(WON if p.done else ICON)
            count.setText(_("{have}/{need}", have=p.have, need=p.need))
            count["fg"] = WON if p.done else TEXT
        self.root.show()  # drawn by the ``place`` the HUD makes after every update

    def _make_medals(self, players: int) -> None:
        for medal, label in self.medals:
            medal.remove_node()
            label.destroy()
        self.players = players
        self.medals = []
        for award in AWARDS_BY_PLAYERS[players]:
            medal = _square(self.model, f"medal-{award.value}", AWARD_COLOURS[award])
            self.medals.append(
                (medal, _text(self.root, number(award.victory_points), style.BUTTON_INK))
            )
        self.layout(self.line)

    def relabel(self) -> None:
        """The language changed: its font, and the medals' VP in its digits (the counts and the
        Prizes' worth are set at each update and place)."""
        texts = (
            [label for _medal, label in self.medals]
            + [self.prize_vp]
            + [c for _i, _s, c in self.rows.values()]
        )
        for t in texts:
            t.setFont(interface_font())
            t.setText(t.getText())
        for (_medal, label), award in zip(
            self.medals, AWARDS_BY_PLAYERS.get(self.players, ()), strict=True
        ):
            label.setText(number(award.victory_points))
        self.layout(self.line)

    # ---- layout -------------------------------------------------------------------------------
    def layout(self, line: float) -> None:
        """Size everything for rows ``line`` aspect2d units apart."""
        self.line = line
        self.place(*self.origin, mirrored=self.mirrored)

    def place(self, left: float, bottom: float, mirrored: bool | None = None) -> float:
        """Put the block's bottom left corner at (``left``, ``bottom``); returns its top.
        ``mirrored``: reflected about x = 0 (its bottom right corner at -``left``), reading from
        the right; None: as it was last placed."""
        self.origin = (left, bottom)
        if mirrored is not None:
            self.mirrored = mirrored
        m = self.mirrored
        line = self.line
        box = line * 0.86  # an icon, a medal
        step = line * 0.42  # a meter's step, and the gap after it
        gap = line * 0.10
        y = bottom
        text_k = line * 0.78
        longest = max(len(steps) for _, steps, _ in self.rows.values())
        counts_x = left + box + gap * 2 + longest * (step + gap) + gap  # the counts in one column
        for prize in reversed(list(Prize)):
            icon, steps, count = self.rows[prize]
            icon.set_scale(box)
            icon.set_pos(_card_x(left, box, m) + box / 2, 0, y + box / 2)  # centred on its origin
            x = left + box + gap * 2
            for s in steps:
                s.set_scale(step, 1, box * 0.62)
                s.set_pos(_card_x(x, step, m), 0, y + box * 0.19)
                x += step + gap
            count.setScale(text_k)
            _put_text(count, counts_x, y + box * 0.22, m)
            y += line
        # The medals on top: each Award's VP on its colour, and the Prizes' worth after them.
        x = left
        for medal, label in self.medals:
            medal.set_scale(box * 1.2, 1, box)
            medal.set_pos(_card_x(x, box * 1.2, m), 0, y)
            label.setScale(text_k)
            _put_text(label, x + box * 0.38, y + box * 0.22, m)
            x += box * 1.2 + gap * 2
        self.prize_vp.setScale(text_k)
        self.prize_vp.setText(_("Prizes +{vp}", vp=PRIZE_VP))
        _put_text(self.prize_vp, x + gap, y + box * 0.22, m)
        self._draw()
        return y + line

    def _draw(self) -> None:
        """The model as the block draws it: one flattened copy (the texts stay live nodes)."""
        if self.drawn is not None:
            self.drawn.remove_node()
        self.drawn = self.model.copy_to(
            self.root, -10
        )  # under the texts: the medals carry their VP
        self.drawn.flatten_strong()

    def rect(self) -> Rect | None:
        """What the block covers, in aspect2d units; None while hidden."""
        bounds = self.root.get_tight_bounds(self.root.get_parent()) if self.shown else None
        if bounds is None:  # hidden, or nothing drawn
            return None
        lo, hi = bounds
        return lo.x, hi.x, lo.z, hi.z

    def destroy(self) -> None:
        for _medal, label in self.medals:
            label.destroy()
        for _icon, _steps, count in self.rows.values():
            count.destroy()
        self.prize_vp.destroy()
        self.model.remove_node()
        self.root.remove_node()


RANKS = (N_("1st"), N_("2nd"))  # the in-demand materials' ranks


class DemandDice:
    """The two in-demand materials as two small dice in their colours, each with its rank."""

    def __init__(self, parent: NodePath) -> None:
        self.root = parent.attach_new_node("in-demand-dice")
        # Each die on a pale rim, so that a dark one (stone) stands out of the dark table.
        self.rims = [_square(self.root, f"in-demand-rim-{i}", RIM) for i in range(2)]
        self.dice = [_square(self.root, f"in-demand-die-{i}", (1, 1, 1, 1)) for i in range(2)]
        self.ranks = [_text(self.root, _(rank)) for rank in RANKS]
        self.materials: tuple[Material, Material] | None = None
        self.line = 0.05
        self.width = 0.0

    def relabel(self) -> None:
        """The language changed: the ranks in its font and words (``update`` sets them again)."""
        for rank, word in zip(self.ranks, RANKS, strict=True):
            rank.setFont(interface_font())
            rank.setText(_(word))

    def update(self, flow: GameFlow) -> None:
        s = flow.state
        first, second = s.in_demand_materials()
        if flow.mode is Mode.ROUND_END and flow.round_end is not None:
            first, second = flow.round_end.result.in_demand
        self.materials = (first, second)
        for die, rim, rank, m, word in zip(
            self.dice, self.rims, self.ranks, self.materials, RANKS, strict=True
        ):
            r, g, b, _a = BASE_COLOUR[m]
            die.set_color(r, g, b, 1)
            # With material symbols on, the die is its symbol's glyph (its colour and its mark).
            mark = glyph(m)
            rank.setText(f"{mark}{_(word)}")
            for part in (die, rim):
                part.hide() if mark else part.show()

    def place(self, left: float, top: float, line: float, mirrored: bool = False) -> float:
        """The dice at the info line's start, its top at ``top``; returns the x after them.
        ``mirrored``: reflected about x = 0, the first die rightmost at -``left`` and each rank at
        its die's left (the x returned is still the unmirrored one: the info line's start at -x)."""
        m = mirrored
        self.line = line
        box = line * 0.95
        x = left
        rim = box * 0.09
        for die, edge, rank in zip(self.dice, self.rims, self.ranks, strict=True):
            if die.is_hidden():  # the glyph in the text stands for the die
                rank.setScale(line * 0.78)
                _put_text(rank, x, top - box * 0.85, m)
                x += rank.textNode.get_width() * line * 0.78 + line * 0.5
                continue
            die.set_scale(box)
            die.set_pos(_card_x(x, box, m), 0, top - box * 1.05)
            edge.set_scale(box + 2 * rim)
            edge.set_pos(_card_x(x - rim, box + 2 * rim, m), 0, top - box * 1.05 - rim)
            rank.setScale(line * 0.78)
            _put_text(rank, x + box * 1.25, top - box * 0.85, m)
            tn = rank.textNode
            x += box * 1.25 + tn.get_width() * line * 0.78 + line * 0.5
        self.width = x - left
        return x

    def show(self, on: bool) -> None:
        self.root.show() if on else self.root.hide()

    def destroy(self) -> None:
        for rank in self.ranks:
            rank.destroy()
        self.root.remove_node()
