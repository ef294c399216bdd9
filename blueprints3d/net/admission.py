"""Who may connect to the game server and what they may open: the server's ``Limits``, each
connection's budgets (a token bucket for its rate, a count of its refused messages), the address
it is counted by, and the refusals for a limit reached.

Pure bookkeeping: no sockets and no asyncio. ``server.GameServer`` asks these before it takes a
connection or creates a room, and when it sweeps idle connections and expired rooms.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from blueprints3d.i18n.message import Message
from blueprints3d.net.room import Room, RoomError

RATE = 20.0  # messages a second a connection may send, on average ...
BURST = 40  # ... with this many at once
MAX_ERRORS = 20  # refused messages before a connection is closed
LIST_EVERY = 1.0  # seconds between two lobby lists a connection asks for, at least


@dataclass(frozen=True)
class Limits:
    """What one server holds at most; ``serve`` has an option for each."""

    rooms: int = 1000  # rooms in all
    rooms_per_address: int = 20  # rooms that one address created and that still exist
    connections_per_address: int = 64  # connections open at once from one address
    idle_seconds: float = 600.0  # a connection with nothing said either way this long: closed
    room_days: float = 7.0  # a room nobody joined or moved in for this long: removed
    finished_hours: float = 24.0  # a finished room: removed this long after its last move
    thinking: int = 2  # computer seats thinking at once, server-wide


class LimitError(RoomError):
    """A refusal for a limit: said, then the connection is closed (try again later)."""


@dataclass(eq=False)
class Link:
    """A connection: where it comes from, the room and seat it plays, and its budgets."""

    ws: Any  # the websocket (a websockets ServerConnection)
    address: str = "?"
    room: Room | None = None
    seat: int | None = None
    tokens: float = BURST
    stamp: float = field(default_factory=time.monotonic)
    active: float = field(default_factory=time.monotonic)  # the last message either way
    errors: int = 0
    listed: float = float("-inf")  # when it last asked for the lobby's list (monotonic)

    def spend(self) -> bool:
        """One message's token from the bucket (refilled at RATE, holding BURST at most); False
        when it is empty: the connection sends too fast."""
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.stamp) * RATE)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def address_of(ws: Any, behind_proxy: bool = False) -> str:
    """Where a connection comes from, for the per-address limits. Behind a reverse proxy on
    this machine every connection comes from loopback: then the address the proxy appended to
    X-Forwarded-For (the rightmost: what came before it, the client could have written)."""
    remote = getattr(ws, "remote_address", None)
    address = str(remote[0]) if isinstance(remote, tuple) and remote else "?"
    if behind_proxy and address in ("127.0.0.1", "::1"):
        request = getattr(ws, "request", None)
        forwarded = request.headers.get("X-Forwarded-For", "") if request is not None else ""
        last = forwarded.rsplit(",", 1)[-1].strip()
        if last and len(last) <= 64 and all(c in "0123456789abcdefABCDEF.:" for c in last):
            return last
    return address


def connection_refusal(limits: Limits, address: str, live: Iterable[Link]) -> LimitError | None:
    """The refusal of one more connection from ``address``, when it has as many open as it may."""
    if sum(1 for other in live if other.address == address) < limits.connections_per_address:
        return None
    return LimitError(
        Message.of(
            "too many connections from your address (at most {n}); close some and try again",
            n=limits.connections_per_address,
        )
    )


def check_create(
    limits: Limits,
    seed: int | None,
    allow_seed: bool,
    rooms: Mapping[str, Room],
    created_by: Mapping[str, str],
    address: str,
) -> None:
    """May ``address`` create a room (with ``seed``, None: the server draws it)? A RoomError
    for a seed the server does not take, a LimitError for the rooms in all or its own."""
    if seed is not None and not allow_seed:
        raise RoomError(
            Message.of(
                "this server draws each room's seed itself (a seed a player chose would "
                "show everyone's secret cards)"
            )
        )
    if len(rooms) >= limits.rooms:
        raise LimitError(
            Message.of(
                "this server holds as many rooms as it can ({n}); try again later",
                n=limits.rooms,
            )
        )
    mine = sum(1 for code, by in created_by.items() if by == address and code in rooms)
    if mine >= limits.rooms_per_address:
        raise LimitError(
            Message.counted(
                "your address has opened {n} room on this server, as many as it may; finish it, or try again later",
                "your address has opened {n} rooms on this server, as many as it may; finish one, or try again "
                "later",
                limits.rooms_per_address,
            )
        )


def list_refusal(link: Link, now: float | None = None) -> None:
    """A connection may ask for the lobby's list once every ``LIST_EVERY`` seconds (it walks
    every room): RoomError, counted as a refused message, when it asks sooner."""
    now = time.monotonic() if now is None else now
    if now - link.listed < LIST_EVERY:
        raise RoomError(
            Message.of("ask for the list of rooms at most once a second"),
        )
    link.listed = now


def is_idle(link: Link, limits: Limits, now: float) -> bool:
    """Nothing said either way on ``link`` for longer than the limit (``now``: monotonic)."""
    return now - link.active > limits.idle_seconds


def has_expired(room: Room, limits: Limits, wall: float) -> bool:
    """A finished room past its hours, or any room nobody touched for its days (``wall``: the
    clock's time, as ``room.touched``)."""
    age = wall - room.touched
    return (
        room.state.is_over and age > limits.finished_hours * 3600
    ) or age > limits.room_days * 86400
