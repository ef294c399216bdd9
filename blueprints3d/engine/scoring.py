"""Building scores (pp. 3-4) and which Prizes a building qualifies for (pp. 4-5).

A building is given as stacks, one per cell of its blueprint, each a sequence of
``(material, value)`` pairs from the bottom up. Building points only rank buildings; they are
not victory points.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from blueprints3d.engine.blueprints import UNPRINTED, Blueprint
from blueprints3d.engine.materials import Material
from blueprints3d.engine.rules import (
    BLUEPRINT_BONUS,
    GEOMETER_VALUES,
    MATERIALS_SAME_COLOUR,
    PRIZE_RULES,
    RECYCLED_POINTS,
    SKYSCRAPER_HEIGHT,
    STONE_POINTS,
    STRUCTURAL_SAME_VALUE,
    WOOD_PER_NEIGHBOUR,
    Prize,
)

Stack = Sequence[tuple[int, int]]  # (material, value) bottom to top

_WOOD, _RECYCLED, _STONE, _GLASS = (int(m) for m in Material)
_TOP_LEVEL = len(STONE_POINTS) - 1  # stone from this level up scores as this level


_NO_PRIZES: frozenset[Prize] = frozenset()


class Score(NamedTuple):
    """A building's points by category (immutable; a NamedTuple because playouts make many)."""

    blueprint: int
    wood: int
    recycled: int
    stone: int
    glass: int
    prizes: frozenset[Prize] = _NO_PRIZES  # the Prizes the building qualifies for

    @property
    def total(self) -> int:
        return self.blueprint + self.wood + self.recycled + self.stone + self.glass

    def to_dict(self) -> dict[str, Any]:
        return {
            "blueprint": self.blueprint,
            "wood": self.wood,
            "recycled": self.recycled,
            "stone": self.stone,
            "glass": self.glass,
            "total": self.total,
            "prizes": [p.value for p in Prize if p in self.prizes],
        }


def recycled_points(count: int) -> int:
    return RECYCLED_POINTS[min(count, len(RECYCLED_POINTS) - 1)]


def stone_points(level: int) -> int:
    """Points of a stone die at ``level`` (1 = standing on the card)."""
    return STONE_POINTS[min(level, _TOP_LEVEL)]


def follows_blueprint(blueprint: Blueprint, stacks: Sequence[Stack]) -> bool:
    """Every numbered space holds exactly its number of dice, every hatched space none (an
    unprinted space, on a blank grid, asks for nothing). A card with no number printed has no
    plan to follow: no bonus."""
    checks = blueprint.bonus_checks
    return bool(checks) and all(len(stacks[c]) == n for c, n in checks)


def _at(stacks: Sequence[Stack], cell: int, level: int) -> bool:
    return level < len(stacks[cell])


def score_building(blueprint: Blueprint, stacks: Sequence[Stack]) -> Score:
    """The building's points by category and the Prizes it qualifies for."""
    neighbours = blueprint.neighbours
    wood = recycled = stone = glass = 0
    values = [0] * 7
    materials = [0, 0, 0, 0]
    tallest = 0
    for cell, stack in enumerate(stacks):
        height = len(stack)
        if height > tallest:
            tallest = height
        for level, (mat, val) in enumerate(stack):
            values[val] += 1
            materials[mat] += 1
            if mat == _WOOD:
                faces = (level > 0) + (level + 1 < height)
                for n in neighbours[cell]:
                    if level < len(stacks[n]):
                        faces += 1
                wood += WOOD_PER_NEIGHBOUR * faces
            elif mat == _RECYCLED:
                recycled += 1
            elif mat == _STONE:
                stone += STONE_POINTS[level + 1 if level < _TOP_LEVEL - 1 else _TOP_LEVEL]
            else:
                glass += val
    prizes = _NO_PRIZES
    sky = tallest >= SKYSCRAPER_HEIGHT
    geo = all(values[1 : GEOMETER_VALUES + 1])
    same_value = max(values) >= STRUCTURAL_SAME_VALUE
    same_colour = max(materials) >= MATERIALS_SAME_COLOUR
    if sky or geo or same_value or same_colour:
        won = set()
        if sky:
            won.add(Prize.SKYSCRAPER)
        if geo:
            won.add(Prize.GEOMETER)
        if same_value:
            won.add(Prize.STRUCTURAL_INTEGRITY)
        if same_colour:
            won.add(Prize.MATERIALS)
        prizes = frozenset(won)
    bonus = BLUEPRINT_BONUS if follows_blueprint(blueprint, stacks) else 0
    return Score(bonus, wood, recycled_points(recycled), stone, glass, prizes)


@dataclass(frozen=True)
class DiePoints:
    """What one die contributes, for showing the score on the building itself."""

    cell: int
    level: int  # 0 = standing on the card
    material: Material
    value: int
    points: int
    reason: str
    # A wood die's contacts, the dice it touches as (cell, level): each is worth WOOD_PER_NEIGHBOUR.
    touching: tuple[tuple[int, int], ...] = ()


class SpaceCheck(NamedTuple):
    """One space of the blueprint against the building: the blueprint bonus needs every one ok."""

    cell: int
    needed: int  # the printed height; 0 for a hatched space
    built: int  # dice standing there
    ok: bool


def blueprint_checks(blueprint: Blueprint, stacks: Sequence[Stack]) -> tuple[SpaceCheck, ...]:
    """Every space checked as the blueprint bonus checks it (agrees with follows_blueprint on
    every card with a plan; an unprinted space asks for nothing and is always ok)."""
    return tuple(
        SpaceCheck(cell, h or 0, len(s), h == UNPRINTED or len(s) == (h or 0))
        for cell, (s, h) in enumerate(zip(stacks, blueprint.heights, strict=True))
    )


def explain_building(blueprint: Blueprint, stacks: Sequence[Stack]) -> list[DiePoints]:
    """Per-die contributions in words. Recycled dice share their set's points; the blueprint bonus
    belongs to the building, not to a die. Agrees with score_building (a test checks it)."""
    out: list[DiePoints] = []
    n_green = sum(1 for s in stacks for m, _ in s if m == _RECYCLED)
    for cell, stack in enumerate(stacks):
        for level, (mat, val) in enumerate(stack):
            material = Material(mat)
            touching: tuple[tuple[int, int], ...] = ()
            if mat == _WOOD:
                touching = tuple(
                    [(cell, level - 1)] * (level > 0)
                    + [(cell, level + 1)] * (level + 1 < len(stack))
                    + [(n, level) for n in blueprint.neighbours[cell] if _at(stacks, n, level)]
                )
                faces = len(touching)
                pts, why = (
                    WOOD_PER_NEIGHBOUR * faces,
                    f"wood touching {faces} {'die' if faces == 1 else 'dice'}: +{WOOD_PER_NEIGHBOUR} each",
                )
            elif mat == _RECYCLED:
                pts, why = (
                    0,
                    (
                        f"one of {n_green} recycled dice: {recycled_points(n_green)} for the set"
                        if n_green > 1
                        else f"a single recycled die: {recycled_points(n_green)} for the set"
                    ),
                )
            elif mat == _STONE:
                pts, why = stone_points(level + 1), f"stone on level {level + 1}"
            else:
                pts, why = (
                    val,
                    f"glass showing {val}"
                    + (" (covered, still counts)" if level + 1 < len(stack) else ""),
                )
            out.append(DiePoints(cell, level, material, val, pts, why, touching))
    return out


__all__ = [
    "Stack",
    "Prize",
    "PRIZE_RULES",
    "BLUEPRINT_BONUS",
    "WOOD_PER_NEIGHBOUR",
    "RECYCLED_POINTS",
    "STONE_POINTS",
    "Score",
    "recycled_points",
    "stone_points",
    "follows_blueprint",
    "score_building",
    "DiePoints",
    "explain_building",
    "SpaceCheck",
    "blueprint_checks",
]
