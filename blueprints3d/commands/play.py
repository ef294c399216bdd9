"""`blueprints3d` / `blueprints3d play`: open the 3D table."""

from __future__ import annotations

import argparse

from blueprints3d.commands.argtypes import non_negative, window_size
from blueprints3d.files.jsonfile import where
from blueprints3d.files.places import default_dir
from blueprints3d.i18n import N_, _

HELP = N_("open the 3D table and play a game (the default command)")


def _delay(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not a number of seconds", text=repr(text))
        ) from None
    if not 0 <= x <= 10:
        raise argparse.ArgumentTypeError(_("must be from 0 to 10 seconds, not {x}", x=x))
    return x


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_window_arguments(parser)
    _add_game_arguments(parser)
    _add_saving_arguments(parser)
    parser.add_argument(
        "--mute",
        action="store_true",
        help=_("no sound this run (the settings' volume and mute are kept for the next)"),
    )
    parser.add_argument(
        "--verbose",
        action="store_true",
        help=_("let Panda3D print its start-up messages (display pipes, input devices)"),
    )
    add_hidden_arguments(parser)


def add_window_arguments(parser: argparse.ArgumentParser) -> None:
    """The table's window and how it draws (`play` and `tutorial`)."""
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


def _add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """The game to start: its seats, seed and first player, and how it is shown."""
    parser.add_argument(
        "--seats",
        metavar="SEATS",
        help=_(
            "start at once, skipping the new-game screen: comma-separated seats, a name "
            "for a person, NAME@LEVEL or @LEVEL for a computer (e.g. 'Ann,Bob,@easy')"
        ),
    )
    parser.add_argument(
        "--seed",
        type=non_negative,
        help=_("seed of the game (default random; without --seats it fills the new-game screen)"),
    )
    parser.add_argument(
        "--start",
        metavar="SEAT",
        help=_(
            "with --seats: the seat (1-4) that starts round 1 (the rulebook: who last "
            "visited a construction site), or 'lot' to draw one; default 1"
        ),
    )
    parser.add_argument(
        "--open-scores",
        action="store_true",
        help=_("show everyone's victory points during the game (for learning)"),
    )
    parser.add_argument(
        "--bot-delay",
        type=_delay,
        default=None,
        help=_(
            "seconds a computer opponent's move stays visible before it is made "
            "(default 0.8, the blueprints3d-bot-delay setting)"
        ),
    )


def _add_saving_arguments(parser: argparse.ArgumentParser) -> None:
    """The autosave: resume it, a slot of its own, or none."""
    parser.add_argument(
        "--resume",
        action="store_true",
        help=_("continue the last game exactly where it was (it is saved after every move)"),
    )
    parser.add_argument(
        "--slot",
        metavar="NAME",
        help=_(
            "use a save slot of its own (autosave-NAME.json): for a second table on the "
            "same data folder, whose default slot a running table holds"
        ),
    )
    parser.add_argument(
        "--no-autosave",
        action="store_true",
        help=_(
            "do not save the game after every move (the autosave lives in the data folder, "
            "{folder}; $BLUEPRINTS3D_HOME moves it)",
            folder=where(default_dir()).replace("%", "%%"),
        ),
    )  # argparse %-formats help


def add_hidden_arguments(parser: argparse.ArgumentParser) -> None:
    """For benchmarks and smoke tests (not in --help): render N frames, print the start-up
    time, exit; draw offscreen."""
    parser.add_argument(
        "--quit-after", type=int, default=0, metavar="FRAMES", help=argparse.SUPPRESS
    )
    parser.add_argument("--offscreen", action="store_true", help=argparse.SUPPRESS)


def run(args: argparse.Namespace) -> int:
    from blueprints3d.client.table.run import (
        run_app,
    )  # Panda3D is imported only when a window is wanted

    return run_app(args)
