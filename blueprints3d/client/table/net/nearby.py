"""A table's room as the others on the local network see it, and the rooms it sees there.

``HostedRoom``: a room this table hosts on its own server, which listens on every interface
(``LISTEN``). It says what to give the others, each of this machine's network addresses with the
port and the room's code ("ws://192.168.1.20:40123/ABC234"), never 127.0.0.1 or 0.0.0.0 when the
machine has a network address; whether they can reach it (a TCP connection from this machine to
its own network address, on a thread of its own: a port nobody reaches gets a plain sentence); and
it announces the room on the local network (net/discovery.py) while seats are free.

``NearbyList``: the Join screen's rooms found nearby, live, while the screen is open.

Both are asked every frame, so nothing here waits on the network.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from blueprints3d.i18n import _, language, n_
from blueprints3d.net.addresses import (
    hosting_lines,
    is_loopback,
    reachable,
    usable_hosts,
    usable_urls,
)
from blueprints3d.net.discovery import Announcer, Browser, NearbyRoom, RoomAd, switched_off

LISTEN = "0.0.0.0"  # a table hosts for the room, not for the machine: every interface


def discovery_on(setting: bool) -> bool:
    """Rooms are announced and listed when the setting allows and the environment does not
    turn discovery off (tests, or a player who wants nothing multicast)."""
    return setting and not switched_off()


def room_code_words(code: str) -> str:
    """A six-character code as it is read aloud and typed: "ABC-234"."""
    return f"{code[:3]}-{code[3:]}" if len(code) == 6 else code


def nearby_words(room: NearbyRoom) -> str:
    """A room found nearby, on its Join screen button."""
    return n_(
        "{name}'s room {code}: {n} seat free",
        "{name}'s room {code}: {n} seats free",
        room.seats_free,
        name=room.name,
        code=room_code_words(room.code),
    )


class HostedRoom:
    """What the others need of a room this table's own server holds."""

    def __init__(
        self,
        listen: str,
        port: int,
        code: str,
        host_name: str,
        seats_free: int,
        discovery: bool,
        check: Callable[[str, int], bool] = reachable,
    ) -> None:
        self.port = port
        self.code = code
        self.lines = hosting_lines(listen, port, code)  # each address, then who can join
        self.urls = usable_urls(listen, port, code)  # read once: the adapters are not asked again
        self._reached: list[bool] = []  # filled by the check's thread: [True] or [False]
        network = [h for h in usable_hosts(listen) if not is_loopback(h)]
        if network:
            threading.Thread(
                target=lambda: self._reached.append(check(network[0], port)),
                name="blueprints3d-reach-check",
                daemon=True,
            ).start()
        ad = RoomAd(host_name, code, seats_free, language() or "en", port)
        self.announcer = Announcer(ad, enabled=discovery) if discovery else None

    @property
    def blocked(self) -> bool:
        """The check is done and the port could not be reached from the network's side."""
        return bool(self._reached) and not self._reached[0]

    def words(self) -> str:
        """The HUD's lines for the room: its code, the addresses, who can join, and, when the
        port cannot be reached, why nobody may come."""
        lines = [_("room code: {code}", code=room_code_words(self.code)), *self.lines]
        if self.blocked:
            lines.append(
                _(
                    "nobody else can reach port {port} of this machine: a firewall may block it",
                    port=self.port,
                )
            )
        return "\n".join(lines)

    def invitation(self) -> str:
        """What to send the others: the first address they can use, and the code to type."""
        return _("{url} (room code {code})", url=self.urls[0], code=room_code_words(self.code))

    def seats_free(self, count: int) -> None:
        """The room's announcement follows its free seats (none: withdrawn)."""
        if self.announcer is not None:
            self.announcer.update(seats_free=count)

    def close(self) -> None:
        if self.announcer is not None:
            self.announcer.close()
            self.announcer = None


class NearbyList:
    """The rooms found nearby, for the Join screen: started when it opens, closed when it
    closes; ``rooms()`` the live list (empty while discovery is off or cannot start)."""

    def __init__(self, discovery: bool) -> None:
        self.browser: Browser | None = Browser() if discovery else None

    def rooms(self) -> list[NearbyRoom]:
        return self.browser.rooms() if self.browser is not None else []

    def server_of(self, code: str) -> str | None:
        """The server of a room found nearby with ``code`` (as a code is typed: any case)."""
        for room in self.rooms():
            if room.code.upper() == code.upper():
                return room.url.rsplit("/", 1)[0]
        return None

    def close(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None
