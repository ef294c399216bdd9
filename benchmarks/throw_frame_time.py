#!/usr/bin/env python3
"""Frame time while 7 pool dice are thrown from the bag, against a still frame, on the table
client's own 4-seat table offscreen (Mesa's software renderer here), and the physics' cost.

    python benchmarks/throw_frame_time.py [--size 1280x720] [--throws 3] [--no-shaders]
                                          [--save /tmp/throw]

The throw is simulated ahead of time (client/scene/throw.py) and played back: a frame of the
throw costs one pose per die and, as dice move, a shadow-map redraw every other frame (what
``Lighting.update_shadows`` does in the app). "Live physics" plays the same throw while also
stepping a Bullet world of 7 dice each frame (4 steps of 1/240 s), which is what simulating it
during play would add. Figures are medians of batches ended by a read-back of the picture (so
the renderer cannot defer work past the measurement). ``--save PREFIX`` writes PREFIX-mid.png
(mid-throw), PREFIX-rest.png (at rest), PREFIX-pool.png (glided to the pool places) and
PREFIX-replace-mid.png / -replace-rest.png (one die thrown among six lying in the pool).
Prints figures; asserts nothing on time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

BATCH = 5
FELT = (-15.0, -16.0, 15.0, -8.8)  # the pool's strip of felt, in the table's centre frame


def open_table(size, use_shaders: bool):
    from blueprints3d.client.render import capture, shaders
    from blueprints3d.client.table.model.options import AppOptions, parse_seats
    from blueprints3d.client.table.offscreen import open_table as open_offscreen_table

    base = capture.open_offscreen_base(64, 64)
    shaders.configure(use_shaders, base)
    options = AppOptions(
        size=size,
        use_shaders=use_shaders,
        seats=parse_seats("Ann,@easy,@easy,@easy"),
        seed=3,
        threaded_bots=False,
        bot_delay=0.0,
    )
    table = open_offscreen_table(base, size[0], size[1], options)
    table.app.settle()
    return base, table


CPU: list[tuple[str, float]] = []  # (what, CPU ms a frame) of every batch, all threads


def timed(base, table, frames: int, step, what: str = "") -> list[float]:
    """Wall milliseconds per frame, one figure per batch of BATCH frames (CPU time in CPU)."""
    from blueprints3d.client.render import capture

    gsg = table.buffer.get_gsg()
    out = []
    for _ in range(max(1, frames // BATCH)):
        t0, c0 = time.perf_counter(), time.process_time()
        for _ in range(BATCH):
            step()
            table.app.lighting.update_shadows(gsg)
            base.graphicsEngine.render_frame()
        capture.grab_frame(table.buffer)
        out.append((time.perf_counter() - t0) / BATCH * 1000.0)
        CPU.append((what, (time.process_time() - c0) / BATCH * 1000.0))
    return out


class LivePhysics:
    """A Bullet world of the same dice, stepped as if the throw were simulated during play."""

    def __init__(self, count: int, size: float, felt) -> None:
        from panda3d.bullet import BulletBoxShape, BulletRigidBodyNode, BulletWorld
        from panda3d.core import NodePath, TransformState, Vec3

        self.world = BulletWorld()
        self.world.set_gravity(Vec3(0, 0, -981.0))
        ground = BulletRigidBodyNode("felt")
        ground.add_shape(BulletBoxShape(Vec3(40, 40, 5)), TransformState.make_pos(Vec3(0, -12, -5)))
        self.world.attach(ground)
        self.bodies = []
        for i in range(count):
            body = BulletRigidBodyNode(f"die-{i}")
            body.set_mass(1.0)
            body.add_shape(BulletBoxShape(Vec3(size / 2, size / 2, size / 2)))
            body.set_deactivation_enabled(False)
            NodePath(body).set_pos(10 - 2.6 * i, -12, 4 + i)
            body.set_linear_velocity(Vec3(-30, 5, 0))
            body.set_angular_velocity(Vec3(5, -3, 8))
            self.world.attach(body)
            self.bodies.append(body)
        self.step_ms: list[float] = []

    def step(self) -> None:
        t0 = time.perf_counter()
        for _ in range(4):
            self.world.do_physics(1 / 240, 0, 1 / 240)
        for b in self.bodies:  # read the poses back, as a live player would
            b.get_transform()
        self.step_ms.append((time.perf_counter() - t0) * 1000.0 / 4)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1280x720")
    parser.add_argument(
        "--throws", type=int, default=3, help="throws played (the medians are over all)"
    )
    parser.add_argument("--no-shaders", action="store_true")
    parser.add_argument(
        "--save", metavar="PREFIX", help="save mid-throw, at-rest and pool screenshots"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))

    from panda3d.core import Point3

    from blueprints3d.client.render import capture, shaders
    from blueprints3d.client.scene import throw, units
    from blueprints3d.client.table.model.layout import CENTRE_BAG, POOL_DIE_SCALE, pool_slots

    base, table = open_table(size, not args.no_shaders)
    view = table.app.view
    pool = list(table.app.flow.state.pool)[:7]
    dice = [view.dice[d] for d in pool]
    values = [view.values[d] for d in pool]
    die = units.DIE_SIZE * POOL_DIE_SCALE
    felt = throw.Felt(*FELT)
    bag = (CENTRE_BAG[0], CENTRE_BAG[1], 6.5)
    targets = [Point3(x, y, die / 2) for x, y in pool_slots(len(pool))]
    capture.render_frames(base, 4)  # warm-up: shader compiles, uploads, the shadow buffer
    capture.grab_frame(table.buffer)

    still_ms = timed(base, table, 30, lambda: None, "still")
    throw_ms, glide_ms, live_ms, sims = [], [], [], []
    live_step_ms: list[float] = []
    for k in range(args.throws):
        th = throw.simulate(values, args.seed + k, bag, felt, size=die, variants=pool)
        sims.append(th)
        for live in (False, True):
            player = throw.ThrowPlayer(th, dice, view.centre, targets=targets, heading=0.0)
            physics = LivePhysics(len(dice), die, felt) if live else None
            in_throw = int(th.duration * th.fps) // BATCH * BATCH

            def step(player=player, physics=physics, fps=th.fps):
                player.update(1.0 / fps)
                if physics is not None:
                    physics.step()

            ms = timed(base, table, in_throw, step, "live" if live else "throw")
            (live_ms if live else throw_ms).extend(ms)
            if physics is not None:
                live_step_ms.extend(physics.step_ms)
            if not live:
                glide_ms.extend(
                    timed(
                        base,
                        table,
                        int(player.glide * th.fps) // BATCH * BATCH + BATCH,
                        step,
                        "glide",
                    )
                )
            player.finish()
    still_after = timed(base, table, 30, lambda: None, "still")
    still = statistics.median(still_ms + still_after)
    steps = sum(t.steps for t in sims)
    sim_s = sum(t.seconds for t in sims)
    print(
        f"table client, 4 seats, {args.size}, shaders {'on' if shaders.shaders_enabled() else 'off'}, "
        f"{len(dice)} dice thrown, {args.throws} throws"
    )
    print(
        f"  still frame                 {still:8.1f} ms   (before the throws {statistics.median(still_ms):.1f}, "
        f"after {statistics.median(still_after):.1f})"
    )
    cpu = {
        w: statistics.median(c for k, c in CPU if k == w)
        for w in ("still", "throw", "live", "glide")
    }
    print(
        f"  CPU ms a frame (all threads; steadier on a busy machine): still {cpu['still']:.1f}, "
        f"throw {cpu['throw']:.1f} (ratio {cpu['throw'] / cpu['still']:.2f}), live physics "
        f"{cpu['live']:.1f} ({cpu['live'] / cpu['still']:.2f}), glide {cpu['glide']:.1f} "
        f"({cpu['glide'] / cpu['still']:.2f})"
    )
    t_med = statistics.median(throw_ms)
    print(
        f"  during the throw (playback) {t_med:8.1f} ms   ratio {t_med / still:5.2f}   (should stay under 1.5)"
    )
    l_med = statistics.median(live_ms)
    print(f"  during the throw, live phys {l_med:8.1f} ms   ratio {l_med / still:5.2f}")
    g_med = statistics.median(glide_ms)
    print(f"  gliding to the pool places  {g_med:8.1f} ms   ratio {g_med / still:5.2f}")
    print(
        f"  physics step (live, 7 dice) {statistics.median(live_step_ms):8.3f} ms  "
        f"(x4 a frame = {4 * statistics.median(live_step_ms):.3f} ms)"
    )
    print(
        f"  pre-simulation              {1000 * sim_s / len(sims):8.1f} ms a throw, "
        f"{1000 * sim_s / steps:.3f} ms a step ({steps / len(sims):.0f} steps, "
        f"{sum(t.attempts for t in sims)} attempts for {len(sims)} throws), "
        f"throw {statistics.median(t.duration for t in sims):.2f} s long"
    )

    if args.save:
        th = sims[0]
        player = throw.ThrowPlayer(th, dice, view.centre, targets=targets, heading=0.0)
        player.update(0.45 * th.duration)
        table.app.lighting.update_shadows(table.buffer.get_gsg())
        capture.render_frames(base, 3)
        capture.save_png(capture.grab_frame(table.buffer), f"{args.save}-mid.png")
        player.update(th.duration - player.t)
        for _ in range(2):
            table.app.lighting.update_shadows(table.buffer.get_gsg())
            capture.render_frames(base, 2)
        capture.save_png(capture.grab_frame(table.buffer), f"{args.save}-rest.png")
        player.finish()
        for _ in range(2):
            table.app.lighting.update_shadows(table.buffer.get_gsg())
            capture.render_frames(base, 2)
        capture.save_png(capture.grab_frame(table.buffer), f"{args.save}-pool.png")
        # A replacement: the first die thrown again among the six lying in their places.
        still = [(t.x, t.y, 0.0) for t in targets[1:]]
        one = throw.simulate(
            values[:1], args.seed + 100, bag, felt, size=die, variants=pool[:1], still=still
        )
        player = throw.ThrowPlayer(one, dice[:1], view.centre, targets=targets[:1], heading=0.0)
        for name, t in (("replace-mid", 0.5 * one.duration), ("replace-rest", one.duration)):
            player.update(t - player.t)
            for _ in range(2):
                table.app.lighting.update_shadows(table.buffer.get_gsg())
                capture.render_frames(base, 2)
            capture.save_png(capture.grab_frame(table.buffer), f"{args.save}-{name}.png")
        print(
            f"  saved {args.save}-mid.png, -rest.png, -pool.png, -replace-mid.png, -replace-rest.png "
            f"({len(one.events)} impacts in the replacement, "
            f"{sum(e.other == throw.DIE for e in one.events)} on lying dice)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
