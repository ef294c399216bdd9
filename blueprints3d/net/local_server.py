"""A game server on a thread of this process: the one a table starts for the room it hosts
(``blueprints3d host`` without ``--server``, the new-game screen's network seats), and the one
the tests run on an ephemeral loopback port. Its asyncio loop is its own; the caller's thread
(a frame loop, a test) never waits on it.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from collections.abc import Callable

from blueprints3d.net.invite import server_url
from blueprints3d.net.room import Room, rooms_folder
from blueprints3d.net.server import DEFAULT_HOST, GameServer, Limits


class LocalServer:
    def __init__(
        self,
        folder: Path | None = None,
        host: str = DEFAULT_HOST,
        port: int = 0,
        on_send: Callable[[Room, int, str], None] | None = None,
        keep_rooms: bool = True,
        limits: Limits | None = None,
        allow_seed: bool = True,
    ) -> None:
        """``folder``: where rooms are saved (None: the data folder's rooms/, or nowhere when
        ``keep_rooms`` is off); ``port`` 0: any free one. A seed is taken from ``create`` by
        default: this server's owner hosts the room and could read its files anyway."""
        if folder is None and keep_rooms:
            folder = rooms_folder()
        self.server = GameServer(folder, on_send, limits=limits, allow_seed=allow_seed)
        self.host = host
        self.loop = asyncio.new_event_loop()
        self.port: int | None = None
        self.error: BaseException | None = None
        ready = threading.Event()
        # Set when the server's thread ends: what a caller waits on (a signal that interrupts
        # Thread.join can leave that thread marked as stopped while it still runs, on 3.11).
        self.done = threading.Event()

        def run() -> None:
            asyncio.set_event_loop(self.loop)

            def bound(port: int) -> None:
                self.port = port
                ready.set()

            self.task = self.loop.create_task(self.server.serve_forever(host, port, bound))
            try:
                self.loop.run_until_complete(self.task)
            except asyncio.CancelledError:
                pass
            except OSError as e:  # the port is taken: said by the caller
                self.error = e
                ready.set()
            finally:
                # What the server left running (a connection still in its handshake) ends here,
                # on this loop, before the loop closes: never collected after it, unfinished.
                self._finish_tasks()
                self.done.set()

        self.thread = threading.Thread(target=run, name="blueprints3d-server", daemon=True)
        self.thread.start()
        if not ready.wait(10):
            raise OSError("the game server did not start")
        if self.error is not None:
            raise OSError(str(self.error))

    def _finish_tasks(self) -> None:
        pending = [t for t in asyncio.all_tasks(self.loop) if not t.done()]
        for t in pending:
            t.cancel()
        if pending:
            self.loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
        self.loop.run_until_complete(self.loop.shutdown_asyncgens())

    @property
    def url(self) -> str:
        """The server's address as this machine reaches it: on loopback when it listens on all
        interfaces (the others' addresses: ``addresses.usable_urls``)."""
        host = {"0.0.0.0": "127.0.0.1", "": "127.0.0.1", "::": "::1"}.get(self.host, self.host)
        return server_url(host, self.port)

    def stop(self) -> None:
        if not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.task.cancel)
        self.thread.join(10)
        if not self.thread.is_alive() and not self.loop.is_closed():
            self.loop.close()
