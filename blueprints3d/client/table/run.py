"""The `play` command's window: open it, run the table in it until the player quits.

``run_app`` holds the autosave slot (one table per slot), opens the window (fitted to the
display), starts the frame watchdog (client/table/model/watchdog.py) and runs ``TableApp``.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from typing import Any

from panda3d.core import WindowProperties

from blueprints3d.client.render.window import open_base
from blueprints3d.client.table.app import TableApp
from blueprints3d.client.table.model.options import AppOptions, options_from_args
from blueprints3d.client.table.model.watchdog import FrameWatchdog
from blueprints3d.files.autosave import AutosaveSlot
from blueprints3d.i18n import _


def fit_to_display(base, size: tuple[int, int]) -> tuple[int, int] | None:
    """Shrink the window to the display when it was asked larger (the GPU's bound is the
    option's own); returns the new size, or None when it fits or the display is unknown."""
    pipe = getattr(base, "pipe", None)
    win = getattr(base, "win", None)
    if pipe is None or win is None or not hasattr(win, "request_properties"):
        return None
    dw, dh = pipe.get_display_width(), pipe.get_display_height()
    if dw <= 0 or dh <= 0 or (size[0] <= dw and size[1] <= dh):
        return None
    fitted = (min(size[0], dw), min(size[1], dh))
    props = WindowProperties()
    props.set_size(*fitted)
    win.request_properties(props)
    return fitted


def run_app(args: argparse.Namespace, extra: dict[str, Any] | None = None) -> int:
    """``extra``: AppOptions fields beyond the command line's (`host` / `join`: the seat to take)."""
    launched = time.perf_counter()
    options = options_from_args(args)
    if extra:
        options = dataclasses.replace(options, **extra)
    slot = options.autosave
    if slot is not None:
        slot.acquire()  # one table per slot: a second one is told so, before any window opens
    try:
        return _run(args, options, launched)
    finally:
        if slot is not None:
            slot.release()


def _run(args: argparse.Namespace, options: AppOptions, launched: float) -> int:
    offscreen = getattr(args, "offscreen", False)
    base = open_base(
        size=options.size,
        title="Blueprints",
        offscreen=offscreen,
        fullscreen=options.fullscreen,
        native_fullscreen=options.fullscreen and not options.size_given,
        verbose=options.verbose,
        shaders_on=options.use_shaders,
        sound=not options.mute,
    )
    if not offscreen and not options.fullscreen:
        fitted = fit_to_display(base, options.size)
        if fitted is not None:
            print(
                "blueprints3d: "
                + _(
                    "the window is {width}x{height}, the display's size (asked {asked_width}x{asked_height})",
                    width=fitted[0],
                    height=fitted[1],
                    asked_width=options.size[0],
                    asked_height=options.size[1],
                ),
                file=sys.stderr,
            )
    app = TableApp(base, options)
    gsg = base.win.get_gsg()
    watchdog = FrameWatchdog(
        (options.autosave or AutosaveSlot()).folder,
        gsg.get_driver_renderer() if gsg is not None else "",
    )

    def beat(task):
        watchdog.beat()
        return task.cont

    base.task_mgr.add(beat, "blueprints3d-watchdog", sort=60)
    watchdog.start()
    base.graphicsEngine.render_frame()
    first = time.perf_counter()
    if options.quit_after:
        print(f"first frame after {first - launched:.3f} s", file=sys.stderr)
    try:
        base.run()
    finally:
        watchdog.stop()
    if options.quit_after:
        spent = time.perf_counter() - first
        print(
            f"{app.frames} frames in {spent:.2f} s ({app.frames / max(spent, 1e-9):.1f} fps)",
            file=sys.stderr,
        )
    app.destroy()
    base.destroy()
    return 0
