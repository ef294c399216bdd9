"""How the strongest bot thinks: the expert's search, which the coach's hints are drawn from.

``hard`` judges a move by playing the rest of the round out with the greedy policy for
everyone. Those playouts all follow the single line greedy would take, so a move is judged by one
fixed continuation, and a position with several good follow-ups counts no more than one with a
single one: more samples only average the dice, not that blind spot, so a bigger budget does not
make ``hard`` stronger. The expert plays its playouts by the greedy ratings
softened (each move drawn with weight exp(rating / temperature); ``heuristic.sampled_action``),
so that close second choices get played too and a move is judged over a spread of plausible
continuations. Every candidate still meets the same dice and the same draws (common random
numbers), and more samples keep sharpening the estimate, so more thinking helps.

It also wants what a player wants. ``hard`` scores a playout by victory points ahead; the expert
by the chance of winning the game from where the round leaves it (``win_chances``): exact at the
game's end, fitted from self-play after round 1 and 2. A lead that is already safe is worth little
more, a deficit is worth a risk, and a Prize that decides the tie rule counts.

With four players (``Strategy.crowd``) the search goes over fewer candidates, its own playout
moves are greedy, and the three opponents' are softened at OPPONENTS_TEMPERATURE: the temperature
at which the greedy ratings best predict what hard really plays (measured below).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

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
    # The player's own playout moves at this temperature instead (None: ``temperature``).
    own_temperature: float | None = None
    value: str = CHANCES  # a playout's end is worth the chance of winning the game (win_chances)
    # How to think with CROWD_PLAYERS or more players (None: the same as with fewer); see below.
    crowd: Strategy | None = None

    def for_players(self, players: int) -> Strategy:
        """The strategy for a game of ``players``."""
        return self.crowd if self.crowd is not None and crowded(players) else self


def crowded(players: int) -> bool:
    """Whether a game of ``players`` is searched by a strategy's ``crowd`` plan."""
    return players >= CROWD_PLAYERS


# With four players (CROWD_PLAYERS) the expert plays its playouts over 8 candidates, its own
# moves greedily and the three opponents' softened at OPPONENTS_TEMPERATURE (the temperature at
# which the greedy ratings best predict how hard plays), 13500 playout moves a decision, capped
# at 0.9 s. Three players keep the two-player plan. Why, run by run with the commands that
# reproduce each figure: benchmarks/RESULTS.md, "The four-player expert".
CROWD_PLAYERS = 4
OPPONENTS_TEMPERATURE = 0.3
CROWD_BUDGET = Budget(moves=13500, candidates=8, min_samples=3, time_cap=0.9)

# The expert's budget with two players: 6000 playout moves over 12 candidates (hard: 3000 over
# 8), all of them spent (search.halving_stages counts the stages the halving really runs).
# Capped at 0.9 s, so that it answers within a second; benchmarks/ai_decision_time.py gives
# the times and benchmarks/RESULTS.md the tournaments.
EXPERT = Strategy(
    Budget(moves=6000, candidates=12, min_samples=3, time_cap=0.9),
    crowd=Strategy(CROWD_BUDGET, temperature=OPPONENTS_TEMPERATURE, own_temperature=0.0),
)

# The coach thinks longer than a bot (a person asked and watches the progress), without a time
# cap so that a hint depends on the position and the seed alone, never on the machine's load.
# With four players its playouts are greedy too, for the expert's reason, and it thinks twice
# as long as the four-player expert does (1 to 3 s a hint on the idle machine, the longest at a
# round's start, with the progress shown).
COACH_BUDGET = Budget(moves=12000, candidates=12, min_samples=4, time_cap=None)
COACH_CROWD_BUDGET = replace(COACH_BUDGET, moves=2 * CROWD_BUDGET.moves)
COACH = Strategy(
    COACH_BUDGET,
    crowd=Strategy(COACH_CROWD_BUDGET, temperature=OPPONENTS_TEMPERATURE, own_temperature=0.0),
)
