"""The game state of Blueprints and its small API: legal actions, apply, clone, views, result.

The state is plain data (lists of ints) mutated in place by ``apply``, which is what keeps random
playouts fast enough for bots to search with. All randomness comes from one seeded
``random.Random`` kept in the state, drawn in a fixed order, so the same seed and the same
actions always give the same game. Round setup and round scoring happen inside ``apply``: the
only decisions are the players' actions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum
from typing import Any, Sequence

from blueprints3d.engine import actions as A
from blueprints3d.engine.awards import (AWARDS_BY_PLAYERS, PRIZE_VP, Award, Placement,
                                        RoundContext, give_awards, give_prizes)
from blueprints3d.engine.blueprints import Blueprint, placement_error, standard_deck
from blueprints3d.engine.errors import IllegalAction
from blueprints3d.engine.materials import MATERIAL_OF, NUM_DICE, Material
from blueprints3d.engine.scoring import Prize, Score, score_building

NUM_ROUNDS = 3
TAKES_PER_ROUND = 6
POOL_SIZE = {2: 8, 3: 9, 4: 7}
HATCHED_TOP = 7  # a "top value" no die can reach: nothing is ever placed on a hatched space


class Phase(Enum):
    TAKE = "take"        # the current player takes a die from the pool and places it
    DISCARD = "discard"  # two players: the current player discards a second pool die
    OVER = "over"


@dataclass(frozen=True)
class RoundResult:
    """Everything revealed when a round is scored."""

    round: int
    in_demand: tuple[Material, Material]
    turn_order: tuple[int, ...]
    blueprints: tuple[Blueprint, ...]
    buildings: tuple[tuple[tuple[tuple[int, int], ...], ...], ...]  # [player][cell] (material, value)
    set_aside: tuple[tuple[tuple[int, int], ...], ...]  # dice that fitted nowhere, per player
    scores: tuple[Score, ...]
    awards: dict[Award, Placement]
    prizes: dict[Prize, Placement]

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "in_demand": [m.label for m in self.in_demand],
            "turn_order": list(self.turn_order),
            "blueprints": [b.to_dict() for b in self.blueprints],
            "buildings": [[[f"{Material(m).label}:{v}" for m, v in s] for s in b] for b in self.buildings],
            "set_aside": [[f"{Material(m).label}:{v}" for m, v in s] for s in self.set_aside],
            "scores": [s.to_dict() for s in self.scores],
            "awards": {a.value: {"player": p.player, "reason": p.reason} for a, p in self.awards.items()},
            "prizes": {z.value: {"player": p.player, "reason": p.reason} for z, p in self.prizes.items()},
        }


@dataclass(frozen=True)
class GameResult:
    """The end of the game: victory points and the final tie rules (p. 6)."""

    victory_points: tuple[int, ...]
    awards: tuple[tuple[Award, ...], ...]
    prizes: tuple[tuple[Prize, ...], ...]
    winners: tuple[int, ...]  # more than one: a shared victory

    @property
    def shared(self) -> bool:
        return len(self.winners) > 1

    def tiebreak_key(self, player: int) -> tuple[int, ...]:
        aw = self.awards[player]
        return (self.victory_points[player], len(self.prizes[player]), aw.count(Award.GOLD),
                aw.count(Award.SILVER), aw.count(Award.BRONZE))

    def standings(self) -> list[int]:
        """Players from first to last place."""
        return sorted(range(len(self.victory_points)), key=self.tiebreak_key, reverse=True)

    def to_dict(self) -> dict[str, Any]:
        return {"victory_points": list(self.victory_points),
                "awards": [[a.value for a in aw] for aw in self.awards],
                "prizes": [[p.value for p in pz] for pz in self.prizes],
                "winners": list(self.winners)}


def default_names(n: int) -> list[str]:
    return [f"Player {i + 1}" for i in range(n)]


class GameState:
    """One game of Blueprints. Create it with ``GameState.new``."""

    __slots__ = ("num_players", "seed", "start_player", "names", "rng", "round", "phase", "deck",
                 "values", "bag", "pool", "in_demand", "blueprints", "stacks", "tops", "taken",
                 "set_aside", "discarded", "turn_order", "turns_done", "round_results",
                 "awards", "prizes", "log", "_result")

    # ---- creation -------------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, start_player: int = 0,
            names: Sequence[str] | None = None, deck: Sequence[Blueprint] | None = None
            ) -> "GameState":
        """A new game for 2-4 players; ``start_player`` begins round 1 (seat index)."""
        if players not in POOL_SIZE:
            raise IllegalAction(f"Blueprints is for 2 to 4 players, not {players}")
        if not 0 <= start_player < players:
            raise IllegalAction(f"start player must be a seat from 0 to {players - 1}, not {start_player}")
        if not isinstance(seed, int) or seed < 0:
            raise IllegalAction(f"seed must be a whole number of 0 or more, not {seed!r}")
        names = list(names) if names is not None else default_names(players)
        if len(names) != players:
            raise IllegalAction(f"{players} players need {players} names, got {len(names)}")
        cards = list(deck) if deck is not None else list(standard_deck())
        if len(cards) < players * NUM_ROUNDS:
            raise IllegalAction(f"a deck of {len(cards)} blueprints is too small for {players} players")
        s = cls.__new__(cls)
        s.num_players, s.seed, s.start_player, s.names = players, seed, start_player, names
        s.rng = random.Random(seed)
        s.round, s.phase = 1, Phase.TAKE
        s.deck = cards
        _shuffle(s.rng, s.deck)
        s.values = [1] * NUM_DICE
        s.round_results, s.log = [], []
        s.awards = [[] for _ in range(players)]
        s.prizes = [[] for _ in range(players)]
        s._result = None
        s._setup_round(start_player)
        return s

    def _draw(self) -> int:
        """Draw one die from the bag at random (the bag is unordered; order comes from the rng)."""
        bag = self.bag
        i = int(self.rng.random() * len(bag))
        d = bag[i]
        bag[i] = bag[-1]
        bag.pop()
        return d

    def _draw_to_pool(self, count: int) -> None:
        """Draw, roll and add ``count`` dice to the pool, kept sorted by value (then die id)."""
        values, pool, bag, rand = self.values, self.pool, self.bag, self.rng.random
        for _ in range(count):
            if not bag:
                return  # Decision: an empty bag gives no replacement
            i = int(rand() * len(bag))
            d = bag[i]
            bag[i] = bag[-1]
            bag.pop()
            v = values[d] = int(rand() * 6) + 1
            key = v * NUM_DICE + d
            j = len(pool)
            while j and values[pool[j - 1]] * NUM_DICE + pool[j - 1] > key:
                j -= 1
            pool.insert(j, d)

    def _setup_round(self, start: int) -> None:
        n = self.num_players
        self.bag = list(range(NUM_DICE))
        # 1. In-demand materials: two dice of different colours; a match goes back, draw again.
        first = self._draw()
        while True:
            second = self._draw()
            if MATERIAL_OF[second] != MATERIAL_OF[first]:
                break
            self.bag.append(second)
        self.in_demand = (first, second)
        # 2. One blueprint each, dealt from the deck in seat order.
        self.blueprints = [self.deck.pop() for _ in range(n)]
        self.stacks = [[[] for _ in range(bp.num_cells)] for bp in self.blueprints]
        self.tops = [[HATCHED_TOP if h is None else 0 for h in bp.heights] for bp in self.blueprints]
        self.taken = [[] for _ in range(n)]
        self.set_aside = [[] for _ in range(n)]
        self.discarded = []
        # 3. The pool, rolled and sorted by value.
        self.pool = []
        self._draw_to_pool(POOL_SIZE[n])
        self.turn_order = [(start + i) % n for i in range(n)]
        self.turns_done = 0
        self.phase = Phase.TAKE

    # ---- queries --------------------------------------------------------------------------
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
        return [c for c, top in enumerate(self.tops[player]) if top <= value]

    def legal_actions(self) -> list[int]:
        """Every legal action of the current player (empty only when the game is over)."""
        if self.phase is Phase.TAKE:
            tops = tuple(self.tops[self.turn_order[self.turns_done % self.num_players]])
            fit = _FITS.get(tops)
            if fit is None:
                if len(_FITS) > 200_000:  # bound the cache; real games use far fewer
                    _FITS.clear()
                fit = _FITS[tops] = _fit_masks(tops)
            values, out, table = self.values, [], _ACTIONS
            for d in self.pool:
                key = d << 32 | fit[values[d]]
                acts = table.get(key)
                if acts is None:
                    acts = table[key] = _actions_for(d, fit[values[d]])
                out += acts
            return out
        if self.phase is Phase.DISCARD:
            return [d << 6 | A.DISCARD for d in self.pool]
        return []

    # ---- the one way the state changes ----------------------------------------------------
    def apply(self, action: int) -> None:
        """Apply the current player's ``action``. An illegal one raises IllegalAction, naming the
        rule it breaks, and leaves the state exactly as it was."""
        player = self.turn_order[self.turns_done % self.num_players]
        if self.phase is Phase.TAKE and type(action) is int:
            # Fast path for the common case, a legal placement: bots and playouts live here.
            die, slot = action >> 6, action & 63
            tops, pool = self.tops[player], self.pool
            if slot < len(tops) and die in pool and tops[slot] <= self.values[die]:
                self.log.append(action)
                pool.remove(die)
                self.taken[player].append(die)
                self.stacks[player][slot].append(die)
                tops[slot] = self.values[die]
                if self.num_players == 2 and pool:
                    self.phase = Phase.DISCARD  # same player, second decision
                    return
                if self.bag:
                    self._draw_to_pool(1)
                self.turns_done += 1  # _next_turn, inlined on this hot path
                if self.turns_done == TAKES_PER_ROUND * self.num_players:
                    self._score_round()
                return
        self._check(action)
        die, slot = action >> 6, action & 63
        self.log.append(action)
        self.pool.remove(die)
        if self.phase is Phase.DISCARD:
            self.discarded.append(die)
            self._draw_to_pool(2)
            self._next_turn()
            return
        self.taken[player].append(die)
        if slot == A.SET_ASIDE:
            self.set_aside[player].append(die)
        else:  # a placement given as an int subclass (the fast path takes plain ints)
            self.stacks[player][slot].append(die)
            self.tops[player][slot] = self.values[die]
        if self.num_players == 2 and self.pool:
            self.phase = Phase.DISCARD
        else:
            self._draw_to_pool(1)
            self._next_turn()

    def _check(self, action: Any) -> None:
        if self.phase is Phase.OVER:
            raise IllegalAction("the game is over: no more actions")
        if not isinstance(action, int) or isinstance(action, bool) or action < 0:
            raise IllegalAction(f"not an action: {action!r}")
        die, slot = action >> 6, action & 63
        if not 0 <= die < NUM_DICE:
            raise IllegalAction(f"there is no die {die} (dice are numbered 0-{NUM_DICE - 1})")
        if die not in self.pool:
            raise IllegalAction(f"the {self.describe_die(die)} is not in the pool")
        if self.phase is Phase.DISCARD:
            if slot != A.DISCARD:
                raise IllegalAction("two players: after placing you must discard a die from the pool")
            return
        if slot == A.DISCARD:
            raise IllegalAction("you may only discard a die after taking one, in a two-player game")
        player = self.turn_order[self.turns_done % self.num_players]
        tops, v = self.tops[player], self.values[die]
        if slot < len(tops) and tops[slot] <= v:
            return  # the common case: a legal placement
        bp = self.blueprints[player]
        if slot == A.SET_ASIDE:
            fits = self.legal_cells(player, v)
            if fits:
                raise IllegalAction(f"the {self.describe_die(die)} fits on your building (at {bp.cell_name(fits[0])}), "
                                    f"so it must be placed, not set aside")
            return
        error = placement_error(bp, tops[slot] if slot < len(tops) else None, v, slot)
        if error:
            raise IllegalAction(error)

    def describe_die(self, die: int) -> str:
        return f"{self.material(die).label} {self.values[die]}"

    def describe_action(self, action: int, reveal: bool = False) -> str:
        """The current player's ``action`` in words, as the table sees it: where a die goes on a
        building is behind that player's screen, so the space is named only with ``reveal``."""
        k = A.decode(action)
        p = self.current_player
        who = self.names[p] if p is not None else "nobody"
        if k.kind is A.Kind.PLACE:
            if reveal:
                return f"{who} places the {self.describe_die(k.die)} at {self.blueprints[p].cell_name(k.cell)}"
            return f"{who} takes the {self.describe_die(k.die)}"
        if k.kind is A.Kind.SET_ASIDE:
            return f"{who} takes the {self.describe_die(k.die)}, which fits nowhere: it leaves the round"
        return f"{who} discards the {self.describe_die(k.die)}"

    def _next_turn(self) -> None:
        self.phase = Phase.TAKE
        self.turns_done += 1
        if self.turns_done == TAKES_PER_ROUND * self.num_players:
            self._score_round()

    # ---- end of a round, end of the game --------------------------------------------------
    def _score_round(self) -> None:
        n = self.num_players
        v = self.values
        buildings = [tuple(tuple((MATERIAL_OF[d], v[d]) for d in st) for st in b) for b in self.stacks]
        scores = [score_building(self.blueprints[p], buildings[p]) for p in range(n)]
        counts = []
        for b in self.stacks:
            c = [0, 0, 0, 0]
            for st in b:
                for d in st:
                    c[MATERIAL_OF[d]] += 1
            counts.append(tuple(c))
        ctx = RoundContext(self.in_demand_materials(), tuple(self.turn_order), tuple(counts))
        awards = give_awards(scores, ctx, self.names)
        prizes = give_prizes(scores, ctx, self.names)
        for award, pl in awards.items():
            self.awards[pl.player].append(award)
        for prize, pl in prizes.items():
            self.prizes[pl.player].append(prize)
        self.round_results.append(RoundResult(
            round=self.round, in_demand=ctx.in_demand, turn_order=ctx.turn_order,
            blueprints=tuple(self.blueprints),
            buildings=tuple(buildings),
            set_aside=tuple(tuple((MATERIAL_OF[d], v[d]) for d in sa) for sa in self.set_aside),
            scores=tuple(scores), awards=awards, prizes=prizes))
        if self.round == NUM_ROUNDS:
            self.phase = Phase.OVER
            return
        # Next start player: the lowest building score; Decision: a tie goes to the tied player
        # who comes first clockwise from this round's start player.
        lowest = min(s.total for s in scores)
        start = next(p for p in self.turn_order if scores[p].total == lowest)
        self.round += 1
        self._setup_round(start)

    def result(self) -> GameResult | None:
        """The final result once the game is over, else None."""
        if self.phase is not Phase.OVER:
            return None
        if self._result is None:
            n = self.num_players
            vp = tuple(sum(a.victory_points for a in self.awards[p]) + PRIZE_VP * len(self.prizes[p])
                       for p in range(n))
            res = GameResult(vp, tuple(tuple(a) for a in self.awards), tuple(tuple(z) for z in self.prizes), ())
            best = max(res.tiebreak_key(p) for p in range(n))
            winners = tuple(p for p in range(n) if res.tiebreak_key(p) == best)
            self._result = GameResult(vp, res.awards, res.prizes, winners)
        return self._result

    def victory_points(self, player: int) -> int:
        return sum(a.victory_points for a in self.awards[player]) + PRIZE_VP * len(self.prizes[player])

    # ---- copies, equality, serialisation --------------------------------------------------
    def clone(self) -> "GameState":
        s = GameState.__new__(GameState)
        s.num_players, s.seed, s.start_player, s.names = self.num_players, self.seed, self.start_player, self.names
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
        return s

    def reseed(self, seed: int) -> None:
        """Replace the random source: a bot searching a copy must not learn the real future draws."""
        self.rng = random.Random(seed)

    def after(self, action: int) -> "GameState":
        """A new state with ``action`` applied; this one is unchanged (the pure-function form)."""
        s = self.clone()
        s.apply(action)
        return s

    def to_dict(self) -> dict[str, Any]:
        """The whole state as plain JSON data (the random source is represented by the seed and
        the log, which replay to it)."""
        v = self.values

        def die(d: int) -> str:
            return f"{Material(MATERIAL_OF[d]).label}:{v[d]}#{d}"

        return {
            "players": self.num_players, "names": list(self.names), "seed": self.seed,
            "start_player": self.start_player, "round": self.round, "phase": self.phase.value,
            "current_player": self.current_player, "turn_order": list(self.turn_order),
            "turns_done": self.turns_done,
            "deck": [c.id for c in self.deck],
            "in_demand": [die(d) for d in self.in_demand],
            "bag": sorted(self.bag), "pool": [die(d) for d in self.pool],
            "blueprints": [b.id for b in self.blueprints],
            "buildings": [[[die(d) for d in s] for s in b] for b in self.stacks],
            "taken": [[die(d) for d in t] for t in self.taken],
            "set_aside": [[die(d) for d in t] for t in self.set_aside],
            "discarded": [die(d) for d in self.discarded],
            "awards": [[a.value for a in aw] for aw in self.awards],
            "prizes": [[p.value for p in pz] for pz in self.prizes],
            "round_results": [r.to_dict() for r in self.round_results],
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return (self.to_dict() == other.to_dict() and self.log == other.log
                and self.rng.getstate() == other.rng.getstate())

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<GameState {self.num_players}p seed={self.seed} round {self.round} "
                f"{self.phase.value} turn {self.turns_done} player {self.current_player}>")

    # ---- what one player may see ----------------------------------------------------------
    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` may see now: everything public, their own blueprint, building and
        cards; others' blueprints and buildings only once a round is scored, and others'
        Award and Prize cards only when the game is over."""
        if not 0 <= player < self.num_players:
            raise IllegalAction(f"there is no player {player}")
        v = self.values
        over = self.phase is Phase.OVER

        def die(d: int) -> dict[str, Any]:
            return {"die": d, "material": Material(MATERIAL_OF[d]).label, "value": v[d]}

        return {
            "player": player, "players": self.num_players, "names": list(self.names),
            "round": self.round, "phase": self.phase.value, "current_player": self.current_player,
            "turn_order": list(self.turn_order), "turns_done": self.turns_done,
            "in_demand": [Material(MATERIAL_OF[d]).label for d in self.in_demand],
            "pool": [die(d) for d in self.pool],
            "bag_count": len(self.bag),
            "deck_count": len(self.deck),
            # Taking from the pool, setting aside and discarding happen in the open.
            "taken": [[die(d) for d in t] for t in self.taken],
            "set_aside": [[die(d) for d in t] for t in self.set_aside],
            "discarded": [die(d) for d in self.discarded],
            # Behind the screens: only your own, until the round is scored.
            "blueprints": [self.blueprints[p].to_dict() if p == player or over else None
                           for p in range(self.num_players)],
            "buildings": [[[die(d) for d in s] for s in self.stacks[p]] if p == player or over else None
                          for p in range(self.num_players)],
            "round_results": [r.to_dict() for r in self.round_results],
            "awards": [[a.value for a in self.awards[p]] if p == player or over else None
                       for p in range(self.num_players)],
            "prizes": [[z.value for z in self.prizes[p]] if p == player or over else None
                       for p in range(self.num_players)],
            "result": self.result().to_dict() if over else None,
        }


def _fit_masks(tops: tuple[int, ...]) -> list[int]:
    """fit[v]: bit mask of the cells where a die showing v may go, given each cell's top value."""
    fit = [0] * 8
    for c, t in enumerate(tops):
        if t < HATCHED_TOP:
            fit[t or 1] |= 1 << c
    for v in range(2, 7):
        fit[v] |= fit[v - 1]
    return fit


# Caches for legal_actions: a building's tops -> fit masks, and (die << 32 | cell mask) -> that
# die's actions. Both stay small: few distinct (tops, mask) combinations occur in real games.
_FITS: dict[tuple[int, ...], list[int]] = {}
# (die << 32 | cell mask) -> that die's actions; a cache, since the same few masks recur.
_ACTIONS: dict[int, tuple[int, ...]] = {}


def _actions_for(die: int, mask: int) -> tuple[int, ...]:
    if not mask:
        return (die << 6 | A.SET_ASIDE,)
    return tuple(die << 6 | c for c in range(mask.bit_length()) if mask >> c & 1)


def _shuffle(rng: random.Random, items: list) -> None:
    """Fisher-Yates on rng.random(), whose sequence Python guarantees across versions and
    platforms (random.shuffle's use of the generator is not guaranteed)."""
    for i in range(len(items) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        items[i], items[j] = items[j], items[i]


__all__ = ["GameState", "Phase", "RoundResult", "GameResult", "AWARDS_BY_PLAYERS", "POOL_SIZE"]
