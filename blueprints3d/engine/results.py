"""What is revealed when a round is scored (``RoundResult``) and at the end (``GameResult``).

Immutable records: the state keeps them, views hand them out, the client draws from them. A
round result carries the dice by id as well as by (material, value), so whoever shows it can
keep every die where it stood without replaying the last move.
"""

from __future__ import annotations

from collections.abc import ItemsView, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from blueprints3d.engine.awards import Placement
from blueprints3d.engine.blueprints import Blueprint
from blueprints3d.engine.materials import Material
from blueprints3d.engine.rules import PRIZE_VP, Award, Prize
from blueprints3d.engine.scoring import Score
from blueprints3d.i18n.message import N_, Message

K = TypeVar("K")
V = TypeVar("V")


class FrozenMap(Mapping[K, V]):
    """A mapping nobody can change: a round's Awards and Prizes, shared by the state, its
    clones and every view (a plain dict there let ``view.round_results[0].awards.clear()``
    empty the game's own record). Equal to any mapping with the same items; hashable."""

    __slots__ = ("_items", "_hash")

    def __init__(self, items: Mapping[K, V] | None = None) -> None:
        self._items: dict[K, V] = dict(items or {})
        self._hash: int | None = None

    def __getitem__(self, key: K) -> V:
        return self._items[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def items(self) -> ItemsView[K, V]:
        # The dict's own view (read-only), not the Mapping's, which looks each key up again.
        return self._items.items()

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._items.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mapping) and dict(self._items) == dict(other)

    def __repr__(self) -> str:
        return f"FrozenMap({self._items!r})"

    def __reduce__(
        self,
    ) -> tuple[
        type[FrozenMap[Any, Any]], tuple[dict[K, V]]
    ]:  # pickled whole (tournament workers send results back)
        return (FrozenMap, (self._items,))


@dataclass(frozen=True)
class RoundResult:
    """Everything revealed when a round is scored."""

    round: int
    in_demand: tuple[Material, Material]
    turn_order: tuple[int, ...]
    blueprints: tuple[Blueprint, ...]
    buildings: tuple[
        tuple[tuple[tuple[int, int], ...], ...], ...
    ]  # [player][cell] (material, value)
    set_aside: tuple[tuple[tuple[int, int], ...], ...]  # dice that fitted nowhere, per player
    scores: tuple[Score, ...]
    awards: Mapping[Award, Placement]  # a FrozenMap, whatever mapping it was made with
    prizes: Mapping[Prize, Placement]
    # The same dice by id: [player][cell] bottom to top, the set-aside ones per player, and every
    # die's value when the round was scored (the next round rolls them again).
    stacks: tuple[tuple[tuple[int, ...], ...], ...]
    set_aside_dice: tuple[tuple[int, ...], ...]
    values: tuple[int, ...]

    def __post_init__(self) -> None:
        # Immutable all the way down: the tuples' parts are tuples, NamedTuples and frozen
        # dataclasses; the two mappings are frozen here (a copy: the caller's dict stays its own).
        for name in ("awards", "prizes"):
            object.__setattr__(self, name, FrozenMap(getattr(self, name)))

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "in_demand": [m.label for m in self.in_demand],
            "turn_order": list(self.turn_order),
            "blueprints": [b.to_dict() for b in self.blueprints],
            "buildings": [
                [[f"{Material(m).label}:{v}" for m, v in s] for s in b] for b in self.buildings
            ],
            "set_aside": [[f"{Material(m).label}:{v}" for m, v in s] for s in self.set_aside],
            "scores": [s.to_dict() for s in self.scores],
            "awards": {
                a.value: {"player": p.player, "reason": p.reason} for a, p in self.awards.items()
            },
            "prizes": {
                z.value: {"player": p.player, "reason": p.reason} for z, p in self.prizes.items()
            },
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
        return (
            self.victory_points[player],
            len(self.prizes[player]),
            aw.count(Award.GOLD),
            aw.count(Award.SILVER),
            aw.count(Award.BRONZE),
        )

    def standings(self) -> list[int]:
        """Players from first to last place."""
        return sorted(range(len(self.victory_points)), key=self.tiebreak_key, reverse=True)

    @property
    def margin(self) -> int:
        """How many VP the first place has over the second (0: level, decided by the tie rule
        or shared)."""
        order = self.standings()
        if len(order) < 2:
            return 0
        return self.victory_points[order[0]] - self.victory_points[order[1]]

    def explain(self, names: Sequence[str]) -> str:
        """What decided the winner, in words: the most victory points, or the tie rule (more
        Prizes, then more Gold, Silver, Bronze), or a shared victory. In English (the history
        keeps it); ``explain_message`` to translate it."""
        return str(self.explain_message(names))

    def explain_message(self, names: Sequence[str]) -> Message:
        """``explain`` as a Message, said in the player's language where it is shown."""
        order = self.standings()
        first = order[0]
        vp = self.victory_points[first]
        if self.shared:
            who = " and ".join(
                names[w] for w in self.winners
            )  # (names joined as the history keeps them)
            return Message.of(
                "Shared victory: {who} have {vp} VP each and as many Prizes and Gold, Silver "
                "and Bronze Awards",
                who=who,
                vp=vp,
            )
        tied = [p for p in order[1:] if self.victory_points[p] == vp]
        if not tied:
            runner = order[1] if len(order) > 1 else None
            if runner is None:
                return Message.of("{winner} wins with {vp} VP", winner=names[first], vp=vp)
            return Message.of(
                "{winner} wins with {vp} VP, {lead} ahead of {runner}",
                winner=names[first],
                vp=vp,
                lead=vp - self.victory_points[runner],
                runner=names[runner],
            )
        steps = (
            (N_("more Prizes than {player} ({a} to {b})"), 1),
            (N_("more Gold Awards than {player} ({a} to {b})"), 2),
            (N_("more Silver Awards than {player} ({a} to {b})"), 3),
            (N_("more Bronze Awards than {player} ({a} to {b})"), 4),
        )
        parts = []
        for q in tied:
            a, b = self.tiebreak_key(first), self.tiebreak_key(q)
            for what, i in steps:
                if a[i] != b[i]:
                    parts.append(Message.of(what, player=names[q], a=a[i], b=b[i]))
                    break
        reasons: Message | str = ""
        for part in parts:  # "a; b": each reason a Message of its own
            reasons = (
                part if reasons == "" else Message.of("{first}; {then}", first=reasons, then=part)
            )
        return Message.of(
            "{winner} wins on the tie rule: {vp} VP like {tied}, but {reasons}",
            winner=names[first],
            vp=vp,
            tied=", ".join(names[q] for q in tied),
            reasons=reasons,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "victory_points": list(self.victory_points),
            "awards": [[a.value for a in aw] for aw in self.awards],
            "prizes": [[p.value for p in pz] for pz in self.prizes],
            "winners": list(self.winners),
        }


def victory_points(awards: Sequence[Award], prizes: Sequence[Prize]) -> int:
    """One player's victory points: their Award cards' worth and PRIZE_VP a Prize."""
    return sum(a.victory_points for a in awards) + PRIZE_VP * len(prizes)


def round_victory_points(result: RoundResult) -> tuple[int, ...]:
    """Each player's victory points from one round's Awards and Prizes."""
    n = len(result.scores)
    return tuple(
        victory_points(
            [a for a, pl in result.awards.items() if pl.player == p],
            [z for z, pl in result.prizes.items() if pl.player == p],
        )
        for p in range(n)
    )


def game_result(awards: Sequence[Sequence[Award]], prizes: Sequence[Sequence[Prize]]) -> GameResult:
    """The final result from every player's Award and Prize cards. Most victory points wins;
    ties: more Prizes, then more Gold, Silver, Bronze; otherwise the victory is shared."""
    n = len(awards)
    vp = tuple(victory_points(awards[p], prizes[p]) for p in range(n))
    res = GameResult(vp, tuple(tuple(a) for a in awards), tuple(tuple(z) for z in prizes), ())
    best = max(res.tiebreak_key(p) for p in range(n))
    winners = tuple(p for p in range(n) if res.tiebreak_key(p) == best)
    return GameResult(vp, res.awards, res.prizes, winners)
