"""Rooms on the local network: a hosting table announces its room by multicast DNS service
discovery (DNS-SD, what Bonjour and Avahi speak), and a joining table lists the rooms it hears of,
so friends on one network find each other without typing an address.

    announcer = Announcer(RoomAd(name="Ann", code=code, seats_free=2, language="en", port=port))
    announcer.update(seats_free=1)     # a seat was taken
    announcer.withdraw()               # the room filled: its record goes (a later update with
                                       # seats free announces it again)
    announcer.close()                  # the room closed: withdrawn, and zeroconf stopped

    browser = Browser()
    browser.rooms()                    # [NearbyRoom(...)]: live, rooms appear, change and go
    browser.close()

The table calls these from its frame loop, so every call returns at once: zeroconf runs in its
own thread, and the calls that wait on the network (starting zeroconf, probing for a unique name,
the goodbye packets) run in one worker thread per announcer or browser.

Discovery is off (nothing is sent, ``rooms()`` stays empty, an announcer logs one warning saying
why) when the environment variable ``BLUEPRINTS3D_DISCOVERY`` is ``off`` (or ``0``, ``no``,
``false``), when ``enabled=False`` or ``interfaces=[]`` is given, when zeroconf cannot be imported
(an app built without it) and when it cannot start (no network, no multicast). ``reason`` says
why, once known.

What the network says is untrusted: each record's text is checked (lengths, types, the room code
by the protocol's own check, the port, the addresses) and a record that fails is ignored; at most
``MAX_ROOMS`` rooms are kept.
"""

from __future__ import annotations

import ipaddress
import logging
import os
import re
import threading
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from blueprints3d.net.protocol import MAX_NAME, MAX_SEATS, VERSION, is_room_code

if TYPE_CHECKING:
    from zeroconf import ServiceInfo, ServiceStateChange, Zeroconf

log = logging.getLogger(__name__)

SERVICE_TYPE = "_blueprints3d._tcp.local."
ENV_SWITCH = "BLUEPRINTS3D_DISCOVERY"  # "off", "0", "no" or "false": no discovery at all
MAX_ROOMS = 64  # rooms a browser keeps; more names heard are ignored
MAX_ADDRESSES = 8  # addresses kept per room
LOOKUP_MS = 1000  # how long a browser waits for a room's records it has not got yet
_OFF_WORDS = frozenset({"off", "0", "no", "false"})
_LANGUAGE = re.compile(r"[a-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})?")


@dataclass(frozen=True)
class RoomAd:
    """What an announcer says of its room: the host's name, the room code, the seats free, the
    language its table speaks, and the game server's port."""

    name: str
    code: str
    seats_free: int
    language: str
    port: int


@dataclass(frozen=True)
class NearbyRoom:
    """A room heard of on the local network, checked: the fields of its ``RoomAd`` and the
    host's addresses (IPv4, at least one)."""

    name: str
    code: str
    seats_free: int
    language: str
    addresses: tuple[str, ...]
    port: int

    @property
    def url(self) -> str:
        """The room's join address, ws://HOST:PORT/ROOM, on the host's first address."""
        return f"ws://{self.addresses[0]}:{self.port}/{self.code}"


def switched_off(environ: Mapping[str, str] | None = None) -> bool:
    """Whether the environment turns discovery off (``BLUEPRINTS3D_DISCOVERY=off``)."""
    value = (os.environ if environ is None else environ).get(ENV_SWITCH, "")
    return value.strip().lower() in _OFF_WORDS


def off_reason(interfaces: Sequence[str] | None, enabled: bool) -> str | None:
    """Why discovery is off before anything starts, or None when it may start."""
    if not enabled:
        return "local network discovery is turned off"
    if switched_off():
        return f"local network discovery is turned off ({ENV_SWITCH})"
    if interfaces is not None and not interfaces:
        return "local network discovery has no network interface to use"
    return None


# -- What goes over the wire, and the checks on what comes back -----------------------------


def txt_record(ad: RoomAd) -> dict[str, str]:
    """The TXT record's keys and values for a room."""
    return {
        "v": str(VERSION),
        "name": ad.name,
        "code": ad.code,
        "seats": str(ad.seats_free),
        "lang": ad.language,
    }


def _text(properties: Mapping[bytes, bytes | None], key: bytes, limit: int) -> str | None:
    """A TXT value as text: UTF-8, 1 to ``limit`` printable characters, else None."""
    raw = properties.get(key)
    if not isinstance(raw, bytes) or not raw or len(raw) > 4 * limit:
        return None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if len(text) > limit or not text.isprintable() or not text.strip():
        return None
    return text


def _addresses(raw: Sequence[str]) -> tuple[str, ...]:
    """The IPv4 addresses among ``raw``, at most ``MAX_ADDRESSES``, none unusable to join."""
    kept: list[str] = []
    for text in raw[: 4 * MAX_ADDRESSES]:
        try:
            address = ipaddress.IPv4Address(text)
        except ValueError:
            continue
        if address.is_unspecified or address.is_multicast or str(address) in kept:
            continue
        kept.append(str(address))
    return tuple(kept[:MAX_ADDRESSES])


def room_from_record(
    properties: Mapping[bytes, bytes | None], port: object, addresses: Sequence[str]
) -> NearbyRoom | None:
    """The room a service record describes, or None when any part of it fails its check."""
    if not isinstance(properties, Mapping) or _text(properties, b"v", 8) != str(VERSION):
        return None
    name = _text(properties, b"name", MAX_NAME)
    code = _text(properties, b"code", 64)
    seats = _text(properties, b"seats", 2)
    language = _text(properties, b"lang", 16)
    if name is None or code is None or not is_room_code(code):
        return None
    if seats is None or not seats.isascii() or not seats.isdigit():
        return None
    if language is None or _LANGUAGE.fullmatch(language) is None:
        return None
    if not isinstance(port, int) or isinstance(port, bool) or not 0 < port < 65536:
        return None
    kept = _addresses(addresses)
    if not kept or int(seats) > MAX_SEATS:
        return None
    return NearbyRoom(name, code, int(seats), language, kept, port)


def room_from_info(info: ServiceInfo) -> NearbyRoom | None:
    """The room a zeroconf ServiceInfo describes, or None when it fails its checks."""
    from zeroconf import IPVersion

    try:
        properties = info.properties
        addresses = info.parsed_addresses(IPVersion.V4Only)
    except Exception:  # a record zeroconf itself cannot read: ignored like any other bad one
        return None
    return room_from_record(properties, info.port, addresses)


# -- Starting zeroconf -------------------------------------------------------------------------


class Unavailable(Exception):
    """Discovery cannot run here: the one-line reason."""


def start_zeroconf(interfaces: Sequence[str] | None) -> Zeroconf:
    """A running Zeroconf (IPv4) on ``interfaces`` (addresses) or on every interface, or
    ``Unavailable`` saying why not. Blocks while zeroconf opens its sockets: a worker's job."""
    try:
        from zeroconf import InterfaceChoice, IPVersion, Zeroconf
    except ImportError as error:
        raise Unavailable(f"local network discovery is unavailable: {error}") from error
    choice: Any = list(interfaces) if interfaces is not None else InterfaceChoice.All
    try:
        return Zeroconf(interfaces=choice, ip_version=IPVersion.V4Only, use_asyncio=False)
    except Exception as error:
        raise Unavailable(f"local network discovery could not start: {error}") from error


def local_ipv4(interfaces: Sequence[str] | None) -> list[str]:
    """This machine's IPv4 addresses to announce: those of ``interfaces`` when named, else every
    adapter's but loopback."""
    if interfaces is not None:
        return list(_addresses(interfaces))
    import ifaddr

    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if ip.is_IPv4 and isinstance(ip.ip, str) and not ip.ip.startswith("127."):
                found.append(ip.ip)
    return list(_addresses(found))


class _Worker:
    """One daemon thread that does an object's blocking work, woken by ``_wake``; the base of
    Announcer and Browser. ``reason`` says why discovery is off, once known, and is logged once
    at ``off_level``."""

    off_level = logging.WARNING

    def __init__(self, name: str, interfaces: Sequence[str] | None, enabled: bool) -> None:
        self._interfaces = None if interfaces is None else list(interfaces)
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._closing = False
        self._reason = off_reason(self._interfaces, enabled)
        self._thread: threading.Thread | None = None
        if self._reason is not None:
            log.log(self.off_level, "%s", self._reason)
        else:
            self._thread = threading.Thread(target=self._guarded, name=name, daemon=True)
            self._thread.start()

    @property
    def reason(self) -> str | None:
        """Why discovery is off here (None while it runs or has not failed)."""
        return self._reason

    @property
    def running(self) -> bool:
        """Whether the worker is still up (it ends on close or when discovery fails)."""
        return self._thread is not None and self._thread.is_alive()

    def close(self) -> None:
        """Stop: returns at once, the worker finishes on its own (``join`` waits for it)."""
        with self._lock:
            self._closing = True
        self._wake.set()

    def join(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the worker to end; whether it has."""
        if self._thread is not None:
            self._thread.join(timeout)
        return not self.running

    def _guarded(self) -> None:
        try:
            self._work()
        except Unavailable as error:
            self._off(str(error))
        except Exception as error:  # never let the thread die silently: say why, stay off
            self._off(f"local network discovery stopped: {error!r}")

    def _off(self, reason: str) -> None:
        self._reason = reason
        log.log(self.off_level, "%s", reason)

    def _work(self) -> None:
        raise NotImplementedError


# -- Announcing a room ----------------------------------------------------------------------


class Announcer(_Worker):
    """Announces one room on the local network while it has seats free.

    ``update`` and ``withdraw`` only note what is wanted; the worker thread registers, updates
    or unregisters the service record to match, so a burst of calls costs one change.
    """

    def __init__(
        self,
        ad: RoomAd,
        *,
        interfaces: Sequence[str] | None = None,
        enabled: bool = True,
    ) -> None:
        self._wanted: RoomAd | None = ad if ad.seats_free > 0 else None
        self._last = ad
        self._host = f"blueprints3d-{uuid.uuid4().hex[:12]}.local."
        super().__init__("blueprints3d-announcer", interfaces, enabled)
        self._wake.set()  # the worker announces the room once zeroconf runs

    def update(self, *, seats_free: int) -> None:
        """The room now has ``seats_free`` seats free: announced with them, or withdrawn at 0."""
        with self._lock:
            self._last = replace(self._last, seats_free=max(0, seats_free))
            self._wanted = self._last if seats_free > 0 else None
        self._wake.set()

    def withdraw(self) -> None:
        """The room filled: its record goes from the network (goodbye packets)."""
        with self._lock:
            self._wanted = None
        self._wake.set()

    def _work(self) -> None:
        zc = start_zeroconf(self._interfaces)
        try:
            self._serve(zc)
        finally:
            zc.close()

    def _serve(self, zc: Zeroconf) -> None:
        """Match the network's record to what is wanted, until closed."""
        addresses = local_ipv4(self._interfaces)
        if not addresses:
            self._off("local network discovery found no network address to announce")
            return
        current: ServiceInfo | None = None
        shown: RoomAd | None = None
        while True:
            self._wake.wait()
            self._wake.clear()
            with self._lock:
                wanted = None if self._closing else self._wanted
                closing = self._closing
            if wanted != shown:
                current = self._apply(zc, current, wanted, addresses)
                shown = wanted
            if closing:
                return

    def _apply(
        self, zc: Zeroconf, current: ServiceInfo | None, wanted: RoomAd | None, addresses: list[str]
    ) -> ServiceInfo | None:
        """Register, update or unregister so the network shows ``wanted``; the record now up."""
        if wanted is None:
            if current is not None:
                zc.unregister_service(current)
            return None
        # The instance name is the code (a DNS label: 63 bytes at most); zeroconf renames it
        # should another machine hold it. Browsers read the code from the TXT record.
        name = current.name if current is not None else f"{wanted.code[:63]}.{SERVICE_TYPE}"
        info = self._info(name, wanted, addresses)
        if current is None:
            zc.register_service(info, allow_name_change=True)
        else:
            zc.update_service(info)
        return info

    def _info(self, name: str, ad: RoomAd, addresses: list[str]) -> ServiceInfo:
        from zeroconf import ServiceInfo

        return ServiceInfo(
            SERVICE_TYPE,
            name,
            port=ad.port,
            properties=txt_record(ad),
            server=self._host,
            parsed_addresses=addresses,
        )


# -- Browsing for rooms ---------------------------------------------------------------------


class Browser(_Worker):
    """Lists the rooms announced on the local network, live: ``rooms()`` is a snapshot, at
    most ``limit`` rooms, each record checked (one that fails is left out). Being off is
    logged at INFO only: the table shows an empty list, and ``reason`` if it wants."""

    off_level = logging.INFO

    def __init__(
        self,
        *,
        interfaces: Sequence[str] | None = None,
        enabled: bool = True,
        limit: int = MAX_ROOMS,
    ) -> None:
        self._limit = max(0, min(limit, MAX_ROOMS))
        self._rooms: dict[str, NearbyRoom] = {}
        super().__init__("blueprints3d-browser", interfaces, enabled)

    def rooms(self) -> list[NearbyRoom]:
        """The rooms heard of now, by host name then code (empty while discovery is off)."""
        with self._lock:
            rooms = list(self._rooms.values())
        return sorted(rooms, key=lambda room: (room.name.casefold(), room.code))

    def _work(self) -> None:
        zc = start_zeroconf(self._interfaces)  # zeroconf imports, or Unavailable says why not
        from zeroconf import ServiceBrowser

        try:
            browser = ServiceBrowser(zc, SERVICE_TYPE, handlers=[self._on_change])
            try:
                self._wake.wait()  # close() wakes it
            finally:
                browser.cancel()
        finally:
            zc.close()
            with self._lock:
                self._rooms.clear()

    def _on_change(
        self,
        zeroconf: Zeroconf,
        service_type: str,
        name: str,
        state_change: ServiceStateChange,
    ) -> None:
        """Zeroconf's browser thread: a room came, changed or went."""
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._rooms.pop(name, None)
            return
        with self._lock:
            if self._closing or (name not in self._rooms and len(self._rooms) >= self._limit):
                return
        try:
            info = zeroconf.get_service_info(service_type, name, timeout=LOOKUP_MS)
            room = None if info is None else room_from_info(info)
        except Exception:  # whatever a stranger's record does, the list goes on without it
            log.debug("room record %r unreadable", name, exc_info=True)
            room = None
        with self._lock:
            if room is None:
                self._rooms.pop(name, None)
            elif name in self._rooms or len(self._rooms) < self._limit:
                self._rooms[name] = room
