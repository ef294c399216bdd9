"""The help screen (F1, or the menu's "Rules and controls"): every control, and the rules in
short as headed sections of lines, each line with an optional picture (a material's colour, a
die face, a medal). Every number in the rules is read from the engine's rules module; the
screen is laid out in pixels, in two columns or, in a wide low window, three.
"""

from __future__ import annotations

from collections.abc import Callable

from direct.gui.DirectGui import DirectFrame
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import TextNode, TransparencyAttrib

from blueprints3d.client.render import style
from blueprints3d.client.render.materials import BASE_COLOUR, PIP_COLOUR
from blueprints3d.client.scene.dice_model import symbols_shown
from blueprints3d.client.scene.script_text import (
    ScriptText,
    interface_font,
    panda_text,
    text_scale,
)
from blueprints3d.client.scene.symbol_glyphs import icon_texture
from blueprints3d.client.table.hud.hud import CONTROLS
from blueprints3d.client.table.hud.screens import TEXT, Metrics, Screen, _button, _text_px
from blueprints3d.client.table.hud.summary import vp_secret_line
from blueprints3d.engine import rules
from blueprints3d.engine.materials import Material
from blueprints3d.engine.rules import rules_summary
from blueprints3d.i18n import _, join_list, n_, number, translate

RULES_SUMMARY = (
    rules_summary()
)  # every number in it is the engine's (for tools; the help screen has its own lines)

HEADING = style.GOLD
HELP_LINE_SHARE = style.SMALL.share  # of the window's height, from line to line (at least
HELP_MIN_PX = style.SMALL.min_px  # this): the rules are long, in the small step of the scale
GLASS_SWATCH = (*BASE_COLOUR[Material.GLASS][:3], 1.0)  # glass's tint, opaque on the panel
# A heading and its lines, each with its picture (see rules_sections) or None.
Section = tuple[str, list[tuple[object, str]]]


def rules_sections() -> list[Section]:
    """The rules in short as headed sections of short lines, each with an optional picture
    (a Material: its colour; an int: a die face; an Award: its medal colour). Every number is
    read from the engine's rules module when this is called."""
    return [_game_section(), _turn_section(), _points_section(), _victory_section()]


def _game_section() -> Section:
    """The game's shape: rounds, players, the dice each takes, the card they build on."""
    r = rules
    return (
        _("The game"),
        [
            (
                None,
                n_(
                    "{n} round; {least} to {most} players.",
                    "{n} rounds; {least} to {most} players.",
                    r.NUM_ROUNDS,
                    least=min(r.PLAYER_COUNTS),
                    most=max(r.PLAYER_COUNTS),
                ),
            ),
            (
                r.DIE_FACES,
                n_(
                    "Each round everyone takes {n} die, one a turn, and builds on their own "
                    "blueprint card, in secret.",
                    "Each round everyone takes {n} dice, one a turn, and builds on their own "
                    "blueprint card, in secret.",
                    r.TAKES_PER_ROUND,
                ),
            ),
        ],
    )


def _turn_section() -> Section:
    """A turn: where a die may go, and the discard in the smaller games."""
    r = rules
    discard = _either(sorted(r.DISCARDING_PLAYER_COUNTS))
    return (
        _("Your turn"),
        [
            (
                1,
                _(
                    "Take a pool die and put it on an empty space, or on a die of the same value "
                    "or lower ({high} on {low}, {middle} or {high}).",
                    high=3,
                    low=1,
                    middle=2,
                ),
            ),
            (None, _("Hatched spaces stay empty; a die that fits nowhere leaves the game.")),
            (None, _("{counts} players: then discard one more pool die.", counts=discard)),
        ],
    )


def _points_section() -> Section:
    """A building's points: the blueprint bonus and each material's rule."""
    r = rules
    counts = len(r.RECYCLED_POINTS) - 1
    # As lists in the language's pattern: "2/5/10" reads as fractions to a Persian reader.
    recycled = join_list([number(p) for p in r.RECYCLED_POINTS[1:]])
    stone = join_list([number(p) for p in r.STONE_POINTS[1:]])
    levels = len(r.STONE_POINTS) - 1
    return (
        _("Building points"),
        [
            (None, _("Blueprint followed exactly: +{bonus}", bonus=r.BLUEPRINT_BONUS)),
            (
                Material.WOOD,
                _(
                    "Wood (orange): +{points} for each die touching it",
                    points=r.WOOD_PER_NEIGHBOUR,
                ),
            ),
            (
                Material.RECYCLED,
                _(
                    "Recycled (green): 1-{most} dice give {points}",
                    most=counts,
                    points=recycled,
                ),
            ),
            (
                Material.STONE,
                _("Stone (black): by level 1-{top}+, {points}", top=levels, points=stone),
            ),
            (Material.GLASS, _("Glass (clear): its top value")),
        ],
    )


def _victory_section() -> Section:
    """Victory points: the round's Awards and Prizes, the ties, the winner."""
    r = rules
    return (
        _("Victory points"),
        [
            (None, _("Awards go to the best buildings of the round:")),
            *[
                (
                    a,
                    _(
                        "{award}: {vp} VP  ({players})",
                        award=_(a.title),
                        vp=r.AWARD_VP[a],
                        players=_players_with(a),
                    ),
                )
                for a in r.Award
            ],
            (None, _("Prizes, {vp} VP each:", vp=r.PRIZE_VP)),
            *[
                (
                    None,
                    _(
                        "  {prize}: {rule}",
                        prize=_(p.title),
                        rule=translate(r.PRIZE_RULE_MESSAGES[p]),
                    ),
                )
                for p in r.Prize
            ],
            (
                None,
                _(
                    "Ties: more dice of the 1st in-demand colour, then of the 2nd, then the "
                    "player later in turn order."
                ),
            ),
            (
                None,
                n_(
                    "Most victory points after {n} round wins.",
                    "Most victory points after {n} rounds wins.",
                    r.NUM_ROUNDS,
                ),
            ),
            (None, vp_secret_line()),
        ],
    )


def network_section() -> Section:
    """Playing over the network, in the order a player needs it: on one network, across the
    internet, and who holds the game. One whole sentence to a line."""
    return (
        _("Playing over the network"),
        [
            (None, _("On one network: make a seat Over the network; the others Join it.")),
            (
                None,
                _(
                    "Across the internet: one of you runs blueprints3d serve, behind Caddy or nginx."
                ),
            ),
            (
                None,
                _(
                    "A hosting table holds the game: among strangers, use a server none of you runs."
                ),
            ),
        ],
    )


def _either(counts: list[int]) -> str:
    """ "2", "2 or 3", "2, 3 or 4": numbers as alternatives, in the language's words."""
    if len(counts) == 1:
        return number(counts[0])
    return _("{some} or {last}", some=join_list([number(n) for n in counts[:-1]]), last=counts[-1])


def _players_with(award) -> str:
    """ "3-4 players": the game sizes that hand out ``award`` (from the rules' table)."""
    counts = [n for n in sorted(rules.AWARDS_BY_PLAYERS) if award in rules.AWARDS_BY_PLAYERS[n]]
    if len(counts) > 1 and counts == list(range(counts[0], counts[-1] + 1)):
        return _("{least}-{most} players", least=counts[0], most=counts[-1])
    if len(counts) == 1:
        return n_("{n} player", "{n} players", counts[0])
    return _("{counts} players", counts=_either(counts))


MEDAL = {
    rules.Award.GOLD: style.MEDALS["gold"],
    rules.Award.SILVER: style.MEDALS["silver"],
    rules.Award.BRONZE: style.MEDALS["bronze"],
}
PIPS = {
    1: [(0, 0)],
    2: [(-1, 1), (1, -1)],
    3: [(-1, 1), (0, 0), (1, -1)],
    4: [(-1, 1), (1, 1), (-1, -1), (1, -1)],
    5: [(-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)],
    6: [(-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)],
}


class DieGlyph(DirectFrame):
    """A die face drawn with frames: its face, its pips' count, and a material's symbol."""

    face: DirectFrame
    pips: int
    symbol: DirectFrame

    def __init__(self, parent=None, **kw) -> None:
        super().__init__(parent, **kw)
        self.initialiseoptions(DieGlyph)  # DirectGUI finishes its options in the last class


def die_glyph(
    parent,
    value: int,
    size: float,
    pos: tuple[float, float],
    face=style.DIE_FACE,
    pip=style.DIE_PIP,
) -> DieGlyph:
    """A die face drawn with frames: a square and its pips (``size`` across, ``pos`` its centre)."""
    h = size / 2
    e = size * 0.08  # a light edge, so a black die reads on the dark panel
    d = DieGlyph(
        parent=parent,
        frameColor=style.MUTED,
        frameSize=(-h - e, h + e, -h - e, h + e),
        pos=(pos[0], 0, pos[1]),
    )
    d.face = DirectFrame(parent=d, frameColor=face, frameSize=(-h, h, -h, h))
    d.pips = value
    r = size * 0.09
    for px, py in PIPS.get(value, []):
        DirectFrame(
            parent=d,
            frameColor=pip,
            frameSize=(-r, r, -r, r),
            pos=(px * size * 0.27, 0, py * size * 0.27),
        )
    return d


def swatch(parent, picture, size: float, pos: tuple[float, float]) -> DirectFrame | None:
    """The small picture beside a help line: a material's colour, a die face or a medal."""
    if picture is None:
        return None
    if isinstance(picture, Material):
        colour = GLASS_SWATCH if picture is Material.GLASS else tuple(BASE_COLOUR[picture])
        if not symbols_shown():
            return die_glyph(parent, 3, size, pos, face=colour, pip=tuple(PIP_COLOUR[picture]))
        # Material symbols on: the material's symbol on its colour instead of pips.
        d = die_glyph(parent, 0, size, pos, face=colour)
        d.symbol = DirectFrame(
            parent=d, image=icon_texture(picture), image_scale=size / 2, frameColor=style.CLEAR
        )
        d.symbol.set_transparency(TransparencyAttrib.M_alpha)
        return d
    if isinstance(picture, rules.Award):
        h = size / 2
        return DirectFrame(
            parent=parent,
            frameColor=MEDAL[picture],
            frameSize=(-h, h, -h, h),
            pos=(pos[0], 0, pos[1]),
        )
    return die_glyph(parent, int(picture), size, pos)


class HelpScreen(Screen):
    """F1 (or the menu's "Rules and controls"): the controls and the rules in short, laid out
    for the window's size; Esc or F1 closes it."""

    pixel_layout = True

    def build(self, on_close: Callable[[], None]) -> DirectFrame:
        m = Metrics(*self.overlay.size())
        line = m.px(_text_px(m.height, HELP_LINE_SHARE, HELP_MIN_PX))
        pad = m.px(max(10.0, 0.02 * m.height))
        f = DirectFrame(
            parent=self.overlay.aspect2d,
            frameColor=style.PANEL,
            frameSize=(-m.half_w, m.half_w, -m.half_h, m.half_h),
        )
        controls: list[Section] = [
            (
                _("Controls"),
                [(None, _("{keys}: {what}", keys=_(k), what=_(v))) for k, v in CONTROLS],
            )
        ]
        sections = [*rules_sections(), network_section()]
        # A wide, low window (1280x400) takes three columns, so the type need not shrink; so
        # does a language drawn larger (Chinese: text_scale), where two would not hold it.
        if m.width / m.height > 2.2 or (text_scale() > 1 and m.width / m.height > 1.2):
            columns = [controls, sections[:3], sections[3:]]
        else:
            columns = [controls, sections]
        n = len(columns)
        col_w = (2 * m.half_w - (n + 1) * pad) / n
        # The Back button's frame, in its own units (the same at any size): where its top stands.
        self.close_button = _button(f, _("Back (Esc or F1)"), (0, 0), on_close, 1.0)
        button_top = self.close_button.node().get_frame()[3]
        # A shorter line where the window is short, until the tallest column (its lines wrapped
        # as they will be, at this size of type, in this language's font) ends above Back.
        probe = TextNode("help-probe")
        probe.set_font(interface_font())
        for _try in range(80):
            lowest = (
                m.half_h
                - pad
                - 2.6 * line
                - max(self._column_depth(col, line, col_w, probe) for col in columns)
            )
            if lowest >= -m.half_h + pad + line * (0.6 + 0.95 * button_top + 0.25):
                break
            line *= 0.97
        self.line_px = line * m.unit_px
        self.texts: list[OnscreenText] = []
        self.pictures: list[tuple[object, DirectFrame | None]] = []
        title = self._text(
            f,
            _("Help: the controls and the rules in short"),
            (0, m.half_h - pad - line),
            line * 1.35,
            style.INK,  # a screen's headline in the card's ink; its parts' headings in gold
            TextNode.A_center,
        )
        del title
        icon = line * 0.7
        for c, col in enumerate(columns):
            x = -m.half_w + pad + c * (col_w + pad)
            y = m.half_h - pad - 2.6 * line
            for heading, lines in col:
                self._text(f, heading, (x, y), line * 1.12, HEADING)
                y -= line * 1.25
                for picture, text in lines:
                    if picture is not None:
                        self.pictures.append(
                            (picture, swatch(f, picture, icon, (x + icon * 0.6, y + line * 0.28)))
                        )
                    t = self._text(
                        f, text, (x + icon * 1.6, y), line, TEXT, wrap=(col_w - icon * 1.6)
                    )
                    y -= line * 1.15 * t.textNode.get_num_rows()
                y -= line * 0.35
        self.text = "\n".join(t.getText() for t in self.texts)
        self.close_button.set_scale(line * 0.95)
        self.close_button.set_pos(0, 0, -m.half_h + pad + line * 0.6)
        return f

    @staticmethod
    def _column_depth(col: list[Section], line: float, col_w: float, probe: TextNode) -> float:
        """How far below a column's first heading its last line's letters reach, at ``line``: each
        line as many rows as it wraps to (``probe`` holds the help's font), as ``build`` sets them."""
        scale = line / probe.get_line_height()
        wrap = (col_w - line * 0.7 * 1.6) / scale
        probe.set_wordwrap(wrap)
        y = low = 0.0
        for _heading, lines in col:
            y -= line * 1.25
            for _picture, text in lines:
                probe.set_text(panda_text(text, wordwrap=wrap, text_font=probe.get_font()))
                low = min(low, y + scale * probe.get_bottom())
                y -= line * 1.15 * probe.get_num_rows()
            y -= line * 0.35
        return -low

    def _text(
        self,
        parent,
        text: str,
        pos: tuple[float, float],
        line: float,
        fg,
        align=TextNode.A_left,
        wrap: float | None = None,
    ) -> OnscreenText:
        t = ScriptText(
            parent=parent,
            text=text,
            pos=pos,
            align=align,
            fg=fg,
            mayChange=True,
            shadow=(0, 0, 0, 0.6),
        )
        scale = line / t.textNode.get_line_height()
        t.setTextScale(scale)
        if wrap:
            t.textNode.set_wordwrap(wrap / scale)
            t.setText(text)  # again: a Persian line is wrapped in its reading order (panda_text)
        self.texts.append(t)
        return t
