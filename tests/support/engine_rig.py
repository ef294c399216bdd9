"""Test helpers that set up exact game situations by editing the engine's plain-data state.

The engine's state is plain lists of ints on purpose (boardgame.io's "state is data"), so a test
can stage the dice a scenario needs and then play it through the real API. Every helper keeps all
32 dice accounted for.
"""

from __future__ import annotations

from blueprints3d.engine import GameState, Material, actions
from blueprints3d.engine.blueprints import Blueprint
from blueprints3d.engine.materials import MATERIAL_OF, NUM_DICE
from blueprints3d.engine.legal import HATCHED_TOP


def all_dice_accounted(s: GameState) -> list[int]:
    """Every die's location; the test asserts this is each die exactly once."""
    where = list(s.bag) + list(s.pool) + list(s.in_demand) + list(s.discarded)
    for p in range(s.num_players):
        where += [d for st in s.stacks[p] for d in st] + list(s.set_aside[p])
    return sorted(where)


def set_blueprint(s: GameState, player: int, bp: Blueprint) -> None:
    assert not any(s.stacks[player]), "set the blueprint before the player builds"
    s.blueprints[player] = bp
    s.stacks[player] = [[] for _ in range(bp.num_cells)]
    s.tops[player] = [HATCHED_TOP if h is None else 0 for h in bp.heights]


def set_in_demand(s: GameState, first: Material, second: Material) -> None:
    """Swap the in-demand dice for one die of each given material taken from the bag."""
    s.bag.extend(s.in_demand)
    a = next(d for d in s.bag if MATERIAL_OF[d] == first)
    s.bag.remove(a)
    b = next(d for d in s.bag if MATERIAL_OF[d] == second)
    s.bag.remove(b)
    s.in_demand = (a, b)


def stage(s: GameState, material: Material, value: int) -> int:
    """Make sure a die of ``material`` showing ``value`` is in the pool; returns its id. A pool
    die of that material is re-rolled to ``value``; otherwise one comes from the bag in place of
    another pool die, which goes back into the bag (the pool keeps its size)."""
    for d in s.pool:
        if MATERIAL_OF[d] == material and s.values[d] == value:
            return d
    cand = [d for d in s.pool if MATERIAL_OF[d] == material]
    if cand:
        d = cand[0]
    else:
        # From the bag, or else back from the discards (trading places with a pool die).
        source = s.bag if any(MATERIAL_OF[x] == material for x in s.bag) else s.discarded
        d = next(x for x in source if MATERIAL_OF[x] == material)
        source.remove(d)
        out = next(x for x in s.pool if MATERIAL_OF[x] != material)
        s.pool.remove(out)
        source.append(out)
        s.pool.append(d)
    s.values[d] = value
    s.pool.sort(key=lambda x: s.values[x] * NUM_DICE + x)
    return d


def place(s: GameState, material: Material, value: int, row: int, col: int) -> int:
    """Stage a die and have the current player place it at (row, col), 0-based. Returns the die."""
    d = stage(s, material, value)
    cols = s.blueprints[s.current_player].cols
    s.apply(actions.place(d, row * cols + col))
    return d


def discard_any(s: GameState, keep: tuple[Material, ...] = ()) -> int:
    """The two-player discard: throw away a pool die, avoiding the materials in ``keep``."""
    choice = next((d for d in s.pool if Material(MATERIAL_OF[d]) not in keep), s.pool[0])
    s.apply(actions.discard(choice))
    return choice


def take_other(s: GameState, avoid: Material) -> int:
    """The current player takes a legal action with a die that is not of ``avoid``."""
    a = next(
        (a for a in s.legal_actions() if MATERIAL_OF[actions.die_of(a)] != avoid),
        s.legal_actions()[0],
    )
    s.apply(a)
    return a


def fresh(players: int, seed: int = 1, start: int = 0) -> GameState:
    s = GameState.new(players, seed, start_player=start)
    assert all_dice_accounted(s) == list(range(NUM_DICE))
    return s
