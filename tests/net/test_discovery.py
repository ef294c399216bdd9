"""Rooms found on the local network (blueprints3d/net/discovery.py).

The network tests run each end in its own network namespace, joined by a veth pair with
multicast on (10.78.0.1 announces, 10.78.0.2 browses), so no packet leaves this machine's real
interfaces. Each end is tests/support/discovery_peer.py, driven line by line over its stdin and
stdout, every wait bounded; discovery, off for every other test (tests/conftest.py), is turned
on for them alone. Making namespaces needs root (``ip netns``): without it the tests
fail, saying so.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from blueprints3d.net import discovery
from blueprints3d.net.discovery import Browser, NearbyRoom, room_from_record

ROOT = Path(__file__).resolve().parents[2]
PEER = ROOT / "tests" / "support" / "discovery_peer.py"
HOST, GUEST = "10.78.0.1", "10.78.0.2"


# -- Namespaces and peers --------------------------------------------------------------------


def ip(*args: str) -> None:
    done = subprocess.run(["ip", *args], capture_output=True, text=True, timeout=10)
    if done.returncode != 0:
        raise RuntimeError(f"ip {' '.join(args)}: {done.stderr.strip()}")


@pytest.fixture(scope="module")
def netns() -> Iterator[tuple[str, str, str]]:
    """Three namespaces: host and guest joined by a veth pair, and one with only loopback,
    down. Removed afterwards, whatever happened (removing a namespace removes its veth end)."""
    tag = f"bp{os.getpid() % 100000}"
    host, guest, dark = f"{tag}h", f"{tag}g", f"{tag}d"
    made: list[str] = []
    try:
        for name in (host, guest, dark):
            ip("netns", "add", name)
            made.append(name)
        ip("link", "add", f"{tag}vh", "type", "veth", "peer", "name", f"{tag}vg")
        for ns, dev, address in ((host, f"{tag}vh", HOST), (guest, f"{tag}vg", GUEST)):
            ip("link", "set", dev, "netns", ns)
            ip("-n", ns, "addr", "add", f"{address}/24", "dev", dev)
            ip("-n", ns, "link", "set", dev, "multicast", "on", "up")
            ip("-n", ns, "link", "set", "lo", "up")
            ip("-n", ns, "route", "add", "224.0.0.0/4", "dev", dev)
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as error:
        for name in made:
            subprocess.run(["ip", "netns", "del", name], capture_output=True, timeout=10)
        pytest.fail(
            "the discovery tests need network namespaces (run as root with iproute2's "
            f"`ip netns`): {error}"
        )
    try:
        yield host, guest, dark
    finally:
        for name in made:
            subprocess.run(["ip", "netns", "del", name], capture_output=True, timeout=10)


class Peer:
    """tests/support/discovery_peer.py in a namespace: ``ask`` sends a line and reads one."""

    def __init__(self, ns: str, *args: str) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT), **{discovery.ENV_SWITCH: "on"})
        self.process = subprocess.Popen(
            ["ip", "netns", "exec", ns, sys.executable, str(PEER), *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=ROOT,
        )

    def read(self, timeout: float = 10.0) -> str:
        assert self.process.stdout is not None
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        line = self.process.stdout.readline() if ready else ""
        if not line:
            raise AssertionError(f"the peer said nothing within {timeout} s")
        return line.strip()

    def ask(self, line: str) -> Any:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        return json.loads(self.read())

    def close(self) -> int:
        """Ends the peer: "close", then a kill if it has not ended within 10 seconds."""
        if self.process.poll() is not None:
            return self.process.returncode
        try:
            assert self.process.stdin is not None
            self.process.stdin.write("close\n")
            self.process.stdin.close()
            return self.process.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait(timeout=10)
            return -9


@pytest.fixture
def peers() -> Iterator[Callable[..., Peer]]:
    """Starts peers that are ended afterwards, each waited for until it says "ready"."""
    started: list[Peer] = []

    def start(ns: str, *args: str) -> Peer:
        peer = Peer(ns, *args)
        started.append(peer)
        assert peer.read() == "ready"
        return peer

    yield start
    for peer in started:
        peer.close()


def rooms_until(
    browser: Peer, done: Callable[[list[dict[str, Any]]], bool], timeout: float
) -> list[dict[str, Any]]:
    """The browser's rooms once ``done`` holds for them, polled every 0.1 s up to ``timeout``."""
    deadline = time.monotonic() + timeout
    while True:
        rooms: list[dict[str, Any]] = browser.ask("rooms")["rooms"]
        if done(rooms) or time.monotonic() > deadline:
            return rooms
        time.sleep(0.1)


# -- Across a veth pair ----------------------------------------------------------------------


def test_a_room_is_found_updated_and_withdrawn(netns, peers):
    host, guest, _dark = netns
    browser = peers(guest, "browse", GUEST)
    announcer = peers(host, "announce", HOST, "Ann", "Abc-12_xyZ", "2", "de", "8765")

    rooms = rooms_until(browser, bool, timeout=8)
    assert rooms == [
        {
            "name": "Ann",
            "code": "Abc-12_xyZ",
            "seats_free": 2,
            "language": "de",
            "addresses": [HOST],
            "port": 8765,
            "url": f"ws://{HOST}:8765/Abc-12_xyZ",
        }
    ]

    answer = announcer.ask("update 1")
    assert answer["seconds"] < 0.05 and answer["reason"] is None  # the frame loop never waits
    rooms = rooms_until(browser, lambda rooms: rooms[0]["seats_free"] == 1, timeout=5)
    assert rooms[0]["seats_free"] == 1

    started = time.monotonic()
    assert announcer.ask("withdraw")["seconds"] < 0.05
    assert rooms_until(browser, lambda rooms: not rooms, timeout=5) == []
    assert time.monotonic() - started < 4  # goodbye packets: the record goes at once

    announcer.ask("update 1")  # a seat came free again: announced again
    assert rooms_until(browser, bool, timeout=8)[0]["seats_free"] == 1
    assert announcer.close() == 0
    assert rooms_until(browser, lambda rooms: not rooms, timeout=5) == []


def test_hostile_records_are_ignored(netns, peers):
    host, guest, _dark = netns
    good = {"v": "1", "name": "Bea", "code": "GOOD1", "seats": "3", "lang": "en"}
    records = [
        ["good", good, 9000],
        ["long-name", good | {"name": "N" * 200}, 9001],
        ["bad-code", good | {"code": "../../etc"}, 9002],
        ["spaced-code", good | {"code": "AB CD"}, 9003],
        ["word-seats", good | {"seats": "two"}, 9004],
        ["many-seats", good | {"seats": "99"}, 9005],
        ["minus-seats", good | {"seats": "-1"}, 9006],
        ["other-version", good | {"v": "2"}, 9007],
        ["no-code", {k: v for k, v in good.items() if k != "code"}, 9008],
        ["bad-lang", good | {"lang": "en; rm -rf"}, 9009],
        ["control-name", good | {"name": "Bea\x1b[2J"}, 9010],
        ["not-utf8", good | {"name": "\xff\xfe"}, 9011],
        ["port-zero", good, 0],
    ]
    browser = peers(guest, "browse", GUEST)
    peers(host, "raw", HOST, json.dumps(records))
    deadline = time.monotonic() + 8
    while True:  # until every record was looked up and judged (the good one is listed last)
        answer = browser.ask("rooms")
        if len(answer["heard"]) == len(records) and answer["rooms"]:
            break
        assert time.monotonic() < deadline, f"heard only {answer['heard']}"
        time.sleep(0.1)
    rooms = browser.ask("rooms")["rooms"]
    assert [(room["code"], room["port"]) for room in rooms] == [("GOOD1", 9000)]


def test_discovery_unavailable_answers_at_once(netns):
    """A namespace whose only interface, loopback, is down: zeroconf cannot start. Each
    browser's list is empty from the first, no call waits, every worker ends by itself."""
    _host, _guest, dark = netns
    peer = Peer(dark, "unavailable")
    try:
        report = json.loads(peer.read(timeout=20))
    finally:
        peer.close()
    for key, result in report.items():
        assert result["start_s"] < 0.1 and result["close_s"] < 0.1, key
        assert result["ended"] and result["seen"] == [], key
        assert result["reason"].startswith("local network discovery could not start"), key


# -- Off without touching the network --------------------------------------------------------


def test_switched_off_by_argument_environment_or_no_interfaces(monkeypatch):
    monkeypatch.setenv(discovery.ENV_SWITCH, "off")
    browser = Browser(interfaces=["127.0.0.1"])
    assert browser.rooms() == [] and not browser.running
    assert "turned off (BLUEPRINTS3D_DISCOVERY)" in (browser.reason or "")
    monkeypatch.delenv(discovery.ENV_SWITCH)
    assert not discovery.switched_off()
    assert "no network interface" in (Browser(interfaces=[]).reason or "")
    assert Browser(enabled=False).reason == "local network discovery is turned off"


def test_an_announcer_that_is_off_says_why_in_one_warning(monkeypatch, caplog):
    monkeypatch.delenv(discovery.ENV_SWITCH, raising=False)  # tests/conftest.py turns it off
    ad = discovery.RoomAd("Ann", "CODE1", 2, "en", 8765)
    with caplog.at_level("WARNING", logger="blueprints3d.net.discovery"):
        announcer = discovery.Announcer(ad, interfaces=[])
        announcer.update(seats_free=1)
        announcer.withdraw()
        announcer.close()
    assert [record.getMessage() for record in caplog.records] == [
        "local network discovery has no network interface to use"
    ]


def test_without_zeroconf_discovery_is_off(monkeypatch, caplog):
    """An app built without zeroconf: the import fails in the worker, which says so and ends."""
    monkeypatch.setitem(sys.modules, "zeroconf", None)
    monkeypatch.delenv(discovery.ENV_SWITCH, raising=False)  # tests/conftest.py turns it off
    browser = Browser(interfaces=["127.0.0.1"])
    announcer = discovery.Announcer(
        discovery.RoomAd("Ann", "CODE1", 2, "en", 8765), interfaces=["127.0.0.1"]
    )
    assert browser.rooms() == []
    assert browser.join(1.0) and announcer.join(1.0)
    assert browser.rooms() == []
    assert "unavailable" in (browser.reason or "") and "unavailable" in (announcer.reason or "")


# -- The checks on a record ------------------------------------------------------------------

GOOD = {b"v": b"1", b"name": b"Ann", b"code": b"ABC123", b"seats": b"2", b"lang": b"zh"}


def test_a_good_record_makes_a_room():
    room = room_from_record(GOOD, 8765, ["10.0.0.5", "fe80::1", "10.0.0.5", "10.0.0.6"])
    assert room == NearbyRoom("Ann", "ABC123", 2, "zh", ("10.0.0.5", "10.0.0.6"), 8765)
    assert room.url == "ws://10.0.0.5:8765/ABC123"
    name = "Ünal 名字".encode()
    assert room_from_record(GOOD | {b"name": name}, 1, ["10.0.0.5"]) is not None


@pytest.mark.parametrize(
    ("change", "port", "addresses"),
    [
        ({b"name": b"x" * 25}, 8765, ["10.0.0.5"]),
        ({b"name": "名" * 25}, 8765, ["10.0.0.5"]),
        ({b"name": b" "}, 8765, ["10.0.0.5"]),
        ({b"name": None}, 8765, ["10.0.0.5"]),
        ({b"name": b"a\nb"}, 8765, ["10.0.0.5"]),
        ({b"code": b"x" * 65}, 8765, ["10.0.0.5"]),
        ({b"code": b"a/b"}, 8765, ["10.0.0.5"]),
        ({b"seats": b"\xd9\xa2"}, 8765, ["10.0.0.5"]),  # an Arabic-Indic two
        ({b"seats": b"5"}, 8765, ["10.0.0.5"]),
        ({b"lang": b"english"}, 8765, ["10.0.0.5"]),
        ({b"v": b"x"}, 8765, ["10.0.0.5"]),
        ({}, 65536, ["10.0.0.5"]),
        ({}, True, ["10.0.0.5"]),
        ({}, "8765", ["10.0.0.5"]),
        ({}, 8765, []),
        ({}, 8765, ["0.0.0.0", "224.0.0.251", "nonsense"]),
    ],
)
def test_a_bad_record_is_ignored(change, port, addresses):
    record = {
        key: value.encode() if isinstance(value, str) else value for key, value in change.items()
    }
    assert room_from_record(GOOD | record, port, addresses) is None


def test_a_record_keeps_at_most_eight_addresses():
    addresses = [f"10.0.0.{n}" for n in range(1, 100)]
    room = room_from_record(GOOD, 8765, addresses)
    assert room is not None and len(room.addresses) == discovery.MAX_ADDRESSES


class FakeZeroconf:
    """Answers a browser's lookups from a table of records, as zeroconf's cache would."""

    def __init__(self) -> None:
        self.records: dict[str, Any] = {}

    def get_service_info(self, service_type: str, name: str, timeout: int) -> Any:
        return self.records.get(name)


def test_the_list_is_live_and_bounded():
    """Zeroconf's browser thread calls ``_on_change``: rooms come, change and go, and no more
    than ``MAX_ROOMS`` are kept however many are announced."""
    from zeroconf import ServiceInfo, ServiceStateChange

    browser = Browser(enabled=False)
    zc = FakeZeroconf()

    def tell(index: int, change: ServiceStateChange, seats: int = 2) -> str:
        name = f"R{index}.{discovery.SERVICE_TYPE}"
        properties = {k.decode(): v for k, v in GOOD.items()} | {
            "code": f"R{index}",
            "seats": str(seats),
        }
        zc.records[name] = ServiceInfo(
            discovery.SERVICE_TYPE,
            name,
            port=9000,
            properties=properties,
            server="h.local.",
            parsed_addresses=["10.0.0.5"],
        )
        browser._on_change(zc, discovery.SERVICE_TYPE, name, change)  # type: ignore[arg-type]
        return name

    for index in range(100):
        tell(index, ServiceStateChange.Added)
    assert len(browser.rooms()) == discovery.MAX_ROOMS
    tell(3, ServiceStateChange.Updated, seats=1)
    assert {room.code: room.seats_free for room in browser.rooms()}["R3"] == 1
    tell(3, ServiceStateChange.Removed)
    assert "R3" not in {room.code for room in browser.rooms()}
    tell(99, ServiceStateChange.Added)  # room for one more
    assert "R99" in {room.code for room in browser.rooms()}
    name = tell(5, ServiceStateChange.Updated)
    zc.records[name] = None  # its records vanished before the lookup: it goes
    browser._on_change(zc, discovery.SERVICE_TYPE, name, ServiceStateChange.Updated)  # type: ignore[arg-type]
    assert "R5" not in {room.code for room in browser.rooms()}
