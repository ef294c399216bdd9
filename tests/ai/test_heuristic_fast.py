"""The greedy ratings' fast paths agree exactly with the plain definitions they stand for.

``action_values`` runs on every move of every playout, so it works out per call what depends
only on a die or only on a cell, counts colours with one sum, and skips opponents with too few
dice to qualify for a Prize. Those shortcuts must not change a single rating: the search's
choices (and the tournament figures measured with them) depend on the exact floats.
"""

from __future__ import annotations

import random

import pytest

from blueprints3d.ai import heuristic as H
from blueprints3d.engine import actions as A
from blueprints3d.engine.materials import MATERIAL_OF
from blueprints3d.engine.rules import (
    GEOMETER_VALUES,
    MATERIALS_SAME_COLOUR,
    STRUCTURAL_SAME_VALUE,
    TAKES_PER_ROUND,
    WOOD_PER_NEIGHBOUR,
)
from blueprints3d.engine.state import GameState
from blueprints3d.engine.turns import Phase


def _states(players: int, games: int) -> list[GameState]:
    """Every take decision of softened greedy games: varied buildings, set-aside dice included."""
    out = []
    for g in range(games):
        state = GameState.new(players, 40 + g)
        rng = random.Random(g)
        while not state.is_over:
            if state.phase is Phase.TAKE:
                out.append(state.clone())
            state.apply(H.sampled_action(state, rng.random(), H.DEFAULT, 0.5))
    return out


def _plain_contested(state: GameState, player: int) -> tuple[bool, bool, bool]:
    s = m = g = False
    for p in range(state.num_players):
        if p != player and state.taken[p]:
            prof = H._Profile(state, p)
            s = s or max(prof.vc) >= STRUCTURAL_SAME_VALUE
            m = m or max(prof.mc) >= MATERIALS_SAME_COLOUR
            g = g or prof.distinct == GEOMETER_VALUES
    return s, m, g


def _plain_values(state: GameState, w: H.Weights = H.DEFAULT) -> dict[int, float]:
    """The rating of every take action, written out action by action with ``_sky`` and
    ``_bonus_factor`` (the heuristic's definition, without its caches)."""
    player = state.current_player
    bp, stacks, tops = state.blueprints[player], state.stacks[player], state.tops[player]
    heights = [len(st) for st in stacks]
    prof = H._Profile(state, player)
    left = TAKES_PER_ROUND - len(state.taken[player]) - 1
    contested = _plain_contested(state, player)
    avail = [sum(1 for d in state.bag + state.pool if MATERIAL_OF[d] == m) for m in range(4)]
    bonus_ok = not prof.aside and all(
        t is None or h <= t for h, t in zip(heights, bp.heights, strict=True)
    )
    cell_f, base_bonus, missing = [1.0] * len(stacks), 0.0, 0
    if bonus_ok:
        base_bonus = 1.0
        for c, t in enumerate(bp.heights):
            if t is not None and heights[c] < t:
                cell_f[c] = H._bonus_factor(t - heights[c], tops[c])
                base_bonus *= cell_f[c]
                missing += t - heights[c]
    sky_base = max([H._sky(h, tops[c], left) for c, h in enumerate(heights) if h >= 2], default=0.0)
    out = {}
    for a in state.legal_actions():
        d, c = A.split(a)
        mat, val = MATERIAL_OF[d], state.values[d]
        tv = H._type_value(prof, mat, val, left, avail, contested, w)
        if c == A.SET_ASIDE:
            out[a] = tv - 99.0
            continue
        level = heights[c]
        pts = WOOD_PER_NEIGHBOUR if level and MATERIAL_OF[stacks[c][-1]] == H._WOOD else 0
        faces = 1 if level else 0
        for n in bp.neighbours[c]:
            if heights[n] > level:
                faces += 1
                pts += WOOD_PER_NEIGHBOUR if MATERIAL_OF[stacks[n][level]] == H._WOOD else 0
        if mat == H._WOOD:
            pts += WOOD_PER_NEIGHBOUR * faces + sum(
                1 for n in bp.neighbours[c] if heights[n] == level and bp.heights[n] is not None
            )
        elif mat == H._STONE:
            pts += H._STONE_AT[level]
        elif mat == H._GLASS:
            pts += val
        v = tv + pts * w.point
        if bonus_ok and level < bp.heights[c]:
            old = cell_f[c]
            pb = (
                base_bonus / old * H._bonus_factor(bp.heights[c] - level - 1, val)
                if old > 0
                else 0.0
            )
            v += w.bonus * pb * w.q_bonus_step ** (missing - 1)
        sk = H._sky(level + 1, val, left) if level + 1 >= 2 else 0.0
        v += max(sk, sky_base) * w.prize * 0.8
        out[a] = v
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fast_ratings_equal_the_plain_definition(players):
    states = _states(players, 2)
    for state in states:
        p = state.current_player
        assert H._available(state) == [
            sum(1 for d in state.bag + state.pool if MATERIAL_OF[d] == m) for m in range(4)
        ]
        assert H._contested(state, p) == _plain_contested(state, p)
        assert H.action_values(state) == _plain_values(state)
