"""The expert's value of a round's end: the chance of winning from the standings, fitted by
tools/fit_win_chances.py and shipped as ai/data/win_chances.json."""

from __future__ import annotations

import importlib.util
import json
import math
from importlib import resources
from pathlib import Path

import numpy as np
import pytest

from blueprints3d.ai import make_bot, strategy
from blueprints3d.ai.heuristic import best_action
from blueprints3d.ai.search import CHANCES, POINTS
from blueprints3d.ai.win_chances import POINTS_TIEBREAK, points_ahead, scales, tables, win_value
from blueprints3d.engine.rules import Award
from blueprints3d.engine.state import GameState

ROOT = Path(__file__).resolve().parents[2]


def tool():
    spec = importlib.util.spec_from_file_location(
        "fit_win_chances", ROOT / "tools" / "fit_win_chances.py"
    )
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_with_even_rounds_to_come_the_chance_is_the_tie_rule_itself():
    # Rounds that never change the standings: the result is decided now, by the game's rule.
    t = tool().chances([(0, 0)] * 10)[1]
    sp, ss = (t.shape[0] - 1) // 2, (t.shape[1] - 1) // 2
    at = lambda p, s: t[sp + p, ss + s]  # noqa: E731
    assert at(1, 0) == 1.0 and at(-1, 0) == 0.0  # a Prize (2 VP) ahead
    assert at(0, 0) == 0.5  # all equal: shared
    assert at(1, -1) == 1.0 and at(-1, 1) == 0.0  # equal points: more Prizes wins
    assert at(0, 1) == 1.0


def test_a_round_of_pure_luck_spreads_the_chance():
    # Each round one Prize goes to either player at random. A Prize ahead with one round to
    # go: won if the round goes the same way, shared if not (all equal) -> 1/2 + 1/2 * 1/2.
    tables_ = tool().chances([(1, 0), (-1, 0)])
    t = tables_[1]
    sp, ss = (t.shape[0] - 1) // 2, (t.shape[1] - 1) // 2
    assert t[sp + 1, ss] == pytest.approx(0.75)
    assert t[sp + 2, ss] == 1.0 and t[sp, ss] == pytest.approx(0.5)
    # Two Prizes ahead with two rounds to go: only losing both rounds (1 in 4) ties it, shared.
    two = tables_[2]
    sp, ss = (two.shape[0] - 1) // 2, (two.shape[1] - 1) // 2
    assert two[sp + 2, ss] == pytest.approx(0.75 + 0.25 * 0.5)


def test_the_shipped_table_is_the_tools_fair_and_grows_with_the_lead():
    raw = json.loads(
        resources.files("blueprints3d.ai").joinpath("data/win_chances.json").read_text("utf-8")
    )
    assert raw["made_by"] == "tools/fit_win_chances.py" and raw["two_players"]["rounds"] >= 300
    t = tables()
    assert set(t) == {1, 2}
    for left, (sp, ss, chance) in t.items():
        assert (sp, ss) == (4 * (3 - left), 3 - left)
        for i in range(2 * sp + 1):
            for j in range(2 * ss + 1):
                # fair: a lead's chance and the same deficit's add up to one
                assert chance[i][j] + chance[2 * sp - i][2 * ss - j] == pytest.approx(1.0, abs=2e-4)
                if i:
                    assert chance[i][j] >= chance[i - 1][j]
                if j:
                    assert chance[i][j] >= chance[i][j - 1]
        assert chance[sp][ss] == pytest.approx(0.5, abs=1e-4)
    # with two rounds to go a Prize ahead is worth less than with one, but still a real edge
    one, two = t[1], t[2]
    assert 0.5 < two[2][two[0] + 1][two[1]] < one[2][one[0] + 1][one[1]]


def _play_until(state: GameState, round_number: int) -> None:
    while not state.is_over and state.round < round_number:
        state.apply(best_action(state))


def test_a_round_end_is_worth_its_table_entry_and_the_game_end_the_result():
    state = GameState.new(2, 11)
    _play_until(state, 2)
    assert state.round == 2 and state.turns_done == 0
    sp, ss, chance = tables()[2]
    for p in (0, 1):
        prizes = len(state.prizes[p]) - len(state.prizes[1 - p])
        silver = state.awards[p].count(Award.SILVER) - state.awards[1 - p].count(Award.SILVER)
        expect = chance[sp + prizes][ss + silver] + POINTS_TIEBREAK * points_ahead(state, p)
        assert win_value(state, p) == pytest.approx(expect)
    assert win_value(state, 0) + win_value(state, 1) == pytest.approx(1.0, abs=2e-4)
    _play_until(state, 99)
    res = state.result()
    for p in (0, 1):
        share = 1 / len(res.winners) if p in res.winners else 0.0
        assert win_value(state, p) == pytest.approx(
            share + POINTS_TIEBREAK * points_ahead(state, p)
        )


def test_the_softmax_scale_is_fitted_back_from_games_it_made():
    # Standings and winners drawn from a softmax of scale 3: the tool's fit finds about 3.
    rng = np.random.default_rng(5)
    vp = rng.integers(0, 12, size=(3000, 4))
    p = np.exp(vp / 3.0)
    p /= p.sum(axis=1, keepdims=True)
    winners = [rng.choice(4, p=row) for row in p]
    shares = np.eye(4)[winners]
    assert tool().fit_scale(vp.tolist(), shares.tolist()) == pytest.approx(3.0, rel=0.15)


@pytest.mark.parametrize("players", [3, 4])
def test_more_players_value_earlier_rounds_by_a_softmax_of_the_points(players):
    fitted = scales()[players]
    assert set(fitted) == {1, 2} and 0 < fitted[1] < fitted[2]  # more rounds to go: more can change
    state = GameState.new(players, 3)
    _play_until(state, 2)
    vp = [state.victory_points(p) for p in range(players)]
    assert len(set(vp)) > 1  # the check below needs standings that differ
    weights = [math.exp(v / fitted[2]) for v in vp]
    values = [win_value(state, p) for p in range(players)]
    for p in range(players):
        assert values[p] == pytest.approx(
            weights[p] / sum(weights) + POINTS_TIEBREAK * points_ahead(state, p)
        )
    assert sum(values) == pytest.approx(1.0, abs=0.05)
    assert values.index(max(values)) == vp.index(max(vp))


def test_the_expert_and_the_coach_value_by_chances_hard_by_points():
    assert make_bot("expert").value == CHANCES == strategy.EXPERT.value == strategy.COACH.value
    assert make_bot("expert:9000").value == CHANCES
    assert make_bot("hard").value == POINTS


def test_the_tool_regenerates_each_part_of_the_file_and_keeps_the_others(tmp_path, capsys):
    out = tmp_path / "win_chances.json"
    fit = tool()
    assert (
        fit.main(
            ["--players", "2", "--games", "3", "--bot", "greedy", "--jobs", "1", "--out", str(out)]
        )
        == 0
    )
    assert (
        fit.main(
            ["--players", "4", "--games", "6", "--bot", "greedy", "--jobs", "1", "--out", str(out)]
        )
        == 0
    )
    data = json.loads(out.read_text("utf-8"))
    assert data["two_players"]["rounds"] == 9 and data["two_players"]["bot"] == "greedy"
    assert set(data["two_players"]["tables"]) == {"1", "2"}
    assert set(data["softmax"]) == {"4"} and set(data["softmax"]["4"]["scale"]) == {"1", "2"}
    assert all(x > 0 for x in data["softmax"]["4"]["scale"].values())
    assert "-> " in capsys.readouterr().out


def test_the_exact_tables_are_for_the_head_to_head_game_of_the_rules():
    """The two-player tables count one opponent's Prizes and Silvers: the fewest players the
    rules take must still play with one opponent and the Silver as their only Award."""
    from blueprints3d.ai.win_chances import HEAD_TO_HEAD
    from blueprints3d.engine.rules import AWARDS_BY_PLAYERS, Award

    assert HEAD_TO_HEAD == 2
    assert AWARDS_BY_PLAYERS[HEAD_TO_HEAD] == (Award.SILVER,)
