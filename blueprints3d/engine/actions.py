"""Actions as small ints, so the legal-action lists that bots search over stay cheap.

An action names a die and a *slot*: a cell index for placing the taken die, or one of SET_ASIDE
(take a die that fits nowhere; it leaves the game for the round) or DISCARD (the two-player
rule: discard a second die from the pool). How the two are packed into one int is this module's
business alone: everything else builds actions with ``place``/``set_aside``/``discard`` and reads
them with ``decode``/``die_of``/``slot_of``/``cell_of`` (or the ``DIE_OF``/``SLOT_OF`` tables in
hot loops, which are as cheap as the bit operations they replace).
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from blueprints3d.engine.blueprints import MAX_SIDE
from blueprints3d.engine.materials import NUM_DICE

# Every cell of the largest card a blueprint may have (MAX_SIDE x MAX_SIDE) has a slot of its
# own, and the two kinds that name no cell come after them: a slot is 7 bits wide.
MAX_CELLS = MAX_SIDE * MAX_SIDE
SET_ASIDE = MAX_CELLS
DISCARD = MAX_CELLS + 1
SLOT_BITS = DISCARD.bit_length()
_SLOT_MASK = (1 << SLOT_BITS) - 1
NUM_ACTIONS = NUM_DICE << SLOT_BITS  # every action is an int in range(NUM_ACTIONS)


class Kind(Enum):
    PLACE = "place"
    SET_ASIDE = "set_aside"
    DISCARD = "discard"


class Decoded(NamedTuple):
    kind: Kind
    die: int
    cell: int | None


def _pack(die: int, slot: int) -> int:
    return die << SLOT_BITS | slot


def place(die: int, cell: int) -> int:
    """Take ``die`` from the pool and put it on ``cell`` of your building."""
    return _pack(die, cell)


def set_aside(die: int) -> int:
    """Take ``die`` from the pool although it fits nowhere on your building."""
    return _pack(die, SET_ASIDE)


def discard(die: int) -> int:
    """Two players: discard ``die`` from the pool after placing."""
    return _pack(die, DISCARD)


def split(action: int) -> tuple[int, int]:
    """``(die, slot)`` of any non-negative int; callers check the range themselves (the engine's
    ``apply`` turns a bad one into IllegalAction)."""
    return action >> SLOT_BITS, action & _SLOT_MASK


def decode(action: int) -> Decoded:
    die, slot = split(action)
    if slot == SET_ASIDE:
        return Decoded(Kind.SET_ASIDE, die, None)
    if slot == DISCARD:
        return Decoded(Kind.DISCARD, die, None)
    return Decoded(Kind.PLACE, die, slot)


# Lookup tables by action, for the hot loops of legal play and bot playouts.
DIE_OF: tuple[int, ...] = tuple(split(a)[0] for a in range(NUM_ACTIONS))
SLOT_OF: tuple[int, ...] = tuple(split(a)[1] for a in range(NUM_ACTIONS))


def die_of(action: int) -> int:
    return split(action)[0]


def slot_of(action: int) -> int:
    """The cell index of a placement, or SET_ASIDE or DISCARD."""
    return split(action)[1]


def cell_of(action: int) -> int | None:
    slot = slot_of(action)
    return None if slot >= MAX_CELLS else slot


def placements(die: int, cells_mask: int) -> tuple[int, ...]:
    """The take actions for ``die`` given the bit mask of the cells it fits (bit c: cell c):
    a placement on each, or setting it aside when it fits nowhere."""
    if not cells_mask:
        return (set_aside(die),)
    return tuple(place(die, c) for c in range(cells_mask.bit_length()) if cells_mask >> c & 1)
