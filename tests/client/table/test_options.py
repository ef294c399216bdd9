"""The play command's options: who starts round 1, and refusals of wrong values."""

from __future__ import annotations

import argparse

import pytest

from blueprints3d.client.table.model.options import options_from_args
from blueprints3d.client.table.model.flow import GameFlow, SeatConfig
from blueprints3d.engine import BlueprintsError


def args(**kw):
    base = dict(
        size=None,
        fullscreen=False,
        no_shaders=True,
        seats="Ann,Bob,@easy",
        seed=7,
        open_scores=False,
        bot_delay=0.0,
        quit_after=0,
        resume=False,
        no_autosave=True,
        start=None,
    )
    base.update(kw)
    return argparse.Namespace(**base)


def test_start_seat_is_one_based_and_defaults_to_the_first():
    assert options_from_args(args()).start == 0
    assert options_from_args(args(start="3")).start == 2
    assert options_from_args(args(start="lot")).start is None


@pytest.mark.parametrize("value", ["0", "4", "two", "-1"])
def test_a_start_seat_outside_the_table_is_refused(value):
    with pytest.raises(BlueprintsError, match="--start must be a seat from 1 to 3 or 'lot'"):
        options_from_args(args(start=value))


def test_start_needs_seats():
    with pytest.raises(BlueprintsError, match="--start needs --seats"):
        options_from_args(args(seats=None, start="2"))


def test_start_by_lot_is_drawn_from_the_seed():
    seats = [SeatConfig("A"), SeatConfig("B", "easy"), SeatConfig("C", "easy")]
    starts = {
        GameFlow(seats, seed, start_player=None, threaded_bots=False).state.start_player
        for seed in range(30)
    }
    assert starts == {0, 1, 2}  # every seat can be drawn
    a = GameFlow(seats, 5, start_player=None, threaded_bots=False).state.start_player
    assert a == GameFlow(seats, 5, start_player=None, threaded_bots=False).state.start_player


def test_no_display_gives_one_line_and_status_2(tmp_path):
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "WAYLAND_DISPLAY"}
    # A display that is not there (an unset DISPLAY means :0, where a soak's Xvfb may run).
    env.update(DISPLAY=":65000", BLUEPRINTS3D_HOME=str(tmp_path))
    r = subprocess.run(
        [sys.executable, "-m", "blueprints3d", "--seats", "Ann,@easy", "--no-autosave"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert r.returncode == 2
    last = r.stderr.strip().splitlines()[-1]
    assert last.startswith("blueprints3d: could not open a window") and "Traceback" not in r.stderr
