"""Two tables in one room, each in a process of its own, started only as two people start them.

    python tests/support/two_tables.py OUT_DIR [--seconds 150]

Ann's process opens the table (offscreen, 1280x720, the HUD and screens drawn) and uses only its
new-game screen: her name in seat 1, seat 2 "Over the network", Start. Her table then hosts the
room on a server of its own, which listens on every interface, and its HUD shows the room's code
and this machine's network addresses; she pictures that (``ann-hosting.png``) and hands what the
HUD shows to Bob through a file (``room.json``, written whole by a rename).

Bob's process opens a table the same way and uses only its Join screen: his name, then a click on
Ann's room in the list of rooms found nearby. Discovery is off here (no multicast leaves the
machine), so the list is given to the screen: Ann's real room, code, port and network address,
as the discovery would have found it. He pictures the screen before the click
(``join-nearby.png``).

Then each table plays its own seat as a person does (the first legal move, chosen, then
confirmed), stepping its frames, until the round's reveal is on; each pictures the reveal's first
step (``ann-reveal.png``, ``bob-reveal.png``) and writes what it saw (``ann.json``,
``bob.json``). Every wait is bounded; ``run`` kills both processes when they do not end in time.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SIZE = (1280, 720)
SEED = 12  # typed into the new-game screen's Seed: the same code draws the same round
NETWORK_KIND = "Over the network"


class TooLong(RuntimeError):
    """A bounded wait ran out."""


# ---- the two processes, from the test's side ---------------------------------------------------
def run(out: Path, work: Path, seconds: float = 150.0) -> dict[str, dict]:
    """Ann's and Bob's processes, each with its own data folder, discovery off, English; their
    pictures under ``out``, the handshake and the logs under ``work``. Returns what each wrote
    of itself ({"ann": ..., "bob": ...}); raises with both logs when either fails."""
    out.mkdir(parents=True, exist_ok=True)
    work.mkdir(parents=True, exist_ok=True)
    deadline = time.time() + seconds  # wall clock: the children share it through the argv
    procs: dict[str, subprocess.Popen] = {}
    logs: dict[str, Path] = {}
    try:
        for role in ("ann", "bob"):
            home = work / f"home-{role}"
            home.mkdir(exist_ok=True)
            env = dict(os.environ, BLUEPRINTS3D_HOME=str(home), BLUEPRINTS3D_DISCOVERY="off")
            env["LANGUAGE"] = "en"
            logs[role] = work / f"{role}.log"
            with open(logs[role], "wb") as log:
                procs[role] = subprocess.Popen(
                    [sys.executable, __file__, str(out), "--role", role, "--work", str(work)]
                    + ["--deadline", repr(deadline)],
                    cwd=ROOT,
                    env=env,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
        codes = _wait_both(procs, deadline + 10)
    finally:
        for p in procs.values():
            if p.poll() is None:
                p.kill()
                p.wait(10)
    if any(code != 0 for code in codes.values()):
        tails = "\n".join(
            f"---- {role} (exit {codes.get(role)}) ----\n{_tail(logs[role])}" for role in logs
        )
        raise AssertionError(f"a table process failed:\n{tails}")
    return {role: json.loads((work / f"{role}.json").read_text()) for role in procs}


def _wait_both(procs: dict[str, subprocess.Popen], until: float) -> dict[str, int | None]:
    """Both processes' exit codes; as soon as one fails the other is not waited for (it would
    only wait for its partner until the deadline)."""
    while time.time() < until:
        codes = {role: p.poll() for role, p in procs.items()}
        if all(c is not None for c in codes.values()) or any(c for c in codes.values()):
            return codes
        time.sleep(0.1)
    return {role: p.poll() for role, p in procs.items()}


def _tail(path: Path, chars: int = 4000) -> str:
    text = path.read_text(errors="replace") if path.exists() else "(no log)"
    return text[-chars:]


# ---- handshake ----------------------------------------------------------------------------------
def write_json(path: Path, data: dict) -> None:
    """Written whole: the other process never reads half a file."""
    with tempfile.NamedTemporaryFile("w", dir=path.parent, delete=False, suffix=".tmp") as f:
        json.dump(data, f, indent=1)
    os.replace(f.name, path)


def wait_for_file(path: Path, deadline: float, app=None) -> None:
    """Until ``path`` exists (stepping ``app``'s frames meanwhile, so its link stays served)."""
    while not path.exists():
        if time.time() > deadline:
            raise TooLong(f"no {path.name} in time")
        if app is not None:
            app.step()
        time.sleep(0.02)


def step_until(app, done, deadline: float, what: str) -> None:
    """Step the table's frames as its frame task would until ``done()``."""
    while not done():
        if time.time() > deadline:
            raise TooLong(f"{what}: not in time")
        app.step()
        time.sleep(0.005)


# ---- one table ----------------------------------------------------------------------------------
def open_table_here():
    """This process's table: offscreen at SIZE with its HUD and screens drawn, plain colours."""
    from blueprints3d.client.render import shaders
    from blueprints3d.client.render.capture import open_offscreen_base
    from blueprints3d.client.table.model.options import AppOptions
    from blueprints3d.client.table.offscreen import open_table

    shaders.configure(False)
    base = open_offscreen_base(256, 256)
    return open_table(base, SIZE[0], SIZE[1], AppOptions(size=SIZE, bot_delay=0), overlay=True)


def picture(table, path: Path) -> None:
    from PIL import Image

    Image.fromarray(table.screenshot()).save(path)
    print(path, flush=True)


def play_to_reveal(app, deadline: float) -> None:
    """This table's seat played as a person plays it (a legal move chosen, then confirmed), the
    others' moves coming from the server, until the round's reveal is on."""
    from blueprints3d.client.table.model.flow import Mode
    from blueprints3d.client.table.model.remote_flow import RemoteFlow

    moves = 0
    while True:
        if time.time() > deadline:
            raise TooLong(f"the round's reveal did not come ({moves} moves made)")
        app.step()
        flow = app.flow
        assert isinstance(flow, RemoteFlow), "the network game was left"
        if flow.mode is Mode.ROUND_END and app.reveal is not None and app.reveal.active:
            return
        if (
            flow.mode is Mode.TURN
            and flow.legal
            and (flow.pending is None or not flow.pending.sent)
        ):
            flow.act(flow.legal[0])  # chosen ...
            if flow.pending is not None and not flow.pending.sent:
                assert flow.confirm().ok  # ... and confirmed: sent to the server
            moves += 1
        time.sleep(0.005)


def at_reveal(table, role: str, out: Path, work: Path, deadline: float) -> None:
    """The reveal's first step pictured, and what the table shows written for the test; then
    the table waits (bounded) for the other one's picture before it goes, so Ann's server stays
    up until Bob's reveal is taken."""
    app = table.app
    reveal = app.reveal
    if reveal.index != 0:  # a slow frame may have moved it on: from its first step again
        reveal.replay()
    picture(table, out / f"{role}-reveal.png")
    flow = app.flow
    end = flow.round_end
    done = {
        "mode": flow.mode.name,
        "me": flow.me,
        "names": [s.name for s in flow.seats],
        "step": reveal.step.kind if reveal.step is not None else None,
        "caption": reveal.caption.textNode.get_text(),
        "round": end.result.round,
        "totals": [s.total for s in end.result.scores],
        "buildings": [[list(stack) for stack in b] for b in end.stacks],
    }
    write_json(work / f"{role}.json", {**json.loads(_read(work / f"{role}.part")), **done})
    other = "bob" if role == "ann" else "ann"
    wait_for_file(work / f"{other}.json", deadline, app)


def _read(path: Path) -> str:
    return path.read_text() if path.exists() else "{}"


# ---- Ann: the new-game screen -------------------------------------------------------------------
def ann(out: Path, work: Path, deadline: float) -> None:
    from blueprints3d.client.table.model.remote_flow import RemoteFlow

    table = open_table_here()
    app = table.app
    try:
        screen = app.screens.new_game_screen
        assert screen.active, "the table opens at its new-game screen"
        screen.rows[0][1].enterText("Ann")
        screen.rows[1][0].set(screen._kind_words(1).index(NETWORK_KIND))
        screen.seed.enterText(str(SEED))
        screen._start()

        def hosting() -> bool:
            refused = screen.active and screen.error["text"].strip()
            assert not refused, f"the new-game screen says: {refused}"
            return isinstance(app.flow, RemoteFlow)

        step_until(app, hosting, deadline, "Ann's room")
        hosted = app.net.hosted
        assert hosted is not None, "the room is not on this table's own server"
        # The check whether others can reach the port runs on a thread: its answer, if any.
        checked = min(deadline, time.time() + 5.0)
        step_until(app, lambda: hosted._reached or time.time() > checked, deadline, "the check")
        app.refresh()
        shown = app.hud.room.getText()
        picture(table, out / "ann-hosting.png")
        room = {
            "code": hosted.code,
            "port": hosted.port,
            "shown": shown,
            "urls": [w for w in shown.split() if w.startswith("ws://")],
            "loopback": f"{app.net.local_server.url}/{hosted.code}",
            "seats": [s.name for s in app.flow.seats],
        }
        write_json(work / "ann.part", room)
        write_json(work / "room.json", room)  # for Bob
        play_to_reveal(app, deadline)
        at_reveal(table, "ann", out, work, deadline)
    finally:
        table.close()


# ---- Bob: the Join screen -----------------------------------------------------------------------
def found_nearby(room: dict):
    """Ann's room as the discovery would list it: her real code and port, at this machine's
    network address when the server answers there (127.0.0.1 otherwise)."""
    from blueprints3d.client.table.net.nearby import NearbyList
    from blueprints3d.net.addresses import reachable
    from blueprints3d.net.discovery import NearbyRoom

    hosts = [u.split("//", 1)[1].rsplit(":", 1)[0] for u in room["urls"]]
    hosts = [h for h in hosts if reachable(h, room["port"])] or ["127.0.0.1"]
    found = NearbyRoom("Ann", room["code"], 1, "en", (hosts[0],), room["port"])

    class Found(NearbyList):
        def __init__(self) -> None:
            self.browser = None

        def rooms(self):
            return [found]

    return Found(), found


def bob(out: Path, work: Path, deadline: float) -> None:
    from blueprints3d.client.table.model.remote_flow import RemoteFlow

    table = open_table_here()
    app = table.app
    try:
        wait_for_file(work / "room.json", deadline)
        room = json.loads((work / "room.json").read_text())
        app.net.show_join()
        join = app.screens.join
        assert join.active
        nearby, found = found_nearby(room)
        app.net.nearby.close()  # discovery is off: the list it found is empty
        app.net.nearby = nearby
        join.name.enterText("Bob")
        button = join.nearby_buttons[0]
        step_until(app, lambda: not button.is_hidden(), deadline, "Ann's room in the list")
        picture(table, out / "join-nearby.png")
        write_json(work / "bob.part", {"button": button["text"], "url": found.url})
        button["command"]()  # the click
        step_until(
            app,
            lambda: isinstance(app.flow, RemoteFlow) and app.flow.seats[1].name == "Bob",
            deadline,
            "Bob at Ann's table",
        )
        play_to_reveal(app, deadline)
        at_reveal(table, "bob", out, work, deadline)
    finally:
        table.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--seconds", type=float, default=150.0)
    ap.add_argument("--role", choices=("ann", "bob"), help=argparse.SUPPRESS)
    ap.add_argument("--work", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--deadline", type=float, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.role is None:
        with tempfile.TemporaryDirectory(prefix="two-tables-") as work:
            got = run(args.out, Path(work), args.seconds)
        print(json.dumps(got, indent=1))
        return 0
    sys.path.insert(0, str(ROOT))
    (ann if args.role == "ann" else bob)(args.out, args.work, args.deadline)
    return 0


if __name__ == "__main__":
    sys.exit(main())
