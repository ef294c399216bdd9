"""The authoritative server: one asyncio process (the ``websockets`` library) hosting many rooms.

It alone holds each game: it draws the dice, runs the computer seats (their thinking in a worker
thread, so that no room waits for another's expert), checks every action with the engine and
sends each connection only its seat's view. A message that is malformed, too large, too fast,
out of turn, stale or for a seat not the connection's gets one error line and changes nothing;
too many errors or a flood close that connection only. Rooms are saved after every move and
resumed when the server starts again (``room.load_rooms``).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from blueprints3d.engine.state import SPECTATOR
from blueprints3d.i18n.message import Message
from blueprints3d.net import protocol, wire
from blueprints3d.net.room import Room, RoomError, load_rooms

DEFAULT_HOST = "127.0.0.1"    # the internet only through a reverse proxy (README)
DEFAULT_PORT = 8765
RATE = 20.0                   # messages a second a connection may send, on average ...
BURST = 40                    # ... with this many at once
MAX_ERRORS = 20               # refused messages before a connection is closed


@dataclass
class _Link:
    """A connection: the room and seat it plays, and its message budget."""

    ws: ServerConnection
    room: Room | None = None
    seat: int | None = None
    tokens: float = BURST
    stamp: float = field(default_factory=time.monotonic)
    errors: int = 0

    def spend(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.stamp) * RATE)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class GameServer:
    def __init__(self, folder: Path | None = None,
                 on_send: Callable[[Room, int, str], None] | None = None) -> None:
        self.folder = folder
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
        self.rooms: dict[str, Room] = load_rooms(folder) if folder is not None else {}
        self.links: dict[str, list[_Link]] = {}
        self.on_send = on_send          # tests record every message a seat is sent
        self._locks: dict[str, asyncio.Lock] = {}

    # -- the connection ---------------------------------------------------------------------

    async def handler(self, ws: ServerConnection) -> None:
        link = _Link(ws)
        try:
            async for raw in ws:
                if not link.spend():
                    await ws.close(1008, "too many messages")
                    return
                try:
                    await self._handle(link, protocol.decode(raw))
                except (protocol.ProtocolError, RoomError) as e:
                    link.errors += 1
                    said = {"message": wire.message_data(e.message)} if isinstance(e, RoomError) else {}
                    await ws.send(protocol.encode("error", error=str(e), **said))
                    if link.errors >= MAX_ERRORS:
                        await ws.close(1008, "too many refused messages")
                        return
        except ConnectionClosed:
            pass
        finally:
            if link.room is not None:
                links = self.links.get(link.room.code, [])
                if link in links:
                    links.remove(link)
                    await self._announce(link.room)   # the others see the seat away
                self._watch(link.room)   # its seat may be the one to move: it waits, then a computer

    async def _handle(self, link: _Link, msg: dict) -> None:
        kind = msg["type"]
        if kind == "create":
            room = Room.create(msg["seats"], msg["seed"], self.folder, msg["takeover"])
            self.rooms[room.code] = room
            await link.ws.send(protocol.encode("created", room=room.code, seats=[s.name for s in room.seats]))
            await self._run_bots(room)
            return
        if kind == "watch":
            if link.room is not None:
                raise RoomError(Message.of("this connection already holds a seat"))
            found = self.rooms.get(msg["room"])
            if found is None:
                raise RoomError(Message.of("no such room"))
            link.room, link.seat = found, SPECTATOR
            self.links.setdefault(found.code, []).append(link)
            await self._send(link)
            return
        if kind in ("join", "rejoin"):
            if link.room is not None:
                raise RoomError(Message.of("this connection already holds a seat"))
            found = self.rooms.get(msg["room"])
            if found is None:
                raise RoomError(Message.of("no such room"))
            room = found
            if kind == "join":
                seat, token = room.join(msg["name"])
            else:
                seat, token = room.rejoin(msg["token"]), msg["token"]
            link.room, link.seat = room, seat
            self.links.setdefault(room.code, []).append(link)
            await link.ws.send(protocol.encode("joined", room=room.code, seat=seat, token=token))
            await self._send(link)
            await self._announce(room, but=link)
            return
        # "act"
        if link.room is None or link.seat is None:
            raise RoomError(Message.of("join a room first"))
        if link.seat == SPECTATOR:
            raise RoomError(Message.of("a spectator has no move"))
        async with self._lock(link.room):
            link.room.act(link.seat, msg["action"], msg["turn"])
        await self._broadcast(link.room)
        await self._run_bots(link.room)

    # -- the game ---------------------------------------------------------------------------

    def _lock(self, room: Room) -> asyncio.Lock:
        return self._locks.setdefault(room.code, asyncio.Lock())

    async def _run_bots(self, room: Room) -> None:
        """The server's computers move until a person is to move (or the game is over); each
        thinks in a worker thread, the other rooms go on meanwhile."""
        from blueprints3d.ai import make_bot
        while (who := room.bot_to_move()) is not None:
            seat, level = who
            async with self._lock(room):
                if room.bot_to_move() != who:
                    continue
                bot = make_bot(level, seed=room.turn)
                state = room.state.clone()
                action = await asyncio.to_thread(bot.choose, state, seat)
                room.act(seat, action, room.turn)
            await self._broadcast(room)

    async def _broadcast(self, room: Room) -> None:
        for link in list(self.links.get(room.code, [])):
            await self._send(link)
        self._watch(room)

    def presence(self, room: Room) -> list[dict]:
        """Who sits where: each seat's name, kind (remote or a computer's level) and whether a
        connection holds it now (a computer always sits)."""
        return [{"name": room.state.names[k], "kind": seat.kind,
                 "connected": seat.is_bot or self._connected(room, k)} for k, seat in enumerate(room.seats)]

    async def _announce(self, room: Room, but: _Link | None = None) -> None:
        """A seat came or went: everyone else in the room hears who sits where now."""
        text = protocol.encode("presence", seats=self.presence(room))
        for other in list(self.links.get(room.code, [])):
            if other is not but:
                try:
                    await other.ws.send(text)
                except ConnectionClosed:
                    pass

    def _connected(self, room: Room, seat: int) -> bool:
        return any(link.seat == seat for link in self.links.get(room.code, []))

    def _watch(self, room: Room) -> None:
        """The seat to move has no connection: after the room's ``takeover`` seconds, if it is
        still away and still that move, the server's easy computer moves for it."""
        p = room.state.current_player
        if room.takeover is None or p is None or room.seats[p].is_bot or self._connected(room, p):
            return
        turn = room.turn
        asyncio.get_running_loop().create_task(self._take_over(room, p, turn))

    async def _take_over(self, room: Room, seat: int, turn: int) -> None:
        from blueprints3d.ai import make_bot
        assert room.takeover is not None
        await asyncio.sleep(room.takeover)
        async with self._lock(room):
            if room.turn != turn or room.state.current_player != seat or self._connected(room, seat):
                return
            action = await asyncio.to_thread(make_bot("easy", seed=turn).choose, room.state.clone(), seat)
            room.act(seat, action, turn)
        await self._broadcast(room)
        await self._run_bots(room)

    async def _send(self, link: _Link) -> None:
        assert link.room is not None and link.seat is not None
        text = link.room.message_for(link.seat, self.presence(link.room))
        if self.on_send is not None:
            self.on_send(link.room, link.seat, text)
        try:
            await link.ws.send(text)
        except ConnectionClosed:
            pass   # it rejoins with its token; the room waits

    # -- running ----------------------------------------------------------------------------

    async def serve_forever(self, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
                            ready: Callable[[int], Awaitable[None] | None] | None = None) -> None:
        async with serve(self.handler, host, port, max_size=protocol.MAX_BYTES, max_queue=16) as server:
            bound = next(iter(server.sockets)).getsockname()[1]
            if ready is not None:
                result = ready(bound)
                if result is not None:
                    await result
            await server.serve_forever()
