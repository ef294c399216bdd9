"""Scoring each material (pp. 3-4), shown on the dice: every number is the engine's.

Wood lights up the dice it shares a face with ("+2" each), green dice score as a set, stone shows
its level, glass counts its top face even when covered.
"""

from __future__ import annotations

from dataclasses import replace

from blueprints3d.presentation.demos.common import (
    G,
    R,
    S,
    W,
    and_list,
    die_points_label,
    green_label,
    points_marks,
    score_line,
    space_name,
    space_names,
)
from blueprints3d.presentation.demos.tasks import TASK, Task, legal, placement_answer, with_die
from blueprints3d.presentation.scene import BuildingView, Demo, Mark, Slot, Step, Tone, stacks_of
from blueprints3d.engine.blueprints import Blueprint, card_by_id
from blueprints3d.engine.materials import Material
from blueprints3d.engine.rules import (
    BLUEPRINT_BONUS,
    RECYCLED_POINTS,
    STONE_POINTS,
    WOOD_PER_NEIGHBOUR,
)
from blueprints3d.engine.scoring import explain_building, recycled_points, score_building
from blueprints3d.i18n import _, join_list, n_

TOP_STONE_LEVEL = len(STONE_POINTS) - 1  # stone from this level up scores as this level


def _points(n: int) -> str:
    return n_("{n} point", "{n} points", n)


def _wood_step(bp: Blueprint) -> Step:
    stacks = stacks_of([[[], [(S, 1), (R, 5)]], [[(S, 5)], [(G, 3), (W, 4), (R, 6)]], [[], []]])
    wood_cell, wood_level = 3, 1
    info = next(
        d for d in explain_building(bp, stacks) if (d.cell, d.level) == (wood_cell, wood_level)
    )
    # The dice sharing a face with the wood die: below, above, and on its level next door.
    touching: list[Slot] = [
        (wood_cell, lv)
        for lv in (wood_level - 1, wood_level + 1)
        if 0 <= lv < len(stacks[wood_cell])
    ]
    touching += [(n, wood_level) for n in bp.neighbours[wood_cell] if wood_level < len(stacks[n])]
    neighbours = info.points // WOOD_PER_NEIGHBOUR
    marks: dict[Slot, Mark] = {
        (wood_cell, wood_level): Mark(die_points_label(W, info.points, wood_level), Tone.FOCUS)
    }
    for slot in touching:
        marks[slot] = Mark(_("+{points} wood neighbour", points=WOOD_PER_NEIGHBOUR), Tone.GOOD)
    lower = (2, 0)  # beside the wood die's space, but one level down: no shared face
    marks[lower] = Mark(_("lower, no shared face"), Tone.BAD)
    # TRANSLATORS: {points} holds the number with its unit ("6 points"): do not add one.
    caption = n_(
        "Wood: the orange 4 scores {each} for every die it shares a face with, beside it "
        "on its own level, below it and above it. It touches {n} die, so it scores "
        "{points}. The black 5 next door stands one level lower, so they share no face.",
        "Wood: the orange 4 scores {each} for every die it shares a face with, beside it "
        "on its own level, below it and above it. It touches {n} dice, so it scores "
        "{points}. The black 5 next door stands one level lower, so they share no face.",
        neighbours,
        each=WOOD_PER_NEIGHBOUR,
        points=_points(info.points),
    )
    return Step(
        caption,
        (
            BuildingView(
                _("Wood"),
                bp,
                stacks,
                die_marks=marks,
                footer=_("wood {points}", points=score_building(bp, stacks).wood),
            ),
        ),
        facts={
            "wood": score_building(bp, stacks).wood,
            "touching": touching,
            "points": info.points,
        },
    )


def _recycled_steps(bp: Blueprint) -> list[Step]:
    steps = []
    for n, rows in (
        (3, [[[(R, 1)], [(R, 4)]], [[(G, 2)], [(R, 6)]], [[(S, 3)], [(W, 5)]]]),
        (5, [[[(R, 1)], [(R, 4)]], [[(R, 2)], [(R, 6)]], [[(R, 3)], [(W, 5)]]]),
    ):
        stacks = stacks_of(rows)
        score = score_building(bp, stacks)
        # Each green die its own place in the set (row by row): "green 1 of 5" ... "green 5 of 5",
        # not the same "1 of 5" on all five.
        greens = [(c, lv) for c, st in enumerate(stacks) for lv, (m, _) in enumerate(st) if m == R]
        marks = {
            slot: Mark(green_label(k, n), Tone.FOCUS, glow=False)
            for k, slot in enumerate(greens, 1)
        }
        table = join_list(
            [
                _("{n} die score {points}", n=k, points=recycled_points(k))
                if k == 1
                else n_("{n} die {points}", "{n} dice {points}", k, points=recycled_points(k))
                for k in range(1, len(RECYCLED_POINTS))
            ]
        )
        # TRANSLATORS: {points} holds the number with its unit ("6 points"): do not add one.
        caption = n_(
            "Recycled: green dice score together, by how many there are ({table}). "
            "This building has {n} green die, worth {points}.",
            "Recycled: green dice score together, by how many there are ({table}). "
            "This building has {n} green dice, worth {points}.",
            n,
            table=table,
            points=_points(score.recycled),
        )
        steps.append(
            Step(
                caption,
                (
                    BuildingView(
                        _("Recycled"),
                        bp,
                        stacks,
                        die_marks=marks,
                        footer=_("recycled {points}", points=score.recycled),
                    ),
                ),
                facts={"green": n, "recycled": score.recycled},
            )
        )
    return steps


def _stone_step(bp: Blueprint) -> Step:
    stacks = stacks_of(
        [[[(S, 1), (S, 2), (S, 4), (S, 6)], [(S, 3)]], [[(W, 2)], [(G, 5)]], [[], []]]
    )
    marks = {
        (d.cell, d.level): Mark(
            die_points_label(d.material, d.points, d.level), Tone.FOCUS, glow=False
        )
        for d in explain_building(bp, stacks)
        if d.material is Material.STONE
    }
    score = score_building(bp, stacks)

    def at_level(k: int) -> int:
        return next(
            d.points
            for d in explain_building(bp, stacks)
            if d.material is Material.STONE and d.level + 1 == k
        )

    per_level = join_list(
        [
            _("{points} points on level {level}", points=at_level(k), level=k)
            if k == 1
            else _("{points} on level {level}", points=at_level(k), level=k)
            for k in range(1, TOP_STONE_LEVEL + 1)
        ]
    )
    black = sum(1 for d in explain_building(bp, stacks) if d.material is Material.STONE)
    # TRANSLATORS: {points} holds the number with its unit ("6 points"): do not add one.
    caption = n_(
        "Stone: each black die scores by how high it stands ({per_level}; higher still, as "
        "level {top}). These {n} black die score {points}.",
        "Stone: each black die scores by how high it stands ({per_level}; higher still, as "
        "level {top}). These {n} black dice score {points}.",
        black,
        per_level=per_level,
        top=TOP_STONE_LEVEL,
        points=_points(score.stone),
    )
    return Step(
        caption,
        (
            BuildingView(
                _("Stone"),
                bp,
                stacks,
                die_marks=marks,
                footer=_("stone {points}", points=score.stone),
            ),
        ),
        facts={"stone": score.stone, "labels": {k: m.text for k, m in marks.items()}},
    )


def _glass_step(bp: Blueprint) -> Step:
    stacks = stacks_of([[[(G, 5), (W, 6)], []], [[(G, 2)], []], [[], [(G, 3), (S, 3), (R, 4)]]])
    marks: dict[Slot, Mark] = {}
    reasons = []
    for d in explain_building(bp, stacks):
        if d.material is Material.GLASS:
            covered = d.level + 1 < len(stacks[d.cell])
            marks[(d.cell, d.level)] = Mark(
                _("+{points} glass, covered", points=d.points)
                if covered
                else _("+{points} glass", points=d.points),
                Tone.FOCUS,
                glow=False,
            )
            reasons.append(
                _("the {value} scores {points} though covered", value=d.value, points=d.points)
                if covered
                else _("the {value} scores {points}", value=d.value, points=d.points)
            )
    score = score_building(bp, stacks)
    caption = n_(
        "Glass: each clear die scores the number on its top face, also when other dice stand on "
        "it. Here {reasons}: {n} glass point in all.",
        "Glass: each clear die scores the number on its top face, also when other dice stand on "
        "it. Here {reasons}: {n} glass points in all.",
        score.glass,
        reasons=and_list(reasons),
    )
    return Step(
        caption,
        (
            BuildingView(
                _("Glass"),
                bp,
                stacks,
                die_marks=marks,
                footer=_("glass {points}", points=score.glass),
            ),
        ),
        facts={"glass": score.glass, "labels": {k: m.text for k, m in marks.items()}},
    )


def _all_step() -> Step:
    bp = card_by_id("B02")  # Corner Loft [[2, 1], [1, 1], [1, X]]
    stacks = stacks_of([[[(G, 2), (W, 4)], [(R, 3)]], [[(S, 1)], [(R, 5)]], [[(G, 6)], []]])
    score = score_building(bp, stacks)
    caption = _(
        "A whole building adds it all up, plus {bonus} when it matches its blueprint "
        "exactly, here {score}. Building points only rank buildings for Awards; "
        "they are not victory points.",
        bonus=BLUEPRINT_BONUS,
        score=score_line(score),
    )
    return Step(
        caption,
        (
            BuildingView(
                _("{id} {name}", id=bp.id, name=bp.name_message),
                bp,
                stacks,
                die_marks=points_marks(bp, stacks),
                footer=_("total {points}", points=score.total),
            ),
        ),
        facts={"total": score.total, "score": score},
    )


def _wood_points(bp: Blueprint, stacks, cell: int) -> int:
    """The engine's points for the top die of ``cell``."""
    level = len(stacks[cell]) - 1
    return next(
        d.points for d in explain_building(bp, stacks) if (d.cell, d.level) == (cell, level)
    )


def _try_step(bp: Blueprint) -> Step:
    """Put the orange 4 where it scores most: every space is tried with the engine's scoring."""
    stacks = stacks_of([[[(S, 2)], [(G, 1), (R, 3)]], [[], [(S, 4), (G, 4)]], [[(R, 1)], []]])
    view = BuildingView(_("Try it"), bp, stacks)
    die = (int(W), 4)
    best: dict[int, int] = {}
    for c in range(bp.num_cells):
        if legal(view, die[1], c) is None:
            best[c] = _wood_points(bp, with_die(view, die, c).stacks, c)
    top = max(best.values())
    prompt = _(
        "Try it yourself: put the orange 4 (wood) where it scores most. Wood counts the dice it "
        "shares a face with, on its own level, below and above."
    )
    base = Step(
        prompt, (view,), pool=(die,), pool_label=_("Your die"), facts={"best": top, "points": best}
    )

    def judged(after: BuildingView, d, cell: int):
        got = _wood_points(bp, after.stacks, cell)
        where = space_name(bp, cell)
        best_at = space_names(bp, [c for c, p in best.items() if p == top])
        n = got // WOOD_PER_NEIGHBOUR
        if got == top:
            return (
                True,
                # TRANSLATORS: {points} holds the number with its unit ("6 points"): do not add one.
                n_(
                    "Yes: on {space} the orange 4 touches {n} die and scores {points}, the most it can anywhere.",
                    "Yes: on {space} the orange 4 touches {n} dice and scores {points}, the most it can anywhere.",
                    n,
                    space=where,
                    points=_points(got),
                ),
                {"points": got},
            )
        return (
            False,
            # TRANSLATORS: {points} holds the number with its unit ("6 points"): do not add one.
            n_(
                "Allowed, but on {space} it touches only {n} die and scores {points}. "
                "On {best} it would score {top}.",
                "Allowed, but on {space} it touches only {n} dice and scores {points}. "
                "On {best} it would score {top}.",
                n,
                space=where,
                points=_points(got),
                best=best_at,
                top=top,
            ),
            {"points": got},
        )

    return replace(
        base,
        facts={
            **base.facts,
            TASK: Task(prompt, 0, lambda k, c: placement_answer(base, 0, k, c, judged)),
        },
    )


def build() -> Demo:
    flat = card_by_id("B01")  # Row Houses: six spaces of 1, no hatching
    steps = [
        _wood_step(flat),
        *_recycled_steps(flat),
        _stone_step(flat),
        _glass_step(flat),
        _all_step(),
        _try_step(flat),
    ]
    return Demo(
        "scoring",
        _("Scoring the materials"),
        _(
            "wood counts its neighbours, green counts as a set, stone counts its level, glass its top face"
        ),
        tuple(steps),
    )
