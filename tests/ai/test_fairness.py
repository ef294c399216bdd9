"""Bots play fair: what a player cannot see never changes the bot's decision.

Two real states are built that agree in everything one player sees but differ in what is
hidden from them: every other player's blueprint and where their dice stand, the order of the
deck, and the bag's future draws (the random source). For the same seed, every bot must decide
the same in both. The twins are checked to really differ, and a cheating bot that peeks is
shown to be caught, so the test can fail.
"""

from __future__ import annotations

import random

import pytest

from blueprints3d.ai import Budget, GreedyBot, RandomBot, SearchBot
from blueprints3d.ai.heuristic import best_action
from blueprints3d.engine.legal import HATCHED_TOP
from blueprints3d.engine.state import GameState

BUDGET = Budget(moves=1500, time_cap=None)  # no time cap: decisions never depend on speed


def build(players: int, seed: int, moves: int) -> GameState:
    s = GameState.new(players, seed, start_player=seed % players)
    for _ in range(moves):
        s.apply(best_action(s))
    return s


def rearranged(s: GameState, q: int, rng: random.Random) -> bool:
    """Give player ``q`` another card from the deck and re-place their taken dice on it, in
    the order taken, at random legal cells. False if that card cannot hold their dice."""
    i = rng.randrange(len(s.deck))
    old = s.blueprints[q]
    card = s.deck[i]
    stacks = [[] for _ in range(card.num_cells)]
    tops = [HATCHED_TOP if h is None else 0 for h in card.heights]
    for d in s.taken[q]:
        cells = [c for c, t in enumerate(tops) if t <= s.values[d]]
        if d in s.set_aside[q]:
            if cells:
                return False
            continue
        if not cells:
            return False
        c = rng.choice(cells)
        stacks[c].append(d)
        tops[c] = s.values[d]
    s.deck[i], s.blueprints[q] = old, card
    s.stacks[q], s.tops[q] = stacks, tops
    return True


def twin(s: GameState, viewer: int, seed: int) -> GameState:
    """A state ``viewer`` cannot tell from ``s``, differing in everything hidden from them."""
    rng = random.Random(seed)
    t = s.clone()
    t.reseed(seed + 1)  # the bag's future draws
    for q in range(s.num_players):
        if q != viewer:
            for _ in range(100):  # until the dice stand differently, where there are any
                if rearranged(t, q, rng) and (t.stacks[q] != s.stacks[q] or not s.taken[q]):
                    break
    rng.shuffle(t.deck)
    return t


def situations():
    for players in (2, 3, 4):
        for seed, moves in ((1, 3), (2, 9), (3, 14), (4, 30)):
            s = build(players, seed, moves)
            yield players, seed, s


def hidden_differs(a: GameState, b: GameState, viewer: int) -> bool:
    others = [q for q in range(a.num_players) if q != viewer]
    return (any(a.blueprints[q] != b.blueprints[q] for q in others)
            and a.rng.getstate() != b.rng.getstate())


@pytest.mark.parametrize("make", [lambda k: RandomBot(k), lambda k: GreedyBot(k),
                                  lambda k: SearchBot(k, BUDGET)],
                         ids=["random", "greedy", "search"])
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
        peek = sum(c * len(st) for c, st in enumerate(state.stacks[q])) + hash(state.blueprints[q].id)
        return legal[peek % len(legal)]


def test_the_check_catches_a_bot_that_peeks():
    caught = False
    for players, seed, real in situations():
        me = real.current_player
        other = twin(real, me, seed)
        if Peeker().choose(real, me) != Peeker().choose(other, me):
            caught = True
    assert caught
