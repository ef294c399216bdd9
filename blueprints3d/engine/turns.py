"""Whose turn it is: the phases of a turn, a round's turn order and who starts the next round.

The turn machine itself is ``GameState.apply``; this module holds the parts of it that are rules
rather than bookkeeping, so they can be read (and tested) on their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from blueprints3d.engine.rules import TAKES_PER_ROUND


class Phase(Enum):
    TAKE = "take"  # the current player takes a die from the pool and places it
    DISCARD = "discard"  # two players: the current player discards a second pool die
    OVER = "over"


def turn_order(start: int, players: int) -> list[int]:
    """Clockwise from ``start``."""
    return [(start + i) % players for i in range(players)]


def turns_in_round(players: int) -> int:
    """Turns (takes) in one round: every player takes TAKES_PER_ROUND dice."""
    return TAKES_PER_ROUND * players


def next_start_player(totals: Sequence[int], order: Sequence[int]) -> int:
    """Who starts the next round: the lowest building score. Decision: a tie goes to the tied
    player who comes first clockwise from this round's start player (``order[0]``)."""
    lowest = min(totals)
    return next(p for p in order if totals[p] == lowest)
