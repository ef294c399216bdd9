"""The addresses other machines can reach a server on this one by: what ``host`` prints and a
hosting table shows, so that nobody is told to type ws://0.0.0.0:... or a 127.0.0.1 that only
this machine reaches.

``lan_addresses``: this machine's addresses on its networks (``ifaddr``), IPv4 first, then
IPv6; never loopback, link-local (169.254/16, fe80::/10), unspecified or multicast ones.
``usable_urls``: for a server listening on an address, the join addresses others can use.
``reachable``: whether a TCP connection to an address and port gets through, to say when a
firewall keeps the others out.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable, Iterable

import ifaddr

from blueprints3d.i18n import _
from blueprints3d.net.invite import invite_url, server_url

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
# Listening on these is listening on every interface: "" is asyncio's "all of them", both
# families; 0.0.0.0 is every IPv4 one; "::" every IPv6 one and, on most systems (Linux's
# default bindv6only=0, macOS, Windows unless told otherwise), every IPv4 one too.
ALL_INTERFACES = ("", "0.0.0.0", "::")
_LOOPBACK_NAMES = ("localhost", "ip6-localhost", "ip6-loopback")


def _usable(address: IPAddress) -> bool:
    """An address another machine can reach this one by (as far as this machine can tell)."""
    return not (
        address.is_loopback
        or address.is_link_local
        or address.is_unspecified
        or address.is_multicast
        or address.is_reserved
    )


def _adapter_addresses() -> Iterable[str]:
    """Every address of every network adapter, as text (an IPv6 one without its scope)."""
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            yield ip.ip if isinstance(ip.ip, str) else ip.ip[0]


def lan_addresses(
    families: tuple[int, ...] = (4, 6),
    read: Callable[[], Iterable[str]] = _adapter_addresses,
) -> list[str]:
    """This machine's addresses on its networks, of the IP versions ``families``: IPv4 first,
    then IPv6, each in the adapters' order, none twice. ``read``: the addresses to choose from
    (tests give their own)."""
    found: list[IPAddress] = []
    for text in read():
        try:
            address = ipaddress.ip_address(text.split("%", 1)[0])
        except ValueError:
            continue
        if address.version in families and _usable(address) and address not in found:
            found.append(address)
    found.sort(key=lambda a: a.version)  # stable: the adapters' order within each version
    return [str(a) for a in found]


def is_loopback(host: str) -> bool:
    """Whether listening on ``host`` lets only this machine in (127.0.0.0/8, ::1, localhost)."""
    if host.lower() in _LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _families(listen_host: str) -> tuple[int, ...]:
    """The IP versions a server listening on all interfaces of ``listen_host`` answers on."""
    return (4,) if listen_host == "0.0.0.0" else (4, 6)


def usable_hosts(
    listen_host: str, addresses: Callable[[tuple[int, ...]], list[str]] | None = None
) -> list[str]:
    """The addresses others reach a server listening on ``listen_host`` by. Listening on all
    interfaces (``ALL_INTERFACES``): this machine's network addresses (IPv4 ones only for
    0.0.0.0), or 127.0.0.1 when it has none; on one address: that one, loopback included.
    ``addresses``: the network addresses of the given IP versions (default ``lan_addresses``;
    tests give their own)."""
    host = listen_host.strip()
    if host not in ALL_INTERFACES:
        return [host.strip("[]")]
    find = addresses or (lambda families: lan_addresses(families))
    return find(_families(host)) or ["127.0.0.1"]


def usable_urls(
    listen_host: str,
    port: int,
    code: str | None = None,
    addresses: Callable[[tuple[int, ...]], list[str]] | None = None,
) -> list[str]:
    """The join addresses, "ws://ADDRESS:PORT/CODE", of a room ``code`` on a server listening
    on ``listen_host``:``port``, one for each of ``usable_hosts``: never ws://0.0.0.0. Without
    ``code``: the server's addresses, "ws://ADDRESS:PORT"."""
    return _urls(usable_hosts(listen_host, addresses), port, code)


def _urls(hosts: list[str], port: int, code: str | None) -> list[str]:
    servers = [server_url(h, port) for h in hosts]
    return [invite_url(s, code) for s in servers] if code else servers


def hosting_lines(
    listen_host: str,
    port: int,
    code: str | None = None,
    addresses: Callable[[tuple[int, ...]], list[str]] | None = None,
) -> list[str]:
    """What a host tells its players: each of ``usable_urls`` on its own line, then who can
    join by them: players on this network, or only this machine (it listens on loopback only,
    or is on no network)."""
    hosts = usable_hosts(listen_host, addresses)
    urls = _urls(hosts, port, code)
    if not all(is_loopback(h) for h in hosts):
        note = _("players on this network can join")
    elif listen_host.strip() in ALL_INTERFACES:
        note = _("this machine is on no network: only it can join")
    else:
        note = _("only this machine can join: listen on 0.0.0.0 to let this network in")
    return [*urls, note]


def reachable(address: str, port: int, timeout: float = 1.0) -> bool:
    """Whether a TCP connection to ``address``:``port`` gets through within ``timeout`` seconds:
    a hosting table tries its own network address to say when a firewall blocks the port. A
    connection from this machine to itself may pass a firewall that blocks the others, so True
    says the server listens there, False that nobody can reach it by that address."""
    try:
        with socket.create_connection((address.strip("[]"), port), timeout=timeout):
            return True
    except (OSError, ValueError):
        return False
