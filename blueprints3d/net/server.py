"""The authoritative server: one asyncio process (the ``websockets`` library) hosting many rooms.

It alone holds each game: it draws the seed and so the dice, runs the computer seats (their
thinking in worker threads, at most ``Limits.thinking`` at once server-wide, so that no room
waits for another's expert), checks every action with the engine and sends each connection only
its seat's view. A message that is malformed, too large, too fast, out of turn, stale or for a
seat not the connection's gets one error line and changes nothing; too many errors or a flood
close that connection only.

Everything is finite (``admission.Limits``, each a ``serve`` option): rooms in all and per
address, connections per address, a connection idle too long, rooms nobody touched for days and
finished rooms after hours. A refusal is one error message the client can show, and a line in
the log.

Rooms are saved after every move, off the event loop (a worker thread writes the bytes made
under the room's lock), and each view goes out only once its move is on disk: a server killed
at any moment resumes every room as its players last saw it (``room.load_rooms``, which sets a
damaged room file aside and serves the others). Every background task (computers, takeovers,
the sweeper) is kept in one set, its failure logged, and cancelled when the server stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from blueprints3d.engine.state import SPECTATOR
from blueprints3d.i18n.message import Message
from blueprints3d.net import protocol, wire
from blueprints3d.net.protocol import DEFAULT_PORT
from blueprints3d.net.admission import (
    BURST,
    MAX_ERRORS,
    RATE,
    LimitError,
    Limits,
    Link,
    address_of,
    check_create,
    connection_refusal,
    list_refusal,
)
from blueprints3d.net.lobby import listing
from blueprints3d.net.upkeep import CLOSE_GOING_AWAY, Upkeep
from blueprints3d.net.room import Loaded, Room, RoomError, load_rooms

DEFAULT_HOST = "127.0.0.1"  # the internet only through a reverse proxy (README)
CLOSE_REPLACED = 4001  # a newer connection took this one's seat with its token
CLOSE_POLICY = 1008  # it broke a rule: messages too fast, or too many refused
CLOSE_TRY_LATER = 1013  # a limit refused it
CLOSE_TIMEOUT = 2.0  # seconds a closing connection's answer is waited for

log = logging.getLogger("blueprints3d.serve")

# What this module's users name from it: the limits and budgets live in admission.py.
__all__ = [
    "BURST",
    "CLOSE_GOING_AWAY",
    "CLOSE_POLICY",
    "CLOSE_REPLACED",
    "CLOSE_TRY_LATER",
    "DEFAULT_HOST",
    "DEFAULT_PORT",
    "MAX_ERRORS",
    "RATE",
    "GameServer",
    "LimitError",
    "Limits",
]


class GameServer(Upkeep):
    def __init__(
        self,
        folder: Path | None = None,
        on_send: Callable[[Room, int, str], None] | None = None,
        *,
        limits: Limits | None = None,
        allow_seed: bool = False,
        behind_proxy: bool = False,
        public_url: str | None = None,
    ) -> None:
        """``folder``: where rooms are saved and resumed from (None: nowhere); ``allow_seed``:
        take a seed from ``create`` (tests, and a table's own server, whose owner can read its
        room files anyway); a public server draws every seed itself. ``behind_proxy``: count
        connections from loopback by the address the proxy forwards. ``public_url``: the
        address the world reaches this server by (``serve --public-url``), for the lobby's
        join addresses."""
        self.folder = folder
        self.limits = limits or Limits()
        self.allow_seed = allow_seed
        self.behind_proxy = behind_proxy
        self.public_url = public_url
        loaded = Loaded({}, [], 0)
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
            loaded = load_rooms(folder)
        for name, reason in loaded.set_aside:
            log.warning("%s set aside in %s/damaged: %s", name, folder, reason)
        self.loaded = loaded
        self.rooms: dict[str, Room] = loaded.rooms
        for room in self.rooms.values():
            if room.filled_codes:  # an older file: the seat codes it was given are kept
                with contextlib.suppress(OSError):
                    room.save()
        self.links: dict[str, list[Link]] = {}
        self.live: set[Link] = set()
        self.created_by: dict[str, str] = {}  # room code -> the address that created it
        self.on_send = on_send  # tests record every message a seat is sent
        self._locks: dict[str, asyncio.Lock] = {}
        self._thinking: asyncio.Semaphore | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._bots_running: set[str] = set()
        self._takeovers: dict[str, asyncio.Task[Any]] = {}

    # -- the connection ---------------------------------------------------------------------

    async def handler(self, ws: ServerConnection) -> None:
        address = address_of(ws, self.behind_proxy)
        refusal = connection_refusal(self.limits, address, self.live)
        if refusal is not None:
            log.info(
                "%s: refused a connection: %d open already",
                address,
                self.limits.connections_per_address,
            )
            await self._refuse(ws, refusal)
            return
        link = Link(ws, address)
        self.live.add(link)
        try:
            async for raw in ws:
                link.active = time.monotonic()
                if not link.spend():
                    await ws.close(CLOSE_POLICY, "too many messages")
                    return
                try:
                    await self._handle(link, protocol.decode(raw))
                except (protocol.ProtocolError, RoomError) as e:
                    link.errors += 1
                    log.info("%s: refused: %s", address, e)
                    if isinstance(e, LimitError):
                        await self._refuse(ws, e)
                        return
                    said = (
                        {"message": wire.message_data(e.message)}
                        if isinstance(e, RoomError)
                        else {}
                    )
                    await ws.send(protocol.encode("error", error=str(e), **said))
                    if link.errors >= MAX_ERRORS:
                        await ws.close(CLOSE_POLICY, "too many refused messages")
                        return
        except ConnectionClosed:
            pass
        finally:
            self.live.discard(link)
            if link.room is not None:
                links = self.links.get(link.room.code, [])
                if link in links:
                    links.remove(link)
                    await self._announce(link.room)  # the others see the seat away
                self._watch(link.room)  # its seat may be the one to move: it waits, then a computer

    async def _refuse(self, ws: ServerConnection, e: RoomError) -> None:
        try:
            await ws.send(
                protocol.encode("error", error=str(e), message=wire.message_data(e.message))
            )
            await ws.close(CLOSE_TRY_LATER, "limit")
        except ConnectionClosed:
            pass

    async def _handle(self, link: Link, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "create":
            await self._create(link, msg)
            return
        if kind == "list":
            list_refusal(link)
            text = protocol.encode(
                "rooms", rooms=listing(self.rooms.values(), time.time(), self.public_url)
            )
            await link.ws.send(text)
            return
        if kind in ("watch", "join", "rejoin"):
            if link.room is not None:
                raise RoomError(Message.of("this connection already holds a seat"))
            room = self.rooms.get(msg["room"])
            if room is None:
                raise RoomError(Message.of("no such room"))
            if kind == "watch":
                link.room, link.seat = room, SPECTATOR
                self.links.setdefault(room.code, []).append(link)
                await self._send(link)
                self._kick_bots(room)
                return
            async with self._lock(room):
                if kind == "join" and msg["seat_code"] is not None:
                    held = {o.seat for o in self.links.get(room.code, []) if o.seat is not None}
                    seat, token = room.reclaim(msg["seat_code"], held)
                    await self._save(room)
                elif kind == "join":
                    seat, token = room.join(msg["name"])
                    await self._save(room)
                else:
                    seat, token = room.rejoin(msg["token"]), msg["token"]
                for older in [
                    other for other in self.links.get(room.code, []) if other.seat == seat
                ]:
                    self._spawn(self._replaced(older))
                link.room, link.seat = room, seat
                self.links.setdefault(room.code, []).append(link)
            self._cancel_takeover(room)
            code = room.seats[seat].seat_code
            await link.ws.send(
                protocol.encode("joined", room=room.code, seat=seat, token=token, seat_code=code)
            )
            await self._send(link)
            await self._announce(room, but=link)
            self._kick_bots(room)  # a room resumed at a computer's move moves on now
            return
        # "act"
        if link.room is None or link.seat is None:
            raise RoomError(Message.of("join a room first"))
        if link.seat == SPECTATOR:
            raise RoomError(Message.of("a spectator has no move"))
        room = link.room
        async with self._lock(room):
            room.act(link.seat, msg["action"], msg["turn"])
            await self._save(room)
        await self._broadcast(room)
        self._kick_bots(room)

    async def _create(self, link: Link, msg: dict[str, Any]) -> None:
        check_create(
            self.limits, msg["seed"], self.allow_seed, self.rooms, self.created_by, link.address
        )
        room = Room.create(
            msg["seats"],
            msg["seed"],
            self.folder,
            msg["takeover"],
            taken=self.rooms,
            public=msg["public"],
            language=msg["language"],
        )
        await self._save(room)
        self.rooms[room.code] = room
        self.created_by[room.code] = link.address
        log.info(
            "%s: created room %s (%s)",
            link.address,
            room.code,
            ", ".join(s.kind for s in room.seats),
        )
        await link.ws.send(
            protocol.encode("created", room=room.code, seats=[s.name for s in room.seats])
        )
        self._kick_bots(room)

    async def _replaced(self, older: Link) -> None:
        """A newer connection took ``older``'s seat with its token: ``older`` hears why, and goes."""
        if older.room is not None and older in self.links.get(older.room.code, []):
            self.links[older.room.code].remove(older)
        older.room = older.seat = None
        try:
            message = Message.of(
                "another connection took this seat with its token; this one is closed"
            )
            await older.ws.send(
                protocol.encode("error", error=str(message), message=wire.message_data(message))
            )
            await older.ws.close(CLOSE_REPLACED, "replaced")
        except ConnectionClosed:
            pass

    # -- the game ---------------------------------------------------------------------------

    def _lock(self, room: Room) -> asyncio.Lock:
        return self._locks.setdefault(room.code, asyncio.Lock())

    def _think(self) -> asyncio.Semaphore:
        if self._thinking is None:
            self._thinking = asyncio.Semaphore(self.limits.thinking)
        return self._thinking

    async def _save(self, room: Room) -> None:
        """The room on disk, written by a worker thread (the loop goes on serving the others);
        called under the room's lock, so its saves are written in the order of its moves."""
        if room.folder is not None:
            try:
                # The bytes are made here (CPU: a worker would only contend for the GIL); the
                # worker writes them (the file system's waits, fsync's above all, free the GIL).
                await asyncio.to_thread(room.save, room.save_bytes())
            except OSError as e:  # a full or failing disk: the game goes on in memory, said
                log.error("room %s could not be saved: %s", room.code, e)

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._finished)
        return task

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a background task failed", exc_info=task.exception())

    def _kick_bots(self, room: Room) -> None:
        """Let the server's computers move in ``room`` until a person is to move: one task a
        room at most (it re-checks after every move, so a kick while it runs is not lost)."""
        if room.bot_to_move() is not None and room.code not in self._bots_running:
            self._bots_running.add(room.code)
            self._spawn(self._run_bots(room))

    async def _run_bots(self, room: Room) -> None:
        from blueprints3d.ai import make_bot

        try:
            while (who := room.bot_to_move()) is not None and self.rooms.get(room.code) is room:
                seat, level = who
                async with self._think(), self._lock(room):
                    if room.bot_to_move() != who:
                        continue
                    bot = make_bot(level, seed=room.turn)
                    action = await asyncio.to_thread(bot.choose, room.state.clone(), seat)
                    room.act(seat, action, room.turn)
                    await self._save(room)
                await self._broadcast(room)
        finally:
            # No await between the last check above and this: a move that hands the turn to
            # a computer after it finds the task gone and starts another.
            self._bots_running.discard(room.code)
        self._watch(room)

    async def _broadcast(self, room: Room) -> None:
        """Every connection of the room gets its seat's view: each seat's message made once,
        however many connections share it (the spectators all share one)."""
        presence = self.presence(room)
        made: dict[int, str] = {}
        for link in list(self.links.get(room.code, [])):
            assert link.seat is not None
            if link.seat not in made:
                made[link.seat] = room.message_for(link.seat, presence)
            self._sent(link, made[link.seat])
            await self._deliver(link, made[link.seat])
        self._watch(room)

    def presence(self, room: Room) -> list[dict[str, Any]]:
        """Who sits where: each seat's name, kind (remote or a computer's level) and whether a
        connection holds it now (a computer always sits)."""
        held = {link.seat for link in self.links.get(room.code, [])}
        return [
            {"name": room.state.names[k], "kind": seat.kind, "connected": seat.is_bot or k in held}
            for k, seat in enumerate(room.seats)
        ]

    async def _announce(self, room: Room, but: Link | None = None) -> None:
        """A seat came or went: everyone else in the room hears who sits where now."""
        text = protocol.encode("presence", seats=self.presence(room))
        for other in list(self.links.get(room.code, [])):
            if other is not but:
                await self._deliver(other, text)

    def _connected(self, room: Room, seat: int) -> bool:
        return any(link.seat == seat for link in self.links.get(room.code, []))

    def _watch(self, room: Room) -> None:
        """The seat to move has no connection: after the room's ``takeover`` seconds, if it is
        still away and still that move, the server's easy computer moves for it. One waiting
        task a room at most: a newer one replaces it."""
        p = room.state.current_player
        if room.takeover is None or p is None or room.seats[p].is_bot or self._connected(room, p):
            return
        self._cancel_takeover(room)
        self._takeovers[room.code] = self._spawn(self._take_over(room, p, room.turn))

    def _cancel_takeover(self, room: Room) -> None:
        task = self._takeovers.pop(room.code, None)
        if task is not None:
            task.cancel()

    async def _take_over(self, room: Room, seat: int, turn: int) -> None:
        from blueprints3d.ai import make_bot

        assert room.takeover is not None
        await asyncio.sleep(room.takeover)
        if self._takeovers.get(room.code) is asyncio.current_task():
            del self._takeovers[room.code]
        async with self._think(), self._lock(room):
            if (
                room.turn != turn
                or room.state.current_player != seat
                or self._connected(room, seat)
                or self.rooms.get(room.code) is not room
            ):
                return
            action = await asyncio.to_thread(
                make_bot("easy", seed=turn).choose, room.state.clone(), seat
            )
            room.act(seat, action, turn)
            await self._save(room)
        await self._broadcast(room)
        self._kick_bots(room)

    async def _send(self, link: Link) -> None:
        assert link.room is not None and link.seat is not None
        text = link.room.message_for(link.seat, self.presence(link.room))
        self._sent(link, text)
        await self._deliver(link, text)

    def _sent(self, link: Link, view: str) -> None:
        if self.on_send is not None and link.room is not None and link.seat is not None:
            self.on_send(link.room, link.seat, view)

    async def _deliver(self, link: Link, text: str) -> None:
        try:
            await link.ws.send(text)
            link.active = time.monotonic()
        except ConnectionClosed:
            pass  # it rejoins with its token; the room waits

    # -- running ----------------------------------------------------------------------------

    def resume(self) -> None:
        """Rooms resumed from disk go on: a computer to move moves, an away seat's wait starts."""
        for room in list(self.rooms.values()):
            self._kick_bots(room)
            self._watch(room)

    async def serve_forever(
        self,
        host: str = DEFAULT_HOST,
        port: int = DEFAULT_PORT,
        ready: Callable[[int], Awaitable[None] | None] | None = None,
    ) -> None:
        try:
            async with serve(
                self.handler,
                host,
                port,
                max_size=protocol.MAX_BYTES,
                max_queue=16,
                close_timeout=CLOSE_TIMEOUT,
            ) as server:
                try:
                    bound = next(iter(server.sockets)).getsockname()[1]
                    self.resume()
                    self._spawn(self._sweep(max(0.05, min(5.0, self.limits.idle_seconds / 4))))
                    if ready is not None:
                        result = ready(bound)
                        if result is not None:
                            await result
                    await server.wait_closed()  # until cancelled (websockets' own
                    # serve_forever would close the connections first, without our reason)
                finally:
                    # Stopped (cancelled, a signal): every player hears the host has left, in
                    # words a client tells from an idle close; their rooms wait on this disk.
                    server.close(code=CLOSE_GOING_AWAY, reason=protocol.SERVER_CLOSING)
        finally:
            for task in list(self._tasks):
                task.cancel()
