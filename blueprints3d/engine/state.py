"""The game state of Blueprints and its turn machine: legal actions, apply, clone, views.

The state is plain data (lists of ints) mutated in place by ``apply``, which is what keeps random
playouts fast enough for bots to search with. All randomness comes from one seeded
``random.Random`` kept in the state, drawn in a fixed order, so the same seed and the same
actions always give the same game. Round setup and round scoring happen inside ``apply``: the
only decisions are the players' actions.

The jobs around it live next door: rule numbers in ``rules``, the bag and pool in ``dice``, the
fast placement rule in ``legal``, round scoring in ``rounds``, the records it reveals in
``results``, what a player may see in ``views``, whose turn it is in ``turns``, the refusals of
bad arguments and illegal actions in ``checks``, copies and the plain-data form in ``snapshot``,
an action in words in ``describe``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from blueprints3d.engine import actions as A
from blueprints3d.engine.blueprints import Blueprint, standard_deck
from blueprints3d.engine.checks import (
    check_action,
    check_deck,
    check_names,
    check_new_game,
    check_parts,
)
from blueprints3d.engine.describe import action_message
from blueprints3d.engine.dice import draw_in_demand, draw_to_pool, shuffle
from blueprints3d.engine.errors import IllegalAction
from blueprints3d.engine.legal import (
    discard_actions,
    empty_tops,
    take_actions,
    tops_of,
)
from blueprints3d.engine.materials import NUM_DICE
from blueprints3d.engine.results import GameResult, RoundResult, victory_points
from blueprints3d.engine.rounds import score_round
from blueprints3d.engine.rules import (
    DISCARDING_PLAYER_COUNTS,
    NUM_ROUNDS,
    POOL_SIZE,
    REPLACEMENTS_AFTER_DISCARD,
    TAKES_PER_ROUND,
    Award,
    Prize,
)
from blueprints3d.engine.snapshot import clone_state, share_for_turn, state_dict
from blueprints3d.engine.state_data import StateData
from blueprints3d.engine.turns import Phase, next_start_player, turn_order, turns_in_round
from blueprints3d.engine.views import PlayerView, view_of
from blueprints3d.i18n.message import Message
from blueprints3d.text import clean_name

_DIE_OF, _SLOT_OF, _NUM_ACTIONS = A.DIE_OF, A.SLOT_OF, A.NUM_ACTIONS


def default_names(n: int) -> list[str]:
    return [f"Player {i + 1}" for i in range(n)]


SPECTATOR = -1  # ``view(SPECTATOR)``: the view of someone at no seat (a watcher over the network)


class GameState(StateData):
    """One game of Blueprints. Create it with ``GameState.new`` (a new game) or
    ``GameState.restore`` (a game rebuilt from its parts, e.g. from a player's view)."""

    __slots__ = ()  # the slots are StateData's

    # ---- creation -------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        players: int,
        seed: int,
        start_player: int = 0,
        names: Sequence[str] | None = None,
        deck: Sequence[Blueprint] | None = None,
    ) -> GameState:
        """A new game for 2-4 players; ``start_player`` begins round 1 (seat index)."""
        check_new_game(players, seed, start_player)
        names = list(names) if names is not None else default_names(players)
        check_names(players, names)
        # Names are shown on the table and written to saves: printable, capped, never empty.
        names = [clean_name(n, d) for n, d in zip(names, default_names(players), strict=True)]
        cards = list(deck) if deck is not None else list(standard_deck())
        check_deck(players, cards)
        s = cls.__new__(cls)
        s.num_players, s.seed, s.start_player, s.names = players, seed, start_player, names
        s.rng = random.Random(seed)
        s.round, s.phase = 1, Phase.TAKE
        s.deck = cards
        shuffle(s.rng, s.deck)
        s.values = [1] * NUM_DICE
        s.round_results, s.log = [], []
        s.awards = [[] for _ in range(players)]
        s.prizes = [[] for _ in range(players)]
        s._result = None
        s._setup_round(start_player)
        return s

    @classmethod
    def restore(
        cls,
        *,
        names: Sequence[str],
        round: int,
        phase: Phase,
        turn_order: Sequence[int],
        turns_done: int,
        values: Sequence[int],
        bag: Sequence[int],
        pool: Sequence[int],
        in_demand: tuple[int, int],
        deck: Sequence[Blueprint],
        blueprints: Sequence[Blueprint],
        stacks: Sequence[Sequence[Sequence[int]]],
        taken: Sequence[Sequence[int]],
        set_aside: Sequence[Sequence[int]],
        discarded: Sequence[int],
        awards: Sequence[Sequence[Award]],
        prizes: Sequence[Sequence[Prize]],
        rng: random.Random,
        seed: int = 0,
        start_player: int | None = None,
        tops: Sequence[Sequence[int]] | None = None,
        round_results: Sequence[RoundResult] = (),
        log: Sequence[int] = (),
    ) -> GameState:
        """A state rebuilt from its parts (dice by id, ``values[die]`` each die's value,
        ``stacks[player][cell]`` bottom to top); every list is copied, so the caller keeps its
        own. ``tops`` defaults to each stack's top value; pass it to keep a sampled building's
        own (``determinize``). The parts must agree with one another: that is the caller's
        promise, checked here only where it is cheap (one entry per player)."""
        n = len(names)
        check_parts(
            n,
            values,
            turn_order=turn_order,
            blueprints=blueprints,
            stacks=stacks,
            taken=taken,
            set_aside=set_aside,
            awards=awards,
            prizes=prizes,
        )
        s = cls.__new__(cls)
        s.num_players, s.seed, s.names = n, seed, list(names)
        s.start_player = turn_order[0] if start_player is None else start_player
        s.rng = rng
        s.round, s.phase = round, phase
        s.deck = list(deck)
        s.values = list(values)
        s.bag, s.pool, s.in_demand = list(bag), list(pool), (in_demand[0], in_demand[1])
        s.blueprints = list(blueprints)
        s.stacks = [[list(st) for st in b] for b in stacks]
        s.tops = (
            [list(t) for t in tops]
            if tops is not None
            else [tops_of(bp, b, s.values) for bp, b in zip(s.blueprints, s.stacks, strict=True)]
        )
        s.taken = [list(t) for t in taken]
        s.set_aside = [list(t) for t in set_aside]
        s.discarded = list(discarded)
        s.turn_order = list(turn_order)
        s.turns_done = turns_done
        s.round_results = list(round_results)
        s.awards = [list(a) for a in awards]
        s.prizes = [list(z) for z in prizes]
        s.log = list(log)
        s._result = None
        return s

    def as_turn_of(
        self,
        player: int,
        takes: int,
        blueprint: Blueprint,
        stacks: list[list[int]],
        tops: list[int],
    ) -> GameState:
        """A shallow copy in which ``player`` is about to take their die number ``takes + 1``,
        on the given building: what a bot rates to guess how another player put down a die it
        could not see (``determinize``). Cheap because it shares every other list with this
        state: read it, never apply to it."""
        s = GameState.__new__(GameState)
        share_for_turn(self, s, player, takes, blueprint, stacks, tops)
        return s

    def _draw_to_pool(self, count: int) -> None:
        draw_to_pool(count, self.bag, self.pool, self.values, self.rng.random)

    def _setup_round(self, start: int) -> None:
        n = self.num_players
        self.bag = list(range(NUM_DICE))
        # 1. In-demand materials: two dice of different colours (they leave the bag).
        self.in_demand = draw_in_demand(self.bag, self.rng.random)
        # 2. One blueprint each, dealt from the deck in seat order.
        self.blueprints = [self.deck.pop() for _ in range(n)]
        self.stacks = [[[] for _ in range(bp.num_cells)] for bp in self.blueprints]
        self.tops = [empty_tops(bp) for bp in self.blueprints]
        self.taken = [[] for _ in range(n)]
        self.set_aside = [[] for _ in range(n)]
        self.discarded = []
        # 3. The pool, rolled and sorted by value.
        self.pool = []
        self._draw_to_pool(POOL_SIZE[n])
        self.turn_order = turn_order(start, n)
        self.turns_done = 0
        self.phase = Phase.TAKE

    # ---- queries --------------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        """Every legal action of the current player (empty only when the game is over)."""
        if self.phase is Phase.TAKE:
            tops = self.tops[self.turn_order[self.turns_done % self.num_players]]
            return take_actions(tops, self.pool, self.values)
        if self.phase is Phase.DISCARD:
            return discard_actions(self.pool)
        return []

    # ---- the one way the state changes ----------------------------------------------------
    def apply(self, action: int) -> None:
        """Apply the current player's ``action``. An illegal one raises IllegalAction, naming the
        rule it breaks, and leaves the state exactly as it was."""
        player = self.turn_order[self.turns_done % self.num_players]
        if self.phase is Phase.TAKE and type(action) is int and 0 <= action < _NUM_ACTIONS:
            # Fast path for the common case, a legal placement: bots and playouts live here.
            die, slot = _DIE_OF[action], _SLOT_OF[action]
            tops, pool = self.tops[player], self.pool
            if slot < len(tops) and die in pool and tops[slot] <= self.values[die]:
                self.log.append(action)
                pool.remove(die)
                self.taken[player].append(die)
                self.stacks[player][slot].append(die)
                tops[slot] = self.values[die]
                if self.num_players in DISCARDING_PLAYER_COUNTS and pool:
                    self.phase = Phase.DISCARD  # same player, second decision
                    return
                if self.bag:
                    draw_to_pool(1, self.bag, pool, self.values, self.rng.random)
                self.turns_done += 1  # _next_turn, inlined on this hot path
                if self.turns_done == TAKES_PER_ROUND * self.num_players:
                    self._score_round()
                return
        self._check(action)
        die, slot = A.split(action)
        self.log.append(action)
        self.pool.remove(die)
        if self.phase is Phase.DISCARD:
            self.discarded.append(die)
            self._draw_to_pool(REPLACEMENTS_AFTER_DISCARD)
            self._next_turn()
            return
        self.taken[player].append(die)
        if slot == A.SET_ASIDE:
            self.set_aside[player].append(die)
        else:  # a placement given as an int subclass (the fast path takes plain ints)
            self.stacks[player][slot].append(die)
            self.tops[player][slot] = self.values[die]
        if self.num_players in DISCARDING_PLAYER_COUNTS and self.pool:
            self.phase = Phase.DISCARD
        else:
            self._draw_to_pool(1)
            self._next_turn()

    def _check(self, action: Any) -> None:
        check_action(self, action)

    def describe_die(self, die: int) -> str:
        return str(self.die_message(die))

    def describe_action(self, action: int, reveal: bool = False) -> str:
        """The current player's ``action`` in words, as the table sees it: where a die goes on a
        building is behind that player's screen, so the space is named only with ``reveal``.
        In English; ``action_message`` to translate it."""
        return str(self.action_message(action, reveal))

    def action_message(self, action: int, reveal: bool = False) -> Message:
        """``describe_action`` as a Message, said in the player's language where it is shown."""
        return action_message(self, action, reveal)

    def _next_turn(self) -> None:
        self.phase = Phase.TAKE
        self.turns_done += 1
        if self.turns_done == turns_in_round(self.num_players):
            self._score_round()

    # ---- end of a round, end of the game --------------------------------------------------
    def _score_round(self) -> None:
        rr = score_round(
            self.round,
            self.blueprints,
            self.stacks,
            self.set_aside,
            self.values,
            self.in_demand,
            self.turn_order,
            self.names,
        )
        for award, pl in rr.awards.items():
            self.awards[pl.player].append(award)
        for prize, pl in rr.prizes.items():
            self.prizes[pl.player].append(prize)
        self.round_results.append(rr)
        if self.round == NUM_ROUNDS:
            self.phase = Phase.OVER
            return
        start = next_start_player([s.total for s in rr.scores], self.turn_order)
        self.round += 1
        self._setup_round(start)

    def victory_points(self, player: int) -> int:
        return victory_points(self.awards[player], self.prizes[player])

    # ---- copies, equality, serialisation --------------------------------------------------
    def clone(self) -> GameState:
        s = GameState.__new__(GameState)
        clone_state(self, s)
        return s

    def reseed(self, seed: int) -> None:
        """Replace the random source: a bot searching a copy must not learn the real future draws."""
        self.rng = random.Random(seed)

    def after(self, action: int) -> GameState:
        """A new state with ``action`` applied; this one is unchanged (the pure-function form)."""
        s = self.clone()
        s.apply(action)
        return s

    def to_dict(self) -> dict[str, Any]:
        """The whole state as plain JSON data (the random source is represented by the seed and
        the log, which replay to it)."""
        return state_dict(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return (
            self.to_dict() == other.to_dict()
            and self.log == other.log
            and self.rng.getstate() == other.rng.getstate()
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<GameState {self.num_players}p seed={self.seed} round {self.round} "
            f"{self.phase.value} turn {self.turns_done} player {self.current_player}>"
        )

    # ---- what one player may see ----------------------------------------------------------
    def view(self, player: int) -> PlayerView:
        """What ``player`` may see now: everything public, their own blueprint, building and
        cards; others' blueprints, buildings and cards only when the game is over (a scored
        round's buildings are public through ``round_results``). ``SPECTATOR``: what someone
        at no seat may see, the public part alone."""
        if not (0 <= player < self.num_players or player == SPECTATOR):
            raise IllegalAction(Message.of("there is no player {player}", player=player))
        return view_of(self, player)


# Phase and the records are part of the state's API, so they can be imported from here too.
__all__ = [
    "GameState",
    "Phase",
    "RoundResult",
    "GameResult",
    "PlayerView",
    "SPECTATOR",
    "default_names",
]
