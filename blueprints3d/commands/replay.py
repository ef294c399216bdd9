"""`blueprints3d replay [N | FILE]`: replay a game move by move on the 3D table.

N is a game of the history (`blueprints3d history` lists them), FILE a save file (an F5 copy,
an autosave, an unfinished game kept aside); with neither, the newest game of the history.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from blueprints3d.commands.argtypes import UsageError, output_folder, picture_size, whole_number
from blueprints3d.files import history
from blueprints3d.files.savefile import load_game
from blueprints3d.i18n import N_, _
from blueprints3d.i18n.message import Message
from blueprints3d.commands.symbols import symbols_as_set
from blueprints3d.text import display, shown

HELP = N_(
    "replay a game move by move (step, play, pause): one of the history by its number, the newest "
    "by default, or a save file; --open shows hidden buildings"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "save",
        nargs="?",
        metavar="N|FILE",
        help=_(
            "N: game N of the history (`blueprints3d history` lists them); FILE: a save file "
            "(JSON) of a finished or unfinished game (write ./3 for a file named 3); "
            "default: the newest game of the history"
        ),
    )
    parser.add_argument(
        "--open",
        action="store_true",
        help=_(
            "show every building and blueprint all along (default: only as revealed in the game)"
        ),
    )
    parser.add_argument(
        "--seat",
        type=whole_number(1, 4),
        default=None,
        metavar="N",
        help=_("also show player N's own building, as they saw it (1-based)"),
    )
    parser.add_argument("--play", action="store_true", help=_("start playing at once"))
    parser.add_argument(
        "--size",
        type=picture_size,
        default=(1280, 720),
        help=_("window or picture size WxH (default 1280x720)"),
    )
    parser.add_argument(
        "--render",
        metavar="DIR",
        help=_("write every step to DIR/replay-NNN.png offscreen, then exit"),
    )
    parser.add_argument(
        "--list", action="store_true", help=_("print every step's caption, then exit")
    )
    parser.add_argument(
        "--no-shaders", action="store_true", help=_("plain colours instead of the material shaders")
    )
    parser.add_argument(
        "--material-symbols",
        action="store_true",
        help=_("print each material's symbol on its dice (colour-blind help)"),
    )


def run(args: argparse.Namespace) -> int:
    from blueprints3d.presentation.replay import game_steps

    state, title = _game(args.save)
    seat = None
    if args.seat is not None:
        if not 1 <= args.seat <= state.num_players:
            raise UsageError(
                _(
                    "--seat must be 1 to {n} for this game, not {seat}",
                    n=state.num_players,
                    seat=args.seat,
                )
            )
        seat = args.seat - 1
    steps = game_steps(state, open_=args.open, seat=seat)
    if args.list:
        for i, s in enumerate(steps, 1):
            print(f"{i:3d}. [{s.header}] {s.caption}")
        return 0
    w, h = args.size
    symbols_as_set(args)
    if args.render:
        output_folder(args.render, "--render")
        from blueprints3d.client.render import shaders
        from blueprints3d.client.apps.replay_player import render_replay
        from blueprints3d.client.render.capture import open_offscreen_base

        base = open_offscreen_base(w, h)
        shaders.configure(not args.no_shaders, base)
        for path in render_replay(base, steps, title, args.render):
            print(path)
        return 0
    from blueprints3d.client.apps.replay_player import run_window

    return run_window(steps, title, w, h, not args.no_shaders, autoplay=args.play)


def _game(arg: str | None):
    """The game to replay and its title (shown in the window's title and captions)."""
    if arg is None:
        kept, skipped = history.latest_game()  # none yet: HistoryError, one line, exit 2
        for line in skipped:
            print(f"blueprints3d: {line}", file=sys.stderr)
        return kept.state, _("game {number} ({when})", number=kept.number, when=kept.when)
    if arg.isdigit() and arg.isascii():
        if len(arg) > 9:
            raise history.HistoryError(
                Message.of(
                    "there is no game {number} in the history (blueprints3d history lists them)",
                    number=shown(arg),
                )
            )
        kept = history.load_game(int(arg))  # no such game: HistoryError, one line, exit 2
        return kept.state, _("game {number} ({when})", number=kept.number, when=kept.when)
    state, _meta = load_game(arg)  # a corrupt save: SaveFileError, one line, exit 2
    return state, display(Path(arg).stem, 60)
