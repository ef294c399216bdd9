"""The server over loopback: whole games of headless clients and the server's computers; nothing
of another seat on the wire; hostile clients refused one message at a time while another room
plays on, and closed by the limit each breaks; a room resumed from its save by a new server."""

from __future__ import annotations

import json
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.frames import CloseCode
from websockets.protocol import State
from websockets.sync.client import connect

from blueprints3d.engine.state import Phase
from blueprints3d.files.savefile import replay
from blueprints3d.net import protocol
from blueprints3d.net.client import create_room, play_random, receive, send
from blueprints3d.net.local_server import LocalServer
from blueprints3d.net.server import BURST, CLOSE_POLICY, MAX_ERRORS, RATE, Limits

# A flooding client reads all the server sends (``max_queue=None``), so it sees the server's close
# at once and stops; one that stopped reading would have its close reply queued behind its unread
# messages, and the server would end the connection only at its close timeout (10 s).
CLOSE_WAIT = 20.0


def Running(folder=None, on_send=None):
    """A GameServer on an ephemeral loopback port, in a thread with its own event loop."""
    return LocalServer(folder, port=0, on_send=on_send, keep_rooms=False)


@pytest.fixture
def running(tmp_path):
    r = Running(tmp_path)
    yield r
    r.stop()


def closed_by(ws, messages, every=0.0, timeout=CLOSE_WAIT):
    """Send ``messages``, ``every`` seconds apart and only while the server has not closed the
    connection, then read until it is closed: the close frame the server sent, and what it said
    before it (a send into the closed connection ends it too)."""
    said = []
    with pytest.raises(ConnectionClosed) as closed:
        for text in messages:
            if ws.state is not State.OPEN:
                break
            ws.send(text)
            time.sleep(every)
        while True:
            said.append(receive(ws, timeout=timeout))
    assert closed.value.rcvd is not None, "the connection ended without the server's close"
    return closed.value.rcvd, said


def play_all(url, room, names):
    with ThreadPoolExecutor(len(names)) as pool:
        futures = [pool.submit(play_random, url, room, n, k) for k, n in enumerate(names)]
        return [f.result(timeout=120) for f in futures]


def test_a_whole_game_of_headless_clients_and_the_servers_computers(running, tmp_path):
    room = create_room(running.url, ["@remote", "@remote", "@easy", "@medium"], seed=11)
    results = play_all(running.url, room, ["Ann", "Bob"])
    game = running.server.rooms[room]
    assert game.state.phase is Phase.OVER
    # Every client saw the end, with the engine's result; each its own seat.
    assert sorted(seat.seat for seat, _v in results) == [0, 1]
    for seat, view in results:
        assert view["result"] == game.state.view(seat.seat).to_dict()["result"]
    # The same seed and actions played locally end the same way.
    local = replay(4, 11, 0, list(game.state.names), list(game.state.log))
    assert local.result().victory_points == game.state.result().victory_points
    # Saved after every move, in the save format.
    assert (tmp_path / f"room-{room}.json").is_file()


def test_nothing_of_another_seat_goes_on_the_wire(tmp_path):
    sent: list[tuple[int, dict]] = []
    r = Running(tmp_path, on_send=lambda room, seat, text: sent.append((seat, json.loads(text))))
    try:
        room = create_room(r.url, ["@remote"] * 4, seed=5)
        play_all(r.url, room, ["A", "B", "C", "D"])
    finally:
        r.stop()
    assert len(sent) > 100
    for seat, msg in sent:
        view = msg["view"]
        assert view["player"] == seat
        over = view["phase"] == "over"
        for other in range(4):
            if other != seat and not over:
                assert view["blueprints"][other] is None and view["buildings"][other] is None
        assert "bag" not in view and isinstance(view["bag_count"], int)  # its count, not its dice
        if view["current_player"] != seat:
            assert msg["legal"] == []
        moved = msg.get("moved")
        if moved is not None and moved["seat"] != seat:
            assert "cell" not in moved  # which die another seat took, never where it went
        assert ("game" in msg) == over  # the whole game (the seed, the log) only at the end
    assert any("cell" in m.get("moved", {}) for _s, m in sent)  # a seat is told its own space


def test_hostile_messages_get_one_error_each_and_another_room_plays_on(running):
    busy = create_room(running.url, ["@remote", "@easy"], seed=2)
    with ThreadPoolExecutor(1) as pool:
        game = pool.submit(play_random, running.url, busy, "Ann", 1)
        target = create_room(running.url, ["@remote", "@remote"], seed=3)
        with connect(running.url, max_size=None) as ws:
            for bad in (
                "not json",
                "[1, 2]",
                json.dumps({"v": 9, "type": "join"}),
                json.dumps({"v": 1, "type": "rule the world"}),
                json.dumps({"v": 1, "type": "act", "action": 0, "turn": 0}),  # no seat yet
                json.dumps({"v": 1, "type": "join", "room": "nope", "name": "X"}),
                json.dumps({"v": 1, "type": "rejoin", "room": target, "token": "stolen"}),
            ):
                ws.send(bad)
                assert receive(ws)["type"] == "error"
            send(ws, "join", room=target, name="Eve")
            joined = receive(ws)
            assert joined["type"] == "joined" and joined["seat"] == 0
            view = receive(ws)
            # Out of turn (seat 1 is not ours), stale and illegal moves: refused, nothing changed.
            turn = view["turn"]
            send(ws, "act", action=10**5, turn=turn)
            assert receive(ws)["type"] == "error"
            send(ws, "act", action=view["legal"][0], turn=turn + 7)
            assert receive(ws)["type"] == "error"
            assert running.server.rooms[target].turn == turn
        # A 10 MB frame: the connection is closed as too big, the server goes on.
        with connect(running.url, max_size=None) as ws:
            closed, _said = closed_by(ws, ["x" * (10 * 2**20)])
        assert closed.code == CloseCode.MESSAGE_TOO_BIG
        # Refused messages, one after another: closed by the error limit, each said first.
        with connect(running.url, max_size=None) as ws:
            closed, said = closed_by(ws, ["{}"] * MAX_ERRORS)
        assert (closed.code, closed.reason) == (CLOSE_POLICY, "too many refused messages")
        assert [m["type"] for m in said] == ["error"] * MAX_ERRORS
        # ... and the other room's game still ends.
        seat, last = game.result(timeout=120)
    assert last["phase"] == "over" and running.server.rooms[busy].state.phase is Phase.OVER


def test_a_flood_of_valid_messages_is_closed_by_the_rate_limit():
    """Messages each the server takes (a new room each), five times faster than the rate: the
    burst is served, then the connection is closed for its rate, not for errors."""
    r = LocalServer(None, port=0, keep_rooms=False, limits=Limits(rooms_per_address=1000))
    try:
        create = protocol.encode("create", seats=["@remote", "@remote"])
        with connect(r.url, max_size=None, max_queue=None) as ws:
            closed, said = closed_by(ws, [create] * 500, every=0.2 / RATE)
        assert (closed.code, closed.reason) == (CLOSE_POLICY, "too many messages")
        assert {m["type"] for m in said} <= {"created"}  # nothing refused on the way
        assert BURST <= len(r.server.rooms) < 500
    finally:
        r.stop()


def test_a_dropped_client_rejoins_and_a_new_server_resumes_the_room(tmp_path):
    r = Running(tmp_path)
    room = create_room(r.url, ["@remote", "@easy"], seed=9)
    seat, _view = play_random(r.url, room, "Ann", 3, stop_after=4)  # drops after 4 moves
    made = r.server.rooms[room].turn
    assert made > 0
    r.stop()  # the server goes away
    again = Running(tmp_path)  # and comes back
    try:
        assert again.server.rooms[room].turn == made  # from the save
        seat2, last = play_random(again.url, room, token=seat.token, seed=4)
        assert seat2.seat == seat.seat and last["phase"] == "over"
        state = again.server.rooms[room].state
        local = replay(2, 9, 0, list(state.names), list(state.log))
        assert local.result().victory_points == state.result().victory_points
    finally:
        again.stop()


def test_the_protocol_refuses_what_it_does_not_know():
    for raw, why in (
        (b"binary", "text frames"),
        ("x" * (protocol.MAX_BYTES + 1), "at most"),
        ('{"v": 1, "type": "create", "seats": ["a"]}', "2 to 4"),
        ('{"v": 1, "type": "act", "action": true, "turn": 0}', "whole number"),
        ('{"v": 1, "type": "join", "room": "r", "name": "\\u0000"}', "printable"),
    ):
        with pytest.raises(protocol.ProtocolError, match=why):
            protocol.decode(raw)
    assert protocol.decode('{"v": 1, "type": "act", "action": 3, "turn": 4}') == {
        "type": "act",
        "action": 3,
        "turn": 4,
    }


def test_a_seat_away_at_its_move_is_played_by_a_computer_after_the_rooms_wait(running):
    room = create_room(running.url, ["@remote", "@easy"], seed=13, takeover=0)
    seat, _view = play_random(running.url, room, "Ann", 2, stop_after=2)  # drops at its third move
    game = running.server.rooms[room]
    deadline = time.monotonic() + 60
    while not game.state.is_over and time.monotonic() < deadline:
        time.sleep(0.05)
    assert game.state.is_over  # nobody waited forever
    seat2, last = play_random(running.url, room, token=seat.token)  # back: the game is over
    assert seat2.seat == seat.seat and last["phase"] == "over"
    # Without a takeover the seat waits for its player.
    waiting = create_room(running.url, ["@remote", "@easy"], seed=14)
    play_random(running.url, waiting, "Bob", 2, stop_after=1)
    turn = running.server.rooms[waiting].turn
    time.sleep(0.5)
    assert (
        running.server.rooms[waiting].turn == turn
        and running.server.rooms[waiting].state.current_player == 0
    )


def test_a_spectator_watches_the_public_view_and_has_no_move(running):
    room = create_room(running.url, ["@remote", "@easy"], seed=17)
    with connect(running.url) as ws:
        send(ws, "watch", room=room)
        first = receive(ws)
        assert first["type"] == "view" and first["legal"] == [] and first["view"]["player"] == -1
        assert first["view"]["blueprints"] == [None, None] and first["view"]["buildings"] == [
            None,
            None,
        ]
        send(ws, "act", action=0, turn=first["turn"])
        assert receive(ws)["error"] == "a spectator has no move"
        with ThreadPoolExecutor(1) as pool:
            game = pool.submit(play_random, running.url, room, "Ann", 3)
            seen = []
            while True:
                msg = receive(ws, timeout=60)
                if msg["type"] != "view":
                    continue
                seen.append(msg)
                if msg["view"]["phase"] == "over":
                    break
            game.result(timeout=60)
    assert len(seen) > 10
    for msg in seen[:-1]:
        assert msg["view"]["blueprints"] == [None, None] and msg["legal"] == []
    assert all(b is not None for b in seen[-1]["view"]["blueprints"])


def test_a_headless_seat_of_any_level_decides_from_its_view_alone(running, monkeypatch):
    """`join --bot medium`: the computer is handed the seat's view as the server sent it (never a
    state), and plays the game to its end."""
    from blueprints3d.ai import bots
    from blueprints3d.engine.views import PlayerView

    seen: list[type] = []
    choose = bots.GreedyBot.choose

    def spy(self, state, player):
        seen.append(type(state))
        return choose(self, state, player)

    monkeypatch.setattr(bots.GreedyBot, "choose", spy)
    room = create_room(running.url, ["@remote", "@easy"], seed=9)
    seat, view = play_random(running.url, room, "Max", 1, level="medium")
    assert view["phase"] == "over" and running.server.rooms[room].state.is_over
    assert seen and set(seen) == {PlayerView}
