"""One game the server owns: its state, its seats (a person to join, or a computer the server
runs), the secret token of each joined seat, and its save after every move.

No sockets and no asyncio here: the server calls ``join``, ``rejoin``, ``act`` and
``bot_to_move``, and sends what ``message_for`` gives each seat. A seat sees only its own engine
view; the seat to move gets its legal actions too.
"""

from __future__ import annotations

import dataclasses
import json
import os
import secrets
import time
from collections.abc import Callable, Container
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from blueprints3d.engine import actions as A
from blueprints3d.engine.errors import IllegalAction
from blueprints3d.engine.state import GameState
from blueprints3d.files.errors import SaveFileError
from blueprints3d.files.jsonfile import clean_stray_temps, stamp, write_bytes_atomic
from blueprints3d.files.savefile import game_bytes, game_to_json, load_game
from blueprints3d.i18n.message import Message
from blueprints3d.net import protocol, wire
from blueprints3d.text import clean_name, display

_ROUNDS_MARKER = "\x01rounds"
_ROUNDS_ENCODED = json.dumps(_ROUNDS_MARKER)
REMOTE = "@remote"  # a seat for someone to join over the network
BOT_PREFIX = "@"  # "@easy", "@expert": a computer seat the server plays


class RoomError(ValueError):
    """A request the room refuses (its one-line reason, a Message the client says in its
    player's language; ``str`` is the English); nothing changed."""

    def __init__(self, message: Message) -> None:
        super().__init__(str(message))
        self.message = message


@dataclass
class Seat:
    kind: str  # "remote" or a bot level
    name: str
    token: str | None = None  # set when someone joins it
    named_by_joiner: bool = False  # "@remote": the first to join names it
    seat_code: str | None = None  # a person seat's way back from another machine (its player's)

    @property
    def is_bot(self) -> bool:
        return self.kind != "remote"


@dataclass
class Room:
    code: str
    state: GameState
    seats: list[Seat]
    folder: Path | None = None
    takeover: float | None = None  # seconds a dropped seat waits at its move, then a computer moves
    last: tuple[int, int] | None = None  # (seat, action) of the last move, told with the next views
    touched: float = field(default_factory=time.time)  # when someone last joined or moved (epoch s)
    public: bool = False  # listed in the server's lobby; else found by its code only
    language: str | None = None  # the language its host's table speaks, as the lobby shows it
    created: float = field(default_factory=time.time)  # when it was opened (epoch s)
    filled_codes: bool = field(default=False, repr=False, compare=False)  # loaded without some
    _rounds: tuple[int, str] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def create(
        cls,
        specs: list[str],
        seed: int | None = None,
        folder: Path | None = None,
        takeover: float | None = None,
        *,
        taken: Container[str] = (),
        public: bool = False,
        language: str | None = None,
    ) -> Room:
        """A room for ``specs``: "@remote" (someone joins), "@easy".."@expert" (the server's
        computer), any other text: a seat for someone to join, named so; at least one seat is
        a person's. No two seats share a name (the computers keep theirs; a person who chose a
        taken one gets "name 2"). Its code is none of ``taken`` (the server's rooms). ``seed``
        None: drawn here, 64 bits from ``secrets``: nobody who plays can know the cards and the
        bag. ``public``: listed in the lobby, with ``language``. The caller saves the room
        (``save``)."""
        from blueprints3d.ai import LEVELS

        seats = []
        for k, spec in enumerate(specs):
            if spec == REMOTE:
                seats.append(Seat("remote", f"Player {k + 1}", named_by_joiner=True))
            elif spec.startswith(BOT_PREFIX):
                level = spec[1:]
                if level not in LEVELS:
                    raise RoomError(
                        Message.of(
                            "unknown computer level {level}: expected one of {levels}",
                            level=repr(level),
                            levels=", ".join(LEVELS),
                        )
                    )
                seats.append(Seat(level, f"Computer {k + 1}"))
            else:
                seats.append(Seat("remote", clean_name(spec, f"Player {k + 1}")))
        if all(s.is_bot for s in seats):
            raise RoomError(Message.of("a room needs a seat for a person: @remote or a name"))
        names = {s.name for s in seats if s.is_bot}
        for seat in seats:
            if not seat.is_bot:
                seat.name = _free(seat.name, names)
                names.add(seat.name)
        seed = secrets.randbits(SEED_BITS) if seed is None else seed
        state = GameState.new(len(seats), seed, 0, [s.name for s in seats])
        _give_seat_codes(seats)
        room = cls(protocol.new_room_code(taken), state, seats, folder, takeover)
        room.public, room.language = public, language
        return room

    # -- seats ------------------------------------------------------------------------------

    def join(self, name: str) -> tuple[int, str]:
        """The first free remote seat for ``name``: (seat, its token). The caller saves."""
        for k, seat in enumerate(self.seats):
            if not seat.is_bot and seat.token is None:
                seat.token = secrets.token_urlsafe(24)
                if seat.named_by_joiner:
                    # An "@remote" seat takes its player's name (a save replays its log under
                    # the names it holds, so a name may change while the game goes on).
                    taken = {n for j, n in enumerate(self.state.names) if j != k}
                    seat.name = self.state.names[k] = _free(clean_name(name, seat.name), taken)
                self.touch()
                return k, seat.token
        raise RoomError(Message.of("this room has no free seat"))

    def reclaim(self, seat_code: str, held: Container[int]) -> tuple[int, str]:
        """The person seat whose code is ``seat_code``, taken back by its player from wherever
        they are: (seat, a new token; the old one opens it no more). Every seat's code is
        compared in full, in constant time. Refused like a wrong token when no seat has that
        code, and when the seat is ``held`` (a connection plays it now). The caller saves."""
        found = None
        for k, seat in enumerate(self.seats):
            code = seat.seat_code or ""
            if secrets.compare_digest(code.encode(), seat_code.encode()) and code:
                found = k
        if found is None:
            raise RoomError(Message.of("no seat of this room has that seat code"))
        if found in held:
            raise RoomError(
                Message.of(
                    "that seat is being played now; its seat code takes it back only while it is away"
                )
            )
        self.seats[found].token = secrets.token_urlsafe(24)
        self.touch()
        return found, self.seats[found].token or ""

    def rejoin(self, token: str) -> int:
        for k, seat in enumerate(self.seats):
            if seat.token is not None and secrets.compare_digest(
                seat.token.encode(), token.encode()
            ):
                self.touch()
                return k
        raise RoomError(Message.of("no seat of this room holds that token"))

    def touch(self) -> None:
        """Someone used the room: its expiry counts from now."""
        self.touched = time.time()

    # -- the game ---------------------------------------------------------------------------

    @property
    def turn(self) -> int:
        """Moves made so far: an action names it, so a replayed or stale one is refused."""
        return len(self.state.log)

    def act(self, seat: int, action: int, turn: int) -> None:
        """``seat`` makes ``action``, meant for move number ``turn``; RoomError (nothing
        changed) when it is not that seat's move, the move is stale, or the engine refuses it."""
        if turn != self.turn:
            raise RoomError(
                Message.of(
                    "that action was for move {turn}; the game is at move {now}",
                    turn=turn,
                    now=self.turn,
                )
            )
        if self.state.current_player != seat:
            raise RoomError(Message.of("it is not your move"))
        try:
            self.state.apply(action)
        except IllegalAction as e:
            raise RoomError(
                e.message
                if isinstance(e.message, Message)
                else Message.of("{reason}", reason=str(e))
            ) from None
        self.last = (seat, action)
        self.touch()

    def bot_to_move(self) -> tuple[int, str] | None:
        """(seat, level) when the seat to move is one of the server's computers."""
        p = self.state.current_player
        if p is None or not self.seats[p].is_bot:
            return None
        return p, self.seats[p].kind

    def message_for(self, seat: int, presence: list[dict[str, Any]] | None = None) -> str:
        """What ``seat`` is sent after every move: its view (``wire.view_data``), its legal
        actions when it is its move, the move just made as everyone saw it (which die, taken,
        set aside or discarded; the space only to the seat that chose it), who sits where
        (``presence``), and once the game is over the whole game in the save format, which is
        public then. Nothing of another seat's blueprint, building or the bag's dice before
        that. ``SPECTATOR``: the public view."""
        state = self.state
        legal = state.legal_actions() if state.current_player == seat else []
        # The scored rounds are the bulk of a view late in the game, the same for every seat and
        # unchanged until the next round ends: written once (_rounds_text) and spliced in where
        # a marker stands; the marker's control character is in no name, no id, no number.
        view = wire.view_data(dataclasses.replace(state.view(seat), round_results=()))
        view["round_results"] = _ROUNDS_MARKER
        fields: dict[str, Any] = {"turn": self.turn, "view": view, "legal": legal}
        if self.last is not None:
            who, action = self.last
            k = A.decode(action)
            moved: dict[str, Any] = {"seat": who, "kind": k.kind.value, "die": k.die}
            if who == seat and k.cell is not None:
                moved["cell"] = k.cell
            fields["moved"] = moved
        if presence is not None:
            fields["seats"] = presence
        if state.is_over:
            fields["game"] = game_to_json(state)
        return protocol.encode("view", **fields).replace(_ROUNDS_ENCODED, self._rounds_text(), 1)

    def _rounds_text(self) -> str:
        """The scored rounds as the view's JSON has them (``wire.round_data``), made once a round."""
        done = self.state.round_results
        if self._rounds is None or self._rounds[0] != len(done):
            self._rounds = (
                len(done),
                json.dumps(
                    [wire.round_data(r) for r in done], separators=(",", ":"), ensure_ascii=False
                ),
            )
        return self._rounds[1]

    # -- saving -----------------------------------------------------------------------------

    def meta(self) -> dict[str, Any]:
        return {
            "room": self.code,
            "takeover": self.takeover,
            "touched": round(self.touched, 3),
            "created": round(self.created, 3),
            "public": self.public,
            "language": self.language,
            "seats": [
                {
                    "kind": s.kind,
                    "name": s.name,
                    "token": s.token,
                    "named_by_joiner": s.named_by_joiner,
                    "seat_code": s.seat_code,
                }
                for s in self.seats
            ],
        }

    def save_bytes(self) -> bytes:
        """The room in the save format, as ``save`` writes it (made under the room's lock; the
        writing may then go to a thread)."""
        return game_bytes(self.state, self.meta())

    def save(self, data: bytes | None = None) -> None:
        """The room in the save format, after every move: a server killed at any moment resumes
        it (``load``)."""
        if self.folder is not None:
            write_bytes_atomic(self.path, data if data is not None else self.save_bytes())

    @property
    def path(self) -> Path:
        assert self.folder is not None
        return self.folder / f"{FILE_PREFIX}{self.code}.json"

    @classmethod
    def load(cls, path: Path) -> Room:
        """A saved room, checked as strictly as a save file: RoomFileError names what is wrong.
        Its code is the file's name, never what the file says of itself."""
        code = code_of(path)
        if code is None:
            raise RoomFileError(f"{path.name} is not named room-CODE.json")
        state, meta = load_game(path)
        where = path.name

        def bad(what: str) -> RoomFileError:
            return RoomFileError(f"{where}: {what}")

        takeover = meta.get("takeover")
        if takeover is not None and (
            isinstance(takeover, bool)
            or not isinstance(takeover, (int, float))
            or not 0 <= takeover <= protocol.MAX_TAKEOVER
        ):
            raise bad(f'"takeover" must be empty or seconds from 0 to {protocol.MAX_TAKEOVER}')
        touched = meta.get("touched", path.stat().st_mtime)
        if (
            isinstance(touched, bool)
            or not isinstance(touched, (int, float))
            or not 0 <= touched < 2**40
        ):
            raise bad('"touched" must be a time')
        raw = meta.get("seats")
        if not isinstance(raw, list) or len(raw) != state.num_players:
            raise bad(f'"seats" must list the game\'s {state.num_players} seats')
        seats = [_seat_from(k, s, state.names[k], bad) for k, s in enumerate(raw)]
        if all(s.is_bot for s in seats):
            raise bad("no seat is a person's")
        public, language, created = _lobby_fields(meta, float(touched), bad)
        room = cls(code, state, seats, path.parent, takeover, touched=float(touched))
        room.public, room.language, room.created = public, language, created
        # An older room file has no seat codes: its person seats get theirs now (saved soon).
        room.filled_codes = _give_seat_codes(seats)
        return room


def _seat_from(k: int, s: Any, name_in_game: str, bad: Callable[[str], RoomFileError]) -> Seat:
    """Seat ``k`` as a room file holds it, checked (``bad``: the file's error for a reason)."""
    from blueprints3d.ai import LEVELS

    if not isinstance(s, dict) or set(s) - {
        "kind",
        "name",
        "token",
        "named_by_joiner",
        "seat_code",
    }:
        raise bad(f"seat {k + 1} is not a seat")
    kind, name, token = s.get("kind"), s.get("name"), s.get("token")
    named, seat_code = s.get("named_by_joiner", False), s.get("seat_code")
    if kind != "remote" and kind not in LEVELS:
        raise bad(f"seat {k + 1}: unknown kind {display(str(kind), 20)!r}")
    if name != name_in_game:
        raise bad(f"seat {k + 1}: its name is not the game's")
    if token is not None and (
        kind != "remote" or not isinstance(token, str) or not protocol.is_token(token)
    ):
        raise bad(f"seat {k + 1}: a token must be a person's, of 1 to 64 letters, digits, - and _")
    if not isinstance(named, bool):
        raise bad(f"seat {k + 1}: named_by_joiner must be true or false")
    if seat_code is not None and (
        kind != "remote" or not isinstance(seat_code, str) or not protocol.is_seat_code(seat_code)
    ):
        raise bad(f"seat {k + 1}: a seat code must be a person seat's, like a room code")
    return Seat(kind, name, token, named, seat_code)


def _lobby_fields(
    meta: dict[str, Any], touched: float, bad: Callable[[str], RoomFileError]
) -> tuple[bool, str | None, float]:
    """(public, language, created) of a room file; an older file has none: private, no
    language, created when it was last touched."""
    public, language = meta.get("public", False), meta.get("language")
    created = meta.get("created", touched)
    if not isinstance(public, bool):
        raise bad('"public" must be true or false')
    if language is not None and (
        not isinstance(language, str) or not protocol.is_language(language)
    ):
        raise bad('"language" must be empty or a language like en or pt-BR')
    if (
        isinstance(created, bool)
        or not isinstance(created, (int, float))
        or not 0 <= created < 2**40
    ):
        raise bad('"created" must be a time')
    return public, language, float(created)


def _give_seat_codes(seats: list[Seat]) -> bool:
    """A seat code for each person seat without one, none alike; whether any was given."""
    taken = {s.seat_code for s in seats if s.seat_code is not None}
    given = False
    for seat in seats:
        if not seat.is_bot and seat.seat_code is None:
            seat.seat_code = protocol.new_seat_code(taken)
            taken.add(seat.seat_code)
            given = True
    return given


FILE_PREFIX = "room-"
SEED_BITS = 64
DAMAGED = "damaged"


class RoomFileError(ValueError):
    """A room file that cannot be resumed: the one-line reason."""


def _free(name: str, taken: set[str]) -> str:
    """``name``, or "name 2" (3, ...) when it is taken."""
    out, k = name, 2
    while out in taken:
        out, k = f"{name[:20]} {k}", k + 1
    return out


def code_of(path: Path) -> str | None:
    """The room code a file's name gives (``room-CODE.json``), when it is one."""
    name = path.name
    if not (name.startswith(FILE_PREFIX) and name.endswith(".json")):
        return None
    code = name[len(FILE_PREFIX) : -len(".json")]
    return code if protocol.is_room_code(code) else None


@dataclass
class Loaded:
    rooms: dict[str, Room]
    set_aside: list[tuple[str, str]]  # (file name, reason) of each damaged room moved to damaged/
    temps_removed: int


def load_rooms(folder: Path) -> Loaded:
    """Every room saved in ``folder``. A room that cannot be resumed (damaged, lying, not a
    file at all) is moved to ``damaged/`` beside them with its reason, and the others are
    served; the temporary files that killed saves left are removed."""
    temps = clean_stray_temps(folder, prefix=f".{FILE_PREFIX}")
    rooms: dict[str, Room] = {}
    aside: list[tuple[str, str]] = []
    try:
        paths = sorted(p for p in folder.iterdir() if p.name.startswith(FILE_PREFIX))
    except OSError:
        paths = []
    for path in paths:
        try:
            room = Room.load(path)
        except RecursionError:
            reason = "nested too deeply"
        except (SaveFileError, RoomFileError, ValueError, KeyError, TypeError, OSError) as e:
            reason = display(str(e), 300)
        else:
            rooms[room.code] = room
            continue
        aside.append((path.name, reason))
        _set_aside(folder, path, reason)
    return Loaded(rooms, aside, temps)


def _set_aside(folder: Path, path: Path, reason: str) -> None:
    """Move ``path`` (whatever it is: a file, a folder, a FIFO, a link) into damaged/, under a
    name never used before, with a note of the reason beside it."""
    target = folder / DAMAGED
    try:
        target.mkdir(exist_ok=True)
        stem = f"{path.name}.{stamp()}"
        os.rename(path, target / stem)
        (target / f"{stem}.reason.txt").write_text(reason + "\n", encoding="utf-8")
    except OSError:
        pass  # left where it is; it is said all the same, and never served


def rooms_folder(data_folder: str | os.PathLike[str] | None = None) -> Path:
    from blueprints3d.files.places import default_dir

    folder = (Path(data_folder) if data_folder is not None else default_dir()) / "rooms"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
