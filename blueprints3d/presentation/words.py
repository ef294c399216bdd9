"""How a space, a die and a move are named to a player: the one place that says it.

A space is named by what is printed on it and where it lies on the card as the player sees it
("the 2 at the top left", "the hatched space at the middle left"), never by the engine's "row 3,
column 2"; a die by its material, in the engine's word for it (``Material.label``: "wood",
"recycled", "stone", "glass"), and its value ("the glass 4"). The table's refusals (the engine's
``placement_error`` and ``IllegalAction`` words, through ``client/table/flow.py``), the coach's
hints (``client/table/coach_view.py``), the tutorial and the demonstrations all say it with
these functions. No Panda3D: the words are checked headless.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from blueprints3d.engine import actions as A
from blueprints3d.engine.blueprints import Blueprint
from blueprints3d.engine.materials import Material
from blueprints3d.engine.scoring import score_building

if TYPE_CHECKING:
    from blueprints3d.ai.coach import Hint
    from blueprints3d.engine.state import GameState

# Where a space is on the card, as a player says it ("top left"), by the card's shape.
_ROW_WORDS = {1: ("",), 2: ("top", "bottom"), 3: ("top", "middle", "bottom"),
              4: ("top", "second", "third", "bottom")}
_COL_WORDS = {1: ("",), 2: ("left", "right"), 3: ("left", "centre", "right")}
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def where_on_card(bp: Blueprint, cell: int) -> str:
    """"top left", "middle right", "centre": the space's place as the card lies in front of you
    (a bigger custom card: "third row, second from the left")."""
    row, col = divmod(cell, bp.cols)
    if bp.rows in _ROW_WORDS and bp.cols in _COL_WORDS:
        r, c = _ROW_WORDS[bp.rows][row], _COL_WORDS[bp.cols][col]
        if r == "middle" and c == "centre":
            return "centre"
        return " ".join(w for w in (r, c) if w) or "centre"
    r = "top row" if row == 0 else "bottom row" if row == bp.rows - 1 else f"{_ORDINALS[row]} row"
    if bp.cols in _COL_WORDS:
        c = _COL_WORDS[bp.cols][col]
        return f"{r}, {c}" if c else r
    c = "far left" if col == 0 else "far right" if col == bp.cols - 1 else f"{_ORDINALS[col]} from the left"
    return f"{r}, {c}"


def space_name(bp: Blueprint, cell: int) -> str:
    """A space by what is printed on it and where it is: "the 2 at the top left",
    "the hatched space at the middle left" (never the engine's row and column)."""
    h = bp.heights[cell]
    printed = "hatched space" if h is None else str(h)
    return f"the {printed} at the {where_on_card(bp, cell)}"


def and_list(items: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def space_names(bp: Blueprint, cells: Sequence[int]) -> str:
    return and_list([space_name(bp, c) for c in cells])


def in_player_words(bp: Blueprint, text: str) -> str:
    """The engine's sentence with its "row N, column M" names replaced by a player's words:
    "at the middle right (the space marked 2)", "the middle left space is hatched"."""
    for cell in range(bp.num_cells):
        engine = bp.cell_name(cell)
        if engine not in text:
            continue
        where = where_on_card(bp, cell)
        h = bp.heights[cell]
        printed = "the hatched space" if h is None else f"the space marked {h}"
        text = text.replace(f"{engine} is hatched", f"the {where} space is hatched")
        text = text.replace(f"(at {engine})", f"({space_name(bp, cell)})")
        text = text.replace(f"at {engine}", f"at the {where} ({printed})")
        text = text.replace(engine, space_name(bp, cell))
    return text


def refusal_words(bp: Blueprint, err: str) -> str:
    """The engine's refusal as one clause in a player's words (its colon becomes a semicolon, so
    a caption never strings two colons together)."""
    return in_player_words(bp, err).replace(": ", "; ")


def die_name(material: Material, value: int) -> str:
    """A die as a player names it: the engine's material word and the value ("glass 4")."""
    return f"{material.label} {value}"


def _pct(x: float) -> str:
    return f"{round(100 * x)}%"


# A chance, VP or building points that move by less than these are not said (as ``ai.coach``).
_NOTABLE_WIN, _NOTABLE_VP, _NOTABLE_POINTS = 0.02, 0.05, 0.5
_LIKELY = 0.8


def move_words(state: GameState, player: int, action: int) -> str:
    """What a move does, said as a player would: "take the wood 5 onto the 2 at the top left",
    "take the wood 5 onto the glass 3 on the 1 at the bottom right", "discard the stone 2"."""
    k = A.decode(action)
    die = f"the {die_name(state.material(k.die), state.values[k.die])}"
    if k.kind is A.Kind.DISCARD:
        return f"discard {die}"
    if k.kind is A.Kind.SET_ASIDE:
        return f"take {die}, which fits nowhere (it leaves the round)"
    assert k.cell is not None  # a placement names its space
    bp = state.blueprints[player]
    stack = state.stacks[player][k.cell]
    where = space_name(bp, k.cell)
    if not stack:
        return f"take {die} onto {where}"
    top = stack[-1]
    on = f"the {die_name(state.material(top), state.values[top])}"
    if len(stack) > 1:
        on += f" (a stack of {len(stack)})"
    return f"take {die} onto {on} on {where}"


def points_now(state: GameState, player: int, action: int) -> int | None:
    """The building points a placement adds to the player's building at once (the engine's
    scoring of the building before and after); None for a move that places nothing."""
    k = A.decode(action)
    if k.kind is not A.Kind.PLACE or k.cell is None:
        return None
    bp = state.blueprints[player]
    before = [tuple((int(state.material(d)), state.values[d]) for d in st) for st in state.stacks[player]]
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
        first = f"{now:+d} {'point' if abs(now) == 1 else 'points'} now" if now else "no points now"
    elif hint.kind == "discard":
        first = f"{opponent} cannot take it" if opponent else "nobody else can take it"
    else:
        first = "it still counts as one of your takes"
    # Then at most two changes, the biggest first: the chance of winning, an Award or a Prize;
    # the victory and building points only when no chance moves (a hint is read at a glance).
    later = []
    win = hint.win
    if win is not None and abs(win.after - win.before) >= _NOTABLE_WIN:
        later.append(f"chance to win {_pct(win.before)} -> {_pct(win.after)}")
    for c in hint.changes[:2 - len(later)]:
        likely = " likely" if c.after >= _LIKELY > c.before else ""
        later.append(f"{c.name}{likely} {_pct(c.before)} -> {_pct(c.after)}")
    if not later and abs(hint.victory_points) >= _NOTABLE_VP:
        later.append(f"{hint.victory_points:+.1f} VP")
    if not later and abs(hint.building_points) >= _NOTABLE_POINTS:
        pts = hint.building_points
        later.append(f"{pts:+.1f} {'point' if round(abs(pts), 1) == 1 else 'points'} by the round's end")
    return f"{said}: {first}" + (f"; {', '.join(later)}" if later else "")
