"""One seat's link to a room, kept off the frame path: a thread of its own runs an asyncio loop
with the ``websockets`` client, reads and checks what the server sends, and keeps the link up.

The table only ever calls ``send`` (which hands the text to that loop and returns at once) and
``poll`` (which takes what has arrived from a bounded inbox, never waiting): no socket call, JSON
parse or view rebuilding happens in a frame. A link that drops is made again with the seat's
token, waiting a little longer each time (the table says "reconnecting"), ``TRIES`` times in a
row at most; a server that takes the connection and then says nothing is a failed try too.

Every message is untrusted input (``net/incoming.py``): one the link cannot take ends it as
CLOSED with its reason, as does a server that refuses the seat (no such room, no free seat, a
wrong token), one that floods, or another connection that took the seat with its token (close
code 4001). The link's thread never dies without saying so: whatever ends it ends it CLOSED,
with a reason.

A server that stops says so (close code 1001, ``protocol.SERVER_CLOSING``): the link goes on
trying (the host may come back), and says why it is down: ``cause`` is ``HOST_LEFT`` and every
status it gives until it is connected again carries ``"cause": "host_left"`` with the reason in
words; when it gives up, its CLOSED reason says the host left.

A seat may be taken with its seat code (``seat_code``, no token): the away seat of that code,
from another machine; "joined" gives the seat's code (``seat_code``) to show its player.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import queue
import random
import threading
from dataclasses import dataclass, field
from typing import Any

from blueprints3d.i18n import translate
from blueprints3d.i18n.message import Message
from blueprints3d.net import incoming, protocol
from blueprints3d.net.incoming import BadServer, Incoming

__all__ = [
    "CLOSED",
    "CONNECTED",
    "CONNECTING",
    "HOST_LEFT",
    "RECONNECTING",
    "Connection",
    "Incoming",
    "Inbox",
    "host_left",
]

RETRY = (0.25, 0.5, 1.0, 2.0, 4.0)  # seconds between tries to reconnect (then the last, again)
TRIES = 12  # failed tries in a row before the link gives up (some 36 s)
ANSWER = 10.0  # seconds for a server to say "joined" and send a first view
INBOX_MOST = 256  # messages waiting for the table, at most
CLOSE_REPLACED = 4001  # the server's codes (protocol.py): a newer connection took the seat
CLOSE_POLICY = 1008  # ... this client broke a rule (too many messages)
CLOSE_TRY_LATER = 1013  # ... a limit refused the connection
CLOSE_GOING_AWAY = 1001  # ... idle, the room removed, or (SERVER_CLOSING) the server stopped
CONNECTING, CONNECTED, RECONNECTING, CLOSED = "connecting", "connected", "reconnecting", "closed"
HOST_LEFT = "host_left"  # a status's cause: the server said it was stopping


class _End(Exception):
    """The link ends here, for ``message``: nothing to retry."""

    def __init__(self, message: Message) -> None:
        super().__init__(str(message))
        self.message = message


class _Failed(Exception):
    """This try came to nothing (no answer in time): the next one, after a wait."""


@dataclass
class _Session:
    """Where one connection stands: the seat taken, a view had, the game moved on, and the
    messages since the last view that were neither."""

    answer_by: float  # the loop's time by which the server must have sent a first view
    joined: bool = False
    viewed: bool = False
    moved_on: bool = False
    chatter: int = 0


def replaced() -> Message:
    return Message.of("this seat was taken by another connection with its token")


def host_left() -> Message:
    return Message.of("the host has left; the game waits on their machine until they host it again")


def is_host_leaving(e: Exception) -> bool:
    """A close that says the server is stopping (not idle, not a removed room)."""
    rcvd = getattr(e, "rcvd", None)
    return (
        rcvd is not None
        and rcvd.code == CLOSE_GOING_AWAY
        and rcvd.reason == protocol.SERVER_CLOSING
    )


def closed_by_server(code: int | None, reason: str) -> Message:
    return Message.of(
        "the server closed the connection ({code}: {reason})",
        code=code if code is not None else "-",
        reason=reason[:120] or "-",
    )


def ending(e: Exception, joined: bool) -> Message | None:
    """What a closed websocket means for the seat: None when it is worth another try (the server
    went away, restarts, or asks to try later once the seat was taken), else why it ends."""
    from websockets.exceptions import ConnectionClosed

    if not isinstance(e, ConnectionClosed):
        return None
    sent, rcvd = e.sent, e.rcvd
    if sent is not None and sent.code == 1009:
        return incoming.too_big().message
    if (
        sent is not None
        and sent.code in (1002, 1007)
        and (rcvd is None or e.rcvd_then_sent is False)
    ):
        return Message.of(
            "the server broke the websocket protocol: {reason}", reason=sent.reason[:120] or "-"
        )
    if rcvd is None:
        return None
    if rcvd.code == CLOSE_REPLACED:
        return replaced()
    if rcvd.code == CLOSE_POLICY or (rcvd.code == CLOSE_TRY_LATER and not joined):
        return closed_by_server(rcvd.code, rcvd.reason)
    return None


class Inbox:
    """What the link has read, waiting for the table's next frame: at most ``most`` messages.
    When it is full, the oldest view, presence or error goes (a later view says where the game
    is); the link's statuses and the seat's "joined" stay."""

    def __init__(self, most: int = INBOX_MOST) -> None:
        self.most = most
        self.dropped = 0
        self._items: collections.deque[Incoming] = collections.deque()
        self._lock = threading.Lock()

    def put(self, item: Incoming) -> None:
        with self._lock:
            if len(self._items) >= self.most:
                for k, old in enumerate(self._items):
                    if old.kind not in ("status", "joined"):
                        del self._items[k]
                        break
                else:
                    self._items.popleft()
                self.dropped += 1
            self._items.append(item)

    def get_nowait(self) -> Incoming:
        with self._lock:
            if not self._items:
                raise queue.Empty
            return self._items.popleft()

    def qsize(self) -> int:
        return len(self._items)


@dataclass
class Connection:
    server: str  # ws://HOST:PORT
    room: str
    name: str = "Guest"
    token: str | None = None  # given: rejoin that seat
    seat_code: str | None = None  # given (no token): take back the away seat of that code
    seat: int | None = None
    status: str = CONNECTING
    reason: str = ""  # why it closed (in the player's language)
    reason_message: Message | None = None  # the same, to translate again
    inbox: Inbox = field(default_factory=Inbox)
    players: int | None = None  # the game's seats, once a view has told them
    turn: int = -1  # the latest move a view was of
    cause: str = ""  # why the link is down, while it tries again: HOST_LEFT, or "" (not said)
    _loop: asyncio.AbstractEventLoop | None = None
    _out: asyncio.Queue[str] | None = None
    _thread: threading.Thread | None = None
    _closing: bool = False

    # ---- the table's side: never waits --------------------------------------------------------
    def start(self) -> Connection:
        ready = threading.Event()
        self._thread = threading.Thread(
            target=self._run, args=(ready,), name="blueprints3d-net", daemon=True
        )
        self._thread.start()
        ready.wait(5)
        return self

    def send(self, kind: str, **fields: Any) -> None:
        """Hand a message to the link's loop (dropped while the link is down: the view that
        comes with the reconnection says where the game is)."""
        loop, out = self._loop, self._out
        if loop is not None and out is not None and not loop.is_closed():
            text = protocol.encode(kind, **fields)
            with contextlib.suppress(RuntimeError):  # the loop closed in between: the link is over
                loop.call_soon_threadsafe(out.put_nowait, text)

    def poll(self, most: int = 64) -> list[Incoming]:
        """What has arrived since the last poll, oldest first (at most ``most``)."""
        out: list[Incoming] = []
        while len(out) < most:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                break
        return out

    def close(self) -> None:
        self._closing = True
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # it closed in between
                loop.call_soon_threadsafe(lambda: [t.cancel() for t in asyncio.all_tasks(loop)])
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(5)

    @property
    def alive(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    # ---- the link's thread ----------------------------------------------------------------------
    def _run(self, ready: threading.Event) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        self._out = asyncio.Queue()
        ready.set()
        try:
            loop.run_until_complete(self._keep_up())
        except asyncio.CancelledError:
            pass
        except BaseException as e:  # never a silent death: the table is told why
            self._end(
                Message.of(
                    "the link to the server failed: {reason}", reason=f"{type(e).__name__}: {e}"
                )
            )
        finally:
            if self.status != CLOSED:
                self._status(CLOSED)
            loop.close()

    def _status(self, status: str, reason: str = "") -> None:
        if status == CONNECTED:
            self.cause = ""
        elif self.cause == HOST_LEFT and not reason:
            reason = translate(host_left())
        self.status, self.reason = status, reason or self.reason
        fields = {"status": status, "reason": reason}
        if self.cause:
            fields["cause"] = self.cause
        self.inbox.put(Incoming("status", fields))

    def _end(self, message: Message) -> None:
        self.reason_message = message
        self._status(CLOSED, translate(message))

    async def _keep_up(self) -> None:
        from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

        tries = 0
        while not self._closing:
            try:
                if await self._try():
                    tries = 0  # a view came: the next drop starts the waits afresh
            except _End as e:
                self._end(e.message)
                return
            except InvalidURI as e:
                self._end(Message.of("{reason}", reason=str(e)))
                return
            except (OSError, TimeoutError, _Failed, InvalidHandshake):
                pass  # not there, not answering, or refusing the handshake: another try
            except ConnectionClosed as e:
                end = ending(e, False)
                if end is not None:
                    self._end(end)
                    return
            if self._closing:
                break
            if tries >= TRIES:
                self._end(
                    host_left()
                    if self.cause == HOST_LEFT
                    else Message.counted(
                        "no answer from the server after {n} try",
                        "no answer from the server after {n} tries",
                        tries,
                    )
                )
                return
            self._status(RECONNECTING)
            await asyncio.sleep(RETRY[min(tries, len(RETRY) - 1)] * (0.8 + 0.4 * random.random()))
            tries += 1
        if self.status != CLOSED:
            self._status(CLOSED)

    async def _try(self) -> bool:
        """One connection, from the handshake to its end: True when the game moved on over it
        (a view of a later move than any before)."""
        from websockets.asyncio.client import connect

        async with connect(
            f"{self.server}", max_size=protocol.MAX_BYTES, open_timeout=ANSWER, close_timeout=2
        ) as ws:
            if self.token is None:
                code = {"seat_code": self.seat_code} if self.seat_code else {}
                await ws.send(protocol.encode("join", room=self.room, name=self.name, **code))
            else:
                await ws.send(protocol.encode("rejoin", room=self.room, token=self.token))
            return await self._session(ws)

    async def _session(self, ws: Any) -> bool:
        """One connection's life: the reader and the writer, until it drops (True when the game
        moved on) or something ends the link (``_End``)."""
        assert self._out is not None
        out = self._out
        while not out.empty():  # what was sent while the link was down is stale now
            out.get_nowait()

        async def write() -> None:
            while True:
                text = await out.get()
                await ws.send(text)

        writer = asyncio.get_running_loop().create_task(write())
        writer.add_done_callback(lambda t: t.cancelled() or t.exception())
        session = _Session(answer_by=asyncio.get_running_loop().time() + ANSWER)
        try:
            while True:
                raw = await self._receive(ws, session)
                if raw is None:
                    return session.moved_on
                try:
                    inc = self._decode(raw)
                except BadServer as e:
                    raise _End(e.message) from None
                except Exception as e:  # a check that broke is a message not taken
                    raise _End(incoming.unreadable(f"{type(e).__name__}: {e}").message) from None
                if inc is not None:
                    self._take(inc, session)
                    self.inbox.put(inc)
        finally:
            writer.cancel()

    async def _receive(self, ws: Any, session: _Session) -> str | bytes | None:
        """The next frame; None when the connection dropped in a way worth another try. Until
        the first view the server owes an answer by ``session.answer_by`` (else ``_Failed``); a
        close that ends the link raises ``_End``."""
        from websockets.exceptions import ConnectionClosed

        loop = asyncio.get_running_loop()
        try:
            if session.viewed:
                return await ws.recv()
            async with asyncio.timeout(max(0.0, session.answer_by - loop.time())):
                return await ws.recv()
        except TimeoutError:
            raise _Failed from None
        except ConnectionClosed as e:
            if is_host_leaving(e):
                self.cause = HOST_LEFT
            end = ending(e, session.joined)
            if (
                end is None
                and not session.joined
                and e.rcvd is not None
                and e.rcvd.code == CLOSE_TRY_LATER
            ):
                end = closed_by_server(e.rcvd.code, e.rcvd.reason)
            if end is not None:
                raise _End(end) from None
            return None

    def _take(self, inc: Incoming, session: _Session) -> None:
        """One checked message, in the order the protocol allows: "joined" once, then views;
        anything else counted as chatter, which must not outrun the views. ``_End`` when the
        server breaks that order or refuses the seat."""
        if inc.kind == "error" and not session.joined:
            self.inbox.put(inc)  # the seat itself was refused: said, and the end
            raise _End(Message.of("{reason}", reason=str(inc.msg.get("error") or "refused")))
        if inc.kind == "joined":
            seat = int(inc.msg["seat"])
            if session.joined:
                raise _End(
                    incoming.unreadable("the server gave this connection a seat twice").message
                )
            if self.seat is not None and self.token is not None and seat != self.seat:
                raise _End(
                    incoming.unreadable("the server gave this seat's token another seat").message
                )
            session.joined = True
            self.seat, self.token = seat, str(inc.msg["token"])
            self.seat_code = inc.msg.get("seat_code") or self.seat_code
            self._status(CONNECTED)
        elif inc.kind == "view":
            if not session.joined:
                raise _End(incoming.unreadable("a view came before the seat was taken").message)
            assert inc.view is not None
            session.viewed, session.chatter, self.players = True, 0, inc.view.players
            if inc.msg["turn"] > self.turn:  # the same view again and again is no progress
                session.moved_on, self.turn = True, inc.msg["turn"]
        elif inc.kind == "created":
            raise _End(incoming.unreadable('a "created" came to a seat').message)
        else:
            session.chatter += 1
            if session.chatter > incoming.CHATTER:
                raise _End(incoming.flooded(session.chatter).message)

    def _decode(self, raw: str | bytes) -> Incoming | None:
        """A server's message, checked, with its view rebuilt here, off the frame path;
        ``BadServer`` when it is not one to take."""
        return incoming.read(raw, self.seat, self.room, self.players)
