"""`blueprints3d serve`: the game server other tables and headless seats connect to (issue 31:
``blueprints3d/net``). Its rooms are saved in the data folder after every move and resumed
when it starts again."""

from __future__ import annotations

import argparse
import asyncio
import sys

from blueprints3d.commands.argtypes import whole_number
from blueprints3d.i18n import N_, _, n_

HELP = N_("run the game server for play over the network (rooms saved after every move)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from blueprints3d.net.server import DEFAULT_HOST, DEFAULT_PORT
    parser.add_argument("--host", default=DEFAULT_HOST,
                        help=_("the address to listen on (default {host}: this machine only)", host=DEFAULT_HOST))
    parser.add_argument("--port", type=whole_number(0, 65535), default=DEFAULT_PORT,
                        help=_("the port (default {port}; 0: any free one)", port=DEFAULT_PORT))


def run(args: argparse.Namespace) -> int:
    from blueprints3d.net.room import rooms_folder
    from blueprints3d.net.server import GameServer

    server = GameServer(rooms_folder())

    def ready(port: int) -> None:
        # The first line names the address (tests and scripts read it).
        # The address as text, never in another language's digits: it is to be copied.
        print(n_("serving on {url} ({n} room resumed)", "serving on {url} ({n} rooms resumed)",
                 len(server.rooms), url=f"ws://{args.host}:{port}"), flush=True)

    try:
        asyncio.run(server.serve_forever(args.host, args.port, ready))
    except OSError as e:
        print(_("blueprints3d serve: cannot listen on {host}:{port} ({reason})", host=args.host,
                port=args.port, reason=e.strerror or e), file=sys.stderr)
        return 1
    return 0
