"""Awards and Prizes for one round (pp. 4-5), and the tie rule both use.

Ties, for Awards and Prizes alike: more dice of the first in-demand material wins, then more of
the second, then the player who was LATER in this round's turn order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from blueprints3d.engine.materials import Material
from blueprints3d.engine.rules import AWARD_VP, AWARDS_BY_PLAYERS, PRIZE_VP, Award, Prize
from blueprints3d.engine.scoring import Score
from blueprints3d.i18n.message import Message

# Each material's name as a Message, made once: a tie's reason names them every time.
_LABEL_MESSAGE = {m: Message.of(m.label) for m in Material}


class RoundContext(NamedTuple):
    """What the tie rule needs: the in-demand materials and the round's turn order."""

    in_demand: tuple[Material, Material]
    turn_order: tuple[int, ...]
    # material counts per player: counts[player][material]
    counts: tuple[tuple[int, int, int, int], ...]

    def tie_key(self, player: int) -> tuple[int, int, int]:
        c = self.counts[player]
        return (c[self.in_demand[0]], c[self.in_demand[1]], self.turn_order.index(player))

    def explain_tie(self, winner: int, loser: int, names: Sequence[str]) -> str:
        """Why ``winner`` beat ``loser`` when the main criterion was equal, in words (English;
        ``explain_tie_message`` to say it in the player's language)."""
        return str(self.explain_tie_message(winner, loser, names))

    def explain_tie_message(self, winner: int, loser: int, names: Sequence[str]) -> Message:
        # The materials are named as nouns ("more stone dice"), never as a bare colour word: a
        # colour adjective needs an agreement with its noun that a placeholder cannot give.
        w, l = self.tie_key(winner), self.tie_key(loser)
        first, second = self.in_demand
        said = dict(
            winner=names[winner],
            material=_LABEL_MESSAGE[first],
            second_material=_LABEL_MESSAGE[second],
        )
        if w[0] != l[0]:
            return Message.of(
                "{winner} has more {material} dice (first in demand): {won} to {lost}",
                won=w[0],
                lost=l[0],
                **said,
            )
        if w[1] != l[1]:
            return Message.counted(
                "both have {n} {material} die; {winner} has more {second_material} dice "
                "(second in demand): {won} to {lost}",
                "both have {n} {material} dice; {winner} has more {second_material} dice "
                "(second in demand): {won} to {lost}",
                w[0],
                won=w[1],
                lost=l[1],
                **said,
            )
        return Message.of(
            "equal in {material} and {second_material} dice; {winner} was later in this "
            "round's turn order",
            **said,
        )


class Placement(NamedTuple):
    """Who got an Award or Prize, and the tie-breaks that decided it, in words."""

    player: int
    reason: str
    # The players it was tied with, each with the tie-break that decided it, in words (English,
    # as history files keep them) and as Messages (to be said in the player's language).
    ties: tuple[str, ...] = ()
    tie_messages: tuple[Message, ...] = ()


def _tie(ctx: RoundContext, winner: int, loser: int, names: Sequence[str]) -> Message:
    """A player beaten on the tie rule, and why: "Bob (Ann has more wood dice ...)"."""
    return Message.of(
        "{name} ({why})", name=names[loser], why=ctx.explain_tie_message(winner, loser, names)
    )


def rank_buildings(scores: Sequence[Score], ctx: RoundContext) -> list[int]:
    """Players from best to worst building: score, then the tie rule."""
    first, second = ctx.in_demand
    order, counts = ctx.turn_order, ctx.counts
    return sorted(
        range(len(scores)),
        reverse=True,
        key=lambda p: (scores[p].total, counts[p][first], counts[p][second], order.index(p)),
    )


def give_awards(
    scores: Sequence[Score], ctx: RoundContext, names: Sequence[str]
) -> dict[Award, Placement]:
    ranking = rank_buildings(scores, ctx)
    out: dict[Award, Placement] = {}
    for place, award in enumerate(AWARDS_BY_PLAYERS[len(scores)]):
        p = ranking[place]
        reason = f"{names[p]}: building score {scores[p].total}"
        beaten = [q for q in ranking[place + 1 :] if scores[q].total == scores[p].total]
        said = tuple(_tie(ctx, p, q, names) for q in beaten)
        ties = tuple(str(m) for m in said)
        if ties:
            reason += "; tie with " + ", ".join(ties)
        out[award] = Placement(p, reason, ties, said)
    return out


def give_prizes(
    scores: Sequence[Score], ctx: RoundContext, names: Sequence[str]
) -> dict[Prize, Placement]:
    out: dict[Prize, Placement] = {}
    present = set().union(*(s.prizes for s in scores))  # usually empty: skip the Enum hashing
    for prize in Prize:
        if prize not in present:
            continue
        qualified = [p for p in range(len(scores)) if prize in scores[p].prizes]
        qualified.sort(key=ctx.tie_key, reverse=True)
        p = qualified[0]
        reason = f"{names[p]} qualifies"
        said = tuple(_tie(ctx, p, q, names) for q in qualified[1:])
        ties = tuple(str(m) for m in said)
        if ties:
            reason += "; so do " + ", ".join(ties)
        out[prize] = Placement(p, reason, ties, said)
    return out


# Award, Prize and their worth are rule numbers (rules.py); they stay importable from here too.
__all__ = [
    "Award",
    "Prize",
    "AWARD_VP",
    "AWARDS_BY_PLAYERS",
    "PRIZE_VP",
    "RoundContext",
    "Placement",
    "rank_buildings",
    "give_awards",
    "give_prizes",
]
