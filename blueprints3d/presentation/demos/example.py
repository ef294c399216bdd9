"""The rulebook's worked example (p. 5): A and B both score 23; in-demand materials break the tie."""

from __future__ import annotations

from blueprints3d.presentation.demos.common import (G, R, S, W, context, describe_building, placement_words, points_marks,
                                             score_line, slots_of)
from blueprints3d.presentation.demos.tasks import silver_task
from blueprints3d.presentation.scene import BuildingView, Demo, Die, Mark, Step, Tone, stacks_of
from blueprints3d.engine.awards import AWARDS_BY_PLAYERS, give_awards
from blueprints3d.engine.blueprints import Blueprint, card_by_id
from blueprints3d.engine.materials import Material
from blueprints3d.engine.scoring import score_building
from blueprints3d.text import plural

NAMES = ("A", "B")
A_CARD = Blueprint.from_grid([[1, "X"], [2, 1], [2, "X"]], id="A", name="Player A's card")
A_ROWS: list[list[list[Die]]] = [[[(R, 5)], []], [[(G, 2), (R, 4)], [(R, 6)]], [[(G, 1), (W, 3)], []]]
B_ROWS: list[list[list[Die]]] = [[[(R, 1), (S, 2)], [(W, 3)]], [[(R, 2)], [(W, 4), (R, 5)]], [[], []]]
IN_DEMAND = (Material.RECYCLED, Material.STONE)
TURN_ORDER = (1, 0)  # B starts, so A is later: the last tie rule would favour A


def build() -> Demo:
    bps = (A_CARD, card_by_id("B07"))
    stacks = (stacks_of(A_ROWS), stacks_of(B_ROWS))
    sc = [score_building(bp, st) for bp, st in zip(bps, stacks)]
    ctx = context(IN_DEMAND, TURN_ORDER, stacks)
    awards = give_awards(sc, ctx, NAMES)
    (award, placement), = awards.items()  # two players: one award
    assert award in AWARDS_BY_PLAYERS[2]

    def view(p: int, marks) -> BuildingView:
        return BuildingView(f"Player {NAMES[p]}", bps[p], stacks[p], die_marks=marks,
                            footer=plural(sc[p].total, "point"))

    a, b = sc
    steps = [
        Step(f"Player A {'follows' if a.blueprint else 'deviates from'} the blueprint ({a.blueprint}) and has "
             f"{describe_building(bps[0], stacks[0])}, so {score_line(a)}.",
             (view(0, points_marks(bps[0], stacks[0])),), facts={"score": a}),
        Step(f"Player B {'follows' if b.blueprint else 'deviates from'} the blueprint ({b.blueprint}) and has "
             f"{describe_building(bps[1], stacks[1])}, so {score_line(b)}.",
             (view(1, points_marks(bps[1], stacks[1])),), facts={"score": b}),
    ]
    first, second = IN_DEMAND
    both = tuple(view(p, {}) for p in range(2))
    steps.append(Step(
        f"Both buildings score {a.total}: a tie. Ties go to the building with more dice of the first "
        f"in-demand material, {first.colour} ({first.label}).",
        both, in_demand=IN_DEMAND, facts={"totals": (a.total, b.total)}))
    green = tuple(BuildingView(v.title, v.blueprint, v.stacks, footer=v.footer,
                               die_marks={s: Mark(f"{first.colour}, 1st in demand", Tone.FOCUS, glow=False) for s in slots_of(st, first)})
                  for v, st in zip(both, stacks))
    counts = [ctx.tie_key(p) for p in range(2)]
    steps.append(Step(
        f"{first.colour.capitalize()} is first in demand. A has {counts[0][0]} and B has {counts[1][0]}, "
        f"so they are still tied.", green, in_demand=IN_DEMAND, facts={"first": (counts[0][0], counts[1][0])}))
    black = tuple(BuildingView(v.title, v.blueprint, v.stacks, footer=v.footer,
                               die_marks={s: Mark(f"{second.colour}, 2nd in demand", Tone.FOCUS, glow=False) for s in slots_of(st, second)})
                  for v, st in zip(both, stacks))
    steps.append(Step(
        f"{second.colour.capitalize()} is second in demand. A has {counts[0][1]} and B has {counts[1][1]}. "
        f"{award.value.capitalize()} goes to {placement_words(NAMES, placement)}.",
        black, in_demand=IN_DEMAND,
        facts={"second": (counts[0][1], counts[1][1]), "winner": NAMES[placement.player],
               "award": award, "reason": placement.reason, "ties": placement.ties}))
    steps.append(silver_task(
        f"Try it yourself: B wins the tie. Give Player A one more die so that A takes the Silver. "
        f"Careful: A's building matches its blueprint exactly, worth {a.blueprint}.",
        bps, stacks, ((int(S), 6), (int(R), 5)), 0, NAMES, IN_DEMAND, TURN_ORDER))
    return Demo("example", "The rulebook's example (p. 5)",
                "A and B both reach 23; the in-demand materials break the tie", tuple(steps))
