"""`blueprints3d tutorial`: the guided first game (one coached round against the easy computer)."""

from __future__ import annotations

import argparse

from blueprints3d.commands import play
from blueprints3d.i18n import N_, _

HELP = N_("learn to play: one coached round against an easy computer player, on the 3D table")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    play.add_window_arguments(parser)
    parser.add_argument("--mute", action="store_true", help=_("no sound this run"))
    parser.add_argument(
        "--verbose", action="store_true", help=_("let Panda3D print its start-up messages")
    )
    play.add_hidden_arguments(parser)


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
    return play.run(table_args(args))
