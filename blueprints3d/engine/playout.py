"""Random legal play: the cheapest policy, used by `simulate`, benchmarks, tests and bot playouts."""

from __future__ import annotations

import random

from blueprints3d.engine.state import GameState


def random_playout(
    state: GameState, rng: random.Random, max_rounds: int | None = None
) -> GameState:
    """Play random legal actions on ``state`` (in place) until the game ends, or until
    ``max_rounds`` more rounds have been scored. Returns the same state."""
    stop_round = None if max_rounds is None else len(state.round_results) + max_rounds
    rand = rng.random
    while not state.is_over:
        if stop_round is not None and len(state.round_results) >= stop_round:
            break
        legal = state.legal_actions()
        state.apply(legal[int(rand() * len(legal))])
    return state


def random_game(players: int, seed: int) -> GameState:
    """A whole game of random legal play; the seed fixes both the dice and the players' choices."""
    state = GameState.new(players, seed, start_player=seed % players)
    return random_playout(state, random.Random(seed ^ 0x5EED))
