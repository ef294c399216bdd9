"""The client against a hostile server: every message from the network is
untrusted input. The headless client (`join URL --headless`) and the table's link
(``net/connection.py``) each face a small fake server (``support/hostile_server.py``, on
127.0.0.1) sending each kind of bad message: the session ends with one line naming the problem,
never a traceback, never a hang; a real server killed and restarted under a headless seat is
joined again with its token and the game finishes."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from blueprints3d import cli
from blueprints3d.net import client, connection, incoming
from blueprints3d.net.client import create_room, play_random
from blueprints3d.net.connection import CLOSED, CONNECTED, INBOX_MOST, Connection
from blueprints3d.net.local_server import LocalServer
from support.hostile_server import KINDS, PRESENCE, ROOM, HostileServer, joined, view

QUICK = 8.0  # seconds any bad kind may take to end a session, at the most

# The words each kind's one line holds (the headless client's, after "blueprints3d join: ").
SAYS = {
    "not json": "not JSON",
    "a binary frame": "binary frame",
    "a list": "not a message",
    "a string": "not a message",
    "no seat in joined": '"seat"',
    "a seat out of range": '"seat" is 7',
    "no token in joined": '"token"',
    "no view in a view": '"view" is not an object',
    "a view of the wrong type": '"view" is not an object',
    "a view of a wrong phase": "Phase",
    "a view of another seat": "not this seat's",
    "a die out of range": "IndexError",
    "a negative die": "a die in the pool is -1",
    "a die value out of range": "value in the pool is 9",
    "a round of 1e999": "OverflowError",
    "a negative turn": '"turn" is -4',
    "lying legal actions": "legal actions are not moves this seat can make",
    "legal actions that are not numbers": "a legal action is 'place'",
    "no legal action at its move": "gave no legal action",
    "a move out of range": '"moved" is 5',
    "an over game without the game": "did not send it",
    "a 100 KB frame": "over 65536 bytes",
    "deep JSON": "nested too deep",
    "a deep view": "nested too deep",
    "another protocol version": "another version",
    "an unknown type": "'surprise'",
    "an error that is not text": '"error" is not text',
    "a close at once": "closed the connection",
    "silence": "did not answer within",
    "a presence flood": "without a view",
    "an error flood": "without a view",
    "replaced": "another connection with its token",
    "a limit (1013)": "this server has too many rooms",
}


@pytest.fixture
def quick_limits(monkeypatch):
    """Short waits, so that the silent and closing servers end within a few seconds."""
    monkeypatch.setattr(client, "HANDSHAKE", 1.5)
    monkeypatch.setattr(client, "WAIT", 3.0)
    monkeypatch.setattr(client, "RETRY", (0.05, 0.1))
    monkeypatch.setattr(client, "TRIES", 3)
    monkeypatch.setattr(connection, "ANSWER", 1.5)
    monkeypatch.setattr(connection, "RETRY", (0.05, 0.1))
    monkeypatch.setattr(connection, "TRIES", 3)


# -- the headless client ----------------------------------------------------------------------


def test_every_kind_has_its_words():
    assert set(SAYS) == set(KINDS)


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_headless_client_ends_a_bad_server_with_one_line(kind, quick_limits, capsys):
    with HostileServer(KINDS[kind]()) as server:
        start = time.monotonic()
        code = cli.main(["join", server.url, "--headless", "--bot", "random"])
        took = time.monotonic() - start
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert code == 1, (kind, out, err)
    assert len(lines) == 1 and lines[0].startswith("blueprints3d join: "), err
    assert SAYS[kind] in lines[0], (kind, lines[0])
    assert "Traceback" not in err + out
    assert took < QUICK, (kind, took)


def test_the_headless_client_names_what_is_wrong():
    """A few of the lines, word for word where they matter to a player."""
    said = {}
    for kind in (
        "replaced",
        "lying legal actions",
        "a 100 KB frame",
        "a binary frame",
        "a presence flood",
        "a limit (1013)",
        "deep JSON",
    ):
        with HostileServer(KINDS[kind]()) as server, pytest.raises(incoming.NetError) as e:
            play_random(server.server, ROOM, "Ann", handshake=2, wait=3, retry=(0.05,), tries=2)
        said[kind] = str(e.value)
    assert said["replaced"] == "this seat was taken by another connection with its token"
    assert (
        said["lying legal actions"] == "the server's legal actions are not moves this seat can make"
    )
    assert said["a 100 KB frame"] == f"the server sent a message over {65536} bytes"
    assert said["a binary frame"] == "the server sent a binary frame, not a JSON text message"
    assert (
        said["a presence flood"]
        == f"the server sent {incoming.CHATTER + 1} messages in a row without a view"
    )
    assert "this server has too many rooms" in said["a limit (1013)"]
    assert said["deep JSON"] == "the server sent JSON nested too deep"


def test_a_presence_flood_between_views_is_held_to_the_wait_too(quick_limits):
    """Presence messages slower than the flood limit still do not hold the seat past its wait for
    a view: the wait runs from the last view, not from the last message."""
    steps = [joined(), view()] + [("sleep", 0.05), PRESENCE] * 60  # 3 s of chatter, 60 messages
    with HostileServer(steps) as server:
        start = time.monotonic()
        with pytest.raises(incoming.NetError):
            play_random(server.server, ROOM, "Ann", handshake=1, wait=1, retry=(0.05,), tries=1)
        assert time.monotonic() - start < 2.5 + 1.0


def test_an_overall_deadline_ends_a_slow_game():
    with HostileServer([joined(), view()]) as server:  # a view, and then nobody ever moves
        start = time.monotonic()
        with pytest.raises(incoming.NetError, match="deadline"):
            play_random(server.server, ROOM, "Ann", deadline=1.0)
        assert time.monotonic() - start < 3


def test_a_headless_seat_finishes_its_game_when_the_real_server_is_restarted_under_it(tmp_path):
    folder = tmp_path / "rooms"
    first = LocalServer(folder, port=0)
    port = first.port
    room = create_room(first.url, ["@remote", "@easy"], seed=12)
    again = None
    try:
        with ThreadPoolExecutor(1) as pool:
            game = pool.submit(play_random, first.url, room, "Ann", 4)
            end = time.monotonic() + 30
            while first.server.rooms[room].turn < 6:  # mid-round 1
                assert time.monotonic() < end and not game.done(), game.done() and game.result()
                time.sleep(0.005)
            first.stop()  # the server goes away under the seat ...
            time.sleep(0.5)
            again = LocalServer(folder, port=port)  # ... and comes back on its port
            seat, last = game.result(timeout=60)
        assert last["phase"] == "over"
        state = again.server.rooms[room].state
        assert state.is_over and seat.seat == 0
    finally:
        first.stop()
        if again is not None:
            again.stop()


# -- the table's link -------------------------------------------------------------------------


def link_until_closed(server: HostileServer, seconds: float = QUICK) -> Connection:
    conn = Connection(server.server, ROOM, "Ann").start()
    end = time.monotonic() + seconds
    while conn.status != CLOSED and time.monotonic() < end:
        time.sleep(0.02)
    return conn


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_tables_link_closes_on_a_bad_server_with_its_reason(kind, quick_limits):
    with HostileServer(KINDS[kind]()) as server:
        conn = link_until_closed(server)
        try:
            assert conn.status == CLOSED, (kind, conn.status, conn.poll())
            assert conn.reason and "\n" not in conn.reason, kind
            assert conn.inbox.qsize() <= INBOX_MOST
            conn._thread.join(5)
            assert not conn.alive  # the thread ended, and said why
            said = [i for i in conn.poll(1000) if i.kind == "status"]
            assert said[-1].msg["status"] == CLOSED and said[-1].msg["reason"] == conn.reason
        finally:
            conn.close()


def test_the_link_does_not_take_a_replaced_seat_back(quick_limits):
    with HostileServer(KINDS["replaced"]()) as server:
        conn = link_until_closed(server)
        try:
            assert conn.status == CLOSED
            assert conn.reason == "this seat was taken by another connection with its token"
            assert server.connections == 1  # no reconnection
        finally:
            conn.close()


def test_a_silent_server_is_a_failed_try_and_the_link_says_so_after_its_tries(quick_limits):
    with HostileServer(KINDS["silence"]()) as server:
        conn = link_until_closed(server, 15)
        try:
            assert conn.status == CLOSED
            assert conn.reason == f"no answer from the server after {connection.TRIES} tries"
            assert server.connections == connection.TRIES + 1
        finally:
            conn.close()


def test_a_server_that_drops_a_seat_is_rejoined_with_its_token(quick_limits):
    """Not every close is the end: a connection that drops after a view is made again, with the
    seat's token, and the game goes on."""

    def script(n: int):
        return [joined(), view(), ("close", 1001, "going away")] if n == 0 else [joined(), view()]

    with HostileServer(script) as server:
        conn = Connection(server.server, ROOM, "Ann").start()
        try:
            end = time.monotonic() + QUICK
            while server.connections < 2 or conn.status != CONNECTED:
                assert time.monotonic() < end, conn.status
                time.sleep(0.02)
            assert server.firsts[1]["type"] == "rejoin" and server.firsts[1]["token"] == conn.token
        finally:
            conn.close()


def test_a_flood_of_views_never_grows_the_inbox_past_its_bound(quick_limits):
    """Views, each a good one, faster than the table takes them (the menu pauses its polls): the
    oldest go, the link's statuses stay."""
    with HostileServer([joined(), ("repeat", view(), 600)]) as server:
        conn = Connection(server.server, ROOM, "Ann").start()
        try:
            end = time.monotonic() + 30
            while conn.inbox.dropped < 600 - INBOX_MOST:
                assert time.monotonic() < end, conn.inbox.dropped
                assert conn.inbox.qsize() <= INBOX_MOST
                time.sleep(0.05)
            got = conn.poll(10_000)
            assert len(got) <= INBOX_MOST
            assert [i.msg["status"] for i in got if i.kind == "status"] == [CONNECTED]
            assert conn.status == CONNECTED
        finally:
            conn.close()


def test_a_server_that_drops_the_seat_again_and_again_is_given_up_after_its_tries():
    """The same view on every connection, then a close: no move is ever made, so the headless
    seat stops after its tries, with one line (a "going away" close alone is worth a try)."""
    with (
        HostileServer([joined(), view(), ("close", 1001, "going away")]) as server,
        pytest.raises(incoming.NetError) as e,
    ):
        play_random(server.server, ROOM, "Ann", handshake=2, retry=(0.05,), tries=3)
    assert (
        str(e.value) == "the connection to the server was lost 3 times in a row with no move made"
    )
    assert server.connections == 4 and all(f["type"] == "rejoin" for f in server.firsts[1:])
