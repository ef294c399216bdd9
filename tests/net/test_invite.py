"""Room codes and the one parser for every way to name a room: six characters without look-alikes,
unique among the server's rooms; typed in any case with a space or a hyphen; the older urlsafe
codes still load and are joined; hostile text refused in one line."""

from __future__ import annotations

import asyncio
import itertools

import pytest
from websockets.sync.client import connect

from blueprints3d.net import protocol
from blueprints3d.net.client import create_room, receive, send
from blueprints3d.net.connection import Connection
from blueprints3d.net.invite import (
    MAX_INVITE,
    Invite,
    invite_url,
    parse_invite,
    parse_server,
    read_code,
    server_url,
)
from blueprints3d.net.local_server import LocalServer
from blueprints3d.net.room import Room, load_rooms

ALPHABET = set(protocol.ROOM_CODE_ALPHABET)
OLD_CODE = "aB3-dE_fG9"  # an older server's code: ten urlsafe characters, case-sensitive


def test_the_alphabet_has_no_look_alikes():
    assert ALPHABET.isdisjoint("0O1IL") and len(ALPHABET) == 31
    assert all(ch.isascii() and (ch.isupper() or ch.isdigit()) for ch in ALPHABET)


def test_new_codes_are_six_characters_of_the_alphabet_and_differ():
    codes = [protocol.new_room_code() for _k in range(2000)]
    assert all(len(c) == 6 and set(c) <= ALPHABET for c in codes)
    assert all(protocol.is_room_code(c) for c in codes)
    assert len(set(codes)) >= 1995  # 31**6 codes: a clash in 2000 draws is rare
    assert set("".join(codes)) == ALPHABET  # every character is drawn


def test_a_clash_is_drawn_again(monkeypatch):
    draws = itertools.chain("AAAAAA" * 3, itertools.repeat("B"))
    monkeypatch.setattr(protocol.secrets, "choice", lambda _alphabet: next(draws))
    assert protocol.new_room_code({"AAAAAA"}) == "BBBBBB"


def test_a_full_house_of_codes_is_said_not_looped_on():
    class Everything:
        def __contains__(self, _code):
            return True

    with pytest.raises(RuntimeError, match="no free room code"):
        protocol.new_room_code(Everything())


def test_a_room_takes_a_code_none_of_the_server_has(monkeypatch):
    draws = itertools.chain("CCCCCC", itertools.repeat("D"))
    monkeypatch.setattr(protocol.secrets, "choice", lambda _alphabet: next(draws))
    room = Room.create(["@remote", "@easy"], seed=1, taken={"CCCCCC": None})
    assert room.code == "DDDDDD"


def test_the_server_gives_new_rooms_short_codes():
    server = LocalServer(port=0, keep_rooms=False)
    try:
        codes = {create_room(server.url, ["@remote", "@easy"], seed=k) for k in range(5)}
    finally:
        server.stop()
    assert len(codes) == 5 and all(len(c) == 6 and set(c) <= ALPHABET for c in codes)


def test_an_older_rooms_code_still_loads_and_is_joined(tmp_path):
    """A room file an older server saved under a ten-character urlsafe code: resumed under that
    code, and a player joins it by its join address read through parse_invite."""
    room = Room.create(["@remote", "@easy"], seed=3, folder=tmp_path)
    room.save()
    room.path.rename(tmp_path / f"room-{OLD_CODE}.json")
    loaded = load_rooms(tmp_path)
    assert list(loaded.rooms) == [OLD_CODE] and loaded.set_aside == []
    server = LocalServer(tmp_path, port=0)
    try:
        invite = parse_invite(invite_url(server.url, OLD_CODE))
        assert invite == Invite(server.url, OLD_CODE)
        with connect(invite.server, open_timeout=5, close_timeout=2) as ws:
            send(ws, "join", room=invite.code, name="Ann")
            joined = receive(ws, timeout=10)
        assert joined["type"] == "joined" and joined["room"] == OLD_CODE, joined
    finally:
        server.stop()
    again = Room.load(tmp_path / f"room-{OLD_CODE}.json")  # the join was saved under it
    assert again.code == OLD_CODE and again.seats[0].name == "Ann" and again.seats[0].token


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("ABC234", "ABC234"),
        ("abc234", "ABC234"),
        ("abc 234", "ABC234"),
        ("ABC-234", "ABC234"),
        ("  abc - 234\t", "ABC234"),
        ("xyz 789", "XYZ789"),
        (OLD_CODE, OLD_CODE),  # kept exactly: older codes are case-sensitive
    ],
)
def test_a_typed_code(typed, code):
    assert read_code(typed) == code
    assert parse_invite(typed) == Invite(None, code)


@pytest.mark.parametrize(
    ("text", "invite"),
    [
        ("ws://10.0.0.5:8765/ABC234", Invite("ws://10.0.0.5:8765", "ABC234")),
        ("WS://Host.lan:9000/abc-234/", Invite("ws://Host.lan:9000", "ABC234")),
        ("wss://games.example.org/ABC234", Invite("wss://games.example.org", "ABC234")),
        ("ws://[fd00::5]:8765/ABC234", Invite("ws://[fd00::5]:8765", "ABC234")),
        ("ws://[::1]:1/abc%20234", Invite("ws://[::1]:1", "ABC234")),
        ("10.0.0.5:9000/abc234", Invite("ws://10.0.0.5:9000", "ABC234")),
        ("10.0.0.5/ABC-234", Invite("ws://10.0.0.5:8765", "ABC234")),
        ("my-pc/ABC234", Invite("ws://my-pc:8765", "ABC234")),
        ("[fd00::5]/ABC234", Invite("ws://[fd00::5]:8765", "ABC234")),
        ("[::1]:4000/ABC234", Invite("ws://[::1]:4000", "ABC234")),
        (f"ws://h:1/{OLD_CODE}", Invite("ws://h:1", OLD_CODE)),
        # After a server's address, any code a server may give is kept as it is.
        ("ws://h:1/HOSTILE1", Invite("ws://h:1", "HOSTILE1")),
        ("h:1/Abc-12_xyZ", Invite("ws://h:1", "Abc-12_xyZ")),
        # A server behind a reverse proxy, under a path: the last segment is the code.
        ("wss://example.org/blueprints/ABC234", Invite("wss://example.org/blueprints", "ABC234")),
        ("WSS://example.org/a/B3d/abc-234/", Invite("wss://example.org/a/B3d", "ABC234")),
        ("ws://[::1]:9000/b3d_v1.0~x/ABC234", Invite("ws://[::1]:9000/b3d_v1.0~x", "ABC234")),
        (f"ws://h:1/p/{OLD_CODE}", Invite("ws://h:1/p", OLD_CODE)),
        ("ws://h:1/a/b", Invite("ws://h:1/a", "b")),
    ],
)
def test_every_way_to_name_a_room(text, invite):
    assert parse_invite(text) == invite
    assert parse_invite(invite.url) == invite  # what is shared reads back the same


def test_the_default_port_is_the_callers():
    assert parse_invite("pc/ABC234", default_port=4000).server == "ws://pc:4000"
    assert parse_invite("ws://pc/ABC234", default_port=4000).server == "ws://pc"  # ws's own


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "\n",
        "ws://",
        "ws:///ABC234",
        "ws://host:8765",
        "ws://host:8765/",
        "http://x/y",
        "https://host/ABC234",
        "file:///etc/passwd",
        "javascript://alert(1)/ABC234",
        "h:1/ABC234/extra",
        "h:1/a/b",
        "ws://h:1/ABC234?seat=1",
        "ws://h:1/ABC234#x",
        "ws://user:pw@h:1/ABC234",
        "ws://h:0/ABC234",
        "ws://h:65536/ABC234",
        "ws://h:/ABC234",
        "ws://h:port/ABC234",
        "ws://h:１２/ABC234",
        "ws://[zz]:1/ABC234",
        "ws://[::1/ABC234",
        "::1/ABC234",
        "/ABC234",
        "-bad-/ABC234",
        "hö.st/ABC234",
        "ÄBC234",
        "ABC２34",
        "ABC\x00234",
        "ABC\u200b234",
        "ABC 2 34",
        "AB-C234",
        "ABC--234",
        "ABC23",
        "ABC2345",
        "ABCDEFGHIJK",
        "aB3-dE_fG",  # nine: no code of an older server either
        "ABC 234 5",
        "ABCDE0",
        "OOOOOO",
        "abc 123",
        "l23 456",
        "ABI 234",
        "x" * (MAX_INVITE + 1),
        "ws://h:1/" + "A" * 400,
        "ws://h:1/" + "A" * 65,  # longer than any code a server gives
        "ws://h:1/ABC 2O4",
        "ws://h:1/A.B",
        "ws://h:1/AB\tC234",  # urlsplit would drop the tab
        # A server's path: no empty segment, no dot segment, nothing but URL-safe characters.
        "pc/blueprints/ABC234",  # HOST/CODE is one segment only
        "wss://h/a//B",
        "wss://h//ABC234",
        "wss://h/p/ABC234//",
        "wss://h/../ABC234",
        "wss://h/./ABC234",
        "wss://h/p/../ABC234",
        "wss://h/%2E%2E/ABC234",
        "wss://h/p/..",
        "wss://h/p/%2E%2E",
        "wss://h/p/ABC234?x=1",
        "wss://h/p/ABC234#x",
        "wss://h/p?x=1/ABC234",
        "wss://user@h/ABC234",
        "wss://user@h/p/ABC234",
        "wss://h/my path/ABC234",
        "wss://h/my%20path/ABC234",
        "wss://h/p%2Fq/ABC234",
        "wss://h/bläh/ABC234",
        "wss://h/\u200b/ABC234",
        "wss://h/p\n/ABC234",
        "wss://h/p\x00/ABC234",
        "wss://h/" + "p" * 101 + "/ABC234",
        "wss://h/" + "p/" * 150 + "ABC234",  # overlong
    ],
)
def test_hostile_text_is_refused_in_one_line(text):
    with pytest.raises(ValueError) as refused:
        parse_invite(text)
    said = str(refused.value)
    assert said and "\n" not in said and said.isprintable() and len(said) < 200, said


def test_the_refusals_say_how_a_room_is_named():
    def said(text):
        with pytest.raises(ValueError) as refused:
            parse_invite(text)
        return str(refused.value)

    assert "ws://HOST:PORT/ROOM" in said("http://x/y")  # the join command's words, kept
    assert "ABC-234" in said("h:1/a/b")
    assert "0, O, 1, I or L" in said("ABC-23O") and "0, O, 1, I or L" in said("abl234")
    assert "65535" in said("ws://h:99999/ABC234")
    assert str(MAX_INVITE) in said("x" * 1000)
    assert "room code" in said(" ")


def test_a_code_that_is_not_text_is_refused():
    with pytest.raises(ValueError):
        parse_invite(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "server"),
    [
        ("ws://10.0.0.5:8765", "ws://10.0.0.5:8765"),
        ("ws://10.0.0.5:8765/", "ws://10.0.0.5:8765"),
        ("wss://games.example.org", "wss://games.example.org"),
        ("10.0.0.5", "ws://10.0.0.5:8765"),
        ("pc:4000", "ws://pc:4000"),
        ("[fd00::5]:4000", "ws://[fd00::5]:4000"),
    ],
)
def test_a_servers_address(text, server):
    assert parse_server(text) == server


@pytest.mark.parametrize(
    "text", ["", "http://pc:1", "ws://pc:1/ABC234", "pc:99999", "pc/x", "::1", "ws://", "a b"]
)
def test_a_wrong_servers_address_is_refused(text):
    with pytest.raises(ValueError, match="ws://HOST:PORT|a port is a number"):
        parse_server(text)


def test_server_url_brackets_ipv6():
    assert server_url("10.0.0.5", 8765) == "ws://10.0.0.5:8765"
    assert server_url("fd00::5", 8765) == "ws://[fd00::5]:8765"
    assert server_url("[fd00::5]", 1, "wss") == "wss://[fd00::5]:1"
    assert invite_url("ws://h:1/", "ABC234") == "ws://h:1/ABC234"


@pytest.mark.parametrize(
    "server",
    [
        "ws://h:1",
        "wss://example.org",
        "wss://example.org/blueprints",
        "wss://example.org/a/b-c/d_e.f~g",
        "ws://[fd00::5]:8765/games",
        "WSS://Example.ORG/Blue/Prints",
    ],
)
@pytest.mark.parametrize("code", ["ABC234", "XYZ789", OLD_CODE, "HOSTILE1", "b"])
def test_a_shared_address_reads_back(server, code):
    """What ``invite_url`` makes of a server (with a path or not) and a code is read back as
    that server (its scheme in lower case, its host and path as given) and that code."""
    scheme, _sep, rest = server.partition("://")
    invite = parse_invite(invite_url(server, code))
    assert invite == Invite(f"{scheme.lower()}://{rest}", code)
    assert parse_invite(invite_url(server + "/", code)) == invite
    assert invite.url is not None and parse_invite(invite.url) == invite


def test_a_connection_opens_the_servers_address_path_and_all(monkeypatch):
    """The link opens the server's address as parsed, path and all (the room goes in the join
    message, not the address); the server itself can only listen on loopback without a path."""
    opened: list[str] = []

    def connect(url, **_options):
        opened.append(url)
        raise OSError("no network in this test")

    monkeypatch.setattr("websockets.asyncio.client.connect", connect)
    invite = parse_invite("wss://example.org/blueprints/abc-234")
    assert invite.server is not None
    with pytest.raises(OSError):
        asyncio.run(Connection(invite.server, invite.code, "Ann")._try())
    assert opened == ["wss://example.org/blueprints"]
