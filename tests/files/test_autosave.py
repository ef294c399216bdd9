"""The autosave slot: save after every action, resume exactly, survive a damaged file."""

from __future__ import annotations

import random

import pytest

from blueprints3d.files.autosave import AutosaveSlot
from blueprints3d.engine import GameState, SaveFileError


def test_save_every_action_then_resume_exactly(tmp_path):
    slot = AutosaveSlot(tmp_path)
    s = GameState.new(3, 42)
    r = random.Random(1)
    for _ in range(20):
        s.apply(s.legal_actions()[int(r.random() * len(s.legal_actions()))])
        slot.save(s, {"seats": ["human", "bot", "bot"]})
    got = slot.load()
    assert got.state == s and got.meta == {"seats": ["human", "bot", "bot"]} and got.note is None


def test_damaged_current_save_falls_back_to_the_previous_good_one(tmp_path):
    slot = AutosaveSlot(tmp_path)
    s = GameState.new(2, 1)
    slot.save(s)
    s.apply(s.legal_actions()[0])
    before_last = s.clone()
    slot.save(s)
    s.apply(s.legal_actions()[0])
    slot.save(s)
    text = slot.current.read_text()
    slot.current.write_text(text[: len(text) // 3])  # a kill mid-write by some other program
    got = slot.load()
    assert got.state == before_last
    assert "truncated" in got.note and "previous save" in got.note
    assert slot.current.read_text() == text[: len(text) // 3]  # the damaged file is left for inspection


def test_nothing_to_resume_is_a_clear_error(tmp_path):
    with pytest.raises(SaveFileError, match="no saved game to resume"):
        AutosaveSlot(tmp_path / "empty").load()


def test_both_files_damaged_names_both_problems(tmp_path):
    slot = AutosaveSlot(tmp_path)
    s = GameState.new(2, 1)
    slot.save(s)
    slot.save(s)
    slot.current.write_text("{")
    slot.backup.write_text("[]")
    with pytest.raises(SaveFileError, match="truncated.*previous save is unusable too.*one JSON object"):
        slot.load()


SAVER = """
import random, sys
from pathlib import Path
from blueprints3d.files.autosave import AutosaveSlot
from blueprints3d.engine import GameState
slot = AutosaveSlot(Path(sys.argv[1]))
while True:
    s = GameState.new(4, 9)
    r = random.Random(9)
    while not s.is_over:
        s.apply(s.legal_actions()[int(r.random() * len(s.legal_actions()))])
        slot.save(s)
        print(len(s.log), flush=True)
"""


def test_kill_during_autosave_leaves_a_resumable_game(tmp_path):
    import signal
    import subprocess
    import sys
    proc = subprocess.Popen([sys.executable, "-c", SAVER, str(tmp_path)], stdout=subprocess.PIPE, text=True)
    for _ in range(30):  # let it save a few dozen times, then kill it without warning
        proc.stdout.readline()
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    got = AutosaveSlot(tmp_path).load()
    assert got.note is None  # the current save itself is whole
    # it is exactly the deterministic game, cut after some move
    ref = GameState.new(4, 9)
    r = random.Random(9)
    while len(ref.log) < len(got.state.log):
        ref.apply(ref.legal_actions()[int(r.random() * len(ref.legal_actions()))])
    assert len(got.state.log) >= 29 and got.state == ref


def test_resuming_from_the_backup_keeps_the_good_backup(tmp_path):
    slot = AutosaveSlot(tmp_path)
    s = GameState.new(2, 3)
    slot.save(s)
    s.apply(s.legal_actions()[0])
    slot.save(s)
    good_backup = slot.backup.read_text()
    slot.current.write_text("{")
    resumed = AutosaveSlot(tmp_path)
    got = resumed.load()
    assert got.note
    resumed.save(got.state)  # the game goes on: the damaged file must not replace the good backup
    assert slot.backup.read_text() == good_backup
    assert AutosaveSlot(tmp_path).load().state == got.state
