"""The server's upkeep: idle connections closed and expired rooms removed, on a sweep every few
seconds (``admission.is_idle``, ``admission.has_expired`` decide; this acts). A part of
``server.GameServer``, which holds the rooms and the connections it sweeps."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Coroutine
from typing import Any

from blueprints3d.net.admission import Limits, Link, has_expired, is_idle
from blueprints3d.net.room import Room

CLOSE_GOING_AWAY = 1001  # idle, its room was removed, or the server stops (SERVER_CLOSING)

log = logging.getLogger("blueprints3d.serve")


class Upkeep:
    """The sweeper of a ``GameServer``: what it sweeps is the server's."""

    limits: Limits
    rooms: dict[str, Room]
    links: dict[str, list[Link]]
    live: set[Link]
    created_by: dict[str, str]
    _locks: dict[str, asyncio.Lock]

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        raise NotImplementedError  # the server's: a background task it keeps and cancels

    def _cancel_takeover(self, room: Room) -> None:
        raise NotImplementedError  # the server's: an away seat's wait, cancelled

    async def _sweep(self, every: float) -> None:
        """Close idle connections and remove expired rooms, every ``every`` seconds."""
        while True:
            await asyncio.sleep(every)
            self.sweep()

    def sweep(self, now: float | None = None, wall: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        wall = time.time() if wall is None else wall
        for link in list(self.live):
            if is_idle(link, self.limits, now):
                link.active = now  # closed once
                self._spawn(link.ws.close(CLOSE_GOING_AWAY, "idle"))
        for room in list(self.rooms.values()):
            if has_expired(room, self.limits, wall):
                self._remove(room)

    def _remove(self, room: Room) -> None:
        log.info(
            "room %s removed (%s)", room.code, "finished" if room.state.is_over else "untouched"
        )
        del self.rooms[room.code]
        self.created_by.pop(room.code, None)
        self._cancel_takeover(room)
        self._locks.pop(room.code, None)
        for link in self.links.pop(room.code, []):
            link.room = link.seat = None
            self._spawn(link.ws.close(CLOSE_GOING_AWAY, "room closed"))
        if room.folder is not None:
            try:
                room.path.unlink(missing_ok=True)
            except OSError as e:
                log.warning("room %s: its file could not be removed: %s", room.code, e)
