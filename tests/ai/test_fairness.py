"""Bots play fair: what a player cannot see never changes the bot's decision.

Two real states are built that agree in everything one player sees but differ in what is
hidden from them: every other player's blueprint and where their dice stand, the order of the
deck, and the bag's future draws (the random source). For the same seed, every bot must decide
the same in both. The twins are checked to really differ, and a cheating bot that peeks is
shown to be caught, so the test can fail.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from blueprints3d.ai import Budget, GreedyBot, RandomBot, SearchBot, make_bot
from blueprints3d.ai.heuristic import best_action
from blueprints3d.engine.state import GameState
from support.twins import build, hidden_differs, situations, twin

BUDGET = Budget(moves=1500, time_cap=None)  # no time cap: decisions never depend on speed


def expert(seed: int) -> SearchBot:
    """The expert on a smaller budget and no time cap, in every plan it has (two players and
    the four-player crowd plan): its softened playouts draw from the bot's own random source,
    which must not be able to learn anything hidden either. A time cap left anywhere would let
    the twin calls stop at different points on a loaded machine."""
    bot = make_bot("expert", seed)
    bot.budget = replace(bot.budget, moves=1500, time_cap=None)
    assert bot.crowd is not None
    bot.crowd = replace(bot.crowd, budget=replace(bot.crowd.budget, moves=1500, time_cap=None))
    return bot


def _budgets(bot) -> list[Budget]:
    plans = [bot, *([bot.crowd] if getattr(bot, "crowd", None) is not None else [])]
    return [p.budget for p in plans if hasattr(p, "budget")]


def test_the_checked_bots_never_depend_on_the_machines_speed():
    for make in (lambda k: SearchBot(k, BUDGET), expert):
        budgets = _budgets(make(0))
        assert budgets and all(b.time_cap is None for b in budgets), budgets
    assert len(_budgets(expert(0))) == 2  # the four-player plan is checked too


@pytest.mark.parametrize(
    "make",
    [lambda k: RandomBot(k), lambda k: GreedyBot(k), lambda k: SearchBot(k, BUDGET), expert],
    ids=["random", "greedy", "search", "expert"],
)
def test_what_a_bot_cannot_see_never_changes_its_decision(make):
    checked = 0
    for players, seed, real in situations():
        me = real.current_player
        other = twin(real, me, seed)
        assert other.view(me) == real.view(me), "the twins must look the same to the bot"
        assert hidden_differs(real, other, me)
        if any(real.stacks[q] for q in range(players) if q != me):
            assert any(real.stacks[q] != other.stacks[q] for q in range(players) if q != me)
        for bot_seed in (0, 1):
            assert make(bot_seed).choose(real, me) == make(bot_seed).choose(other, me)
            checked += 1
    assert checked == 24


def test_hard_bot_over_several_decisions_stays_blind():
    """The same bot object across a sequence of decisions (its random source moves on)."""
    real = build(4, 21, 2)
    me = real.current_player
    a, b = SearchBot(9, BUDGET), SearchBot(9, BUDGET)
    other = twin(real, me, 5)
    for _ in range(3):
        x, y = a.choose(real, me), b.choose(other, me)
        assert x == y
        for s in (real, other):
            s.apply(x)
            while s.current_player != me:
                s.apply(best_action(s))  # opponents: the same visible dice get taken...
        other = twin(real, me, 6)  # ...and the hidden parts are redrawn for the twin


class Peeker:
    """A cheating bot: it looks at the next player's real building. The fairness check must
    catch it, or the check proves nothing."""

    def choose(self, state: GameState, player: int) -> int:
        legal = state.legal_actions()
        q = (player + 1) % state.num_players
        peek = sum(c * len(st) for c, st in enumerate(state.stacks[q])) + hash(
            state.blueprints[q].id
        )
        return legal[peek % len(legal)]


def test_the_check_catches_a_bot_that_peeks():
    caught = False
    for _players, seed, real in situations():
        me = real.current_player
        other = twin(real, me, seed)
        if Peeker().choose(real, me) != Peeker().choose(other, me):
            caught = True
    assert caught
