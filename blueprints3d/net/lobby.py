"""The lobby: the open public rooms of a server, as its ``list`` answer says them, and read back
by a client that asked.

A room is private by default: its code alone finds it. One created ``public`` is listed while it
is open: a person seat is still free (nobody joined it) and the game is not over. Only what a
stranger needs to choose a room goes out: its code, its host's name (the first person seat's),
the seats free and in all, the language its host's table speaks, how long it has waited, and
behind a reverse proxy (``serve --public-url``) its whole join address. Never a token, a seat
code, a view or a private room.

A client reads the answer as untrusted input: ``read_rooms`` checks every field and gives
``LobbyRoom``\\ s, or raises ``BadServer`` naming the first problem.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from blueprints3d.i18n.message import Message
from blueprints3d.net import incoming, protocol
from blueprints3d.net.incoming import BadServer, NetError, unreadable
from blueprints3d.net.invite import invite_url
from blueprints3d.net.room import Room

MAX_WAITING = 10**9  # seconds: some thirty years
MAX_URL = 300  # characters in a listed room's join address


def is_open(room: Room) -> bool:
    """Public, not over, and a person seat nobody has taken yet."""
    return (
        room.public
        and not room.state.is_over
        and any(not s.is_bot and s.token is None for s in room.seats)
    )


def listing(
    rooms: Iterable[Room], now: float, public_url: str | None = None
) -> list[dict[str, Any]]:
    """The open public rooms as the ``rooms`` answer lists them: newest first, at most
    ``protocol.MAX_LISTED``; ``now``: the clock's time (epoch seconds, as ``room.created``)."""
    shown = sorted((r for r in rooms if is_open(r)), key=lambda r: r.created, reverse=True)
    out = []
    for room in shown[: protocol.MAX_LISTED]:
        people = [s for s in room.seats if not s.is_bot]
        entry: dict[str, Any] = {
            "room": room.code,
            "host": people[0].name,
            "free": sum(1 for s in people if s.token is None),
            "seats": len(room.seats),
            "language": room.language,
            "waiting": max(0, min(MAX_WAITING, int(now - room.created))),
        }
        if public_url is not None:
            entry["url"] = invite_url(public_url, room.code)
        out.append(entry)
    return out


@dataclass(frozen=True)
class LobbyRoom:
    """An open public room as a server listed it, checked: its code, its host's name, the seats
    free and in all, the language of its host's table (None: not said), the seconds it has
    waited, and the join address to use (the server's own when it gave one, else the address
    the list was asked of and the code)."""

    code: str
    host: str
    free: int
    seats: int
    language: str | None
    waiting: int
    server: str  # the address to connect to: Connection(server, code)

    @property
    def url(self) -> str:
        """The room's join address, to show or share: SERVER/CODE."""
        return invite_url(self.server, self.code)


def read_rooms(raw: Any, server: str) -> list[LobbyRoom]:
    """The server's answer to ``list`` (one frame) as rooms; ``server``: the address it was
    asked at ("ws://HOST:PORT"). An ``error`` answer (an older server has no lobby) is a
    ``NetError`` with its line; anything else not a good answer, ``BadServer``."""
    msg = incoming.parse(raw, kinds=(*incoming.KINDS, "rooms"))
    if msg["type"] == "error":
        incoming.read(raw)  # its fields checked
        raise NetError(
            Message.of("the server refused the list of rooms: {reason}", reason=msg["error"])
        )
    if msg["type"] != "rooms":
        raise unreadable(f'the server answered the list with "{msg["type"]}", not "rooms"')
    rooms = msg.get("rooms")
    if not isinstance(rooms, list) or len(rooms) > protocol.MAX_LISTED:
        raise unreadable(f'"rooms" is not a list of at most {protocol.MAX_LISTED} rooms')
    return [_room(entry, server) for entry in rooms]


def _room(entry: Any, server: str) -> LobbyRoom:
    if not isinstance(entry, dict):
        raise unreadable('a room in "rooms" is not an object')
    code = entry.get("room")
    if not isinstance(code, str) or not protocol.is_room_code(code):
        raise unreadable("a listed room's code is not a room code")
    host = incoming.checked_text(entry.get("host"), "a listed room's host", protocol.MAX_NAME)
    if not host.isprintable():
        raise unreadable("a listed room's host is not printable text")
    seats = incoming.checked_int(entry.get("seats"), 2, protocol.MAX_SEATS, "a room's seats")
    free = incoming.checked_int(entry.get("free"), 1, seats, "a room's free seats")
    language = entry.get("language")
    if language is not None and (
        not isinstance(language, str) or not protocol.is_language(language)
    ):
        raise unreadable("a listed room's language is not a language like en or pt-BR")
    waiting = incoming.checked_int(entry.get("waiting"), 0, MAX_WAITING, "a room's waiting")
    return LobbyRoom(
        code, host, free, seats, language, waiting, _server(entry.get("url"), code, server)
    )


def _server(url: Any, code: str, server: str) -> str:
    """The server a listed room is on, from the join address it is listed with (checked to be
    a ws:// or wss:// address ending in that room's code); none given: the address the list
    came from."""
    if url is None:
        return server
    if (
        not isinstance(url, str)
        or len(url) > MAX_URL
        or not url.isprintable()
        or any(ch.isspace() for ch in url)
        or not url.lower().startswith(("ws://", "wss://"))
    ):
        raise unreadable("a listed room's url is not a ws:// or wss:// join address")
    where, _slash, last = url.rpartition("/")
    if last != code or "://" not in where or not where.partition("://")[2]:
        raise unreadable("a listed room's url does not end in its code")
    return where


__all__ = ["BadServer", "LobbyRoom", "is_open", "listing", "read_rooms"]
