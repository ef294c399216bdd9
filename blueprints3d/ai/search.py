"""Determinized Monte Carlo search: the `search` bot's thinking, fair by construction.

For one decision: sample states consistent with the player's view (other players' blueprints
and buildings, the bag's future draws), try each promising action on every sample, play the
rest of the round out with the greedy policy for everyone, and score the round with the real
rules. Rounds are scored independently of one another, so a round's end is a natural horizon:
the value of a playout is the player's victory points after it minus the best opponent's.

Every candidate is tried on the same samples with the same dice to come (common random
numbers), so the comparison between actions is not drowned by the luck of the draw, and
candidates are thinned by successive halving so the budget goes to the close calls.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from blueprints3d.ai.heuristic import DEFAULT, Weights, action_values, best_action
from blueprints3d.ai.observe import View
from blueprints3d.engine.determinize import state_from_view
from blueprints3d.engine.state import GameState, Phase


@dataclass(frozen=True)
class Budget:
    """How hard the search thinks. ``samples`` is the number of sampled states every surviving
    candidate is played on in the first stage (later stages double it for half as many
    candidates); ``candidates`` is how many of the greedy policy's favourites are searched;
    ``time_cap`` (seconds) stops the search early however far it got, which makes the choice
    depend on the machine's speed, so leave it as a safety net above the usual time."""

    samples: int = 6
    candidates: int = 6
    time_cap: float | None = 0.9


def _greedy_cell(w: Weights):
    """A model of how an opponent put their hidden dice down: the greedy rating of the cell."""
    def choose(state: GameState, player: int, die: int, cells: list[int]) -> int:
        saved = state.turn_order, state.turns_done, state.taken, state.phase
        # Rate the die as if this player were taking it now, from what they had so far.
        idx = state.taken[player].index(die)
        taken = [t[:] for t in state.taken]
        taken[player] = taken[player][:idx]
        state.taken = taken
        state.turn_order, state.turns_done, state.phase = [player], 0, Phase.TAKE
        try:
            vals = action_values(state, [die << 6 | c for c in cells], w)
        finally:
            state.turn_order, state.turns_done, state.taken, state.phase = saved
        return max(vals, key=lambda a: (vals[a], -a)) & 63
    return choose


def playout_round(state: GameState, w: Weights = DEFAULT) -> None:
    """Play greedy moves for everyone until the current round is scored (in place)."""
    rounds = len(state.round_results)
    while not state.is_over and len(state.round_results) == rounds:
        state.apply(best_action(state, None, w))


def utility(state: GameState, player: int) -> float:
    """Victory points ahead of the best opponent; a won game counts 2 more, a shared one 1."""
    vp = [state.victory_points(p) for p in range(state.num_players)]
    best_other = max(v for p, v in enumerate(vp) if p != player)
    u = float(vp[player] - best_other)
    res = state.result()
    if res is not None and player in res.winners:
        u += 2.0 / len(res.winners)
    return u


def search(view: View, player: int, rng: random.Random, budget: Budget,
           w: Weights = DEFAULT) -> int:
    """The action ``player`` should take, judged from ``view`` alone."""
    deadline = None if budget.time_cap is None else time.perf_counter() + budget.time_cap
    base = state_from_view(view, random.Random(rng.getrandbits(64)))
    legal = base.legal_actions()
    if len(legal) == 1:
        return legal[0]
    # Actions that do the same thing (equal dice to the same cell) need searching only once.
    rated = action_values(base, legal, w)
    seen: dict[tuple[int, int, int], int] = {}
    for a in sorted(legal, key=lambda a: (-rated[a], a)):
        d = a >> 6
        seen.setdefault((d // 8, base.values[d], a & 63), a)
    cands = list(seen.values())[:budget.candidates]
    if len(cands) == 1:
        return cands[0]
    total = {a: 0.0 for a in cands}
    count = {a: 0 for a in cands}
    chooser = _greedy_cell(w)
    samples = budget.samples
    while len(cands) > 1:
        for _ in range(samples):
            if deadline is not None and time.perf_counter() > deadline:
                break
            det = state_from_view(view, rng, chooser)
            dice_seed = rng.getrandbits(64)
            for a in cands:
                s = det.clone()
                s.reseed(dice_seed)
                s.apply(a)
                playout_round(s, w)
                total[a] += utility(s, player)
                count[a] += 1
        else:
            keep = max(1, len(cands) // 2)
            cands = sorted(cands, key=lambda a: (-total[a] / max(count[a], 1), -rated[a], a))[:keep]
            samples *= 2
            continue
        break  # out of time
    return max(cands, key=lambda a: (total[a] / max(count[a], 1), rated[a], -a))
