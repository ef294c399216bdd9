"""How the strongest bot thinks: the expert's search, which the coach's hints are drawn from.

``hard`` judges a move by playing the rest of the round out with the greedy policy for
everyone. Those playouts all follow the single line greedy would take, so a move is judged by one
fixed continuation, and a position with several good follow-ups counts no more than one with a
single one: more samples only average the dice, not that blind spot, which is why ten times the
budget did not make ``hard`` stronger. The expert plays its playouts by the greedy ratings
softened (each move drawn with weight exp(rating / temperature); ``heuristic.sampled_action``),
so that close second choices get played too and a move is judged over a spread of plausible
continuations. Every candidate still meets the same dice and the same draws (common random
numbers), and more samples now keep sharpening the estimate, so more thinking helps.

It also wants what a player wants. ``hard`` scores a playout by victory points ahead; the expert
by the chance of winning the game from where the round leaves it (``win_chances``): exact at the
game's end, fitted from self-play after round 1 and 2. A lead that is already safe is worth little
more, a deficit is worth a risk, and a Prize that decides the tie rule counts.
"""

from __future__ import annotations

from dataclasses import dataclass

from blueprints3d.ai.heuristic import DEFAULT, Weights
from blueprints3d.ai.search import CHANCES, Budget

# The rating gap (in rough victory points) at which a second choice is played e^-1 as often as
# the best: the median gap between the two best greedy moves is about 0.05, a quarter of gaps
# are over 0.3, so clear choices stay clear and near-ties are explored.
TEMPERATURE = 0.15


@dataclass(frozen=True)
class Strategy:
    budget: Budget
    weights: Weights = DEFAULT
    temperature: float = TEMPERATURE
    value: str = CHANCES  # a playout's end is worth the chance of winning the game (win_chances)


# The expert's budget: twice hard's playout moves over 12 candidates (hard: 8); a median 0.34 s
# a two-player decision, 0.58 s a four-player one, with both cores of the 2-core machine busy
# (benchmarks/ai_decision_time.py); capped at 0.9 s, so that it answers within a second.
EXPERT = Strategy(Budget(moves=6000, candidates=12, min_samples=3, time_cap=0.9))

# The coach thinks longer than a bot (a person asked and watches the progress), without a time
# cap so that a hint depends on the position and the seed alone, never on the machine's load.
COACH = Strategy(Budget(moves=12000, candidates=12, min_samples=4, time_cap=None))
