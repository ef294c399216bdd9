"""The addresses a host tells its players: this machine's network addresses (never loopback,
link-local, 0.0.0.0), one join address for each when it listens on all interfaces, the one it
listens on otherwise, and who can join by them; a TCP check of whether a port is reachable."""

from __future__ import annotations

import socket

import pytest

from blueprints3d.net import addresses
from blueprints3d.net.addresses import (
    hosting_lines,
    is_loopback,
    lan_addresses,
    reachable,
    usable_hosts,
    usable_urls,
)

ADAPTERS = [
    "127.0.0.1",
    "127.8.9.10",
    "::1",
    "fe80::1c2d:3eff:fe4f:5a6b%eth0",
    "169.254.7.7",
    "0.0.0.0",
    "::",
    "224.0.0.251",
    "ff02::fb",
    "fd00::7",
    "10.0.0.5",
    "2001:db8::5",
    "192.168.1.20",
    "10.0.0.5",  # a second adapter's copy
    "not an address",
]


def fake(families):
    return lan_addresses(families, read=lambda: ADAPTERS)


def test_lan_addresses_ipv4_first_none_local_none_twice():
    assert fake((4, 6)) == ["10.0.0.5", "192.168.1.20", "fd00::7", "2001:db8::5"]
    assert fake((4,)) == ["10.0.0.5", "192.168.1.20"]
    assert fake((6,)) == ["fd00::7", "2001:db8::5"]


def test_this_machines_addresses_are_never_local_ones():
    for text in lan_addresses():
        assert not is_loopback(text) and not text.startswith(("fe80", "169.254", "0.0.0.0"))


@pytest.mark.parametrize("listen", ["0.0.0.0", "", "::", " 0.0.0.0 "])
def test_listening_everywhere_names_each_network_address(listen):
    urls = usable_urls(listen, 8765, "ABC234", addresses=fake)
    v4 = ["ws://10.0.0.5:8765/ABC234", "ws://192.168.1.20:8765/ABC234"]
    v6 = ["ws://[fd00::7]:8765/ABC234", "ws://[2001:db8::5]:8765/ABC234"]
    assert urls == (v4 if listen.strip() == "0.0.0.0" else v4 + v6)  # 0.0.0.0 is IPv4 only
    assert not any("0.0.0.0" in u or "127.0.0.1" in u or "[::]" in u for u in urls)
    lines = hosting_lines(listen, 8765, "ABC234", addresses=fake)
    assert lines == [*urls, "players on this network can join"]


def test_one_address_is_that_one():
    assert usable_urls("192.168.1.20", 9000, "ABC234", addresses=fake) == [
        "ws://192.168.1.20:9000/ABC234"
    ]
    assert usable_urls("fd00::7", 9000, addresses=fake) == ["ws://[fd00::7]:9000"]
    assert usable_hosts("[fd00::7]") == ["fd00::7"]


@pytest.mark.parametrize("listen", ["127.0.0.1", "localhost", "::1", "127.0.0.2"])
def test_loopback_is_this_machine_only_and_said_so(listen):
    lines = hosting_lines(listen, 8765, "ABC234", addresses=fake)
    assert len(lines) == 2 and "only this machine can join" in lines[1]
    assert lines[0].endswith(":8765/ABC234") and "0.0.0.0" not in lines[0]


def test_no_network_falls_back_to_loopback_and_says_so():
    lines = hosting_lines("0.0.0.0", 8765, "ABC234", addresses=lambda _f: [])
    assert lines == [
        "ws://127.0.0.1:8765/ABC234",
        "this machine is on no network: only it can join",
    ]


def test_the_adapters_are_read_with_ifaddr(monkeypatch):
    class Ip:
        def __init__(self, ip):
            self.ip = ip

    class Adapter:
        ips = [Ip("127.0.0.1"), Ip(("fe80::1", 0, 2)), Ip(("fd00::9", 0, 0)), Ip("10.1.2.3")]

    monkeypatch.setattr(addresses.ifaddr, "get_adapters", lambda: [Adapter()])
    assert lan_addresses() == ["10.1.2.3", "fd00::9"]


def test_reachable_says_whether_a_port_answers():
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen(1)
        port = listening.getsockname()[1]
        assert reachable("127.0.0.1", port, timeout=2.0)
    assert not reachable("127.0.0.1", port, timeout=1.0)  # closed: nothing listens there
