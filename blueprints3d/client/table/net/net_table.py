"""The table's network side (``blueprints3d host`` / ``join``, the new-game screen's network
seats and Join): opening a room, joining it, and showing who is there.

``NetTable`` keeps the connection being made until its first view arrives, then hands the game
to the app as a ``RemoteFlow``. While a network game is on it shows, over each seat's screen, how
that seat stands (thinking, away, or this table's own link reconnecting) and, in the lower
corner, the room's join address to give the others. A server the table started itself
(``LocalServer``) runs on a thread of its own and stops with the table.

A link that ends mid-game (a message the link could not take, a server gone for good, the seat
taken by another connection with its token) is said in one line, and the table asks whether to
connect again (Yes: the seat again, with its token) or leave (No: the new-game screen).
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable
from typing import Protocol

from panda3d.core import NodePath

from blueprints3d.client.scene.script_text import panda_text
from blueprints3d.client.table.hud.hud import Hud
from blueprints3d.client.table.hud.new_game import REMOTE_SEAT
from blueprints3d.client.table.hud.overlays import TableScreens
from blueprints3d.client.table.model.flow import GameFlow, Mode, SeatConfig, plate_name
from blueprints3d.client.table.model.remote_flow import (
    NetStart,
    RemoteFlow,
    read_seat_code,
    remote_seats,
    said,
)
from blueprints3d.client.table.net.invite_button import InviteButton
from blueprints3d.client.table.net.lobby_list import ServerLobby
from blueprints3d.client.table.net.nearby import (
    LISTEN,
    HostedRoom,
    NearbyList,
    discovery_on,
    nearby_words,
    room_code_words,
)
from blueprints3d.client.table.net.seat_signs import SeatSigns
from blueprints3d.client.table.view.table_view import TableView
from blueprints3d.files import net_seats
from blueprints3d.files.settings import Settings
from blueprints3d.i18n import _, language
from blueprints3d.net.connection import CLOSED, RECONNECTING, Connection
from blueprints3d.net.invite import parse_server


class NetHost(Protocol):
    """What of the table a network game needs (the app is one): the screens it opens and closes,
    the HUD's lines, the game being played and its view, and a way to start the game that came."""

    @property
    def screens(self) -> TableScreens: ...
    @property
    def hud(self) -> Hud: ...
    @property
    def settings(self) -> Settings: ...
    @property
    def flow(self) -> GameFlow | None: ...
    @property
    def view(self) -> TableView | None: ...

    def start_game(self, seats: list[SeatConfig], *, flow: GameFlow | None = None) -> None:
        """Play ``flow`` (the network game, set from its first view) at the table."""

    def show_new_game(self) -> None:
        """The new-game screen (a room left, or one that could not be joined)."""


class NetTable:
    def __init__(self, app: NetHost, local_server=None) -> None:
        self.app = app
        self.connecting: Connection | None = None
        self.start: NetStart | None = None
        self.local_server = (
            local_server  # a server this table runs (net.local_server), stopped with it
        )
        self.seat_signs = SeatSigns()  # who is away or thinking, over their screens
        self.plates: list[str] = []  # the names on the seats' plates: a seat joined takes its name
        self.offered: RemoteFlow | None = None  # the game whose closed link the table asked about
        # What was typed on the Join screen, kept for going back to it (None: not joined there).
        self.typed: tuple[str, str] | None = None
        self.seat_code: str | None = None  # this seat's code, as the server gave it
        self.hosted: HostedRoom | None = None  # the room this table's own server holds
        self.nearby: NearbyList | None = None  # the rooms found nearby, while Join is open
        self.lobby = ServerLobby()  # a server's public rooms, asked for on the Join screen
        self.invite: InviteButton | None = None  # "Copy invitation", under the room's lines

    @property
    def signs(self) -> dict[int, NodePath]:
        return self.seat_signs.signs

    # ---- opening and joining ----------------------------------------------------------------------
    def join(self, start: NetStart) -> None:
        """Connect to ``start``'s room; the game opens at the first view (``poll``)."""
        self.drop()
        if start.token is None:  # a seat held here before (a table closed mid-game): the same one
            start = dataclasses.replace(start, token=net_seats.recall(start.address))
        self.start = start
        code = start.seat_code if start.token is None else None  # a token needs no code
        self.connecting = Connection(
            start.server, start.room, start.name, start.token, seat_code=code
        ).start()
        self.app.screens.close_all()
        self.app.hud.set_visible(True)
        self.app.hud.show_message(_("connecting to {address}...", address=start.address))
        self._address(_("room: {address}", address=start.address))

    def host(
        self,
        specs: list[str],
        seed: int | None,
        name: str,
        server: str | None = None,
        takeover: int | None = None,
        public: bool = False,
    ) -> str:
        """A new room for ``specs`` on ``server`` (None: one this table starts on 127.0.0.1),
        joined at its first free seat as ``name``; returns its join address. OSError or
        RuntimeError when the server cannot be reached or refuses the room."""
        from blueprints3d.net.client import create_room
        from blueprints3d.net.local_server import LocalServer

        own = server is None
        if server is None:
            if self.local_server is None:
                self.local_server = LocalServer(host=LISTEN)  # for the room: every interface
            server = self.local_server.url
        room = create_room(
            server, specs, seed, takeover, public=public, language=language() or None
        )
        if self.hosted is not None:
            self.hosted.close()
        self.hosted = None
        if own and self.local_server is not None:
            free = sum(1 for spec in specs if spec == REMOTE_SEAT) - 1  # this table takes one
            on = discovery_on(self.app.settings.discovery)
            self.hosted = HostedRoom(LISTEN, self.local_server.port, room, name, free, on)
        self.typed = None  # a room of this table's own: a failure goes back to the new-game screen
        start = NetStart(server, room, name)
        self.join(start)
        return start.address

    # ---- the new-game screen -------------------------------------------------------------------
    def or_host(self, start_game: Callable[..., None]) -> Callable[..., None]:
        """The new-game screen's Start: a local game, or, with a network seat among the seats, a
        room on a server this table runs, with this table at its first seat."""

        def start(
            seats: list[SeatConfig], seed: int | None, open_scores: bool, first: int | None
        ) -> None:
            if not any(s.bot == REMOTE_SEAT for s in seats):
                start_game(seats, seed, open_scores, first)
                return
            people = [s for s in seats if s.is_person]
            if len(people) > 1:
                self._refuse(
                    _("a network game has one person at each table: make the others network seats")
                )
                return
            me = people[0].name if people else _("Player {n}", n=1)
            # This table's person sits at the room's first free seat, under their name.
            specs = [REMOTE_SEAT if s.bot in (None, REMOTE_SEAT) else "@" + s.bot for s in seats]
            try:
                public = getattr(self.app.screens.new_game_screen, "public", None)
                listed = public is not None and bool(public["indicatorValue"])
                self.host(specs, seed, me, public=listed)
            except (OSError, RuntimeError, TimeoutError) as e:
                self._refuse(_("could not open the room: {reason}", reason=e))

        return start

    def _refuse(self, text: str) -> None:
        screen = self.app.screens.new_game_screen
        if screen.active:
            screen.error["text"] = panda_text(text)

    def show_join(self) -> None:
        """ "Join a network game...": the address and a name; Join takes the seat."""
        screens = self.app.screens
        screens.new_game_screen.exit()
        address, name = self.typed or (self.start.address if self.start is not None else "", "")
        screens.join.enter(self._join_from_screen, self._leave_join, address, name)
        screens.join.on_list = self.lobby.ask
        if self.nearby is None:
            self.nearby = NearbyList(discovery_on(self.app.settings.discovery))

    def _leave_join(self) -> None:
        """Back from the Join screen: the rooms nearby are no longer listened for."""
        self._stop_nearby()
        self.app.show_new_game()

    def _stop_nearby(self) -> None:
        if self.nearby is not None:
            self.nearby.close()
            self.nearby = None

    def _show_nearby(self) -> None:
        """The Join screen's list of the rooms found nearby, live (asked each frame it is open)."""
        join = self.app.screens.join
        if self.nearby is None or not join.active:
            return
        rooms = [(nearby_words(room), self._joins(room.url)) for room in self.nearby.rooms()]
        rooms += [(self.lobby.words(room), self._joins(room.url)) for room in self.lobby.rooms]
        join.show_nearby(rooms)
        if self.lobby.said:  # the server could not be asked: its one line
            join.error["text"] = panda_text(self.lobby.said)
            self.lobby.said = ""

    def _joins(self, url: str) -> Callable[[], None]:
        """A click on a room found nearby or in a lobby: joined by its address, under the name
        typed."""
        return lambda: self._join_from_screen(url, self.app.screens.join.name.get().strip())

    def _join_from_screen(self, address: str, name: str, seat_code: str = "") -> None:
        self.typed = (address, name)
        servers = [s for s in (self._nearby_server(address), self._last_server()) if s]
        try:
            start = NetStart.parse(address, name, servers)
            start = dataclasses.replace(start, seat_code=read_seat_code(seat_code))
        except ValueError as e:
            self.app.screens.join.error["text"] = panda_text(str(e))
            return
        self.app.screens.join.exit()
        self._stop_nearby()
        self.join(start)

    def _nearby_server(self, typed: str) -> str | None:
        """The server of a room found nearby whose code is ``typed``."""
        if self.nearby is None:
            return None
        return self.nearby.server_of(typed.strip().replace("-", "").replace(" ", ""))

    def _last_server(self) -> str | None:
        """The server of the last room this table sat at (a code alone is looked for there)."""
        if self.start is not None:
            return self.start.server
        try:  # a file on disk: read as any typed address is
            return parse_server(net_seats.last_server() or "")
        except ValueError:
            return None

    def poll(self) -> None:
        """Every frame, while a connection is being made: its first view opens the game. While
        a network game is on: a link that closed for good is said, with Yes (connect again) or
        No (leave). While the Join screen is open: the rooms found nearby."""
        self._show_nearby()
        conn = self.connecting
        if conn is None:
            self._ask_when_closed()
            return
        while True:
            got = conn.poll(most=1)  # one at a time: what follows the first view is the game's
            if not got:
                return
            inc = got[0]
            if inc.kind == "view" and conn.seat is not None:
                self.connecting = None
                self._keep_seat(conn)
                flow = RemoteFlow(
                    remote_seats(inc, conn.seat),
                    confirm_moves=self.app.settings.confirm_moves,
                    connection=conn,
                    first=inc,
                )
                self.app.start_game(flow.seats, flow=flow)
                if self.seat_code:
                    self.app.hud.show_message(
                        _(
                            "your seat code is {code}: with it you take this seat back from "
                            "another computer",
                            code=room_code_words(self.seat_code),
                        )
                    )
                return
            address = self.start.address if self.start else ""
            if inc.kind == "status" and inc.msg.get("status") == CLOSED or inc.kind == "error":
                reason = said(inc.msg) if inc.kind == "error" else str(inc.msg.get("reason") or "")
                if inc.kind == "error" and self.start is not None and self.start.token is not None:
                    net_seats.forget(address)  # the server refused that seat: not ours any more
                self._not_joined(
                    _("could not join {address}: {reason}", address=address, reason=reason)
                )
                return
            if inc.kind == "status" and inc.msg.get("status") == RECONNECTING:
                # A first join that got no answer is said now, back where it was asked for,
                # rather than tried again and again over a blank table.
                self._not_joined(
                    _(
                        "nothing answers at {address}: is the address right, and the host's "
                        "table open?",
                        address=address,
                    )
                )
                return

    def _not_joined(self, text: str) -> None:
        """The join being made failed: back to the Join screen it was asked on (what was typed
        kept), or to the new-game screen, saying ``text``."""
        conn, self.connecting = self.connecting, None
        if conn is not None:
            conn.close()
        self.app.show_new_game()
        if self.typed is None:
            self.app.screens.new_game_screen.error["text"] = panda_text(text)
            return
        self.show_join()
        self.app.screens.join.error["text"] = panda_text(text)

    def _ask_when_closed(self) -> None:
        flow = self.app.flow
        if not isinstance(flow, RemoteFlow) or flow is self.offered or flow.connection is None:
            return
        conn = flow.connection
        if conn.status != CLOSED or flow.mode is Mode.GAME_OVER or self.start is None:
            return
        self.offered = flow
        reason = conn.reason
        shown = (
            reason if len(reason) <= 110 else reason[:107] + "..."
        )  # the panel has room for a few lines
        question = (
            _(
                "The connection to the server is closed: {reason}. Connect again? (No: leave the game)",
                reason=shown,
            )
            if reason
            else _("The connection to the server is closed. Connect again? (No: leave the game)")
        )
        self.app.hud.show_message(
            _("the connection to the server is closed: {reason}", reason=reason)
            if reason
            else _("the connection to the server is closed")
        )
        self.app.screens.confirm.enter(question, self.reconnect, self.leave)

    def reconnect(self) -> None:
        """The closed link's Yes: the same seat again (its token), the game set afresh from the
        server's next view."""
        self.app.screens.confirm.exit()
        flow, start = self.app.flow, self.start
        if start is None:
            return
        token = start.token
        if (
            isinstance(flow, RemoteFlow)
            and flow.connection is not None
            and flow.connection.token is not None
        ):
            token = flow.connection.token
        self.join(dataclasses.replace(start, token=token))

    def leave(self) -> None:
        """The closed link's No: the game is left (its seat is remembered, for a Join later)."""
        self.app.screens.confirm.exit()
        self.drop()
        self.app.show_new_game()

    def _keep_seat(self, conn: Connection) -> None:
        self.seat_code = conn.seat_code
        if self.start is None or conn.token is None:
            return
        # Not kept on an OSError: a table closed mid-game would ask for a free seat again.
        with contextlib.suppress(OSError):
            net_seats.remember(self.start.address, conn.token)

    # ---- who is there -----------------------------------------------------------------------------
    def update(self, flow: GameFlow | None) -> None:
        """Over each seat's screen: "thinking..." for the one to move elsewhere, "away" for a
        seat nobody holds now, and this table's own "reconnecting..."; nothing for a local game."""
        view = self.app.view
        remote = isinstance(flow, RemoteFlow)
        if not remote or view is None:
            self.seat_signs.clear()
            if not remote and self.connecting is None:
                self._address("")
            return
        assert isinstance(flow, RemoteFlow)
        plates = [plate_name(s) for s in flow.seats]
        if plates != self.plates:  # someone sat down at an "@remote" seat under their name
            self.plates = plates
            view.relabel(plates)
        # The address is for those still to come: shown while a seat is free or away.
        away = [p for p in range(len(flow.seats)) if p != flow.me and not flow.connected(p)]
        if self.hosted is not None:
            self.hosted.seats_free(len(away))  # its announcement: withdrawn once the room is full
        words, invitation = "", None
        if away and self.start is not None:
            hosted = self.hosted
            words = hosted.words() if hosted else _("room: {address}", address=self.start.address)
            invitation = hosted.invitation() if hosted else self.start.address
        self._address(words, invitation)
        if flow.mode is Mode.GAME_OVER and self.start is not None:
            net_seats.forget(self.start.address)  # the game is in the history now
            self.start = None
        self.seat_signs.show(flow, view)

    def _address(self, text: str, invitation: str | None = None) -> None:
        hud = self.app.hud
        if self.invite is None and invitation is not None:  # made when first needed
            self.invite = InviteButton(hud.room, hud.show_message)
        if self.invite is not None:
            self.invite.show(invitation if text else None, text.count("\n") + 1)
        if hud.room.getText() != text:
            hud.room.setText(text)
            hud.place()

    def leave_words(self) -> str | None:
        """What quitting does to the network game this table sits in (None: not in one). The
        game is on a server, never in this table's autosave: a table that hosts it stops it for
        everyone; a table that joined leaves its seat waiting, to be taken again."""
        flow = self.app.flow
        if not isinstance(flow, RemoteFlow) or flow.mode is Mode.GAME_OVER or self.start is None:
            return None
        local = self.local_server
        if local is not None and self.start.server == local.url:
            return _(
                "Quit the game in progress?\nThis table hosts it: it stops at the other tables too."
            )
        if self.seat_code:
            return _(
                "Leave the game in progress?\nIt goes on at the server, your seat waiting for "
                "you: join {address} again to take it back (from another computer: with the "
                "seat code {code}).",
                address=self.start.address,
                code=room_code_words(self.seat_code),
            )
        return _(
            "Leave the game in progress?\nIt goes on at the server, your seat waiting for you: "
            "join {address} again to take it back.",
            address=self.start.address,
        )

    # ---- the end ----------------------------------------------------------------------------------
    def drop(self) -> None:
        """Leave the game being made or played over the network (a new game, the way out)."""
        if self.connecting is not None:
            self.connecting.close()
            self.connecting = None
        flow = self.app.flow
        if isinstance(flow, RemoteFlow):
            flow.close()

    def replaced(self, old: GameFlow | None, new: GameFlow) -> None:
        """Another game takes the table: a network game left behind is closed."""
        if new is not old and isinstance(old, RemoteFlow):
            old.close()
        if self.connecting is not None and not isinstance(new, RemoteFlow):
            self.connecting.close()
            self.connecting = None

    def destroy(self) -> None:
        if self.invite is not None:
            self.invite.destroy()
            self.invite = None
        self.drop()
        self._stop_nearby()
        if self.hosted is not None:
            self.hosted.close()
            self.hosted = None
        self.seat_signs.clear()
        if self.local_server is not None:
            self.local_server.stop()
            self.local_server = None
