"""Awards by player count, each Prize, and the tie rules (pp. 4-5), as the engine gives them."""

from __future__ import annotations

from typing import Sequence

from blueprints3d.presentation.demos.common import G, R, S, W, and_list, context, placement_words, scores, slots_of
from blueprints3d.presentation.demos.tasks import TASK, Task, placement_answer, silver_task
from blueprints3d.presentation.scene import BuildingView, Demo, Mark, Slot, Stack, Step, Tone, stacks_of
from blueprints3d.engine.awards import AWARDS_BY_PLAYERS, Award, give_awards, give_prizes
from blueprints3d.engine.blueprints import Blueprint, card_by_id
from blueprints3d.engine.materials import Material
from blueprints3d.engine.rules import PRIZE_VP, vp_text
from blueprints3d.engine.scoring import PRIZE_RULES, Prize, score_building
from blueprints3d.text import plural

NAMES = ("Ada", "Ben", "Cleo", "Dev")
IN_DEMAND = (Material.RECYCLED, Material.STONE)


def _flat() -> Blueprint:
    return card_by_id("B01")  # Row Houses: six spaces of 1


# Four buildings of clearly different scores on the same flat card.
RANKED_ROWS = [
    [[[(R, 1)], [(R, 2)]], [[(R, 3)], [(W, 4)]], [[(G, 6)], [(G, 5)]]],
    [[[(S, 1)], [(R, 2)]], [[(W, 3)], [(W, 4)]], [[(G, 5)], [(G, 2)]]],
    [[[(S, 1)], [(S, 2)]], [[(G, 3)], [(W, 4)]], [[(G, 1)], [(R, 2)]]],
    [[[(S, 1)], [(S, 2)]], [[(G, 1)], [(R, 4)]], [[(G, 1)], []]],
]


def _award_steps() -> list[Step]:
    bp = _flat()
    builds = [stacks_of(r) for r in RANKED_ROWS]
    steps = []
    for n in (4, 3, 2):
        sc = scores([bp] * n, builds[:n])
        ctx = context(IN_DEMAND, tuple(range(n)), builds[:n])
        got = give_awards(sc, ctx, NAMES[:n])
        by_player = {pl.player: a for a, pl in got.items()}
        views = tuple(BuildingView(
            NAMES[p], bp, builds[p],
            cell_marks={c: Mark("", Tone.GOOD) for c in range(bp.num_cells)} if p in by_player else {},
            footer=plural(sc[p].total, "point") + (f" - {by_player[p].value.upper()} ({by_player[p].victory_points} VP)"
                                               if p in by_player else ""))
            for p in range(n))
        given = and_list([f"{a.value.capitalize()} ({a.victory_points} VP) to {NAMES[pl.player]}"
                          for a, pl in got.items()])
        in_play = [a.value.capitalize() for a in AWARDS_BY_PLAYERS[n]]
        caption = (f"{n} players: {'the Awards in play are ' + and_list(in_play) if len(in_play) > 1 else 'the only Award in play is ' + in_play[0]}. "
                   f"Ranked by building score, they go {given}."
                   + (f" The {'lowest building gets' if n - len(got) == 1 else 'lower buildings get'} nothing."
                      if n > len(got) else ""))
        steps.append(Step(caption, views, facts={"players": n, "awards": {a: pl.player for a, pl in got.items()},
                                                 "totals": [s.total for s in sc]}))
    return steps


# One building for each Prize, and which dice earn it.
PRIZE_ROWS: dict[Prize, list] = {
    Prize.SKYSCRAPER: [[[], []], [[(S, 1), (R, 2), (W, 3), (G, 4), (R, 6)], []], [[(G, 6)], []]],
    Prize.GEOMETER: [[[(G, 1)], [(R, 2)]], [[(W, 3)], [(S, 4)]], [[(G, 5)], [(R, 6)]]],
    Prize.STRUCTURAL_INTEGRITY: [[[(G, 4)], [(R, 4)]], [[(W, 4)], [(S, 4)]], [[(G, 1)], []]],
    Prize.MATERIALS: [[[(W, 1)], [(W, 2)]], [[(W, 2)], [(W, 5)]], [[(W, 6)], [(G, 3)]]],
}


def _prize_dice(prize: Prize, stacks: Sequence[Stack]) -> list[Slot]:
    """The dice to light up for a Prize (display only; the engine decides who qualifies)."""
    every = [(c, lv) for c, st in enumerate(stacks) for lv in range(len(st))]
    if prize is Prize.SKYSCRAPER:
        tall = max(range(len(stacks)), key=lambda c: len(stacks[c]))
        return [(tall, lv) for lv in range(len(stacks[tall]))]
    if prize is Prize.STRUCTURAL_INTEGRITY:
        vals = [stacks[c][lv][1] for c, lv in every]
        common = max(set(vals), key=vals.count)
        return [s for s in every if stacks[s[0]][s[1]][1] == common]
    if prize is Prize.MATERIALS:
        mats = [stacks[c][lv][0] for c, lv in every]
        return slots_of(stacks, Material(max(set(mats), key=mats.count)))
    return every


def _prize_steps() -> list[Step]:
    bp = _flat()
    steps = []
    for prize, rows in PRIZE_ROWS.items():
        st = stacks_of(rows)
        score = scores([bp], [st])[0]
        qualifies = prize in score.prizes
        marks = {s: Mark("", Tone.FOCUS) for s in _prize_dice(prize, st)}
        others = [p.title for p in Prize if p in score.prizes and p is not prize]
        caption = (f"{prize.title} ({vp_text(PRIZE_VP)}) is for {PRIZE_RULES[prize]}. This building "
                   f"{'qualifies' if qualifies else 'does not qualify'}"
                   + (f" (and for {and_list(others)} too)" if others else "")
                   + ". Each Prize goes to at most one building per round.")
        steps.append(Step(caption, (BuildingView(prize.title, bp, st, die_marks=marks,
                                                 footer=plural(score.total, "point")),),
                          facts={"prize": prize, "qualifies": qualifies}))
    # Two buildings qualify for the Skyscraper: the tie rule decides, not the building score.
    a = stacks_of(PRIZE_ROWS[Prize.SKYSCRAPER])
    b = stacks_of([[[], [(S, 2)]], [[], [(R, 1), (R, 2), (S, 3), (W, 4), (W, 5)]], [[], []]])
    sc = scores([bp, bp], [a, b])
    ctx = context(IN_DEMAND, (0, 1), [a, b])
    got = give_prizes(sc, ctx, NAMES[:2])
    win = got.get(Prize.SKYSCRAPER)
    assert win is not None  # two buildings qualify: one of them takes it
    views = tuple(BuildingView(NAMES[p], bp, st, die_marks={s: Mark("", Tone.FOCUS) for s in _prize_dice(Prize.SKYSCRAPER, st)},
                               footer=plural(sc[p].total, "point") + (" - SKYSCRAPER" if win and win.player == p else ""))
                  for p, st in enumerate((a, b)))
    caption = (f"Both buildings have a stack of 5, but there is one Skyscraper. Building score plays no part "
               f"({sc[0].total} against {sc[1].total}); the tie rule does. The Skyscraper goes to "
               f"{placement_words(NAMES, win)}.")
    steps.append(Step(caption, views, in_demand=IN_DEMAND,
                      facts={"winner": win.player, "reason": win.reason, "ties": win.ties, "totals": [s.total for s in sc]}))
    return steps


# Ties (Awards and Prizes alike): first in-demand colour, then second, then later in turn order.
TIE_CASES = (
    ("more of the first in-demand colour",
     [[[(R, 1)], [(R, 2)]], [[(S, 3)], [(S, 4)]], [[(G, 1)], [(G, 1)]]],
     [[[(R, 1)], [(S, 2)]], [[(S, 3)], [(S, 4)]], [[(G, 1)], [(G, 2)]]]),
    ("the same green, more of the second in-demand colour",
     [[[(R, 1)], [(R, 2)]], [[(S, 3)], [(S, 4)]], [[(G, 1)], [(G, 1)]]],
     [[[(R, 1)], [(R, 2)]], [[(S, 3)], [(G, 1)]], [[(G, 1)], [(G, 2)]]]),
    ("the same green and black, so the player later in turn order wins",
     [[[(R, 1)], [(R, 2)]], [[(S, 3)], [(S, 4)]], [[(G, 1)], [(G, 1)]]],
     [[[(R, 3)], [(R, 5)]], [[(S, 1)], [(S, 6)]], [[(G, 1)], [(G, 1)]]]),
)


def _tie_steps() -> list[Step]:
    bp = _flat()
    first, second = IN_DEMAND
    steps = [Step(f"Ties for Awards and Prizes alike: more dice of the first in-demand colour "
                  f"({first.colour}) wins; then more of the second ({second.colour}); then the player "
                  f"who was later in the round's turn order. Building score is never a tie-break for Prizes.",
                  (), in_demand=IN_DEMAND)]
    for label, ra, rb in TIE_CASES:
        builds = [stacks_of(ra), stacks_of(rb)]
        sc = scores([bp, bp], builds)
        ctx = context(IN_DEMAND, (0, 1), builds)
        got = give_awards(sc, ctx, NAMES[:2])
        silver = got[Award.SILVER]
        views = tuple(BuildingView(
            f"{NAMES[p]} ({'1st' if p == 0 else '2nd'} to play)", bp, st,
            die_marks={s: Mark(f"{m.colour}, {rank} in demand", Tone.FOCUS, glow=False)
                       for m, rank in zip(IN_DEMAND, ("1st", "2nd")) for s in slots_of(st, m)},
            footer=plural(sc[p].total, "point") + (" - SILVER" if silver.player == p else ""))
            for p, st in enumerate(builds))
        caption = (f"Tied at {sc[0].total}, decided by {label}. Silver goes to "
                   f"{placement_words(NAMES, silver)}.")
        steps.append(Step(caption, views, in_demand=IN_DEMAND,
                          facts={"totals": [s.total for s in sc], "winner": silver.player,
                                 "reason": silver.reason, "ties": silver.ties}))
    return steps


# Try-it buildings: one space left empty, so a die there completes the blueprint.
TRAILING_ROWS = [[[(S, 1)], [(R, 2)]], [[(W, 3)], [(W, 4)]], [[(G, 5)], []]]
TIE_TASK_ROWS = ([[[(R, 1)], [(R, 2)]], [[(S, 3)], [(S, 4)]], [[(G, 1)], []]],
                 [[[(R, 3)], [(R, 5)]], [[(S, 1)], [(S, 6)]], [[(G, 1)], [(G, 1)]]])


def build_awards() -> Demo:
    bp = _flat()
    builds = [stacks_of(RANKED_ROWS[2]), stacks_of(TRAILING_ROWS)]
    sc = scores([bp, bp], builds)
    task = silver_task(f"Try it yourself: two players, one Silver, and Dev trails Cleo {sc[1].total} to "
                       f"{sc[0].total}. Put a die on Dev's building so that Dev takes the Silver.",
                       [bp, bp], builds, ((int(S), 2), (int(G), 1)), 1, ("Cleo", "Dev"), IN_DEMAND)
    return Demo("awards", "Awards by player count",
                "Gold, Silver and Bronze with 4 players; Gold and Silver with 3; Silver alone with 2",
                tuple(_award_steps()) + (task,))


def _geometer_task() -> Step:
    bp = _flat()
    st = stacks_of([[[(G, 1)], [(R, 2)]], [[(W, 3)], [(S, 4)]], [[(G, 5)], []]])
    prompt = (f"Try it yourself: make this building qualify for Geometer ({PRIZE_RULES[Prize.GEOMETER]}).")
    view = BuildingView("Geometer?", bp, st, footer=plural(score_building(bp, st).total, "point"))
    base = Step(prompt, (view,), pool=((int(S), 3), (int(W), 6)), pool_label="Your dice")

    def judged(after: BuildingView, die, cell: int):
        sc = score_building(bp, after.stacks)
        values = sorted({v for stack in after.stacks for _, v in stack})
        if Prize.GEOMETER in sc.prizes:
            return True, (f"Yes: the building now shows {and_list([str(v) for v in values])}, so it "
                          f"qualifies for Geometer ({vp_text(PRIZE_VP)} if no one beats it on the tie rule)."), {}
        return False, (f"Not yet: the building shows only {and_list([str(v) for v in values])}. "
                       f"Geometer needs every value from 1 to 6."), {}

    return Step(prompt, (view,), pool=base.pool, pool_label=base.pool_label,
                facts={TASK: Task(prompt, 0, lambda k, c: placement_answer(
                    base, 0, k, c, judged, lambda v: plural(score_building(bp, v.stacks).total, "point")))})


def build_prizes() -> Demo:
    return Demo("prizes", "The four Prizes",
                "Skyscraper, Geometer, Structural Integrity, Materials, and two buildings after one Prize",
                tuple(_prize_steps()) + (_geometer_task(),))


def build_ties() -> Demo:
    bp = _flat()
    builds = [stacks_of(TIE_TASK_ROWS[0]), stacks_of(TIE_TASK_ROWS[1])]
    sc = scores([bp, bp], builds)
    task = silver_task(f"Try it yourself: Ben leads {sc[1].total} to {sc[0].total} and plays later in "
                       f"the round. Put one die on Ada's building so that Ada takes the Silver.",
                       [bp, bp], builds, ((int(G), 1), (int(W), 1)), 0, ("Ada", "Ben"), IN_DEMAND)
    return Demo("ties", "Breaking ties",
                "first in-demand colour, then the second, then later in turn order",
                tuple(_tie_steps()) + (task,))

