"""`blueprints3d view FILE`: a showcase window for one building (turntable, orbit, breakdown)."""

from __future__ import annotations

import argparse
import contextlib
import os
from pathlib import Path

from blueprints3d.commands.argtypes import output_folder, window_size
from blueprints3d.commands.symbols import symbols_as_set
from blueprints3d.i18n import N_, _
from blueprints3d.files.buildfile import load_build
from blueprints3d.files.builds import VIEWER_COPY_PREFIX
from blueprints3d.text import display

HELP = N_(
    "show one building from a build file: turntable, free orbit, score breakdown, screenshots"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help=_("build file (JSON), as read by the score command"))
    parser.add_argument(
        "--size",
        type=window_size,
        default=(1280, 720),
        help=_("window size WxH (default 1280x720)"),
    )
    parser.add_argument(
        "--output",
        "--shots",
        dest="shots",
        default=None,
        metavar="DIR",
        help=_("folder for pictures (S or F12; default: pictures in the data folder)"),
    )
    parser.add_argument(
        "--no-shaders", action="store_true", help=_("plain colours instead of the material shaders")
    )
    parser.add_argument(
        "--temporary",
        action="store_true",
        help=_("FILE is a copy made for this viewer (the table's View): it is removed once read"),
    )
    parser.add_argument(
        "--material-symbols",
        action="store_true",
        help=_("print each material's symbol on its dice (colour-blind help)"),
    )


def run(args: argparse.Namespace) -> int:
    try:
        build = load_build(args.file)  # a bad file: BuildFileError, one line, exit 2
    finally:
        if args.temporary:  # read (or refused): the copy has done its work
            _remove(args.file)
    if args.shots is not None:
        output_folder(args.shots, "--output")  # one line before a window opens
    w, h = args.size
    from blueprints3d.client.apps.viewer import run_window

    symbols_as_set(args)  # --material-symbols, or the table's setting (its standings' View too)

    stem = Path(args.file).stem
    if args.temporary:  # pictures are named after the building, not its copy
        stem = stem.removeprefix(VIEWER_COPY_PREFIX)
    return run_window(build, display(stem, 60), w, h, args.shots, not args.no_shaders)


def _remove(path: str) -> None:
    """Remove the viewer's copy; one that is gone already, or cannot go, is no reason to stop."""
    with contextlib.suppress(OSError):
        os.unlink(path)
