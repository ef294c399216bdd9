"""The computer opponents: random, greedy and search, behind one small interface."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Protocol

from blueprints3d.ai.heuristic import DEFAULT, Weights, best_action
from blueprints3d.ai.observe import View, check_turn, public_state, view_of
from blueprints3d.ai.search import POINTS, Budget, search
from blueprints3d.ai.strategy import Strategy, crowded
from blueprints3d.engine.state import GameState


class Bot(Protocol):
    """A computer player. ``choose`` takes the real state or the player's view; either way it
    decides from that player's view alone, and returns one of the legal actions."""

    name: str

    def choose(self, state: GameState | View, player: int) -> int: ...


@dataclass
class RandomBot:
    """Any legal action, uniformly."""

    seed: int = 0
    name: str = "random"
    rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def choose(self, state: GameState | View, player: int) -> int:
        view = view_of(state, player)
        check_turn(view, player)
        legal = public_state(view).legal_actions()
        return legal[int(self.rng.random() * len(legal))]


@dataclass
class GreedyBot:
    """One move ahead: the action that most improves its building's points, its chance of the
    blueprint bonus and its chances at the Prizes (see ``heuristic``). Deterministic."""

    seed: int = 0
    name: str = "greedy"
    weights: Weights = DEFAULT

    def choose(self, state: GameState | View, player: int) -> int:
        view = view_of(state, player)
        check_turn(view, player)
        return best_action(public_state(view), None, self.weights)


@dataclass
class SearchBot:
    """Determinized Monte Carlo search over the player's view (see ``search``): its own
    playouts by ``weights``, the opponents' by ``others`` (None: the same), and ``win`` what
    winning the game is worth over the victory points; ``value`` how a playout's end is valued
    (``search.POINTS`` or ``search.CHANCES``). With ``crowd``, a game of four players
    (``strategy.CROWD_PLAYERS``) is searched by that strategy's budget, weights, temperature
    and value instead."""

    seed: int = 0
    budget: Budget = field(default_factory=Budget)
    name: str = "search"
    weights: Weights = DEFAULT
    others: Weights | None = None
    win: float = 2.0
    temperature: float = 0.0
    own_temperature: float | None = None
    value: str = POINTS
    crowd: Strategy | None = None
    rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def choose(self, state: GameState | View, player: int) -> int:
        view = view_of(state, player)
        check_turn(view, player)
        plan = self.crowd if self.crowd is not None and crowded(view.players) else self
        return search(
            view,
            player,
            self.rng,
            plan.budget,
            plan.weights,
            self.others,
            self.win,
            plan.temperature,
            plan.value,
            plan.own_temperature,
        )
