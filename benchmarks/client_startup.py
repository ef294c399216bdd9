"""Time from launching `blueprints3d` to its first rendered frame (interpreter start and imports
included), as a player would wait for it.

    python3 benchmarks/client_startup.py [--runs 5] [--window] [--no-shaders]

Each run starts a fresh process: `python -m blueprints3d --seats ... --quit-after 1`, offscreen
(p3headlessgl) unless --window (needs a display, e.g. Xvfb). The clock runs from just before the
process is spawned until it reports its first frame. Prints each run and the median.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def one_run(window: bool, shaders: bool) -> float:
    cmd = [
        sys.executable,
        "-m",
        "blueprints3d",
        "--seats",
        "Ann,@easy,@easy,@easy",
        "--seed",
        "1",
        "--quit-after",
        "1",
    ]
    if not window:
        cmd.append("--offscreen")
    if not shaders:
        cmd.append("--no-shaders")
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        cmd, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=env, cwd=ROOT
    )
    first = None
    for line in proc.stderr:
        if line.startswith("first frame after"):
            first = time.perf_counter() - t0
    proc.wait()
    if first is None or proc.returncode != 0:
        raise SystemExit(f"run failed (exit {proc.returncode})")
    return first


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--window", action="store_true", help="a real window (needs DISPLAY)")
    ap.add_argument("--no-shaders", action="store_true")
    args = ap.parse_args()
    times = []
    for i in range(args.runs):
        t = one_run(args.window, not args.no_shaders)
        times.append(t)
        print(f"run {i + 1}: {t * 1000:.0f} ms to the first frame")
    kind = "window" if args.window else "offscreen"
    print(
        f"median launch to first frame ({kind}, shaders {'off' if args.no_shaders else 'on'}): "
        f"{statistics.median(times) * 1000:.0f} ms over {args.runs} runs"
    )


if __name__ == "__main__":
    main()
