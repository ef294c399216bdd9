"""`blueprints3d host`: open a room for play over the network and sit at its first free seat.

Without ``--server`` the room is on a game server this process runs (on ``--listen``, this
machine only unless told otherwise; 0.0.0.0: this network too); with it, on that server. The
join address (ws://HOST:PORT/ROOM) is printed on the first line and shown at the table for the
others; with --listen 0.0.0.0, one line for each of this machine's network addresses, then
who can join by them.
``--headless``: no window; with ``--server`` it then exits and the room waits on that server
for its seats, without it the process serves the room until it is stopped.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from typing import TYPE_CHECKING

from blueprints3d.commands.argtypes import UsageError, whole_number
from blueprints3d.commands.table_window import add_window_arguments, open_table
from blueprints3d.i18n import N_, _

if TYPE_CHECKING:
    from blueprints3d.net.local_server import LocalServer

HELP = N_("open a room for play over the network, and sit at it")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from blueprints3d.net.server import DEFAULT_HOST, DEFAULT_PORT

    parser.add_argument(
        "--server",
        help=_(
            "a game server to open the room on, ws://HOST:PORT (default: one this command runs)"
        ),
    )
    parser.add_argument(
        "--seats",
        default="@remote,@remote",
        help=_(
            "the seats: @remote (someone joins: the first is yours), a name (a seat kept "
            "for that person), @easy .. @expert (the server's computer)"
        ),
    )
    parser.add_argument("--name", default=None, help=_("the name to sit under (default: Player 1)"))
    parser.add_argument("--seed", type=int, help=_("the game's seed (default: by chance)"))
    parser.add_argument(
        "--takeover",
        type=whole_number(0, 24 * 3600),
        metavar="SECONDS",
        help=_(
            "a player away at their move is waited for this long, then a computer "
            "moves for them (default: they are waited for)"
        ),
    )
    parser.add_argument(
        "--listen",
        default=DEFAULT_HOST,
        help=_(
            "without --server: the address this command's server listens on "
            "(default {host}: this machine only)",
            host=DEFAULT_HOST,
        ),
    )
    parser.add_argument(
        "--port",
        type=whole_number(0, 65535),
        default=DEFAULT_PORT,
        help=_("without --server: its port (default {port}; 0: any free one)", port=DEFAULT_PORT),
    )
    parser.add_argument(
        "--headless",
        action="store_true",
        help=_("no window: print the join address (and, without --server, serve the room)"),
    )
    add_window_arguments(parser)


def room_specs(text: str) -> list[str]:
    """The seats as the server takes them: "@remote", "@LEVEL" (a computer), or a name; the
    play command's NAME@LEVEL is a computer too."""
    from blueprints3d.ai import LEVELS

    out = []
    for part in (s.strip() for s in text.split(",")):
        if not part:
            continue
        if "@" in part and part != "@remote":
            level = part.rsplit("@", 1)[1].strip().lower()
            if level not in LEVELS:
                raise UsageError(
                    _(
                        "unknown seat {seat}: @remote, a name, or @LEVEL with a level of {levels}",
                        seat=repr(part),
                        levels=", ".join(LEVELS),
                    )
                )
            part = "@" + level
        out.append(part)
    if not 2 <= len(out) <= 4:
        raise UsageError(_("a room has 2 to 4 seats, not {n}", n=len(out)))
    if all(p.startswith("@") and p != "@remote" for p in out):
        raise UsageError(_("a room needs a seat for a person: @remote or a name"))
    return out


def _start_server(args: argparse.Namespace) -> LocalServer | None:
    """This command's own game server on --listen and --port; None (said) when it cannot."""
    from blueprints3d.net.local_server import LocalServer

    try:
        return LocalServer(host=args.listen, port=args.port)
    except OSError as e:
        print(
            _(
                "blueprints3d host: cannot listen on {host}:{port} ({reason})",
                host=args.listen,
                port=args.port,
                reason=e,
            ),
            file=sys.stderr,
        )
        return None


def _say_addresses(server: str, room: str, local: LocalServer | None) -> None:
    """The join address on the first line (scripts and tests read it). A room on this
    command's own server: every address the others can use, a line each, then who can join by
    them (this network, or only this machine); never ws://0.0.0.0."""
    from blueprints3d.net.addresses import hosting_lines
    from blueprints3d.net.invite import invite_url

    if local is None or local.port is None:
        print(invite_url(server, room), flush=True)
        return
    for line in hosting_lines(local.host, local.port, room):
        print(line, flush=True)


def run(args: argparse.Namespace) -> int:
    from blueprints3d.client.table.model.remote_flow import NetStart
    from blueprints3d.net.client import create_room
    from blueprints3d.net.invite import parse_server

    specs = room_specs(args.seats)
    local = None
    if args.server:
        try:
            server = parse_server(args.server)
        except ValueError as e:
            raise UsageError(str(e)) from None
    else:
        local = _start_server(args)
        if local is None:
            return 1
        server = local.url  # this machine reaches its own server on loopback
    try:
        room = create_room(server, specs, args.seed, args.takeover)
    except (OSError, RuntimeError, TimeoutError) as e:
        print(_("blueprints3d host: {reason}", reason=e), file=sys.stderr)
        if local is not None:
            local.stop()
        return 1
    _say_addresses(server, room, local)
    if args.headless:
        if local is None:
            return 0
        with contextlib.suppress(KeyboardInterrupt):
            local.thread.join()  # serve the room until stopped
        local.stop()
        return 0
    name = args.name or _("Player {n}", n=1)
    return open_table(args, NetStart(server, room, name), local)
