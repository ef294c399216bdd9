"""Full random 4-player games per second on one core: the loop every bot searches with.

    python3 benchmarks/engine_games.py [--games N] [--runs K] [--players P]

Prints each run and the median. Uses one process (one core). The rate is per CPU second of this
process (time.process_time), so other work on a shared machine disturbs it less than wall time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from blueprints3d.engine import GameState


def play(players: int, seed: int) -> None:
    s = GameState.new(players, seed, start_player=seed % players)
    rand = random.Random(seed).random
    while not s.is_over:
        legal = s.legal_actions()
        s.apply(legal[int(rand() * len(legal))])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    play(args.players, 0)  # warm caches
    rates = []
    for run in range(args.runs):
        t0, c0 = time.perf_counter(), time.process_time()
        for g in range(args.games):
            play(args.players, run * args.games + g)
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        rate = args.games / cpu
        rates.append(rate)
        print(
            f"run {run + 1}: {rate:8.0f} games per CPU second ({args.games / wall:.0f} per wall second)"
        )
    print(
        f"median: {statistics.median(rates):.0f} random {args.players}-player games/s on one core "
        f"({args.games} games x {args.runs} runs)"
    )


if __name__ == "__main__":
    main()
