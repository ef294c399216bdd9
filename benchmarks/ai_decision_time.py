"""Decision time of each bot level: median and max over every decision of a few games.

    python benchmarks/ai_decision_time.py [--games 3] [--players 4] [--levels easy,medium,hard,expert]

Each level plays the given number of games against greedy opponents (so that the positions are
realistic), and every decision of the measured seat is timed. Prints one line per level and
player count, and the median of the per-game medians so that one slow game does not hide.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from blueprints3d.ai import make_bot  # noqa: E402
from blueprints3d.engine.state import GameState  # noqa: E402


def time_level(level: str, players: int, games: int, seed: int) -> tuple[list[float], list[float]]:
    """All decision times of ``level`` in seat 0, and each game's median."""
    times: list[float] = []
    medians: list[float] = []
    for g in range(games):
        bots = [make_bot(level, seed + g)] + [
            make_bot("greedy", seed + g + i) for i in range(1, players)
        ]
        state = GameState.new(players, seed + g, start_player=g % players)
        mine: list[float] = []
        while not state.is_over:
            p = state.current_player
            t0 = time.perf_counter()
            a = bots[p].choose(state, p)
            dt = time.perf_counter() - t0
            if p == 0:
                mine.append(dt)
            state.apply(a)
        times += mine
        medians.append(statistics.median(mine))
    return times, medians


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--players", default="2,4", help="player counts, comma-separated")
    ap.add_argument("--levels", default="easy,medium,hard,expert")
    ap.add_argument("--seed", type=int, default=100)
    args = ap.parse_args()
    print(
        f"{'level':<8}{'players':>8}{'decisions':>10}{'median ms':>11}{'median of game medians':>24}"
        f"{'p95 ms':>9}{'max ms':>9}"
    )
    for level in args.levels.split(","):
        for players in (int(p) for p in args.players.split(",")):
            times, medians = time_level(level, players, args.games, args.seed)
            times_ms = sorted(1000 * t for t in times)
            p95 = times_ms[int(0.95 * (len(times_ms) - 1))]
            print(
                f"{level:<8}{players:>8}{len(times):>10}{statistics.median(times_ms):>11.1f}"
                f"{1000 * statistics.median(medians):>24.1f}{p95:>9.1f}{times_ms[-1]:>9.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
