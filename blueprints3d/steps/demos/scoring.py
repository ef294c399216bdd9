"""Scoring each material (pp. 3-4), shown on the dice: every number is the engine's.

Wood lights up the dice it shares a face with ("+2" each), green dice score as a set, stone shows
its level, glass counts its top face even when covered.
"""

from __future__ import annotations

from blueprints3d.steps.demos.common import G, R, S, W, points_marks, score_line
from blueprints3d.steps.scene import BuildingView, Demo, Mark, Slot, Step, Tone, stacks_of
from blueprints3d.engine.blueprints import Blueprint, card_by_id
from blueprints3d.engine.materials import Material
from blueprints3d.engine.rules import RECYCLED_POINTS, STONE_POINTS, WOOD_PER_NEIGHBOUR
from blueprints3d.engine.scoring import explain_building, recycled_points, score_building
from blueprints3d.text import plural

TOP_STONE_LEVEL = len(STONE_POINTS) - 1  # stone from this level up scores as this level


def _wood_step(bp: Blueprint) -> Step:
    stacks = stacks_of([[[], [(S, 1), (R, 5)]],
                        [[(S, 5)], [(G, 3), (W, 4), (R, 6)]],
                        [[], []]])
    wood_cell, wood_level = 3, 1
    info = next(d for d in explain_building(bp, stacks) if (d.cell, d.level) == (wood_cell, wood_level))
    # The dice sharing a face with the wood die: below, above, and on its level next door.
    touching: list[Slot] = [(wood_cell, lv) for lv in (wood_level - 1, wood_level + 1)
                            if 0 <= lv < len(stacks[wood_cell])]
    touching += [(n, wood_level) for n in bp.neighbours[wood_cell] if wood_level < len(stacks[n])]
    marks: dict[Slot, Mark] = {(wood_cell, wood_level): Mark(f"wood +{info.points}", Tone.FOCUS)}
    for slot in touching:
        marks[slot] = Mark(f"+{WOOD_PER_NEIGHBOUR}", Tone.GOOD)
    lower = (2, 0)  # beside the wood die's space, but one level down: no shared face
    marks[lower] = Mark("lower: 0", Tone.BAD)
    caption = (f"Wood: the orange 4 scores {WOOD_PER_NEIGHBOUR} for every die it shares a face with: beside it on its own "
               f"level, below it and above it. Engine: {info.reason}, {plural(info.points, 'point')}. The black 5 "
               f"next door stands one level lower, so they share no face.")
    return Step(caption, (BuildingView("Wood", bp, stacks, die_marks=marks,
                                       footer=f"wood {score_building(bp, stacks).wood}"),),
                facts={"wood": score_building(bp, stacks).wood, "touching": touching,
                       "points": info.points})


def _recycled_steps(bp: Blueprint) -> list[Step]:
    steps = []
    for n, rows in ((3, [[[(R, 1)], [(R, 4)]], [[(G, 2)], [(R, 6)]], [[(S, 3)], [(W, 5)]]]),
                    (5, [[[(R, 1)], [(R, 4)]], [[(R, 2)], [(R, 6)]], [[(R, 3)], [(W, 5)]]])):
        stacks = stacks_of(rows)
        score = score_building(bp, stacks)
        marks = {(c, lv): Mark(f"{n} green", Tone.FOCUS, glow=False) for c, st in enumerate(stacks)
                 for lv, (m, _) in enumerate(st) if m == R}
        table = ", ".join(f"{k}: {recycled_points(k)}" for k in range(1, len(RECYCLED_POINTS)))
        caption = (f"Recycled: green dice score together, by how many there are ({table}). "
                   f"This building has {plural(n, 'green die', 'green dice')}: {plural(score.recycled, 'point')}.")
        steps.append(Step(caption, (BuildingView("Recycled", bp, stacks, die_marks=marks,
                                                 footer=f"recycled {score.recycled}"),),
                          facts={"green": n, "recycled": score.recycled}))
    return steps


def _stone_step(bp: Blueprint) -> Step:
    stacks = stacks_of([[[(S, 1), (S, 2), (S, 4), (S, 6)], [(S, 3)]],
                        [[(W, 2)], [(G, 5)]],
                        [[], []]])
    marks = {(d.cell, d.level): Mark(f"L{d.level + 1} +{d.points}", Tone.FOCUS, glow=False)
             for d in explain_building(bp, stacks) if d.material is Material.STONE}
    score = score_building(bp, stacks)
    per_level = ", ".join(f"level {k}: {next(d.points for d in explain_building(bp, stacks) if d.material is Material.STONE and d.level + 1 == k)}"
                          for k in range(1, TOP_STONE_LEVEL + 1))
    caption = (f"Stone: each black die scores by how high it stands ({per_level}; higher still: as "
               f"level {TOP_STONE_LEVEL}). These five black dice score {score.stone}.")
    return Step(caption, (BuildingView("Stone", bp, stacks, die_marks=marks, footer=f"stone {score.stone}"),),
                facts={"stone": score.stone, "labels": {k: m.text for k, m in marks.items()}})


def _glass_step(bp: Blueprint) -> Step:
    stacks = stacks_of([[[(G, 5), (W, 6)], []],
                        [[(G, 2)], []],
                        [[], [(G, 3), (S, 3), (R, 4)]]])
    marks: dict[Slot, Mark] = {}
    reasons = []
    for d in explain_building(bp, stacks):
        if d.material is Material.GLASS:
            covered = d.level + 1 < len(stacks[d.cell])
            marks[(d.cell, d.level)] = Mark(f"+{d.points}" + (" covered" if covered else ""), Tone.FOCUS, glow=False)
            reasons.append(d.reason)
    score = score_building(bp, stacks)
    caption = (f"Glass: each clear die scores the number on its top face, also when other dice stand on "
               f"it. Engine: {'; '.join(reasons)}. Glass total {score.glass}.")
    return Step(caption, (BuildingView("Glass", bp, stacks, die_marks=marks, footer=f"glass {score.glass}"),),
                facts={"glass": score.glass, "labels": {k: m.text for k, m in marks.items()}})


def _all_step() -> Step:
    bp = card_by_id("B02")  # Corner Loft [[2, 1], [1, 1], [1, X]]
    stacks = stacks_of([[[(G, 2), (W, 4)], [(R, 3)]],
                        [[(S, 1)], [(R, 5)]],
                        [[(G, 6)], []]])
    score = score_building(bp, stacks)
    caption = (f"A whole building adds it all up, plus 6 when it matches its blueprint exactly: "
               f"{score_line(score)}. Building points only rank buildings for Awards; they are not "
               f"victory points.")
    return Step(caption, (BuildingView(f"{bp.id} {bp.name}", bp, stacks, die_marks=points_marks(bp, stacks),
                                       footer=f"total {score.total}"),),
                facts={"total": score.total, "score": score})


def build() -> Demo:
    flat = card_by_id("B01")  # Row Houses: six spaces of 1, no hatching
    steps = [_wood_step(flat), *_recycled_steps(flat), _stone_step(flat), _glass_step(flat), _all_step()]
    return Demo("scoring", "Scoring the materials",
                "wood counts its neighbours, green counts as a set, stone counts its level, glass its top face",
                tuple(steps))

