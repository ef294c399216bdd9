"""Try it yourself: a demo step that hands the learner a die and asks for a move.

A task step (``Step.facts["task"]``) shows a pool of dice and one building; the learner takes a
die and names a space, and ``Task.judge`` asks the engine what that move does and says so, right
or wrong, as a new step to show (the building with the die placed, or the die held over the
space it may not go on). Nothing here knows a rule: every verdict is ``placement_error``'s,
``score_building``'s or the award functions'.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from collections.abc import Callable

from collections.abc import Sequence

from blueprints3d.engine.awards import Award, give_awards
from blueprints3d.engine.blueprints import Blueprint, placement_error, placement_message
from blueprints3d.i18n.message import Message
from blueprints3d.engine.materials import Material
from blueprints3d.engine.scoring import score_building
from blueprints3d.presentation.demos.common import context, placement_words, refusal_words, scores
from blueprints3d.presentation.words import die_name
from blueprints3d.presentation.scene import BuildingView, Die, Ghost, Mark, Stack, Step, Tone
from blueprints3d.i18n import N_, _, n_, sentences

TASK = "task"  # the key of a task in Step.facts
TRY_HINT = N_(
    "Your turn: click a die (or Left / Right and Enter), then click a space "
    "(or the arrows or 1-9 and Enter). Backspace takes the die back."
)


@dataclass(frozen=True)
class Answer:
    ok: bool  # the move does what was asked
    legal: bool  # the engine allows the move at all
    caption: str  # what happened, either way
    step: Step  # the scene after the move


@dataclass(frozen=True)
class Task:
    prompt: str  # what to do, said as a player would
    building: int  # the building (index in the step) the die goes on
    judge: Callable[[int, int], Answer]  # (pool index, cell) -> what the engine says

    def answer(self, die: int, cell: int) -> Answer:
        return self.judge(die, cell)


def _points(n: int) -> str:
    return n_("{n} point", "{n} points", n)


def top_of(stack) -> int | None:
    return stack[-1][1] if stack else None


def legal(view: BuildingView, value: int, cell: int) -> str | None:
    """The engine's verdict on a die of ``value`` dropped on ``cell`` of ``view``."""
    return placement_error(view.shown_blueprint, top_of(view.stacks[cell]), value, cell)


def message(view: BuildingView, value: int, cell: int) -> Message | None:
    """``legal``'s verdict as the engine's Message, to be said in the player's words."""
    return placement_message(view.shown_blueprint, top_of(view.stacks[cell]), value, cell)


def with_die(view: BuildingView, die: Die, cell: int) -> BuildingView:
    stacks = list(view.stacks)
    stacks[cell] = tuple(stacks[cell]) + (die,)
    return replace(view, stacks=tuple(stacks), ghost=None, cell_marks={})


def answer_step(
    step: Step,
    building: int,
    view: BuildingView,
    pool_index: int,
    caption: str,
    ok: bool,
    placed: bool,
    die: Die,
    cell: int,
    facts: dict | None = None,
) -> Step:
    """The step shown after an answer: ``view`` (the building after the move, or as it was with
    the die held over ``cell``), the taken die gone from the pool when it was placed."""
    if not placed:
        m, v = die
        view = replace(view, ghost=Ghost(Material(m), v, cell, Tone.BAD, _("No")), cell_marks={})
    else:
        h = len(view.stacks[cell]) - 1
        marks = dict(view.die_marks)
        marks[(cell, h)] = Mark(_("yes") if ok else _("placed"), Tone.GOOD if ok else Tone.INFO)
        view = replace(view, die_marks=marks)
    buildings = list(step.buildings)
    buildings[building] = view
    pool = tuple(d for k, d in enumerate(step.pool) if not (placed and k == pool_index))
    facts = {"ok": ok, "placed": placed, "die": die, "cell": cell, **(facts or {})}
    return Step(
        caption,
        tuple(buildings),
        pool=pool,
        pool_label=step.pool_label,
        in_demand=step.in_demand,
        header=step.header,
        facts=facts,
    )


def placement_answer(
    step: Step,
    building: int,
    pool_index: int,
    cell: int,
    judge_placed: Callable[[BuildingView, Die, int], tuple[bool, str, dict]],
    footer: Callable[[BuildingView], str] | None = None,
) -> Answer:
    """The common shape of a judge: an illegal drop is explained with the engine's words; a legal
    one is placed and ``judge_placed(new_view, die, cell)`` says whether it did what was asked."""
    from_view = step.buildings[building]
    die = step.pool[pool_index]
    m, v = die
    err = legal(from_view, v, cell)
    name = die_name(Material(m), v)  # the engine's material word, as at the table
    if err is not None:
        caption = _(
            "Not there ({refusal}). The {die} is back in your hand; try another space.",
            refusal=refusal_words(from_view.shown_blueprint, message(from_view, v, cell) or err),
            die=name,
        )
        return Answer(
            False,
            False,
            caption,
            answer_step(
                step,
                building,
                from_view,
                pool_index,
                caption,
                False,
                False,
                die,
                cell,
                {"error": err},
            ),
        )
    after = with_die(from_view, die, cell)
    if footer is not None:  # the line under the card follows the new building (its score)
        after = replace(after, footer=footer(after))
    ok, caption, facts = judge_placed(after, die, cell)
    return Answer(
        ok,
        True,
        caption,
        answer_step(step, building, after, pool_index, caption, ok, True, die, cell, facts),
    )


def _silver_verdict(names, sc, got, player: int, lost: int) -> tuple[bool, str]:
    """Whether ``player`` took the Silver with the die, in sentences: the totals compared, a lost
    blueprint bonus, and where to look when it is not enough."""
    totals = [
        # TRANSLATORS: {points} holds the number with its unit ("6 points"): do not add one.
        _("{name} {points}", name=names[p], points=_points(sc[p].total))
        for p in range(len(sc))
    ]
    said = totals[0]
    for t in totals[1:]:
        said = _("{first} against {then}", first=said, then=t)
    bonus = []
    if lost > 0:
        bonus.append(
            _(
                "The die broke the exact blueprint, so {name} lost the bonus of {points}.",
                name=names[player],
                points=lost,
            )
        )
    who = placement_words(names, got)
    if got.player == player:
        return True, sentences(
            [_("Yes: {totals}, so Silver goes to {who}.", totals=said, who=who), *bonus]
        )
    tied = len({x.total for x in sc}) == 1
    return False, sentences(
        [
            _("Not enough: {totals}, so Silver still goes to {who}.", totals=said, who=who),
            *bonus,
            _("A tie is not enough here; look for a space where the die scores more.")
            if tied
            else _("Look for a space where the die scores more."),
        ]
    )


def silver_task(
    prompt: str,
    bps: Sequence[Blueprint],
    builds: Sequence[Sequence[Stack]],
    pool: tuple[Die, ...],
    player: int,
    names: Sequence[str],
    in_demand,
    turn_order=(0, 1),
) -> Step:
    """Two buildings, one Silver: put a die on ``player``'s building so that it takes the
    Silver. ``give_awards`` judges; a lost blueprint bonus and a lost tie are said."""
    before = scores(bps, builds)
    views = tuple(
        BuildingView(names[p], bps[p], tuple(builds[p]), footer=_points(before[p].total))
        for p in range(len(builds))
    )
    base = Step(prompt, views, pool=pool, pool_label=_("Your dice"), in_demand=in_demand)

    def points(view: BuildingView) -> str:
        return _points(score_building(view.shown_blueprint, view.stacks).total)

    def judged(after: BuildingView, die, cell: int):
        now = [after.stacks if p == player else tuple(builds[p]) for p in range(len(builds))]
        sc = scores(bps, now)
        got = give_awards(sc, context(in_demand, turn_order, now), names)[Award.SILVER]
        facts = {"winner": got.player, "totals": [x.total for x in sc]}
        lost = before[player].blueprint - sc[player].blueprint
        ok, caption = _silver_verdict(names, sc, got, player, lost)
        return ok, caption, facts

    return Step(
        prompt,
        views,
        pool=pool,
        pool_label=_("Your dice"),
        in_demand=in_demand,
        facts={
            TASK: Task(
                prompt, player, lambda k, c: placement_answer(base, player, k, c, judged, points)
            )
        },
    )
