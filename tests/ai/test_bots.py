"""Every bot plays only legal actions over whole games, and decides the same for the same seed."""

from __future__ import annotations

import random

import math
from dataclasses import replace

import pytest

from blueprints3d.ai import LEVELS, Budget, GreedyBot, SearchBot, UnknownBot, make_bot, strategy
from blueprints3d.ai.heuristic import DEFAULT, action_values, best_action, sampled_action
from blueprints3d.ai.match import play_game
from blueprints3d.engine.errors import IllegalAction
from blueprints3d.engine.state import GameState

# Whole games of the search bot on a small budget keep the suite fast; the budget does not
# change which code runs. No time cap, so the choices never depend on the machine's speed.
SMALL = Budget(moves=150, candidates=4, min_samples=1, time_cap=None)


def small_search(seed: int) -> SearchBot:
    return SearchBot(seed, SMALL)


class Checked:
    """Wraps a bot and checks each of its answers against the engine's legal actions."""

    def __init__(self, bot):
        self.bot, self.name, self.calls = bot, bot.name, 0

    def choose(self, state, player):
        action = self.bot.choose(state, player)
        assert action in state.legal_actions(), f"{self.name} chose illegal {action}"
        self.calls += 1
        return action


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("kind", ["random", "greedy", "search"])
def test_whole_games_only_legal_actions(kind, players):
    for game in range(2 if kind == "search" else 4):
        seed = 100 * players + game
        bots = [
            Checked(small_search(seed + i) if kind == "search" else make_bot(kind, seed + i))
            for i in range(players)
        ]
        state, record = play_game(bots, seed, start_player=game % players)
        assert state.is_over and len(state.round_results) == 3
        assert sum(b.calls for b in bots) == len(state.log)
        assert sum(record.win_share) == pytest.approx(1.0)


def test_mixed_table_plays_to_the_end():
    bots = [Checked(make_bot("easy", 1)), Checked(make_bot("medium", 2)), Checked(small_search(3))]
    state, _ = play_game(bots, 77)
    assert state.is_over


@pytest.mark.parametrize("kind", ["random", "greedy", "search"])
def test_same_seed_same_game(kind):
    def game(seed: int) -> list[int]:
        bots = [
            small_search(seed + i) if kind == "search" else make_bot(kind, seed + i)
            for i in range(3)
        ]
        state, _ = play_game(bots, 5)
        return state.log

    assert game(11) == game(11)


def test_different_seeds_give_different_random_games():
    def game(seed):
        return play_game([make_bot("random", seed), make_bot("random", seed + 1)], 5)[0].log

    assert game(1) != game(2)


def test_hard_decides_the_same_for_the_same_seed():
    state = GameState.new(4, 8)
    for _ in range(5):
        state.apply(GreedyBot().choose(state, state.current_player))
    p = state.current_player
    budget = Budget(time_cap=None)
    a = SearchBot(3, budget).choose(state, p)
    b = SearchBot(3, budget).choose(state, p)
    assert a == b and a in state.legal_actions()


def test_choose_accepts_the_view_itself():
    state = GameState.new(2, 4)
    p = state.current_player
    for name in ("easy", "medium"):
        assert make_bot(name, 1).choose(state.view(p), p) == make_bot(name, 1).choose(state, p)
    assert small_search(1).choose(state.view(p), p) == small_search(1).choose(state, p)


def test_choose_out_of_turn_or_after_the_end_is_refused():
    state = GameState.new(3, 4)
    other = (state.current_player + 1) % 3
    with pytest.raises(IllegalAction, match="turn"):
        make_bot("greedy").choose(state, other)
    with pytest.raises(IllegalAction, match="belongs to player"):
        make_bot("greedy").choose(state.view(other), state.current_player)
    over, _ = play_game([make_bot("random", 1), make_bot("random", 2)], 3)
    with pytest.raises(IllegalAction, match="over"):
        make_bot("random").choose(over, 0)


def test_make_bot_names_and_levels():
    for level, (_name, blurb) in LEVELS.items():
        assert make_bot(level).name == level and blurb
    assert isinstance(make_bot("Hard"), SearchBot)
    assert isinstance(make_bot("medium"), GreedyBot)
    assert make_bot("search:500").budget.moves == 500
    for bad in (
        "genius",
        "search:",
        "search:x",
        "search:0",
        "",
        "expert:",
        "expert:-1",
        "greedy:5",
    ):
        with pytest.raises(UnknownBot):
            make_bot(bad)


def test_expert_is_the_search_with_softened_playouts_and_more_room():
    expert = make_bot("Expert", 3)
    assert isinstance(expert, SearchBot) and expert.name == "expert"
    hard = make_bot("hard")
    assert hard.temperature == 0 and expert.temperature == strategy.EXPERT.temperature > 0
    assert (
        expert.budget.moves > hard.budget.moves
        and expert.budget.candidates > hard.budget.candidates
    )
    assert expert.budget.time_cap < 1.0
    double = make_bot(f"expert:{2 * expert.budget.moves}")
    assert double.budget.moves == 2 * expert.budget.moves
    assert double.budget.time_cap == pytest.approx(2 * expert.budget.time_cap)  # twice the thinking
    assert double.temperature == expert.temperature and double.weights == expert.weights


def test_expert_with_four_players_models_its_opponents_softened_and_itself_greedily(monkeypatch):
    """Two and three players: the softened 12-candidate search for everyone; four: the crowd's
    plan, over fewer candidates, the opponents softened at the temperature that predicts hard
    best and the player's own moves greedy."""
    from blueprints3d.ai import bots

    seen = []
    real = bots.search

    def spy(view, player, rng, budget, w, others, win, temperature, value, own_temperature):
        seen.append((view.players, budget, temperature, value, own_temperature))
        return real(
            view,
            player,
            rng,
            replace(budget, moves=60, time_cap=None),
            w,
            others,
            win,
            temperature,
            value,
            own_temperature,
        )

    monkeypatch.setattr(bots, "search", spy)
    crowd = strategy.EXPERT.crowd
    assert crowd is not None and crowd.budget.candidates < strategy.EXPERT.budget.candidates
    assert (
        crowd.temperature == strategy.OPPONENTS_TEMPERATURE > strategy.TEMPERATURE
        and crowd.own_temperature == 0
    )
    for n in (2, 3, 4):
        state = GameState.new(n, 11)
        make_bot("expert", 1).choose(state, state.current_player)
    plans = {n: (b, t, v, o) for n, b, t, v, o in seen}
    assert (
        plans[2]
        == plans[3]
        == (strategy.EXPERT.budget, strategy.EXPERT.temperature, strategy.CHANCES, None)
    )
    assert plans[4] == (crowd.budget, strategy.OPPONENTS_TEMPERATURE, strategy.CHANCES, 0.0)
    double = make_bot(f"expert:{2 * strategy.EXPERT.budget.moves}")
    assert double.crowd.budget.moves == 2 * crowd.budget.moves  # twice the thinking there too
    assert double.crowd.budget.time_cap == pytest.approx(2 * crowd.budget.time_cap)
    assert double.crowd.own_temperature == 0.0
    assert make_bot("hard").crowd is None


def test_with_own_moves_greedy_only_the_opponents_moves_are_drawn(monkeypatch):
    # A playout whose own moves are greedy: the player's moves are greedy's favourite, the
    # opponents' are drawn softened; without own_temperature every move is drawn.
    from blueprints3d.ai import search as S

    movers = {"greedy": [], "drawn": []}
    real_best, real_sampled = S.best_action, S.sampled_action
    monkeypatch.setattr(
        S,
        "best_action",
        lambda st, *a: movers["greedy"].append(st.current_player) or real_best(st, *a),
    )
    monkeypatch.setattr(
        S,
        "sampled_action",
        lambda st, *a: movers["drawn"].append(st.current_player) or real_sampled(st, *a),
    )
    state = GameState.new(4, 21)
    player = state.current_player
    S.playout_round(
        state.clone(), 1, player=player, temperature=0.3, rng=random.Random(1), own_temperature=0.0
    )
    assert movers["greedy"] and set(movers["greedy"]) == {player}
    assert movers["drawn"] and player not in movers["drawn"] and len(set(movers["drawn"])) == 3
    movers["greedy"].clear(), movers["drawn"].clear()
    S.playout_round(state.clone(), 1, player=player, temperature=0.3, rng=random.Random(1))
    assert not movers["greedy"] and len(set(movers["drawn"])) == 4


def test_softened_playouts_play_close_second_choices_and_keep_clear_ones():
    state = GameState.new(2, 4)
    vals = action_values(state)
    ranked = sorted(vals, key=lambda a: -vals[a])
    best, gap = ranked[0], vals[ranked[0]] - vals[ranked[1]]
    picks = [sampled_action(state, i / 200, DEFAULT, strategy.TEMPERATURE) for i in range(200)]
    assert set(picks) <= set(vals)
    share = picks.count(best) / len(picks)
    # each action's share is its softmax weight, to within the 1/200 grid
    weights = {a: math.exp((v - vals[best]) / strategy.TEMPERATURE) for a, v in vals.items()}
    assert share == pytest.approx(weights[best] / sum(weights.values()), abs=0.02)
    assert len(set(picks)) > 1 or gap > 3 * strategy.TEMPERATURE
    assert sampled_action(state, 0.0, DEFAULT, 1e-6) == best_action(
        state
    )  # cold: greedy, same tie rule


@pytest.mark.slow
def test_hard_beats_greedy_head_to_head():
    """Soak: the full hard bot against greedy over a dozen two-player games, seats rotated."""
    wins = 0.0
    for g in range(12):
        bots = [SearchBot(g, Budget(time_cap=None)), GreedyBot()]
        if g % 2:
            bots.reverse()
        _, rec = play_game(bots, 900 + g)
        wins += rec.win_share[g % 2]
    assert wins >= 8
