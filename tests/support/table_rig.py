"""The tests' table: opened offscreen, driven as a person and the computers would drive it.

``TableShelf`` opens tables (``client/table/offscreen.py``) with the tests' defaults: the
computers move at once, on the test's own thread (no delay, no bot thread), plain colours unless
a test asks for shaders. The fixtures ``tables`` (one test's) and ``module_tables`` (a test
module's) in tests/conftest.py hand out its ``open`` and close what it opened.
"""

from __future__ import annotations

import argparse

from blueprints3d.client.table.model.flow import Mode


class TableShelf:
    """Opens tables on the one offscreen base and closes them all at ``close``."""

    def __init__(self, base) -> None:
        self.base = base
        self.opened: list = []

    def open(
        self,
        width: int = 320,
        height: int = 180,
        *,
        shaders: bool = False,
        overlay: bool = False,
        **options,
    ):
        """A table of ``width`` x ``height`` pixels; ``options`` are ``AppOptions``' (the game's
        seats, seed, settings...). ``overlay``: the HUD and the screens are drawn into its
        pictures too. Returns the ``OffscreenTable``."""
        from blueprints3d.client.render import shaders as materials
        from blueprints3d.client.table.offscreen import open_table
        from blueprints3d.client.table.model.options import AppOptions

        materials.configure(shaders, self.base if shaders else None)
        options.setdefault("bot_delay", 0)
        options.setdefault("threaded_bots", False)
        t = open_table(self.base, width, height, AppOptions(**options), overlay=overlay)
        self.opened.append(t)
        return t

    def close(self) -> None:
        from blueprints3d.client.render import shaders as materials

        while self.opened:
            self.opened.pop().close()
        materials.configure(False)  # the next test starts from the default


def play(flow, action: int) -> None:
    """Make ``action`` (an engine action) as a person at the table would: choose it, then
    confirm it (the table's moves wait for the confirm)."""
    flow.act(action)
    assert flow.confirm().ok


def new_game(table, seats, seed: int):
    """A new game at an open table (its computers on the test's thread); returns the app."""
    app = table.app
    app.start_game(seats, seed)
    app.flow.threaded_bots = False
    return app


def to_person(app):
    """Let the computers move, the curtain rise and a round's end pass, until a person is to
    move; everything then settled in place. Returns the app."""
    flow = app.flow
    for _ in range(20):
        if flow.mode is Mode.CURTAIN:
            app.pass_curtain()
        elif flow.mode is Mode.BOT:
            flow.run_bots()
        elif flow.mode is Mode.ROUND_END:
            app.continue_round()
        elif flow.mode is Mode.TURN:
            break
    assert flow.mode is Mode.TURN, flow.mode
    app.settle()
    return app


def drag(app, start, end, steps: int = 4):
    """Press at ``start``, move in a few steps to ``end``, release there (as a hand would),
    through the table's controls; returns what the release did."""
    c = app.controls
    assert c.press(*start), f"nothing to grab at {start}"
    for i in range(1, steps + 1):
        u = i / steps
        c.move(start[0] + (end[0] - start[0]) * u, start[1] + (end[1] - start[1]) * u)
    return c.release(*end)


def node_rect(table, node):
    """A scene node as a table shows it: its box's corners projected through the table's camera,
    in pixels (left, top, right, bottom)."""
    from panda3d.core import Point3

    app = table.app
    lo, hi = node.get_tight_bounds(app.view.root)
    pts = [
        app.picker.project(Point3(x, y, z), app.view.root)
        for x in (lo.x, hi.x)
        for y in (lo.y, hi.y)
        for z in (lo.z, hi.z)
    ]
    px = [table.pixel(*p) for p in pts if p is not None]
    xs, ys = zip(*px, strict=True)
    return min(xs), min(ys), max(xs), max(ys)


def frames_until(app, done, seconds: float = 30.0) -> None:
    """Step the table's frames (as its task would) until ``done()``; fail after ``seconds``."""
    import time

    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "the table did not get there in time"
        app.step()
        time.sleep(0.002)


def open_hud_table(base, size: tuple[int, int], seats):
    """The layout tests' table: offscreen at ``size`` with its HUD drawn (overlay), in plain
    colours, seed 5, its computers moving at once on this thread; ``seats`` SeatConfigs."""
    from blueprints3d.client.render import shaders
    from blueprints3d.client.table.model.options import AppOptions
    from blueprints3d.client.table.offscreen import open_table

    shaders.configure(False)
    w, h = size
    options = AppOptions(seats=list(seats), seed=5, bot_delay=0, threaded_bots=False)
    return open_table(base, w, h, options, overlay=True)


def play_args(**kw) -> argparse.Namespace:
    """The `play` command's options as parsed, for ``options_from_args``: two seats (Ann and an
    easy computer), seed 7, the rest as their defaults; ``kw`` overrides any."""
    base = dict(
        size=None,
        fullscreen=False,
        no_shaders=False,
        seats="Ann,@easy",
        seed=7,
        open_scores=False,
        bot_delay=None,
        quit_after=0,
        resume=False,
        no_autosave=False,
        start=None,
    )
    base.update(kw)
    return argparse.Namespace(**base)
