"""A server you can leave running: damaged and lying room files set aside while the
others are served, computers that move after a restart, seeds nobody chooses, a limit on every
resource, no temp files left, names and tokens that cannot be confused, saves off the loop."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from blueprints3d.files.savefile import load_game
from blueprints3d.net import protocol
from blueprints3d.net.local_server import LocalServer
from blueprints3d.net.room import Room, load_rooms
from blueprints3d.net.server import GameServer, Limits

ROOT = Path(__file__).resolve().parents[2]


def saved_room(folder: Path, specs=("@remote", "@easy"), seed=3) -> Room:
    room = Room.create(list(specs), seed, folder)
    room.save()
    return room


def ask(url: str, kind: str, **fields) -> dict:
    with connect(url) as ws:
        ws.send(protocol.encode(kind, **fields))
        return json.loads(ws.recv(timeout=10))


def until(ws, pred, seconds=20.0) -> dict:
    """The first message that ``pred`` accepts, within ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        msg = json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic())))
        if pred(msg):
            return msg


# -- 1. damaged room files ------------------------------------------------------------------


def _damage(folder: Path, good: Path) -> dict[str, str]:
    raw = good.read_bytes()
    data = json.loads(raw)
    kinds = {}

    def write(name, content):
        (folder / f"room-{name}.json").write_bytes(content)
        kinds[f"room-{name}.json"] = name

    write("truncated", raw[: len(raw) // 2])
    write("empty", b"")
    write("notjson", b"this is not json")
    flipped = bytearray(raw)
    flipped[raw.index(b'"log"') + 8] ^= 0x01  # one byte of the move log changed
    write("onebyte", bytes(flipped))
    write("format2", json.dumps({**data, "format": 2}).encode())
    write("huge", b'{"a": "' + b"x" * (20 * 1024 * 1024) + b'"}')
    write("nested", b"[" * 100_000 + b"]" * 100_000)
    (folder / "room-adir.json").mkdir()
    kinds["room-adir.json"] = "adir"
    os.mkfifo(folder / "room-fifo.json")
    kinds["room-fifo.json"] = "fifo"
    os.symlink(folder / "room-loop.json", folder / "room-loop.json")
    kinds["room-loop.json"] = "loop"
    return kinds


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX's")
def test_damaged_room_files_are_set_aside_and_every_other_room_served(tmp_path, caplog):
    good = saved_room(tmp_path)
    kinds = _damage(tmp_path, good.path)
    with caplog.at_level("WARNING", logger="blueprints3d.serve"):
        server = GameServer(tmp_path)
    assert list(server.rooms) == [good.code]
    damaged = tmp_path / "damaged"
    for name in kinds:
        assert not os.path.lexists(tmp_path / name), name
        moved = [
            p
            for p in damaged.iterdir()
            if p.name.startswith(name + ".") and not p.name.endswith(".txt")
        ]
        notes = [
            p
            for p in damaged.iterdir()
            if p.name.startswith(name + ".") and p.name.endswith(".reason.txt")
        ]
        assert len(moved) == 1 and len(notes) == 1 and notes[0].read_text().strip(), name
        said = [r for r in caplog.records if name in r.getMessage()]
        assert len(said) == 1, name  # said once
    # Started again: nothing more to set aside, nothing said.
    caplog.clear()
    again = GameServer(tmp_path)
    assert list(again.rooms) == [good.code] and not caplog.records


def test_serve_says_a_damaged_room_and_serves_the_others(tmp_path):
    rooms = tmp_path / "rooms"
    rooms.mkdir()
    good = saved_room(rooms)
    (rooms / "room-broken.json").write_text("{")
    env = dict(
        os.environ,
        BLUEPRINTS3D_HOME=str(tmp_path),
        LANGUAGE="en",
        PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "blueprints3d", "serve", "--port", "0"],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = proc.stdout.readline()
        assert line.startswith("serving on ws://127.0.0.1:") and "(1 room resumed)" in line, line
        url = line.split()[2]
        assert ask(url, "watch", room=good.code)["type"] == "view"
    finally:
        proc.terminate()
        _out, err = proc.communicate(timeout=30)
    said = [x for x in err.splitlines() if "room-broken.json" in x]
    assert len(said) == 1 and said[0].startswith("blueprints3d serve: ") and "damaged" in said[0]
    assert (rooms / "damaged").is_dir() and not (rooms / "room-broken.json").exists()


# -- 2. a computer to move after a restart ----------------------------------------------------


def test_a_resumed_room_whose_computer_is_to_move_moves(tmp_path):
    room = Room.create(["@remote", "@easy", "@easy", "@easy"], 9, tmp_path)
    seat, token = room.join("Ann")
    while room.bot_to_move() is None:  # the person's move (take, then place): a computer's next
        room.act(seat, room.state.legal_actions()[0], room.turn)
    room.save()
    at = room.turn
    assert room.bot_to_move() is not None
    r = LocalServer(tmp_path, port=0, keep_rooms=False)  # a restart on the same folder
    try:
        with connect(r.url) as ws:
            ws.send(protocol.encode("rejoin", room=room.code, token=token))
            mine = until(ws, lambda m: m.get("type") == "view" and m["legal"])
            assert mine["turn"] > at  # the computers moved, and it is Ann's move again
    finally:
        r.stop()


def test_a_watched_room_moves_on_too(tmp_path):
    room = Room.create(["@remote", "@easy"], 4, tmp_path)
    seat, token = room.join("Ann")
    while room.bot_to_move() is None:
        room.act(seat, room.state.legal_actions()[0], room.turn)
    room.save()
    at = room.turn
    r = LocalServer(tmp_path, port=0, keep_rooms=False)
    try:
        with connect(r.url) as ws:
            ws.send(protocol.encode("watch", room=room.code))
            assert until(ws, lambda m: m.get("type") == "view" and m["turn"] > at)
    finally:
        r.stop()


# -- 3. the seed -----------------------------------------------------------------------------


def test_the_server_draws_the_seed_and_refuses_a_players(tmp_path):
    r = LocalServer(tmp_path, port=0, keep_rooms=False, allow_seed=False)
    try:
        refused = ask(r.url, "create", seats=["@remote", "@easy"], seed=7)
        assert refused["type"] == "error" and "seed" in refused["error"]
        assert not r.server.rooms
        codes = [ask(r.url, "create", seats=["@remote", "@easy"])["room"] for _ in range(2)]
        seeds = [r.server.rooms[c].state.seed for c in codes]
        assert seeds[0] != seeds[1] and max(seeds) >= 2**32  # 64 bits, from secrets
    finally:
        r.stop()
    allowed = LocalServer(
        tmp_path, port=0, keep_rooms=False, allow_seed=True
    )  # tests, a table's own
    try:
        code = ask(allowed.url, "create", seats=["@remote", "@easy"], seed=7)["room"]
        assert allowed.server.rooms[code].state.seed == 7
    finally:
        allowed.stop()


def test_serve_help_lists_every_limit_and_the_seed_option(capsys):
    from blueprints3d.cli import main

    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    out = capsys.readouterr().out
    for option in (
        "--allow-seed",
        "--max-rooms",
        "--max-rooms-per-address",
        "--max-connections-per-address",
        "--idle-timeout",
        "--room-days",
        "--finished-hours",
        "--max-thinking",
    ):
        assert option in out, option


# -- 4. limits -------------------------------------------------------------------------------


def _refused_and_closed(ws) -> dict:
    msg = json.loads(ws.recv(timeout=10))
    with pytest.raises(ConnectionClosed) as closed:
        ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
    return msg


def test_rooms_per_address_and_in_all_have_limits(tmp_path):
    r = LocalServer(
        tmp_path,
        port=0,
        keep_rooms=False,
        allow_seed=False,
        limits=Limits(rooms=3, rooms_per_address=2),
    )
    try:
        for _ in range(2):
            assert ask(r.url, "create", seats=["@remote", "@remote"])["type"] == "created"
        with connect(r.url) as ws:
            ws.send(protocol.encode("create", seats=["@remote", "@remote"]))
            msg = _refused_and_closed(ws)
        assert (
            msg["type"] == "error"
            and "2 rooms" in msg["error"]
            and msg["message"]["params"]["n"] == 2
        )
        assert len(r.server.rooms) == 2
        r.server.created_by.clear()  # as if another address: the limit in all is next
        assert ask(r.url, "create", seats=["@remote", "@remote"])["type"] == "created"
        with connect(r.url) as ws:
            ws.send(protocol.encode("create", seats=["@remote", "@remote"]))
            msg = _refused_and_closed(ws)
        assert "as many rooms as it can (3)" in msg["error"] and len(r.server.rooms) == 3
    finally:
        r.stop()


def test_connections_per_address_have_a_limit(tmp_path):
    r = LocalServer(tmp_path, port=0, keep_rooms=False, limits=Limits(connections_per_address=3))
    try:
        with contextlib.ExitStack() as stack:
            held = [stack.enter_context(connect(r.url)) for _ in range(3)]
            deadline = time.monotonic() + 5
            while len(r.server.live) < 3 and time.monotonic() < deadline:
                time.sleep(0.01)
            with connect(r.url) as fourth:
                msg = _refused_and_closed(fourth)
            assert msg["type"] == "error" and "at most 3" in msg["error"] and len(held) == 3
        deadline = time.monotonic() + 5
        while r.server.live and time.monotonic() < deadline:
            time.sleep(0.01)
        assert (
            ask(r.url, "create", seats=["@remote", "@remote"])["type"] == "created"
        )  # freed again
    finally:
        r.stop()


def test_behind_a_proxy_each_player_is_counted_by_the_forwarded_address(tmp_path):
    r = LocalServer(tmp_path, port=0, keep_rooms=False, limits=Limits(rooms_per_address=1))
    r.server.behind_proxy = True
    try:

        def create(forwarded: str) -> dict:
            with connect(r.url, additional_headers={"X-Forwarded-For": forwarded}) as ws:
                ws.send(protocol.encode("create", seats=["@remote", "@remote"]))
                return json.loads(ws.recv(timeout=10))

        assert create("203.0.113.7")["type"] == "created"
        assert (
            create("198.51.100.1, 203.0.113.8")["type"] == "created"
        )  # the proxy's own entry counts
        assert create("203.0.113.8")["type"] == "error"  # that address has its room
        assert sorted(set(r.server.created_by.values())) == ["203.0.113.7", "203.0.113.8"]
    finally:
        r.stop()


def test_an_idle_connection_is_closed(tmp_path):
    r = LocalServer(tmp_path, port=0, keep_rooms=False, limits=Limits(idle_seconds=0.3))
    try:
        with connect(r.url) as ws:
            t0 = time.monotonic()
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1001
            assert time.monotonic() - t0 < 5
    finally:
        r.stop()


def test_untouched_and_finished_rooms_are_removed_with_their_files(tmp_path):
    server = GameServer(tmp_path, limits=Limits(room_days=7, finished_hours=24))
    old = saved_room(tmp_path, seed=1)
    fresh = saved_room(tmp_path, seed=2)
    done = saved_room(tmp_path, seed=3)
    while not done.state.is_over:
        done.state.apply(done.state.legal_actions()[0])
    done.save()
    server.rooms.update({r.code: r for r in (old, fresh, done)})
    now = time.time()
    old.touched, fresh.touched, done.touched = now - 8 * 86400, now - 6 * 86400, now - 25 * 3600
    server.sweep(wall=now)
    assert list(server.rooms) == [fresh.code]
    assert sorted(p.name for p in tmp_path.glob("room-*.json")) == [f"room-{fresh.code}.json"]


def test_a_room_needs_a_person_seat(tmp_path):
    r = LocalServer(tmp_path, port=0, keep_rooms=False)
    try:
        msg = ask(r.url, "create", seats=["@expert"] * 4)
        assert msg["type"] == "error" and "person" in msg["error"] and not r.server.rooms
    finally:
        r.stop()


def test_at_most_n_computers_think_at_once_server_wide(tmp_path, monkeypatch):
    import blueprints3d.ai as ai

    thinking, most, lock = [0], [0], threading.Lock()
    real = ai.make_bot

    class Slow:
        def __init__(self, bot):
            self.bot = bot

        def choose(self, state, seat):
            with lock:
                thinking[0] += 1
                most[0] = max(most[0], thinking[0])
            time.sleep(0.02)
            with lock:
                thinking[0] -= 1
            return self.bot.choose(state, seat)

    monkeypatch.setattr(ai, "make_bot", lambda level, seed=0: Slow(real("random", seed=seed)))
    r = LocalServer(tmp_path, port=0, keep_rooms=False, limits=Limits(thinking=2))
    try:
        rooms = [
            ask(r.url, "create", seats=["@remote", "@easy", "@easy", "@easy"])["room"]
            for _ in range(6)
        ]
        with contextlib.ExitStack() as stack:
            socks = [stack.enter_context(connect(r.url)) for _ in rooms]
            for ws, code in zip(socks, rooms, strict=True):
                ws.send(protocol.encode("join", room=code, name="Ann"))
            # Each person moves once: six rooms' computers then want to think at once.
            for ws in socks:
                mine = until(ws, lambda m: m.get("type") == "view" and m["legal"])
                ws.send(protocol.encode("act", action=mine["legal"][0], turn=mine["turn"]))
            for ws in socks:
                until(ws, lambda m: m.get("type") == "view" and m["legal"])
        assert most[0] == 2
    finally:
        r.stop()


def test_a_seat_dropped_again_and_again_leaves_one_waiting_takeover(tmp_path):
    r = LocalServer(tmp_path, port=0, keep_rooms=False)
    try:
        code = ask(r.url, "create", seats=["@remote", "@remote"], takeover=3600)["room"]
        with connect(r.url) as ws:
            ws.send(protocol.encode("join", room=code, name="Ann"))
            token = until(ws, lambda m: m.get("type") == "joined")["token"]
        for _ in range(20):
            with connect(r.url) as ws:
                ws.send(protocol.encode("rejoin", room=code, token=token))
                until(ws, lambda m: m.get("type") == "view")
        time.sleep(0.2)
        waiting = [t for t in r.server._tasks if "_take_over" in repr(t.get_coro())]
        assert len(waiting) <= 1
    finally:
        r.stop()


# -- 5. temp files ---------------------------------------------------------------------------


def test_temp_files_of_killed_saves_are_removed_at_start(tmp_path):
    good = saved_room(tmp_path)
    for k in range(3):
        (tmp_path / f".room-{good.code}.json.{k}abc.tmp").write_bytes(b"half")
    (tmp_path / "notes.tmp").write_text("not ours")
    GameServer(tmp_path)
    assert not list(tmp_path.glob(".room-*.tmp")) and (tmp_path / "notes.tmp").exists()


# -- 6. room files that load but lie -----------------------------------------------------------


def _rewrite(path: Path, change) -> None:
    from blueprints3d.files.savefile import save_game

    state, meta = load_game(path)
    change(meta)
    save_game(path, state, meta)  # checksummed anew: a valid save file that lies


@pytest.mark.parametrize("lie", ["takeover", "seats", "level", "token", "name", "all-bots"])
def test_a_room_file_that_lies_is_set_aside(tmp_path, lie):
    room = saved_room(tmp_path, specs=("@remote", "@easy"))
    changes = {
        "takeover": lambda m: m.update(takeover="soon"),
        "seats": lambda m: m.update(seats=m["seats"][:1]),
        "level": lambda m: m["seats"][1].update(kind="grandmaster"),
        "token": lambda m: m["seats"][0].update(token=" padded "),
        "name": lambda m: m["seats"][0].update(name="Someone else"),
        "all-bots": lambda m: m["seats"][0].update(kind="easy"),
    }
    _rewrite(room.path, changes[lie])
    loaded = load_rooms(tmp_path)
    assert loaded.rooms == {} and len(loaded.set_aside) == 1
    assert (tmp_path / "damaged").is_dir() and not room.path.exists()


def test_a_room_is_named_by_its_file_never_by_what_it_says(tmp_path):
    folder = tmp_path / "data" / "rooms"
    folder.mkdir(parents=True)
    room = saved_room(folder)
    _rewrite(room.path, lambda m: m.update(room="x/../../../escape"))
    other = saved_room(folder, seed=5)
    _rewrite(other.path, lambda m: m.update(room=room.code))  # claims the first one's code
    loaded = load_rooms(folder)
    assert sorted(loaded.rooms) == sorted([room.code, other.code]) and not loaded.set_aside
    resumed = loaded.rooms[room.code]
    resumed.save()  # written where it was read, nowhere else
    assert resumed.path == room.path
    assert not [p for p in tmp_path.rglob("*") if "escape" in p.name]


# -- 7. names and tokens ------------------------------------------------------------------------


def test_created_seats_never_share_a_name():
    a = Room.create(["Computer 2", "@easy"], 1)
    assert len(set(a.state.names)) == 2 and a.state.names[1] == "Computer 2"
    b = Room.create(["Ann", "Ann", "@easy"], 1)
    assert b.state.names[:2] == ["Ann", "Ann 2"]


def test_a_token_on_a_second_connection_closes_the_first_with_a_word(tmp_path):
    r = LocalServer(tmp_path, port=0, keep_rooms=False)
    try:
        code = ask(r.url, "create", seats=["@remote", "@remote"])["room"]
        with contextlib.ExitStack() as stack:
            first = stack.enter_context(connect(r.url))
            first.send(protocol.encode("join", room=code, name="Ann"))
            token = until(first, lambda m: m.get("type") == "joined")["token"]
            until(first, lambda m: m.get("type") == "view")
            with connect(r.url) as second:
                second.send(protocol.encode("rejoin", room=code, token=token))
                assert (
                    until(second, lambda m: m.get("type") in ("joined", "error"))["type"]
                    == "joined"
                )
                said = until(first, lambda m: m.get("type") == "error")
                assert "another connection took this seat" in said["error"]
                with pytest.raises(ConnectionClosed) as closed:
                    first.recv(timeout=10)
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 4001
        padded = ask(r.url, "rejoin", room=code, token=f" {token} ")
        assert padded["type"] == "error" and "token" in padded["error"]
    finally:
        r.stop()


# -- 9. the loop does no file work -------------------------------------------------------------


def test_rooms_are_saved_off_the_event_loop(tmp_path, monkeypatch):
    threads = []
    real = Room.save

    def save(self, data=None):
        threads.append(threading.current_thread().name)
        real(self, data)

    monkeypatch.setattr(Room, "save", save)
    r = LocalServer(tmp_path, port=0, keep_rooms=False)
    try:
        code = ask(r.url, "create", seats=["@remote", "@easy"])["room"]
        with connect(r.url) as ws:
            ws.send(protocol.encode("join", room=code, name="Ann"))
            mine = until(ws, lambda m: m.get("type") == "view" and m["legal"])
            ws.send(protocol.encode("act", action=mine["legal"][0], turn=mine["turn"]))
            until(ws, lambda m: m.get("type") == "view" and m["turn"] > mine["turn"])
        assert len(threads) >= 3 and "blueprints3d-server" not in threads  # never the loop's thread
        assert (tmp_path / f"room-{code}.json").exists()
    finally:
        r.stop()


def test_a_stopped_server_leaves_no_task_behind(tmp_path):
    async def run():
        server = GameServer(tmp_path, allow_seed=True)
        task = asyncio.get_running_loop().create_task(server.serve_forever("127.0.0.1", 0))
        await asyncio.sleep(0.2)
        assert server._tasks  # the sweeper at least
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        await asyncio.sleep(0)
        assert all(t.done() for t in server._tasks) or not server._tasks

    asyncio.run(run())


# -- the load: each seat's view written from parts made once --------------------------------------


def test_a_view_with_its_rounds_spliced_in_is_the_view_itself():
    import random
    from blueprints3d.engine.state import SPECTATOR
    from blueprints3d.net import wire

    rng = random.Random(39)
    room = Room.create(["@remote", "@remote", "@remote"], 12)
    for k in range(3):
        room.join(f"P{k}")
    checked_rounds = set()
    while True:
        for seat in (0, 1, 2, SPECTATOR):
            sent = json.loads(room.message_for(seat))
            assert sent["view"] == json.loads(json.dumps(wire.view_data(room.state.view(seat))))
            checked_rounds.add(len(sent["view"]["round_results"]))
        if room.state.is_over:
            break
        room.act(room.state.current_player, rng.choice(room.state.legal_actions()), room.turn)
    assert checked_rounds == {0, 1, 2, 3}
