"""The largest card a blueprint may be (MAX_SIDE x MAX_SIDE, 64 spaces) is played like any other:
every space has an action slot of its own (a placement on space 62 once meant setting the die
aside, on 63 discarding it), and whole random games on such cards keep the rules."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from blueprints3d.engine import GameState
from blueprints3d.engine import actions as A
from blueprints3d.engine.blueprints import MAX_SIDE, Blueprint
from blueprints3d.engine.materials import NUM_DICE
from support.engine_rig import all_dice_accounted


def big_card(k: int) -> Blueprint:
    """An 8x8 card whose printed heights (adding up to 6) stand in its last spaces, 62 and 63
    among them, and at k's choice of others; the rest hatched."""
    cells = MAX_SIDE * MAX_SIDE
    open_cells = {
        cells - 1: 2,
        cells - 2: 1,
        (k * 7) % (cells - 2): 1,
        (k * 13 + 5) % (cells - 2): 2,
    }
    grid = [["X"] * MAX_SIDE for _ in range(MAX_SIDE)]
    total = 0
    for c, h in open_cells.items():
        grid[c // MAX_SIDE][c % MAX_SIDE] = h
    for row in grid:
        total += sum(v for v in row if v != "X")
    if total != 6:  # (the two chosen spaces fell on the same one)
        grid[0][0] = 6 - total + (grid[0][0] if grid[0][0] != "X" else 0)
    return Blueprint.from_grid(grid, id=f"L{k:02d}", name=f"Large {k}")


DECK = [big_card(k) for k in range(12)]


def test_every_space_of_the_largest_card_has_its_own_slot():
    assert A.MAX_CELLS == MAX_SIDE * MAX_SIDE
    slots = set()
    for die in range(NUM_DICE):
        for cell in range(A.MAX_CELLS):
            a = A.place(die, cell)
            assert A.decode(a) == A.Decoded(A.Kind.PLACE, die, cell) and A.cell_of(a) == cell
            assert 0 <= a < A.NUM_ACTIONS
            slots.add(a)
        for a, kind in ((A.set_aside(die), A.Kind.SET_ASIDE), (A.discard(die), A.Kind.DISCARD)):
            assert A.decode(a) == A.Decoded(kind, die, None) and A.cell_of(a) is None
            slots.add(a)
    assert len(slots) == NUM_DICE * (A.MAX_CELLS + 2)  # no two actions share an int


def test_a_die_placed_on_spaces_62_and_63_stands_there():
    s = GameState.new(2, 3, deck=DECK)
    me = s.current_player
    for cell in (63, 62):
        fits = [a for a in s.legal_actions() if A.cell_of(a) == cell]
        if not fits:
            continue
        a = fits[0]
        s.apply(a)
        assert s.stacks[me][cell] == [A.die_of(a)] and s.set_aside[me] == []
        break
    else:
        raise AssertionError("no die fits space 62 or 63 at the start")


def _play(players: int, seed: int, choices: random.Random) -> GameState:
    s = GameState.new(players, seed, start_player=seed % players, deck=DECK)
    while not s.is_over:
        legal = s.legal_actions()
        assert legal, "no legal action before the end of the game"
        # Lean towards the last spaces, where the old slots went wrong.
        high = [a for a in legal if (A.cell_of(a) or 0) >= 60]
        a = choices.choice(high if high and choices.random() < 0.7 else legal)
        player = s.current_player
        kind = A.decode(a)
        before = [list(st) for st in s.stacks[player]]
        rounds = len(s.round_results)
        s.apply(a)
        if kind.kind is A.Kind.PLACE and len(s.round_results) == rounds:  # (a round's end clears)
            assert s.stacks[player][kind.cell] == before[kind.cell] + [kind.die]
        assert all_dice_accounted(s) == list(range(NUM_DICE))
    return s


@settings(max_examples=40, deadline=None)
@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 2**32),
    choice_seed=st.integers(0, 2**32),
)
def test_random_games_on_the_largest_cards_keep_the_rules(players, seed, choice_seed):
    s = _play(players, seed, random.Random(choice_seed))
    assert len(s.round_results) == 3
    assert all(bp.num_cells == 64 for bp in s.blueprints)
    # The log, through the save format's words for each move, replays to the same game.
    from blueprints3d.files.savefile import action_from_json, action_to_json

    again = GameState.new(players, seed, start_player=seed % players, deck=DECK)
    for i, a in enumerate(s.log):
        again.apply(action_from_json(action_to_json(a), i))
    assert again.to_dict() == s.to_dict()
