"""Hostile input at the table: odd names, a save folder that cannot be made, F5/F6 pressed fast,
and two tables on one data folder. None of it kills the window or loses a game."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from blueprints3d.client.table.model.options import AppOptions, parse_seats
from blueprints3d.client.table.model.flow import Mode, SeatConfig
from blueprints3d.files.autosave import AutosaveSlot, SlotInUse
from blueprints3d.files.buildfile import load_build
from blueprints3d.files.savefile import load_game

HOSTILE = ["/../../outside/pwned", "%Y%m%d%%n", "A\x00B", "\udcff\udcfe", "é" * 230, "a/b"]


def open_app(base, tmp_path, names, autosave=True):
    from blueprints3d.client.render import shaders
    from blueprints3d.client.table.offscreen import open_table

    shaders.configure(False)
    slot = AutosaveSlot(tmp_path / "saves") if autosave else None
    seats = [SeatConfig(names[0]), SeatConfig("Bot", "easy")]
    return open_table(
        base,
        320,
        180,
        AppOptions(seats=seats, seed=5, bot_delay=0, threaded_bots=False, autosave=slot),
    )


def to_turn(app):
    while app.flow.mode is not Mode.TURN:
        if app.flow.mode is Mode.CURTAIN:
            app.flow.pass_curtain()
        elif app.flow.mode is Mode.BOT:
            app.flow.run_bots()


@pytest.mark.parametrize("name", HOSTILE)
def test_saves_of_hostile_names_stay_inside_the_save_folder(offscreen_base, tmp_path, name):
    t = open_app(offscreen_base, tmp_path, [name])
    try:
        app = t.app
        to_turn(app)
        assert app.flow.seats[0].name.isprintable()  # what the TextNodes were given
        paths = [app.saving.save_building() for _ in range(3)]  # three presses within a second
        folder = (tmp_path / "saves").resolve()
        assert all(paths) and len(set(paths)) == 3, (
            app.hud.message if hasattr(app.hud, "message") else paths
        )
        for p in paths:
            assert os.path.dirname(os.path.realpath(p)) == str(folder)
            assert "%" not in os.path.basename(p) and len(os.path.basename(p).encode()) < 255
            load_build(p)
        games = [app.saving.save_game_copy() for _ in range(3)]
        assert len(set(games)) == 3 and all(load_game(g) for g in games)
        assert not (tmp_path / "outside").exists()
        assert not [f for f in os.listdir(folder) if f.endswith(".tmp")]
    finally:
        t.close()


def test_saving_when_the_save_folder_cannot_be_made_is_said_on_the_hud(offscreen_base, tmp_path):
    (tmp_path / "saves").write_text("a file where the folder should be")
    t = open_app(offscreen_base, tmp_path, ["Ann"], autosave=True)
    try:
        app = t.app
        to_turn(app)
        assert app.saving.save_game_copy() is None
        said = app.hud.message.getText()
        folder = tmp_path / "saves"
        assert said == (
            f"Could not save the game: a file stands where the folder {folder} must be; "
            f"move it away or choose another folder"
        ), said
        assert app.saving.save_building() is None  # said on the HUD; the game goes on
        assert app.hud.message.getText().startswith(
            f"Could not save the building: a file stands where the folder {folder} must be"
        )
        assert app.flow.mode is Mode.TURN
    finally:
        t.close()


def test_seat_names_from_undecodable_bytes_are_made_safe():
    seats = parse_seats("\udcff\udcfe,@easy")  # what Python makes of --seats $'\xff\xfe,@easy'
    assert seats[0].name == "??" and seats[0].name.encode("utf-8")
    assert SeatConfig("A\x00\x1b[2JB").name == "A  [2JB"  # control characters become spaces
    assert len(SeatConfig("x" * 10_000).name) == 40
    assert SeatConfig("\x00\x00").name == "Player"


def test_the_table_opens_with_undecodable_seat_names(tmp_path):
    """The real command line, in a process of its own: Panda3D used to abort (SIGABRT)."""
    env = dict(os.environ, BLUEPRINTS3D_HOME=str(tmp_path))
    r = subprocess.run(
        [
            os.fsencode(sys.executable),
            b"-m",
            b"blueprints3d",
            b"--offscreen",
            b"--quit-after",
            b"2",
            b"--seats",
            b"\xff\xfe,@easy",
        ],
        env=env,
        capture_output=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr[-2000:]


def test_one_table_per_autosave_slot(tmp_path, monkeypatch, capsys):
    from blueprints3d.cli import main

    monkeypatch.setenv("BLUEPRINTS3D_HOME", str(tmp_path))
    first = AutosaveSlot(tmp_path)
    first.acquire()
    try:
        assert main(["--seats", "Ann,@easy", "--offscreen", "--quit-after", "1"]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and f"process {os.getpid()}" in err[0] and "--slot NAME" in err[0]
        with pytest.raises(SlotInUse):
            AutosaveSlot(tmp_path).acquire()
        other = AutosaveSlot(tmp_path, name="second")  # --slot second: a slot of its own
        other.acquire()
        other.release()
        assert other.current.name == "autosave-second.json"
    finally:
        first.release()
    again = AutosaveSlot(tmp_path)
    again.acquire()  # released on exit: the next table takes it
    again.release()


def test_a_stale_lock_from_a_killed_table_is_taken_over(tmp_path):
    code = (
        "import sys, os, signal; from pathlib import Path; from blueprints3d.files.autosave import AutosaveSlot;"
        "s = AutosaveSlot(Path(sys.argv[1])); s.acquire(); print('held', flush=True); signal.pause()"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code, str(tmp_path)], stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout.readline().strip() == "held"
    with pytest.raises(SlotInUse, match=f"process {proc.pid}"):
        AutosaveSlot(tmp_path).acquire()
    proc.kill()
    proc.wait()
    slot = AutosaveSlot(tmp_path)
    slot.acquire()  # the dead table's lock file is still there, and is taken over
    assert slot.lock.holder() == os.getpid()
    slot.release()
