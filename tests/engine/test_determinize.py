"""state_from_view: a state rebuilt from one player's view agrees with everything they see."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blueprints3d.engine.determinize import seen_cards, state_from_view
from blueprints3d.engine.errors import IllegalAction
from blueprints3d.engine.playout import random_playout
from blueprints3d.engine.state import GameState


# round_results are left out of a rebuilt state (earlier rounds only count through the
# Award and Prize cards); everything else in the view must come back identical.
def without_round_results(view):
    return replace(view, round_results=())


def played(players: int, seed: int, moves: int) -> GameState:
    s = GameState.new(players, seed, start_player=seed % players)
    rng = random.Random(seed)
    for _ in range(moves):
        if s.is_over:
            break
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return s


def dice_accounted(s: GameState) -> list[int]:
    where = list(s.bag) + list(s.pool) + list(s.in_demand) + list(s.discarded)
    for p in range(s.num_players):
        where += [d for stack in s.stacks[p] for d in stack] + list(s.set_aside[p])
    return sorted(where)


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 100),
    sample_seed=st.integers(0, 1000),
)
def test_rebuilt_state_shows_the_same_view(players, seed, moves, sample_seed):
    real = played(players, seed, moves)
    if real.is_over:
        return
    me = real.current_player
    view = real.view(me)
    fake = state_from_view(view, random.Random(sample_seed))
    again = fake.view(me)
    assert without_round_results(again) == without_round_results(view)
    assert sorted(fake.legal_actions()) == sorted(real.legal_actions())
    assert dice_accounted(fake) == list(range(32))
    # Every other player's sampled building holds exactly the dice they took and placed.
    for p in range(players):
        placed = sorted(d for stack in fake.stacks[p] for d in stack)
        assert placed == sorted(d for d in fake.taken[p] if d not in fake.set_aside[p])
        assert fake.victory_points(p) == real.victory_points(p)


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000), moves=st.integers(0, 80))
def test_rebuilt_state_plays_on_to_the_end(players, seed, moves):
    real = played(players, seed, moves)
    if real.is_over:
        return
    fake = state_from_view(real.view(real.current_player), random.Random(seed))
    random_playout(fake, random.Random(1))
    assert fake.is_over and fake.result() is not None
    assert dice_accounted(fake) == list(range(32))


def test_hidden_blueprints_come_from_unseen_cards():
    real = played(4, 3, 30)  # round 2: round 1's four cards are public
    me = real.current_player
    view = real.view(me)
    seen = seen_cards(view)
    assert len(seen) == 5
    for k in range(20):
        fake = state_from_view(view, random.Random(k))
        others = [fake.blueprints[p].id for p in range(4) if p != me]
        assert not set(others) & seen
        assert len(set(others)) == 3
        assert not {c.id for c in fake.deck} & (seen | set(others))
        assert len(fake.deck) == view.deck_count


def test_samples_differ_but_one_seed_gives_one_sample():
    real = played(4, 9, 10)
    view = real.view(real.current_player)
    a = state_from_view(view, random.Random(5))
    b = state_from_view(view, random.Random(5))
    assert a.to_dict() == b.to_dict() and a.rng.getstate() == b.rng.getstate()
    ids = {
        tuple(
            state_from_view(view, random.Random(k)).blueprints[(real.current_player + 1) % 4].id
            for _ in range(1)
        )
        for k in range(30)
    }
    assert len(ids) > 1


def test_the_rebuilt_future_is_not_the_real_one():
    real = played(4, 12, 6)
    view = real.view(real.current_player)
    fake = state_from_view(view, random.Random(0))
    assert fake.rng.getstate() != real.rng.getstate()


def test_a_view_that_does_not_add_up_is_refused():
    real = played(4, 1, 5)
    view = real.view(real.current_player)
    view = replace(view, bag_count=view.bag_count + 1)
    with pytest.raises(IllegalAction, match="do not add up"):
        state_from_view(view, random.Random(0))
