"""Where a die may go, fast: the placement rule (``blueprints.placement_error``) as bit masks.

A building is summed up by each cell's *top*: 0 for an empty space, the value of its top die,
or HATCHED_TOP for a hatched space, which no die can reach. A die showing v fits a cell whose
top is v or lower. That is the whole placement rule, so these masks are exact (a property test
checks them against ``placement_error`` on random buildings) and cacheable by the tops alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from blueprints3d.engine import actions as A
from blueprints3d.engine.blueprints import Blueprint
from blueprints3d.engine.materials import NUM_DICE
from blueprints3d.engine.rules import DIE_FACES

HATCHED_TOP = (
    DIE_FACES + 1
)  # a "top value" no die can reach: nothing is ever placed on a hatched space


def empty_tops(blueprint: Blueprint) -> list[int]:
    """The tops of an empty building on ``blueprint``."""
    return [HATCHED_TOP if h is None else 0 for h in blueprint.heights]


def tops_of(
    blueprint: Blueprint, stacks: Sequence[Sequence[int]], values: Sequence[int]
) -> list[int]:
    """The tops of a building given as die ids per cell."""
    return [
        HATCHED_TOP if h is None else (values[st[-1]] if st else 0)
        for h, st in zip(blueprint.heights, stacks, strict=True)
    ]


def fitting_cells(tops: Sequence[int], value: int) -> list[int]:
    """The cells where a die showing ``value`` may go."""
    return [c for c, top in enumerate(tops) if top <= value]


def fit_masks(tops: tuple[int, ...]) -> list[int]:
    """fit[v]: bit mask of the cells where a die showing v may go, given each cell's top value."""
    fit = [0] * (HATCHED_TOP + 1)
    for c, t in enumerate(tops):
        if t < HATCHED_TOP:
            fit[t or 1] |= 1 << c
    for v in range(2, DIE_FACES + 1):
        fit[v] |= fit[v - 1]
    return fit


# Caches for take_actions: a building's tops -> fit masks, and (die, cell mask) -> that die's
# actions. Both stay small: few distinct combinations occur in real games.
_FITS: dict[tuple[int, ...], list[int]] = {}
_ACTIONS: dict[int, tuple[int, ...]] = {}
_FITS_LIMIT = 200_000  # bound the cache; real games use far fewer
# The (die, mask) key packs the die into the low bits, so the key of a small card's mask stays a
# small int, which hashes fast (the die above a 64-bit mask made every key a big int).
_DIE_BITS = (NUM_DICE - 1).bit_length()


def take_actions(tops: Sequence[int], pool: Sequence[int], values: Sequence[int]) -> list[int]:
    """Every take action for a player whose building has ``tops``: each pool die on each cell it
    fits, or set aside when it fits nowhere (the only way a die may be set aside)."""
    key_tops = tuple(tops)
    fit = _FITS.get(key_tops)
    if fit is None:
        if len(_FITS) > _FITS_LIMIT:
            _FITS.clear()
        fit = _FITS[key_tops] = fit_masks(key_tops)
    out: list[int] = []
    table, bits = _ACTIONS, _DIE_BITS
    for d in pool:
        mask = fit[values[d]]
        key = mask << bits | d  # a cache key, not an action
        acts = table.get(key)
        if acts is None:
            acts = table[key] = A.placements(d, mask)
        out += acts
    return out


def discard_actions(pool: Sequence[int]) -> list[int]:
    """Two players: discarding any pool die."""
    return [A.discard(d) for d in pool]
