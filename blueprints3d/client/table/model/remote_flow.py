"""The game flow of a table that plays one seat of a room on a game server (``blueprints3d host``
and ``join``): the same flow the local table has, fed by the server instead of by the engine.

The server owns the game. What this table holds is its seat's view, rebuilt into a full state
(``determinize``: what the view hides is made up, and the table shows none of it, since only
this seat's card and building are ever visible before a round's end). A move the person makes is
checked here as at the local table (the engine's reasons, at once), shown where it will go, and
sent; the server's next view applies it, or its error takes it back. The others' moves arrive
as views with the move that led to them, and become the same events ("placed", "turn",
"round_end" ...) the local flow emits, so the view, the HUD, the sounds and the reveal are the
local table's own. While a round's end is on show, later views wait their turn; once the game is
over the server sends the whole game, which goes into this machine's history as a local game does.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from blueprints3d.client.table.model import flow_words as words
from blueprints3d.client.table.model.flow import FlowEvent, GameFlow, Mode, Outcome, SeatConfig
from blueprints3d.client.table.model.move_history import remember
from blueprints3d.engine import actions as A
from blueprints3d.i18n import _, translate
from blueprints3d.net.connection import (
    CLOSED,
    CONNECTED,
    HOST_LEFT,
    RECONNECTING,
    Connection,
    Incoming,
)
from blueprints3d.net.invite import parse_invite
from blueprints3d.net.invite import read_seat_code as read_code_of_seat
from blueprints3d.net.wire import WireError, message_from_data


@dataclass(frozen=True)
class NetStart:
    """A seat to take at the table's start: the server, the room, the name to sit under, and
    the token of a seat held before (None: a free seat), or the seat code its player was given
    (an away seat taken back from another computer)."""

    server: str
    room: str
    name: str = "Guest"
    token: str | None = None
    seat_code: str | None = None

    @property
    def address(self) -> str:
        return f"{self.server}/{self.room}"

    @classmethod
    def parse(cls, address: str, name: str = "Guest", servers: Sequence[str] = ()) -> NetStart:
        """A room as a player names it (its code, HOST:PORT/CODE, or a ws:// or wss:// join
        address) as a seat to take; a code alone is looked for on the first of ``servers`` (the
        server of a room found nearby with that code, else the last one used). ValueError: one
        line saying how a room is named."""
        invite = parse_invite(address)
        server = invite.server or next(iter(servers), None)
        if server is None:
            raise ValueError(
                _(
                    "{code} is a room's code: type the host's address with it, like "
                    "HOST:PORT/{code}",
                    code=invite.code,
                )
            )
        return cls(server, invite.code, name or _("Guest"))


def read_seat_code(text: str) -> str | None:
    """A seat code as typed on the Join screen; None when none was typed (it is optional).
    ValueError: one line saying how one looks."""
    return read_code_of_seat(text) if text.strip(" -") else None


EVENT_OF_KIND = {"place": "placed", "set_aside": "set_aside", "discard": "discarded"}


def said(msg: dict[str, Any]) -> str:
    """A server's refusal in this table's language (its Message), else its English line."""
    try:
        return translate(message_from_data(msg["message"]))
    except (KeyError, WireError):
        return str(msg.get("error", ""))


def remote_seats(first: Incoming, me: int) -> list[SeatConfig]:
    """The table's seats from the first view: this seat and the other people as persons,
    the server's computers by their level."""
    assert first.view is not None
    kinds = [s.get("kind", "remote") for s in first.msg.get("seats", [])]
    out = []
    for k, name in enumerate(first.view.names):
        kind = kinds[k] if k < len(kinds) else "remote"
        out.append(SeatConfig(name, None if kind == "remote" or k == me else str(kind)))
    return out


@dataclass
class RemoteFlow(GameFlow):
    connection: Connection | None = None
    first: Incoming | None = None  # the first view, which the table opens with
    me: int = field(init=False, default=0)
    presence: list[dict[str, Any]] = field(init=False, default_factory=list)
    link: str = field(init=False, default=CONNECTED)
    link_words: str = field(init=False, default="")  # why the link is down, while it is
    legal: list[int] = field(init=False, default_factory=list)
    turn: int = field(init=False, default=0)
    _queued: list[Incoming] = field(init=False, default_factory=list)

    saves_locally: ClassVar[bool] = False  # the server keeps the game; the history gets its end

    def __post_init__(self) -> None:
        conn, first = self.connection, self.first
        if conn is None or first is None or first.view is None or conn.seat is None:
            raise ValueError("a remote table opens with its connection's first view")
        self.me = conn.seat
        self.first = None
        self.viewer = self.me
        self.mode = Mode.TURN
        self._take(first)
        self._begin_turn()

    # ---- who sees what: one person at this table ---------------------------------------------
    @property
    def people(self) -> list[int]:
        return [self.me]

    def connected(self, seat: int) -> bool:
        """Whether someone (or the server's computer) sits at ``seat`` now, as the server said."""
        if seat == self.me:
            return self.link == CONNECTED
        return (
            bool(self.presence[seat].get("connected", True)) if seat < len(self.presence) else True
        )

    def prompt(self) -> str:
        """While the link is down, what is happening to it, not "drag a die"."""
        if self.link != CONNECTED and self.link_words:
            return self.link_words
        return super().prompt()

    def waiting_words(self, seat: int) -> str:
        """A seat whose player has left the table is not thinking: the game waits for them."""
        if seat != self.me and not self.connected(seat):
            return _("waiting for {name} (away)", name=self.seats[seat].name)
        return super().waiting_words(seat)

    # ---- the person's move: checked here, sent, applied by the server's answer ---------------

    def _person_action(self, action: int) -> Outcome:
        if self.pending is not None and self.pending.sent:
            return self._reject(_("wait: your move is on its way to the server"))
        if self.link != CONNECTED and self.mode is Mode.TURN:
            return self._reject(_("wait: the connection to the server is being made again"))
        return super()._person_action(action)

    def _apply(self, action: int) -> Outcome:
        out = self._hold(action)  # the engine's check and its reasons, on this seat's own building
        if out.ok and self.pending is not None:
            return self._send()
        return out

    def confirm(self) -> Outcome:
        if self.pending is None or self.pending.sent:
            return Outcome(False, _("there is no move to confirm"))
        return self._send()

    def undo(self) -> Outcome:
        if self.pending is not None and self.pending.sent:
            return Outcome(False, _("wait: your move is on its way to the server"))
        return super().undo()

    def _send(self) -> Outcome:
        assert self.pending is not None and self.connection is not None
        p = self.pending = dataclasses.replace(self.pending, sent=True)
        self.connection.send("act", action=p.action, turn=self.turn)
        self.message = p.message
        self._emit(FlowEvent("sent", p.player, p.die, p.cell, ""))
        return Outcome(True, p.message, p.action, tentative=True)

    # ---- what the server says -----------------------------------------------------------------
    def tick(self, now: float) -> None:
        """Every frame: what has arrived (decoded on the link's thread), never waiting."""
        self._now = now
        if self.connection is None:
            return
        incoming = self.connection.poll()
        while self._queued and self.mode is not Mode.ROUND_END:
            self._handle(self._queued.pop(0))
        for inc in incoming:
            if inc.kind == "view" and (self.mode is Mode.ROUND_END or self._queued):
                self._queued.append(inc)  # the round's end is on show: the next round waits
            else:
                self._handle(inc)

    def _handle(self, inc: Incoming) -> None:
        if inc.kind == "view":
            self._on_view(inc)
        elif inc.kind == "presence":
            self._on_presence(inc.msg.get("seats", []))
        elif inc.kind == "error":
            self._on_error(said(inc.msg))
        elif inc.kind == "status":
            self._on_status(
                str(inc.msg.get("status")),
                str(inc.msg.get("reason", "")),
                host_gone=inc.msg.get("cause") == HOST_LEFT,
            )

    def _take(self, inc: Incoming) -> None:
        """A view's facts: the state, the legal actions, the move number, who sits where."""
        state = inc.game if inc.game is not None else inc.state
        assert state is not None  # a view brings one or the other (connection._decode)
        self.state = state
        self.seed = state.seed
        if [s.name for s in self.seats] != list(state.names):
            # An "@remote" seat took its player's name.
            self.seats = [
                SeatConfig(n, s.bot) for n, s in zip(state.names, self.seats, strict=True)
            ]
        self.legal = [int(a) for a in inc.msg.get("legal", [])]
        self.turn = int(inc.msg.get("turn", 0))
        if "seats" in inc.msg:
            self.presence = list(inc.msg["seats"])

    def _on_view(self, inc: Incoming) -> None:
        prev = self.state
        moved = inc.msg.get("moved")
        step = isinstance(moved, dict) and int(inc.msg.get("turn", -1)) == self.turn + 1
        self.pending = None
        scored = len(prev.round_results)
        if not step:
            # Joined again, or views missed: the table is set afresh from where the game is.
            self._take(inc)
            self._held = []
            if len(self.state.round_results) > scored:
                self._end_round()
            else:
                self._begin_turn()
            self._release()
            return
        assert isinstance(moved, dict)
        player, die, kind = int(moved["seat"]), int(moved["die"]), str(moved.get("kind"))
        cell = moved.get("cell")
        action = (
            A.place(die, int(cell) if cell is not None else 0)
            if kind == "place"
            else A.set_aside(die)
            if kind == "set_aside"
            else A.discard(die)
        )
        # Said of the state before the move, as the local flow says it.
        text = translate(prev.action_message(action))
        shown = words.own_move(prev, action) if player == self.me else text
        self._take(inc)
        if cell is None and kind == "place":
            # Another seat's space is not told; the rebuilt state has the die somewhere behind
            # their screen, which is all the view and the sounds need.
            cell = next((c for c, st in enumerate(self.state.stacks[player]) if die in st), 0)
        space = int(cell) if kind == "place" and cell is not None else None
        self.message = shown
        remember(self.history, player, text)
        if kind == "set_aside" and player == self.me:
            self.message = words.fits_nowhere(self.state, die)
        said = self.message
        self._held = []
        if len(self.state.round_results) > scored:
            self._end_round()
        else:
            self._begin_turn()
        self._release(FlowEvent(EVENT_OF_KIND.get(kind, "placed"), player, die, space, said))

    def _release(self, first: FlowEvent | None = None) -> None:
        """The events held while the flow moved on, after ``first`` (the move that led here)."""
        held, self._held = self._held or [], None
        for event in ([first] if first is not None else []) + held:
            self._emit(event)

    def _on_presence(self, seats: list[dict[str, Any]]) -> None:
        before = self.presence
        self.presence = list(seats)
        names = [str(seat.get("name", "")) for seat in self.presence]
        if len(names) == len(self.seats) and all(names) and names != [s.name for s in self.seats]:
            # Someone sat down.
            self.seats = [SeatConfig(n, s.bot) for n, s in zip(names, self.seats, strict=True)]
        for k, seat in enumerate(self.presence):
            if (
                k == self.me
                or k >= len(before)
                or seat.get("connected") == before[k].get("connected")
            ):
                continue
            name = self.seats[k].name if k < len(self.seats) else str(seat.get("name", ""))
            text = (
                _("{name} is at the table", name=name)
                if seat.get("connected")
                else _("{name} has left the table: their seat waits for them", name=name)
            )
            self.message = text
            self._emit(FlowEvent("presence", k, message=text))

    def _on_error(self, error: str) -> None:
        """The server refused our move (it came late, or the game moved on): it is taken back."""
        p, self.pending = self.pending, None
        self._reject(
            _("the server refused the move: {reason}", reason=error),
            p.die if p is not None else None,
        )

    def _on_status(self, status: str, reason: str, host_gone: bool = False) -> None:
        before, self.link = self.link, status
        if status == CONNECTED:
            self.link_words = ""
        gone = _("the host has left; the game waits on their machine until they host it again")
        if host_gone and status != CONNECTED:
            # The server said it was stopping: the host's table closed. Said once, as what it
            # is, and in the prompt for as long as it lasts (the link still tries).
            if self.link_words == gone and status != CLOSED:
                return
            self.link_words = text = gone
        elif status == RECONNECTING and before != RECONNECTING:
            self.link_words = text = _("the connection to the server was lost: reconnecting...")
        elif status == CONNECTED and before != CONNECTED:
            text = _("connected to the server again")
        elif status == CLOSED:
            text = (
                _("the server closed the seat: {reason}", reason=reason)
                if reason
                else _("the connection to the server is closed")
            )
        else:
            return
        self.message = text
        self._emit(FlowEvent("link", self.me, message=text))

    # ---- turns: the local flow's, with the server's computers ---------------------------------
    def _start_bot(self, player: int) -> None:
        """Someone else's move (a person elsewhere, or the server's computer): nothing runs here."""
        self.bot_failure = None

    def follow_language(self) -> bool:
        """A network game's names are its room's, the same at every table: never renamed here."""
        return False

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
