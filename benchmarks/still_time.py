"""What a 1920x1080 still (`blueprints3d render`) costs with each photo-quality feature, on Mesa's
software renderer: the picture as before (`--quick`), then the full still and each feature alone
on top of the quick one (multisampling, soft shadows, contact darkening, glass reflections,
depth of field). Runs alternate (quick, full, ..., quick, full, ...) so a busy machine slows
all alike; medians are printed. ``--cli`` also times the whole command (process start
included), quick and full alternating.

    python3 benchmarks/still_time.py [--runs 3] [--size 1920x1080] [--cli] [--build FILE]

Measured on the 2-core development machine (llvmpipe, shared, so +-30%), the mixed building,
medians of 3 alternating runs: render_build quick 2.34 s, full still 4.67 s (2.0x; soft shadows
+2.5 s, contact darkening +1.5 s, reflections +0.7 s, multisampling ~0), full with depth of
field 7.06 s. The whole command at 1920x1080: before the photo work 5.15 s, now 7.85 s (1.5x),
--quick 4.56 s (the warm-up frames now draw a corner only: same pixels).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from blueprints3d.client.render.capture import open_offscreen_base  # noqa: E402
from blueprints3d.client.render.stills import StillOptions  # noqa: E402
from blueprints3d.commands.render import render_build  # noqa: E402

# The rulebook-like mixed building the render tests use: glass, a four-high stack, wood.
BUILD = (
    '{"format": 1, "blueprint": "B13", "stacks": [[[], ["glass:1"]], '
    '[[], ["stone:2", "glass:4", "recycled:4", "wood:6"]], [["wood:1"], []]]}'
)


def variants() -> dict[str, StillOptions]:
    q = StillOptions.quick()
    return {
        "quick (as before)": q,
        "full still": StillOptions(),
        "+ multisampling 4x": q.with_(multisamples=4),
        "+ soft shadows": q.with_(soft_shadows=True),
        "+ contact darkening": q.with_(contact=True),
        "+ glass reflections": q.with_(reflections=True),
        "full + depth of field": StillOptions(dof=1.0),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--cli", action="store_true", help="also time the whole command, quick vs full")
    ap.add_argument("--build", help="build file (default: a mixed 6-die building)")
    a = ap.parse_args()
    w, h = (int(v) for v in a.size.split("x"))
    with tempfile.TemporaryDirectory() as tmp:
        src = a.build or os.path.join(tmp, "build.json")
        if not a.build:
            Path(src).write_text(BUILD)
        from blueprints3d.files.buildfile import load_build

        build = load_build(src)
        open_offscreen_base(64, 64)
        runs = {name: [] for name in variants()}
        render_build(
            build, (320, 180), 35.0, True, options=StillOptions()
        )  # compile everything once
        for _ in range(a.runs):
            for name, opt in variants().items():
                t = time.perf_counter()
                render_build(build, (w, h), 35.0, True, options=opt)
                runs[name].append(time.perf_counter() - t)
        base = statistics.median(runs["quick (as before)"])
        print(f"render_build at {w}x{h} (supersampled 2x), medians of {a.runs}:")
        for name, ts in runs.items():
            m = statistics.median(ts)
            print(f"  {name:24s} {m:6.2f} s  ({m / base:4.2f}x quick)")
        if a.cli:
            cmd = [
                sys.executable,
                "-m",
                "blueprints3d",
                "render",
                src,
                "-o",
                os.path.join(tmp, "o.png"),
                "--size",
                a.size,
            ]
            cli = {"--quick": [], "full": []}
            for _ in range(a.runs):
                for name in cli:
                    t = time.perf_counter()
                    subprocess.run(
                        cmd + (["--quick"] if name == "--quick" else []),
                        check=True,
                        capture_output=True,
                        cwd=ROOT,
                    )
                    cli[name].append(time.perf_counter() - t)
            print(f"blueprints3d render at {w}x{h}, whole command, medians of {a.runs}:")
            for name, ts in cli.items():
                print(f"  {name:24s} {statistics.median(ts):6.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
