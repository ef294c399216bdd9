"""`blueprints3d` / `blueprints3d play`: open the 3D table."""

from __future__ import annotations

import argparse

HELP = "open the 3D table and play a game (the default command)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--size", default="1280x720", help="window size WxH (default 1280x720)")
    parser.add_argument("--fullscreen", action="store_true", help="open full screen")


def run(args: argparse.Namespace) -> int:
    from blueprints3d.client.app import run_app  # Panda3D is imported only when a window is wanted

    return run_app(args)
