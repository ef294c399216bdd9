"""`blueprints3d host --server URL --seats SPEC --headless`: open a room on a game server and
print its join address on the first line (issue 31's first slice: without a window)."""

from __future__ import annotations

import argparse
import sys

from blueprints3d.commands.argtypes import UsageError, whole_number
from blueprints3d.i18n import N_, _

HELP = N_("open a room on a game server and print its join address (so far: --headless)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--server", required=True, help=_("the game server, ws://HOST:PORT"))
    parser.add_argument("--seats", default="@remote,@remote",
                        help=_("the seats: @remote (someone joins), @easy .. @expert (the server's computer)"))
    parser.add_argument("--seed", type=int, help=_("the game's seed (default: by chance)"))
    parser.add_argument("--takeover", type=whole_number(0, 24 * 3600), metavar="SECONDS",
                        help=_("a player away at their move is waited for this long, then a computer "
                               "moves for them (default: they are waited for)"))
    parser.add_argument("--headless", action="store_true", help=_("no window: print the join address and exit"))


def run(args: argparse.Namespace) -> int:
    from blueprints3d.net.client import create_room

    if not args.headless:
        raise UsageError(_("so far a room is opened only with --headless"))
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    try:
        room = create_room(args.server.rstrip("/"), seats, args.seed, args.takeover)
    except (OSError, RuntimeError, TimeoutError) as e:
        print(_("blueprints3d host: {reason}", reason=e), file=sys.stderr)
        return 1
    print(f"{args.server.rstrip('/')}/{room}", flush=True)
    return 0
