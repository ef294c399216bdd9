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
# The space and die words are the one place's (presentation/words.py); the demos import them here.
from blueprints3d.presentation.words import and_list as and_list, in_player_words as in_player_words
from blueprints3d.presentation.words import refusal_words as refusal_words, space_name as space_name
from blueprints3d.presentation.words import space_names as space_names, where_on_card as where_on_card
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

