#!/usr/bin/env python3
"""Median frame time of a full 4-player table at 1280x720 offscreen, with the material shaders
and with --no-shaders, and their ratio (the shaders must keep it under 2).

    python benchmarks/materials_frame_time.py [--frames 60] [--size 1280x720]

Each mode runs in its own process (one ShowBase per process, and a clean GL state). The scene
stands for a 4-player game: the table, four cards with six dice each in stacks of up to three,
four player screens and a pool of seven dice, all four materials, glass refraction (of the
table and cards, as the live table does it: glass.set_ground) and the
shadow-casting key light; the camera orbits slowly so nothing is cached between frames.
Frames are timed in batches ending in a read-back of the picture, so the software renderer
cannot defer work past the measurement; the per-frame figure is batch time / batch size.
Wall time is what a player sees; CPU time (all the process's threads) is steadier on a shared,
busy machine, so both are printed.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

BATCH = 5


def build_table(base, view):
    from blueprints3d.client.scene import card_model, dice_model, showcase, units
    from blueprints3d.engine.blueprints import standard_deck
    from blueprints3d.engine.materials import Material

    stage = showcase.make_stage(base, view, extent=units.TABLE_RADIUS)
    deck = standard_deck()
    mats = list(Material)
    die_id = 0
    cards = []
    for seat in range(4):
        seat_root = stage.root.attach_new_node(f"seat-{seat}")
        seat_root.set_h(90 * seat)
        bp = deck[seat * 5 % len(deck)]
        card = card_model.make_card(bp)
        card.reparent_to(seat_root)
        card.set_pos(0, -units.SEAT_DISTANCE, 0)
        cards.append(card)
        # Six dice: stacks of 3, 2 and 1 on the first open spaces, materials mixed.
        cells = [c for c in range(bp.num_cells) if not bp.is_hatched(c)] + list(range(bp.num_cells))
        for cell, height in zip(cells[:3], (3, 2, 1), strict=True):
            x, y = card_model.cell_position(bp, cell)
            for level in range(height):
                m = mats[die_id % 4]
                die = dice_model.make_die(m, 1 + die_id % 6, die_id)
                die.reparent_to(card)
                die.set_pos(x, y, dice_model.die_center_z(level))
                die_id += 1
        screen = make_screen()
        screen.reparent_to(seat_root)
        screen.set_pos(0, -units.SEAT_DISTANCE - 9.0, 0)
    for i in range(7):
        die = dice_model.make_die(mats[i % 4], 1 + i % 6, 100 + i)
        die.reparent_to(stage.root)
        a = i / 7 * 2 * math.pi
        die.set_pos(6 * math.cos(a), 6 * math.sin(a), units.DIE_SIZE / 2)
        die.set_h(i * 23)
    stage.set_cards(cards)  # glass shows the cards and table through it, as in the game
    return stage


def make_screen():
    from blueprints3d.client.render import materials
    from blueprints3d.client.scene.props import prop  # the table's screen board (models/screen.bam)

    box = prop("screen", "screen", (0.8, 0.8, 0.8, 1))
    materials.apply_surface_material(box, "screen")
    return box


def run_mode(
    use_shaders: bool, frames: int, size: tuple[int, int], moving: bool, scene: str = "own"
) -> dict:
    """Median wall and CPU milliseconds per frame. ``moving``: a pool die turns every frame, so
    the shadow map must be redrawn every frame (the worst case: a die being dragged).
    ``scene``: "own" (the representative table above) or "client" (the game's own table app,
    dealt for four seats, as it is built today)."""
    from blueprints3d.client.render import capture, shaders
    from blueprints3d.client.scene import showcase

    if scene == "client":
        base = capture.open_offscreen_base(64, 64)
        shaders.configure(use_shaders, base)
        output, step = _client_table(base, size, use_shaders)
        update = lambda: None  # noqa: E731  (the app's own tasks are not run here)
    else:
        base = capture.open_offscreen_base(*size)
        shaders.configure(use_shaders, base)
        view = capture.base_view(base)
        stage = build_table(base, view)
        gsg = base.win.get_gsg()
        mover = stage.root.find("**/=material")
        output = base.win
        angle = [0.0]

        def step():
            angle[0] += 1.5
            showcase.orbit_camera(view, (0, 0, 0), 95.0, angle[0], 48.0, fov=45.0)
            if moving:
                mover.set_h(mover.get_h() + 7.0)

        update = lambda: stage.lighting.update_shadows(gsg)  # noqa: E731
    capture.render_frames(base, 3)  # warm-up: shader compiles, texture uploads, shadow buffer
    capture.grab_frame(output)
    wall, cpu = [], []
    for _ in range(max(1, frames // BATCH)):
        t0, c0 = time.perf_counter(), time.process_time()
        for _ in range(BATCH):
            step()
            update()
            base.graphicsEngine.render_frame()
        capture.grab_frame(output)  # waits for the renderer to finish the batch
        wall.append((time.perf_counter() - t0) / BATCH * 1000.0)
        cpu.append((time.process_time() - c0) / BATCH * 1000.0)
    if "--save" in sys.argv:
        capture.save_png(
            capture.grab_frame(output),
            sys.argv[sys.argv.index("--save") + 1]
            + ("-shaders.png" if use_shaders else "-plain.png"),
        )
    return {
        "shaders": shaders.shaders_enabled(),
        "wall_ms": statistics.median(wall),
        "cpu_ms": statistics.median(cpu),
    }


def _client_table(base, size, use_shaders):
    """The table client's own 4-seat table on an offscreen buffer; returns (buffer, step)."""
    from blueprints3d.client.table.model.options import AppOptions, parse_seats
    from blueprints3d.client.table.offscreen import open_table

    options = AppOptions(
        size=size,
        use_shaders=use_shaders,
        seats=parse_seats("Ann,@easy,@easy,@easy"),
        seed=3,
        threaded_bots=False,
        bot_delay=0.0,
    )
    table = open_table(base, size[0], size[1], options)
    table.app.settle()

    def step():
        table.app.camera.orbit(1.5, 0.0)

    return table.buffer, step


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=60)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--mode", choices=["both", "shaders", "plain"], default="both")
    parser.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="alternate the two modes this many times; the medians are over all",
    )
    parser.add_argument(
        "--moving",
        action="store_true",
        help="turn a die every frame (shadow map redrawn each frame: the worst case)",
    )
    parser.add_argument(
        "--scene",
        choices=["own", "client"],
        default="own",
        help="own: the representative table built here; client: the game's table app",
    )
    parser.add_argument(
        "--save", metavar="PREFIX", help="also save the last frame of each mode as PNG"
    )
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    if args.mode != "both":
        print(
            json.dumps(run_mode(args.mode == "shaders", args.frames, size, args.moving, args.scene))
        )
        return 0
    # The modes alternate in fresh processes, so a busy machine slows both alike.
    runs: dict[str, list[dict]] = {"shaders": [], "plain": []}
    for _ in range(args.rounds):
        for mode in ("shaders", "plain"):
            cmd = [
                sys.executable,
                __file__,
                "--mode",
                mode,
                "--frames",
                str(args.frames),
                "--size",
                args.size,
                "--scene",
                args.scene,
            ]
            cmd += ["--moving"] if args.moving else []
            cmd += ["--save", args.save] if args.save else []
            out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
            runs[mode].append(json.loads(out.strip().splitlines()[-1]))
    if not all(r["shaders"] for r in runs["shaders"]):
        print("warning: shaders were not available; both figures are the plain path")
    med = {
        m: {k: statistics.median(r[k] for r in rs) for k in ("wall_ms", "cpu_ms")}
        for m, rs in runs.items()
    }
    what = "a die turning every frame" if args.moving else "camera orbiting, dice still"
    which = "the table client's 4-seat table" if args.scene == "client" else "4-player table"
    print(f"{which} at {args.size} ({what}), {args.rounds} x {args.frames} frames per mode")
    print(f"  {'':12} {'wall ms':>9} {'CPU ms':>9}")
    for m, label in (("shaders", "shaders"), ("plain", "no-shaders")):
        print(f"  {label:12} {med[m]['wall_ms']:9.1f} {med[m]['cpu_ms']:9.1f}")
    print(
        f"  {'ratio':12} {med['shaders']['wall_ms'] / med['plain']['wall_ms']:9.2f} "
        f"{med['shaders']['cpu_ms'] / med['plain']['cpu_ms']:9.2f}   (must stay under 2)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
