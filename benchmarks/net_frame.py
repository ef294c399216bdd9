"""What a network game costs the table's frame: a seat's RemoteFlow (the table's own client code)
stepped at 60 frames a second through whole games on a loopback server (its other seats the
server's computers), timing each frame's ``tick`` (the queue drained, the views applied) against
the work the link's thread does off the frame (each view's JSON parsed, read back and rebuilt
into a full state: ``Connection._decode``).

    python3 benchmarks/net_frame.py [--games 3] [--seats @remote,@easy,@easy,@easy]

Prints the frames' p50 / p99 / max tick in milliseconds, the ticks' share of a 60 Hz frame, and
the median time one view takes to decode: what each frame that brings a view would pay if the
socket work were on the frame path.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from blueprints3d.client.table.model.flow import Mode  # noqa: E402
from blueprints3d.client.table.model.remote_flow import RemoteFlow, remote_seats  # noqa: E402
from blueprints3d.net.client import create_room  # noqa: E402
from blueprints3d.net.connection import Connection  # noqa: E402
from blueprints3d.net.local_server import LocalServer  # noqa: E402

FRAME = 1 / 60


def one_game(
    url: str, seats: list[str], seed: int, ticks: list[float], decodes: list[float]
) -> None:
    room = create_room(url, seats, seed=seed)
    conn = Connection(url, room, "Bench").start()
    timed = conn._decode

    def decode(raw):  # the link thread's share, measured where it runs
        t = time.perf_counter()
        out = timed(raw)
        decodes.append(time.perf_counter() - t)
        return out

    conn._decode = decode  # type: ignore[method-assign]
    first = None
    while first is None:
        for inc in conn.poll():
            if inc.kind == "view":
                first = inc
        time.sleep(0.001)
    assert conn.seat is not None
    flow = RemoteFlow(remote_seats(first, conn.seat), connection=conn, first=first)
    rng = random.Random(seed)
    end = time.monotonic() + 600
    while flow.mode is not Mode.GAME_OVER and time.monotonic() < end:
        start = time.perf_counter()
        flow.tick(start)
        ticks.append(time.perf_counter() - start)
        if flow.mode is Mode.ROUND_END:
            flow.continue_after_round()
        elif flow.mode is Mode.TURN and flow.pending is None and flow.legal:
            flow.act(rng.choice(flow.legal))
        spent = time.perf_counter() - start
        time.sleep(max(0.0, FRAME - spent))
    conn.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seats", default="@remote,@easy,@easy,@easy")
    args = ap.parse_args()
    server = LocalServer(keep_rooms=False)
    ticks: list[float] = []
    decodes: list[float] = []
    try:
        for g in range(args.games):
            one_game(server.url, args.seats.split(","), 100 + g, ticks, decodes)
    finally:
        server.stop()
    ms = sorted(t * 1000 for t in ticks)
    p = lambda q: ms[min(len(ms) - 1, int(q * len(ms)))]  # noqa: E731
    print(f"{args.games} games, {len(ms)} frames at 60 Hz, {len(decodes)} views")
    print(
        f"tick per frame: p50 {p(0.5):.3f} ms  p99 {p(0.99):.3f} ms  max {ms[-1]:.3f} ms"
        f"  ({100 * p(0.99) / (FRAME * 1000):.1f}% of a frame at p99)"
    )
    print(
        f"decoding one view, on the link's thread: median {1000 * statistics.median(decodes):.3f} ms"
        f"  max {1000 * max(decodes):.3f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
