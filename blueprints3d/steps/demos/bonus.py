"""The blueprint bonus (p. 3): points only when every space holds exactly its number of dice."""

from __future__ import annotations

from blueprints3d.steps.demos.common import G, R, S, W, score_line
from blueprints3d.steps.scene import BuildingView, Demo, Mark, Stack, Step, Tone, stacks_of
from blueprints3d.engine.blueprints import Blueprint, card_by_id
from blueprints3d.engine.rules import BLUEPRINT_BONUS
from blueprints3d.engine.scoring import score_building

CARD = "B07"  # Twin Gables [[2, 2], [1, 1], [X, X]]


def _count_marks(bp: Blueprint, stacks: tuple[Stack, ...]) -> dict[int, Mark]:
    """Each numbered space labelled "dice/number"; mismatches in red (the engine decides the bonus)."""
    out = {}
    for c, h in enumerate(bp.heights):
        if h is not None:
            n = len(stacks[c])
            out[c] = Mark(f"{n}/{h}", Tone.GOOD if n == h else Tone.BAD)
    return out


def _step(bp: Blueprint, title: str, rows, lead: str) -> Step:
    stacks = stacks_of(rows)
    score = score_building(bp, stacks)
    verdict = (f"matches the blueprint exactly: bonus {BLUEPRINT_BONUS}" if score.blueprint
               else "does not match the blueprint: bonus 0")
    caption = f"{lead} The engine: it {verdict}. Score {score_line(score)}."
    return Step(caption, (BuildingView(title, bp, stacks, cell_marks=_count_marks(bp, stacks),
                                       footer=f"bonus {score.blueprint}, total {score.total}"),),
                facts={"bonus": score.blueprint, "total": score.total, "dice": sum(map(len, stacks))})


def build() -> Demo:
    bp = card_by_id(CARD)
    exact = [[[(R, 2), (W, 5)], [(S, 1), (G, 4)]], [[(G, 3)], [(R, 6)]], [[], []]]
    missing = [[[(R, 2), (W, 5)], [(S, 1)]], [[(G, 3)], [(R, 6)]], [[], []]]
    moved = [[[(R, 2), (W, 5)], [(S, 1)]], [[(G, 3)], [(R, 6), (G, 4)]], [[], []]]
    steps = (
        _step(bp, "Exact", exact,
              f"The card {bp.id} asks for stacks of 2, 2, 1 and 1 dice. This building has exactly that."),
        _step(bp, "One die short", missing,
              "The same building with one die fewer: the right-hand 2 holds only one die."),
        _step(bp, "One die off", moved,
              "Six dice again, but one die sits on the wrong space: a 1 with two dice, a 2 with one."),
    )
    return Demo("bonus", "The blueprint bonus",
                "an exact building earns 6; one die off earns nothing", steps)
