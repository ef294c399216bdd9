"""`blueprints3d sandbox`: build freely on any card with any dice; the engine checks each drop."""

from __future__ import annotations

import argparse

from blueprints3d.commands.argtypes import UsageError, grid_shape, window_size, writable_file
from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.i18n import N_, _, explain

HELP = N_(
    "build freely on any blueprint card (or a blank grid) with any dice, and save a build file"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--card",
        default="blank",
        help=_("card to start on: a deck id like B07, or 'blank' (default)"),
    )
    parser.add_argument(
        "--grid",
        type=grid_shape,
        default=None,
        metavar="RxC",
        help=_("rows x columns of the blank grid (default 3x2, up to 8x8)"),
    )
    parser.add_argument(
        "-o",
        "--output",
        default=None,
        help=_(
            "build file to save to (default: builds/sandbox.json in the data folder; "
            "a file from before the session is never replaced)"
        ),
    )
    parser.add_argument(
        "--size",
        type=window_size,
        default=(1280, 720),
        help=_("window size WxH (default 1280x720)"),
    )
    parser.add_argument(
        "--no-shaders", action="store_true", help=_("plain colours instead of the material shaders")
    )


def run(args: argparse.Namespace) -> int:
    from blueprints3d.presentation.sandbox_model import card_choices

    rows, cols = args.grid or (3, 2)
    ids = [c.id for c in card_choices(rows, cols)]
    if args.card not in ids:
        raise UsageError(
            _(
                "--card must be 'blank' or a deck id ({ids}), not {card}",
                ids=", ".join(ids[1:]),
                card=repr(args.card),
            )
        )
    if args.grid is not None and args.card != "blank":
        raise UsageError(
            _(
                "--grid shapes the blank card: it cannot be combined with --card {card}",
                card=args.card,
            )
        )
    if args.output is not None:
        try:  # as render -o: the file may be new, not its folder
            writable_file(args.output, "-o ")
        except BlueprintsError as e:
            raise UsageError(explain(e)) from None
    w, h = args.size
    from blueprints3d.client.apps.sandbox import run_window

    return run_window(args.output, ids.index(args.card), w, h, not args.no_shaders, (rows, cols))
