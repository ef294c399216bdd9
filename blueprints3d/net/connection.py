"""One seat's link to a room, kept off the frame path: a thread of its own runs an asyncio loop
with the ``websockets`` client, reads and decodes what the server sends, and keeps the link up.

The table only ever calls ``send`` (which hands the text to that loop and returns at once) and
``poll`` (which takes what has arrived from a queue, never waiting): no socket call, JSON parse
or view rebuilding happens in a frame. A link that drops is made again with the seat's token,
waiting a little longer each time (the table says "reconnecting"); a server that refuses the
seat (no such room, no free seat, a wrong token) ends the link with its reason.
"""

from __future__ import annotations

import asyncio
import json
import queue
import random
import threading
from dataclasses import dataclass, field
from typing import Any

from blueprints3d.engine.determinize import state_from_view
from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.engine.state import GameState
from blueprints3d.engine.views import PlayerView
from blueprints3d.files.savefile import game_from_json
from blueprints3d.net import protocol, wire

RETRY = (0.25, 0.5, 1.0, 2.0, 4.0)   # seconds between tries to reconnect (then the last, again)
CONNECTING, CONNECTED, RECONNECTING, CLOSED = "connecting", "connected", "reconnecting", "closed"


@dataclass(frozen=True)
class Incoming:
    """A message from the server, decoded in the link's thread. For a view: the seat's
    ``PlayerView``, a full state rebuilt from it alone (``determinize``: what the view hides is
    made up, and the table never shows it), and once the game is over the real game from its save."""

    kind: str                         # joined / view / presence / error / status
    msg: dict[str, Any]
    view: PlayerView | None = None
    state: GameState | None = None
    game: GameState | None = None


@dataclass
class Connection:
    server: str                       # ws://HOST:PORT
    room: str
    name: str = "Guest"
    token: str | None = None          # given: rejoin that seat
    seat: int | None = None
    status: str = CONNECTING
    reason: str = ""                  # why it closed, when the server refused the seat
    inbox: queue.SimpleQueue[Incoming] = field(default_factory=queue.SimpleQueue)
    _loop: asyncio.AbstractEventLoop | None = None
    _out: asyncio.Queue[str] | None = None
    _thread: threading.Thread | None = None
    _closing: bool = False

    # ---- the table's side: never waits --------------------------------------------------------
    def start(self) -> Connection:
        ready = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(ready,), name="blueprints3d-net", daemon=True)
        self._thread.start()
        ready.wait(5)
        return self

    def send(self, kind: str, **fields: Any) -> None:
        """Hand a message to the link's loop (dropped while the link is down: the view that
        comes with the reconnection says where the game is)."""
        loop, out = self._loop, self._out
        if loop is not None and out is not None and not loop.is_closed():
            text = protocol.encode(kind, **fields)
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
            loop.call_soon_threadsafe(lambda: [t.cancel() for t in asyncio.all_tasks(loop)])
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(5)

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
        finally:
            loop.close()

    def _status(self, status: str, reason: str = "") -> None:
        self.status, self.reason = status, reason or self.reason
        self.inbox.put(Incoming("status", {"status": status, "reason": reason}))

    async def _keep_up(self) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

        tries = 0
        while not self._closing:
            try:
                async with connect(f"{self.server}", max_size=protocol.MAX_BYTES, open_timeout=5) as ws:
                    if self.token is None:
                        await ws.send(protocol.encode("join", room=self.room, name=self.name))
                    else:
                        await ws.send(protocol.encode("rejoin", room=self.room, token=self.token))
                    refused = await self._session(ws)
                    if refused:
                        self._status(CLOSED, refused)
                        return
                    tries = 0
            except InvalidURI as e:
                self._status(CLOSED, str(e))
                return
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError, asyncio.TimeoutError):
                pass
            if self._closing:
                break
            self._status(RECONNECTING)
            await asyncio.sleep(RETRY[min(tries, len(RETRY) - 1)] * (0.8 + 0.4 * random.random()))
            tries += 1
        self._status(CLOSED)

    async def _session(self, ws: Any) -> str:
        """One connection's life: the reader and the writer, until it drops. Returns the
        server's reason when it refused the seat (then there is nothing to retry)."""
        assert self._out is not None
        out = self._out
        while not out.empty():          # what was sent while the link was down is stale now
            out.get_nowait()

        async def write() -> None:
            while True:
                text = await out.get()
                await ws.send(text)

        writer = asyncio.get_running_loop().create_task(write())
        joined = False
        try:
            async for raw in ws:
                incoming = self._decode(raw)
                if incoming is None:
                    continue
                if incoming.kind == "error" and not joined:
                    self.inbox.put(incoming)           # the seat itself was refused: said, and the end
                    return str(incoming.msg.get("error", "refused"))
                if incoming.kind == "joined":
                    joined = True
                    self.seat, self.token = int(incoming.msg["seat"]), str(incoming.msg["token"])
                    self._status(CONNECTED)
                self.inbox.put(incoming)
        finally:
            writer.cancel()
        return ""

    def _decode(self, raw: str | bytes) -> Incoming | None:
        """A server's message, with its view rebuilt here, off the frame path; something
        unreadable becomes an error the table can show."""
        try:
            msg = json.loads(raw)
            if not isinstance(msg, dict):
                raise wire.WireError("the server sent something that is not a message")
            kind = str(msg.get("type"))
            if kind != "view":
                return Incoming(kind, msg)
            view = wire.view_from_data(msg["view"])
            state = None if view.is_over else state_from_view(view, random.Random(0))
            if state is not None:
                state.round_results = list(view.round_results)
            game = game_from_json(msg["game"])[0] if "game" in msg else None
            return Incoming(kind, msg, view, state, game)
        except (ValueError, KeyError, TypeError, BlueprintsError) as e:
            return Incoming("error", {"error": f"the server's message could not be read: {e}"})
