"""How the strongest bot thinks: its search budget and the weights of its playout policy, which
the expert bot plays by and the coach's hints are drawn from."""

from __future__ import annotations

from dataclasses import dataclass

from blueprints3d.ai.heuristic import DEFAULT, Weights
from blueprints3d.ai.search import Budget


@dataclass(frozen=True)
class Strategy:
    budget: Budget
    weights: Weights


# The coach thinks longer than a bot (a person asked and watches the progress), without a time
# cap so that a hint depends on the position and the seed alone, never on the machine's load.
COACH = Strategy(Budget(moves=12000, candidates=8, min_samples=4, time_cap=None), DEFAULT)
