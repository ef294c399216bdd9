"""A seat played over the network without a window: it joins (or rejoins with its token) and, at
each of its moves, picks one of the legal actions the server sent it (a random player), or lets
a computer of any level choose from a state rebuilt from the seat's view alone, until the game
is over.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass
from typing import Any

from websockets.sync.client import connect

from blueprints3d.net import protocol, wire


@dataclass
class Seat:
    room: str
    seat: int
    token: str


def send(ws: Any, kind: str, **fields: Any) -> None:
    ws.send(protocol.encode(kind, **fields))


def receive(ws: Any, timeout: float = 30.0) -> dict[str, Any]:
    msg = json.loads(ws.recv(timeout=timeout))
    if not isinstance(msg, dict):
        raise ValueError("the server sent something that is not a message")
    return msg


def create_room(url: str, seats: list[str], seed: int | None = None, takeover: int | None = None) -> str:
    """A new room on the server at ``url``: its code."""
    extra = {k: v for k, v in (("seed", seed), ("takeover", takeover)) if v is not None}
    with connect(url, max_size=protocol.MAX_BYTES) as ws:
        send(ws, "create", seats=seats, **extra)
        msg = receive(ws)
        if msg.get("type") != "created":
            raise RuntimeError(f"the server refused the room: {msg.get('error', msg)}")
        return str(msg["room"])


def choose(level: str, msg: dict[str, Any], seat: int, rng: random.Random) -> int:
    """The move a computer of ``level`` makes from what the server sent its seat: a random
    player picks one of the legal actions; the others decide from the seat's view alone (the
    bots' own ``view_of``: they never see more than the view, at the local table either)."""
    legal = msg["legal"]
    if level == "random":
        return int(rng.choice(legal))
    from blueprints3d.ai import make_bot

    action = make_bot(level, seed=rng.randrange(2**31)).choose(wire.view_from_data(msg["view"]), seat)
    return action if action in legal else int(rng.choice(legal))


def play_random(url: str, room: str, name: str = "", seed: int = 0, token: str | None = None,
                stop_after: int | None = None, timings: list[float] | None = None,
                level: str = "random") -> tuple[Seat, dict[str, Any]]:
    """Play a seat of ``room`` as a computer of ``level`` (random: a random legal move) until
    the game is over (or after ``stop_after`` of its own moves: a client that drops). Returns
    the seat and its last view. ``timings``: each move's seconds from sending it to the view it
    brought (benchmarks)."""
    rng = random.Random(seed)
    with connect(url, max_size=protocol.MAX_BYTES) as ws:
        if token is None:
            send(ws, "join", room=room, name=name or "Guest")
        else:
            send(ws, "rejoin", room=room, token=token)
        joined = receive(ws)
        if joined.get("type") != "joined":
            raise RuntimeError(f"could not join: {joined.get('error', joined)}")
        seat = Seat(room, int(joined["seat"]), str(joined["token"]))
        moves = 0
        last: dict[str, Any] = {}
        sent_at: float | None = None
        while True:
            msg = receive(ws)
            if msg.get("type") == "presence":
                continue        # someone came or went: the game is where it was
            if sent_at is not None and msg.get("type") == "view" and timings is not None:
                timings.append(time.perf_counter() - sent_at)
            sent_at = None
            if msg.get("type") == "error":
                continue        # a move of ours came late: the next view says where the game is
            last = msg["view"]
            if last["phase"] == "over":
                return seat, last
            if msg["legal"]:
                if stop_after is not None and moves >= stop_after:
                    return seat, last
                action = choose(level, msg, seat.seat, rng)
                sent_at = time.perf_counter()
                send(ws, "act", action=action, turn=msg["turn"])
                moves += 1
