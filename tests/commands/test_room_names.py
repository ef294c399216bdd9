"""`join` takes a room by any name parse_invite reads: a join address, HOST:PORT/CODE, or a bare
code with --server; `host` prints the join address; `serve` takes --listen as --host. Wrong
names are refused in one line."""

from __future__ import annotations

import pytest

from blueprints3d import cli
from blueprints3d.commands.argtypes import UsageError
from blueprints3d.commands.join import split_url
from blueprints3d.net.client import create_room
from blueprints3d.net.local_server import LocalServer


@pytest.fixture
def server():
    running = LocalServer(port=0, keep_rooms=False)
    yield running
    running.stop()


@pytest.mark.parametrize(
    ("text", "server", "split"),
    [
        ("ws://10.0.0.5:8765/ABC234", None, ("ws://10.0.0.5:8765", "ABC234")),
        ("10.0.0.5/abc-234", None, ("ws://10.0.0.5:8765", "ABC234")),
        ("abc 234", "10.0.0.5", ("ws://10.0.0.5:8765", "ABC234")),
        ("ABC234", "ws://pc:4000", ("ws://pc:4000", "ABC234")),
        ("ABC234", "[fd00::5]:4000", ("ws://[fd00::5]:4000", "ABC234")),
    ],
)
def test_join_reads_every_name_of_a_room(text, server, split):
    assert split_url(text, server) == split


@pytest.mark.parametrize(
    ("text", "server", "says"),
    [
        ("ABC234", None, "--server"),
        ("ws://pc:1/ABC234", "pc:2", "--server"),
        ("http://nowhere", None, "ws://HOST:PORT/ROOM"),
        ("ABC-23O", "pc", "0, O, 1, I or L"),
        ("ABC234", "http://pc", "ws://HOST:PORT"),
        ("", None, "room code"),
    ],
)
def test_join_refuses_a_wrong_name_in_one_line(text, server, says):
    with pytest.raises(UsageError) as refused:
        split_url(text, server)
    assert says in str(refused.value) and "\n" not in str(refused.value)


def test_join_by_a_bare_code_and_server_plays_the_room(server, capsys):
    code = create_room(server.url, ["@remote", "@easy"], seed=7)
    typed = f"{code[:3].lower()}-{code[3:].lower()}"  # as a friend reads it out
    port = server.url.rsplit(":", 1)[1]
    status = cli.main(
        ["join", typed, "--server", f"127.0.0.1:{port}", "--headless", "--bot", "random"]
    )
    out, err = capsys.readouterr()
    assert status == 0, err
    assert "seat 1: the game is over" in out


def test_join_says_a_bare_code_needs_its_server(capsys):
    with pytest.raises(SystemExit) as ended:
        cli.main(["join", "ABC-234", "--headless", "--bot", "random"])
    err = capsys.readouterr().err
    assert ended.value.code == 2 and len(err.strip().splitlines()) == 1 and "--server" in err


def test_host_on_a_server_prints_the_join_address(server, capsys):
    port = server.url.rsplit(":", 1)[1]
    status = cli.main(["host", "--server", f"127.0.0.1:{port}", "--headless"])
    out = capsys.readouterr().out.splitlines()
    assert status == 0 and len(out) == 1
    assert out[0].startswith(f"{server.url}/") and len(out[0].rsplit("/", 1)[1]) == 6


def test_host_refuses_a_wrong_servers_address(capsys):
    with pytest.raises(SystemExit) as ended:
        cli.main(["host", "--server", "http://pc:1", "--headless"])
    err = capsys.readouterr().err
    assert ended.value.code == 2 and "ws://HOST:PORT" in err and len(err.strip().splitlines()) == 1


def test_serve_takes_listen_for_host():
    args = cli.build_parser().parse_args(["serve", "--listen", "0.0.0.0", "--port", "0"])
    assert args.host == "0.0.0.0"
