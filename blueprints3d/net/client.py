"""A seat played over the network without a window: it joins (or rejoins with its token) and, at
each of its moves, picks one of the legal actions the server sent it (a random player), or lets
a computer of any level choose from a state rebuilt from the seat's view alone, until the game
is over.

Everything the server sends is checked (``net/incoming.py``) and everything has a time limit: the
handshake and the first answers (``HANDSHAKE``), the wait from one view to the next (``WAIT``,
however many presence or error messages come between; more than ``incoming.CHATTER`` of them in
a row is a flood), and an overall ``deadline`` when one is given. A connection that drops after
the seat was taken is made again with its token (``RETRY``, ``TRIES`` times in a row at most). A
bad server ends the game with ``NetError``: one line, never a traceback.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import connect

from blueprints3d.i18n.message import Message
from blueprints3d.net import incoming, protocol, wire
from blueprints3d.net.connection import CLOSE_TRY_LATER, RETRY, closed_by_server, ending
from blueprints3d.net.incoming import BadServer, Incoming, NetError
from blueprints3d.net.lobby import LobbyRoom, read_rooms

HANDSHAKE = 10.0  # seconds for the websocket, "joined" and the first view
WAIT = 120.0  # seconds from one view to the next: the others' moves, the server's computers
TRIES = 8  # reconnections in a row without a view before the seat gives up (some 20 s)


@dataclass
class Seat:
    room: str
    seat: int
    token: str
    seat_code: str | None = None  # the seat's way back from another machine


def send(ws: Any, kind: str, **fields: Any) -> None:
    ws.send(protocol.encode(kind, **fields))


def receive(ws: Any, timeout: float = 30.0) -> dict[str, Any]:
    """The next message, as JSON data (for tests and tools that speak the protocol by hand)."""
    try:
        msg = json.loads(ws.recv(timeout=timeout))
    except RecursionError:
        raise ValueError("the server sent JSON nested too deep") from None
    if not isinstance(msg, dict):
        raise ValueError("the server sent something that is not a message")
    return msg


def closed(e: ConnectionClosed) -> Message:
    """What a connection the server closed says: the close's own words, or its code."""
    return ending(e, False) or closed_by_server(
        e.rcvd.code if e.rcvd else None, e.rcvd.reason if e.rcvd else ""
    )


@contextmanager
def as_net_errors(timeout: float) -> Iterator[None]:
    """A one-shot exchange with a server: its failures as NetError, one line each (no answer
    within ``timeout``, a close, a server not reached); a NetError passes as it is."""
    try:
        yield
    except TimeoutError:
        raise NetError(no_answer(timeout)) from None
    except ConnectionClosed as e:
        raise NetError(closed(e)) from None
    except (OSError, InvalidHandshake, InvalidURI) as e:
        raise NetError(
            Message.of("could not reach the server: {reason}", reason=str(e) or type(e).__name__)
        ) from None


def create_room(
    url: str,
    seats: list[str],
    seed: int | None = None,
    takeover: int | None = None,
    timeout: float = HANDSHAKE,
    *,
    public: bool = False,
    language: str | None = None,
) -> str:
    """A new room on the server at ``url``: its code. ``public``: listed in the server's lobby
    with ``language`` (the host table's)."""
    extra: dict[str, Any] = {
        k: v
        for k, v in (("seed", seed), ("takeover", takeover), ("language", language))
        if v is not None
    }
    if public:
        extra["public"] = True
    with connect(url, max_size=protocol.MAX_BYTES, open_timeout=timeout, close_timeout=2) as ws:
        send(ws, "create", seats=seats, **extra)
        try:
            msg = incoming.read(ws.recv(timeout=timeout))
        except ConnectionClosed as e:
            raise NetError(closed(e)) from None
        if msg.kind != "created":
            raise RuntimeError(f"the server refused the room: {msg.msg.get('error', msg.kind)}")
        return str(msg.msg["room"])


def list_rooms(server: str, timeout: float = 5.0) -> list[LobbyRoom]:
    """The open public rooms of the server at ``server`` ("ws://HOST:PORT"), as it lists them
    (``lobby.py``): every field checked. NetError, one line, when the server cannot be reached,
    refuses, says nothing within ``timeout`` seconds or answers something else."""
    with (
        as_net_errors(timeout),
        connect(server, max_size=protocol.MAX_BYTES, open_timeout=timeout, close_timeout=1) as ws,
    ):
        send(ws, "list")
        return read_rooms(ws.recv(timeout=timeout), server)


def take_seat(
    url: str, room: str, name: str = "", token: str | None = None, timeout: float = HANDSHAKE
) -> tuple[Seat, bool]:
    """A seat of ``room`` taken (a free one for ``name``; with ``token``, the seat it holds)
    and let go at once, for a player who comes with its token later (``host``): the seat, and
    whether the game is over already. NetError, one line, when the server refuses or fails."""
    with (
        as_net_errors(timeout),
        connect(url, max_size=protocol.MAX_BYTES, open_timeout=timeout, close_timeout=1) as ws,
    ):
        if token is None:
            send(ws, "join", room=room, name=name or "Guest")
        else:
            send(ws, "rejoin", room=room, token=token)
        joined = incoming.read(ws.recv(timeout=timeout), room=room)
        if joined.kind != "joined":
            raise NetError(
                Message.of("could not join: {reason}", reason=str(joined.msg.get("error")))
            )
        seat = int(joined.msg["seat"])
        for _k in range(incoming.CHATTER):  # a presence may come first
            view = incoming.read(ws.recv(timeout=timeout), seat, room)
            if view.kind == "view":
                break
        else:
            raise incoming.flooded(incoming.CHATTER)
        assert view.view is not None
        taken = Seat(room, seat, str(joined.msg["token"]), joined.msg.get("seat_code"))
        return taken, view.view.is_over


def choose(level: str, msg: dict[str, Any], seat: int, rng: random.Random, view: Any = None) -> int:
    """The move a computer of ``level`` makes from what the server sent its seat: a random
    player picks one of the legal actions; the others decide from the seat's view alone (the
    bots' own ``view_of``: they never see more than the view, at the local table either)."""
    legal = msg["legal"]
    if level == "random":
        return int(rng.choice(legal))
    from blueprints3d.ai import make_bot

    if view is None:
        view = wire.view_from_data(msg["view"])
    action = make_bot(level, seed=rng.randrange(2**31)).choose(view, seat)
    return action if action in legal else int(rng.choice(legal))


class _Lost(Exception):
    """The connection went (or the server stopped answering) after the seat was taken: worth
    another try with its token."""


def no_answer(seconds: float) -> Message:
    return Message.of(
        "the server did not answer within {seconds} seconds", seconds=round(seconds, 1)
    )


@dataclass
class _Play:
    """One headless seat's game, across its connections."""

    url: str
    room: str
    name: str
    rng: random.Random
    token: str | None
    seat_code: str | None
    stop_after: int | None
    timings: list[float] | None
    level: str
    handshake: float
    wait: float
    end: float | None  # time.monotonic() of the overall deadline
    seat: int | None = None
    players: int | None = None
    moves: int = 0
    last: dict[str, Any] | None = None
    progress: bool = False  # the game moved on over this connection (a view of a later move)
    turn: int = -1  # the latest move a view was of

    def left(self, seconds: float) -> float:
        """``seconds``, or less where the overall deadline comes first (NetError once past it)."""
        if self.end is None:
            return seconds
        rest = self.end - time.monotonic()
        if rest <= 0:
            raise NetError(Message.of("the game was not over by the deadline"))
        return min(seconds, rest)

    def next(self, ws: Any, until: float, joined: bool) -> Incoming:
        """The next message, checked, before ``until`` (time.monotonic)."""
        try:
            raw = ws.recv(timeout=self.left(max(0.0, until - time.monotonic())))
        except TimeoutError:
            if self.end is not None and time.monotonic() >= self.end:
                raise NetError(Message.of("the game was not over by the deadline")) from None
            if joined:
                raise _Lost(str(no_answer(self.wait))) from None
            raise NetError(no_answer(self.handshake)) from None
        except ConnectionClosed as e:
            end = ending(e, joined)
            if end is not None:
                raise NetError(end) from None
            if not joined:
                code = e.rcvd.code if e.rcvd is not None else None
                if code == CLOSE_TRY_LATER or self.token is None:
                    raise NetError(
                        closed_by_server(code, e.rcvd.reason if e.rcvd is not None else "")
                    ) from None
            raise _Lost(str(e)) from None
        try:
            return incoming.read(raw, self.seat, self.room, self.players)
        except BadServer:
            raise
        except Exception as e:  # a check that broke is a message not taken
            raise incoming.unreadable(f"{type(e).__name__}: {e}") from None

    def session(self, ws: Any) -> bool:
        """One connection: True when the game is done (over, or ``stop_after`` moves made);
        _Lost when it drops. A view of a later move than any before sets ``progress``."""
        if self.token is None:
            code = {"seat_code": self.seat_code} if self.seat_code else {}
            send(ws, "join", room=self.room, name=self.name or "Guest", **code)
        else:
            send(ws, "rejoin", room=self.room, token=self.token)
        joined = self.next(ws, time.monotonic() + self.handshake, False)
        if joined.kind == "error":
            raise NetError(
                Message.of("could not join: {reason}", reason=str(joined.msg.get("error")))
            )
        if joined.kind != "joined":
            raise incoming.unreadable(
                f'the server answered the seat with "{joined.kind}", not "joined"'
            )
        seat = int(joined.msg["seat"])
        if self.seat is not None and seat != self.seat:
            raise incoming.unreadable("the server gave this seat's token another seat")
        self.seat, self.token = seat, str(joined.msg["token"])
        self.seat_code = joined.msg.get("seat_code") or self.seat_code
        chatter = 0
        until = time.monotonic() + self.handshake  # the first view comes at once
        sent_at: float | None = None
        while True:
            msg = self.next(ws, until, True)
            if msg.kind in ("presence", "error"):
                # someone came or went; or a move of ours came late (the next view says where
                # the game is): neither moves the wait for the next view on
                chatter += 1
                if chatter > incoming.CHATTER:
                    raise incoming.flooded(chatter)
                continue
            if msg.kind != "view":
                raise incoming.unreadable(f'"{msg.kind}" came in the middle of the game')
            assert msg.view is not None
            if msg.msg["turn"] > self.turn:  # the same view again and again is no progress
                self.progress, self.turn = True, msg.msg["turn"]
            chatter = 0
            self.players = msg.view.players
            if sent_at is not None and self.timings is not None:
                self.timings.append(time.perf_counter() - sent_at)
            sent_at = None
            self.last = msg.msg["view"]
            if msg.view.is_over:
                return True
            until = time.monotonic() + self.wait
            if msg.msg.get("legal"):
                if self.stop_after is not None and self.moves >= self.stop_after:
                    return True
                action = choose(self.level, msg.msg, seat, self.rng, msg.view)
                sent_at = time.perf_counter()
                send(ws, "act", action=action, turn=msg.msg["turn"])
                self.moves += 1


def _dropped(play: _Play, e: Exception, failed: int, tries: int) -> int:
    """A connection of ``play`` ended with ``e``: the failed tries in a row now, or NetError
    when the seat is lost for good (a close that ends it, never seated, ``tries`` failed)."""
    if isinstance(e, ConnectionClosed) and (end := ending(e, play.seat is not None)) is not None:
        raise NetError(end) from None
    if play.seat is None:  # never seated: there is no seat to come back to
        raise NetError(
            Message.of("could not reach the server: {reason}", reason=str(e) or type(e).__name__)
        ) from None
    failed = 0 if play.progress else failed + 1
    if failed >= tries:
        raise NetError(
            Message.counted(
                "the connection to the server was lost {n} time with no move made",
                "the connection to the server was lost {n} times in a row with no move made",
                failed,
            )
        ) from None
    return failed


def play_random(
    url: str,
    room: str,
    name: str = "",
    seed: int = 0,
    token: str | None = None,
    stop_after: int | None = None,
    timings: list[float] | None = None,
    level: str = "random",
    *,
    handshake: float | None = None,
    wait: float | None = None,
    retry: Sequence[float] | None = None,
    tries: int | None = None,
    deadline: float | None = None,
    seat_code: str | None = None,
) -> tuple[Seat, dict[str, Any]]:
    """Play a seat of ``room`` as a computer of ``level`` (random: a random legal move) until
    the game is over (or after ``stop_after`` of its own moves: a client that drops). Returns
    the seat and its last view. ``timings``: each move's seconds from sending it to the view it
    brought (benchmarks). ``seat_code`` (no ``token``): take back the away seat of that code
    (from another machine). ``handshake``, ``wait``, ``retry``, ``tries``, ``deadline`` (seconds
    overall, None: none): the limits above (None: this module's). NetError (a RuntimeError)
    names why it ended early."""
    handshake = HANDSHAKE if handshake is None else handshake
    wait = WAIT if wait is None else wait
    retry = RETRY if retry is None else retry
    tries = TRIES if tries is None else tries
    play = _Play(
        url,
        room,
        name,
        random.Random(seed),
        token,
        seat_code,
        stop_after,
        timings,
        level,
        handshake,
        wait,
        None if deadline is None else time.monotonic() + deadline,
    )
    failed = 0
    while True:
        play.progress = False
        try:
            with connect(
                url, max_size=protocol.MAX_BYTES, open_timeout=play.left(handshake), close_timeout=1
            ) as ws:
                if play.session(ws):
                    assert (
                        play.seat is not None and play.token is not None and play.last is not None
                    )
                    return Seat(room, play.seat, play.token, play.seat_code), play.last
        except InvalidURI as e:
            raise NetError(Message.of("{reason}", reason=str(e))) from None
        except (_Lost, OSError, InvalidHandshake, ConnectionClosed, TimeoutError) as e:
            failed = _dropped(play, e, failed, tries)
            time.sleep(
                play.left(
                    retry[min(failed, len(retry) - 1)] * (0.8 + 0.4 * random.random())
                    if retry
                    else 0
                )
            )
