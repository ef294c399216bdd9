"""A state's copies and its plain-data form: ``GameState.clone``, ``as_turn_of`` and ``to_dict``.

A clone shares only what never changes (names, blueprints, the immutable round results) and
copies every list ``apply`` mutates, so the two play on independently; its random source is a
copy too. ``to_dict`` is the whole state as JSON data, the random source represented by the
seed and the log, which replay to it.
"""

from __future__ import annotations

import random
from typing import Any

from blueprints3d.engine.blueprints import Blueprint
from blueprints3d.engine.materials import MATERIAL_OF, Material
from blueprints3d.engine.state_data import StateData
from blueprints3d.engine.turns import Phase


def clone_state(self: StateData, s: StateData) -> None:
    """Fill the blank ``s`` with a copy of ``self``."""
    s.num_players, s.seed, s.start_player, s.names = (
        self.num_players,
        self.seed,
        self.start_player,
        self.names,
    )
    s.rng = random.Random()
    s.rng.setstate(self.rng.getstate())
    s.round, s.phase = self.round, self.phase
    s.deck = self.deck[:]
    s.values = self.values[:]
    s.bag, s.pool, s.in_demand = self.bag[:], self.pool[:], self.in_demand
    s.blueprints = self.blueprints[:]
    s.stacks = [[st[:] for st in b] for b in self.stacks]
    s.tops = [t[:] for t in self.tops]
    s.taken = [t[:] for t in self.taken]
    s.set_aside = [t[:] for t in self.set_aside]
    s.discarded = self.discarded[:]
    s.turn_order = self.turn_order[:]
    s.turns_done = self.turns_done
    s.round_results = self.round_results[:]  # RoundResults are immutable
    s.awards = [a[:] for a in self.awards]
    s.prizes = [p[:] for p in self.prizes]
    s.log = self.log[:]
    s._result = self._result


def share_for_turn(
    self: StateData,
    s: StateData,
    player: int,
    takes: int,
    blueprint: Blueprint,
    stacks: list[list[int]],
    tops: list[int],
) -> None:
    """Fill the blank ``s`` as ``GameState.as_turn_of``'s shallow copy of ``self``: every part
    shared but ``player``'s building, which is the one given, and their taken dice, the first
    ``takes``; the turn is theirs."""
    for slot in StateData.__slots__:
        setattr(s, slot, getattr(self, slot))
    s.blueprints = self.blueprints[:]
    s.blueprints[player] = blueprint
    s.stacks = self.stacks[:]
    s.stacks[player] = stacks
    s.tops = self.tops[:]
    s.tops[player] = tops
    s.taken = self.taken[:]
    s.taken[player] = self.taken[player][:takes]
    s.turn_order, s.turns_done, s.phase = [player], 0, Phase.TAKE


def state_dict(self: StateData) -> dict[str, Any]:
    """The whole state as plain JSON data."""
    v = self.values

    def die(d: int) -> str:
        return f"{Material(MATERIAL_OF[d]).label}:{v[d]}#{d}"

    return {
        "players": self.num_players,
        "names": list(self.names),
        "seed": self.seed,
        "start_player": self.start_player,
        "round": self.round,
        "phase": self.phase.value,
        "current_player": self.current_player,
        "turn_order": list(self.turn_order),
        "turns_done": self.turns_done,
        "deck": [c.id for c in self.deck],
        "in_demand": [die(d) for d in self.in_demand],
        "bag": sorted(self.bag),
        "pool": [die(d) for d in self.pool],
        "blueprints": [b.id for b in self.blueprints],
        "buildings": [[[die(d) for d in s] for s in b] for b in self.stacks],
        "taken": [[die(d) for d in t] for t in self.taken],
        "set_aside": [[die(d) for d in t] for t in self.set_aside],
        "discarded": [die(d) for d in self.discarded],
        "awards": [[a.value for a in aw] for aw in self.awards],
        "prizes": [[p.value for p in pz] for pz in self.prizes],
        "round_results": [r.to_dict() for r in self.round_results],
    }
