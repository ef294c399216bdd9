"""Pictures of two tables in one room: two processes, each a table joined to the same
room on a loopback server, with the server's computer in a third seat.

    python3 tools/network_pictures.py OUT_DIR [--size 1280x720] [--shaders]

Each table plays its own seat with the first legal move and pictures what its player sees:
``seat-N-turn.png`` at its first move of round 1 after the others have moved (the other seat's
dice gone behind its screen, the signs over the screens), ``seat-N-waiting.png`` while the other
person is to move ("thinking..."), and ``seat-N-round-end.png`` at round 1's reveal, when both
tables show the same buildings. The room is seeded, so the same code draws the same pictures.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def play_first(flow) -> None:
    """The seat's first legal action, confirmed: sent to the server."""
    flow.act(flow.legal[0])
    if flow.pending is not None and not flow.pending.sent:
        flow.confirm()


def seat(address: str, name: str, out: Path, size: tuple[int, int], use_shaders: bool) -> int:
    from PIL import Image

    from blueprints3d.client.render import shaders
    from blueprints3d.client.render.capture import open_offscreen_base
    from blueprints3d.client.table.model.flow import Mode
    from blueprints3d.client.table.offscreen import open_table
    from blueprints3d.client.table.model.options import AppOptions
    from blueprints3d.client.table.model.remote_flow import NetStart, RemoteFlow

    shaders.configure(use_shaders)
    base = open_offscreen_base(256, 256)
    server, room = address.rsplit("/", 1)
    options = AppOptions(
        size=size, use_shaders=use_shaders, bot_delay=0, network=NetStart(server, room, name)
    )
    table = open_table(base, size[0], size[1], options, overlay=True)
    app = table.app
    taken: set[str] = set()

    def picture(moment: str) -> None:
        if moment in taken:
            return
        taken.add(moment)
        path = out / f"{name.lower()}-{moment}.png"
        Image.fromarray(table.screenshot()).save(path)
        print(path, flush=True)

    end = time.monotonic() + 600
    while time.monotonic() < end:
        app.step()
        flow = app.flow
        if not isinstance(flow, RemoteFlow):
            time.sleep(0.01)
            continue
        if flow.mode is Mode.GAME_OVER:
            break
        if flow.mode is Mode.ROUND_END:
            if (
                flow.state.round == 2
                or flow.round_end is not None
                and flow.round_end.result.round == 1
            ):
                for _ in range(4):
                    app.reveal.next_step()
                picture("round-end")
                app.reveal.skip_all()
                app.continue_round()
            if "round-end" in taken:
                break
            continue
        if flow.mode is Mode.BOT and flow.turn >= 2 and flow.seats[flow.current].bot is None:
            picture("waiting")
        if flow.mode is Mode.TURN and (flow.pending is None or not flow.pending.sent):
            if flow.turn >= 3:
                picture("turn")
            play_first(flow)
        time.sleep(0.005)
    # Play on to the end without pictures, so the other table is never left waiting.
    while (
        isinstance(app.flow, RemoteFlow)
        and app.flow.mode is not Mode.GAME_OVER
        and time.monotonic() < end
    ):
        app.step()
        flow = app.flow
        if flow.mode is Mode.ROUND_END:
            app.reveal.skip_all()
            app.continue_round()
        elif flow.mode is Mode.TURN and (flow.pending is None or not flow.pending.sent):
            play_first(flow)
        time.sleep(0.005)
    table.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--shaders", action="store_true")
    ap.add_argument("--seat", nargs=2, metavar=("ADDRESS", "NAME"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    w, h = (int(x) for x in args.size.lower().split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    if args.seat:
        return seat(args.seat[0], args.seat[1], args.out, (w, h), args.shaders)
    from blueprints3d.net.client import create_room
    from blueprints3d.net.local_server import LocalServer

    server = LocalServer(keep_rooms=False)
    try:
        room = create_room(server.url, ["@remote", "@remote", "@easy"], seed=12)
        address = f"{server.url}/{room}"
        print(f"room {address}", flush=True)
        extra = ["--shaders"] if args.shaders else []
        tables = [
            subprocess.Popen(
                [
                    sys.executable,
                    __file__,
                    str(args.out),
                    "--size",
                    args.size,
                    *extra,
                    "--seat",
                    address,
                    name,
                ]
            )
            for name in ("Ann", "Bob")
        ]
        time.sleep(0.0)
        return max(t.wait(900) for t in tables)
    finally:
        server.stop()


if __name__ == "__main__":
    sys.exit(main())
