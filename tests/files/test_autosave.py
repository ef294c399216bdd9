"""The autosave slot: save after every action, resume exactly, survive a damaged file."""

from __future__ import annotations

import os
import random

import pytest

from blueprints3d.engine import GameState
from blueprints3d.files.errors import SaveFileError
from blueprints3d.files.autosave import AutosaveSlot
from blueprints3d.files.savefile import load_game


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
    assert (
        slot.current.read_text() == text[: len(text) // 3]
    )  # the damaged file is left for inspection


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
    with pytest.raises(
        SaveFileError, match="truncated.*previous save is unusable too.*one JSON object"
    ):
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

    proc = subprocess.Popen(
        [sys.executable, "-c", SAVER, str(tmp_path)], stdout=subprocess.PIPE, text=True
    )
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


def _temps(folder):
    return sorted(f for f in os.listdir(folder) if f.endswith(".tmp"))


def test_stray_temporary_files_are_cleaned_when_a_table_takes_the_slot(tmp_path):
    slot = AutosaveSlot(tmp_path)
    slot.save(GameState.new(2, 1))
    for name in (".autosave.json.abc123.tmp", ".autosave.previous.tmp", ".autosave.json.zz.tmp"):
        (tmp_path / name).write_text("half a save")  # what kills during saves left behind
    (tmp_path / ".game-20260101-000000-000001.json.q.tmp").write_text("an F5 being written now")
    keep = tmp_path / "notes.tmp"  # not one of ours
    keep.write_text("mine")
    assert slot.acquire() == 3
    try:
        assert _temps(tmp_path) == [".game-20260101-000000-000001.json.q.tmp", "notes.tmp"]
        assert slot.load().note is None
    finally:
        slot.release()


def test_a_named_slot_cleans_only_its_own_temporary_files(tmp_path):
    (tmp_path / ".autosave.json.x.tmp").write_text("the default slot's, in use by another table")
    named = AutosaveSlot(tmp_path, name="second")
    (tmp_path / ".autosave-second.json.y.tmp").write_text("ours")
    assert named.acquire() == 1
    named.release()
    assert _temps(tmp_path) == [".autosave.json.x.tmp"]


LOCKED_SAVER = """
import random, sys
from pathlib import Path
from blueprints3d.files.autosave import AutosaveSlot
from blueprints3d.engine import GameState
slot = AutosaveSlot(Path(sys.argv[1]))
slot.acquire()
print("held", flush=True)
seed = int(sys.argv[2])
while True:
    s = GameState.new(4, seed)
    r = random.Random(seed)
    while not s.is_over:
        s.apply(s.legal_actions()[int(r.random() * len(s.legal_actions()))])
        slot.save(s, {"seats": []})
"""


@pytest.mark.slow
def test_soak_kills_at_random_moments_never_lose_the_slot_nor_pile_up_temporary_files(tmp_path):
    """A table killed (SIGKILL) at random moments of its saves, again and again:
    every time the slot resumes a whole game, and the next table removes the temporary files
    the kills left, so none pile up."""
    import signal
    import subprocess
    import sys
    import time

    rng = random.Random(10)
    left_behind = 0
    for kill in range(60):
        proc = subprocess.Popen(
            [sys.executable, "-c", LOCKED_SAVER, str(tmp_path), str(kill)],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert proc.stdout.readline().strip() == "held"
        time.sleep(rng.uniform(0.0, 0.25))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        slot = AutosaveSlot(tmp_path)
        left_behind += len(_temps(tmp_path))
        slot.acquire()  # the dead table's lock is taken over; its temporary files removed
        try:
            assert _temps(tmp_path) == []
            if slot.exists():
                got = slot.load()
                assert got.state.log is not None and got.meta == {"seats": []}
        finally:
            slot.release()
    # The saves, and the slot's empty lock file (filelock keeps it on POSIX: removing a flock'ed
    # file races with its next opener); no holder's pid is left behind.
    assert sorted(os.listdir(tmp_path)) in (
        [".table.lock", "autosave.json", "autosave.previous.json"],
        [".table.lock", "autosave.json"],
    )
    assert (tmp_path / ".table.lock").stat().st_size == 0
    print(f"{left_behind} temporary files left by 60 kills, all removed")


def test_a_new_game_keeps_the_unfinished_game_in_the_slot(tmp_path):
    # Found by play-testing: starting a new game overwrote the unfinished one in the slot.
    slot = AutosaveSlot(tmp_path)
    assert slot.keep_unfinished() is None  # an empty slot: nothing to keep
    old = GameState.new(3, seed=4)
    rng = random.Random(4)
    for _ in range(5):
        old.apply(rng.choice(old.legal_actions()))
    slot.save(old, {"seats": []})
    kept = slot.keep_unfinished()
    assert kept is not None and kept.parent == tmp_path and kept.name.startswith("unfinished-")
    again = slot.keep_unfinished()  # a second copy never replaces the first
    assert again != kept and kept.exists() and again.exists()
    new = GameState.new(2, seed=9)
    slot.save(new, {"seats": []})
    slot.save(new, {"seats": []})  # the slot has moved on to the new game...
    assert slot.load().state.log == new.log
    state, _meta = load_game(kept)  # ...and the old one is still whole
    assert state.log == old.log and not state.is_over


def test_a_finished_game_is_not_kept_again(tmp_path):
    slot = AutosaveSlot(tmp_path)
    done = GameState.new(2, seed=5)
    rng = random.Random(5)
    while not done.is_over:
        done.apply(rng.choice(done.legal_actions()))
    slot.save(done, {"seats": []})
    assert slot.keep_unfinished() is None
    assert not list(tmp_path.glob("unfinished-*"))
