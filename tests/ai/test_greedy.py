"""The greedy bot prefers the obviously better move, and the heuristic reads only what it may."""

from __future__ import annotations

import pytest

from blueprints3d.ai import GreedyBot
from blueprints3d.ai.heuristic import action_values, discard_values
from blueprints3d.engine import actions as A
from blueprints3d.engine.blueprints import card_by_id
from blueprints3d.engine.legal import HATCHED_TOP
from blueprints3d.engine.materials import MATERIAL_OF, Material
from blueprints3d.engine.playout import random_game
from blueprints3d.engine.state import GameState

WOOD, RECYCLED, STONE, GLASS = Material.WOOD, Material.RECYCLED, Material.STONE, Material.GLASS


def position(
    card: str,
    placed: list[tuple[Material, int, int]],
    pool: list[tuple[Material, int]],
    players: int = 4,
) -> tuple[GameState, list[int]]:
    """A state where player 0 is to move, with ``placed`` (material, value, cell) dice on the
    blueprint ``card`` and exactly ``pool`` in the pool. Every other player has taken as many
    dice, all ones of the in-demand-free materials, stacked on their first open cell. Returns
    the state and the pool's die ids in the order given."""
    s = GameState.new(players, 1, start_player=0)
    free = [d for d in range(32) if d not in s.in_demand]

    def grab(material: Material) -> int:
        d = next(x for x in free if MATERIAL_OF[x] == material)
        free.remove(d)
        return d

    bp = card_by_id(card)
    s.blueprints[0] = bp
    s.stacks = [[[] for _ in range(s.blueprints[p].num_cells)] for p in range(players)]
    s.tops = [
        [HATCHED_TOP if h is None else 0 for h in s.blueprints[p].heights] for p in range(players)
    ]
    s.taken = [[] for _ in range(players)]
    s.set_aside = [[] for _ in range(players)]
    for material, value, cell in placed:
        d = grab(material)
        s.values[d] = value
        s.stacks[0][cell].append(d)
        s.tops[0][cell] = value
        s.taken[0].append(d)
    # Opponents: as many dice each, of whatever is left after the pool, placed legally.
    ids = []
    for material, value in pool:
        d = grab(material)
        s.values[d] = value
        ids.append(d)
    for p in range(1, players):
        for _ in placed:
            d = free.pop()
            s.values[d] = 6
            c = next(c for c, t in enumerate(s.tops[p]) if t <= 6)
            s.stacks[p][c].append(d)
            s.tops[p][c] = 6
            s.taken[p].append(d)
    s.pool = sorted(ids, key=lambda d: (s.values[d], d))
    s.bag = free
    s.turn_order = list(range(players))
    s.turns_done = players * len(placed)
    return s, ids


def test_greedy_completes_its_blueprint():
    # Row Houses: one die on each of six cells; five are done, cell 5 is open. Stone on the
    # open cell completes the blueprint (+6); stone on top of another stack scores 1 more
    # stone point but loses the bonus.
    placed = [(GLASS, 2, 0), (WOOD, 3, 1), (GLASS, 1, 2), (STONE, 2, 3), (GLASS, 3, 4)]
    s, (stone,) = position("B01", placed, [(STONE, 4)])
    assert A.place(stone, 0) in s.legal_actions()
    assert GreedyBot().choose(s, 0) == A.place(stone, 5)


def test_greedy_keeps_the_blueprint_over_a_few_points():
    # Twin Towers (3 and 3): the left tower is done, the right one needs one more. Both glass
    # dice fit on either tower; on the left they score the same but break the blueprint.
    placed = [(GLASS, 1, 0), (GLASS, 2, 0), (GLASS, 3, 0), (WOOD, 1, 5), (WOOD, 2, 5)]
    s, (five, six) = position("B20", placed, [(GLASS, 5), (GLASS, 6)])
    assert A.place(six, 0) in s.legal_actions()
    assert GreedyBot().choose(s, 0) == A.place(six, 5)


def test_greedy_takes_the_fourth_die_of_a_value():
    # Three 4s already: a fourth 4 qualifies for Structural Integrity (2 VP), which beats a
    # glass 6 (6 building points, less than 1 VP through the Awards).
    placed = [(STONE, 4, 0), (WOOD, 4, 1), (STONE, 4, 2)]
    s, (four, six) = position("B01", placed, [(RECYCLED, 4), (GLASS, 6)])
    choice = GreedyBot().choose(s, 0)
    assert A.die_of(choice) == four


def test_greedy_takes_the_fifth_green():
    placed = [(RECYCLED, 1, 0), (RECYCLED, 2, 1), (RECYCLED, 1, 2), (RECYCLED, 3, 3)]
    s, (green, glass) = position("B01", placed, [(RECYCLED, 2), (GLASS, 6)])
    assert A.die_of(GreedyBot().choose(s, 0)) == green


def test_greedy_abandons_a_blueprint_that_is_already_broken():
    # Bell Tower (3 in column 2 of row 1): the dice so far broke it (two on a 1-space), so the
    # bonus is gone; a glass 6 is now simply the most points wherever it fits.
    placed = [(WOOD, 1, 2), (WOOD, 2, 2)]
    s, (low, six) = position("B06", placed, [(STONE, 1), (GLASS, 6)])
    assert A.die_of(GreedyBot().choose(s, 0)) == six


def test_values_only_read_what_the_mover_sees():
    placed = [(GLASS, 2, 0), (WOOD, 3, 1)]
    s, _ = position("B01", placed, [(STONE, 4), (GLASS, 5), (WOOD, 2)])
    before = action_values(s)
    # Rebuild another player's building on a different card: nothing may change.
    s.blueprints[1] = card_by_id("B20")
    s.stacks[1] = [[] for _ in range(6)]
    s.tops[1] = [HATCHED_TOP if h is None else 0 for h in s.blueprints[1].heights]
    for d in s.taken[1]:
        s.stacks[1][5].append(d)
        s.tops[1][5] = 6
    assert action_values(s) == before


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_is_deterministic(players):
    s = GameState.new(players, 3)
    assert GreedyBot(1).choose(s, s.current_player) == GreedyBot(2).choose(s, s.current_player)


def test_a_finished_game_has_no_action_to_rate():
    s = random_game(2, 3)
    assert s.is_over
    assert action_values(s) == {} and discard_values(s, []) == {}
