"""Helpers the demonstrations share: per-die point labels, score lines, tie contexts.

Every number here comes from the engine (``score_building``, ``explain_building``, the award
functions); these helpers only turn its answers into marks and words.
"""

from __future__ import annotations

from typing import Sequence

from blueprints3d.presentation.scene import Mark, Slot, Stack, Tone
from blueprints3d.engine.awards import RoundContext
from blueprints3d.engine.blueprints import Blueprint
from blueprints3d.engine.materials import Material
from blueprints3d.engine.scoring import Score, explain_building, score_building
from blueprints3d.text import number_word, plural

W, R, S, G = Material.WOOD, Material.RECYCLED, Material.STONE, Material.GLASS


def points_marks(bp: Blueprint, stacks: Sequence[Stack], tone: Tone | None = None) -> dict[Slot, Mark]:
    """A label on every die saying what it scores and why ("+4 wood, 2 touching", "+3 glass",
    "+5 stone, level 3"); green dice, which score as a set, say which of the set each is
    ("green 1 of 3", "green 2 of 3"...: not the same words on every one)."""
    out: dict[Slot, Mark] = {}
    explained = explain_building(bp, stacks)
    greens = [(d.cell, d.level) for d in explained if d.material is Material.RECYCLED]
    for d in explained:
        slot = (d.cell, d.level)
        text = (green_label(greens.index(slot) + 1, len(greens)) if d.material is Material.RECYCLED
                else die_points_label(d.material, d.points, d.level))
        out[slot] = Mark(text, tone)
    return out


def green_label(k: int, n: int) -> str:
    """The label of the ``k``-th of a building's ``n`` green dice (the set's points are in the
    caption: green dice score together)."""
    return f"green {k} of {n}"


def die_points_label(material: Material, points: int, level: int) -> str:
    """What one die's label says it counts: the engine's points, and the material's reason."""
    if material is Material.RECYCLED:
        return "green, one of a set"  # the set's points are in the caption
    if material is Material.WOOD:
        return f"+{points} wood, {plural(points // 2, 'neighbour')}"
    if material is Material.STONE:
        return f"+{points} stone, level {level + 1}"
    return f"+{points} glass, shows {points}"


# Where a space is on the card, as a player says it ("top left"), by the card's shape.
_ROW_WORDS = {1: ("",), 2: ("top", "bottom"), 3: ("top", "middle", "bottom"),
              4: ("top", "second", "third", "bottom")}
_COL_WORDS = {1: ("",), 2: ("left", "right"), 3: ("left", "centre", "right")}


def where_on_card(bp: Blueprint, cell: int) -> str:
    """"top left", "middle right", "centre": the space's place as the card lies in front of you."""
    row, col = divmod(cell, bp.cols)
    r = _ROW_WORDS.get(bp.rows, ())[row] if bp.rows in _ROW_WORDS else f"row {row + 1}"
    c = _COL_WORDS.get(bp.cols, ())[col] if bp.cols in _COL_WORDS else f"column {col + 1}"
    if r == "middle" and c == "centre":
        return "centre"
    return " ".join(w for w in (r, c) if w) or "centre"


def space_name(bp: Blueprint, cell: int) -> str:
    """A space by what is printed on it and where it is: "the 2 at the top left",
    "the hatched space at the middle left" (never the engine's row and column)."""
    h = bp.heights[cell]
    printed = "hatched space" if h is None else str(h)
    return f"the {printed} at the {where_on_card(bp, cell)}"


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
        text = text.replace(f"at {engine}", f"at the {where} ({printed})")
        text = text.replace(engine, space_name(bp, cell))
    return text


def refusal_words(bp: Blueprint, err: str) -> str:
    """The engine's refusal as one clause in a player's words (its colon becomes a semicolon, so
    a caption never strings two colons together)."""
    return in_player_words(bp, err).replace(": ", "; ")


def and_list(items: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def sentence(text: str) -> str:
    """``text`` with a capital first letter and one full stop at the end."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def placement_words(names: Sequence[str], placement) -> str:
    """Who an Award or Prize went to and, when there was a tie, why (the engine's tie words):
    "Ben, tied with Ada (both have 2 green; Ben has more black ...)"."""
    who = names[placement.player]
    return who + (", tied with " + and_list(list(placement.ties)) if placement.ties else "")


def score_line(score: Score) -> str:
    """"23 = bonus 6 + wood 4 + ..." listing only the categories that scored."""
    parts = [f"{name} {getattr(score, name)}" for name in ("blueprint", "wood", "recycled", "stone", "glass")
             if getattr(score, name)]
    return f"{score.total} = " + " + ".join(parts) if parts else "0"


def material_counts(stacks: Sequence[Stack]) -> tuple[int, int, int, int]:
    c = [0, 0, 0, 0]
    for st in stacks:
        for m, _ in st:
            c[m] += 1
    return (c[0], c[1], c[2], c[3])


def context(in_demand: tuple[Material, Material], turn_order: Sequence[int],
            buildings: Sequence[Sequence[Stack]]) -> RoundContext:
    """The tie rule's inputs for staged buildings, as the engine builds them after a round."""
    return RoundContext(in_demand, tuple(turn_order), tuple(material_counts(b) for b in buildings))


def scores(bps: Sequence[Blueprint], buildings: Sequence[Sequence[Stack]]) -> list[Score]:
    return [score_building(bp, st) for bp, st in zip(bps, buildings)]


def slots_of(stacks: Sequence[Stack], material: Material) -> list[Slot]:
    return [(c, lv) for c, st in enumerate(stacks) for lv, (m, _) in enumerate(st) if m == material]


def describe_building(bp: Blueprint, stacks: Sequence[Stack]) -> str:
    """What scored, in words built from ``explain_building`` and ``score_building``: e.g.
    "one wood die touching 2 dice (4), 3 green dice (10), glass dice showing 1 and 2 (3)"."""
    score = score_building(bp, stacks)
    dice = explain_building(bp, stacks)
    parts = []
    wood = [d for d in dice if d.material is Material.WOOD]
    if wood:
        touching = " and ".join(str(d.points // 2) for d in wood)
        many = "die" if len(wood) == 1 and wood[0].points // 2 == 1 else "dice"
        parts.append(f"{number_word(len(wood))} wood {'die' if len(wood) == 1 else 'dice'} touching {touching} "
                     f"{many} ({score.wood})")
    greens = sum(1 for d in dice if d.material is Material.RECYCLED)
    if greens:
        parts.append(f"{number_word(greens)} green {'die' if greens == 1 else 'dice'} ({score.recycled})")
    stone = [d for d in dice if d.material is Material.STONE]
    if stone:
        levels = " and ".join(str(d.level + 1) for d in stone)
        parts.append(f"{number_word(len(stone))} stone {'die' if len(stone) == 1 else 'dice'} on "
                     f"{'level' if len(stone) == 1 else 'levels'} {levels} "
                     f"({score.stone})")
    glass = [d for d in dice if d.material is Material.GLASS]
    if glass:
        shows = " and ".join(str(d.value) for d in glass)
        parts.append(f"{number_word(len(glass))} glass {'die' if len(glass) == 1 else 'dice'} showing {shows} "
                     f"({score.glass})")
    return ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1] if parts else "no dice"

