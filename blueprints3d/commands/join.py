"""`blueprints3d join ROOM`: take a seat of a room on a game server, at the table in a window, or
played by a computer without one (``--headless --bot LEVEL``, for tests and load).

ROOM is anything ``net.invite.parse_invite`` reads: a join address (ws://HOST:PORT/CODE),
HOST[:PORT]/CODE, or the code alone with ``--server`` naming the server to find it on."""

from __future__ import annotations

import argparse
import sys

from blueprints3d.commands.argtypes import UsageError
from blueprints3d.commands.table_window import add_window_arguments, open_table
from blueprints3d.i18n import N_, _

HELP = N_("take a seat of a room on a game server (its join address)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from blueprints3d.ai import LEVELS

    parser.add_argument(
        "url",
        metavar="ROOM",
        help=_("the room's join address, ws://HOST:PORT/ROOM, or its code with --server"),
    )
    parser.add_argument(
        "--server",
        help=_("the game server to find a room code on: ws://HOST:PORT, HOST:PORT or HOST"),
    )
    parser.add_argument("--name", default=None, help=_("the name to sit under (default: Guest)"))
    parser.add_argument(
        "--bot", choices=["random", *LEVELS], help=_("a computer plays the seat (with --headless)")
    )
    parser.add_argument("--headless", action="store_true", help=_("no window (needs --bot)"))
    parser.add_argument("--seed", type=int, default=0, help=_("the computer's seed"))
    parser.add_argument(
        "--seat-code",
        type=seat_code,
        default=None,
        metavar="CODE",
        help=_(
            "take back your seat, away, with the seat code the room gave you (from another "
            "computer, say)"
        ),
    )
    add_window_arguments(parser)


def seat_code(text: str) -> str:
    """A seat code as typed: six letters and digits, any case, a space or hyphen between."""
    from blueprints3d.net.invite import read_seat_code

    try:
        return read_seat_code(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def split_url(text: str, server: str | None = None) -> tuple[str, str]:
    """(the server's address, the room's code) of what the player typed: a join address, or a
    code on ``server`` (--server). UsageError: one line saying how a room is named."""
    from blueprints3d.net.invite import parse_invite, parse_server
    from blueprints3d.text import display

    try:
        invite = parse_invite(text)
        if invite.server is None and server is None:
            raise UsageError(
                _(
                    "{code} is a room code: say which server it is on with --server",
                    code=display(text.strip(), 40),
                )
            )
        if invite.server is not None and server is not None:
            raise UsageError(_("the join address names its server: leave out --server"))
        return invite.server or parse_server(server or ""), invite.code
    except ValueError as e:
        raise UsageError(str(e)) from None


def run(args: argparse.Namespace) -> int:
    server, room = split_url(args.url, args.server)
    name = args.name or _("Guest")
    if args.headless != (args.bot is not None):
        raise UsageError(_("--headless and --bot go together: a computer plays without a window"))
    if not args.headless:
        from blueprints3d.client.table.model.remote_flow import NetStart

        return open_table(args, NetStart(server, room, name, seat_code=args.seat_code))
    from blueprints3d.i18n import translate
    from blueprints3d.net.client import play_random
    from blueprints3d.net.incoming import NetError

    try:
        seat, view = play_random(
            server, room, name, args.seed, level=args.bot, seat_code=args.seat_code
        )
    except NetError as e:  # a bad or lost server: its one line
        print(_("blueprints3d join: {reason}", reason=translate(e.message)), file=sys.stderr)
        return 1
    except (OSError, RuntimeError, TimeoutError) as e:
        print(_("blueprints3d join: {reason}", reason=e), file=sys.stderr)
        return 1
    except Exception as e:  # never a traceback for what a server sent: what broke, in a line
        print(_("blueprints3d join: {reason}", reason=f"{type(e).__name__}: {e}"), file=sys.stderr)
        return 1
    print(_("seat {seat}: the game is over", seat=seat.seat + 1))
    return 0
