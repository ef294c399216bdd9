"""`blueprints3d sandbox`: build freely on any card with any dice; the engine checks each drop."""

from __future__ import annotations

import argparse

HELP = "build freely on any blueprint card (or a blank grid) with any dice, and save a build file"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--card", default="blank", help="card to start on: a deck id like B07, or 'blank' (default)")
    parser.add_argument("--grid", default="3x2", metavar="RxC",
                        help="rows x columns of the blank grid (default 3x2, up to 8x8)")
    parser.add_argument("-o", "--output", default="sandbox.json", help="build file to save to (default sandbox.json)")
    parser.add_argument("--size", default="1280x720", help="window size WxH (default 1280x720)")
    parser.add_argument("--no-shaders", action="store_true", help="plain colours instead of the material shaders")


def run(args: argparse.Namespace) -> int:
    from blueprints3d.cli import UsageError
    from blueprints3d.commands.demo import parse_size
    from blueprints3d.steps.sandbox_model import card_choices

    try:
        rows, cols = (int(v) for v in args.grid.lower().split("x"))
    except ValueError:
        raise UsageError(f"--grid must look like 3x2, not {args.grid!r}") from None
    if not (1 <= rows <= 8 and 1 <= cols <= 8):
        raise UsageError(f"--grid {args.grid}: rows and columns must be 1 to 8")
    ids = [c.id for c in card_choices(rows, cols)]
    if args.card not in ids:
        raise UsageError(f"--card must be 'blank' or a deck id ({', '.join(ids[1:])}), not {args.card!r}")
    w, h = parse_size(args.size)
    from blueprints3d.client.apps.sandbox import run_window

    return run_window(args.output, ids.index(args.card), w, h, not args.no_shaders, (rows, cols))
