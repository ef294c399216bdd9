"""`blueprints3d join URL --headless --bot random`: play one seat of a room over the network
without a window (issue 31's first slice: the table as a client comes next)."""

from __future__ import annotations

import argparse
import sys
from urllib.parse import urlsplit

from blueprints3d.commands.argtypes import UsageError
from blueprints3d.i18n import N_, _

HELP = N_("play a seat of a room on a game server (so far: headless, a random player)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("url", help=_("the room's join address, ws://HOST:PORT/ROOM"))
    parser.add_argument("--name", default="Guest", help=_("the name to sit under"))
    from blueprints3d.ai import LEVELS
    parser.add_argument("--bot", choices=["random", *LEVELS], help=_("a computer plays the seat"))
    parser.add_argument("--headless", action="store_true", help=_("no window (needs --bot)"))
    parser.add_argument("--seed", type=int, default=0, help=_("the computer's seed"))


def split_url(url: str) -> tuple[str, str]:
    """(the server's address, the room's code) of a join address."""
    parts = urlsplit(url)
    room = parts.path.strip("/")
    if parts.scheme not in ("ws", "wss") or not parts.netloc or not room or "/" in room:
        raise UsageError(_("a join address looks like ws://HOST:PORT/ROOM, not {url}", url=url))
    return f"{parts.scheme}://{parts.netloc}", room


def run(args: argparse.Namespace) -> int:
    from blueprints3d.net.client import play_random

    server, room = split_url(args.url)
    if not (args.headless and args.bot):
        raise UsageError(_("so far a seat is played over the network only with --headless --bot random"))
    try:
        seat, view = play_random(server, room, args.name, args.seed, level=args.bot)
    except (OSError, RuntimeError, TimeoutError) as e:
        print(_("blueprints3d join: {reason}", reason=e), file=sys.stderr)
        return 1
    print(_("seat {seat}: the game is over", seat=seat.seat + 1))
    return 0
