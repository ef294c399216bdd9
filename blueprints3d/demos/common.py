"""Helpers the demonstrations share: per-die point labels, score lines, tie contexts.

Every number here comes from the engine (``score_building``, ``explain_building``, the award
functions); these helpers only turn its answers into marks and words.
"""

from __future__ import annotations

from typing import Sequence

from blueprints3d.demos.scene import Die, Mark, Slot, Stack, Tone
from blueprints3d.engine.awards import RoundContext
from blueprints3d.engine.blueprints import Blueprint
from blueprints3d.engine.materials import Material
from blueprints3d.engine.scoring import Score, explain_building, score_building

W, R, S, G = Material.WOOD, Material.RECYCLED, Material.STONE, Material.GLASS


def points_marks(bp: Blueprint, stacks: Sequence[Stack], tone: Tone | None = None) -> dict[Slot, Mark]:
    """A "+N" label on every die that scores on its own; green dice show their set's share."""
    out: dict[Slot, Mark] = {}
    greens = sum(1 for st in stacks for m, _ in st if m == Material.RECYCLED)
    for d in explain_building(bp, stacks):
        if d.material is Material.RECYCLED:
            out[(d.cell, d.level)] = Mark(f"{greens} green", tone)
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
