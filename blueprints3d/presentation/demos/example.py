"""The rulebook's worked example (p. 5): A and B both score 23; in-demand materials break the tie."""

from __future__ import annotations

from collections.abc import Sequence

from blueprints3d.presentation.demos.common import (
    G,
    R,
    S,
    W,
    context,
    describe_building,
    placement_words,
    points_marks,
    score_line,
    slots_of,
)
from blueprints3d.presentation.demos.tasks import silver_task
from blueprints3d.presentation.scene import (
    BuildingView,
    Demo,
    Die,
    Mark,
    Stack,
    Step,
    Tone,
    stacks_of,
)
from blueprints3d.engine.awards import (
    AWARDS_BY_PLAYERS,
    Award,
    Placement,
    RoundContext,
    give_awards,
)
from blueprints3d.engine.blueprints import Blueprint, card_by_id
from blueprints3d.engine.materials import Material
from blueprints3d.engine.scoring import score_building
from blueprints3d.i18n import _, n_
from blueprints3d.presentation.words import award_word, colour_word, material_word

NAMES = ("A", "B")
A_CARD = Blueprint.from_grid([[1, "X"], [2, 1], [2, "X"]], id="A", name="Player A's card")
A_ROWS: list[list[list[Die]]] = [
    [[(R, 5)], []],
    [[(G, 2), (R, 4)], [(R, 6)]],
    [[(G, 1), (W, 3)], []],
]
B_ROWS: list[list[list[Die]]] = [
    [[(R, 1), (S, 2)], [(W, 3)]],
    [[(R, 2)], [(W, 4), (R, 5)]],
    [[], []],
]
IN_DEMAND = (Material.RECYCLED, Material.STONE)
TURN_ORDER = (1, 0)  # B starts, so A is later: the last tie rule would favour A


def build() -> Demo:
    bps = (A_CARD, card_by_id("B07"))
    stacks = (stacks_of(A_ROWS), stacks_of(B_ROWS))
    sc = [score_building(bp, st) for bp, st in zip(bps, stacks, strict=True)]
    ctx = context(IN_DEMAND, TURN_ORDER, stacks)
    awards = give_awards(sc, ctx, NAMES)
    ((award, placement),) = awards.items()  # two players: one award
    assert award in AWARDS_BY_PLAYERS[2]

    def view(p: int, marks) -> BuildingView:
        return BuildingView(
            _("Player {name}", name=NAMES[p]),
            bps[p],
            stacks[p],
            die_marks=marks,
            footer=n_("{n} point", "{n} points", sc[p].total),
        )

    a, b = sc
    steps = [
        Step(
            _follows("A", a.blueprint, describe_building(bps[0], stacks[0]), score_line(a)),
            (view(0, points_marks(bps[0], stacks[0])),),
            facts={"score": a},
        ),
        Step(
            _follows("B", b.blueprint, describe_building(bps[1], stacks[1]), score_line(b)),
            (view(1, points_marks(bps[1], stacks[1])),),
            facts={"score": b},
        ),
    ]
    both = tuple(view(p, {}) for p in range(2))
    steps += _tie_break_steps(both, stacks, ctx, (a.total, b.total), award, placement)
    steps.append(
        silver_task(
            _(
                "Try it yourself: B wins the tie. Give Player A one more die so that A takes the Silver. "
                "Careful: A's building matches its blueprint exactly, worth {bonus}.",
                bonus=a.blueprint,
            ),
            bps,
            stacks,
            ((int(S), 6), (int(R), 5)),
            0,
            NAMES,
            IN_DEMAND,
            TURN_ORDER,
        )
    )
    return Demo(
        "example",
        _("The rulebook's example (p. 5)"),
        _("A and B both reach 23; the in-demand materials break the tie"),
        tuple(steps),
    )


def _tie_break_steps(
    both: tuple[BuildingView, ...],
    stacks: Sequence[Sequence[Stack]],
    ctx: RoundContext,
    totals: tuple[int, int],
    award: Award,
    placement: Placement,
) -> list[Step]:
    """The tie at equal totals, broken by the first in-demand material, then the second."""
    first, second = IN_DEMAND
    steps: list[Step] = []
    steps.append(
        Step(
            _(
                "Both buildings score {total}: a tie. Ties go to the building with more dice of the first "
                "in-demand material, {colour} ({material}).",
                total=totals[0],
                colour=colour_word(first),
                material=material_word(first),
            ),
            both,
            in_demand=IN_DEMAND,
            facts={"totals": totals},
        )
    )
    green = _marked(both, stacks, first, _("{colour}, 1st in demand", colour=colour_word(first)))
    counts = [ctx.tie_key(p) for p in range(2)]
    steps.append(
        Step(
            _(
                "{colour} is first in demand. A has {a} and B has {b}, so they are still tied.",
                colour=colour_word(first).capitalize(),
                a=counts[0][0],
                b=counts[1][0],
            ),
            green,
            in_demand=IN_DEMAND,
            facts={"first": (counts[0][0], counts[1][0])},
        )
    )
    black = _marked(both, stacks, second, _("{colour}, 2nd in demand", colour=colour_word(second)))
    steps.append(
        Step(
            _(
                "{colour} is second in demand. A has {a} and B has {b}. {award} goes to {who}.",
                colour=colour_word(second).capitalize(),
                a=counts[0][1],
                b=counts[1][1],
                award=award_word(award).capitalize(),
                who=placement_words(NAMES, placement),
            ),
            black,
            in_demand=IN_DEMAND,
            facts={
                "second": (counts[0][1], counts[1][1]),
                "winner": NAMES[placement.player],
                "award": award,
                "reason": placement.reason,
                "ties": placement.ties,
            },
        )
    )
    return steps


def _marked(
    both: tuple[BuildingView, ...],
    stacks: Sequence[Sequence[Stack]],
    material: Material,
    label: str,
) -> tuple[BuildingView, ...]:
    """The buildings with every die of ``material`` marked ``label``."""
    return tuple(
        BuildingView(
            v.title,
            v.blueprint,
            v.stacks,
            footer=v.footer,
            die_marks={s: Mark(label, Tone.FOCUS, glow=False) for s in slots_of(st, material)},
        )
        for v, st in zip(both, stacks, strict=True)
    )


def _follows(name: str, bonus: int, has: str, score: str) -> str:
    if bonus:
        return _(
            "Player {name} follows the blueprint ({bonus}) and has {has}, so {score}.",
            name=name,
            bonus=bonus,
            has=has,
            score=score,
        )
    return _(
        "Player {name} deviates from the blueprint ({bonus}) and has {has}, so {score}.",
        name=name,
        bonus=bonus,
        has=has,
        score=score,
    )
