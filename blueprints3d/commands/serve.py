"""`blueprints3d serve`: the game server other tables and headless seats connect to
(``blueprints3d/net``). Its rooms are saved in the data folder after every move and resumed when
it starts again; a room file that cannot be resumed is set aside in ``rooms/damaged/`` and said.
Every resource has a limit, each an option here."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys

from blueprints3d.commands.argtypes import finite_number, whole_number
from blueprints3d.i18n import N_, _, n_

HELP = N_("run the game server for play over the network (rooms saved after every move)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    _add_address_arguments(parser)
    _add_room_limit_arguments(parser)
    _add_upkeep_arguments(parser)
    _add_trust_arguments(parser)


def _add_address_arguments(parser: argparse.ArgumentParser) -> None:
    """Where the server listens."""
    from blueprints3d.net.server import DEFAULT_HOST, DEFAULT_PORT

    parser.add_argument(
        "--host",
        "--listen",
        dest="host",
        default=DEFAULT_HOST,
        help=_("the address to listen on (default {host}: this machine only)", host=DEFAULT_HOST),
    )
    parser.add_argument(
        "--port",
        type=whole_number(0, 65535),
        default=DEFAULT_PORT,
        help=_("the port (default {port}; 0: any free one)", port=DEFAULT_PORT),
    )


def _add_room_limit_arguments(parser: argparse.ArgumentParser) -> None:
    """How many rooms and connections the server holds, in all and per address."""
    from blueprints3d.net.server import Limits

    d = Limits()
    parser.add_argument(
        "--max-rooms",
        type=whole_number(1, 1_000_000),
        default=d.rooms,
        metavar="N",
        help=_("rooms the server holds at most (default {n})", n=d.rooms),
    )
    parser.add_argument(
        "--max-rooms-per-address",
        type=whole_number(1, 1_000_000),
        default=d.rooms_per_address,
        metavar="N",
        help=_("rooms one address may have open at once (default {n})", n=d.rooms_per_address),
    )
    parser.add_argument(
        "--max-connections-per-address",
        type=whole_number(1, 1_000_000),
        default=d.connections_per_address,
        metavar="N",
        help=_(
            "connections one address may have open at once (default {n})",
            n=d.connections_per_address,
        ),
    )


def _add_upkeep_arguments(parser: argparse.ArgumentParser) -> None:
    """How long an idle connection, an untouched room and a finished room are kept, and how many
    computer seats think at once."""
    from blueprints3d.net.server import Limits

    d = Limits()
    parser.add_argument(
        "--idle-timeout",
        type=finite_number(1, 7 * 86400),
        default=d.idle_seconds,
        metavar="SECONDS",
        help=_(
            "close a connection when nothing was said either way for this long (default {n})",
            n=f"{d.idle_seconds:g}",
        ),
    )
    parser.add_argument(
        "--room-days",
        type=finite_number(0.001, 3650),
        default=d.room_days,
        metavar="DAYS",
        help=_(
            "remove a room nobody joined or moved in for this many days (default {n})",
            n=f"{d.room_days:g}",
        ),
    )
    parser.add_argument(
        "--finished-hours",
        type=finite_number(0.001, 87600),
        default=d.finished_hours,
        metavar="HOURS",
        help=_(
            "remove a finished room this many hours after its last move (default {n})",
            n=f"{d.finished_hours:g}",
        ),
    )
    parser.add_argument(
        "--max-thinking",
        type=whole_number(1, 64),
        default=d.thinking,
        metavar="N",
        help=_("computer seats that think at once, server-wide (default {n})", n=d.thinking),
    )


def _add_trust_arguments(parser: argparse.ArgumentParser) -> None:
    """Whom the server believes: a reverse proxy's forwarded address, a creator's seed."""
    parser.add_argument(
        "--behind-proxy",
        action="store_true",
        help=_(
            "a reverse proxy on this machine forwards the players: count each player by the "
            "address it puts in X-Forwarded-For"
        ),
    )
    parser.add_argument(
        "--allow-seed",
        action="store_true",
        help=_(
            "take the seed a room's creator sends (for tests only: whoever knows the seed knows "
            "every secret card); by default the server draws every seed itself"
        ),
    )
    parser.add_argument(
        "--public-url",
        type=public_url,
        default=None,
        metavar="URL",
        help=_(
            "the address players reach this server by, behind a reverse proxy (like "
            "wss://example.org/blueprints): the lobby lists each public room as URL/CODE"
        ),
    )


def public_url(text: str) -> str:
    """A ws:// or wss:// address with a host and perhaps a path, no query, no trailing "/"."""
    from urllib.parse import urlsplit

    url = text.strip().rstrip("/")
    try:
        parts = urlsplit(url)
    except ValueError:
        parts = None
    if (
        parts is None
        or parts.scheme not in ("ws", "wss")
        or not parts.hostname
        or parts.query
        or parts.fragment
        or len(url) > 200
        or not url.isprintable()
        or any(ch.isspace() for ch in url)
    ):
        raise argparse.ArgumentTypeError(
            _(
                "{url} is not a ws:// or wss:// address, like wss://example.org/blueprints",
                url=repr(text[:80]),
            )
        )
    return url


def run(args: argparse.Namespace) -> int:
    from blueprints3d.net.addresses import ALL_INTERFACES, hosting_lines
    from blueprints3d.net.invite import server_url
    from blueprints3d.net.room import rooms_folder
    from blueprints3d.net.server import GameServer, Limits

    # The server's log: refusals, rooms created and removed, damaged room files set aside.
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("blueprints3d serve: %(message)s"))
    logger = logging.getLogger("blueprints3d.serve")
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False
    limits = Limits(
        rooms=args.max_rooms,
        rooms_per_address=args.max_rooms_per_address,
        connections_per_address=args.max_connections_per_address,
        idle_seconds=args.idle_timeout,
        room_days=args.room_days,
        finished_hours=args.finished_hours,
        thinking=args.max_thinking,
    )
    server = GameServer(
        rooms_folder(),
        limits=limits,
        allow_seed=args.allow_seed,
        behind_proxy=args.behind_proxy,
        public_url=args.public_url,
    )

    def ready(port: int) -> None:
        # The first line names the address (tests and scripts read it).
        # The address as text, never in another language's digits: it is to be copied.
        print(
            n_(
                "serving on {url} ({n} room resumed)",
                "serving on {url} ({n} rooms resumed)",
                len(server.rooms),
                url=server_url(args.host, port),
            ),
            flush=True,
        )
        if args.host.strip() in ALL_INTERFACES:
            # 0.0.0.0 is no address to type: the ones this network reaches the server by.
            for line in hosting_lines(args.host, port):
                print(line, flush=True)

    async def main() -> None:
        # SIGTERM stops the server as Ctrl-C does: every player hears the host has left.
        task = asyncio.current_task()
        assert task is not None
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, task.cancel)
        with contextlib.suppress(asyncio.CancelledError):
            await server.serve_forever(args.host, args.port, ready)

    try:
        asyncio.run(main())
    except OSError as e:
        print(
            _(
                "blueprints3d serve: cannot listen on {host}:{port} ({reason})",
                host=args.host,
                port=args.port,
                reason=e.strerror or e,
            ),
            file=sys.stderr,
        )
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        logger.removeHandler(handler)
    return 0
