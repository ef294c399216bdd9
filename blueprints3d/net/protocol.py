"""The messages between the server and its clients: one JSON object a websocket text frame, with
the protocol's version and a type, at most ``MAX_BYTES`` long.

    client -> server
      {"v": 1, "type": "create", "seats": ["Ann", "@remote", "@easy"], "takeover": 60}
                                     takeover: seconds a dropped seat waits at its move before
                                     the server's easy computer moves for it (none: it waits);
                                     "seed": N only where the server allows it (serve --allow-seed,
                                     for tests): a seed a player chose would show the secret cards
                                     "public": true: listed in the lobby ("list"; default
                                     false: the code alone finds it); "language": "en", "pt-BR"
      {"v": 1, "type": "join", "room": CODE, "name": "Bob"}        a free remote seat
      {"v": 1, "type": "join", "room": CODE, "name": "Bob", "seat_code": SEATCODE}
                                     takes back the away seat whose seat code that is (a new
                                     token is issued; a seat with a connection cannot be taken)
      {"v": 1, "type": "rejoin", "room": CODE, "token": TOKEN}     the seat that token holds
      {"v": 1, "type": "act", "action": 12, "turn": 5}              ``turn``: the moves made so far
      {"v": 1, "type": "watch", "room": CODE}                      a spectator: the public view
      {"v": 1, "type": "list"}                                     the lobby: open public rooms
    server -> client
      {"v": 1, "type": "created", "room": CODE, "seats": [...]}
      {"v": 1, "type": "joined", "room": CODE, "seat": 1, "token": TOKEN, "seat_code": SEATCODE}
                                     seat_code: this seat's way back from another machine,
                                     to its player only
      {"v": 1, "type": "rooms", "rooms": [{"room": CODE, "host": "Ann", "free": 1, "seats": 3,
       "language": "en", "waiting": 42, "url": "wss://.../CODE"}, ...]}
                                     the open public rooms (a free seat, not over), newest
                                     first, at most MAX_LISTED; language null when not said;
                                     waiting: whole seconds since the room was created; url
                                     only behind ``serve --public-url``
      {"v": 1, "type": "view", "turn": 5, "view": {...}, "legal": [...],   legal: to the mover only
       "moved": {"seat": 2, "kind": "place", "die": 17}, "seats": [...], "game": {...}}
                                     moved: the move that led here ("cell" to its own seat only);
                                     seats: name, kind, connected; game: the save, once over
      {"v": 1, "type": "presence", "seats": [...]}                 someone came or went
      {"v": 1, "type": "error", "error": "one line", "message": {...}}   message: the same, to translate

    The server closes a connection with code 4001 ("replaced") when a newer connection took its
    seat with the seat's token, 1013 (try again later) after an error for a limit (too many
    rooms or connections), 1001 ("idle") after a time with nothing said either way, 1001
    ("room closed") when its room is removed, and 1001 ("server closing", ``SERVER_CLOSING``)
    to every connection when the server stops: the host has left; its rooms wait on its disk.

A client's message that is not one of these (not JSON, not an object, another version, a field
of the wrong type or out of range) is refused with ``ProtocolError`` naming the problem.
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Container
from typing import Any

VERSION = 1
MAX_BYTES = 64 * 1024  # a view of a four-player game is some kilobytes
MAX_NAME = 24
MAX_SEATS = 4
MAX_TAKEOVER = 24 * 3600
MAX_SEED = 2**64 - 1  # a seed the server was allowed to take (serve --allow-seed): tests
DEFAULT_PORT = 8765  # where `serve` and `host` listen unless told, and a join address's port
# A new room's code: six characters a person reads out and types, from an alphabet without the
# look-alikes 0/O and 1/I/L (31**6 is about 890 million codes; the server retries a clash).
ROOM_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
ROOM_CODE_LENGTH = 6
SEAT_CODE_LENGTH = 6  # a person seat's code, from the same alphabet: its way back from elsewhere
MAX_LISTED = 50  # rooms in a lobby answer, at most
SERVER_CLOSING = "server closing"  # the close reason (code 1001) of a server that stops
# A language as a table says it (discovery's rule too): 2 or 3 letters, then a region or variant.
LANGUAGE = re.compile(r"[a-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})?")
OLD_ROOM_CODE_CHARS = 10  # earlier servers' codes: secrets.token_urlsafe(8) cut to ten
_CODE_TRIES = 100  # a clash in a hundred draws in a row means the alphabet is nearly full
# Room codes and tokens on the wire are letters, digits, - and _, nothing else (no spaces around
# them, no path separators): both the six-character codes and the older urlsafe ones.
_URLSAFE = re.compile(r"[A-Za-z0-9_-]{1,64}")


def is_room_code(text: str) -> bool:
    """Whether ``text`` can name a room on the wire and in a room file's name: a six-character
    code as ``new_room_code`` draws it, or an older server's urlsafe one (which still load)."""
    return _URLSAFE.fullmatch(text) is not None


def new_room_code(taken: Container[str] = ()) -> str:
    """A fresh room code: ``ROOM_CODE_LENGTH`` characters of ``ROOM_CODE_ALPHABET`` drawn with
    ``secrets`` (a code is the key to a room's free seats, so it must not be guessable from the
    ones before it), none of ``taken``; drawn again on a clash."""
    for _attempt in range(_CODE_TRIES):
        code = "".join(secrets.choice(ROOM_CODE_ALPHABET) for _k in range(ROOM_CODE_LENGTH))
        if code not in taken:
            return code
    raise RuntimeError(f"no free room code in {_CODE_TRIES} draws")


def new_seat_code(taken: Container[str] = ()) -> str:
    """A person seat's code: ``SEAT_CODE_LENGTH`` characters of ``ROOM_CODE_ALPHABET`` drawn
    with ``secrets``, none of ``taken`` (the room's other seats' codes)."""
    for _attempt in range(_CODE_TRIES):
        code = "".join(secrets.choice(ROOM_CODE_ALPHABET) for _k in range(SEAT_CODE_LENGTH))
        if code not in taken:
            return code
    raise RuntimeError(f"no free seat code in {_CODE_TRIES} draws")


def is_seat_code(text: str) -> bool:
    return len(text) == SEAT_CODE_LENGTH and all(ch in ROOM_CODE_ALPHABET for ch in text)


def is_language(text: str) -> bool:
    return LANGUAGE.fullmatch(text) is not None


def is_token(text: str) -> bool:
    return _URLSAFE.fullmatch(text) is not None


class ProtocolError(ValueError):
    """A message the server cannot take: its one-line reason."""


def encode(kind: str, **fields: Any) -> str:
    return json.dumps(
        {"v": VERSION, "type": kind, **fields}, separators=(",", ":"), ensure_ascii=False
    )


def _text(msg: dict[str, Any], key: str, most: int) -> str:
    value = msg.get(key)
    if (
        not isinstance(value, str)
        or not value.strip()
        or len(value) > most
        or not value.isprintable()
    ):
        raise ProtocolError(f'"{key}" must be printable text of 1 to {most} characters')
    return value.strip()


def _code(msg: dict[str, Any], key: str) -> str:
    """A room code or a token, exactly as the server gave it."""
    value = msg.get(key)
    if not isinstance(value, str) or not is_room_code(value):
        raise ProtocolError(f'"{key}" must be 1 to 64 letters, digits, - and _')
    return value


def _int(msg: dict[str, Any], key: str, lo: int, hi: int) -> int:
    value = msg.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ProtocolError(f'"{key}" must be a whole number from {lo} to {hi}')
    return value


def decode(raw: str | bytes) -> dict[str, Any]:
    """A client's message, checked: its fields as the server may use them."""
    if isinstance(raw, bytes):
        raise ProtocolError("messages are JSON text frames, not binary ones")
    if len(raw.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise ProtocolError(f"a message is at most {MAX_BYTES} bytes")
    try:
        msg = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("not JSON") from None
    if not isinstance(msg, dict):
        raise ProtocolError("a message is a JSON object")
    if msg.get("v") != VERSION:
        raise ProtocolError(f"this server speaks version {VERSION} of the protocol")
    kind = msg.get("type")
    if kind == "create":
        seats = msg.get("seats")
        if not isinstance(seats, list) or not 2 <= len(seats) <= MAX_SEATS:
            raise ProtocolError(f'"seats" must list 2 to {MAX_SEATS} seats')
        out: dict[str, Any] = {
            "type": kind,
            "seats": [_text({"s": s}, "s", MAX_NAME) for s in seats],
        }
        out["seed"] = _int(msg, "seed", 0, MAX_SEED) if "seed" in msg else None
        out["takeover"] = _int(msg, "takeover", 0, MAX_TAKEOVER) if "takeover" in msg else None
        out["public"] = msg.get("public", False)
        if not isinstance(out["public"], bool):
            raise ProtocolError('"public" must be true or false')
        language = msg.get("language")
        if language is not None and (not isinstance(language, str) or not is_language(language)):
            raise ProtocolError('"language" must be 2 or 3 letters, then a region, like pt-BR')
        out["language"] = language
        return out
    if kind == "join":
        out = {"type": kind, "room": _code(msg, "room"), "name": _text(msg, "name", MAX_NAME)}
        seat_code = msg.get("seat_code")
        if seat_code is not None and (
            not isinstance(seat_code, str) or not is_seat_code(seat_code.upper())
        ):
            raise ProtocolError(
                f'"seat_code" must be {SEAT_CODE_LENGTH} letters and digits of the seat\'s code'
            )
        out["seat_code"] = seat_code.upper() if seat_code is not None else None
        return out
    if kind == "list":
        return {"type": kind}
    if kind == "rejoin":
        return {"type": kind, "room": _code(msg, "room"), "token": _code(msg, "token")}
    if kind == "watch":
        return {"type": kind, "room": _code(msg, "room")}
    if kind == "act":
        return {
            "type": kind,
            "action": _int(msg, "action", 0, 10**6),
            "turn": _int(msg, "turn", 0, 10**6),
        }
    raise ProtocolError('"type" must be create, join, rejoin, watch, act or list')
