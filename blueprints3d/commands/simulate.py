"""`blueprints3d simulate`: whole games between random legal players, with statistics."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field

from blueprints3d.commands.argtypes import non_negative, whole_number
from blueprints3d.engine.playout import random_game
from blueprints3d.engine.scoring import Prize
from blueprints3d.i18n import N_, _, digits

HELP = N_("play games between random legal players and print statistics")
CATEGORIES = ("blueprint", "wood", "recycled", "stone", "glass", "total")  # Score.to_dict's keys
# What the table calls them (the materials' names are the catalogue's ids).
CATEGORY_NAMES = {
    "blueprint": N_("blueprint"),
    "wood": N_("wood"),
    "recycled": N_("recycled"),
    "stone": N_("stone"),
    "glass": N_("glass"),
    "total": N_("total"),
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--players", type=int, choices=(2, 3, 4), default=4, help=_("players per game (2-4)")
    )
    parser.add_argument(
        "--games",
        type=whole_number(1, 1_000_000),
        default=1000,
        help=_("number of games (default 1000, at most 1,000,000)"),
    )
    parser.add_argument(
        "--seed", type=non_negative, default=0, help=_("seed of the first game; game i uses seed+i")
    )


@dataclass
class Tally:
    """What the games scored, summed as they are played."""

    per_category: dict[str, list[int]] = field(default_factory=lambda: {c: [] for c in CATEGORIES})
    prizes_won: dict[Prize, int] = field(default_factory=lambda: dict.fromkeys(Prize, 0))
    prizes_qualified: dict[Prize, int] = field(default_factory=lambda: dict.fromkeys(Prize, 0))
    victory_points: list[int] = field(default_factory=list)
    shared: int = 0
    rounds: int = 0

    def add(self, state) -> None:
        """One finished game: every round's buildings and Prizes, and its result."""
        for rr in state.round_results:
            self.rounds += 1
            for s in rr.scores:
                d = s.to_dict()
                for c in CATEGORIES:
                    self.per_category[c].append(d[c])
                for p in s.prizes:
                    self.prizes_qualified[p] += 1
            for p in rr.prizes:
                self.prizes_won[p] += 1
        res = state.result()
        assert res is not None  # a random game is played to its end
        self.victory_points.extend(res.victory_points)
        self.shared += res.shared


def run(args: argparse.Namespace) -> int:
    tally = play_games(args)
    print_statistics(args, tally)
    return 0


def play_games(args: argparse.Namespace) -> Tally:
    """Play ``args.games`` random games, with a progress line on stderr twice a second."""
    tally = Tally()
    start = last = time.monotonic()
    progress = False  # a progress line stands unfinished on stderr
    try:
        for i in range(args.games):
            tally.add(random_game(args.players, args.seed + i))
            now = time.monotonic()
            if now - last > 0.5 or i + 1 == args.games:
                last = now
                print(
                    "\r"
                    + _(
                        "simulate: {done}/{games} games ({rate}/s)",
                        done=i + 1,
                        games=args.games,
                        rate=digits(f"{(i + 1) / max(now - start, 1e-9):.0f}"),
                    ),
                    end="",
                    file=sys.stderr,
                    flush=True,
                )
                progress = True
    except KeyboardInterrupt:
        if progress:  # end it, so that the command line's "interrupted" stands on its own line
            print(file=sys.stderr)
        raise
    print(file=sys.stderr)
    return tally


def print_statistics(args: argparse.Namespace, tally: Tally) -> None:
    per_cat, vp, shared = tally.per_category, tally.victory_points, tally.shared
    buildings = len(per_cat["total"])
    print(
        _(
            "{games} random {players}-player games (seeds {first}..{last}), {buildings} buildings scored",
            games=args.games,
            players=args.players,
            first=args.seed,
            last=args.seed + args.games - 1,
            buildings=buildings,
        )
    )
    print("\n" + _("Building score per category (mean ± standard deviation, max):"))
    for c in CATEGORIES:
        xs = per_cat[c]
        print(
            "  "
            + _(
                "{category} {mean} ± {deviation}   max {most}",
                category=_(CATEGORY_NAMES[c]).ljust(10),
                mean=digits(f"{statistics.fmean(xs):6.2f}"),
                deviation=digits(f"{statistics.pstdev(xs):5.2f}"),
                most=max(xs),
            )
        )
    bonus = sum(1 for x in per_cat["blueprint"] if x) / buildings
    print("\n" + _("Blueprint bonus earned by {share} of buildings", share=f"{bonus:.1%}"))
    print("\n" + _("Prizes (share of rounds awarded; share of buildings qualifying):"))
    for p in Prize:
        won, qualified = tally.prizes_won[p] / tally.rounds, tally.prizes_qualified[p] / buildings
        title = _(p.title)
        print(f"  {title:<21} {won:6.1%}   {qualified:6.1%}")
    print(
        "\n"
        + _(
            "Victory points per player: mean {mean} ± {deviation}, max {most}",
            mean=digits(f"{statistics.fmean(vp):.2f}"),
            deviation=digits(f"{statistics.pstdev(vp):.2f}"),
            most=max(vp),
        )
    )
    print(
        _(
            "Shared victories: {shared} of {games} games ({share})",
            shared=shared,
            games=args.games,
            share=f"{shared / args.games:.1%}",
        )
    )
