"""Median frame time of a full 4-player table at 1280x720, offscreen (Mesa's software GL here).

    python3 benchmarks/client_frame_time.py [--frames 60] [--runs 5] [--size 1280x720] [--no-shaders]
        [--felt-before]

The table is measured during a round (the viewer's building, the pool, three screens) and at the
end of a round (screens lifted, all four buildings with their six dice each, the cards on their
way: the reveal skipped to its summary, the view of the table before there was a reveal), and
then in the reveal's close-up of one building (the camera near the dice: larger on screen). Every frame is one pass of the task manager, as in the game: the app's frame task
(bots, drag, animations, camera) and the render, with glFinish so the GL's work is inside the
measured time. Prints the median of each run and of all runs.

``--felt-before`` measures the table's felt as it was before it had its own shader (plain
fixed-function cloth, drawn into the shadow map) against today's, in turn run by run in the same
process (A B A B ...: the machine's drift falls on both alike), and prints each look's median
and their ratio.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=60)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--no-shaders", action="store_true")
    ap.add_argument(
        "--felt-before",
        action="store_true",
        help="alternate the felt's look before its shader (plain cloth) with today's",
    )
    args = ap.parse_args()
    w, h = (int(v) for v in args.size.split("x"))

    from blueprints3d.client.render import shaders
    from blueprints3d.client.render.config import SHADOW_MASK
    from panda3d.core import load_prc_file_data

    from blueprints3d.client.render.window import open_base
    from blueprints3d.client.table.app import TableApp
    from blueprints3d.client.table.model.options import AppOptions
    from blueprints3d.client.table.model.flow import Mode, SeatConfig

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
    # Wait for the GL to finish every frame: otherwise Mesa may still be drawing when we stop the
    # clock, and the figure would flatter the table.
    load_prc_file_data("benchmark", "gl-finish true\n")
    base = open_base(size=(w, h), offscreen=True, shaders_on=opts.use_shaders)
    app = TableApp(base, opts)
    flow = app.flow

    felt = app.view.root.find("**/table-felt")
    felt_state = (felt.get_state(), felt.is_hidden(SHADOW_MASK))
    patches = app.view.felt_shadows.node
    looks = ("before", "after") if args.felt_before else ("",)

    def set_look(look: str) -> None:
        if look == "before":  # the felt before its shader: cloth under the fixed-function lights
            felt.clear_shader()
            felt.show(SHADOW_MASK)
            patches.hide()  # and no shadows on it
        else:
            felt.set_state(felt_state[0])
            if felt_state[1]:
                felt.hide(SHADOW_MASK)
            patches.show()
        for _ in range(3):
            base.taskMgr.step()  # warm up: shaders compiled, textures uploaded

    def measure(label: str) -> None:
        app.settle()
        medians: dict[str, list[float]] = {look: [] for look in looks}
        for r in range(args.runs):
            for look in looks:
                set_look(look)
                times = []
                for _ in range(args.frames):
                    t0 = time.perf_counter()
                    base.taskMgr.step()
                    times.append(time.perf_counter() - t0)
                medians[look].append(statistics.median(times))
                print(
                    f"  {label}{' ' + look if look else ''} run {r + 1}: "
                    f"median {medians[look][-1] * 1000:.1f} ms/frame"
                )
        for look in looks:
            m = statistics.median(medians[look])
            print(
                f"{label}{', felt ' + look if look else ''}: median frame time {m * 1000:.1f} ms "
                f"({1 / m:.1f} fps) at {w}x{h}, shaders "
                f"{'on' if shaders.shaders_enabled() else 'off'}"
            )
        if args.felt_before:
            ratio = statistics.median(medians["after"]) / statistics.median(medians["before"])
            print(f"{label}: after / before {ratio:.3f}")

    # Mid-round: let the computers and Ann play until Ann has three dice down.
    import random
    from blueprints3d.engine import actions as A

    rng = random.Random(1)

    def play_while(going) -> None:
        while going():
            if flow.mode is Mode.BOT:
                flow.run_bots()
            else:
                a = rng.choice(flow.state.legal_actions())
                k = A.decode(a)
                flow.place(k.die, k.cell) if k.kind is A.Kind.PLACE else flow.set_aside(k.die)
                if flow.pending is not None:  # the table's moves wait for the confirm
                    flow.confirm()

    play_while(lambda: len(flow.state.taken[0]) < 3)
    measure("during a round")
    play_while(lambda: flow.mode is not Mode.ROUND_END)
    reveal = app.reveal
    reveal.next_step()  # from the screens lifting to the first building
    app.settle()
    close_up = reveal.step.kind
    reveal.skip_all()  # the summary: every building on the table in view
    measure("end of round, all buildings shown")
    reveal.replay()
    reveal.next_step()
    app.settle()
    measure(f"the reveal's close-up ({close_up})")


if __name__ == "__main__":
    main()
