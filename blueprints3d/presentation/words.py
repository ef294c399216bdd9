"""How a space, a die and a move are named to a player: the one place that says it.

A space is named by what is printed on it and where it lies on the card as the player sees it
("the 2 at the top left", "the hatched space at the middle left"), never by the engine's "row 3,
column 2"; a die by its material, in the engine's word for it (``Material.label``: "wood",
"recycled", "stone", "glass"), and its value ("the glass 4"). The table's refusals (the engine's
``placement_error`` and ``IllegalAction`` words, through ``client/table/model/flow.py``), the coach's
hints (``client/table/view/coach_view.py``), the tutorial and the demonstrations all say it with
these functions. No Panda3D: the words are checked headless.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from collections.abc import Sequence

from blueprints3d.engine import actions as A
from blueprints3d.engine.blueprints import Blueprint
from blueprints3d.engine.materials import Material
from blueprints3d.engine.rules import Award, Prize
from blueprints3d.engine.scoring import DiePoints, recycled_points, score_building
from blueprints3d.engine.rules import WOOD_PER_NEIGHBOUR
from blueprints3d.i18n import N_, Message, _, digits, join_list, n_, number, translate
from blueprints3d.i18n import and_list as i18n_and_list

if TYPE_CHECKING:
    from blueprints3d.ai.coach import Hint
    from blueprints3d.engine.state import GameState

# Where a space is on the card, as a player says it ("top left"), by the card's shape.
_ROW_WORDS = {
    1: ("",),
    2: (N_("top"), N_("bottom")),
    3: (N_("top"), N_("middle"), N_("bottom")),
    4: (N_("top"), N_("second"), N_("third"), N_("bottom")),
}
_COL_WORDS = {1: ("",), 2: (N_("left"), N_("right")), 3: (N_("left"), N_("centre"), N_("right"))}
# A row or column of a bigger custom card, by its ordinal (the first and last are named apart).
_ORDINAL_ROWS = (
    N_("first row"),
    N_("second row"),
    N_("third row"),
    N_("fourth row"),
    N_("fifth row"),
    N_("sixth row"),
    N_("seventh row"),
    N_("eighth row"),
)
_ORDINAL_COLS = (
    N_("first from the left"),
    N_("second from the left"),
    N_("third from the left"),
    N_("fourth from the left"),
    N_("fifth from the left"),
    N_("sixth from the left"),
    N_("seventh from the left"),
    N_("eighth from the left"),
)
# The materials' and colours' words as a player reads them (the engine's ``Material.label`` and
# ``colour`` are its own, English, words).
MATERIAL_WORDS = {
    Material.WOOD: N_("wood"),
    Material.RECYCLED: N_("recycled"),
    Material.STONE: N_("stone"),
    Material.GLASS: N_("glass"),
}
COLOUR_WORDS = {
    Material.WOOD: N_("orange"),
    Material.RECYCLED: N_("green"),
    Material.STONE: N_("black"),
    Material.GLASS: N_("clear"),
}


# The Awards' and Prizes' names: the word ("silver", as in a sentence) and the title ("Silver").
AWARD_WORDS = {Award.GOLD: N_("gold"), Award.SILVER: N_("silver"), Award.BRONZE: N_("bronze")}
TITLE_WORDS = {
    "Gold": N_("Gold"),
    "Silver": N_("Silver"),
    "Bronze": N_("Bronze"),
    "Skyscraper": N_("Skyscraper"),
    "Geometer": N_("Geometer"),
    "Structural Integrity": N_("Structural Integrity"),
    "Materials": N_("Materials"),
}
assert set(TITLE_WORDS) == {a.title for a in Award} | {z.title for z in Prize}


def award_word(award: Award) -> str:
    """An Award's name as a sentence says it ("silver"), in the player's language."""
    return _(AWARD_WORDS[award])


def title_word(card: Award | Prize | str) -> str:
    """An Award's or Prize's title ("Silver", "Structural Integrity"), in the player's language."""
    title = card if isinstance(card, str) else card.title
    return _(TITLE_WORDS[title]) if title in TITLE_WORDS else title


def material_word(material: Material) -> str:
    """The material's word in the player's language ("glass")."""
    return _(MATERIAL_WORDS[Material(material)])


def colour_word(material: Material) -> str:
    """The material's colour in the player's language ("green")."""
    return _(COLOUR_WORDS[Material(material)])


def where_on_card(bp: Blueprint, cell: int) -> str:
    """ "top left", "middle right", "centre": the space's place as the card lies in front of you
    (a bigger custom card: "third row, second from the left")."""
    row, col = divmod(cell, bp.cols)
    if bp.rows in _ROW_WORDS and bp.cols in _COL_WORDS:
        r, c = _ROW_WORDS[bp.rows][row], _COL_WORDS[bp.cols][col]
        if (r == "middle" and c == "centre") or not (r or c):
            return _("centre")
        if r and c:
            return _("{row} {column}", row=_(r), column=_(c))
        return _(r or c)
    r = (
        _("top row")
        if row == 0
        else _("bottom row")
        if row == bp.rows - 1
        else _(_ORDINAL_ROWS[row])
    )
    if bp.cols in _COL_WORDS:
        c = _COL_WORDS[bp.cols][col]
        return _("{row}, {column}", row=r, column=_(c)) if c else r
    c = (
        _("far left")
        if col == 0
        else _("far right")
        if col == bp.cols - 1
        else _(_ORDINAL_COLS[col])
    )
    return _("{row}, {column}", row=r, column=c)


def space_name(bp: Blueprint, cell: int) -> str:
    """A space by what is printed on it and where it is: "the 2 at the top left",
    "the hatched space at the middle left" (never the engine's row and column)."""
    h = bp.heights[cell]
    if h is None:
        return _("the hatched space at the {where}", where=where_on_card(bp, cell))
    return _("the {height} at the {where}", height=h, where=where_on_card(bp, cell))


def and_list(items: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c", in the language's list pattern."""
    return i18n_and_list(list(items))


def space_names(bp: Blueprint, cells: Sequence[int]) -> str:
    return and_list([space_name(bp, c) for c in cells])


CELL_ID = "row {row}, column {col}"  # the engine's name of a space (cell_message)
_HATCHED_ID = "{where} is hatched: no die may ever be placed there"
_SET_ASIDE_ID = "the {die} fits on your building (at {cell}), so it must be placed, not set aside"


def _cell_of(bp: Blueprint, cell: Message) -> int:
    """The space an engine's "row N, column M" Message names."""
    return (int(str(cell.params["row"])) - 1) * bp.cols + int(str(cell.params["col"])) - 1


def _player_cells(bp: Blueprint, m: object) -> object:
    """A Message with every space the engine names ("row N, column M") in a player's words."""
    if not isinstance(m, Message):
        return m
    if m.msgid == CELL_ID:
        cell = _cell_of(bp, m)
        h = bp.heights[cell]
        printed = _("the hatched space") if h is None else _("the space marked {height}", height=h)
        return _("the {where} ({printed})", where=where_on_card(bp, cell), printed=printed)
    where = m.params.get("where")
    if m.msgid == _HATCHED_ID and isinstance(where, Message):
        return Message.of(
            N_("the {where} space is hatched: no die may ever be placed there"),
            where=where_on_card(bp, _cell_of(bp, where)),
        )
    cell_m = m.params.get("cell")
    if m.msgid == _SET_ASIDE_ID and isinstance(cell_m, Message):
        return Message.of(
            N_("the {die} fits on your building ({cell}), so it must be placed, not set aside"),
            die=m.params["die"],
            cell=space_name(bp, _cell_of(bp, cell_m)),
        )
    return Message(m.msgid, {k: _player_cells(bp, v) for k, v in m.params.items()}, m.plural, m.n)


def in_player_words(bp: Blueprint, text: Message | str) -> str:
    """The engine's sentence, in the player's language, with its "row N, column M" names put in a
    player's words: "at the middle right (the space marked 2)", "the middle left space is
    hatched". Given as a Message (the engine's, from an error or ``action_message``); a plain
    text (an error raised without one) is shown as it is."""
    if isinstance(text, str):
        return text
    said = _player_cells(bp, text)
    return translate(said) if isinstance(said, Message) else str(said)


def refusal_words(bp: Blueprint, err: Message | str) -> str:
    """The engine's refusal as one clause in a player's words, with the language's own
    punctuation (a caption puts it in brackets, so its colon reads as the engine wrote it)."""
    return in_player_words(bp, err)


def die_name(material: Material, value: int) -> str:
    """A die as a player names it: the material's word and the value ("glass 4")."""
    return _("{material} {value}", material=material_word(material), value=value)


def percent(x: float) -> str:
    """A chance 0..1 as a player reads it ("47%")."""
    return _("{percent}%", percent=round(100 * x))


_pct = percent


def signed(n: int) -> str:
    """A whole number with its sign, in the language's digits ("+4", "-2")."""
    return ("+" if n >= 0 else "") + number(n)


# A chance, VP or building points that move by less than these are not said (as ``ai.coach``).
_NOTABLE_WIN, _NOTABLE_VP, _NOTABLE_POINTS = 0.02, 0.05, 0.5
_LIKELY = 0.8


def move_words(state: GameState, player: int, action: int) -> str:
    """What a move does, said as a player would: "take the wood 5 onto the 2 at the top left",
    "take the wood 5 onto the glass 3 on the 1 at the bottom right", "discard the stone 2"."""
    k = A.decode(action)
    die = die_name(state.material(k.die), state.values[k.die])
    if k.kind is A.Kind.DISCARD:
        return _("discard the {die}", die=die)
    if k.kind is A.Kind.SET_ASIDE:
        return _("take the {die}, which fits nowhere (it leaves the round)", die=die)
    assert k.cell is not None  # a placement names its space
    bp = state.blueprints[player]
    stack = state.stacks[player][k.cell]
    where = space_name(bp, k.cell)
    if not stack:
        return _("take the {die} onto {space}", die=die, space=where)
    top = stack[-1]
    on = die_name(state.material(top), state.values[top])
    if len(stack) > 1:
        return _(
            "take the {die} onto the {top} (a stack of {height}) on {space}",
            die=die,
            top=on,
            height=len(stack),
            space=where,
        )
    return _("take the {die} onto the {top} on {space}", die=die, top=on, space=where)


def points_now(state: GameState, player: int, action: int) -> int | None:
    """The building points a placement adds to the player's building at once (the engine's
    scoring of the building before and after); None for a move that places nothing."""
    k = A.decode(action)
    if k.kind is not A.Kind.PLACE or k.cell is None:
        return None
    bp = state.blueprints[player]
    before = [
        tuple((int(state.material(d)), state.values[d]) for d in st) for st in state.stacks[player]
    ]
    after = list(before)
    after[k.cell] = before[k.cell] + ((int(state.material(k.die)), state.values[k.die]),)
    return score_building(bp, after).total - score_building(bp, before).total


def hint_words(state: GameState, player: int, hint: Hint, opponent: str | None = None) -> str:
    """One hint of the coach (``ai.coach.Hint``) as the table lists it: what the move does
    first ("take the wood 5 onto the 2 at the top left: +4 points now"), then what it changes
    by the round's end against the plain best-looking move ("chance to win 47% -> 57%"), when
    that is worth a word. Never just "the obvious move": every hint says what it does.
    ``opponent``: whom a discard keeps the die from (two players)."""
    said = move_words(state, player, hint.action)
    now = points_now(state, player, hint.action)
    if now is not None:
        first = (
            n_("{points} point now", "{points} points now", abs(now), points=signed(now))
            if now
            else _("no points now")
        )
    elif hint.kind == "discard":
        first = (
            _("{name} cannot take it", name=opponent) if opponent else _("nobody else can take it")
        )
    else:
        first = _("it still counts as one of your takes")
    # Then at most two changes, the biggest first: the chance of winning, an Award or a Prize;
    # the victory and building points only when no chance moves (a hint is read at a glance).
    later = []
    win = hint.win
    if win is not None and abs(win.after - win.before) >= _NOTABLE_WIN:
        later.append(
            _(
                "chance to win {before} -> {after}",
                before=percent(win.before),
                after=percent(win.after),
            )
        )
    for c in hint.changes[: 2 - len(later)]:
        name = title_word(c.name)
        if c.after >= _LIKELY > c.before:
            later.append(
                _(
                    "{name} likely {before} -> {after}",
                    name=name,
                    before=percent(c.before),
                    after=percent(c.after),
                )
            )
        else:
            later.append(
                _(
                    "{name} {before} -> {after}",
                    name=name,
                    before=percent(c.before),
                    after=percent(c.after),
                )
            )
    if not later and abs(hint.victory_points) >= _NOTABLE_VP:
        later.append(_("{vp} VP", vp=digits(f"{hint.victory_points:+.1f}")))
    if not later and abs(hint.building_points) >= _NOTABLE_POINTS:
        pts = hint.building_points
        later.append(
            n_(
                "{points} point by the round's end",
                "{points} points by the round's end",
                1 if round(abs(pts), 1) == 1 else 2,
                points=digits(f"{pts:+.1f}"),
            )
        )
    if later:
        return _("{move}: {effect}; {changes}", move=said, effect=first, changes=join_list(later))
    return _("{move}: {effect}", move=said, effect=first)


def die_reason(d: DiePoints, n_green: int, height: int) -> str:
    """Why a die scores what it does: explain_building's reasons, said in the player's language
    (``n_green``: the building's recycled dice; ``height``: the die's stack)."""
    if d.material == Material.WOOD:
        return n_(
            "wood touching {n} die: +{each} each",
            "wood touching {n} dice: +{each} each",
            len(d.touching),
            each=WOOD_PER_NEIGHBOUR,
        )
    if d.material == Material.RECYCLED:
        if n_green > 1:
            return _(
                "one of {n} recycled dice: {points} for the set",
                n=n_green,
                points=recycled_points(n_green),
            )
        return _("a single recycled die: {points} for the set", points=recycled_points(n_green))
    if d.material == Material.STONE:
        return _("stone on level {level}", level=d.level + 1)
    if d.level + 1 < height:
        return _("glass showing {value} (covered, still counts)", value=d.value)
    return _("glass showing {value}", value=d.value)
