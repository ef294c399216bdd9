"""The server killed (SIGKILL) at random moments while rooms of persons and computers play, again
and again, each time started again on the same data folder: every room resumes,
every computer to move moves, no move a client saw is lost, no temp file is left."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import connect

from blueprints3d.files.savefile import load_game
from blueprints3d.net import protocol

ROOT = Path(__file__).resolve().parents[2]
KILLS = 20
ROOMS = [
    ["@remote", "@easy"],
    ["@remote", "@remote", "@easy"],
    ["@remote", "@remote"],
    ["@remote", "@medium"],
]


def start(home: Path) -> tuple[subprocess.Popen, str]:
    env = dict(
        os.environ,
        BLUEPRINTS3D_HOME=str(home),
        LANGUAGE="en",
        PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "blueprints3d", "serve", "--port", "0"],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    line = proc.stdout.readline()
    assert line.startswith("serving on ws://127.0.0.1:"), line
    return proc, line


class Seat(threading.Thread):
    """A person at one seat: joins (or rejoins with its token), moves a random legal move
    shortly after each view that asks it to, and notes the newest move number it saw."""

    def __init__(
        self, url: str, room: str, key: tuple[str, int], tokens: dict, seen: dict, lock, rng
    ) -> None:
        super().__init__(daemon=True)
        self.url, self.room, self.key = url, room, key
        self.tokens, self.seen, self.lock, self.rng = tokens, seen, lock, rng
        self.over = False

    def run(self) -> None:
        deadline = time.monotonic() + 30
        try:
            with connect(self.url, open_timeout=5, close_timeout=1) as ws:
                token = self.tokens.get(self.key)
                ws.send(
                    protocol.encode("rejoin", room=self.room, token=token)
                    if token
                    else protocol.encode("join", room=self.room, name=f"P{self.key[1]}")
                )
                while time.monotonic() < deadline:
                    msg = json.loads(ws.recv(timeout=5))
                    if msg["type"] == "joined":
                        self.tokens[self.key] = msg["token"]
                    elif msg["type"] == "view":
                        with self.lock:
                            self.seen[self.room] = max(self.seen.get(self.room, 0), msg["turn"])
                        if msg["view"]["phase"] == "over":
                            self.over = True
                            return
                        if msg["legal"]:
                            time.sleep(self.rng.uniform(0, 0.03))
                            ws.send(
                                protocol.encode(
                                    "act", action=self.rng.choice(msg["legal"]), turn=msg["turn"]
                                )
                            )
        except (ConnectionClosed, InvalidHandshake, OSError, TimeoutError):
            return


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_server_killed_again_and_again_loses_nothing(tmp_path):
    rng = random.Random(39)
    rooms_dir = tmp_path / "rooms"
    proc, line = start(tmp_path)
    url = line.split()[2]
    codes = []
    try:
        for specs in ROOMS:
            with connect(url) as ws:
                ws.send(protocol.encode("create", seats=specs))
                codes.append(json.loads(ws.recv(timeout=10))["room"])
    except BaseException:
        proc.kill()
        raise
    people = [
        (code, k)
        for code, specs in zip(codes, ROOMS, strict=True)
        for k, s in enumerate(specs)
        if s == "@remote"
    ]
    tokens: dict = {}
    seen: dict = {}
    lock = threading.Lock()
    temps_seen = 0
    for kill in range(KILLS + 1):
        seats = [
            Seat(url, code, (code, k), tokens, seen, lock, random.Random(rng.random()))
            for code, k in people
        ]
        for s in seats:
            s.start()
        if kill < KILLS:
            time.sleep(rng.uniform(0.05, 0.8))
            proc.send_signal(signal.SIGKILL)  # no goodbye, perhaps in the middle of a save
            proc.wait()
        else:
            deadline = time.monotonic() + 120  # the last run: the games are played to their end
            while (
                not all(s.over for s in seats)
                and time.monotonic() < deadline
                and any(s.is_alive() for s in seats)
            ):
                time.sleep(0.1)
            proc.kill()
            proc.wait()
        for s in seats:
            s.join(30)
            assert not s.is_alive()
        for code in codes:  # no move a client saw is lost
            state, _meta = load_game(rooms_dir / f"room-{code}.json")
            assert len(state.log) >= seen.get(code, 0), (kill, code)
        temps_seen += len(list(rooms_dir.glob(".room-*.tmp")))
        proc, line = start(tmp_path)
        url = line.split()[2]
        assert f"({len(codes)} rooms resumed)" in line, line  # every room resumes
        assert not list(rooms_dir.glob(".room-*.tmp"))  # what killed saves left is gone
        assert not (rooms_dir / "damaged").exists()
        # A room resumed at a computer's move moves without anyone joining.
        waiting = {}
        for code in codes:
            state, meta = load_game(rooms_dir / f"room-{code}.json")
            p = state.current_player
            if p is not None and meta["seats"][p]["kind"] != "remote":
                waiting[code] = len(state.log)
        deadline = time.monotonic() + 30
        while waiting and time.monotonic() < deadline:
            for code, at in list(waiting.items()):
                if len(load_game(rooms_dir / f"room-{code}.json")[0].log) > at:
                    del waiting[code]
            time.sleep(0.05)
        assert not waiting, f"computers did not move after restart {kill}: {waiting}"
    try:
        for code in codes:
            assert load_game(rooms_dir / f"room-{code}.json")[0].is_over
    finally:
        proc.kill()
        proc.wait()
    print(f"{KILLS} kills; {temps_seen} temp files left by them, all removed at the restarts")
