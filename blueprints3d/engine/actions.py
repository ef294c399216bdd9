"""Actions as small ints, so the legal-action lists that bots search over stay cheap.

An action is ``die << 6 | slot``: ``slot`` is a cell index for placing the taken die, or one of
SET_ASIDE (take a die that fits nowhere; it leaves the game for the round) or DISCARD (the
two-player rule: discard a second die from the pool). Use the helpers rather than the numbers.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

SET_ASIDE = 62
DISCARD = 63
MAX_CELLS = 62


class Kind(Enum):
    PLACE = "place"
    SET_ASIDE = "set_aside"
    DISCARD = "discard"


class Decoded(NamedTuple):
    kind: Kind
    die: int
    cell: int | None


def place(die: int, cell: int) -> int:
    """Take ``die`` from the pool and put it on ``cell`` of your building."""
    return die << 6 | cell


def set_aside(die: int) -> int:
    """Take ``die`` from the pool although it fits nowhere on your building."""
    return die << 6 | SET_ASIDE


def discard(die: int) -> int:
    """Two players: discard ``die`` from the pool after placing."""
    return die << 6 | DISCARD


def decode(action: int) -> Decoded:
    die, slot = action >> 6, action & 63
    if slot == SET_ASIDE:
        return Decoded(Kind.SET_ASIDE, die, None)
    if slot == DISCARD:
        return Decoded(Kind.DISCARD, die, None)
    return Decoded(Kind.PLACE, die, slot)


def die_of(action: int) -> int:
    return action >> 6


def cell_of(action: int) -> int | None:
    slot = action & 63
    return None if slot >= MAX_CELLS else slot
