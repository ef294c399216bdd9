"""The round summary (after the reveal) and the final standings: tables of the engine's numbers.

The round summary lists every building by rank with its points by material, the blueprint
bonus and the total, what it won, then the Awards and Prizes with the reasons and ties in
words. It shows only what the rules reveal after a round: buildings and this round's cards,
never the victory point totals (those come at the end of the game, in the standings).

The standings rank the players by victory points with their VP per round, the cards behind them,
and the tie-break that decided the winner in words. Both are laid out in pixels, in a fixed-width
font so the columns line up, and shrink their type only when the window has no room.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from direct.gui.DirectGui import DirectFrame
from panda3d.core import TextNode

from blueprints3d.client.render import style
from blueprints3d.client.scene.script_text import ScriptText
from blueprints3d.client.scene.symbol_glyphs import glyph
from blueprints3d.client.table.hud.screens import PANEL, TEXT, Metrics, Screen, _button
from blueprints3d.client.table.model.flow import RoundEnd, both
from blueprints3d.engine.awards import RoundContext, rank_buildings
from blueprints3d.engine.results import GameResult, RoundResult, round_victory_points
from blueprints3d.presentation.reveal import card_lines
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
LINE_SHARE, LINE_MIN_PX = 0.028, 12.0
TITLE = style.GOLD


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
    lines = [_("Won this round:")]
    for p in ranking(result):
        won = [_(a.title) for a, pl in result.awards.items() if pl.player == p]
        won += [_(z.title) for z, pl in result.prizes.items() if pl.player == p]
        if won:
            lines.append(_("  {name}: {cards}", name=names[p], cards=and_list(won)))
        else:
            lines.append(_("  {name}: no card", name=names[p]))
    if result.round == 1:
        lines.append(vp_secret_line())
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


SAY_LINES = 3.4  # line heights kept under a panel's buttons for what a button did


class _TablePanel(Screen):
    """A panel of a title, a fixed-width table, lines of words and a row of buttons, laid out in
    pixels in a column of the window (``side``: "right" or "centre")."""

    pixel_layout = True

    def _build_panel(
        self,
        title: str,
        rows: list[str],
        words: list[str],
        buttons: list[tuple[str, Callable[[], None]]],
        share: float = 0.44,
        side: str = "right",
        say_line: bool = False,
        cells: list[list[str]] | None = None,
    ) -> DirectFrame:
        """``cells``: the table, a row a list of cells, drawn a column a text (names aligned to
        the start, numbers to the end) so that it lines up in any script and font; ``rows`` is
        the same table in fixed-width lines, for ``text``."""
        m = Metrics(*self.overlay.size())
        pad = m.px(max(8.0, 0.014 * m.height))
        width = min(m.px(share * m.width), 2 * m.half_w - 2 * pad)
        x0 = m.half_w - pad - width if side == "right" else -width / 2
        f = DirectFrame(parent=self.overlay.aspect2d, frameColor=PANEL, pos=(x0, 0, m.half_h - pad))
        grid = cells if cells is not None else [[r] for r in rows]
        self.head = ScriptText(
            parent=f, text=title, align=TextNode.A_left, fg=TITLE, mayChange=True
        )
        self.columns = [
            ScriptText(
                parent=f,
                text="\n".join(col),
                fg=TEXT,
                mayChange=True,
                align=TextNode.A_left if j == 0 else TextNode.A_right,
            )
            for j, col in enumerate(zip(*grid, strict=True))
        ]
        self.body = ScriptText(
            parent=f, text="\n".join(words), align=TextNode.A_left, fg=TEXT, mayChange=True
        )
        room = 2 * m.half_h - 2 * pad
        line = m.px(max(LINE_MIN_PX, LINE_SHARE * m.height))
        scale, height = self._fit(line, width, pad, room, say_line)
        y = self._place_texts(pad, scale)
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
        self.text = "\n".join([title] + rows + words)
        return f

    def _heights(self, scale: float) -> tuple[float, float, float]:
        """How tall the title's line, the table and the words stand at ``scale``."""
        h_h = self.head.textNode.get_line_height() * scale * 1.3
        t_h = max(c.textNode.get_top() - c.textNode.get_bottom() for c in self.columns) * scale
        b_h = (self.body.textNode.get_top() - self.body.textNode.get_bottom()) * scale
        return h_h, t_h, b_h

    def _fit(
        self, line: float, width: float, pad: float, room: float, say_line: bool
    ) -> tuple[float, float]:
        """The type as large as the window allows: the table's width fits the panel, and the
        panel the window's height (``room``), or as near as four tries come. (The texts'
        scale, the panel's height.)"""
        tn = self.columns[0].textNode
        gap = tn.calc_width("MM")  # between two columns: two letters' room
        natural = sum([c.textNode.get_width() for c in self.columns]) + gap * (
            len(self.columns) - 1
        )
        for _try in range(4):
            scale = min(line / tn.get_line_height(), (width - 2 * pad) / max(natural, 1e-6))
            for c in self.columns:
                c.setScale(scale)
            self.head.setScale(scale * 1.3)
            self.body.setScale(scale)
            # A ScriptText: lines broken in reading order.
            self.body.setWordwrap((width - 2 * pad) / scale)
            h_h, t_h, b_h = self._heights(scale)
            height = pad + h_h + pad * 0.5 + t_h + pad + b_h + pad + scale * 2.0 + pad
            if say_line:  # room for a saved file's path: it wraps to three lines in a narrow panel
                height += scale * tn.get_line_height() * SAY_LINES
            if height <= room:
                break
            line *= room / height
        return scale, height

    def _place_texts(self, pad: float, scale: float) -> float:
        """The title, the table's columns side by side (every column's first line on one
        baseline) and the words under them, from the panel's top; the line below them."""
        head, columns, body = self.head, self.columns, self.body
        h_h, t_h, b_h = self._heights(scale)
        y = -pad - head.textNode.get_top() * scale * 1.3
        head.setPos(pad, y)
        y = -pad - h_h - pad * 0.5
        top = max(c.textNode.get_top() for c in columns)
        gap = columns[0].textNode.calc_width("MM")
        x = pad
        for c in columns:
            w = c.textNode.get_width()
            c.setPos(
                x if c.textNode.get_align() == TextNode.A_left else x + w * scale, y - top * scale
            )
            x += (w + gap) * scale
        y -= t_h + pad
        body.setPos(pad, y - body.textNode.get_top() * scale)
        y -= b_h + pad
        return y

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
        rows, words = round_table(end.result, names)
        go = _("See the final standings") if last_round else _("Next round")
        return self._build_panel(
            _("Round {round} scores", round=end.result.round),
            rows,
            words,
            [(_("Watch again"), on_replay), (go, on_continue)],
            cells=round_cells(end.result, names),
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
        rows, words = standings_table(rounds, result, names)
        title = headline(result, names)
        return self._build_panel(
            title,
            rows,
            words,
            buttons,
            share=0.46,
            say_line=True,
            cells=standings_cells(rounds, result, names),
        )

    def say(self, text: str) -> None:
        """What a button beside the standings did, on the panel's last line."""
        if self.active and self.message is not None:
            self.message.setText(text)


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
