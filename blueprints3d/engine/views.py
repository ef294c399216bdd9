"""What one player may see: a typed, immutable view of the game (``GameState.view``), immutable
all the way down (tuples, frozen records, the round results' FrozenMaps).

Everything public, the player's own blueprint, building and cards; other players' secrets are
None until the rules reveal them. A bot decides from this alone (``determinize`` rebuilds a full
state from it), so it is the contract of fairness: nothing hidden is in it, not even by accident.
``to_dict`` gives the same as plain JSON data.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from blueprints3d.engine.blueprints import Blueprint
from blueprints3d.engine.materials import MATERIAL_OF, Material
from blueprints3d.engine.results import GameResult, RoundResult
from blueprints3d.engine.rules import Award, Prize
from blueprints3d.engine.state_data import StateData
from blueprints3d.engine.turns import Phase


@dataclass(frozen=True)
class DieView:
    """A die in the open: its id (which fixes its material) and the value it shows."""

    die: int
    material: Material
    value: int

    def to_dict(self) -> dict[str, Any]:
        return {"die": self.die, "material": self.material.label, "value": self.value}


Dice = tuple[DieView, ...]


@dataclass(frozen=True)
class PlayerView:
    """``player``'s view of the game. Per-player tuples are indexed by seat; an entry is None
    where that seat's part is hidden from ``player``."""

    player: int
    players: int
    names: tuple[str, ...]
    round: int
    phase: Phase
    current_player: int | None
    turn_order: tuple[int, ...]
    turns_done: int
    in_demand: tuple[Material, Material]
    pool: Dice
    bag_count: int
    deck_count: int
    # Taking from the pool, setting aside and discarding happen in the open.
    taken: tuple[Dice, ...]
    set_aside: tuple[Dice, ...]
    discarded: Dice
    # Behind the screens: only the player's own, until the game is over.
    blueprints: tuple[Blueprint | None, ...]
    buildings: tuple[tuple[Dice, ...] | None, ...]  # [seat][cell] bottom to top
    round_results: tuple[RoundResult, ...]
    result: GameResult | None

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    # Awards and Prizes are handed out in the open when a round is scored (``round_results``
    # names every winner), so every seat's cards are derived from those results: one fact, one
    # visibility. (What the table keeps behind the screens is the running total of victory
    # points, a matter of showing, not of knowing.)
    @property
    def awards(self) -> tuple[tuple[Award, ...], ...]:
        """Each seat's Award cards so far, in the order they were won."""
        return tuple(
            tuple(a for rr in self.round_results for a, pl in rr.awards.items() if pl.player == p)
            for p in range(self.players)
        )

    @property
    def prizes(self) -> tuple[tuple[Prize, ...], ...]:
        """Each seat's Prize cards so far, in the order they were won."""
        return tuple(
            tuple(z for rr in self.round_results for z, pl in rr.prizes.items() if pl.player == p)
            for p in range(self.players)
        )

    def seen_cards(self) -> set[str]:
        """Ids of every blueprint card this player has seen: their own, and every card revealed
        at the end of an earlier round."""
        seen = {bp.id for bp in self.blueprints if bp is not None}
        for rr in self.round_results:
            seen.update(bp.id for bp in rr.blueprints)
        return seen

    def to_dict(self) -> dict[str, Any]:
        """The view as plain JSON data."""

        def dice(ds: Dice) -> list[dict[str, Any]]:
            return [d.to_dict() for d in ds]

        return {
            "player": self.player,
            "players": self.players,
            "names": list(self.names),
            "round": self.round,
            "phase": self.phase.value,
            "current_player": self.current_player,
            "turn_order": list(self.turn_order),
            "turns_done": self.turns_done,
            "in_demand": [m.label for m in self.in_demand],
            "pool": dice(self.pool),
            "bag_count": self.bag_count,
            "deck_count": self.deck_count,
            "taken": [dice(t) for t in self.taken],
            "set_aside": [dice(t) for t in self.set_aside],
            "discarded": dice(self.discarded),
            "blueprints": [None if b is None else b.to_dict() for b in self.blueprints],
            "buildings": [None if b is None else [dice(s) for s in b] for b in self.buildings],
            "round_results": [r.to_dict() for r in self.round_results],
            "awards": [[x.value for x in a] for a in self.awards],
            "prizes": [[x.value for x in z] for z in self.prizes],
            "result": None if self.result is None else self.result.to_dict(),
        }


def view_of(s: StateData, player: int) -> PlayerView:
    """``GameState.view``: what ``player`` (a seat, or SPECTATOR: none) may see of ``s`` now."""
    v = s.values
    over = s.phase is Phase.OVER
    seats = range(s.num_players)

    def dice(ds: Sequence[int]) -> tuple[DieView, ...]:
        return tuple(DieView(d, Material(MATERIAL_OF[d]), v[d]) for d in ds)

    return PlayerView(
        player=player,
        players=s.num_players,
        names=tuple(s.names),
        round=s.round,
        phase=s.phase,
        current_player=s.current_player,
        turn_order=tuple(s.turn_order),
        turns_done=s.turns_done,
        in_demand=s.in_demand_materials(),
        pool=dice(s.pool),
        bag_count=len(s.bag),
        deck_count=len(s.deck),
        taken=tuple(dice(t) for t in s.taken),
        set_aside=tuple(dice(t) for t in s.set_aside),
        discarded=dice(s.discarded),
        blueprints=tuple(s.blueprints[p] if p == player or over else None for p in seats),
        buildings=tuple(
            tuple(dice(st) for st in s.stacks[p]) if p == player or over else None for p in seats
        ),
        round_results=tuple(s.round_results),
        result=s.result() if over else None,
    )
