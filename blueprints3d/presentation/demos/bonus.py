"""The blueprint bonus (p. 3): points only when every space holds exactly its number of dice."""

from __future__ import annotations

from blueprints3d.presentation.demos.common import (
    G,
    R,
    S,
    W,
    and_list,
    score_line,
    space_name,
    space_names,
)
from blueprints3d.presentation.demos.tasks import TASK, Task, placement_answer
from blueprints3d.presentation.scene import BuildingView, Demo, Mark, Stack, Step, Tone, stacks_of
from blueprints3d.engine.blueprints import Blueprint, card_by_id
from blueprints3d.engine.rules import BLUEPRINT_BONUS
from blueprints3d.engine.scoring import score_building
from blueprints3d.i18n import _, n_, number

CARD = "B07"  # Twin Gables [[2, 2], [1, 1], [X, X]]


def _count_marks(bp: Blueprint, stacks: tuple[Stack, ...]) -> dict[int, Mark]:
    """Each numbered space labelled with its dice against its number ("1 die of 2"); mismatches in red (the engine decides the bonus)."""
    out = {}
    for c, h in enumerate(bp.heights):
        if h is not None:
            n = len(stacks[c])
            out[c] = Mark(
                n_("{n} die of {height}", "{n} dice of {height}", n, height=h),
                Tone.GOOD if n == h else Tone.BAD,
            )
    return out


def _step(bp: Blueprint, title: str, rows, lead: str) -> Step:
    stacks = stacks_of(rows)
    score = score_building(bp, stacks)
    if score.blueprint:
        caption = _(
            "{lead} It matches the blueprint exactly, so the bonus is {bonus}. Score {score}.",
            lead=lead,
            bonus=BLUEPRINT_BONUS,
            score=score_line(score),
        )
    else:
        caption = _(
            "{lead} It does not match the blueprint, so the bonus is 0. Score {score}.",
            lead=lead,
            score=score_line(score),
        )
    return Step(
        caption,
        (
            BuildingView(
                title,
                bp,
                stacks,
                cell_marks=_count_marks(bp, stacks),
                footer=_("bonus {bonus}, total {total}", bonus=score.blueprint, total=score.total),
            ),
        ),
        facts={"bonus": score.blueprint, "total": score.total, "dice": sum(map(len, stacks))},
    )


def build() -> Demo:
    bp = card_by_id(CARD)
    exact = [[[(R, 2), (W, 5)], [(S, 1), (G, 4)]], [[(G, 3)], [(R, 6)]], [[], []]]
    missing = [[[(R, 2), (W, 5)], [(S, 1)]], [[(G, 3)], [(R, 6)]], [[], []]]
    moved = [[[(R, 2), (W, 5)], [(S, 1)]], [[(G, 3)], [(R, 6), (G, 4)]], [[], []]]
    steps: tuple[Step, ...] = (
        _step(
            bp,
            _("Exact"),
            exact,
            _(
                "The card {id} asks for as many dice on each numbered space as the number printed there "
                "({numbers}). This building has exactly that.",
                id=bp.id,
                numbers=and_list([number(h) for h in bp.heights if h is not None]),
            ),
        ),
        _step(
            bp,
            _("One die short"),
            missing,
            _(
                "The same building with one die fewer: {space} holds only one die.",
                space=space_name(bp, 1),
            ),
        ),
        _step(
            bp,
            _("One die off"),
            moved,
            _(
                "Six dice again, but one die sits on the wrong space: a 1 holds two dice and a 2 holds one."
            ),
        ),
    )
    steps = steps + (_try_step(bp, missing),)
    return Demo(
        "bonus",
        _("The blueprint bonus"),
        _("an exact building earns 6; one die off earns nothing"),
        steps,
    )


def _try_step(bp: Blueprint, rows) -> Step:
    """Add one die so the building matches its blueprint; the engine's score says if it does."""
    stacks = stacks_of(rows)
    view = BuildingView(_("Try it"), bp, stacks, cell_marks=_count_marks(bp, stacks))
    prompt = _(
        "Try it yourself: add one die so this building matches its blueprint and earns the bonus."
    )
    base = Step(prompt, (view,), pool=((int(G), 4), (int(S), 6)), pool_label=_("Your dice"))

    def judged(after: BuildingView, die, cell: int):
        score = score_building(bp, after.stacks)
        where = space_name(bp, cell)
        if score.blueprint:
            return (
                True,
                _(
                    "Yes: with the die on {space} every space holds its number of dice, so the "
                    "bonus is {bonus} and the score {score}.",
                    space=where,
                    bonus=score.blueprint,
                    score=score_line(score),
                ),
                {"bonus": score.blueprint},
            )
        n, h = len(after.stacks[cell]), bp.heights[cell]
        short = [c for c, hh in enumerate(bp.heights) if hh is not None and len(stacks[c]) < hh]
        return (
            False,
            n_(
                "Allowed, but {space} now holds {n} die where the card asks for {height}, so "
                "there is no bonus. The space short of a die was {short}.",
                "Allowed, but {space} now holds {n} dice where the card asks for {height}, so "
                "there is no bonus. The space short of a die was {short}.",
                n,
                space=where,
                height=h,
                short=space_names(bp, short),
            ),
            {"bonus": 0},
        )

    return Step(
        base.caption,
        base.buildings,
        pool=base.pool,
        pool_label=base.pool_label,
        facts={TASK: Task(prompt, 0, lambda k, c: placement_answer(base, 0, k, c, judged))},
    )
