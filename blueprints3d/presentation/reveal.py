"""The reveal of a scored round as a list of steps, every number from the engine's round result.

After a round the screens lift and the table visits each building in turn order: one material at
a time, the points appear on the dice that earn them (wood with the dice it touches, stone with
its level, glass with its value, covered or not, the recycled set counted up), then the blueprint
bonus checks each space, then the building's total. Then the Awards and the Prizes go to their
buildings with the reason in words, ties explained as the engine decided them.

Nothing here is recomputed: the points are ``explain_building``'s, the category sums the round
result's ``Score``, the space checks ``blueprint_checks``'s and the reasons the ``Placement``'s.
The client's reveal player (client/table/reveal.py) draws these steps; this module has no Panda3D.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from blueprints3d.engine.materials import Material
from blueprints3d.engine.results import RoundResult
from blueprints3d.engine.rules import BLUEPRINT_BONUS, PRIZE_RULES, PRIZE_VP, WOOD_PER_NEIGHBOUR, vp_text
from blueprints3d.engine.scoring import DiePoints, SpaceCheck, blueprint_checks, explain_building
from blueprints3d.text import plural

# How long each kind of step stays before the next one, in seconds (Space skips one, Enter all).
DURATIONS = {"lift": 1.4, "building": 1.0, "material": 1.8, "bonus": 1.6, "total": 1.2,
             "award": 2.2, "prize": 2.2, "summary": 0.0}
# The order materials are counted in: the order of the score sheet.
MATERIAL_ORDER = (Material.WOOD, Material.RECYCLED, Material.STONE, Material.GLASS)


@dataclass(frozen=True)
class Tag:
    """A label on one die of the building being shown."""

    cell: int
    level: int
    text: str


@dataclass(frozen=True)
class RevealStep:
    kind: str                                # lift / building / material / bonus / total / award / prize / summary
    caption: str                             # what the step shows, in words
    player: int | None = None                # whose building the camera visits
    material: Material | None = None
    tags: tuple[Tag, ...] = ()               # labels on the dice that earn points
    lit: tuple[tuple[int, int], ...] = ()    # dice outlined (cell, level): what a wood die touches
    spaces: tuple[SpaceCheck, ...] = ()      # blueprint bonus: every space checked
    running: int | None = None               # the building's points counted so far
    card: str | None = None                  # an Award / Prize card going to ``player`` ("gold", "geometer")

    @property
    def duration(self) -> float:
        return DURATIONS[self.kind]


def _material_step(p: int, material: Material, dice: list[DiePoints], points: int, running: int,
                   name: str, heights: Sequence[int]) -> RevealStep:
    tags: list[Tag] = []
    lit: list[tuple[int, int]] = []
    if material is Material.WOOD:
        for d in dice:
            n = len(d.touching)
            tags.append(Tag(d.cell, d.level, f"+{d.points} wood: touches {plural(n, 'die')}"))
            lit += [t for t in d.touching if t not in lit]
        caption = (f"{name}'s wood: +{WOOD_PER_NEIGHBOUR} for every die a wood die touches, "
                   f"{plural(points, 'point')}")
    elif material is Material.RECYCLED:
        for i, d in enumerate(dice, 1):
            tags.append(Tag(d.cell, d.level, f"recycled {i} of {len(dice)}"))
        together = "a single die makes" if len(dice) == 1 else f"{len(dice)} dice together make"
        caption = f"{name}'s recycled set: {together} {plural(points, 'point')}"
    elif material is Material.STONE:
        for d in dice:
            tags.append(Tag(d.cell, d.level, f"+{d.points} stone on level {d.level + 1}"))
        caption = f"{name}'s stone: the higher it stands, the more it scores, {plural(points, 'point')}"
    else:
        for d in dice:
            covered = ", covered" if d.level + 1 < heights[d.cell] else ""
            tags.append(Tag(d.cell, d.level, f"+{d.points} glass showing {d.value}{covered}"))
        caption = f"{name}'s glass: each scores the value it shows, covered or not, {plural(points, 'point')}"
    return RevealStep("material", caption, p, material, tuple(tags), tuple(lit), running=running)


def reveal_steps(result: RoundResult, names: Sequence[str]) -> list[RevealStep]:
    """The whole reveal of ``result``: the lift, each building in turn order, Awards, Prizes,
    and last the round summary."""
    steps = [RevealStep("lift", f"Round {result.round} is over: the screens lift")]
    for p in result.turn_order:
        name, score = names[p], result.scores[p]
        bp, stacks = result.blueprints[p], result.buildings[p]
        dice = explain_building(bp, stacks)
        n = sum(len(s) for s in stacks)
        steps.append(RevealStep("building", f"{name}'s building: {plural(n, 'die')} on {bp.name}",
                                p, running=0))
        running = 0
        sums = {Material.WOOD: score.wood, Material.RECYCLED: score.recycled,
                Material.STONE: score.stone, Material.GLASS: score.glass}
        for m in MATERIAL_ORDER:
            of = [d for d in dice if d.material is m]
            if not of:
                continue
            running += sums[m]
            steps.append(_material_step(p, m, of, sums[m], running, name, [len(s) for s in stacks]))
        checks = blueprint_checks(bp, stacks)
        spaces = checks
        running += score.blueprint
        if score.blueprint:
            caption = f"{name} built every space as printed: blueprint bonus +{score.blueprint}"
        else:
            wrong = sum(1 for c in checks if not c.ok)
            caption = (f"No blueprint bonus (+{BLUEPRINT_BONUS}) for {name}: "
                       f"{plural(wrong, 'space')} not as printed")
        tags = tuple(Tag(c.cell, max(c.built - 1, 0), f"needs {c.needed}, has {c.built}")
                     for c in checks if not c.ok)
        steps.append(RevealStep("bonus", caption, p, tags=tags, spaces=spaces, running=running))
        steps.append(RevealStep("total", f"{name}'s building scores {plural(score.total, 'point')}",
                                p, running=score.total))
    for award, pl in result.awards.items():
        why = f"{names[pl.player]}, building score {result.scores[pl.player].total}"
        if pl.ties:
            why += "; tied with " + ", ".join(pl.ties)
        steps.append(RevealStep("award", f"{award.title} Award ({vp_text(award.victory_points)}) "
                                f"to {why}", pl.player, card=award.value))
    for prize, pl in result.prizes.items():
        why = f"{names[pl.player]}: {PRIZE_RULES[prize]}"
        if pl.ties:
            why += "; also qualified: " + ", ".join(pl.ties)
        steps.append(RevealStep("prize", f"{prize.title} Prize ({vp_text(PRIZE_VP)}) to {why}",
                                pl.player, card=prize.value))
    if not result.prizes:
        steps.append(RevealStep("prize", "No Prizes this round: no building qualified"))
    steps.append(RevealStep("summary", f"Round {result.round}: the scores"))
    return steps


def reveal_seconds(steps: Sequence[RevealStep]) -> float:
    """How long the reveal takes when nothing is skipped."""
    return sum(s.duration for s in steps)


__all__ = ["Tag", "RevealStep", "reveal_steps", "reveal_seconds", "DURATIONS", "MATERIAL_ORDER"]
