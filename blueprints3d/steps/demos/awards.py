"""Awards by player count, each Prize, and the tie rules (pp. 4-5), as the engine gives them."""

from __future__ import annotations

from typing import Sequence

from blueprints3d.steps.demos.common import G, R, S, W, context, scores, slots_of
from blueprints3d.steps.scene import BuildingView, Demo, Mark, Slot, Stack, Step, Tone, stacks_of
from blueprints3d.engine.awards import AWARDS_BY_PLAYERS, Award, give_awards, give_prizes
from blueprints3d.engine.blueprints import Blueprint, card_by_id
from blueprints3d.engine.materials import Material
from blueprints3d.engine.rules import PRIZE_VP, vp_text
from blueprints3d.engine.scoring import PRIZE_RULES, Prize
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
        given = ", ".join(f"{a.value.capitalize()} ({a.victory_points} VP) to {NAMES[pl.player]}"
                          for a, pl in got.items())
        caption = (f"{n} players: the Awards in play are "
                   f"{', '.join(a.value.capitalize() for a in AWARDS_BY_PLAYERS[n])}. Ranked by building "
                   f"score, the engine gives {given}."
                   + (" The lower buildings get nothing." if n > len(got) else ""))
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
        sc = scores([bp], [st])[0]
        qualifies = prize in sc.prizes
        marks = {s: Mark("", Tone.FOCUS) for s in _prize_dice(prize, st)}
        caption = (f"{prize.title} ({vp_text(PRIZE_VP)}): {PRIZE_RULES[prize]}. The engine says this building "
                   f"{'qualifies' if qualifies else 'does not qualify'}"
                   f" (prizes it qualifies for: {', '.join(p.title for p in Prize if p in sc.prizes)}). "
                   f"Each Prize goes to at most one building per round.")
        steps.append(Step(caption, (BuildingView(prize.title, bp, st, die_marks=marks,
                                                 footer=plural(sc.total, "point")),),
                          facts={"prize": prize, "qualifies": qualifies}))
    # Two buildings qualify for the Skyscraper: the tie rule decides, not the building score.
    a = stacks_of(PRIZE_ROWS[Prize.SKYSCRAPER])
    b = stacks_of([[[], [(S, 2)]], [[], [(R, 1), (R, 2), (S, 3), (W, 4), (W, 5)]], [[], []]])
    sc = scores([bp, bp], [a, b])
    ctx = context(IN_DEMAND, (0, 1), [a, b])
    got = give_prizes(sc, ctx, NAMES[:2])
    win = got.get(Prize.SKYSCRAPER)
    views = tuple(BuildingView(NAMES[p], bp, st, die_marks={s: Mark("", Tone.FOCUS) for s in _prize_dice(Prize.SKYSCRAPER, st)},
                               footer=plural(sc[p].total, "point") + (" - SKYSCRAPER" if win and win.player == p else ""))
                  for p, st in enumerate((a, b)))
    caption = (f"Both buildings have a stack of 5, but there is one Skyscraper. Building score plays no part "
               f"({sc[0].total} against {sc[1].total}): the tie rule does. Engine: Skyscraper to "
               f"{NAMES[win.player]} - {win.reason}.")
    steps.append(Step(caption, views, in_demand=IN_DEMAND,
                      facts={"winner": win.player, "reason": win.reason, "totals": [s.total for s in sc]}))
    return steps


# Ties (Awards and Prizes alike): first in-demand colour, then second, then later in turn order.
TIE_CASES = (
    ("more of the first in-demand colour",
     [[[(R, 1)], [(R, 2)]], [[(S, 3)], [(S, 4)]], [[(G, 1)], [(G, 1)]]],
     [[[(R, 1)], [(S, 2)]], [[(S, 3)], [(S, 4)]], [[(G, 1)], [(G, 2)]]]),
    ("the same green, more of the second in-demand colour",
     [[[(R, 1)], [(R, 2)]], [[(S, 3)], [(S, 4)]], [[(G, 1)], [(G, 1)]]],
     [[[(R, 1)], [(R, 2)]], [[(S, 3)], [(G, 1)]], [[(G, 1)], [(G, 2)]]]),
    ("the same green and black: the player later in turn order",
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
            die_marks={s: Mark(rank, Tone.FOCUS, glow=False)
                       for m, rank in zip(IN_DEMAND, ("1st", "2nd")) for s in slots_of(st, m)},
            footer=plural(sc[p].total, "point") + (" - SILVER" if silver.player == p else ""))
            for p, st in enumerate(builds))
        caption = (f"Tied at {sc[0].total}, decided by {label}. Engine: Silver to {NAMES[silver.player]} - "
                   f"{silver.reason}.")
        steps.append(Step(caption, views, in_demand=IN_DEMAND,
                          facts={"totals": [s.total for s in sc], "winner": silver.player,
                                 "reason": silver.reason}))
    return steps


def build_awards() -> Demo:
    return Demo("awards", "Awards by player count",
                "Gold, Silver and Bronze with 4 players; Gold and Silver with 3; Silver alone with 2",
                tuple(_award_steps()))


def build_prizes() -> Demo:
    return Demo("prizes", "The four Prizes",
                "Skyscraper, Geometer, Structural Integrity, Materials, and two buildings after one Prize",
                tuple(_prize_steps()))


def build_ties() -> Demo:
    return Demo("ties", "Breaking ties",
                "first in-demand colour, then the second, then later in turn order", tuple(_tie_steps()))

