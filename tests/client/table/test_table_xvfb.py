"""The real window under Xvfb, driven by real X mouse events (xdotool): a whole game by drags.

Marked slow, and skipped where Xvfb or xdotool is missing. The test starts its own Xvfb and runs
this file as a program in a fresh process (one ShowBase per process, and a real window): it plays
every person's move by pressing, dragging and releasing the X pointer over the projected dice and
spaces, tries illegal drops (the state must not change), and passes the curtain by clicking it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from support.xvfb import available, virtual_display

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.slow
@pytest.mark.skipif(not available(), reason="needs Xvfb and xdotool")
def test_a_whole_game_by_real_mouse_drags_in_a_window():
    with virtual_display("1280x800") as display:
        env = dict(
            os.environ,
            DISPLAY=display,
            PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests")]),
        )
        out = subprocess.run(
            [sys.executable, __file__], env=env, capture_output=True, text=True, timeout=600
        )
        assert out.returncode == 0, out.stderr[-3000:]
        assert (
            "game over" in out.stdout and "moves by mouse" in out.stdout and "Ctrl+Z" in out.stdout
        )


@pytest.mark.slow
@pytest.mark.skipif(not available(), reason="needs Xvfb and xdotool")
def test_a_normal_start_in_a_window_says_nothing():
    """Xvfb has no DGA extension: Xlib's "extension XFree86-DGA missing" line, which every start
    printed, is not passed on; a start that works prints nothing else either."""
    with virtual_display("1280x800") as display:
        env = dict(os.environ, DISPLAY=display, PYTHONPATH=str(ROOT))
        out = subprocess.run(
            [
                sys.executable,
                "-m",
                "blueprints3d",
                "play",
                "--seats",
                "Ann,@easy",
                "--no-shaders",
                "--mute",
                "--no-autosave",
                "--quit-after",
                "5",
            ],
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            cwd=ROOT,
        )
        assert out.returncode == 0, out.stderr[-3000:]
        lines = [
            line
            for line in out.stderr.splitlines()
            if not line.startswith(("first frame after", "5 frames in"))
        ]
        assert lines == [] and out.stdout == ""


def _drive() -> None:
    import random

    from panda3d.core import Point3

    from blueprints3d.client.render.window import open_base
    from blueprints3d.client.table.app import TableApp
    from blueprints3d.client.table.model.options import AppOptions
    from blueprints3d.client.table.model.flow import Mode, SeatConfig
    from blueprints3d.engine import actions as A

    opts = AppOptions(
        size=(1024, 640),
        seats=[SeatConfig("Ann"), SeatConfig("Bob"), SeatConfig("Bot", "easy")],
        seed=31,
        bot_delay=0.5,
    )  # time for the confirm before a computer moves
    base = open_base(size=opts.size, shaders_on=False)
    app = TableApp(base, opts)

    def step(n: int = 3) -> None:
        for _ in range(n):
            base.taskMgr.step()

    def px(pt: tuple[float, float]) -> tuple[int, int]:
        p = base.win.get_properties()
        w, h = base.win.get_x_size(), base.win.get_y_size()
        return int(p.get_x_origin() + (pt[0] + 1) / 2 * w), int(
            p.get_y_origin() + (1 - pt[1]) / 2 * h
        )

    def xdo(*args) -> None:
        subprocess.run(["xdotool", *map(str, args)], check=True)

    def drag(a, b) -> None:
        (x0, y0), (x1, y1) = px(a), px(b)
        xdo("mousemove", x0, y0)
        step()
        xdo("mousedown", 1)
        step()
        for i in range(1, 6):
            xdo("mousemove", x0 + (x1 - x0) * i // 5, y0 + (y1 - y0) * i // 5)
            step(2)
        xdo("mouseup", 1)
        step(3)

    def click(a) -> None:
        x, y = px(a)
        xdo("mousemove", x, y)
        step()
        xdo("click", 1)
        step(3)

    step(5)
    rng = random.Random(4)
    flow = app.flow
    moves = rejected = undone = 0
    zoomed = False

    def aim(seat: int, cell: int, die: int):
        """Where the die and the space show; a space hidden behind a taller stack: higher (W)."""
        for _ in range(14):
            start, end = app.controls.screen_of_die(die), app.controls.screen_of_cell(seat, cell)
            if start is not None and end is not None:
                return start, end
            xdo("key", "w")
            step(2)
            app.camera.snap()
            step(1)
        raise AssertionError(f"space {cell} never shows")

    def button_centre(button) -> tuple[float, float]:
        l, r, b, t = button.node().get_frame()
        p = base.render2d.get_relative_point(button, Point3((l + r) / 2, 0, (b + t) / 2))
        return p.x, p.z

    for _ in range(3000):  # a lost click must fail the test, not hang it
        if flow.mode is Mode.GAME_OVER:
            break
        if flow.mode is Mode.CURTAIN:
            click((0.0, 0.0))  # the curtain's button sits in the middle
            continue
        if flow.mode is Mode.BOT:
            step(5)
            continue
        if flow.mode is Mode.ROUND_END:
            app.continue_round()
            continue
        app.settle()
        step(2)
        c = app.controls
        n = len(flow.state.log)
        seat = flow.viewer
        hatched = [i for i, h in enumerate(flow.state.blueprints[seat].heights) if h is None]
        if (
            rng.random() < 0.15
            and flow.state.phase.value == "take"
            and hatched
            and c.screen_of_cell(seat, hatched[0]) is not None
        ):
            before = flow.state.to_dict()
            drag(c.screen_of_die(flow.state.pool[0]), c.screen_of_cell(seat, hatched[0]))
            assert flow.state.to_dict() == before, "an illegal drop changed the game"
            assert "hatched" in app.hud.message.getText()
            rejected += 1
            continue
        a = rng.choice(flow.state.legal_actions())
        k = A.decode(a)

        def make_move(k=k, n=n, a=a, seat=seat, c=c) -> None:
            if k.kind is A.Kind.DISCARD:
                click(c.screen_of_die(k.die))
            elif k.kind is A.Kind.PLACE:
                drag(*aim(seat, k.cell, k.die))
            else:
                drag(
                    c.screen_of_die(k.die),
                    app.picker.project(Point3(0, 0, 0.05), app.view.seats[seat].root),
                )
            # The move waits for the confirm: nothing applied yet, the buttons are up.
            assert (
                len(flow.state.log) == n and flow.pending is not None and flow.pending.action == a
            ), app.hud.message.getText()
            assert app.move_bar.shown

        make_move()
        if moves % 4 == 1:  # a misclick: Ctrl+Z takes it back, then the move is made again
            before = flow.state.to_dict()
            xdo("key", "ctrl+z")
            step(3)
            assert flow.pending is None and flow.state.to_dict() == before
            undone += 1
            app.settle()  # the die has glided back to the pool
            step(2)
            make_move()
        if moves % 2:
            xdo("key", "Return")
            step(3)
        else:
            click(button_centre(app.move_bar.confirm))
        assert len(flow.state.log) == n + 1 and flow.state.log[-1] == a, (
            app.hud.message.getText(),
            n,
            flow.state.log[n - 2 :],
            a,
            moves,
        )
        app.camera.reset(snap=True)
        moves += 1
        if moves == 3:  # Shift+= (the '+' of a US keyboard) zooms in, like '+'
            d = app.camera.goal.distance
            xdo("key", "shift+equal")
            step(2)
            assert app.camera.goal.distance < d * 0.95, "Shift+= did not zoom"
            zoomed = True
            app.camera.reset()
    else:
        raise SystemExit(f"the game did not end (stuck in {flow.mode})")
    assert undone > 5 and zoomed
    print(
        f"game over: {flow.winner_text()}; moves by mouse: {moves}; illegal drops refused: {rejected}; "
        f"taken back by Ctrl+Z: {undone}"
    )


if __name__ == "__main__":
    _drive()
