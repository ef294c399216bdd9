"""Two machines on one network, played by two network namespaces joined by a veth pair (their
own names and addresses; nothing leaves this machine): a server listening on 0.0.0.0 in one
is reached from the other by the address the host shows (10.77.0.1, never 0.0.0.0 or
127.0.0.1), and the 127.0.0.1 address does not reach it from there.

Needs root (``ip netns``); without it the test fails and says so, since skipping would hide
that the play over a network was never tried.
"""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HOST_ADDRESS = "10.77.0.1"
GUEST_ADDRESS = "10.77.0.2"
PORT = 18765  # inside namespace A only: no clash with this machine's ports
LIMIT = 30  # seconds any process of this test may live (``timeout`` ends it)
SERVE = f"-m blueprints3d serve --listen 0.0.0.0 --port {PORT}"
HOST = f"-m blueprints3d host --listen 0.0.0.0 --port {PORT} --seats @remote,@easy --headless"
GUEST = "-m blueprints3d join --headless --bot random --name Bob"

# A guest's client: join the room by its address and say what the server answered, or why no
# connection was made. One connection, bounded by its timeouts.
JOIN = """
import sys
from blueprints3d.net.client import receive, send
from blueprints3d.net.invite import parse_invite
from websockets.sync.client import connect
invite = parse_invite(sys.argv[1])
try:
    with connect(invite.server, open_timeout=3, close_timeout=1) as ws:
        send(ws, "join", room=invite.code, name="Guest")
        print(receive(ws, timeout=10)["type"])
except OSError as e:
    print("unreachable", type(e).__name__)
"""
# What the host shows, worked out inside namespace A as `host` works it out.
USABLE = """
import sys
from blueprints3d.net.addresses import usable_urls
print("\\n".join(usable_urls("0.0.0.0", int(sys.argv[1]), sys.argv[2])))
"""


@dataclass
class Lan:
    host_ns: str
    guest_ns: str
    env: dict[str, str]

    def run(self, ns: str, *argv: str, timeout: float = LIMIT) -> subprocess.CompletedProcess:
        return subprocess.run(
            ["ip", "netns", "exec", ns, "timeout", str(LIMIT), *argv],
            env=self.env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=timeout + 5,
        )

    def start(self, ns: str, *argv: str) -> subprocess.Popen:
        """A process in ``ns`` that ends by itself after ``LIMIT`` seconds whatever happens."""
        return subprocess.Popen(
            ["ip", "netns", "exec", ns, "timeout", str(LIMIT), *argv],
            env=self.env,
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )


def _ip(*argv: str) -> None:
    done = subprocess.run(["ip", *argv], capture_output=True, text=True, timeout=10)
    if done.returncode != 0:
        pytest.fail(
            f"`ip {' '.join(argv)}` failed ({done.stderr.strip()}): this test makes two network "
            "namespaces and needs root and iproute2 (ip netns)"
        )


@pytest.fixture
def lan(tmp_path) -> Iterator[Lan]:
    """Namespaces A (10.77.0.1) and B (10.77.0.2) joined by a veth pair made inside them, so no
    interface of this machine's own is touched; removed afterwards, whatever happened."""
    tag = uuid.uuid4().hex[:6]
    host_ns, guest_ns = f"b3d-lan-a-{tag}", f"b3d-lan-b-{tag}"
    made: list[str] = []
    try:
        for ns in (host_ns, guest_ns):
            _ip("netns", "add", ns)
            made.append(ns)
        _ip(*f"link add b3dva netns {host_ns} type veth peer b3dvb netns {guest_ns}".split())
        for ns, dev, address in (
            (host_ns, "b3dva", HOST_ADDRESS),
            (guest_ns, "b3dvb", GUEST_ADDRESS),
        ):
            _ip("-n", ns, "addr", "add", f"{address}/24", "dev", dev)
            _ip("-n", ns, "link", "set", dev, "up")
            _ip("-n", ns, "link", "set", "lo", "up")
        env = dict(
            os.environ,
            BLUEPRINTS3D_HOME=str(tmp_path),
            LANGUAGE="en",
            PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
        )
        yield Lan(host_ns, guest_ns, env)
    finally:
        for ns in made:  # deleting a namespace deletes its end of the veth pair, and so both
            subprocess.run(["ip", "netns", "del", ns], capture_output=True, timeout=10)


def _stop(proc: subprocess.Popen) -> str:
    """End a server this test started (``timeout`` would anyway); what it said on stderr."""
    if proc.poll() is None:
        proc.terminate()
    try:
        _out, err = proc.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        _out, err = proc.communicate(timeout=10)
    return err


def test_a_server_on_all_interfaces_is_reached_by_the_address_the_host_shows(lan):
    python = sys.executable
    server = lan.start(lan.host_ns, python, *SERVE.split())
    try:
        said = [server.stdout.readline().strip() for _k in range(3)]
        assert said[0].startswith(f"serving on ws://0.0.0.0:{PORT}"), (said, _stop(server))
        # serve names the address the others use, and who can: never 0.0.0.0 or loopback.
        assert said[1:] == [f"ws://{HOST_ADDRESS}:{PORT}", "players on this network can join"]
        made = lan.run(
            lan.host_ns,
            python,
            "-c",
            "from blueprints3d.net.client import create_room; "
            f"print(create_room('ws://127.0.0.1:{PORT}', ['@remote', '@easy']))",
        )
        assert made.returncode == 0, made.stderr
        code = made.stdout.strip()
        usable = lan.run(lan.host_ns, python, "-c", USABLE, str(PORT), code)
        assert usable.returncode == 0, usable.stderr
        assert usable.stdout.split() == [f"ws://{HOST_ADDRESS}:{PORT}/{code}"]
        url = usable.stdout.strip()
        # From B: the shown address reaches the room; B's own loopback does not.
        joined = lan.run(lan.guest_ns, python, "-c", JOIN, url)
        assert joined.stdout.strip() == "joined", (joined.stdout, joined.stderr)
        local = lan.run(lan.guest_ns, python, "-c", JOIN, f"ws://127.0.0.1:{PORT}/{code}")
        assert local.stdout.startswith("unreachable"), (local.stdout, local.stderr)
    finally:
        _stop(server)


def test_host_on_all_interfaces_prints_the_networks_address_and_a_guest_plays(lan):
    python = sys.executable
    host = lan.start(lan.host_ns, python, *HOST.split())
    try:
        said = [host.stdout.readline().strip() for _k in range(2)]
        url, note = said
        assert url.startswith(f"ws://{HOST_ADDRESS}:{PORT}/"), (said, _stop(host))
        assert note == "players on this network can join"
        assert "0.0.0.0" not in url and "127.0.0.1" not in url
        # A guest on B plays the room's seat for a person by the printed address, to the end.
        guest = lan.run(lan.guest_ns, python, *GUEST.split(), url)
        assert guest.returncode == 0, guest.stderr
        assert "seat 1: the game is over" in guest.stdout, guest.stdout
    finally:
        _stop(host)
