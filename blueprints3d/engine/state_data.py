"""The data of a game of Blueprints, and the questions asked of it without changing it.

``GameState`` (engine/state.py) is this data with its turn machine. The modules that do a part of
its work (``checks``, ``describe``, ``snapshot``, ``views``) take a ``StateData``, so they need
not import the state that calls them.
"""

from __future__ import annotations

import random

from blueprints3d.engine.blueprints import Blueprint
from blueprints3d.engine.legal import fitting_cells
from blueprints3d.engine.materials import MATERIAL_OF, Material
from blueprints3d.engine.results import GameResult, RoundResult, game_result
from blueprints3d.engine.rules import Award, Prize
from blueprints3d.engine.turns import Phase
from blueprints3d.i18n.message import Message


class StateData:
    """A game's parts: plain data (lists of ints), mutated in place by ``GameState.apply``."""

    __slots__ = (
        "num_players",
        "seed",
        "start_player",
        "names",
        "rng",
        "round",
        "phase",
        "deck",
        "values",
        "bag",
        "pool",
        "in_demand",
        "blueprints",
        "stacks",
        "tops",
        "taken",
        "set_aside",
        "discarded",
        "turn_order",
        "turns_done",
        "round_results",
        "awards",
        "prizes",
        "log",
        "_result",
    )
    # The slots' types (annotations only: no class attribute, so no clash with __slots__).
    num_players: int
    seed: int
    start_player: int
    names: list[str]
    rng: random.Random
    round: int
    phase: Phase
    deck: list[Blueprint]
    values: list[int]
    bag: list[int]
    pool: list[int]
    in_demand: tuple[int, int]
    blueprints: list[Blueprint]
    stacks: list[list[list[int]]]
    tops: list[list[int]]
    taken: list[list[int]]
    set_aside: list[list[int]]
    discarded: list[int]
    turn_order: list[int]
    turns_done: int
    round_results: list[RoundResult]
    awards: list[list[Award]]
    prizes: list[list[Prize]]
    log: list[int]
    _result: GameResult | None

    @property
    def current_player(self) -> int | None:
        if self.phase is Phase.OVER:
            return None
        return self.turn_order[self.turns_done % self.num_players]

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def material(self, die: int) -> Material:
        return Material(MATERIAL_OF[die])

    def in_demand_materials(self) -> tuple[Material, Material]:
        return (Material(MATERIAL_OF[self.in_demand[0]]), Material(MATERIAL_OF[self.in_demand[1]]))

    def building(self, player: int) -> list[list[tuple[int, int]]]:
        """A player's building as stacks of (material, value), bottom to top."""
        v = self.values
        return [[(MATERIAL_OF[d], v[d]) for d in s] for s in self.stacks[player]]

    def legal_cells(self, player: int, value: int) -> list[int]:
        """The cells of ``player``'s building where a die showing ``value`` may go."""
        return fitting_cells(self.tops[player], value)

    def die_message(self, die: int) -> Message:
        """``describe_die`` as a Message ("glass 3"), the material's name translated where shown."""
        return Message.of(
            "{material} {value}",
            material=Message.of(self.material(die).label),
            value=self.values[die],
        )

    def result(self) -> GameResult | None:
        """The final result once the game is over, else None."""
        if self.phase is not Phase.OVER:
            return None
        if self._result is None:
            self._result = game_result(self.awards, self.prizes)
        return self._result
