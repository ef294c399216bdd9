"""How many rooms one game server holds: N rooms of four headless random-bot clients, the server
in a process of its own (`blueprints3d serve`), the clients in threads of this one, all on
loopback. Prints, for each N, the moves a second the server made and the p50/p99 time from a
client sending its action to receiving the view that followed it.

    python3 benchmarks/server_load.py [--rooms 1,2,4,8] [--games 1]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from blueprints3d.net.client import create_room, play_random  # noqa: E402


def start_server(home: str) -> tuple[subprocess.Popen, str]:
    env = dict(os.environ, BLUEPRINTS3D_HOME=home, LANGUAGE="en",
               PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-m", "blueprints3d", "serve", "--port", "0"], env=env, cwd=ROOT,
                            stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    if not line.startswith("serving on "):
        raise SystemExit(f"the server did not start: {line!r}")
    return proc, line.split()[2]


def load(url: str, rooms: int, games: int) -> tuple[float, list[float]]:
    timings: list[float] = []
    moves = 0
    t0 = time.perf_counter()
    for g in range(games):
        codes = [create_room(url, ["@remote"] * 4, seed=1000 * g + r) for r in range(rooms)]
        with ThreadPoolExecutor(4 * rooms) as pool:
            jobs = [pool.submit(play_random, url, code, f"P{k}", 31 * r + k, None, None, timings)
                    for r, code in enumerate(codes) for k in range(4)]
            for j in jobs:
                j.result(timeout=600)
    moves = len(timings)
    return moves / (time.perf_counter() - t0), timings


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rooms", default="1,2,4,8", help="room counts to try, comma-separated")
    ap.add_argument("--games", type=int, default=1, help="games a room plays at each count")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as home:
        proc, url = start_server(home)
        try:
            print(f"{'rooms':>5} {'moves/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'moves':>6}")
            for n in [int(x) for x in args.rooms.split(",")]:
                rate, t = load(url, n, args.games)
                q = statistics.quantiles(t, n=100) if len(t) >= 2 else [t[0]] * 99
                print(f"{n:>5} {rate:>9.0f} {1000 * q[49]:>8.1f} {1000 * q[98]:>8.1f} {len(t):>6}", flush=True)
        finally:
            proc.kill()
            proc.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
