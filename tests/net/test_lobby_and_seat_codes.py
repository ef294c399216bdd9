"""Friends find each other: a lobby of open public rooms (never a private one), a seat code that
takes an away seat back from another machine (and nothing else), and a server that stops says
so, in words a client tells from any other close."""

from __future__ import annotations

import json
import time

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from blueprints3d.files.savefile import game_bytes
from blueprints3d.net import protocol
from blueprints3d.net.client import list_rooms, play_random, receive, send
from blueprints3d.net.connection import CLOSED, CONNECTED, HOST_LEFT, RECONNECTING, Connection
from blueprints3d.net.incoming import BadServer, NetError
from blueprints3d.net.lobby import read_rooms
from blueprints3d.net.local_server import LocalServer
from blueprints3d.net.room import Room, load_rooms
from blueprints3d.net.server import MAX_ERRORS


@pytest.fixture
def running(tmp_path):
    r = LocalServer(tmp_path, port=0)
    yield r
    r.stop()


def ask(url: str, kind: str, **fields) -> dict:
    with connect(url) as ws:
        send(ws, kind, **fields)
        return receive(ws, timeout=10)


def create(url: str, seats, **fields) -> str:
    answer = ask(url, "create", seats=list(seats), **fields)
    assert answer["type"] == "created", answer
    return answer["room"]


def join(ws, room: str, name: str, **fields) -> dict:
    send(ws, "join", room=room, name=name, **fields)
    return receive(ws, timeout=10)


# -- 1. the lobby -------------------------------------------------------------------------------


def test_the_lobby_lists_open_public_rooms_only(running):
    url = running.url
    private = create(url, ["@remote", "@remote"])
    public = create(url, ["Ann", "@remote", "@easy"], public=True, language="pt-BR")
    full = create(url, ["@remote", "@easy"], public=True)
    with connect(url) as ws:
        assert join(ws, full, "Zed")["type"] == "joined"  # its one person seat taken: not open
        rooms = list_rooms(url)
    assert [r.code for r in rooms] == [public]
    (room,) = rooms
    assert (room.host, room.free, room.seats, room.language) == ("Ann", 2, 3, "pt-BR")
    assert 0 <= room.waiting < 60
    assert room.server == url and room.url == f"{url}/{public}"
    assert private not in json.dumps(ask(url, "list"))
    answer = ask(url, "list")
    assert answer["type"] == "rooms"
    assert set(answer["rooms"][0]) == {"room", "host", "free", "seats", "language", "waiting"}


def test_a_room_leaves_the_lobby_once_its_seats_are_taken(running):
    url = running.url
    code = create(url, ["@remote", "@remote"], public=True)
    with connect(url) as a, connect(url) as b:
        join(a, code, "Ann")
        assert [r.free for r in list_rooms(url)] == [1]
        join(b, code, "Bob")
        assert list_rooms(url) == []


def test_create_refuses_a_bad_public_or_language(running):
    for fields in ({"public": "yes"}, {"language": "english!"}, {"language": 7}):
        answer = ask(running.url, "create", seats=["@remote", "@easy"], **fields)
        assert answer["type"] == "error", fields


def test_the_lobby_answer_is_bounded_and_its_asking_rate_limited(tmp_path):
    folder = tmp_path / "rooms"
    folder.mkdir()
    for k in range(protocol.MAX_LISTED + 5):
        room = Room.create(["@remote", "@easy"], k, folder, public=True)
        room.save()
    r = LocalServer(folder, port=0)
    try:
        with connect(r.url) as ws:
            send(ws, "list")
            first = receive(ws)
            send(ws, "list")  # at once again: refused, one line
            second = receive(ws)
        assert len(first["rooms"]) == protocol.MAX_LISTED
        assert second["type"] == "error" and "once a second" in second["error"]
    finally:
        r.stop()


def test_serve_public_url_gives_each_listed_room_its_join_address(tmp_path):
    from blueprints3d.net.server import GameServer

    server = GameServer(tmp_path, public_url="wss://example.org/blueprints")
    room = Room.create(["Ann", "@remote"], 1, tmp_path, public=True)
    server.rooms[room.code] = room
    from blueprints3d.net.lobby import listing

    (entry,) = listing(server.rooms.values(), time.time(), server.public_url)
    assert entry["url"] == f"wss://example.org/blueprints/{room.code}"
    (read,) = read_rooms(protocol.encode("rooms", rooms=[entry]), "ws://127.0.0.1:1")
    assert read.server == "wss://example.org/blueprints"


@pytest.mark.parametrize(
    "rooms",
    [
        "nope",
        [{"room": "ABCDEF", "host": "Ann", "free": 1, "seats": 9, "waiting": 0}],
        [{"room": "ABCDEF", "host": "Ann", "free": 0, "seats": 2, "waiting": 0}],
        [{"room": "AB/../", "host": "Ann", "free": 1, "seats": 2, "waiting": 0}],
        [{"room": "ABCDEF", "host": "A\x1b[2J", "free": 1, "seats": 2, "waiting": 0}],
        [{"room": "ABCDEF", "host": "Ann", "free": 1, "seats": 2, "waiting": -1}],
        [{"room": "ABCDEF", "host": "Ann", "free": 1, "seats": 2, "waiting": 0, "language": "x"}],
        [{"room": "ABCDEF", "host": "Ann", "free": 1, "seats": 2, "waiting": 0, "url": "http://x"}],
        [
            {
                "room": "ABCDEF",
                "host": "Ann",
                "free": 1,
                "seats": 2,
                "waiting": 0,
                "url": "ws://evil/OTHER",
            }
        ],
        [{"room": "ABCDEF", "host": "Ann", "free": 1, "seats": 2, "waiting": 0}] * 51,
    ],
)
def test_a_bad_lobby_answer_is_one_clear_error(rooms):
    with pytest.raises(BadServer):
        read_rooms(protocol.encode("rooms", rooms=rooms), "ws://127.0.0.1:1")


def test_an_older_server_without_a_lobby_is_one_line(running, monkeypatch):
    # What a server that knows no "list" answers: its error for an unknown type.
    error = protocol.encode("error", error='"type" must be create, join, rejoin, watch or act')
    with pytest.raises(NetError, match="refused the list"):
        read_rooms(error, running.url)
    with pytest.raises(NetError, match="could not reach"):
        list_rooms("ws://127.0.0.1:1", timeout=2)


# -- 2. seat codes ------------------------------------------------------------------------------


def test_a_seat_code_takes_an_away_seat_back_and_nothing_else(running):
    url = running.url
    code = create(url, ["@remote", "@remote"])
    with connect(url) as bob:
        joined = join(bob, code, "Bob")
        assert protocol.is_seat_code(joined["seat_code"])
        seat_code, old_token = joined["seat_code"], joined["token"]
        with connect(url) as thief:  # Bob is connected: his seat cannot be taken
            refused = join(thief, code, "Eve", seat_code=seat_code)
            assert refused["type"] == "error" and "being played now" in refused["error"]
    time.sleep(0.3)  # Bob's first computer has gone
    with connect(url) as elsewhere:  # Bob, on another machine, with his seat code alone
        again = join(elsewhere, code, "Bob", seat_code=seat_code.lower())
        assert again["type"] == "joined" and again["seat"] == joined["seat"]
        assert again["token"] != old_token and again["seat_code"] == seat_code
    refused = ask(url, "rejoin", room=code, token=old_token)  # the old token opens it no more
    assert refused["type"] == "error"
    # The other seat's code went to nobody else: joined messages carry their own seat's code.
    with connect(url) as ann:
        other = join(ann, code, "Ann")
        assert other["seat_code"] != seat_code


def test_wrong_seat_codes_count_toward_the_error_limit(running):
    code = create(running.url, ["@remote", "@remote"])
    with connect(running.url) as ws, pytest.raises(ConnectionClosed) as closed:
        for _k in range(MAX_ERRORS + 1):
            answer = join(ws, code, "Eve", seat_code="ZZZZZZ")
            assert answer["type"] == "error" and "seat code" in answer["error"]
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    answer = ask(running.url, "join", room=code, name="Eve", seat_code="not a code")
    assert answer["type"] == "error" and "seat_code" in answer["error"]


def test_seat_codes_are_saved_and_an_older_room_file_gets_them(tmp_path):
    room = Room.create(["@remote", "@remote", "@easy"], 5, tmp_path)
    codes = [s.seat_code for s in room.seats]
    assert all(codes[:2]) and codes[2] is None and codes[0] != codes[1]
    room.save()
    assert [s.seat_code for s in Room.load(room.path).seats] == codes
    meta = room.meta()  # as an older server wrote it: no seat codes, no lobby fields
    for seat in meta["seats"]:
        del seat["seat_code"]
    for key in ("public", "language", "created"):
        del meta[key]
    room.path.write_bytes(game_bytes(room.state, meta))
    from blueprints3d.net.server import GameServer

    server = GameServer(tmp_path)  # an older file loads, and its new codes are saved at once
    loaded = server.rooms[room.code]
    assert loaded.seats[0].seat_code and not loaded.public
    assert load_rooms(tmp_path).rooms[room.code].seats[0].seat_code == loaded.seats[0].seat_code


def test_join_seat_code_plays_the_seat_from_another_data_folder(running):
    code = create(running.url, ["@remote", "@easy"], seed=3)
    seat, _view = play_random(running.url, code, "Bob", stop_after=2)
    assert seat.seat_code
    again, view = play_random(running.url, code, "Bob", seat_code=seat.seat_code)
    assert again.seat == seat.seat and view["result"] is not None


# -- 3. the host leaving is said ----------------------------------------------------------------


def test_a_stopping_server_closes_every_connection_saying_so(tmp_path):
    r = LocalServer(tmp_path, port=0)
    code = create(r.url, ["@remote", "@remote"])
    with connect(r.url) as ws:
        join(ws, code, "Ann")
        r.stop()
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                receive(ws, timeout=10)
    assert closed.value.rcvd is not None
    assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (1001, protocol.SERVER_CLOSING)


def test_the_table_link_says_the_host_left_and_keeps_trying(tmp_path):
    r = LocalServer(tmp_path, port=0)
    code = create(r.url, ["@remote", "@remote"])
    conn = Connection(r.url, code, "Ann").start()
    try:
        seen = []
        deadline = time.monotonic() + 10
        while conn.status != CONNECTED and time.monotonic() < deadline:
            seen += conn.poll()
            time.sleep(0.05)
        assert conn.seat_code and protocol.is_seat_code(conn.seat_code)
        r.stop()
        deadline = time.monotonic() + 10
        statuses = []
        while not statuses and time.monotonic() < deadline:
            statuses = [
                i.msg for i in conn.poll() if i.kind == "status" and i.msg["status"] != CONNECTED
            ]
            time.sleep(0.05)
        assert statuses[0]["status"] == RECONNECTING
        assert statuses[0]["cause"] == HOST_LEFT and "host has left" in statuses[0]["reason"]
        assert conn.cause == HOST_LEFT and conn.status in (RECONNECTING, CLOSED)
    finally:
        conn.close()
