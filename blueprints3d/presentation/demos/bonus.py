"""The blueprint bonus (p. 3): points only when every space holds exactly its number of dice."""

from __future__ import annotations

from blueprints3d.presentation.demos.common import G, R, S, W, and_list, score_line, space_name, space_names
from blueprints3d.presentation.demos.tasks import TASK, Task, placement_answer
from blueprints3d.presentation.scene import BuildingView, Demo, Mark, Stack, Step, Tone, stacks_of
from blueprints3d.engine.blueprints import Blueprint, card_by_id
from blueprints3d.engine.rules import BLUEPRINT_BONUS
from blueprints3d.engine.scoring import score_building
from blueprints3d.text import plural

CARD = "B07"  # Twin Gables [[2, 2], [1, 1], [X, X]]


def _count_marks(bp: Blueprint, stacks: tuple[Stack, ...]) -> dict[int, Mark]:
    """Each numbered space labelled with its dice against its number ("1 die of 2"); mismatches in red (the engine decides the bonus)."""
    out = {}
    for c, h in enumerate(bp.heights):
        if h is not None:
            n = len(stacks[c])
            out[c] = Mark(f"{plural(n, 'die')} of {h}", Tone.GOOD if n == h else Tone.BAD)
    return out


def _step(bp: Blueprint, title: str, rows, lead: str) -> Step:
    stacks = stacks_of(rows)
    score = score_building(bp, stacks)
    verdict = (f"matches the blueprint exactly, so the bonus is {BLUEPRINT_BONUS}" if score.blueprint
               else "does not match the blueprint, so the bonus is 0")
    caption = f"{lead} It {verdict}. Score {score_line(score)}."
    return Step(caption, (BuildingView(title, bp, stacks, cell_marks=_count_marks(bp, stacks),
                                       footer=f"bonus {score.blueprint}, total {score.total}"),),
                facts={"bonus": score.blueprint, "total": score.total, "dice": sum(map(len, stacks))})


def build() -> Demo:
    bp = card_by_id(CARD)
    exact = [[[(R, 2), (W, 5)], [(S, 1), (G, 4)]], [[(G, 3)], [(R, 6)]], [[], []]]
    missing = [[[(R, 2), (W, 5)], [(S, 1)]], [[(G, 3)], [(R, 6)]], [[], []]]
    moved = [[[(R, 2), (W, 5)], [(S, 1)]], [[(G, 3)], [(R, 6), (G, 4)]], [[], []]]
    steps: tuple[Step, ...] = (
        _step(bp, "Exact", exact,
              f"The card {bp.id} asks for as many dice on each numbered space as the number printed there "
              f"({and_list([str(h) for h in bp.heights if h is not None])}). This building has exactly that."),
        _step(bp, "One die short", missing,
              f"The same building with one die fewer: {space_name(bp, 1)} holds only one die."),
        _step(bp, "One die off", moved,
              "Six dice again, but one die sits on the wrong space: a 1 holds two dice and a 2 holds one."),
    )
    steps = steps + (_try_step(bp, missing),)
    return Demo("bonus", "The blueprint bonus",
                "an exact building earns 6; one die off earns nothing", steps)


def _try_step(bp: Blueprint, rows) -> Step:
    """Add one die so the building matches its blueprint; the engine's score says if it does."""
    stacks = stacks_of(rows)
    view = BuildingView("Try it", bp, stacks, cell_marks=_count_marks(bp, stacks))
    prompt = "Try it yourself: add one die so this building matches its blueprint and earns the bonus."
    base = Step(prompt, (view,), pool=((int(G), 4), (int(S), 6)), pool_label="Your dice")

    def judged(after: BuildingView, die, cell: int):
        score = score_building(bp, after.stacks)
        where = space_name(bp, cell)
        if score.blueprint:
            return True, (f"Yes: with the die on {where} every space holds its number of dice, so the "
                          f"bonus is {score.blueprint} and the score {score_line(score)}."), {"bonus": score.blueprint}
        n, h = len(after.stacks[cell]), bp.heights[cell]
        short = [c for c, hh in enumerate(bp.heights) if hh is not None and len(stacks[c]) < hh]
        return False, (f"Allowed, but {where} now holds {plural(n, 'die')} where the card asks for {h}, so "
                       f"there is no bonus. The space short of a die was {space_names(bp, short)}."), {"bonus": 0}

    return Step(base.caption, base.buildings, pool=base.pool, pool_label=base.pool_label,
                facts={TASK: Task(prompt, 0, lambda k, c: placement_answer(base, 0, k, c, judged))})
