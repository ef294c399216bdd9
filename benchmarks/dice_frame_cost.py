"""What a frame costs against the number of dice on the table, in a small window where pixels
cost little (what grows with the dice, which a player's GPU cannot hide).

    python3 benchmarks/dice_frame_cost.py [--dice 0,24,48,96] [--frames 60] [--runs 5]
                                          [--size 128x72] [--no-shaders] [--still-only] [--profile]

The table is the one ``client_frame_time.py`` measures at the end of a round: four players
(seed 5), round 1 played to its end, the reveal skipped to its summary, so the four buildings
stand on their cards with their 24 dice and the screens are lifted. The dice counts are made
from that scene: fewer than 24 hides the table's own dice (the last ones first; 0 hides them
all), more than 24 adds dice made by ``dice_model.make_die`` (as ``TableView`` makes its own),
under the table's ``dice`` node, stacked on the four buildings one cell after another, each one
level above the stack under it. The two in-demand dice on the scoreboard are always there and
are not counted.

Each count is measured twice: still (nothing moves: the shadow map is kept) and moving (one
in-demand die lifted a little more every frame, as a dragged die moves: the shadow map is redrawn
every other frame). Every frame is one pass of the task manager, as in the game, with
gl-finish, so the GL's work is inside the time. Prints, per count, the median ms per frame
over the runs' medians, and the medians of the parts: the app's frame task, the shadow-map
check, the render (cull and draw: ShowBase's igLoop) and the rest; and the counts that may grow:
the nodes and GeomNodes under the scene, how many of those the shadow camera draws, and how
many Geoms the main camera may draw (not hidden from it; no frustum test). ``--profile`` prints
cProfile's top functions of the largest count's moving frames (still ones with ``--still-only``).

The counts take turns within each run (a run is one median of ``--frames`` frames per count and
mode), so a machine that slows down meanwhile slows them all alike; on a shared machine compare
code only within one run of this script, or alternate the two codes run for run.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

PARTS = {
    "frame task": "blueprints3d-frame",
    "shadow check": "blueprints3d-shadow-map",
    "render": "igLoop",
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dice", default="0,24,48,96", help="dice counts, comma-separated")
    ap.add_argument("--frames", type=int, default=60)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--size", default="128x72")
    ap.add_argument("--no-shaders", action="store_true")
    ap.add_argument("--still-only", action="store_true", help="skip the moving frames")
    ap.add_argument(
        "--profile",
        action="store_true",
        help="cProfile the largest count's moving frames (still ones with --still-only)",
    )
    args = ap.parse_args()
    counts = [int(v) for v in args.dice.split(",")]
    w, h = (int(v) for v in args.size.split("x"))

    from panda3d.core import BitMask32, NodePath, SceneGraphAnalyzer, load_prc_file_data

    from blueprints3d.client.render import shaders
    from blueprints3d.client.render.config import SHADOW_MASK
    from blueprints3d.client.render.window import open_base
    from blueprints3d.client.scene import dice_model
    from blueprints3d.client.table.app import AppOptions, TableApp
    from blueprints3d.client.table.model.flow import Mode, SeatConfig
    from blueprints3d.engine import actions as A
    from blueprints3d.engine.materials import MATERIAL_OF, Material

    opts = AppOptions(
        size=(w, h),
        use_shaders=not args.no_shaders,
        seats=[
            SeatConfig("Ann"),
            SeatConfig("Bob", "easy"),
            SeatConfig("Cy", "easy"),
            SeatConfig("Dee", "easy"),
        ],
        seed=5,
        bot_delay=0,
        threaded_bots=False,
    )
    load_prc_file_data("benchmark", "gl-finish true\n")  # the GL's work inside the measured time
    base = open_base(size=(w, h), offscreen=True, shaders_on=opts.use_shaders)
    app = TableApp(base, opts)
    flow = app.flow
    rng = random.Random(1)
    while flow.mode is not Mode.ROUND_END:  # as client_frame_time.py plays it
        if flow.mode is Mode.BOT:
            flow.run_bots()
        else:
            k = A.decode(rng.choice(flow.state.legal_actions()))
            flow.place(k.die, k.cell) if k.kind is A.Kind.PLACE else flow.set_aside(k.die)
            if flow.pending is not None:
                flow.confirm()
    app.reveal.next_step()
    app.settle()
    app.reveal.skip_all()
    app.settle()
    view = app.view
    end = flow.round_end
    own = [d for d, node in sorted(view.dice.items()) if not node.is_hidden()]
    heights = {(p, c): len(st) for p in range(view.players) for c, st in enumerate(end.stacks[p])}
    spots = [
        (p, c)
        for c in range(max(c for _, c in heights) + 1)
        for p in range(view.players)
        if (p, c) in heights
    ]
    extra: list[NodePath] = []

    def set_count(n: int) -> None:
        for i, d in enumerate(own):
            view.dice[d].show() if i < n else view.dice[d].hide()
        while len(own) + len(extra) < n:
            k = len(extra)
            p, c = spots[k % len(spots)]
            level = heights[p, c] + k // len(spots)
            die = dice_model.make_die(
                Material(MATERIAL_OF[k % len(MATERIAL_OF)]), 1 + k % 6, variant=100 + k
            )
            die.set_pos(view.root, view.cell_world(p, c, level))
            die.set_h(view.root, view.seats[p].place.heading)
            extra.append(die)
        for i, die in enumerate(extra):  # only the dice counted are in the scene
            die.reparent_to(view.dice_root) if len(own) + i < n else die.detach_node()

    def counts_now() -> dict[str, int]:
        sga = SceneGraphAnalyzer()
        sga.add_node(app.scene.node())
        geom_nodes = app.scene.find_all_matches("**/+GeomNode")
        cam_mask = BitMask32(app.cam.node().get_camera_mask())
        return {
            "nodes": sga.get_num_nodes(),
            "GeomNodes": geom_nodes.get_num_paths(),
            "shadow casters": sum(1 for g in geom_nodes if not g.is_hidden(SHADOW_MASK)),
            "Geoms drawn": sum(
                g.node().get_num_geoms() for g in geom_nodes if not g.is_hidden(cam_mask)
            ),
        }

    tasks = {label: base.taskMgr.mgr.find_task(name) for label, name in PARTS.items()}
    nudged = view.in_demand_nodes[0]
    rest_z = nudged.get_z()

    def one_run(n: int, moving: bool, profile: cProfile.Profile | None) -> dict[str, float]:
        """One run's median of each part, ms."""
        set_count(n)
        app.settle()
        for _ in range(3):
            base.taskMgr.step()  # warm up: shaders compiled, textures uploaded, shadow map drawn
        parts: dict[str, list[float]] = {"total": [], **{label: [] for label in PARTS}, "rest": []}
        for f in range(args.frames):
            if moving:
                nudged.set_z(rest_z + 0.001 * (f + 1))
            if profile is not None:
                profile.enable()
            t0 = time.perf_counter()
            base.taskMgr.step()
            total = time.perf_counter() - t0
            if profile is not None:
                profile.disable()
            parts["total"].append(total)
            for label, task in tasks.items():
                parts[label].append(task.get_dt() if task is not None else 0.0)
            parts["rest"].append(total - sum(parts[label][-1] for label in PARTS))
        nudged.set_z(rest_z)
        return {label: statistics.median(v) * 1000 for label, v in parts.items()}

    modes = [False] if args.still_only else [False, True]
    profile = cProfile.Profile() if args.profile else None
    for moving in modes:  # one untimed pass: the first frames of each count draw more
        for n in counts:
            one_run(n, moving, None)
    # The counts take turns within each run, so a machine that slows down meanwhile slows them alike.
    runs: dict[tuple[bool, int], list[dict[str, float]]] = {}
    for _ in range(args.runs):
        for moving in modes:
            for n in counts:
                prof = profile if moving == modes[-1] and n == max(counts) else None
                runs.setdefault((moving, n), []).append(one_run(n, moving, prof))
    print(
        f"{w}x{h}, shaders {'on' if shaders.shaders_enabled() else 'off'}, {args.frames} frames x "
        f"{args.runs} runs; ms are medians of the runs' medians"
    )
    for moving in modes:
        print(
            f"{'moving (one die lifted a little every frame)' if moving else 'still (nothing moves)'}:"
        )
        print(
            f"  {'dice':>4}  {'ms/frame':>8}"
            + "".join(f"  {label:>12}" for label in [*PARTS, "rest"])
            + "  counts"
        )
        for n in counts:
            ms = {
                label: statistics.median(r[label] for r in runs[moving, n])
                for label in runs[moving, n][0]
            }
            set_count(n)
            c = counts_now()
            print(
                f"  {n:>4}  {ms['total']:>8.2f}"
                + "".join(f"  {ms[label]:>12.2f}" for label in [*PARTS, "rest"])
                + "  "
                + ", ".join(f"{k} {v}" for k, v in c.items()),
                flush=True,
            )
    if profile is not None:
        print(f"cProfile of the {max(counts)} dice {'moving' if modes[-1] else 'still'} frames:")
        pstats.Stats(profile).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
