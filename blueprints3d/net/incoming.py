"""What a server sends, checked before anything uses it: a client treats every message from the
network as it treats a save file, as untrusted input.

``read`` takes one frame as it came off the socket and gives an ``Incoming`` whose fields can be
used as they are (the view rebuilt, its legal actions ones the rebuilt state really allows, the
seats and the move in range), or raises ``BadServer`` naming the first problem in one line (its
``message`` to translate, ``str`` the English). The headless client (``net/client.py``) and the
table's link (``net/connection.py``) both read through here, so they agree on what is sane.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any
from collections.abc import Sequence

from blueprints3d.engine.actions import MAX_CELLS
from blueprints3d.engine.determinize import state_from_view
from blueprints3d.engine.materials import NUM_DICE
from blueprints3d.engine.rules import DIE_FACES, NUM_ROUNDS
from blueprints3d.engine.state import GameState
from blueprints3d.engine.views import PlayerView
from blueprints3d.files.savefile import game_from_json
from blueprints3d.i18n.message import Message
from blueprints3d.net import protocol, wire

KINDS = ("joined", "view", "presence", "error", "created")
MAX_DEPTH = 32  # a real view nests 16 deep (a tie's Message in a round's Award)
MAX_TEXT = 400  # characters in a server's error line or a seat's name, at most
MAX_TURN = 10**6  # as the protocol bounds a client's "turn"
CHATTER = 100  # presence and error messages in a row, with no view between: a flood


class NetError(RuntimeError):
    """The end of a network session: its one-line reason (``message`` to translate, ``str`` the
    English)."""

    def __init__(self, message: Message) -> None:
        super().__init__(str(message))
        self.message = message


class BadServer(NetError):
    """What the server sent is not a message this client can take."""


@dataclass(frozen=True)
class Incoming:
    """A message from the server, checked. For a view: the seat's ``PlayerView``, a full state
    rebuilt from it alone (``determinize``: what the view hides is made up, and the table never
    shows it), and once the game is over the real game from its save."""

    kind: str  # joined / view / presence / error / status (the link's own)
    msg: dict[str, Any]
    view: PlayerView | None = None
    state: GameState | None = None
    game: GameState | None = None


def unreadable(detail: str) -> BadServer:
    return BadServer(Message.of("the server's message cannot be read: {detail}", detail=detail))


def flooded(n: int) -> BadServer:
    return BadServer(Message.of("the server sent {n} messages in a row without a view", n=n))


def too_big() -> BadServer:
    return BadServer(
        Message.of("the server sent a message over {most} bytes", most=protocol.MAX_BYTES)
    )


# -- the frame ----------------------------------------------------------------------------------


def _depth(value: Any) -> int:
    """How deep lists and objects nest in ``value`` (iterative: a deep one cannot recurse here)."""
    most, todo = 0, [(value, 1)]
    while todo:
        x, d = todo.pop()
        if isinstance(x, dict):
            most = max(most, d)
            todo.extend((v, d + 1) for v in x.values())
        elif isinstance(x, list):
            most = max(most, d)
            todo.extend((v, d + 1) for v in x)
    return most


def parse(raw: Any, kinds: Sequence[str] = KINDS) -> dict[str, Any]:
    """One frame as a message object of a type of ``kinds``; BadServer when it is not one."""
    if not isinstance(raw, str):
        raise BadServer(Message.of("the server sent a binary frame, not a JSON text message"))
    if (
        len(raw) > protocol.MAX_BYTES
        or len(raw.encode("utf-8", "surrogatepass")) > protocol.MAX_BYTES
    ):
        raise too_big()
    try:
        msg = json.loads(raw)
    except RecursionError:
        raise BadServer(Message.of("the server sent JSON nested too deep")) from None
    except ValueError:
        raise BadServer(Message.of("the server sent something that is not JSON")) from None
    if _depth(msg) > MAX_DEPTH:
        raise BadServer(Message.of("the server sent JSON nested too deep"))
    if not isinstance(msg, dict):
        raise BadServer(
            Message.of("the server sent something that is not a message (a JSON object)")
        )
    if msg.get("v") != protocol.VERSION:
        raise BadServer(
            Message.of(
                "the server speaks another version of the protocol (this client speaks {v})",
                v=protocol.VERSION,
            )
        )
    if msg.get("type") not in kinds:
        raise unreadable(f'"type" is {_shown(msg.get("type"))}, not one of {", ".join(kinds)}')
    return msg


def _shown(value: Any) -> str:
    text = json.dumps(value) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _int(value: Any, lo: int, hi: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise unreadable(f"{what} is {_shown(value)}, not a whole number from {lo} to {hi}")
    return value


def _text(value: Any, what: str, most: int = MAX_TEXT) -> str:
    if not isinstance(value, str) or len(value) > most:
        raise unreadable(f"{what} is not text of at most {most} characters")
    return value


checked_int = _int  # for the other readers of what a server sends (lobby.py)
checked_text = _text


# -- each kind ----------------------------------------------------------------------------------


def read(
    raw: Any, seat: int | None = None, room: str | None = None, players: int | None = None
) -> Incoming:
    """The frame ``raw`` as an ``Incoming``; ``seat``: ours once joined (a view must be its view),
    ``room``: the room asked for, ``players``: the game's seats once a view has told them."""
    msg = parse(raw)
    kind = msg["type"]
    if kind == "view":
        return read_view(msg, seat, players)
    if kind == "joined":
        if room is not None and msg.get("room") != room:
            raise unreadable(f'"room" is {_shown(msg.get("room"))}, not the room asked for')
        _int(msg.get("seat"), 0, protocol.MAX_SEATS - 1, '"seat"')
        if players is not None:
            _int(msg.get("seat"), 0, players - 1, '"seat"')
        if not isinstance(msg.get("token"), str) or not protocol.is_token(msg["token"]):
            raise unreadable('"token" is not 1 to 64 letters, digits, - and _')
        code = msg.get("seat_code")
        if code is not None and (not isinstance(code, str) or not protocol.is_seat_code(code)):
            raise unreadable('"seat_code" is not a seat code')
    elif kind == "created":
        if not isinstance(msg.get("room"), str) or not protocol.is_room_code(msg["room"]):
            raise unreadable('"room" is not a room code')
    elif kind == "presence":
        _seats(msg.get("seats"), players)
    elif kind == "error":
        _text(msg.get("error"), '"error"')
        if "message" in msg:
            try:
                wire.message_from_data(msg["message"])
            except wire.WireError as e:
                raise unreadable(f'"message": {e}') from None
    return Incoming(kind, msg)


def _seats(seats: Any, players: int | None) -> None:
    """Who sits where: one object a seat (name, kind, connected)."""
    if (
        not isinstance(seats, list)
        or not 1 <= len(seats) <= protocol.MAX_SEATS
        or (players is not None and len(seats) != players)
    ):
        raise unreadable('"seats" is not a list with one entry for each seat')
    for s in seats:
        if not isinstance(s, dict):
            raise unreadable('a seat in "seats" is not an object')
        _text(s.get("name", ""), "a seat's name")
        _text(s.get("kind", "remote"), "a seat's kind", 16)
        if not isinstance(s.get("connected", True), bool):
            raise unreadable('a seat\'s "connected" is not true or false')


def _dice(rows: Any, what: str) -> None:
    for d in rows:
        _int(d.die, 0, NUM_DICE - 1, f"a die in {what}")
        _int(d.value, 1, DIE_FACES, f"a die's value in {what}")


def _seat(p: Any, players: int, what: str) -> None:
    _int(p, 0, players - 1, what)


def _order(order: Any, players: int, what: str) -> None:
    if sorted(order) != list(range(players)):
        raise unreadable(f"{what} is not an order of the {players} seats")


def check_view(view: PlayerView, seat: int | None) -> None:
    """The facts of a view in range: seats, dice, rounds, per-seat parts one a seat."""
    n = _int(view.players, 2, protocol.MAX_SEATS, "the view's players")
    _seat(view.player, n, "the view's player")
    if seat is not None and view.player != seat:
        raise unreadable(f"the view is seat {view.player + 1}'s, not this seat's ({seat + 1})")
    if len(view.names) != n or any(len(name) > MAX_TEXT for name in view.names):
        raise unreadable("the view's names are not one short name a seat")
    _int(view.round, 1, NUM_ROUNDS + 1, "the view's round")
    if view.current_player is not None:
        _seat(view.current_player, n, "the seat to move")
    _order(view.turn_order, n, "the view's turn order")
    _int(view.turns_done, 0, NUM_DICE, "the view's turns done")
    _int(view.bag_count, 0, NUM_DICE, "the bag's count")
    _int(view.deck_count, 0, 1000, "the deck's count")
    _dice(view.pool, "the pool")
    _dice(view.discarded, "the discarded dice")
    parts: tuple[tuple[Sequence[object], str], ...] = (
        (view.taken, "taken"),
        (view.set_aside, "set aside"),
        (view.blueprints, "blueprints"),
        (view.buildings, "buildings"),
    )
    for part, what in parts:
        if len(part) != n:
            raise unreadable(f"the view's {what} do not have one entry a seat")
    for t in view.taken + view.set_aside:
        _dice(t, "a seat's dice")
    for b in view.buildings:
        if b is not None:
            if len(b) > MAX_CELLS:
                raise unreadable("a building has more spaces than a card")
            for st in b:
                _dice(st, "a building")
    if len(view.round_results) > NUM_ROUNDS:
        raise unreadable("the view has more scored rounds than the game")
    for k, r in enumerate(view.round_results):
        if r.round != k + 1:
            raise unreadable("the view's scored rounds are out of order")
        _order(r.turn_order, n, "a scored round's turn order")
        scored: tuple[tuple[Sequence[object], str], ...] = (
            (r.blueprints, "blueprints"),
            (r.buildings, "buildings"),
            (r.set_aside, "set aside"),
            (r.scores, "scores"),
            (r.stacks, "stacks"),
            (r.set_aside_dice, "set-aside dice"),
        )
        for part, what in scored:
            if len(part) != n:
                raise unreadable(f"a scored round's {what} do not have one entry a seat")
        for placements in (r.awards, r.prizes):
            for pl in placements.values():
                _seat(pl.player, n, "a scored round's winner")
        for stacks in r.stacks:
            if len(stacks) > MAX_CELLS:
                raise unreadable("a scored building has more spaces than a card")
            for ids in stacks:
                for d in ids:
                    _int(d, 0, NUM_DICE - 1, "a die in a scored round")
        for s in r.set_aside_dice:
            for d in s:
                _int(d, 0, NUM_DICE - 1, "a die in a scored round")
        if len(r.values) != NUM_DICE:
            raise unreadable("a scored round does not give every die's value")
        for v in r.values:
            _int(v, 1, DIE_FACES, "a die's value in a scored round")
    if view.result is not None:
        res = view.result
        if len(res.victory_points) != n or len(res.awards) != n or len(res.prizes) != n:
            raise unreadable("the game's result does not have one entry a seat")
        for w in res.winners:
            _seat(w, n, "a winner")


def _moved(moved: Any, players: int) -> None:
    if not isinstance(moved, dict):
        raise unreadable('"moved" is not an object')
    _seat(moved.get("seat"), players, 'the seat that "moved"')
    if moved.get("kind") not in ("place", "set_aside", "discard"):
        raise unreadable('"moved" is not a place, set_aside or discard')
    _int(moved.get("die"), 0, NUM_DICE - 1, 'the die that "moved"')
    if moved.get("cell") is not None:
        _int(moved["cell"], 0, MAX_CELLS - 1, 'the space that "moved"')


def read_view(msg: dict[str, Any], seat: int | None, players: int | None = None) -> Incoming:
    """A view message: the view rebuilt and checked, its legal actions ones the rebuilt state
    allows this seat, the game once it is over."""
    _int(msg.get("turn"), 0, MAX_TURN, '"turn"')
    data = msg.get("view")
    if not isinstance(data, dict):
        raise unreadable('"view" is not an object')
    try:
        view = wire.view_from_data(data)
    except wire.WireError as e:  # its own words: "the server's view cannot be read (...)"
        raise BadServer(Message.of("{reason}", reason=str(e))) from None
    except Exception as e:  # int(1e999) and the like: what view_from_data does not name
        raise unreadable(f"the view ({type(e).__name__}: {e})") from None
    check_view(view, seat)
    if players is not None and view.players != players:
        raise unreadable(f"the view has {view.players} seats; the game has {players}")
    legal = msg.get("legal", [])
    if not isinstance(legal, list) or len(legal) > 4096:
        raise unreadable('"legal" is not a list of actions')
    for a in legal:
        _int(a, 0, 10**6, "a legal action")
    if "seats" in msg:
        _seats(msg["seats"], view.players)
    if "moved" in msg:
        _moved(msg["moved"], view.players)
    if view.is_over:
        if legal:
            raise unreadable("the game is over, and the server still gives legal actions")
        if "game" not in msg:
            raise unreadable("the game is over, and the server did not send it")
        try:
            game = game_from_json(msg["game"])[0]
        except Exception as e:  # a save that cannot be rebuilt, whatever the reason
            raise unreadable(f"the finished game ({type(e).__name__}: {e})") from None
        if not game.is_over or len(game.names) != view.players:
            raise unreadable("the finished game the server sent is not this game, over")
        return Incoming("view", msg, view, None, game)
    if "game" in msg:
        raise unreadable("the server sent a whole game before it is over")
    try:
        state = state_from_view(view, random.Random(0))
    except RecursionError:
        raise unreadable("the view cannot be played from (nested too deep)") from None
    except Exception as e:  # the engine's rebuild refuses a view that cannot be: said
        raise unreadable(f"the view cannot be played from ({type(e).__name__}: {e})") from None
    state.round_results = list(view.round_results)
    if legal:
        if view.current_player != view.player:
            raise BadServer(
                Message.of("the server gave legal actions to a seat that is not to move")
            )
        allowed = set(state.legal_actions())
        if not set(legal) <= allowed:
            raise BadServer(
                Message.of("the server's legal actions are not moves this seat can make")
            )
    elif view.current_player == view.player:
        raise BadServer(Message.of("it is this seat's move, and the server gave no legal action"))
    return Incoming("view", msg, view, state, None)
