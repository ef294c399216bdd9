"""Awards and Prizes for one round (pp. 4-5), and the tie rule both use.

Ties, for Awards and Prizes alike: more dice of the first in-demand material wins, then more of
the second, then the player who was LATER in this round's turn order.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from blueprints3d.engine.materials import Material
from blueprints3d.engine.rules import AWARD_VP, AWARDS_BY_PLAYERS, PRIZE_VP, Award, Prize
from blueprints3d.engine.scoring import Score


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
        """Why ``winner`` beat ``loser`` when the main criterion was equal, in words."""
        w, l = self.tie_key(winner), self.tie_key(loser)
        first, second = self.in_demand
        if w[0] != l[0]:
            return (f"{names[winner]} has more {first.colour} ({first.label}, first in demand): "
                    f"{w[0]} to {l[0]}")
        if w[1] != l[1]:
            return (f"both have {w[0]} {first.colour}; {names[winner]} has more {second.colour} "
                    f"({second.label}, second in demand): {w[1]} to {l[1]}")
        return (f"equal in {first.colour} and {second.colour}; {names[winner]} was later in "
                f"this round's turn order")


class Placement(NamedTuple):
    """Who got an Award or Prize, and the tie-breaks that decided it, in words."""

    player: int
    reason: str
    # The players it was tied with, each with the tie-break that decided it, in words.
    ties: tuple[str, ...] = ()


def rank_buildings(scores: Sequence[Score], ctx: RoundContext) -> list[int]:
    """Players from best to worst building: score, then the tie rule."""
    first, second = ctx.in_demand
    order, counts = ctx.turn_order, ctx.counts
    return sorted(range(len(scores)), reverse=True, key=lambda p: (
        scores[p].total, counts[p][first], counts[p][second], order.index(p)))


def give_awards(scores: Sequence[Score], ctx: RoundContext, names: Sequence[str]
                ) -> dict[Award, Placement]:
    ranking = rank_buildings(scores, ctx)
    out: dict[Award, Placement] = {}
    for place, award in enumerate(AWARDS_BY_PLAYERS[len(scores)]):
        p = ranking[place]
        reason = f"{names[p]}: building score {scores[p].total}"
        beaten = [q for q in ranking[place + 1:] if scores[q].total == scores[p].total]
        ties = tuple(f"{names[q]} ({ctx.explain_tie(p, q, names)})" for q in beaten)
        if ties:
            reason += "; tie with " + ", ".join(ties)
        out[award] = Placement(p, reason, ties)
    return out


def give_prizes(scores: Sequence[Score], ctx: RoundContext, names: Sequence[str]
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
        ties = tuple(f"{names[q]} ({ctx.explain_tie(p, q, names)})" for q in qualified[1:])
        if ties:
            reason += "; so do " + ", ".join(ties)
        out[prize] = Placement(p, reason, ties)
    return out


# Award, Prize and their worth are rule numbers (rules.py); they stay importable from here too.
__all__ = ["Award", "Prize", "AWARD_VP", "AWARDS_BY_PLAYERS", "PRIZE_VP", "RoundContext",
           "Placement", "rank_buildings", "give_awards", "give_prizes"]
