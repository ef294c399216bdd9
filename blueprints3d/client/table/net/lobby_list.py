"""A server's lobby on the Join screen: the Address names a server ("Server's rooms"), its open
public rooms are asked for on a thread of their own (the frame never waits on the network) and
listed with the rooms found nearby, each joined with a click."""

from __future__ import annotations

import threading

from blueprints3d.i18n import _, n_, translate
from blueprints3d.net.incoming import NetError
from blueprints3d.net.invite import parse_invite, parse_server
from blueprints3d.net.lobby import LobbyRoom


def server_of(typed: str) -> str:
    """The server an Address names: a join address's, or a server's address alone.
    ValueError: one line saying how a server's address looks."""
    try:
        invite = parse_invite(typed)
        if invite.server is not None:
            return invite.server
    except ValueError:
        pass
    return parse_server(typed)


class ServerLobby:
    """The last server asked and its public rooms (``rooms``); ``said``: why asking failed."""

    def __init__(self) -> None:
        self.rooms: list[LobbyRoom] = []
        self.said = ""
        self._asking: threading.Thread | None = None

    def ask(self, typed: str) -> None:
        """List the public rooms of the server ``typed`` names (on a thread)."""
        try:
            server = server_of(typed)
        except ValueError as e:
            self.said = str(e)
            return
        if self._asking is not None and self._asking.is_alive():
            return  # one question at a time
        self._asking = threading.Thread(
            target=self._fetch, args=(server,), name="blueprints3d-lobby", daemon=True
        )
        self._asking.start()

    def _fetch(self, server: str) -> None:
        # Imported here: the client pulls in ssl (websockets), which a frozen app may not load
        # at its start on every system; the table opens without it.
        try:
            from blueprints3d.net.client import list_rooms

            rooms = list_rooms(server)
        except NetError as e:
            self.rooms, self.said = [], translate(e.message)
            return
        except (OSError, TimeoutError, ImportError) as e:  # no network, or no ssl: one line
            self.rooms, self.said = [], _("could not reach the server: {reason}", reason=e)
            return
        self.rooms = rooms
        self.said = "" if rooms else _("{server} lists no open public room", server=server)

    @staticmethod
    def words(room: LobbyRoom) -> str:
        return n_(
            "{name}'s room {code} on {server}: {n} seat free",
            "{name}'s room {code} on {server}: {n} seats free",
            room.free,
            name=room.host,
            code=room.code,
            server=room.server,
        )
