"""`blueprints3d tutorial`: the guided first game (one coached round against the easy computer)."""

from __future__ import annotations

import argparse

from blueprints3d.commands.argtypes import window_size
from blueprints3d.i18n import N_, _

HELP = N_("learn to play: one coached round against an easy computer player, on the 3D table")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--size",
        type=window_size,
        default=None,
        help=_("window size WxH (default 1280x720; with --fullscreen, the display's size)"),
    )
    parser.add_argument("--fullscreen", action="store_true", help=_("open full screen"))
    parser.add_argument(
        "--no-shaders",
        action="store_true",
        help=_("plain colours instead of the material shaders (old or software GL)"),
    )
    parser.add_argument(
        "--material-symbols",
        action="store_true",
        help=_(
            "print each material's symbol on its dice and before its name this run "
            "(colour-blind help; the settings screen's switch keeps it on)"
        ),
    )
    parser.add_argument("--mute", action="store_true", help=_("no sound this run"))
    parser.add_argument(
        "--verbose", action="store_true", help=_("let Panda3D print its start-up messages")
    )
    parser.add_argument(
        "--quit-after", type=int, default=0, metavar="FRAMES", help=argparse.SUPPRESS
    )
    parser.add_argument("--offscreen", action="store_true", help=argparse.SUPPRESS)


def table_args(args: argparse.Namespace) -> argparse.Namespace:
    """The `play` options the lesson runs with: no seats or seed of its own (the tutorial
    deals its fixed game), no autosave (the lesson is not the player's own game)."""
    out = argparse.Namespace(**vars(args))
    for name, value in (
        ("seats", None),
        ("seed", None),
        ("start", None),
        ("open_scores", False),
        ("bot_delay", None),
        ("resume", False),
        ("slot", None),
        ("no_autosave", True),
        ("tutorial", True),
    ):
        setattr(out, name, value)
    return out


def run(args: argparse.Namespace) -> int:
    from blueprints3d.client.table.run import (
        run_app,
    )  # Panda3D is imported only when a window is wanted

    return run_app(table_args(args))
