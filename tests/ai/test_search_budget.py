"""The search spends the budget it is given: successive halving shares the playout moves among
the stages its loop really runs, for any number of candidates."""

from __future__ import annotations

import random

import pytest

from blueprints3d.ai import Budget, search as S
from blueprints3d.engine.state import GameState


def test_halving_stages_count_the_loop():
    # 12 -> 6 -> 3 -> 1, 3 -> 1, 5 -> 2 -> 1, 9 -> 4 -> 2 -> 1; down to 6 kept: 12 -> 6
    assert [S.halving_stages(n) for n in range(1, 13)] == [0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3]
    assert S.halving_stages(12, keep=6) == 1
    assert S.halving_stages(13, keep=6) == 1
    assert S.halving_stages(7, keep=6) == 1


def _spent(monkeypatch, candidates: int, moves: int) -> tuple[float, int]:
    """Playout moves one decision spends (costed as the search costs them) and the number of
    candidates it searched, with every sample's playouts replaced by a count."""
    state = GameState.new(2, seed=5)
    view = state.view(state.current_player)
    base = S.state_from_view(view, random.Random(0))
    length = S._moves_left(base)
    spent = [0.0]
    first = []

    def one_sample(view, player, rng, chooser, cands, tallies, *rest):
        first.append(len(cands))
        spent[0] += S._SAMPLE_COST + len(cands) * (length + S._SCORING_COST)
        for k, a in enumerate(cands):
            tallies[a].utility += rng.random() + k * 1e-3
            tallies[a].count += 1
        return True

    monkeypatch.setattr(S, "_one_sample", one_sample)
    budget = Budget(moves=moves, candidates=candidates, min_samples=1, time_cap=None)
    S.analyse(view, state.current_player, random.Random(1), budget)
    return spent[0], first[0]


@pytest.mark.parametrize("candidates", [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
def test_search_spends_its_whole_budget(monkeypatch, candidates):
    moves = 6000
    spent, searched = _spent(monkeypatch, candidates, moves)
    assert searched == candidates  # a round's first move has more legal moves than that
    # Whole samples only: each stage may fall short of its share by less than one sample.
    one = S._SAMPLE_COST + candidates * (
        S._moves_left(S.state_from_view(GameState.new(2, seed=5).view(0), random.Random(0)))
        + S._SCORING_COST
    )
    assert moves - 3 * one <= spent <= moves, (candidates, spent)
