"""A real window under Xvfb: resizing it re-lays the HUD out (every line still at least 12 pixels
and inside the window), and a real F1 key press opens the help screen, a real Esc closes it.

Marked slow, skipped where Xvfb or xdotool is missing; the window runs in a fresh process (one
ShowBase per process), this file run as a program.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from support.xvfb import available, virtual_display

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.slow
@pytest.mark.skipif(not available(), reason="needs Xvfb and xdotool")
def test_resizing_a_real_window_keeps_the_hud_legible_and_f1_opens_help():
    with virtual_display("1920x1200") as display:
        env = dict(
            os.environ,
            DISPLAY=display,
            PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests")]),
        )
        out = subprocess.run(
            [sys.executable, __file__], env=env, capture_output=True, text=True, timeout=300
        )
        assert out.returncode == 0, out.stderr[-3000:]
        assert "resized 1280x400" in out.stdout and "help by F1" in out.stdout, out.stdout


def _drive() -> None:
    from panda3d.core import WindowProperties

    from blueprints3d.client.render.window import open_base
    from blueprints3d.client.table.app import TableApp
    from blueprints3d.client.table.model.options import AppOptions
    from blueprints3d.client.table.model.flow import SeatConfig

    base = open_base(size=(1280, 720), shaders_on=False)
    app = TableApp(
        base,
        AppOptions(
            size=(1280, 720),
            seats=[SeatConfig("Ann"), SeatConfig("Bob", "easy")],
            seed=3,
            bot_delay=0.1,
        ),
    )

    def step(n: int = 3) -> None:
        for _ in range(n):
            base.taskMgr.step()

    def check(w: int, h: int) -> None:
        assert (base.win.get_x_size(), base.win.get_y_size()) == (w, h)
        assert app.hud.size == (w, h), app.hud.size
        unit = app.hud.root.get_scale(base.render2d).z * h / 2
        for node in app.hud.texts():
            lo, hi = node.get_tight_bounds(base.render2d)
            assert lo.x >= -1 and hi.x <= 1 and lo.z >= -1 and hi.z <= 1, (w, h, node.getText())
            px = node.getTextScale()[0] * node.textNode.get_line_height() * unit
            assert px >= 12, (w, h, node.getText(), px)

    step(5)
    check(1280, 720)
    for w, h in ((1280, 400), (1920, 1080)):
        props = WindowProperties()
        props.set_size(w, h)
        base.win.request_properties(props)
        for _ in range(100):
            step(1)
            if (base.win.get_x_size(), base.win.get_y_size()) == (w, h) and app.hud.size == (w, h):
                break
            time.sleep(0.02)
        step(3)
        check(w, h)
        print(f"resized {w}x{h}")
    # A real key press: F1 opens the help, Esc closes it.
    # No window manager: the keyboard goes where the pointer is.
    subprocess.run(["xdotool", "mousemove", "200", "200"], check=True)
    step(5)
    for key, want in (("F1", True), ("Escape", False)):
        subprocess.run(["xdotool", "key", key], check=True)
        for _ in range(100):
            step(1)
            if app.screens.help.active is want:
                break
            time.sleep(0.02)
        assert app.screens.help.active is want, key
    print("help by F1, closed by Esc")
    app.destroy()
    base.destroy()


if __name__ == "__main__":
    _drive()
