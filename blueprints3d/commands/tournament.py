"""`blueprints3d tournament`: games between bots, seats rotated, with win rates and their 95% CIs."""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import signal
import sys
import time
from dataclasses import dataclass
from collections.abc import Iterator, Sequence

from blueprints3d.ai import make_bot
from blueprints3d.ai.match import GameRecord, play_game
from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.i18n import N_, _, digits
from blueprints3d.i18n.message import Message
from blueprints3d.text import shown

MAX_GAMES = 1_000_000  # about a day of the fastest bots on one core
MAX_SEED = 2**63
HELP = N_(
    "play games between bots (random, greedy, search, expert or easy, medium, hard, expert) and print win rates"
)
Z95 = 1.959964


class TournamentError(BlueprintsError):
    """Bad tournament options; reported as one line, exit status 2."""


@dataclass(frozen=True)
class Plan:
    bots: tuple[str, ...]
    games: int
    seed: int


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--bots",
        required=True,
        help=_(
            "comma-separated bots, one per seat (2-4): easy, medium, hard, expert, random, "
            "greedy, search, search:N or expert:N (N playout moves a decision), "
            "e.g. expert,hard,hard,hard"
        ),
    )
    # Parsed in run(), so that a bad value is one line of message, not a usage block.
    parser.add_argument(
        "--games",
        default="100",
        help=_("number of games (default 100, at most {most})", most=f"{MAX_GAMES:,}"),
    )
    parser.add_argument(
        "--seed", default="0", help=_("seed of the first game; game i uses seed+i (default 0)")
    )
    parser.add_argument(
        "--jobs",
        default="1",
        help=_("games played at once, one process each (default 1, at most the number of cores)"),
    )


def max_jobs() -> int:
    """At most one process per core: more only slows every game down."""
    return max(1, os.cpu_count() or 1)


def _whole(name: str, text: str, least: int, most: int) -> int:
    try:
        if len(text.strip()) > 30:
            raise ValueError
        n = int(text)
    except ValueError:
        raise TournamentError(
            Message.of("--{name} must be a whole number, not {text}", name=name, text=shown(text))
        ) from None
    if n < least:
        raise TournamentError(
            Message.of("--{name} must be {least} or more, not {n}", name=name, least=least, n=n)
        )
    if n > most:
        raise TournamentError(
            Message.of(
                "--{name} must be at most {most}, not {n}", name=name, most=f"{most:,}", n=f"{n:,}"
            )
        )
    return n


def parse_plan(bots: str, games: str, seed: str) -> Plan:
    names = tuple(b.strip().lower() for b in bots.split(","))
    if not 2 <= len(names) <= 4:
        raise TournamentError(
            Message.of(
                "--bots needs 2 to 4 bots (one per seat), got {n}: {bots}",
                n=len(names),
                bots=shown(bots),
            )
        )
    for n in names:
        make_bot(n, 0)  # raises UnknownBot, naming the bad one
    return Plan(names, _whole("games", games, 1, MAX_GAMES), _whole("seed", seed, 0, MAX_SEED))


def bot_seed(seed: int, game: int, entry: int) -> int:
    return (seed * 1_000_003 + game) * 8 + entry


def seat_of(entry: int, game: int, players: int) -> int:
    """Entry ``entry`` of --bots sits at this seat in game ``game``: seats rotate every game."""
    return (entry + game) % players


def play_one(plan: Plan, game: int) -> GameRecord:
    n = len(plan.bots)
    seated = {
        seat_of(i, game, n): make_bot(name, bot_seed(plan.seed, game, i))
        for i, name in enumerate(plan.bots)
    }
    _, record = play_game([seated[seat] for seat in range(n)], plan.seed + game)
    return record


def _play_star(args: tuple[Plan, int]) -> tuple[int, GameRecord]:
    return args[1], play_one(*args)


def _quiet_worker() -> None:
    """Workers leave Ctrl-C to the parent, which stops them: one line, no worker tracebacks."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def records(plan: Plan, jobs: int) -> Iterator[tuple[int, GameRecord]]:
    work = ((plan, g) for g in range(plan.games))  # lazy: a million games are not listed up front
    if jobs == 1:
        yield from map(_play_star, work)
        return
    # fork: workers inherit the loaded modules, and bots are built inside them from seeds.
    # A Ctrl-C while the pool is being made would leave it half made, and the exit would wait on
    # it for ever: the signal is held until the pool exists, then raised where it is stopped.
    held: list[bool] = []
    previous = signal.signal(signal.SIGINT, lambda *_: held.append(True))
    try:
        pool = multiprocessing.get_context("fork").Pool(jobs, initializer=_quiet_worker)
    finally:
        signal.signal(signal.SIGINT, previous)
    try:
        if held:
            raise KeyboardInterrupt
        yield from pool.imap_unordered(_play_star, work, chunksize=1)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def wilson(p: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion ``p`` over ``n`` games (shared wins are counted
    as fractions, which the interval treats like any other proportion)."""
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Tally:
    name: str
    wins: float = 0.0
    vp: int = 0
    building: float = 0.0
    decisions: int = 0
    think: float = 0.0
    slowest: float = 0.0
    over_1s: int = 0
    slowest_cpu: float = 0.0


def tally(plan: Plan, recs: Sequence[tuple[int, GameRecord]]) -> list[Tally]:
    n = len(plan.bots)
    out = [Tally(name) for name in plan.bots]
    for game, rec in recs:
        for i, t in enumerate(out):
            s = seat_of(i, game, n)
            t.wins += rec.win_share[s]
            t.vp += rec.victory_points[s]
            t.building += rec.building_score[s]
            t.decisions += rec.decisions[s]
            t.think += rec.think_time[s]
            t.slowest = max(t.slowest, rec.max_think[s])
            t.over_1s += rec.over_1s[s]
            t.slowest_cpu = max(t.slowest_cpu, rec.max_cpu[s])
    return out


def _head(title: str, width: int, left: bool = False) -> str:
    """A column's title padded to its width; one longer (a translation) keeps a space before it
    rather than running into the title before."""
    if len(title) >= width:
        return " " + title
    return f"{title:<{width}}" if left else f"{title:>{width}}"


def report(plan: Plan, tallies: Sequence[Tally], elapsed: float) -> str:
    g, n = plan.games, len(plan.bots)
    lines = [
        _(
            "{games} games of {players} players, seeds {first}..{last}, seats rotated; {seconds} s",
            games=g,
            players=n,
            first=plan.seed,
            last=plan.seed + g - 1,
            seconds=digits(f"{elapsed:.0f}"),
        ),
        _(
            "fair share of wins: {share}; a shared victory counts 1/k to each of its k winners",
            share=digits(f"{1 / n:.1%}"),
        ),
        "",
        "{:<5}".format("#")
        + _head(_("bot"), 12, left=True)
        + _head(_("wins"), 7)
        + _head(_("win rate"), 10)
        + "  "
        + _head(_("95% CI"), 15, left=True)
        + _head(_("mean VP"), 8)
        + _head(_("mean building"), 15)
        + _head(_("decision ms mean/max"), 22)
        + _head(_("over 1 s"), 10)
        + _head(_("max CPU ms"), 12),
    ]
    for i, t in enumerate(tallies):
        rate = t.wins / g
        lo, hi = wilson(rate, g)
        mean_ms = 1000 * t.think / max(t.decisions, 1)
        # The figures in the language's digits; the bot's name as it was given.
        lines.append(
            digits(f"{i + 1:<5}")
            + f"{t.name:<12}"
            + digits(
                f"{t.wins:>7.1f}{rate:>10.1%}  [{lo:5.1%}, {hi:5.1%}] {t.vp / g:>8.2f}{t.building / g:>15.2f}"
                f"{mean_ms:>14.1f} / {1000 * t.slowest:<5.0f}{t.over_1s:>8}{1000 * t.slowest_cpu:>12.0f}"
            )
        )
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    plan = parse_plan(args.bots, args.games, args.seed)
    jobs = _whole("jobs", args.jobs, 1, max_jobs())
    start = time.monotonic()
    done: list[tuple[int, GameRecord]] = []
    try:
        _play_all(plan, jobs, done, start)
    except KeyboardInterrupt:
        print(file=sys.stderr)  # end the progress line; the command line says "interrupted"
        raise
    print(file=sys.stderr)
    done.sort(key=lambda x: x[0])
    print(report(plan, tally(plan, done), time.monotonic() - start))
    return 0


def _play_all(plan: Plan, jobs: int, done: list[tuple[int, GameRecord]], start: float) -> None:
    last = start
    for item in records(plan, min(jobs, plan.games)):
        done.append(item)
        now = time.monotonic()
        if now - last > 1.0 or len(done) == plan.games:
            last = now
            rate = len(done) / max(now - start, 1e-9)
            eta = (plan.games - len(done)) / rate
            print(
                "\r"
                + _(
                    "tournament: {done}/{games} games, {rate} games/s, about {eta} s left ",
                    done=len(done),
                    games=plan.games,
                    rate=digits(f"{rate:.2f}"),
                    eta=digits(f"{eta:.0f}"),
                ),
                end="",
                file=sys.stderr,
                flush=True,
            )
