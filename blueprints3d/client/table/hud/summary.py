"""The round summary (after the reveal) and the final standings: tables of the engine's numbers.

The round summary lists every building by rank with its points by material, the blueprint
bonus and the total, what it won, then the Awards and Prizes with the reasons and ties in
words. It shows only what the rules reveal after a round: buildings and this round's cards,
never the victory point totals (those come at the end of the game, in the standings).

The standings rank the players by victory points with their VP per round, the cards behind them,
and the tie-break that decided the winner in words. Both are laid out in pixels as the share card
is (``client/scene/card_panel``: a kicker, the headline, the table a column a text with the
materials' chips, each part under its heading) and shrink their type only when the window has no
room. ``round_table`` and ``standings_table`` give the same in plain lines (the tests read them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from direct.gui.DirectGui import DirectFrame
from panda3d.core import TextNode

from blueprints3d.client.render import style
from blueprints3d.client.scene.card_panel import CardPanel, material_chip
from blueprints3d.client.scene.script_text import ScriptText, interface_font, text_scale
from blueprints3d.client.scene.symbol_glyphs import glyph
from blueprints3d.client.table.hud.screens import PANEL, Metrics, Screen, _button
from blueprints3d.client.table.model.flow import RoundEnd, both
from blueprints3d.engine.awards import RoundContext, rank_buildings
from blueprints3d.engine.results import GameResult, RoundResult, round_victory_points
from blueprints3d.engine.materials import Material
from blueprints3d.presentation.reveal import card_lines, card_parts
from blueprints3d.i18n import N_, _, and_list, join_list, number, sentence, translate

NAME_CHARS = 12
# The round summary's columns: a heading and its least width in letters. The headings are short
# words of each language (an abbreviation where the word is long), never English ones.
ROUND_COLUMNS = (
    (N_("bonus"), 5),
    (N_("wood"), 5),
    # TRANSLATORS: the round summary's column of the recycled (green) dice's points: the word for
    # recycled, abbreviated to at most 6 letters where it is longer.
    (N_("recyc"), 6),
    (N_("stone"), 6),
    (N_("glass"), 6),
    (N_("total"), 6),
)
# TRANSLATORS: the final standings' column heading of round {n}'s victory points (short: the
# columns stand side by side).
ROUND_HEADING = N_("round {n}")
# The table's material columns, in its order (bonus, then these, then the total).
MATERIAL_ORDER = (Material.WOOD, Material.RECYCLED, Material.STONE, Material.GLASS)


def _name(text: str) -> str:
    return text if len(text) <= NAME_CHARS else text[: NAME_CHARS - 1] + "~"


def _material_counts(building: Sequence[Sequence[tuple[int, int]]]) -> tuple[int, int, int, int]:
    """How many dice of each material (by index) a building has."""
    c = [sum(1 for st in building for m, _value in st if m == mat) for mat in range(4)]
    return c[0], c[1], c[2], c[3]


def ranking(result: RoundResult) -> list[int]:
    """The buildings from best to worst as the engine ranks them (score, then the tie rule)."""
    counts = tuple(_material_counts(b) for b in result.buildings)
    return rank_buildings(result.scores, RoundContext(result.in_demand, result.turn_order, counts))


def round_cells(result: RoundResult, names: Sequence[str]) -> list[list[str]]:
    """The summary's table as cells: a header row, then a row a building, best first."""
    # What each building won: its Award by name, its Prizes by number (the lines below name them),
    # so the table stays narrow enough for large type.
    rows = [["", *(_(t) for t, _w in ROUND_COLUMNS), _("award"), _("prizes")]]
    for p in ranking(result):
        s = result.scores[p]
        cells = (s.blueprint, s.wood, s.recycled, s.stone, s.glass, s.total)
        won = next((_(a.title) for a, pl in result.awards.items() if pl.player == p), "-")
        prizes = sum(1 for pl in result.prizes.values() if pl.player == p)
        rows.append([_name(names[p]), *(number(v) for v in cells), won, number(prizes)])
    return rows


def round_table(result: RoundResult, names: Sequence[str]) -> tuple[list[str], list[str]]:
    """The summary's lines: (the table of buildings in fixed-width rows, the Awards and Prizes in
    words). The panel draws the table from ``round_cells``, a column a text."""
    cells = round_cells(result, names)
    head, *body = cells
    widths = [max(w, len(t) + 1) for t, (_t, w) in zip(head[1:7], ROUND_COLUMNS, strict=True)]
    won = max(6, *(len(r[7]) for r in cells))
    rows = [
        f"{'':{NAME_CHARS}}"
        + "".join(f"{t:>{w}}" for t, w in zip(head[1:7], widths, strict=True))
        + f"  {head[7]:<{won}}{head[8]:>7}"
    ]
    for r in body:
        rows.append(
            f"{r[0]:{NAME_CHARS}}"
            + "".join(f"{v:>{w}}" for v, w in zip(r[1:7], widths, strict=True))
            + f"  {r[7]:<{won}}{r[8]:>7}"
        )
    first, second = result.in_demand
    words = [
        _(
            "In demand: 1st {first_glyph}{first_colour} ({first_material}), "
            "2nd {second_glyph}{second_colour} ({second_material})",
            first_glyph=glyph(first),
            first_colour=_(first.colour),
            first_material=_(first.label),
            second_glyph=glyph(second),
            second_colour=_(second.colour),
            second_material=_(second.label),
        ),
        _("Awards (building score ranks the buildings):"),
    ]
    words += card_lines(result, names)
    words += cards_won_lines(result, names)
    return rows, words


def cards_won_lines(result: RoundResult, names: Sequence[str]) -> list[str]:
    """What each player won this round, by name (the cards are handed out in the open), and in
    the first round why no running score is shown: victory points stay secret until the end."""
    lines = [_("Won this round:"), *cards_won(result, names)]
    if result.round == 1:
        lines.append(vp_secret_line())
    return lines


def cards_won(result: RoundResult, names: Sequence[str]) -> list[str]:
    """A line a player, best building first: the cards they won this round, by name."""
    lines = []
    for p in ranking(result):
        won = [_(a.title) for a, pl in result.awards.items() if pl.player == p]
        won += [_(z.title) for z, pl in result.prizes.items() if pl.player == p]
        if won:
            lines.append(_("  {name}: {cards}", name=names[p], cards=and_list(won)))
        else:
            lines.append(_("  {name}: no card", name=names[p]))
    return lines


def vp_secret_line() -> str:
    """Why no running score is shown (RULES.md: the cards stay face down until the end)."""
    return _(
        "Victory points stay secret until the game's end (the cards lie face down); "
        "the final standings add them up."
    )


def standings_cells(
    rounds: Sequence[RoundResult], result: GameResult, names: Sequence[str]
) -> list[list[str]]:
    """The final standings' table as cells: a header row, then a player a row by rank, with the
    VP of each round and in all."""
    per_round = [round_victory_points(rr) for rr in rounds]
    rows = [["", *(_(ROUND_HEADING, n=i + 1) for i in range(len(rounds))), _("VP")]]
    for place, p in enumerate(result.standings(), 1):
        rows.append(
            [
                _("{place}. {name}", place=place, name=_name(names[p])),
                *(number(vp[p]) for vp in per_round),
                number(result.victory_points[p]),
            ]
        )
    return rows


def standings_table(
    rounds: Sequence[RoundResult], result: GameResult, names: Sequence[str]
) -> tuple[list[str], list[str]]:
    """The final standings' lines: (the table by rank with VP per round in fixed-width rows, the
    cards and the tie-break in words). The panel draws the table from ``standings_cells``."""
    per_round = [round_victory_points(rr) for rr in rounds]
    head = standings_cells(rounds, result, names)[0]
    w = max(5, *(len(t) + 2 for t in head[1:]))
    rows = [f"    {'':{NAME_CHARS}}" + "".join(f"{t:>{w}}" for t in head[1:])]
    for place, p in enumerate(result.standings(), 1):
        rows.append(
            f"{number(place):>2}. {_name(names[p]):{NAME_CHARS}}"
            + "".join(f"{number(vp[p]):>{w}}" for vp in per_round)
            + f"{number(result.victory_points[p]):>{w}}"
        )
    words = [sentence(translate(result.explain_message(names)))]  # the language's full stop
    for p in result.standings():
        aw = join_list([_(a.title) for a in result.awards[p]]) or _("no Awards")
        pz = join_list([_(z.title) for z in result.prizes[p]]) or _("no Prizes")
        words.append(_("  {name}: {awards}; {prizes}", name=names[p], awards=aw, prizes=pz))
    return rows, words


SAY_LINES = 1.3  # line heights kept under a panel's buttons for what a button did (it grows)
FIT_TRIES = 5  # a panel built again at a smaller size until it fits: at most this often
# TRANSLATORS: the heading over the round's Award lines in the round summary (one word, shown
# in small capitals).
AWARDS_HEADING = N_("Awards")
# TRANSLATORS: the heading over each player's Award and Prize cards in the final standings
# (short, shown in small capitals).
CARDS_HEADING = N_("Cards won")


@dataclass
class PanelWords:
    """What a summary panel says, by part: the headline and the small print under it, the table
    (a header row, then its rows; which columns are numbers, which have a material's chip,
    which are totals), then parts under their headings, and a muted note at the end."""

    title: str
    subtitle: str
    cells: list[list[str]]
    numeric: list[bool]
    chips: dict[int, style.RGBA] = field(default_factory=dict)
    gold: tuple[int, ...] = ()
    sections: list[tuple[str, list[str]]] = field(default_factory=list)
    note: str = ""


def round_words(result: RoundResult, names: Sequence[str]) -> PanelWords:
    """The round summary by part: what was in demand, the buildings' table with each material's
    chip, the Awards, the Prizes and what each player won, and (round 1) why no score shows."""
    cells = round_cells(result, names)
    _rows, words = round_table(result, names)
    awards, prizes = card_parts(result, names)
    won = cards_won(result, names)
    return PanelWords(
        title=_("Round {round} scores", round=result.round),
        subtitle=words[0],
        cells=cells,
        numeric=[False, *([True] * 6), False, True],
        chips={2 + k: material_chip(m) for k, m in enumerate(MATERIAL_ORDER)},
        gold=(6,),
        sections=[
            (_(AWARDS_HEADING), awards),
            (_("Prizes"), prizes),
            (_("Won this round:"), won),
        ],
        note=vp_secret_line() if result.round == 1 else "",
    )


def standings_words(
    rounds: Sequence[RoundResult], result: GameResult, names: Sequence[str]
) -> PanelWords:
    """The standings by part: the winner and the tie-break in words, the VP table, each
    player's cards."""
    cells = standings_cells(rounds, result, names)
    _rows, words = standings_table(rounds, result, names)
    return PanelWords(
        title=headline(result, names),
        subtitle=words[0],
        cells=cells,
        numeric=[False] + [True] * (len(cells[0]) - 1),
        gold=(len(cells[0]) - 1,),
        sections=[(_(CARDS_HEADING), words[1:])],
    )


class _TablePanel(Screen):
    """A panel in the share card's manner (``client/scene/card_panel``): a kicker, the headline
    and the small print under it, the table, parts under their headings, a row of buttons;
    laid out in pixels in a column of the window (``side``: "right" or "centre")."""

    pixel_layout = True

    def _build_panel(
        self,
        said: PanelWords,
        buttons: list[tuple[str, Callable[[], None]]],
        share: float = 0.44,
        side: str = "right",
        say_line: bool = False,
        tall: float = 1.0,
    ) -> DirectFrame:
        """``tall``: the most of the window's height the panel takes (its type shrinks to fit)."""
        m = Metrics(*self.overlay.size())
        pad_px = style.PAD * style.BODY.px(m.height)
        width = min(m.px(share * m.width), 2 * m.half_w - 2 * m.px(pad_px))
        width = max(width, m.px(min(m.width - 2 * pad_px, 440)))  # room for a table in 1024 px
        pad = m.px(pad_px)
        x0 = m.half_w - pad - width if side == "right" else -width / 2
        f = DirectFrame(parent=self.overlay.aspect2d, frameColor=PANEL, pos=(x0, 0, m.half_h - pad))
        room = tall * 2 * m.half_h - 2 * pad
        line = m.px(style.BODY.px(m.height) * text_scale())
        probe = TextNode("measure")
        probe.set_font(interface_font())
        scale = line / probe.get_line_height()
        for attempt in range(FIT_TRIES):
            card = self._lay_out(f, said, pad, width, scale)
            y = card.y - pad
            height = -y + scale * 2.4 + pad
            if say_line:  # room for a saved file's path: it wraps to three lines in a narrow panel
                height += scale * probe.get_line_height() * SAY_LINES
            if (height <= room and card.overflow <= 1.0) or attempt == FIT_TRIES - 1:
                break  # it fits, or it is as small as the tries make it: kept as it is
            card.destroy()
            scale *= min(1.0, room / height, 1.0 / card.overflow) * 0.98
        self.card, self.pad = card, pad
        self.head = card.parts["headline"]
        self.columns = [card.parts[f"table column {j}"] for j in range(len(said.cells[0]))]
        self._button_row(f, buttons, y, scale, width, pad)
        self.message = None
        if say_line:  # a line under the buttons for what a button did ("saved to ...")
            self.message = ScriptText(
                parent=f, text="", align=TextNode.A_left, fg=style.GOLD, mayChange=True
            )
            self.message.setScale(scale)
            self.message.setWordwrap((width - 2 * pad) / scale)
            self.message.setPos(
                pad, y - scale * 2.0 - pad - self.message.textNode.get_line_height() * scale * 0.8
            )
        f["frameSize"] = (0, width, -min(height, room), 0)
        self.text = "\n".join(
            [said.title, said.subtitle]
            + ["  ".join(r) for r in said.cells]
            + [line for heading, lines in said.sections for line in (heading, *lines)]
            + ([said.note] if said.note else [])
        )
        return f

    @staticmethod
    def _lay_out(f: DirectFrame, said: PanelWords, pad: float, width: float, scale: float):
        """The panel's words at body scale ``scale``, from its top down (``CardPanel``)."""
        card = CardPanel(f, pad, -pad, width - 2 * pad, scale)
        card.kicker("Blueprints")
        card.headline(said.title)
        card.text("subtitle", said.subtitle, "small", style.MUTED)
        card.rule()
        card.table(said.cells, said.numeric, chips=said.chips, gold=said.gold)
        for k, (heading, lines) in enumerate(said.sections):
            card.rule(f"rule {k}")
            card.section(f"part {k}", heading, lines)
        if said.note:
            card.gap()
            card.text("note", said.note, "small", style.MUTED)
        return card

    def _button_row(
        self,
        f: DirectFrame,
        buttons: list[tuple[str, Callable[[], None]]],
        y: float,
        scale: float,
        width: float,
        pad: float,
    ) -> None:
        """The buttons in a row under ``y``, spread by their own widths ("Bob's buildings" is
        three times "Quit"), smaller when the row would not fit the panel, so that no button
        ever lies over another."""
        self.buttons = {}
        made = [
            _button(f, text, (0.0, y - scale * 1.1), command, scale * 1.15)
            for text, command in buttons
        ]
        widths = [
            (b.node().get_frame()[1] - b.node().get_frame()[0]) * b.get_scale()[0] for b in made
        ]
        gap = pad * 0.6
        fit = min(1.0, (width - 2 * pad - gap * max(0, len(made) - 1)) / max(sum(widths), 1e-9))
        if fit < 1.0:
            for b in made:
                b.set_scale(b.get_scale()[0] * fit)
            widths = [x * fit for x in widths]
        spare = (width - 2 * pad - sum(widths)) / max(1, len(made) + 1)
        x = pad + spare
        for (text, _command), b, bw in zip(buttons, made, widths, strict=True):
            b.set_x(x - b.node().get_frame()[0] * b.get_scale()[0])
            self.buttons[text] = b
            x += bw + spare

    def rect_px(self) -> tuple[float, float, float, float] | None:
        """The panel on the window in pixels (left, top, right, bottom), None when not shown."""
        if self.frame is None or not self.active:
            return None
        w, h = self.overlay.size()
        u = min(w, h) / 2.0
        fs = self.frame["frameSize"]
        pos = self.frame.get_pos()
        return (
            w / 2 + (pos.x + fs[0]) * u,
            h / 2 - (pos.z + fs[3]) * u,
            w / 2 + (pos.x + fs[1]) * u,
            h / 2 - (pos.z + fs[2]) * u,
        )

    def window_rect(self) -> tuple[float, float, float, float] | None:
        """The panel as (left, right, bottom, top) in the window's [-1, 1] (+y up), for framing
        a view clear of it; None when not shown."""
        px = self.rect_px()
        if px is None:
            return None
        w, h = self.overlay.size()
        left, top, right, bottom = px
        return left / w * 2 - 1, right / w * 2 - 1, 1 - bottom / h * 2, 1 - top / h * 2


class RoundSummary(_TablePanel):
    """After the reveal: the round's buildings as a table, the Awards and Prizes in words;
    "Watch again" replays the reveal, the other button goes on."""

    def build(
        self,
        end: RoundEnd,
        names: list[str],
        last_round: bool,
        on_continue: Callable[[], None],
        on_replay: Callable[[], None],
    ) -> DirectFrame:
        go = _("See the final standings") if last_round else _("Next round")
        return self._build_panel(
            round_words(end.result, names),
            [(_("Watch again"), on_replay), (go, on_continue)],
        )


def headline(result: GameResult, names: Sequence[str]) -> str:
    """The standings' title: the winner and by how much ("Ann wins by 7 VP")."""
    if result.shared:
        return _("Shared victory: {names}", names=both([names[w] for w in result.winners]))
    winner = names[result.winners[0]]
    if result.margin == 0:
        return _("{name} wins on the tie rule", name=winner)
    return _("{name} wins by {margin} VP", name=winner, margin=result.margin)


class StandingsScreen(_TablePanel):
    """The end of the game: players by rank, VP per round, the cards, the tie-break in words."""

    def build(
        self,
        rounds: Sequence[RoundResult],
        result: GameResult,
        names: list[str],
        buttons: list[tuple[str, Callable[[], None]]],
    ) -> DirectFrame:
        return self._build_panel(
            standings_words(rounds, result, names), buttons, share=0.46, say_line=True, tall=0.62
        )

    def say(self, text: str) -> None:
        """What a button beside the standings did, on the panel's last line."""
        if self.active and self.message is not None and self.frame is not None:
            self.message.setText(text)
            # The panel grows down to hold it (a saved file's path wraps to three lines in a
            # narrow panel), never past the window's bottom.
            tn = self.message.textNode
            scale = self.message.getScale()[0]
            bottom = self.message.getPos()[1] + tn.get_bottom() * scale - self.pad
            left, right, low, top = self.frame["frameSize"]
            m = Metrics(*self.overlay.size())
            floor = -(2 * m.half_h - 2 * self.pad)
            self.frame["frameSize"] = (left, right, max(floor, min(low, bottom)), top)


__all__ = [
    "RoundSummary",
    "StandingsScreen",
    "headline",
    "round_cells",
    "round_table",
    "standings_cells",
    "standings_table",
    "ranking",
]
