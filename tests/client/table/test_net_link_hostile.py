"""The table's link against a hostile server: a message the link cannot take
ends it with one line; the table says it and asks whether to connect again (the same seat, with
its token) or leave the game; a bad first answer sends the table back to the new-game screen with
the reason."""

from __future__ import annotations


from blueprints3d.client.table.model.remote_flow import NetStart, RemoteFlow
from blueprints3d.net.connection import CLOSED, CONNECTED
from support.hostile_server import ROOM, HostileServer, joined, view
from support.table_rig import frames_until


def bad_then_good(n: int):
    """The first connection: a seat, a view, then something that is not JSON; the next: a seat and
    a view, as a good server gives them."""
    return [joined(), view(), ("sleep", 0.3), "this is {not JSON"] if n == 0 else [joined(), view()]


def open_at(tables, server):
    app = tables(320, 180, network=NetStart(server.server, ROOM, "Ann")).app
    frames_until(app, lambda: isinstance(app.flow, RemoteFlow))
    return app


def test_a_bad_message_mid_game_is_said_and_the_table_connects_again_on_yes(tables):
    with HostileServer(bad_then_good) as server:
        app = open_at(tables, server)
        first = app.flow
        frames_until(app, lambda: app.screens.confirm.active)
        assert first.connection.status == CLOSED and first.link == CLOSED
        question = app.screens.confirm.question
        assert "not JSON" in question and "Connect again?" in question
        assert first.connection.alive is False
        app.net.reconnect()  # the confirm's Yes
        assert not app.screens.confirm.active
        frames_until(app, lambda: isinstance(app.flow, RemoteFlow) and app.flow is not first)
        assert app.flow.link == CONNECTED and app.flow.connection.status == CONNECTED
        assert server.firsts[1] == {
            "v": 1,
            "type": "rejoin",
            "room": ROOM,
            "token": first.connection.token,
        }
        for _ in range(20):
            app.step()
        assert not app.screens.confirm.active  # asked once, about the link that closed


def test_no_leaves_the_game_for_the_new_game_screen(tables):
    with HostileServer(bad_then_good) as server:
        app = open_at(tables, server)
        frames_until(app, lambda: app.screens.confirm.active)
        app.net.leave()  # the confirm's No
        assert app.screens.new_game_screen.active and not app.screens.confirm.active
        for _ in range(20):
            app.step()
        assert not app.screens.confirm.active and server.connections == 1


def test_a_bad_first_answer_sends_the_table_back_with_the_reason(tables):
    with HostileServer(["[1, 2, 3]"]) as server:
        app = tables(320, 180, network=NetStart(server.server, ROOM, "Ann")).app
        frames_until(app, lambda: app.screens.new_game_screen.active)
        said = app.screens.new_game_screen.error["text"]
        assert "could not join" in said and "not a message" in said
        assert server.connections == 1


def test_a_replaced_seat_is_said_and_not_taken_back_by_itself(tables):
    with HostileServer([joined(), view(), ("sleep", 0.3), ("close", 4001, "replaced")]) as server:
        app = open_at(tables, server)
        frames_until(app, lambda: app.screens.confirm.active)
        assert (
            "this seat was taken by another connection with its token"
            in app.screens.confirm.question
        )
        assert server.connections == 1
