"""A room on the local network from the table: what a hosting table shows the others (its code,
this machine's network addresses, a sentence when nobody can reach the port) and the Join
screen's rooms found nearby, joined with a click. Discovery itself (multicast, in network
namespaces) is tested in tests/net/test_discovery.py; here it is off (tests/conftest.py) and the
rooms found are given."""

from __future__ import annotations

import time

from blueprints3d.client.table.net import nearby
from blueprints3d.client.table.net.nearby import HostedRoom, NearbyList, room_code_words
from blueprints3d.net.addresses import usable_urls
from blueprints3d.net.discovery import NearbyRoom
from support.table_rig import frames_until


def wait_for(done, seconds: float = 5.0) -> None:
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "not in time"
        time.sleep(0.01)


def test_a_code_reads_in_two_halves():
    assert room_code_words("ABC234") == "ABC-234"
    assert room_code_words("abcdefghij") == "abcdefghij"  # an older server's code: as it is


def test_a_hosted_room_gives_its_code_and_the_addresses_others_use():
    room = HostedRoom("0.0.0.0", 40123, "ABC234", "Ann", 1, False, check=lambda h, p: True)
    words = room.words()
    assert words.startswith("room code: ABC-234")
    for url in usable_urls("0.0.0.0", 40123, "ABC234"):
        assert url in words
    assert "ws://0.0.0.0" not in words
    assert room.announcer is None  # discovery off: nothing announced
    room.close()


def test_a_port_nobody_reaches_is_said_in_a_sentence(monkeypatch):
    monkeypatch.setattr(nearby, "usable_hosts", lambda listen: ["10.1.2.3"])
    asked = []

    def blocked(host, port):
        asked.append((host, port))
        return False

    room = HostedRoom("0.0.0.0", 40123, "ABC234", "Ann", 1, False, check=blocked)
    wait_for(lambda: room.blocked)
    assert asked == [("10.1.2.3", 40123)]  # the machine's own network address, that port
    assert "a firewall may block it" in room.words() and "40123" in room.words()
    fine = HostedRoom("0.0.0.0", 40124, "ABC234", "Ann", 1, False, check=lambda h, p: True)
    wait_for(lambda: fine._reached != [])
    assert not fine.blocked and "firewall" not in fine.words()


def test_with_discovery_off_the_list_is_empty_at_once():
    began = time.monotonic()
    rooms = NearbyList(False)
    assert rooms.rooms() == [] and rooms.server_of("ABC234") is None
    rooms.close()
    assert time.monotonic() - began < 1.0


def test_the_join_screen_lists_the_rooms_nearby_and_joins_one_with_a_click(tables):
    app = tables(640, 360, overlay=True).app
    app.net.show_join()
    join = app.screens.join
    assert join.active and not join.nearby_none.is_hidden()  # "none found yet"
    found = NearbyRoom("Ann", "ABC234", 2, "en", ("127.0.0.1",), 9)

    class Found(NearbyList):
        def __init__(self) -> None:
            self.browser = None

        def rooms(self):
            return [found]

    app.net.nearby = Found()
    join.name.enterText("Bob")
    app.step()
    button = join.nearby_buttons[0]
    assert not button.is_hidden() and "Ann's room ABC-234: 2 seats free" in button["text"]
    left, right, _bottom, _top = button.getBounds()
    assert right - left > 10  # the frame round the words, not round the first " "
    assert join.nearby_buttons[1].is_hidden() and join.nearby_none.is_hidden()
    button["command"]()  # the click
    assert not join.active and app.net.start is not None
    assert app.net.start.address == found.url and app.net.start.name == "Bob"
    assert app.net.nearby is None  # no longer listened for once the screen is left
    # A code alone is looked for among the rooms found nearby.
    app.net.drop()
    app.net.show_join()
    app.net.nearby = Found()
    app.screens.join.address.enterText("abc-234")
    app.screens.join._join()
    assert app.net.start.address == found.url
    frames_until(app, lambda: app.net.connecting is None)  # nothing listens there: back


def test_the_join_screen_lists_a_servers_public_rooms_and_joins_one(tables, tmp_path):
    from blueprints3d.client.table.model.remote_flow import RemoteFlow
    from blueprints3d.net.client import create_room
    from blueprints3d.net.local_server import LocalServer

    server = LocalServer(tmp_path / "rooms", port=0)
    try:
        public = create_room(server.url, ["@remote", "@easy"], public=True, language="en")
        hidden = create_room(server.url, ["@remote", "@easy"])  # private: its code alone
        app = tables(640, 360, overlay=True).app
        app.net.show_join()
        join = app.screens.join
        join.address.enterText(f"127.0.0.1:{server.port}")  # a server, no room
        join.name.enterText("Bob")
        join.list_button["command"]()
        frames_until(app, lambda: not join.nearby_buttons[0].is_hidden())
        words = [b["text"] for b in join.nearby_buttons if not b.is_hidden()]
        assert len(words) == 1 and public[:3] in words[0] and hidden[:3] not in words[0]
        join.nearby_buttons[0]["command"]()
        frames_until(app, lambda: isinstance(app.flow, RemoteFlow))
        assert app.net.start.room == public and app.flow.seats[0].name == "Bob"
        app.net.destroy()
    finally:
        server.stop()


def test_a_server_that_cannot_be_asked_is_said_on_the_join_screen(tables):
    app = tables(640, 360, overlay=True).app
    app.net.show_join()
    join = app.screens.join
    join.address.enterText("not a server at all")
    join.list_button["command"]()
    app.step()
    assert join.error["text"]  # one line saying how a server's address looks


def test_a_room_hosted_as_public_is_listed_in_the_lobby(tables):
    app = tables(640, 360, overlay=True).app
    screen = app.screens.new_game_screen
    screen.public["indicatorValue"] = 1
    screen.public.setIndicatorValue()
    menu = screen.rows[1][0]
    menu.set(screen._kind_words(1).index("Over the network"))
    screen._start()
    local = app.net.local_server
    assert local is not None
    (room,) = local.server.rooms.values()
    assert room.public
    app.net.destroy()


def test_copy_invitation_puts_the_address_and_code_on_the_clipboard(tables, monkeypatch):
    from blueprints3d.client.table.model.remote_flow import RemoteFlow
    from blueprints3d.client.table.net import clipboard

    copied = []
    monkeypatch.setattr(clipboard, "copy", lambda text: copied.append(text))
    app = tables(1280, 720, overlay=True).app
    app.net.host(["@remote", "@remote"], None, "Ann")
    frames_until(app, lambda: isinstance(app.flow, RemoteFlow))
    app.refresh()
    invite = app.net.invite
    assert invite is not None and not invite.button.is_hidden()
    invite.button["command"]()  # the click
    code = app.net.hosted.code
    (text,) = copied
    assert usable_urls("0.0.0.0", app.net.local_server.port, code)[0] in text
    assert room_code_words(code) in text
    assert app.hud.message.getText().lower().startswith("copied: ")
    monkeypatch.setattr(clipboard, "copy", lambda text: "no clipboard tool was found")
    invite.button["command"]()
    assert "no clipboard tool" in app.hud.message.getText().lower()  # said, never raised
    app.net.destroy()


def test_the_table_opens_without_the_network_client_loaded():
    """A frozen app may not load ssl on every system (websockets imports it): the table starts
    without websockets, which a network game or a lobby imports when asked."""
    import subprocess
    import sys

    code = (
        "import sys, blueprints3d.client.table.app; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'websockets'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "[]"
