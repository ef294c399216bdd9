"""A picture stuck in the graphics driver is noted by the watchdog and told at the next start;
nothing is lost (the autosave holds the game after its last move)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from blueprints3d.client.table.model.watchdog import FrameWatchdog
from blueprints3d.files.stall import record_stall, stall_path, take_stall_note


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def test_no_frame_for_the_threshold_is_noted_and_a_frame_takes_it_back(tmp_path):
    clock = Clock()
    dog = FrameWatchdog(tmp_path, "llvmpipe (LLVM 15.0.6, 256 bits)", threshold=20.0, clock=clock)
    dog.beat()
    clock.t += 19.0
    assert dog.check() is False and not stall_path(tmp_path).exists()
    clock.t += 2.0
    assert dog.check() is True
    data = json.loads(stall_path(tmp_path).read_text())
    assert data["seconds"] == 21.0 and data["renderer"].startswith("llvmpipe")
    dog.beat()  # the frames came back: the note is no longer so
    assert not stall_path(tmp_path).exists() and dog.check() is False


def test_the_watchdog_thread_notes_a_stall_on_its_own(tmp_path):
    import time

    dog = FrameWatchdog(tmp_path, "llvmpipe", threshold=0.2, interval=0.05)
    dog.start()
    try:
        for _ in range(100):
            if stall_path(tmp_path).exists():
                break
            time.sleep(0.05)
        assert stall_path(tmp_path).exists()
    finally:
        dog.stop()
    assert not stall_path(tmp_path).exists()  # a normal end has no stall to tell


def test_the_next_start_says_what_happened_once(tmp_path):
    record_stall(tmp_path, 35.0, "llvmpipe (LLVM 15.0.6, 256 bits)")
    note = take_stall_note(tmp_path)
    assert note is not None and "\n" not in note
    assert "stopped" in note and "graphics driver (llvmpipe" in note and "nothing was lost" in note
    assert not stall_path(tmp_path).exists() and take_stall_note(tmp_path) is None
    stall_path(tmp_path).write_text("{damaged")
    note = take_stall_note(tmp_path)
    assert note is not None and "graphics driver" in note and not stall_path(tmp_path).exists()


def test_the_table_tells_the_last_stall_at_its_start(capsys):
    from blueprints3d.cli import build_parser
    from blueprints3d.client.table.model.options import options_from_args

    home = Path(os.environ["BLUEPRINTS3D_HOME"])
    record_stall(home, 40.0, "llvmpipe")
    options = options_from_args(build_parser().parse_args(["play", "--seats", "Ann,@easy"]))
    assert "the last session's picture stopped" in options.settings_note
    assert "the last session's picture stopped" in capsys.readouterr().err
    assert not stall_path(home).exists()
    again = options_from_args(build_parser().parse_args(["play", "--seats", "Ann,@easy"]))
    assert again.settings_note == ""
