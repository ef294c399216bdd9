"""The table as a network client: a person's seat of a room on a loopback server,
driven through the table's own flow, controls and view to the end of the game, with the
server's computers in the other seats; what the table shows of who is there."""

from __future__ import annotations

import random

import pytest

from blueprints3d.client.table.hud.hud import prompt_line
from blueprints3d.client.table.model.flow import Mode
from blueprints3d.client.table.model.remote_flow import NetStart, RemoteFlow
from blueprints3d.engine import actions as A
from blueprints3d.files.savefile import replay
from blueprints3d.net.client import create_room
from blueprints3d.net.addresses import lan_addresses, usable_urls
from blueprints3d.net.local_server import LocalServer
from support.table_rig import frames_until, play


@pytest.fixture
def server(tmp_path):
    s = LocalServer(tmp_path / "rooms", port=0)
    yield s
    s.stop()


def seat_at(tables, server, specs, seed, size=(320, 180), at_turn=False):
    """A room for ``specs`` on ``server`` and an offscreen table sitting as Ann at its first
    seat, stepped until its game is open (``at_turn``: until it is Ann's move). (room, app)"""
    room = create_room(server.url, specs, seed=seed)
    app = tables(*size, network=NetStart(server.url, room, "Ann")).app
    frames_until(
        app,
        lambda: isinstance(app.flow, RemoteFlow) and (not at_turn or app.flow.mode is Mode.TURN),
    )
    return room, app


def test_a_persons_seat_is_played_to_the_end_through_the_tables_own_client(
    tables, server, tmp_path
):
    room, app = seat_at(tables, server, ["@remote", "@easy", "@medium"], 21)
    flow = app.flow
    assert flow.me == 0 and [s.name for s in flow.seats][0] == "Ann"
    rng = random.Random(3)
    rounds_seen = 0
    while flow.mode is not Mode.GAME_OVER:
        frames_until(
            app,
            lambda: (
                flow.mode in (Mode.TURN, Mode.ROUND_END, Mode.GAME_OVER)
                and (flow.pending is None or not flow.pending.sent)
            ),
        )
        if flow.mode is Mode.ROUND_END:
            rounds_seen += 1
            assert flow.visible_seats() == {0, 1, 2}  # the screens are lifted for everyone
            app.settle()
            app.continue_round()
            continue
        if flow.mode is Mode.TURN:
            # Only this seat's building is known here; the others' are behind their screens.
            assert flow.visible_seats() == {0}
            assert sorted(flow.legal) == sorted(flow.state.legal_actions())
            play(flow, rng.choice(flow.legal))
            assert flow.pending is not None and flow.pending.sent  # on its way, shown where it goes
    assert rounds_seen == 3
    game = server.server.rooms[room].state
    assert game.is_over
    # The table ends with the server's own game (it goes into this machine's history) ...
    assert flow.state.to_dict() == game.to_dict()
    assert app.saving.kept_game is not None and app.saving.kept_game.is_file()
    # ... which the same seed and actions, played locally, end the same way.
    local = replay(3, 21, 0, list(game.names), list(game.log))
    assert local.result() == flow.state.result()


def test_a_refused_move_is_taken_back_with_the_servers_reason(tables, server):
    room, app = seat_at(tables, server, ["@remote", "@remote"], 4, at_turn=True)
    flow = app.flow
    said = []
    flow.listeners.append(lambda e: said.append(e))
    flow.turn -= 1  # as if a view had been missed: the server finds the move stale
    action = flow.legal[0]
    play(flow, action)
    frames_until(app, lambda: flow.pending is None)
    assert said[-1].kind == "rejected" and "move" in said[-1].message
    assert flow.mode is Mode.TURN and server.server.rooms[room].turn == 0  # nothing changed


def test_the_table_reconnects_to_a_restarted_server_and_the_game_goes_on(tables, tmp_path):
    folder = tmp_path / "rooms"
    first = LocalServer(folder, port=0)
    port = first.port
    room, app = seat_at(tables, first, ["@remote", "@easy"], 8, at_turn=True)
    flow = app.flow
    said = []
    flow.listeners.append(lambda e: said.append(e))
    play(flow, flow.legal[0])
    frames_until(app, lambda: flow.mode is Mode.TURN and flow.pending is None and flow.turn >= 1)
    turn = flow.turn
    first.stop()  # the server goes away mid-round ...
    frames_until(app, lambda: flow.link == "reconnecting")
    app.refresh()
    # Said in the prompt, in place of "drag a die", and never drawn over the dice.
    assert 0 not in app.net.signs
    assert prompt_line(flow) == flow.link_words and "drag" not in prompt_line(flow)
    link_words = [e.message for e in said if e.kind == "link"]
    assert any("reconnecting" in m or "host has left" in m for m in link_words)
    assert play_refused(flow)  # no move while the link is down
    again = LocalServer(folder, port=port)  # ... and comes back, resuming the room
    try:
        frames_until(app, lambda: flow.link == "connected" and flow.mode is Mode.TURN)
        assert flow.turn == turn
        play(flow, flow.legal[0])
        # Back to this seat: the server waits for it, so both are at the same move.
        frames_until(
            app, lambda: flow.turn > turn + 1 and flow.pending is None and flow.mode is Mode.TURN
        )
        assert again.server.rooms[room].turn == flow.turn
    finally:
        again.stop()


def play_refused(flow) -> bool:
    out = flow.act(flow.legal[0])
    return not out.ok and flow.pending is None


def test_seats_show_who_is_away_and_who_is_thinking(tables, server):
    from websockets.sync.client import connect
    from blueprints3d.net.client import receive, send

    room, app = seat_at(tables, server, ["@remote", "@remote", "@easy"], 6)
    flow = app.flow
    app.refresh()
    assert app.net.signs[1].node().get_text() == "away"  # nobody has sat at seat 2 yet
    assert server.url + "/" + room in app.hud.room.getText()  # the address, for them to come
    with connect(server.url) as bob:
        send(bob, "join", room=room, name="Bob")
        assert receive(bob)["type"] == "joined"
        frames_until(app, lambda: flow.connected(1))
        assert flow.seats[1].name == "Bob"
        app.refresh()
        assert 1 not in app.net.signs and app.hud.room.getText() == ""  # everyone is here
        if flow.mode is Mode.TURN:
            play(flow, flow.legal[0])
        frames_until(app, lambda: flow.current == 1 and flow.mode is Mode.BOT)
        app.refresh()
        assert app.net.signs[1].node().get_text() == "thinking..."
    frames_until(app, lambda: not flow.connected(1))  # Bob has gone
    assert any("Bob has left" in e for e in [flow.message])


def test_the_new_game_screen_hosts_a_room_and_joins_one(tables, tmp_path):
    table = tables(640, 360, overlay=True)
    app = table.app
    screen = app.screens.new_game_screen
    assert screen.active and screen.join_button is not None
    # Seat 2 over the network: Start opens a room on a server this table runs, and sits at it.
    words = screen._kind_words(1)
    menu = screen.rows[1][0]
    menu.set(words.index("Over the network"))
    screen._start()
    frames_until(app, lambda: isinstance(app.flow, RemoteFlow))
    flow = app.flow
    server = app.net.local_server
    assert server is not None and flow.seats[0].name == "Player 1"
    room = next(iter(server.server.rooms.values()))
    assert [s.kind for s in room.seats] == ["remote", "remote"]
    address = f"{server.url}/{room.code}"
    app.refresh()
    # To give the one still to come: the room's code and this machine's addresses on its
    # networks (never 127.0.0.1 or 0.0.0.0 when it has one), and who can join by them.
    shown = app.hud.room.getText()
    assert room.code[:3] + "-" + room.code[3:] in shown
    for url in usable_urls("0.0.0.0", server.port, room.code):
        assert url in shown
    if lan_addresses((4,)):
        assert "127.0.0.1" not in shown and "0.0.0.0" not in shown
        assert "players on this network can join" in shown
    # Another table (this one, from its menu, as if on another machine: the seat it holds there
    # forgotten, or it would take that seat again) joins the room by its address.
    from blueprints3d.files import net_seats

    net_seats.forget(address)
    app.show_new_game()
    app.net.show_join()
    join = app.screens.join
    assert join.active
    join.address.enterText("http://not-a-room")
    join._join()
    assert "ws://HOST:PORT/ROOM" in join.error["text"]
    join.address.enterText(address)
    join.name.enterText("Bob")
    join._join()
    frames_until(app, lambda: isinstance(app.flow, RemoteFlow) and app.flow is not flow)
    assert app.flow.me == 1 and app.flow.seats[1].name == "Bob"


def test_the_remote_table_plays_by_drags_and_gives_hints_from_its_own_view(tables, server):
    """What the local table does works at a network seat: the coach's hints (thinking from this
    seat's view), a drag onto the card, its confirm; a drop the engine refuses goes back at once,
    with the engine's reason, and nothing is sent."""
    from support.table_rig import drag

    room, app = seat_at(tables, server, ["@remote", "@easy"], 14, size=(640, 360), at_turn=True)
    flow = app.flow
    app.settle()
    # Hints: thought out on this seat's rebuilt state, three of them.
    app.input.toggle_hints()
    if app.coach.job is not None:
        app.coach.job.wait(120)
        app.coach.poll()
    assert len(app.coach.hints) == 3
    app.input.toggle_hints()
    # A refused drop: a hatched space, if the card has one; the server never hears of it.
    s = flow.state
    hatched = [c for c, h in enumerate(s.blueprints[0].heights) if h is None]
    if hatched:
        out = drag(
            app, app.controls.screen_of_die(s.pool[0]), app.controls.screen_of_cell(0, hatched[0])
        )
        assert not out.ok and flow.pending is None and server.server.rooms[room].turn == 0
    # A legal drop by the pointer, confirmed: the server applies it.
    k = next(A.decode(a) for a in flow.legal if A.decode(a).kind is A.Kind.PLACE)
    for _ in range(14):  # a taller stack in front may hide the space: look from higher up (W)
        start, end = app.controls.screen_of_die(k.die), app.controls.screen_of_cell(0, k.cell)
        if start is not None and end is not None:
            break
        app.base.messenger.send("w")
        app.camera.snap()
    assert start is not None and end is not None
    out = drag(app, start, end)
    assert out.ok and flow.pending is not None and not flow.pending.sent
    assert flow.confirm().ok
    frames_until(app, lambda: server.server.rooms[room].turn >= 1 and flow.pending is None)
    assert server.server.rooms[room].state.log[0] == A.place(k.die, k.cell)
