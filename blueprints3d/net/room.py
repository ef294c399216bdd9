"""One game the server owns: its state, its seats (a person to join, or a computer the server
runs), the secret token of each joined seat, and its save after every move.

No sockets and no asyncio here: the server calls ``join``, ``rejoin``, ``act`` and
``bot_to_move``, and sends what ``message_for`` gives each seat. A seat sees only its own engine
view; the seat to move gets its legal actions too.
"""

from __future__ import annotations

import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from blueprints3d.engine import actions as A
from blueprints3d.engine.errors import IllegalAction
from blueprints3d.engine.state import GameState
from blueprints3d.files.savefile import game_to_json, load_game, save_game
from blueprints3d.i18n.message import Message
from blueprints3d.net import protocol, wire
from blueprints3d.text import clean_name

REMOTE = "@remote"          # a seat for someone to join over the network
BOT_PREFIX = "@"            # "@easy", "@expert": a computer seat the server plays


class RoomError(ValueError):
    """A request the room refuses (its one-line reason, a Message the client says in its
    player's language; ``str`` is the English); nothing changed."""

    def __init__(self, message: Message) -> None:
        super().__init__(str(message))
        self.message = message


@dataclass
class Seat:
    kind: str                     # "remote" or a bot level
    name: str
    token: str | None = None      # set when someone joins it
    named_by_joiner: bool = False  # "@remote": the first to join names it

    @property
    def is_bot(self) -> bool:
        return self.kind != "remote"


@dataclass
class Room:
    code: str
    state: GameState
    seats: list[Seat]
    folder: Path | None = None
    takeover: float | None = None   # seconds a dropped seat waits at its move, then a computer moves
    last: tuple[int, int] | None = None   # (seat, action) of the last move, told with the next views

    @classmethod
    def create(cls, specs: list[str], seed: int | None = None, folder: Path | None = None,
               takeover: float | None = None) -> Room:
        """A room for ``specs``: "@remote" (someone joins), "@easy".."@expert" (the server's
        computer), any other text: a seat for someone to join, named so."""
        from blueprints3d.ai import LEVELS
        seats = []
        for k, spec in enumerate(specs):
            if spec == REMOTE:
                seats.append(Seat("remote", f"Player {k + 1}", named_by_joiner=True))
            elif spec.startswith(BOT_PREFIX):
                level = spec[1:]
                if level not in LEVELS:
                    raise RoomError(Message.of("unknown computer level {level}: expected one of {levels}",
                                               level=repr(level), levels=", ".join(LEVELS)))
                seats.append(Seat(level, f"Computer {k + 1}"))
            else:
                seats.append(Seat("remote", spec))
        seed = secrets.randbelow(2**31) if seed is None else seed
        state = GameState.new(len(seats), seed, 0, [s.name for s in seats])
        room = cls(secrets.token_urlsafe(8)[:protocol.ROOM_CODE_CHARS], state, seats, folder, takeover)
        room.save()
        return room

    # -- seats ------------------------------------------------------------------------------

    def join(self, name: str) -> tuple[int, str]:
        """The first free remote seat for ``name``: (seat, its token)."""
        for k, seat in enumerate(self.seats):
            if not seat.is_bot and seat.token is None:
                seat.token = secrets.token_urlsafe(24)
                if seat.named_by_joiner:
                    # An "@remote" seat takes its player's name (a save replays its log under
                    # the names it holds, so a name may change while the game goes on).
                    seat.name = self.state.names[k] = self._free_name(clean_name(name, seat.name), k)
                self.save()
                return k, seat.token
        raise RoomError(Message.of("this room has no free seat"))

    def _free_name(self, name: str, seat: int) -> str:
        """``name``, or "name 2" when another seat has it already."""
        taken = {n for k, n in enumerate(self.state.names) if k != seat}
        out, k = name, 2
        while out in taken:
            out, k = f"{name[:20]} {k}", k + 1
        return out

    def rejoin(self, token: str) -> int:
        for k, seat in enumerate(self.seats):
            if seat.token is not None and secrets.compare_digest(seat.token, token):
                return k
        raise RoomError(Message.of("no seat of this room holds that token"))

    # -- the game ---------------------------------------------------------------------------

    @property
    def turn(self) -> int:
        """Moves made so far: an action names it, so a replayed or stale one is refused."""
        return len(self.state.log)

    def act(self, seat: int, action: int, turn: int) -> None:
        """``seat`` makes ``action``, meant for move number ``turn``; RoomError (nothing
        changed) when it is not that seat's move, the move is stale, or the engine refuses it."""
        if turn != self.turn:
            raise RoomError(Message.of("that action was for move {turn}; the game is at move {now}",
                                       turn=turn, now=self.turn))
        if self.state.current_player != seat:
            raise RoomError(Message.of("it is not your move"))
        try:
            self.state.apply(action)
        except IllegalAction as e:
            raise RoomError(e.message if isinstance(e.message, Message) else Message.of("{reason}", reason=str(e))) from None
        self.last = (seat, action)
        self.save()

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
        fields: dict[str, Any] = {"turn": self.turn, "view": wire.view_data(state.view(seat)), "legal": legal}
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
        return protocol.encode("view", **fields)

    # -- saving -----------------------------------------------------------------------------

    def meta(self) -> dict[str, Any]:
        return {"room": self.code, "takeover": self.takeover,
                "seats": [{"kind": s.kind, "name": s.name, "token": s.token, "named_by_joiner": s.named_by_joiner}
                          for s in self.seats]}

    def save(self) -> None:
        """The room in the save format, after every move: a server killed at any moment resumes
        it (``load``)."""
        if self.folder is not None:
            save_game(self.folder / f"room-{self.code}.json", self.state, self.meta())

    @classmethod
    def load(cls, path: Path) -> Room:
        state, meta = load_game(path)
        seats = [Seat(s["kind"], s["name"], s.get("token"), bool(s.get("named_by_joiner"))) for s in meta["seats"]]
        return cls(meta["room"], state, seats, path.parent, meta.get("takeover"))


def load_rooms(folder: Path) -> dict[str, Room]:
    """Every room saved in ``folder`` (a damaged save is left where it is, and said on stderr)."""
    import sys
    rooms: dict[str, Room] = {}
    for path in sorted(folder.glob("room-*.json")):
        try:
            room = Room.load(path)
        except (ValueError, KeyError, TypeError, OSError, json.JSONDecodeError) as e:
            print(f"blueprints3d serve: {path.name} not resumed: {e}", file=sys.stderr)
            continue
        rooms[room.code] = room
    return rooms


def rooms_folder(data_folder: str | os.PathLike[str] | None = None) -> Path:
    from blueprints3d.files.places import default_dir
    folder = (Path(data_folder) if data_folder is not None else default_dir()) / "rooms"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
