"""A small hostile game server for the client's tests: it takes a websocket
on 127.0.0.1 (an ephemeral port), answers the seat's join as a server would, then sends one kind
of bad message. Each connection follows the script its kind names; every loop is bounded in
count and in time, and the server stops with its ``with`` block.

``KINDS`` maps a kind to its script: a function (first message from the client, the connection
number) -> the steps, each a text frame (str), a binary one (bytes), ``("close", code, reason)``,
``("sleep", seconds)`` or ``("repeat", frame, times)``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import threading
from typing import Any
from collections.abc import Callable

from blueprints3d.engine import actions as A
from blueprints3d.net import protocol
from blueprints3d.net.room import Room

ROOM = "HOSTILE1"
TOKEN = "tok-" + "a" * 20

Step = Any
Script = Callable[[dict[str, Any], int], list[Step]]


def enc(kind: str, **fields: Any) -> str:
    return protocol.encode(kind, **fields)


def joined(seat: int = 0) -> str:
    return enc("joined", room=ROOM, seat=seat, token=TOKEN)


def real_view(mine: bool = False, seed: int = 3) -> dict[str, Any]:
    """A true view message of a two-seat game for seat 0 (``mine``: at its move, with its legal
    actions), as a real server sends it."""
    room = Room.create(["@remote", "@remote"], seed, None, None)
    room.join("Ann")
    room.join("Bob")
    rng = random.Random(seed)
    while (room.state.current_player == 0) != mine:
        p = room.state.current_player
        room.act(p, rng.choice(room.state.legal_actions()), room.turn)
    return json.loads(
        room.message_for(
            0,
            [
                {"name": "Ann", "kind": "remote", "connected": True},
                {"name": "Bob", "kind": "remote", "connected": True},
            ],
        )
    )


def view(mine: bool = False, **change: Any) -> str:
    msg = real_view(mine)
    for key, value in change.items():
        if key.startswith("view_"):
            msg["view"][key[5:]] = value
        else:
            msg[key] = value
    return json.dumps(msg)


def _lying_legal() -> str:
    msg = real_view(mine=True)
    pool = [d for d, _v in msg["view"]["pool"]]
    taken = {d for d in range(32)} - set(pool)
    msg["legal"] = [A.place(min(taken), 0)]  # a die that is not in the pool
    return json.dumps(msg)


def _deep_view() -> str:
    msg = real_view()
    deep: Any = 1
    for _ in range(200):  # deep, yet far under 64 KB
        deep = {"x": deep}
    msg["view"]["names"] = [deep, "Bob"]
    return json.dumps(msg)


PRESENCE = enc(
    "presence",
    seats=[
        {"name": "Ann", "kind": "remote", "connected": True},
        {"name": "Bob", "kind": "remote", "connected": False},
    ],
)

# What follows the client's join, kind by kind.
KINDS: dict[str, Callable[[], list[Step]]] = {
    "not json": lambda: [joined(), "this is {not JSON"],
    "a binary frame": lambda: [joined(), b"\x00\x01\x02binary"],
    "a list": lambda: [joined(), "[1, 2, 3]"],
    "a string": lambda: [joined(), '"joined"'],
    "no seat in joined": lambda: [enc("joined", room=ROOM, token=TOKEN)],
    "a seat out of range": lambda: [joined(seat=7)],
    "no token in joined": lambda: [enc("joined", room=ROOM, seat=0)],
    "no view in a view": lambda: [joined(), enc("view", turn=0, legal=[])],
    "a view of the wrong type": lambda: [joined(), enc("view", turn=0, view=[1, 2], legal=[])],
    "a view of a wrong phase": lambda: [joined(), view(view_phase="banana")],
    "a view of another seat": lambda: [joined(seat=1), view()],
    "a die out of range": lambda: [joined(), view(view_pool=[[99, 3]])],
    "a negative die": lambda: [joined(), view(view_pool=[[-1, 3]])],
    "a die value out of range": lambda: [joined(), view(view_pool=[[5, 9]])],
    "a round of 1e999": lambda: [joined(), view(view_round=1e999)],
    "a negative turn": lambda: [joined(), view(turn=-4)],
    "lying legal actions": lambda: [joined(), _lying_legal()],
    "legal actions that are not numbers": lambda: [joined(), view(mine=True, legal=["place"])],
    "no legal action at its move": lambda: [joined(), view(mine=True, legal=[])],
    "a move out of range": lambda: [joined(), view(moved={"seat": 5, "kind": "place", "die": 3})],
    "an over game without the game": lambda: [joined(), view(view_phase="over", legal=[])],
    "a 100 KB frame": lambda: [joined(), enc("presence", seats=[], pad="x" * 100_000)],
    "deep JSON": lambda: [joined(), "[" * 30_000 + "]" * 30_000],
    "a deep view": lambda: [joined(), _deep_view()],
    "another protocol version": lambda: [joined(), json.dumps({"v": 99, "type": "view"})],
    "an unknown type": lambda: [joined(), enc("surprise")],
    "an error that is not text": lambda: [joined(), view(), enc("error", error={"a": 1})],
    "a close at once": lambda: [("close", 1000, "")],
    "silence": lambda: [("sleep", 30)],
    "a presence flood": lambda: [joined(), view(), ("repeat", PRESENCE, 3000)],
    "an error flood": lambda: [joined(), view(), ("repeat", enc("error", error="no"), 3000)],
    "replaced": lambda: [joined(), view(), ("close", 4001, "replaced")],
    "a limit (1013)": lambda: [
        enc("error", error="this server has too many rooms"),
        ("close", 1013, "limit"),
    ],
}


class HostileServer:
    """``with HostileServer(script) as s: s.url``: a websocket server on 127.0.0.1 that plays
    ``script`` (a list of steps, or a function of the connection's number giving them) to every
    connection, and records what each client sent first."""

    def __init__(
        self, script: list[Step] | Callable[[int], list[Step]], lifetime: float = 60.0
    ) -> None:
        self.script = script
        self.lifetime = lifetime
        self.firsts: list[dict[str, Any]] = []
        self.connections = 0
        self.port = 0
        self._loop = asyncio.new_event_loop()
        self._stop: asyncio.Future[None] | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="hostile-server", daemon=True)
        self._handlers: set[asyncio.Task[Any]] = set()

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/{ROOM}"

    @property
    def server(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def __enter__(self) -> HostileServer:
        self._thread.start()
        assert self._ready.wait(10), "the hostile server did not start"
        return self

    def __exit__(self, *exc: object) -> None:
        loop, stop = self._loop, self._stop
        if stop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(lambda: stop.done() or stop.set_result(None))
        self._thread.join(10)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._main())
        self._loop.close()

    async def _main(self) -> None:
        from websockets.asyncio.server import serve

        self._stop = self._loop.create_future()
        async with serve(self._handle, "127.0.0.1", 0, max_size=protocol.MAX_BYTES) as server:
            self.port = server.sockets[0].getsockname()[1]
            self._ready.set()
            with contextlib.suppress(TimeoutError):  # its lifetime is up
                await asyncio.wait_for(asyncio.shield(self._stop), self.lifetime)
            for task in list(self._handlers):  # a handler's script ends with the server
                task.cancel()
            server.close()

    async def _handle(self, ws: Any) -> None:
        number = self.connections
        self.connections += 1
        task = asyncio.current_task()
        assert task is not None
        self._handlers.add(task)
        try:
            first = json.loads(await asyncio.wait_for(ws.recv(), 10))
            self.firsts.append(first)
            steps = self.script(number) if callable(self.script) else self.script
            for step in steps:
                if isinstance(step, (str, bytes)):
                    await ws.send(step)
                elif step[0] == "close":
                    await ws.close(step[1], step[2])
                    return
                elif step[0] == "sleep":
                    await asyncio.sleep(step[1])
                elif step[0] == "repeat":
                    for _ in range(step[2]):
                        await ws.send(step[1])
            await asyncio.sleep(self.lifetime)  # then nothing more: the client decides
        except Exception:
            pass  # the client went: that is its right
