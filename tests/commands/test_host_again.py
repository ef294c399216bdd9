"""`host` killed mid-game and run again takes its own seat back in its own room (``--new``: a
new room), and `serve` and `host` stopped with SIGTERM tell every player the host has left."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from blueprints3d.net import protocol
from blueprints3d.net.client import play_random, receive, send
from blueprints3d.net.invite import parse_invite

ROOT = Path(__file__).resolve().parents[2]


def start(home: Path, *argv: str) -> tuple[subprocess.Popen, list[str]]:
    """``blueprints3d ARGV`` in a process; its lines up to the one about who can join."""
    env = dict(
        os.environ,
        BLUEPRINTS3D_HOME=str(home),
        BLUEPRINTS3D_DISCOVERY="off",
        LANGUAGE="en",
        PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "blueprints3d", *argv],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: list[str] = []
    while not lines or not (
        lines[-1].startswith(("only this machine", "serving on", "players on"))
    ):
        line = proc.stdout.readline()
        if not line:
            proc.kill()
            raise AssertionError((lines, proc.stderr.read()))
        lines.append(line.strip())
    return proc, lines


def host(home: Path, *extra: str) -> tuple[subprocess.Popen, list[str]]:
    return start(
        home,
        "host",
        "--headless",
        "--bot",
        "random",
        "--port",
        "0",
        "--seats",
        "@remote,@remote",
        "--seed",
        "4",
        *extra,
    )


def finish(proc: subprocess.Popen) -> tuple[int, str, str]:
    # Read through the text buffers (communicate() with a timeout reads the pipes' raw ends,
    # missing what ``start`` buffered); what these commands print after that is a few lines.
    try:
        proc.wait(timeout=120)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise
    return proc.returncode, proc.stdout.read(), proc.stderr.read()


def test_host_killed_mid_game_and_run_again_takes_its_own_seat_back(tmp_path):
    proc, lines = host(tmp_path)
    try:
        first = parse_invite(lines[0])
        bob, _view = play_random(first.server, first.code, "Bob", stop_after=3, deadline=60)
        assert bob.seat == 1
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    again, lines = host(tmp_path)
    try:
        second = parse_invite(lines[0])
        assert second.code == first.code  # the same room, resumed from the data folder
        bob_again, view = play_random(
            second.server, second.code, "Bob", token=bob.token, deadline=90
        )
        assert bob_again.seat == 1 and view["result"] is not None
        code, out, err = finish(again)
    finally:
        if again.poll() is None:
            again.kill()
    assert code == 0, err
    assert out.splitlines()[0] == f"your seat 1 in room {first.code} again (--new: a new room)"
    assert "seat 1: the game is over" in out
    # The game is over: the next host opens a new room.
    newer, lines = host(tmp_path, "--seats", "@remote,@easy")
    try:
        assert parse_invite(lines[0]).code != first.code
        assert finish(newer)[0] == 0
    finally:
        if newer.poll() is None:
            newer.kill()


def test_host_new_opens_a_new_room_though_the_last_is_not_over(tmp_path):
    proc, lines = host(tmp_path)
    try:
        code = parse_invite(lines[0]).code
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    again, lines = host(tmp_path, "--new")
    try:
        assert parse_invite(lines[0]).code != code
    finally:
        again.send_signal(signal.SIGTERM)
        returncode, out, _err = finish(again)
    assert returncode == 0 and "again" not in out


@pytest.mark.parametrize("command", ["serve", "host"])
def test_sigterm_tells_every_player_the_host_has_left(tmp_path, command):
    if command == "serve":
        proc, lines = start(tmp_path, "serve", "--port", "0")
        server = lines[0].split()[2]
        with connect(server) as ws:
            send(ws, "create", seats=["@remote", "@remote"])
            code = receive(ws)["room"]
    else:
        proc, lines = start(tmp_path, "host", "--headless", "--port", "0")
        invite = parse_invite(lines[0])
        server, code = invite.server, invite.code
    try:
        with connect(server) as ws:
            send(ws, "join", room=code, name="Bob")
            assert receive(ws)["type"] == "joined"
            proc.send_signal(signal.SIGTERM)
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    receive(ws, timeout=20)
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == 1001
        assert closed.value.rcvd.reason == protocol.SERVER_CLOSING
        assert proc.wait(20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()


def test_join_seat_code_takes_the_seat_back_from_another_data_folder(tmp_path):
    proc, lines = start(
        tmp_path / "host", "host", "--headless", "--port", "0", "--seats", "@remote,@easy"
    )
    try:
        invite = parse_invite(lines[0])
        with connect(invite.server) as ws:  # Bob's first computer: its seat, then it goes
            send(ws, "join", room=invite.code, name="Bob")
            code = receive(ws)["seat_code"]
        env = dict(
            os.environ,
            BLUEPRINTS3D_HOME=str(tmp_path / "elsewhere"),
            LANGUAGE="en",
            PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
        )
        argv = [sys.executable, "-m", "blueprints3d", "join", lines[0], "--headless"]
        argv += ["--bot", "random", "--seat-code", code.lower()]
        done = subprocess.run(argv, env=env, cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert "seat 1: the game is over" in done.stdout
        bad = subprocess.run(
            [*argv[:-1], "OOOOOO"], env=env, cwd=ROOT, capture_output=True, text=True, timeout=60
        )
        assert bad.returncode == 2 and "not a seat code" in bad.stderr
        assert "Traceback" not in bad.stderr
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(20)
