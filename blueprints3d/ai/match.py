"""Playing whole games between bots: the loop the tournament and the tests share."""

from __future__ import annotations

import time
from dataclasses import dataclass
from collections.abc import Sequence

from blueprints3d.ai.bots import Bot
from blueprints3d.engine.state import GameState


@dataclass(frozen=True)
class GameRecord:
    """One finished game, per seat: victory points, a share of the win (1/k for a victory
    shared by k), mean building score over the rounds, decisions made, time spent thinking
    and the slowest decision (seconds, wall clock), how many decisions took longer than a
    second, and the slowest decision in CPU seconds of this process (on a loaded machine the
    wall clock also counts the time the process waited for a core)."""

    seed: int
    victory_points: tuple[int, ...]
    win_share: tuple[float, ...]
    building_score: tuple[float, ...]
    decisions: tuple[int, ...]
    think_time: tuple[float, ...]
    max_think: tuple[float, ...]
    over_1s: tuple[int, ...]
    max_cpu: tuple[float, ...]


def play_game(
    bots: Sequence[Bot], seed: int, start_player: int = 0
) -> tuple[GameState, GameRecord]:
    """Play one game, seat i played by ``bots[i]``; each bot sees only its own view."""
    n = len(bots)
    state = GameState.new(n, seed, start_player=start_player)
    decisions = [0] * n
    think = [0.0] * n
    slowest = [0.0] * n
    over = [0] * n
    cpu = [0.0] * n
    while not state.is_over:
        p = state.current_player
        assert p is not None  # the game is not over
        t0, c0 = time.perf_counter(), time.process_time()
        action = bots[p].choose(state, p)
        dt = time.perf_counter() - t0
        cpu[p] = max(cpu[p], time.process_time() - c0)
        decisions[p] += 1
        think[p] += dt
        slowest[p] = max(slowest[p], dt)
        over[p] += dt > 1.0
        state.apply(action)  # raises IllegalAction if a bot ever cheats the rules
    res = state.result()
    assert res is not None
    share = tuple((1.0 / len(res.winners)) if p in res.winners else 0.0 for p in range(n))
    scores = tuple(
        sum(rr.scores[p].total for rr in state.round_results) / len(state.round_results)
        for p in range(n)
    )
    return state, GameRecord(
        seed,
        res.victory_points,
        share,
        scores,
        tuple(decisions),
        tuple(think),
        tuple(slowest),
        tuple(over),
        tuple(cpu),
    )
