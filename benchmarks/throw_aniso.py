#!/usr/bin/env python3
"""The freeze in the first throw, measured: frame times of the real table (offscreen, 1280x720,
shaders on) around the pose where it stalled, with anisotropic filtering as shipped (off on a
software GL) and forced on (the pips at 4, the cards at 8).

    python benchmarks/throw_aniso.py [--start 1.030] [--span 0.012] [--step 0.002]

Seats Ann, hard, expert, seed 7: the first throw is played back to ``--start`` seconds, then
frame by frame, each frame ended by a read-back of the picture. Each mode runs in a process of
its own (one ShowBase per process). Prints figures; asserts nothing on time. On Mesa llvmpipe
(the 2-core development machine): forced on, the frame at 1.040 s took 9.5 s (0.9 s at 1.038,
0.6 s at 1.042); as shipped, at most 0.03 s after the first frame.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def measure(start: float, span: float, step: float, forced: bool) -> list[tuple[float, float]]:
    from blueprints3d.client.render import capture, shaders
    from blueprints3d.client.scene.dice_model import pip_texture
    from blueprints3d.client.table.model.options import AppOptions, parse_seats
    from blueprints3d.client.table.offscreen import open_table

    base = capture.open_offscreen_base(64, 64)
    shaders.configure(True, base)
    options = AppOptions(
        size=(1280, 720),
        use_shaders=True,
        seats=parse_seats("Ann,@hard,@expert"),
        seed=7,
        threaded_bots=False,
        bot_delay=0.0,
    )
    table = open_table(base, 1280, 720, options)
    app = table.app
    if forced:
        for tex in app.scene.find_all_textures():
            if tex.uses_mipmaps():
                tex.set_anisotropic_degree(8)
        pip_texture().set_anisotropic_degree(4)
    throws = list({id(p): p for p in app.view.pool_throws.throwing.values()}.values())
    for p in throws:
        p.update(start - step)
    gsg = table.buffer.get_gsg()
    out = []
    t = start - step
    while t < start + span - 1e-9:
        for p in throws + list(app.view.pool_throws.side_throws):
            p.update(step)
        t += step
        app.lighting.update_shadows(gsg)
        t0 = time.perf_counter()
        base.graphicsEngine.render_frame()
        capture.grab_frame(table.buffer)
        out.append((round(t, 4), (time.perf_counter() - t0) * 1000.0))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--start", type=float, default=1.030)
    ap.add_argument("--span", type=float, default=0.012)
    ap.add_argument("--step", type=float, default=0.002)
    ap.add_argument("--mode", choices=["shipped", "forced"], help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.mode:
        print(json.dumps(measure(args.start, args.span, args.step, args.mode == "forced")))
        return
    for mode in ("shipped", "forced"):
        out = subprocess.run(
            [
                sys.executable,
                __file__,
                "--mode",
                mode,
                "--start",
                str(args.start),
                "--span",
                str(args.span),
                "--step",
                str(args.step),
            ],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        frames = json.loads(out.strip().splitlines()[-1])
        label = "as shipped" if mode == "shipped" else "anisotropy forced on"
        times = [ms for _, ms in frames[1:]]  # the first frame also compiles the shaders
        print(f"{label:>22}: " + ", ".join(f"{t:.3f} s {ms:,.0f} ms" for t, ms in frames))
        print(
            f"{'':>22}  median {statistics.median(times):,.0f} ms, worst {max(times):,.0f} ms "
            f"(the first frame left out)"
        )


if __name__ == "__main__":
    main()
