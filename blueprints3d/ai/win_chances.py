"""What the standings at a round's end are worth: the chance of going on to win the game.

The expert's search plays a move's round out and has to value where that leaves it. ``hard``
counts victory points ahead of the best opponent, which treats two more points the same
whether they turn a loss into a lead or pad a lead that is already safe. The expert counts
what a player wants: the game won. At the end of the last round that is exact (won, shared
or lost, by the game's tie rule). After round 1 or 2 of a two-player game it is the chance
that a player so many Prizes and Silver Awards ahead goes on to win, read from a table that
``tools/fit_win_chances.py`` fits from self-play (``data/win_chances.json``). With three or
four players the standings have too many shapes for a small table, so the chance is a softmax
of the victory points, exp(VP / scale), with a scale per rounds to go fitted by the same tool
(a player count the file has no scale for falls back to points ahead of the best opponent:
only moves within one round are ever compared, so the scales never meet).

It reads only public facts: every player's Award and Prize cards are announced at each
round's scoring.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache

from blueprints3d import resources
from blueprints3d.engine.errors import CardDataError
from blueprints3d.engine.rules import NUM_ROUNDS, POOL_SIZE, Award
from blueprints3d.engine.state import GameState
from blueprints3d.i18n.message import Message

# A hair of points ahead on top of the chance: it only orders moves whose chances are equal
# (a game already decided, a lead the table calls safe), and is far below one playout's say.
POINTS_TIEBREAK = 0.001
# The exact tables are for a head-to-head game, the fewest players the game takes: one opponent
# and one Award (the Silver), so a position is the Prizes and the Silvers one is ahead
# (tests/ai/test_win_chances.py checks that the rules still say so).
HEAD_TO_HEAD = min(POOL_SIZE)


@lru_cache(maxsize=1)
def _data() -> tuple[dict[int, tuple[int, int, list[list[float]]]], dict[int, dict[int, float]]]:
    try:
        raw = json.loads(resources.read_text("blueprints3d.ai", "data/win_chances.json"))
        two = {}
        for left, t in raw["two_players"]["tables"].items():
            sp, ss, rows = int(t["prizes_span"]), int(t["silver_span"]), t["chance"]
            if len(rows) != 2 * sp + 1 or any(len(r) != 2 * ss + 1 for r in rows):
                raise ValueError(
                    f"the table for {left} round(s) to go is not {2 * sp + 1}x{2 * ss + 1}"
                )
            two[int(left)] = (sp, ss, [[float(v) for v in r] for r in rows])
        scales = {
            int(n): {int(left): float(x) for left, x in part["scale"].items()}
            for n, part in raw.get("softmax", {}).items()
        }
        if any(x <= 0 for part in scales.values() for x in part.values()):
            raise ValueError("a softmax scale is not positive")
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
        raise CardDataError(
            Message.of(
                "the expert's win-chance data (ai/data/win_chances.json) is unreadable: {reason}",
                reason=str(e),
            )
        ) from e
    return two, scales


def tables() -> dict[int, tuple[int, int, list[list[float]]]]:
    """Two players: rounds to go -> (Prizes span, Silver span,
    chance[prizes ahead + span][silver ahead + span])."""
    return _data()[0]


def scales() -> dict[int, dict[int, float]]:
    """Three or four players: players -> rounds to go -> the softmax scale in victory points."""
    return _data()[1]


def points_ahead(state: GameState, player: int) -> int:
    """Victory points ahead of the best opponent."""
    return _ahead([state.victory_points(p) for p in range(state.num_players)], player)


def _ahead(vp: list[int], player: int) -> int:
    return vp[player] - max(v for p, v in enumerate(vp) if p != player)


def win_value(state: GameState, player: int) -> float:
    """The worth to ``player`` of ``state`` at a round's end (or the game's), 0 to 1 in
    two-player games and at the game's end; see the module's docstring."""
    n = state.num_players
    vp = [state.victory_points(p) for p in range(n)]
    ahead = _ahead(vp, player)
    tiebreak = ahead * POINTS_TIEBREAK
    res = state.result()
    if res is not None:
        return (1.0 / len(res.winners) if player in res.winners else 0.0) + tiebreak
    left = NUM_ROUNDS - state.round + 1  # the state is already set up for the next round
    if n != HEAD_TO_HEAD:
        scale = scales().get(n, {}).get(left)
        if scale is None:
            return ahead + tiebreak
        top = max(vp)
        weights = [math.exp((v - top) / scale) for v in vp]
        return weights[player] / sum(weights) + tiebreak
    sp, ss, chance = tables()[left]
    other = 1 - player
    prizes = len(state.prizes[player]) - len(state.prizes[other])
    silver = state.awards[player].count(Award.SILVER) - state.awards[other].count(Award.SILVER)
    return chance[max(-sp, min(sp, prizes)) + sp][max(-ss, min(ss, silver)) + ss] + tiebreak
