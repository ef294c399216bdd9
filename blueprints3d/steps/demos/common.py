"""Helpers the demonstrations share: per-die point labels, score lines, tie contexts.

Every number here comes from the engine (``score_building``, ``explain_building``, the award
functions); these helpers only turn its answers into marks and words.
"""

from __future__ import annotations

from typing import Sequence

from blueprints3d.steps.scene import Die, Mark, Slot, Stack, Tone
from blueprints3d.engine.awards import RoundContext
from blueprints3d.engine.blueprints import Blueprint
from blueprints3d.engine.materials import Material
from blueprints3d.engine.scoring import Score, explain_building, score_building

W, R, S, G = Material.WOOD, Material.RECYCLED, Material.STONE, Material.GLASS


def points_marks(bp: Blueprint, stacks: Sequence[Stack], tone: Tone | None = None) -> dict[Slot, Mark]:
    """A "+N" label on every die that scores on its own; green dice, which score as a set, say so."""
    out: dict[Slot, Mark] = {}
    for d in explain_building(bp, stacks):
        if d.material is Material.RECYCLED:
            out[(d.cell, d.level)] = Mark("green", tone)  # the set's points are in the caption
        else:
            out[(d.cell, d.level)] = Mark(f"+{d.points}", tone)
    return out


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


def die_name(die: Die) -> str:
    m, v = die
    return f"{Material(m).colour} {v}"


def describe_building(bp: Blueprint, stacks: Sequence[Stack]) -> str:
    """What scored, in words built from ``explain_building`` and ``score_building``: e.g.
    "one wood die touching 2 dice (4), 3 green dice (10), glass dice showing 1 and 2 (3)"."""
    score = score_building(bp, stacks)
    dice = explain_building(bp, stacks)
    parts = []
    wood = [d for d in dice if d.material is Material.WOOD]
    if wood:
        touching = " and ".join(str(d.points // 2) for d in wood)
        parts.append(f"{_count(len(wood))} wood {'die' if len(wood) == 1 else 'dice'} touching {touching} "
                     f"dice ({score.wood})")
    greens = sum(1 for d in dice if d.material is Material.RECYCLED)
    if greens:
        parts.append(f"{_count(greens)} green {'die' if greens == 1 else 'dice'} ({score.recycled})")
    stone = [d for d in dice if d.material is Material.STONE]
    if stone:
        levels = " and ".join(str(d.level + 1) for d in stone)
        parts.append(f"{_count(len(stone))} stone {'die' if len(stone) == 1 else 'dice'} on level {levels} "
                     f"({score.stone})")
    glass = [d for d in dice if d.material is Material.GLASS]
    if glass:
        shows = " and ".join(str(d.value) for d in glass)
        parts.append(f"{_count(len(glass))} glass {'die' if len(glass) == 1 else 'dice'} showing {shows} "
                     f"({score.glass})")
    return ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1] if parts else "no dice"


def _count(n: int) -> str:
    return ("no", "one", "two", "three", "four", "five", "six")[n] if n <= 6 else str(n)
