"""Scoring a finished round: every building scored, Awards and Prizes given, one RoundResult.

Takes the round as the state holds it (die ids per cell, one value per die) and gives back the
immutable record of it; the state then hands out the cards and deals the next round.
"""

from __future__ import annotations

from collections.abc import Sequence

from blueprints3d.engine.awards import RoundContext, give_awards, give_prizes
from blueprints3d.engine.blueprints import Blueprint
from blueprints3d.engine.materials import MATERIAL_OF, Material
from blueprints3d.engine.results import RoundResult
from blueprints3d.engine.scoring import score_building


def score_round(
    round_number: int,
    blueprints: Sequence[Blueprint],
    stacks: Sequence[Sequence[Sequence[int]]],
    set_aside: Sequence[Sequence[int]],
    values: Sequence[int],
    in_demand: tuple[int, int],
    turn_order: Sequence[int],
    names: Sequence[str],
) -> RoundResult:
    """The round's result; ``stacks[player][cell]`` are die ids bottom to top and
    ``in_demand`` the two scoreboard dice."""
    n = len(blueprints)
    v, mat = values, MATERIAL_OF
    # List comprehensions inside tuple(): faster than generator expressions on this per-round path.
    buildings = [tuple([tuple([(mat[d], v[d]) for d in st]) for st in b]) for b in stacks]
    scores = [score_building(blueprints[p], buildings[p]) for p in range(n)]
    counts: list[tuple[int, int, int, int]] = []
    for b in stacks:
        c = [0, 0, 0, 0]
        for st in b:
            for d in st:
                c[MATERIAL_OF[d]] += 1
        counts.append((c[0], c[1], c[2], c[3]))
    demand = (Material(MATERIAL_OF[in_demand[0]]), Material(MATERIAL_OF[in_demand[1]]))
    ctx = RoundContext(demand, tuple(turn_order), tuple(counts))
    return RoundResult(
        round=round_number,
        in_demand=ctx.in_demand,
        turn_order=ctx.turn_order,
        blueprints=tuple(blueprints),
        buildings=tuple(buildings),
        set_aside=tuple([tuple([(mat[d], v[d]) for d in sa]) for sa in set_aside]),
        scores=tuple(scores),
        awards=give_awards(scores, ctx, names),
        prizes=give_prizes(scores, ctx, names),
        stacks=tuple([tuple(map(tuple, b)) for b in stacks]),
        set_aside_dice=tuple(map(tuple, set_aside)),
        values=tuple(values),
    )
