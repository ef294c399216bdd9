"""`blueprints3d demo [NAME]`: visual rule demonstrations, stepped with the arrow keys."""

from __future__ import annotations

import argparse

from blueprints3d.commands.argtypes import output_folder, picture_size
from blueprints3d.i18n import N_, _
from blueprints3d.commands.symbols import symbols_as_set
from blueprints3d.presentation.demos import DEMOS

HELP = N_("visual rule demonstrations (without NAME: a menu); --render DIR writes each step to PNG")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "name",
        nargs="?",
        choices=list(DEMOS),
        metavar="NAME",
        help=_("the demonstration to open: {names}", names=", ".join(DEMOS)),
    )
    parser.add_argument(
        "--render",
        metavar="DIR",
        help=_(
            "write every step of NAME (or of every demo) to DIR/<name>-NN.png offscreen, then exit"
        ),
    )
    parser.add_argument(
        "--size",
        type=picture_size,
        default=None,
        help=_("window or picture size WxH (default 1280x720; 960x540 with --render)"),
    )
    parser.add_argument(
        "--no-shaders", action="store_true", help=_("plain colours instead of the material shaders")
    )
    parser.add_argument(
        "--material-symbols",
        action="store_true",
        help=_("print each material's symbol on its dice (colour-blind help)"),
    )
    parser.add_argument(
        "--list",
        action="store_true",
        help=_("list the demonstrations and their steps' captions, then exit"),
    )


def run(args: argparse.Namespace) -> int:
    from blueprints3d.presentation.demos import all_demos, get_demo

    symbols_as_set(args)
    demos = [get_demo(args.name)] if args.name else all_demos()
    if args.list:
        for d in demos:
            print(
                f"{d.name}: {d.title} - {d.summary}"
            )  # (the demos' own words, presentation/demos)
            for i, s in enumerate(d.steps, 1):
                print(f"  {i}. {s.caption}")
        return 0
    if args.render:
        output_folder(args.render, "--render")  # before any window: /dev/null is one line
        w, h = args.size or (960, 540)
        from blueprints3d.client.apps.demo_player import render_demo
        from blueprints3d.client.render.capture import open_offscreen_base

        from blueprints3d.client.render import shaders

        base = open_offscreen_base(w, h)
        shaders.configure(not args.no_shaders, base)
        for d in demos:
            for path in render_demo(base, d, args.render):
                print(path)
        return 0
    w, h = args.size or (1280, 720)
    from blueprints3d.client.apps.demo_player import run_window

    # NAME opens that demo at once, but Esc or M goes back to the menu of every demo.
    return run_window(all_demos(), w, h, start=args.name, shaders=not args.no_shaders)
