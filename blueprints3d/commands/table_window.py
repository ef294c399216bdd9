"""The window `host` and `join` open: the `play` command's table, with its window options, taking
a seat of a room on a game server at once (client/table/net/net_table.py)."""

from __future__ import annotations

import argparse
from typing import Any

from blueprints3d.commands import play
from blueprints3d.commands.argtypes import window_size
from blueprints3d.i18n import _


def add_window_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--size", type=window_size, default=None, help=_("window size WxH (default 1280x720)")
    )
    parser.add_argument(
        "--no-shaders",
        action="store_true",
        help=_("plain colours instead of the material shaders (old or software GL)"),
    )
    parser.add_argument("--mute", action="store_true", help=_("no sound this run"))
    play.add_hidden_arguments(parser)


def open_table(args: argparse.Namespace, network: Any, local_server: Any = None) -> int:
    """Run the table in a window until the player quits, as one seat of ``network``'s room
    (a ``NetStart``); ``local_server``, a server this process runs, stops with it."""
    from blueprints3d.client.table.run import run_app

    parser = argparse.ArgumentParser(add_help=False)
    play.add_arguments(parser)
    table = parser.parse_args([])  # the play command's defaults ...
    for key in ("size", "no_shaders", "mute", "quit_after", "offscreen"):
        setattr(table, key, getattr(args, key))
    table.no_autosave = True  # ... but no autosave: the server keeps this game
    return run_app(table, {"network": network, "local_server": local_server})
