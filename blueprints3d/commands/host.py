"""`blueprints3d host`: open a room for play over the network and sit at its first free seat.

Without ``--server`` the room is on a game server this process runs (on ``--listen``, this
machine only unless told otherwise; 0.0.0.0: this network too); with it, on that server. The
join address (ws://HOST:PORT/ROOM) is printed on the first line and shown at the table for the
others; with --listen 0.0.0.0, one line for each of this machine's network addresses, then
who can join by them.
``--headless``: no window; with ``--server`` it then exits and the room waits on that server
for its seats, without it the process serves the room until it is stopped; with ``--bot LEVEL``
a computer plays the host's seat until the game is over.

The room hosted last (its code, the host's seat and token) is kept in the data folder
(``net/hosted.py``): ``host`` run again while that game is not over takes its own seat back in
it, and says so in a line; ``--new`` opens a new room. SIGTERM stops it as Ctrl-C does: its
server tells every player the host has left.
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
from typing import TYPE_CHECKING

from blueprints3d.commands.argtypes import UsageError, whole_number
from blueprints3d.commands.table_window import add_window_arguments, open_table
from blueprints3d.i18n import N_, _, translate

if TYPE_CHECKING:
    from blueprints3d.net.hosted import Hosted
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
    parser.add_argument(
        "--bot",
        choices=["random", *_levels()],
        help=_("with --headless: a computer plays your seat until the game is over"),
    )
    parser.add_argument(
        "--new",
        action="store_true",
        help=_("open a new room, even when the room you hosted last is not over"),
    )
    parser.add_argument(
        "--public",
        action="store_true",
        help=_("list the room in the server's lobby (default: its code alone finds it)"),
    )
    add_window_arguments(parser)


def _levels() -> list[str]:
    from blueprints3d.ai import LEVELS

    return list(LEVELS)


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


def _room_back(server: str, key: str, local: LocalServer | None) -> Hosted | None:
    """The room hosted last on ``key``'s server, when its game is not over and (a seat held)
    its token still holds the seat: said in a line. None (and forgotten) otherwise."""
    from blueprints3d.net import hosted
    from blueprints3d.net.client import take_seat
    from blueprints3d.net.incoming import NetError

    back = hosted.recall(key)
    if back is None:
        return None
    if local is not None:
        room = local.server.rooms.get(back.room)
        usable = room is not None and not room.state.is_over
    else:
        usable = True
    if usable and back.token is not None:
        try:
            usable = not take_seat(server, back.room, token=back.token)[1]
        except NetError:
            usable = False
    if not usable:
        with contextlib.suppress(OSError):
            hosted.forget(key)
        return None
    return back


def _open_room(args: argparse.Namespace, server: str, key: str, seat: bool) -> Hosted:
    """A new room on ``server``, and (``seat``) the host's seat taken in it and remembered
    with its token; RuntimeError, OSError: one line."""
    from blueprints3d.net import hosted
    from blueprints3d.net.client import create_room, take_seat

    room = create_room(
        server,
        room_specs(args.seats),
        args.seed,
        args.takeover,
        public=args.public,
        language=_language(),
    )
    record = hosted.Hosted(room)
    if seat:
        taken = take_seat(server, room, args.name or _("Player {n}", n=1))[0]
        record = hosted.Hosted(room, taken.seat, taken.token)
    with contextlib.suppress(OSError):  # a read-only data folder: a new room next time, no more
        hosted.remember(key, record)
    return record


def _language() -> str | None:
    """The language this table speaks, as the lobby shows a public room's."""
    from blueprints3d.i18n import language as current
    from blueprints3d.net.protocol import is_language

    language = current()
    return language if language and is_language(language) else None


def _stop_on_sigterm() -> None:
    """SIGTERM ends this command as Ctrl-C does: its server closes, saying the host has left."""

    def interrupt(_signum: int, _frame: object) -> None:
        raise KeyboardInterrupt

    with contextlib.suppress(ValueError):  # not the main thread (a test calling run)
        signal.signal(signal.SIGTERM, interrupt)


def run(args: argparse.Namespace) -> int:
    room_specs(args.seats)  # a bad --seats is a usage error before anything starts
    if args.bot is not None and not args.headless:
        raise UsageError(_("--bot plays your seat without a window: add --headless"))
    from blueprints3d.net.invite import parse_server

    _stop_on_sigterm()
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
        return _host(args, server, local)
    except KeyboardInterrupt:
        return 0
    finally:
        if local is not None:
            local.stop()


def _host(args: argparse.Namespace, server: str, local: LocalServer | None) -> int:
    """The room opened (or the last one taken back) and played: the window, a computer, or
    (headless) the server alone until stopped."""
    from blueprints3d.client.table.model.remote_flow import NetStart
    from blueprints3d.net import hosted
    from blueprints3d.net.incoming import NetError

    key = hosted.LOCAL if local is not None else server
    seated = not args.headless or args.bot is not None
    back = None if args.new else _room_back(server, key, local)
    try:
        record = back or _open_room(args, server, key, seated)
        if seated and record.token is None:  # the last room was served only: a seat now
            record = _open_room(args, server, key, seated)
    except (OSError, RuntimeError, TimeoutError) as e:
        reason = translate(e.message) if isinstance(e, NetError) else e
        print(_("blueprints3d host: {reason}", reason=reason), file=sys.stderr)
        return 1
    _say_addresses(server, record.room, local)
    if back is not None:
        print(_room_back_line(record), flush=True)
    if args.headless and args.bot is not None:
        return _play(args, server, record)
    if args.headless:
        if local is not None:
            while not local.done.wait(1):  # serve the room until stopped
                pass
        return 0
    name = args.name or _("Player {n}", n=1)
    return open_table(args, NetStart(server, record.room, name, record.token), local)


def _room_back_line(record: Hosted) -> str:
    if record.seat is None:
        return _("room {code} again (--new: a new room)", code=record.room)
    return _(
        "your seat {seat} in room {code} again (--new: a new room)",
        seat=record.seat + 1,
        code=record.room,
    )


def _play(args: argparse.Namespace, server: str, record: Hosted) -> int:
    """A computer plays the host's seat to the end of the game (``--headless --bot``)."""
    from blueprints3d.net import hosted
    from blueprints3d.net.client import play_random
    from blueprints3d.net.incoming import NetError

    name = args.name or _("Player {n}", n=1)
    try:
        seat, _view = play_random(
            server, record.room, name, args.seed or 0, token=record.token, level=args.bot
        )
    except NetError as e:
        print(_("blueprints3d host: {reason}", reason=translate(e.message)), file=sys.stderr)
        return 1
    with contextlib.suppress(OSError):
        hosted.forget(hosted.LOCAL if args.server is None else server)
    print(_("seat {seat}: the game is over", seat=seat.seat + 1), flush=True)
    return 0
