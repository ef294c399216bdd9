"""Awards by player count, each Prize, and the tie rules (pp. 4-5), as the engine gives them."""

from __future__ import annotations

from collections.abc import Sequence

from blueprints3d.presentation.demos.common import (
    G,
    R,
    S,
    W,
    and_list,
    context,
    placement_words,
    scores,
    slots_of,
)
from blueprints3d.presentation.demos.tasks import TASK, Task, placement_answer, silver_task
from blueprints3d.presentation.scene import (
    BuildingView,
    Demo,
    Die,
    Mark,
    Slot,
    Stack,
    Step,
    Tone,
    stacks_of,
)
from blueprints3d.engine.awards import AWARDS_BY_PLAYERS, Award, give_awards, give_prizes
from blueprints3d.engine.blueprints import Blueprint, card_by_id
from blueprints3d.engine.materials import Material
from blueprints3d.engine.rules import PRIZE_VP
from blueprints3d.engine.rules import PRIZE_RULE_MESSAGES
from blueprints3d.engine.scoring import Prize, score_building
from blueprints3d.i18n import N_, _, n_, number, sentences, translate
from blueprints3d.presentation.words import award_word, colour_word, title_word


def _points(n: int) -> str:
    return n_("{n} point", "{n} points", n)


def _vp(points: int) -> str:
    return _("{vp} VP", vp=points)


def _rule(prize: Prize) -> str:
    """The Prize's rule (the engine's words, ``PRIZE_RULES``), in the player's language."""
    return translate(PRIZE_RULE_MESSAGES[prize])


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
        views = tuple(
            BuildingView(
                NAMES[p],
                bp,
                builds[p],
                cell_marks={c: Mark("", Tone.GOOD) for c in range(bp.num_cells)}
                if p in by_player
                else {},
                # TRANSLATORS: {points} holds the number with its unit ("6 points"): do not add one.
                footer=_(
                    "{points} - {award} ({vp} VP)",
                    points=_points(sc[p].total),
                    award=award_word(by_player[p]).upper(),
                    vp=by_player[p].victory_points,
                )
                if p in by_player
                else _points(sc[p].total),
            )
            for p in range(n)
        )
        given = and_list(
            [
                _(
                    "{award} ({vp} VP) to {name}",
                    award=title_word(a),
                    vp=a.victory_points,
                    name=NAMES[pl.player],
                )
                for a, pl in got.items()
            ]
        )
        in_play = [title_word(a) for a in AWARDS_BY_PLAYERS[n]]
        said = (
            _("the Awards in play are {awards}", awards=and_list(in_play))
            if len(in_play) > 1
            else _("the only Award in play is {award}", award=in_play[0])
        )
        caption = _(
            "{players} players: {in_play}. Ranked by building score, they go {given}.",
            players=n,
            in_play=said,
            given=given,
        )
        if n > len(got):
            lowest = n_(
                "The lowest building gets nothing.",
                "The lower buildings get nothing.",
                n - len(got),
            )
            caption = sentences([caption, lowest])
        steps.append(
            Step(
                caption,
                views,
                facts={
                    "players": n,
                    "awards": {a: pl.player for a, pl in got.items()},
                    "totals": [s.total for s in sc],
                },
            )
        )
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
    steps = [_prize_step(bp, prize, rows) for prize, rows in PRIZE_ROWS.items()]
    steps.append(_prize_tie_step(bp))
    return steps


def _prize_step(bp: Blueprint, prize: Prize, rows: Sequence[Sequence[Sequence[Die]]]) -> Step:
    """One Prize: its rule, and whether this building qualifies (and for which others)."""
    st = stacks_of(rows)
    score = scores([bp], [st])[0]
    qualifies = prize in score.prizes
    marks = {s: Mark("", Tone.FOCUS) for s in _prize_dice(prize, st)}
    others = [title_word(p) for p in Prize if p in score.prizes and p is not prize]
    said = dict(prize=title_word(prize), vp=_vp(PRIZE_VP), rule=_rule(prize))
    if qualifies and others:
        caption = _(
            "{prize} ({vp}) is for {rule}. This building qualifies (and for {others} too). "
            "Each Prize goes to at most one building per round.",
            others=and_list(others),
            **said,
        )
    elif qualifies:
        caption = _(
            "{prize} ({vp}) is for {rule}. This building qualifies. "
            "Each Prize goes to at most one building per round.",
            **said,
        )
    elif others:
        caption = _(
            "{prize} ({vp}) is for {rule}. This building does not qualify, but it does for "
            "{others}. "
            "Each Prize goes to at most one building per round.",
            others=and_list(others),
            **said,
        )
    else:
        caption = _(
            "{prize} ({vp}) is for {rule}. This building does not qualify. "
            "Each Prize goes to at most one building per round.",
            **said,
        )
    return Step(
        caption,
        (BuildingView(title_word(prize), bp, st, die_marks=marks, footer=_points(score.total)),),
        facts={"prize": prize, "qualifies": qualifies},
    )


def _prize_tie_step(bp: Blueprint) -> Step:
    """Two buildings qualify for the Skyscraper: the tie rule decides, not the building score."""
    a = stacks_of(PRIZE_ROWS[Prize.SKYSCRAPER])
    b = stacks_of([[[], [(S, 2)]], [[], [(R, 1), (R, 2), (S, 3), (W, 4), (W, 5)]], [[], []]])
    sc = scores([bp, bp], [a, b])
    ctx = context(IN_DEMAND, (0, 1), [a, b])
    got = give_prizes(sc, ctx, NAMES[:2])
    win = got.get(Prize.SKYSCRAPER)
    assert win is not None  # two buildings qualify: one of them takes it
    views = tuple(
        BuildingView(
            NAMES[p],
            bp,
            st,
            die_marks={s: Mark("", Tone.FOCUS) for s in _prize_dice(Prize.SKYSCRAPER, st)},
            # TRANSLATORS: {points} holds the number with its unit ("6 points"): do not add one.
            footer=_("{points} - SKYSCRAPER", points=_points(sc[p].total))
            if win and win.player == p
            else _points(sc[p].total),
        )
        for p, st in enumerate((a, b))
    )
    caption = _(
        "Both buildings have a stack of 5, but there is one Skyscraper. Building score plays no part "
        "({first} against {second}); the tie rule does. The Skyscraper goes to {who}.",
        first=sc[0].total,
        second=sc[1].total,
        who=placement_words(NAMES, win),
    )
    return Step(
        caption,
        views,
        in_demand=IN_DEMAND,
        facts={
            "winner": win.player,
            "reason": win.reason,
            "ties": win.ties,
            "totals": [s.total for s in sc],
        },
    )


# Ties (Awards and Prizes alike): first in-demand colour, then second, then later in turn order.
TIE_CASES = (
    (
        N_("more of the first in-demand colour"),
        [[[(R, 1)], [(R, 2)]], [[(S, 3)], [(S, 4)]], [[(G, 1)], [(G, 1)]]],
        [[[(R, 1)], [(S, 2)]], [[(S, 3)], [(S, 4)]], [[(G, 1)], [(G, 2)]]],
    ),
    (
        N_("the same green, more of the second in-demand colour"),
        [[[(R, 1)], [(R, 2)]], [[(S, 3)], [(S, 4)]], [[(G, 1)], [(G, 1)]]],
        [[[(R, 1)], [(R, 2)]], [[(S, 3)], [(G, 1)]], [[(G, 1)], [(G, 2)]]],
    ),
    (
        N_("the same green and black, so the player later in turn order wins"),
        [[[(R, 1)], [(R, 2)]], [[(S, 3)], [(S, 4)]], [[(G, 1)], [(G, 1)]]],
        [[[(R, 3)], [(R, 5)]], [[(S, 1)], [(S, 6)]], [[(G, 1)], [(G, 1)]]],
    ),
)


def _tie_steps() -> list[Step]:
    bp = _flat()
    first, second = IN_DEMAND
    steps = [
        Step(
            _(
                "Ties for Awards and Prizes alike: more dice of the first in-demand colour "
                "({first}) wins; then more of the second ({second}); then the player "
                "who was later in the round's turn order. Building score is never a tie-break for Prizes.",
                first=colour_word(first),
                second=colour_word(second),
            ),
            (),
            in_demand=IN_DEMAND,
        )
    ]
    for label, ra, rb in TIE_CASES:
        builds = [stacks_of(ra), stacks_of(rb)]
        sc = scores([bp, bp], builds)
        ctx = context(IN_DEMAND, (0, 1), builds)
        got = give_awards(sc, ctx, NAMES[:2])
        silver = got[Award.SILVER]
        views = tuple(
            BuildingView(
                _("{name} (1st to play)", name=NAMES[p])
                if p == 0
                else _("{name} (2nd to play)", name=NAMES[p]),
                bp,
                st,
                die_marks={
                    s: Mark(_(rank, colour=colour_word(m)), Tone.FOCUS, glow=False)
                    for m, rank in zip(
                        IN_DEMAND,
                        (N_("{colour}, 1st in demand"), N_("{colour}, 2nd in demand")),
                        strict=True,
                    )
                    for s in slots_of(st, m)
                },
                # TRANSLATORS: {points} holds the number with its unit ("6 points"): do not add one.
                footer=_("{points} - SILVER", points=_points(sc[p].total))
                if silver.player == p
                else _points(sc[p].total),
            )
            for p, st in enumerate(builds)
        )
        caption = _(
            "Tied at {total}, decided by {reason}. Silver goes to {who}.",
            total=sc[0].total,
            reason=_(label),
            who=placement_words(NAMES, silver),
        )
        steps.append(
            Step(
                caption,
                views,
                in_demand=IN_DEMAND,
                facts={
                    "totals": [s.total for s in sc],
                    "winner": silver.player,
                    "reason": silver.reason,
                    "ties": silver.ties,
                },
            )
        )
    return steps


# Try-it buildings: one space left empty, so a die there completes the blueprint.
TRAILING_ROWS = [[[(S, 1)], [(R, 2)]], [[(W, 3)], [(W, 4)]], [[(G, 5)], []]]
TIE_TASK_ROWS = (
    [[[(R, 1)], [(R, 2)]], [[(S, 3)], [(S, 4)]], [[(G, 1)], []]],
    [[[(R, 3)], [(R, 5)]], [[(S, 1)], [(S, 6)]], [[(G, 1)], [(G, 1)]]],
)


def build_awards() -> Demo:
    bp = _flat()
    builds = [stacks_of(RANKED_ROWS[2]), stacks_of(TRAILING_ROWS)]
    sc = scores([bp, bp], builds)
    task = silver_task(
        _(
            "Try it yourself: two players, one Silver, and Dev trails Cleo {dev} to "
            "{cleo}. Put a die on Dev's building so that Dev takes the Silver.",
            dev=sc[1].total,
            cleo=sc[0].total,
        ),
        [bp, bp],
        builds,
        ((int(S), 2), (int(G), 1)),
        1,
        ("Cleo", "Dev"),
        IN_DEMAND,
    )
    return Demo(
        "awards",
        _("Awards by player count"),
        _("Gold, Silver and Bronze with 4 players; Gold and Silver with 3; Silver alone with 2"),
        tuple(_award_steps()) + (task,),
    )


def _geometer_task() -> Step:
    bp = _flat()
    st = stacks_of([[[(G, 1)], [(R, 2)]], [[(W, 3)], [(S, 4)]], [[(G, 5)], []]])
    prompt = _(
        "Try it yourself: make this building qualify for Geometer ({rule}).",
        rule=_rule(Prize.GEOMETER),
    )
    view = BuildingView(_("Geometer?"), bp, st, footer=_points(score_building(bp, st).total))
    base = Step(prompt, (view,), pool=((int(S), 3), (int(W), 6)), pool_label=_("Your dice"))

    def judged(after: BuildingView, die, cell: int):
        sc = score_building(bp, after.stacks)
        values = sorted({v for stack in after.stacks for _m, v in stack})
        shown = and_list([number(v) for v in values])
        if Prize.GEOMETER in sc.prizes:
            return (
                True,
                _(
                    "Yes: the building now shows {values}, so it "
                    "qualifies for Geometer ({vp} if no one beats it on the tie rule).",
                    values=shown,
                    vp=_vp(PRIZE_VP),
                ),
                {},
            )
        return (
            False,
            _(
                "Not yet: the building shows only {values}. Geometer needs every value from 1 to 6.",
                values=shown,
            ),
            {},
        )

    return Step(
        prompt,
        (view,),
        pool=base.pool,
        pool_label=base.pool_label,
        facts={
            TASK: Task(
                prompt,
                0,
                lambda k, c: placement_answer(
                    base, 0, k, c, judged, lambda v: _points(score_building(bp, v.stacks).total)
                ),
            )
        },
    )


def build_prizes() -> Demo:
    return Demo(
        "prizes",
        _("The four Prizes"),
        _(
            "Skyscraper, Geometer, Structural Integrity, Materials, and two buildings after one Prize"
        ),
        tuple(_prize_steps()) + (_geometer_task(),),
    )


def build_ties() -> Demo:
    bp = _flat()
    builds = [stacks_of(TIE_TASK_ROWS[0]), stacks_of(TIE_TASK_ROWS[1])]
    sc = scores([bp, bp], builds)
    task = silver_task(
        _(
            "Try it yourself: Ben leads {ben} to {ada} and plays later in "
            "the round. Put one die on Ada's building so that Ada takes the Silver.",
            ben=sc[1].total,
            ada=sc[0].total,
        ),
        [bp, bp],
        builds,
        ((int(G), 1), (int(W), 1)),
        0,
        ("Ada", "Ben"),
        IN_DEMAND,
    )
    return Demo(
        "ties",
        _("Breaking ties"),
        _("first in-demand colour, then the second, then later in turn order"),
        tuple(_tie_steps()) + (task,),
    )
