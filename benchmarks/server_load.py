"""How many rooms one game server holds: the server in a process of its own (`blueprints3d
serve`), its clients on loopback, in one of two modes.

Fast (the default): N rooms of four headless random-bot clients in threads of this process,
moving as fast as they can. Prints, for each N, the moves a second the server made and the
p50/p99 time from a client sending its action to receiving the view that followed it.

    python3 benchmarks/server_load.py [--rooms 1,2,4,8] [--games 1]

Paced (`--paced`): rooms at a person's pace. Each seat is a websocket connection of
its own (asyncio clients in `--client-procs` worker processes); a seat given legal actions waits
2-6 s (uniform) and then sends a random one. For each step (a room count), on a fresh server
with a fresh data folder: create the rooms (the server draws every seed), join every seat, warm
up `--warmup` s, measure `--seconds` s, and print connections, moves a second, p50/p99/max of
the time from sending an action to receiving the next view on that connection, the server
process's CPU (% of one core, utime+stime over the window) and memory (VmRSS at the window's
end), and the load generator's own CPU (all its processes, % of one core) so that a reader sees
whether the clients, not the server, were the limit. A step holds when p99 < 50 ms; the steps
stop after the first that does not hold unless `--all`.

    python3 benchmarks/server_load.py --paced [--rooms 50,100,200,400,800] [--seconds 60]
        [--warmup 10] [--client-procs 2] [--setup-timeout 300] [--all] [--source DIR]
        [--serve-arg=--opt ...]
        [--profile DIR]

`--source DIR`: run the server from another tree (an older commit in a `git worktree`), with
this checkout's Python. The server's per-address limits (`--max-rooms`, `--max-rooms-per-address`,
`--max-connections-per-address`, `--idle-timeout`) are raised, each only where that tree's
`serve --help` lists it (every client comes from 127.0.0.1), and, in the fast mode, `--allow-seed`
(it chooses its rooms' seeds) likewise. `--profile DIR`: sample the server with py-spy over each measured window (if
py-spy is installed) and print its busiest functions; it costs some CPU of its own.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import json
import math
import multiprocessing
import os
import random
import resource
import signal
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOLDS_MS = 50.0  # a step holds when p99 is under this
THINK = (2.0, 6.0)  # a person's seconds to move (uniform)
GRACE = 5.0  # seconds after the window for its last actions' views
SETUP_AT_ONCE = 32  # connections a worker opens at once while setting up
# The limits a server with per-address limits gets raised to (all clients are 127.0.0.1).
RAISED = {
    "--max-rooms": "1000000",
    "--max-rooms-per-address": "1000000",
    "--max-connections-per-address": "1000000",
    "--idle-timeout": "604800",
}


# -- the server ---------------------------------------------------------------------------------


def serve_options(source: Path, seeds: bool = False) -> list[str]:
    """The raising options the server in ``source`` understands (from its ``serve --help``), and
    ``--allow-seed`` where ``seeds`` (the fast mode chooses its rooms' seeds)."""
    env = dict(os.environ, LANGUAGE="en", PYTHONPATH=str(source))
    out = subprocess.run(
        [sys.executable, "-m", "blueprints3d", "serve", "--help"],
        env=env,
        cwd=source,
        capture_output=True,
        text=True,
        timeout=60,
    )
    listed = out.stdout
    opts: list[str] = []
    for name, value in RAISED.items():
        if name in listed:
            opts += [name, value]
    if seeds and "--allow-seed" in listed:
        opts.append("--allow-seed")
    return opts


def raise_open_files() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(
                resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY else 1 << 20, hard)
            )


class Server:
    """`blueprints3d serve --port 0` from ``source`` with its data in ``home``; stopped (killed)
    by ``stop``. Its stdout after the first line and its stderr are kept in ``home``."""

    def __init__(self, source: Path, home: str, extra: list[str]) -> None:
        env = dict(
            os.environ,
            BLUEPRINTS3D_HOME=home,
            LANGUAGE="en",
            PYTHONPATH=str(source) + os.pathsep + os.environ.get("PYTHONPATH", ""),
        )
        self.log = Path(home) / "server.log"
        # The server's stderr for as long as it runs: closed in stop().
        self._err = open(self.log, "w")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "blueprints3d", "serve", "--port", "0", *extra],
            env=env,
            cwd=source,
            stdout=subprocess.PIPE,
            stderr=self._err,
            text=True,
        )
        try:
            line = self.proc.stdout.readline()
            if not line.startswith("serving on "):
                raise SystemExit(
                    f"the server did not start: {line!r} {self.log.read_text()[-2000:]}"
                )
            self.url = line.split()[2]
            # Keep its stdout drained: a full pipe would stop the server.
            threading.Thread(target=self.proc.stdout.read, daemon=True).start()
        except BaseException:
            self.stop()
            raise

    @property
    def pid(self) -> int:
        return self.proc.pid

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        self._err.close()

    def errors(self) -> list[str]:
        try:
            return [ln for ln in self.log.read_text(errors="replace").splitlines() if ln.strip()]
        except OSError:
            return []


def cpu_seconds(pid: int) -> float:
    """utime + stime of process ``pid`` (/proc/PID/stat), in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mib(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


# -- fast mode: threads of sync clients as fast as they go ---------------------------------------


def load(url: str, rooms: int, games: int) -> tuple[float, list[float]]:
    sys.path.insert(0, str(ROOT))
    from blueprints3d.net.client import create_room, play_random

    timings: list[float] = []
    moves = 0
    t0 = time.perf_counter()
    for g in range(games):
        codes = [create_room(url, ["@remote"] * 4, seed=1000 * g + r) for r in range(rooms)]
        with ThreadPoolExecutor(4 * rooms) as pool:
            jobs = [
                pool.submit(play_random, url, code, f"P{k}", 31 * r + k, None, None, timings)
                for r, code in enumerate(codes)
                for k in range(4)
            ]
            for j in jobs:
                j.result(timeout=600)
    moves = len(timings)
    return moves / (time.perf_counter() - t0), timings


def fast(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory() as home:
        server = Server(args.source, home, serve_options(args.source, seeds=True) + args.serve_arg)
        try:
            print(f"{'rooms':>5} {'moves/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'moves':>6}")
            for n in [int(x) for x in (args.rooms or "1,2,4,8").split(",")]:
                rate, t = load(server.url, n, args.games)
                q = statistics.quantiles(t, n=100) if len(t) >= 2 else [t[0]] * 99
                print(
                    f"{n:>5} {rate:>9.0f} {1000 * q[49]:>8.1f} {1000 * q[98]:>8.1f} {len(t):>6}",
                    flush=True,
                )
        finally:
            server.stop()
    return 0


# -- paced mode: asyncio seats at a person's pace, in worker processes ---------------------------


class Tally:
    """A worker's figures: the window [t0, t1) (time.monotonic, the same clock in every process)
    and what happened in it."""

    def __init__(self) -> None:
        self.t0 = math.inf
        self.t1 = math.inf
        self.latencies: list[float] = []
        self.moves = 0
        self.pending: dict[int, float] = {}  # id(seat) -> when its action in the window went
        self.errors: collections.Counter[str] = collections.Counter()
        self.open = 0  # seat connections open now
        self.games = 0  # games that ended (their rooms made anew)

    def counted(self, t: float) -> bool:
        return self.t0 <= t < self.t1


async def seat(
    url: str, code: str, name: str, rng: random.Random, tally: Tally, joined: asyncio.Event | None
) -> None:
    """One seat's connection: join, then at each view with legal actions think 2-6 s and send
    one. Returns when the game is over."""
    from websockets.asyncio.client import connect

    me = object()
    key = id(me)
    sent: float | None = None
    planned = -1
    mover: asyncio.Task | None = None

    async def move(ws, turn: int, action: int) -> None:
        nonlocal sent
        await asyncio.sleep(rng.uniform(*THINK))
        now = time.monotonic()
        sent = now
        if tally.counted(now):
            tally.moves += 1
            tally.pending[key] = now
        await ws.send(json.dumps({"v": 1, "type": "act", "action": action, "turn": turn}))

    async with connect(
        url, max_size=None, open_timeout=60, close_timeout=1, ping_interval=None, compression=None
    ) as ws:
        tally.open += 1
        try:
            await ws.send(json.dumps({"v": 1, "type": "join", "room": code, "name": name}))
            first = json.loads(await asyncio.wait_for(ws.recv(), 60))
            if first.get("type") != "joined":
                tally.errors[f"join: {first.get('error', first.get('type'))}"] += 1
                return
            if joined is not None:
                joined.set()
            async for raw in ws:
                now = time.monotonic()
                msg = json.loads(raw)
                kind = msg.get("type")
                if kind == "error":
                    tally.errors[str(msg.get("error"))[:60]] += 1
                    continue
                if kind != "view":
                    continue
                if sent is not None:
                    if tally.counted(sent):
                        tally.latencies.append(now - sent)
                        tally.pending.pop(key, None)
                    sent = None
                if msg.get("game"):
                    tally.games += 1
                    return
                legal = msg.get("legal")
                if legal and msg.get("turn") != planned:
                    planned = msg["turn"]
                    mover = asyncio.create_task(move(ws, planned, int(rng.choice(legal))))
        finally:
            tally.open -= 1
            if mover is not None:
                mover.cancel()


async def create(url: str) -> str:
    from websockets.asyncio.client import connect

    async with connect(
        url, max_size=None, open_timeout=60, close_timeout=1, ping_interval=None, compression=None
    ) as ws:
        await ws.send(json.dumps({"v": 1, "type": "create", "seats": ["@remote"] * 4}))
        msg = json.loads(await asyncio.wait_for(ws.recv(), 60))
        if msg.get("type") != "created":
            raise RuntimeError(f"the server refused the room: {msg.get('error', msg.get('type'))}")
        return str(msg["room"])


async def room(
    url: str, rng: random.Random, tally: Tally, gate: asyncio.Semaphore, ready: asyncio.Event
) -> None:
    """A room of four paced seats; a new one when its game is over, so the load stays."""
    first = True
    while True:
        try:
            async with gate:
                code = await create(url)
                tasks = []
                for k in range(4):
                    joined = asyncio.Event()
                    tasks.append(
                        asyncio.create_task(seat(url, code, f"P{k + 1}", rng, tally, joined))
                    )
                    done, _ = await asyncio.wait(
                        [tasks[-1], asyncio.create_task(joined.wait())],
                        return_when=asyncio.FIRST_COMPLETED,
                    )
            if first:
                first = False
                ready.set()
            await asyncio.gather(*tasks)
        except Exception as e:
            tally.errors[f"{type(e).__name__}: {e}"[:80]] += 1
            if first:
                first = False
                ready.set()
            await asyncio.sleep(1.0)


async def work(conn, url: str, rooms: int, seed: int) -> None:
    tally = Tally()
    rng = random.Random(seed)
    gate = asyncio.Semaphore(SETUP_AT_ONCE // 4 or 1)
    readies = [asyncio.Event() for _ in range(rooms)]
    tasks = [
        asyncio.create_task(room(url, random.Random(rng.random()), tally, gate, readies[r]))
        for r in range(rooms)
    ]
    waiting = asyncio.gather(*(e.wait() for e in readies))
    while True:  # a word on stderr every 30 s while setting up, so a slow set-up shows
        done, _ = await asyncio.wait([waiting], timeout=30)
        if done:
            break
        print(
            f"  (worker {seed}: {sum(e.is_set() for e in readies)}/{rooms} rooms set up, "
            f"{tally.open} connections)",
            file=sys.stderr,
            flush=True,
        )
    conn.send(("ready", tally.open, dict(tally.errors)))
    _, t0, t1 = await asyncio.to_thread(conn.recv)
    tally.t0, tally.t1 = t0, t1
    await asyncio.sleep(max(0.0, t1 - time.monotonic()))
    open_at_end = tally.open
    # The window's last actions: their views, for at most GRACE seconds more.
    until = time.monotonic() + GRACE
    while tally.pending and time.monotonic() < until:
        await asyncio.sleep(0.05)
    now = time.monotonic()
    late = list(tally.pending.values())
    tally.latencies += [now - t for t in late]  # unanswered: at least this long
    conn.send(
        (
            "done",
            tally.latencies,
            tally.moves,
            len(late),
            open_at_end,
            tally.games,
            dict(tally.errors),
        )
    )
    for t in tasks:
        t.cancel()


def worker(conn, url: str, rooms: int, seed: int) -> None:
    raise_open_files()
    try:
        asyncio.run(work(conn, url, rooms, seed))
    except BaseException as e:  # the parent reads a failure rather than waiting for ever
        with contextlib.suppress(OSError):
            conn.send(("failed", f"{type(e).__name__}: {e}"))
    finally:
        conn.close()
        os._exit(0)  # no polite closing of thousands of connections


def expect(conn, kind: str, timeout: float):
    if not conn.poll(timeout):
        raise SystemExit(f"a load worker did not answer ({kind}) within {timeout:.0f} s")
    msg = conn.recv()
    if msg[0] != kind:
        raise SystemExit(f"a load worker failed: {msg[1:]}")
    return msg


def py_spy() -> str | None:
    """py-spy, beside this Python (a virtual environment's bin) or on the PATH."""
    here = Path(sys.executable).parent / "py-spy"
    return str(here) if here.exists() else shutil.which("py-spy")


def profile_top(raw: Path, n: int = 12) -> list[str]:
    """The busiest functions of py-spy's collapsed stacks: own samples and total samples."""
    own: collections.Counter[str] = collections.Counter()
    total: collections.Counter[str] = collections.Counter()
    samples = 0
    for line in raw.read_text(errors="replace").splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack or not count.isdigit():
            continue
        c = int(count)
        samples += c
        frames = [
            f.split(" (")[0] + " (" + f.split(" (")[1].split(":")[0].rsplit("/", 1)[-1] + ")"
            if " (" in f
            else f
            for f in stack.split(";")
        ]
        own[frames[-1]] += c
        for f in set(frames):
            total[f] += c
    if not samples:
        return ["(no samples)"]
    out = [f"  own {100 * c / samples:5.1f}%  {f}" for f, c in own.most_common(n)]
    # Inclusive, less the frames nearly every sample has (the event loop and what runs it).
    top = max(total.values())
    out += [
        f"  all {100 * c / samples:5.1f}%  {f}" for f, c in total.most_common() if c < 0.9 * top
    ][:n]
    return out


def step(args: argparse.Namespace, rooms: int, options: list[str], number: int) -> bool:
    procs = max(1, min(args.client_procs, rooms))
    with tempfile.TemporaryDirectory(prefix="bp3d-load-") as home:
        server = Server(args.source, home, options)
        ctx = multiprocessing.get_context("spawn")
        workers: list = []
        spy = None
        try:
            t_setup = time.monotonic()
            for k in range(procs):
                here, there = ctx.Pipe()
                share = rooms // procs + (1 if k < rooms % procs else 0)
                p = ctx.Process(
                    target=worker, args=(there, server.url, share, 1000 * number + k), daemon=True
                )
                p.start()
                there.close()
                workers.append((p, here))
            for _p, c in workers:
                if not c.poll(max(0.0, t_setup + args.setup_timeout - time.monotonic())):
                    print(
                        f"{rooms:>5}  not set up within {args.setup_timeout:g} s (the workers' counts "
                        f"on stderr){'':>30}NO",
                        flush=True,
                    )
                    return False
                expect(c, "ready", 0)
            setup = time.monotonic() - t_setup
            t0 = time.monotonic() + args.warmup
            t1 = t0 + args.seconds
            for _p, c in workers:
                c.send(("go", t0, t1))
            time.sleep(max(0.0, t0 - time.monotonic()))
            pids = [p.pid for p, _ in workers]
            s0, c0 = cpu_seconds(server.pid), sum(cpu_seconds(pid) for pid in pids)
            start = time.monotonic()
            if args.profile is not None and (pyspy := py_spy()):
                args.profile.mkdir(parents=True, exist_ok=True)
                raw = args.profile / f"server-{rooms}-rooms.txt"
                spy = subprocess.Popen(
                    [
                        pyspy,
                        "record",
                        "--pid",
                        str(server.pid),
                        "--duration",
                        str(int(args.seconds)),
                        "--format",
                        "raw",
                        "--nonblocking",
                        "--output",
                        str(raw),
                    ],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            time.sleep(max(0.0, t1 - time.monotonic()))
            s1, c1 = cpu_seconds(server.pid), sum(cpu_seconds(pid) for pid in pids)
            window = time.monotonic() - start
            rss = rss_mib(server.pid)
            results = [expect(c, "done", args.seconds + GRACE + 120) for _, c in workers]
        finally:
            for p, _c in workers:
                if p.is_alive():
                    p.join(timeout=5)
                if p.is_alive():
                    p.kill()
                    p.join()
            if spy is not None:
                try:
                    spy.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    spy.kill()
                    spy.wait()
            server.stop()
        lat = [x for r in results for x in r[1]]
        moves = sum(r[2] for r in results)
        late = sum(r[3] for r in results)
        conns = sum(r[4] for r in results)
        games = sum(r[5] for r in results)
        errors: collections.Counter[str] = collections.Counter()
        for r in results:
            errors.update(r[6])
        if len(lat) >= 2:
            q = statistics.quantiles(lat, n=100, method="inclusive")
            p50, p99, most = 1000 * q[49], 1000 * q[98], 1000 * max(lat)
        else:
            p50 = p99 = most = math.inf if late or not lat else 1000 * lat[0]
        holds = p99 < HOLDS_MS and not late
        print(
            f"{rooms:>5} {conns:>6} {moves / args.seconds:>8.1f} {p50:>7.1f} {p99:>7.1f} {most:>8.1f} "
            f"{100 * (s1 - s0) / window:>8.0f} {rss:>8.0f} {100 * (c1 - c0) / window:>8.0f} {setup:>7.0f}  "
            f"{'yes' if holds else 'NO'}",
            flush=True,
        )
        notes = []
        if late:
            notes.append(
                f"{late} actions unanswered {GRACE:.0f} s after the window (counted as that long)"
            )
        if errors:
            notes.append("errors: " + "; ".join(f"{n}x {e}" for e, n in errors.most_common(5)))
        if games:
            notes.append(f"{games} seat(s) saw their game end (the room made anew)")
        if refused := [ln for ln in server.errors() if "Traceback" in ln or "refused" in ln]:
            notes.append(f"server log: {len(refused)} lines like {refused[0][:100]!r}")
        for n in notes:
            print(f"      {n}", flush=True)
        if args.profile is not None and spy is not None:
            raw = args.profile / f"server-{rooms}-rooms.txt"
            if raw.exists():
                print(f"      py-spy, the server over the window ({raw}):")
                for line in profile_top(raw):
                    print("    " + line)
        return holds


def paced(args: argparse.Namespace) -> int:
    raise_open_files()
    # Stopped by SIGTERM (timeout, a test's kill): unwind, so that each step's finally stops its server.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    options = serve_options(args.source) + args.serve_arg
    steps = [int(x) for x in (args.rooms or "50,100,200,400,800").split(",")]
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    print(
        f"# server from {args.source}, options {' '.join(options) or '(none)'}; "
        f"{args.client_procs} client processes; warm-up {args.warmup:g} s, window {args.seconds:g} s; "
        f"open files {soft}; load {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores",
        flush=True,
    )
    print(
        f"{'rooms':>5} {'conns':>6} {'moves/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>8} "
        f"{'srv CPU%':>8} {'srv MiB':>8} {'cli CPU%':>8} {'setup s':>7}  holds",
        flush=True,
    )
    for number, n in enumerate(steps):
        if not step(args, n, options, number) and not args.all:
            break
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--rooms",
        default=None,
        help="room counts to try, comma-separated (default 1,2,4,8; paced: 50,100,200,400,800)",
    )
    ap.add_argument(
        "--games", type=int, default=1, help="fast mode: games a room plays at each count"
    )
    ap.add_argument("--paced", action="store_true", help="seats at a person's pace (2-6 s a move)")
    ap.add_argument(
        "--seconds", type=float, default=60.0, help="paced: the measured window of each step"
    )
    ap.add_argument(
        "--warmup", type=float, default=10.0, help="paced: seconds played before the window"
    )
    ap.add_argument(
        "--client-procs", type=int, default=2, help="paced: worker processes of asyncio clients"
    )
    ap.add_argument(
        "--setup-timeout",
        type=float,
        default=300.0,
        help="paced: a step whose rooms are not all set up by then does not hold",
    )
    ap.add_argument(
        "--all", action="store_true", help="paced: go on after a step that does not hold"
    )
    ap.add_argument(
        "--profile",
        type=Path,
        default=None,
        metavar="DIR",
        help="paced: sample the server with py-spy over each window, stacks kept in DIR",
    )
    ap.add_argument(
        "--source",
        type=Path,
        default=ROOT,
        help="the tree to run the server from (default: this checkout)",
    )
    ap.add_argument(
        "--serve-arg",
        action="append",
        default=[],
        metavar="ARG",
        help="an extra option for `serve` (repeatable; --serve-arg=--opt for dashes)",
    )
    args = ap.parse_args()
    args.source = args.source.resolve()
    return paced(args) if args.paced else fast(args)


if __name__ == "__main__":
    sys.exit(main())
