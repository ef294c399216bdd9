"""What a table says of a network game, played as two people at two tables would: quitting says
what becomes of the game (never that an autosave is off), a seat whose player has left is waited
for (never "thinking"), the person's own moves are said to them, and the new-game form says what
a network seat is."""

from __future__ import annotations

import pytest
from websockets.sync.client import connect

from blueprints3d.client.table.hud.hud import prompt_line
from blueprints3d.client.table.hud.new_game import NETWORK
from blueprints3d.client.table.model.flow import Mode, SeatConfig
from blueprints3d.client.table.model.remote_flow import NetStart, RemoteFlow
from blueprints3d.net.client import create_room, receive, send
from blueprints3d.net.local_server import LocalServer
from support.table_rig import frames_until, new_game, play, to_person


@pytest.fixture
def server(tmp_path):
    s = LocalServer(tmp_path / "rooms", port=0)
    yield s
    s.stop()


def joined(tables, server, specs, seed):
    """An offscreen table sitting as Ann at the first seat of a new room on ``server``."""
    room = create_room(server.url, specs, seed=seed)
    app = tables(320, 180, network=NetStart(server.url, room, "Ann")).app
    frames_until(app, lambda: isinstance(app.flow, RemoteFlow) and app.flow.mode is not Mode.BOT)
    return room, app


def test_quitting_a_joined_network_game_says_it_goes_on_at_the_server(tables, server):
    room, app = joined(tables, server, ["@remote", "@easy"], 6)
    question = app.screens.quit_question()
    assert "autosave is off" not in question
    assert question.startswith("Leave the game in progress?")
    assert f"{server.url}/{room}" in question  # where to go to take the seat back


def test_quitting_a_game_this_table_hosts_says_it_stops_for_the_others(tables):
    app = tables(320, 180).app
    app.net.host(["@remote", "@remote"], None, "Ann")
    frames_until(app, lambda: isinstance(app.flow, RemoteFlow))
    question = app.screens.quit_question()
    assert "autosave is off" not in question
    assert "This table hosts it" in question


def test_a_local_game_still_says_how_it_is_kept(tables):
    app = tables(320, 180, seats=[SeatConfig("Ann"), SeatConfig("Bob", "easy")], seed=3).app
    assert app.net.leave_words() is None
    question = app.screens.quit_question()
    assert question.startswith("Quit the game in progress?") and "Leave the game" not in question


def test_a_seat_whose_player_left_is_waited_for_not_thinking(tables, server):
    room, app = joined(tables, server, ["@remote", "@remote"], 6)
    flow = app.flow
    with connect(server.url) as bob:
        send(bob, "join", room=room, name="Bob")
        assert receive(bob)["type"] == "joined"
        frames_until(app, lambda: flow.connected(1))
    frames_until(app, lambda: not flow.connected(1))  # Bob has gone; his seat waits
    for _ in range(4):  # to Bob's move: Ann plays hers
        if flow.mode is Mode.BOT and flow.current == 1:
            break
        frames_until(app, lambda: flow.mode is Mode.TURN or flow.current == 1)
        if flow.mode is Mode.TURN:
            play(flow, flow.legal[0])
            frames_until(app, lambda: flow.pending is None)
    assert flow.mode is Mode.BOT and flow.current == 1
    assert prompt_line(flow) == "waiting for Bob (away)"
    assert "thinking" not in prompt_line(flow)


def test_the_one_person_at_a_table_hears_their_own_moves_as_theirs(tables):
    table = tables(320, 180)
    app = new_game(table, [SeatConfig("Ann"), SeatConfig("Bob", "easy")], 3)
    flow = app.flow
    to_person(app)
    play(flow, flow.state.legal_actions()[0])
    assert flow.message.startswith("You "), flow.message  # "You take the glass 3"
    assert "Ann" not in flow.message


def test_at_a_hot_seat_table_moves_are_said_by_name(tables):
    table = tables(320, 180)
    app = new_game(table, [SeatConfig("Ann"), SeatConfig("Bea")], 3)
    flow = app.flow
    if flow.mode is Mode.CURTAIN:
        app.pass_curtain()
    mover = flow.seats[flow.current].name
    play(flow, flow.state.legal_actions()[0])
    assert flow.message.startswith(mover), flow.message  # two people here: by name


def test_a_network_table_says_its_own_moves_to_its_person(tables, server):
    room, app = joined(tables, server, ["@remote", "@easy"], 6)
    flow = app.flow
    frames_until(app, lambda: flow.mode is Mode.TURN)
    play(flow, flow.legal[0])
    frames_until(app, lambda: flow.pending is None)  # the server has applied it
    assert "You " in flow.message or flow.message.startswith("taken")  # never "Ann takes"
    assert not flow.message.startswith("Ann ")


def test_the_new_game_forms_network_seat_says_what_it_is(tables):
    table = tables(640, 360, overlay=True)
    screen = table.app.screens.new_game_screen
    words = screen._kind_words(1)
    menu = screen.rows[1][0]
    menu.set(words.index("Computer (easy)") if "Computer (easy)" in words else 1)
    computer_note = screen.level_note["text"]
    menu.set(words.index(NETWORK))
    note = screen.level_note["text"]
    assert note != computer_note
    assert "another table" in note


def test_a_join_nobody_answers_goes_back_to_the_join_screen_within_seconds(tables):
    import socket
    import time

    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = tables(640, 360, overlay=True).app
    app.net.show_join()
    join = app.screens.join
    join.address.enterText(f"127.0.0.1:{port}/ABC-234")  # no ws://: the parser adds it
    join.name.enterText("Bob")
    join._join()
    assert not join.active and app.net.connecting is not None  # on its way
    began = time.monotonic()
    frames_until(app, lambda: app.screens.join.active, seconds=10)
    assert time.monotonic() - began < 10
    join = app.screens.join
    assert "nothing answers" in join.error["text"]
    assert join.address.get() == f"127.0.0.1:{port}/ABC-234" and join.name.get() == "Bob"
    assert app.net.connecting is None and app.flow is None  # no blank table left trying


def test_a_bare_code_with_no_server_known_says_what_to_add(tables):
    app = tables(640, 360, overlay=True).app
    app.net.show_join()
    join = app.screens.join
    join.address.enterText("abc-234")
    join._join()
    assert join.active and "HOST:PORT/ABC234" in join.error["text"]


def test_the_help_says_how_to_play_over_the_network_in_order(tables):
    app = tables(1280, 720, overlay=True).app
    app.screens.show_help()
    text = app.screens.help.text
    steps = [
        "Playing over the network",
        "On one network",
        "the others Join it",
        "Across the internet",
        "A hosting table holds the game",
        "a server none of you runs",
    ]
    places = [text.index(step) for step in steps]  # each there, in this order
    assert places == sorted(places)


def test_the_host_leaving_is_said_in_plain_words_not_drawn_over_the_dice(tables, tmp_path):
    host = LocalServer(tmp_path / "host-rooms", port=0)
    try:
        room, app = joined(tables, host, ["@remote", "@easy"], 6)
        flow = app.flow
        frames_until(app, lambda: flow.mode is Mode.TURN)
        assert "drag" in prompt_line(flow)
    finally:
        host.stop()  # the host's table closes: its server says it is going
    frames_until(app, lambda: flow.link != "connected")
    app.refresh()
    assert prompt_line(flow).startswith("the host has left; the game waits on their machine")
    assert "the host has left" in flow.message
    assert 0 not in app.net.signs  # nothing drawn over the pool's dice


def test_an_away_seat_is_taken_back_from_another_computer_with_its_seat_code(tables, server):
    room = create_room(server.url, ["@remote", "@remote"], seed=6)
    with connect(server.url) as ann:
        send(ann, "join", room=room, name="Ann")
        assert receive(ann)["type"] == "joined"
        with connect(server.url) as bob:
            send(bob, "join", room=room, name="Bob")
            joined_msg = receive(bob)
            assert joined_msg["type"] == "joined"
            code = joined_msg["seat_code"]
        # Bob's computer is gone with his token; at another table (another data folder) he
        # types the room and the seat code he was shown, as a person would.
        app = tables(640, 360, overlay=True).app
        app.net.show_join()
        join = app.screens.join
        join.address.enterText(f"{server.url}/{room}")
        join.name.enterText("Bob")
        join.seat_code.enterText("nope12")  # not a seat code: said on the screen
        join._join()
        assert join.active and "is not a seat code" in join.error["text"]
        join.seat_code.enterText(f"{code[:3].lower()}-{code[3:]}")  # any case, a hyphen
        join._join()
        frames_until(app, lambda: isinstance(app.flow, RemoteFlow))
        assert app.flow.me == 1 and app.flow.seats[1].name == "Bob"
        assert app.net.seat_code is not None
        assert "your seat code is" in app.hud.message.getText().lower()
        assert "seat code" in app.screens.quit_question()  # how to come back, on leaving


@pytest.mark.parametrize("size", [(1280, 720), (1024, 768)])
def test_a_long_join_error_stays_clear_of_the_buttons(tables, size):
    app = tables(*size, overlay=True).app
    # The longest thing a join says: no answer at an address as long as an IPv6 one.
    address = "ws://[2001:db8:aaaa:bbbb:cccc:dddd:eeee:ffff]:65535/ABC234"
    app.net.typed = (address, "Bob")
    app.net._not_joined(
        f"nothing answers at {address}: is the address right, and the host's table open?"
    )
    join = app.screens.join
    assert join.active and join.error["text"]
    frame = join.error.get_parent()
    join.error.resetFrameSize()
    _l, _r, foot, _t = join.error.getBounds()  # round its text, in its own units
    low = join.error.get_z(frame) + foot * join.error.get_sz(frame)  # its last line's foot
    for button in (join.join_button, join.list_button, join.back_button):
        _left, _right, _bottom, top = button.getBounds()
        assert low > button.get_z(frame) + top * button.get_sz(frame), button["text"]
