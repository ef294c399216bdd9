"""Every platform we ship, shown on this one: the save lock without POSIX's helpers,
the data folder in each system's place (and an old folder moved there once), a Mac's OpenGL core
profile, and the Windows faults of file names and console encodings. The Windows app itself is
run under Wine by tests/test_windows_app.py (slow)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from blueprints3d.files import autosave, places
from blueprints3d.files.autosave import AutosaveSlot, SlotInUse


# -- 1. the save lock ------------------------------------------------------------------------


@pytest.fixture
def no_posix_helpers(monkeypatch):
    """As on Windows: no fcntl for the lock to lean on, and os.kill(pid, 0) sends Ctrl+C rather
    than asking after a process, so the lock must never call it."""
    monkeypatch.setattr(autosave, "fcntl", None, raising=False)
    kill = os.kill

    def ctrl_c(pid, sig):
        if sig == 0:  # signal.CTRL_C_EVENT on Windows
            raise AssertionError(
                f"os.kill({pid}, 0) called: on Windows that is a Ctrl+C to a console"
            )
        kill(pid, sig)

    monkeypatch.setattr(os, "kill", ctrl_c)


HOLDER = (
    "import sys, time; from pathlib import Path; from blueprints3d.files.autosave import AutosaveSlot;"
    "s = AutosaveSlot(Path(sys.argv[1])); s.acquire(); print('held', flush=True); time.sleep(120)"
)


def test_a_second_table_is_refused_by_the_lock_itself_and_names_the_holder(
    tmp_path, no_posix_helpers
):
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(tmp_path)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(SlotInUse, match=f"process {holder.pid}"):
            AutosaveSlot(tmp_path).acquire()
        assert holder.poll() is None  # the holder is unharmed
    finally:
        holder.kill()
        holder.wait()
    slot = AutosaveSlot(tmp_path)
    slot.acquire()  # the killed holder's lock is taken over: the system dropped it with the process
    assert slot.lock.holder() == os.getpid()
    slot.release()
    assert not slot.lock.pid_path.exists()


def test_the_lock_is_one_per_slot_within_a_process_too(tmp_path, no_posix_helpers):
    first = AutosaveSlot(tmp_path)
    first.acquire()
    try:
        with pytest.raises(SlotInUse, match=f"process {os.getpid()}"):
            AutosaveSlot(tmp_path).acquire()
    finally:
        first.release()
    again = AutosaveSlot(tmp_path)
    again.acquire()
    again.release()


# -- 2. the data folder ----------------------------------------------------------------------


@pytest.fixture
def no_home(monkeypatch, tmp_path):
    """No $BLUEPRINTS3D_HOME, a home of the test's own, and no folder kept from an earlier call."""
    monkeypatch.delenv("BLUEPRINTS3D_HOME", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    # Windows' known folders are asked of Windows itself (SHGetKnownFolderPath): here, answered.
    import platformdirs.windows

    local = str(tmp_path / "home" / "AppData" / "Local")
    monkeypatch.setattr(
        platformdirs.windows, "get_win_folder", lambda csidl: {"CSIDL_LOCAL_APPDATA": local}[csidl]
    )
    monkeypatch.setattr(places, "_kept_old", None)
    return tmp_path / "home"


def test_each_system_has_its_own_place(no_home, monkeypatch):
    assert places.platform_dir("win32") == no_home / "AppData" / "Local" / "blueprints3d"
    assert (
        places.platform_dir("darwin")
        == no_home / "Library" / "Application Support" / "blueprints3d"
    )
    assert places.platform_dir("linux") == no_home / ".local" / "share" / "blueprints3d"
    monkeypatch.setenv("XDG_DATA_HOME", str(no_home / "xdg"))
    assert places.platform_dir("linux") == no_home / "xdg" / "blueprints3d"
    monkeypatch.setenv("BLUEPRINTS3D_HOME", str(no_home / "mine"))
    assert places.default_dir() == no_home / "mine"  # still wins


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_an_old_folder_is_moved_to_the_systems_place_once(no_home, monkeypatch, platform):
    monkeypatch.setattr(places, "platform_dir", lambda p=None, f=places.platform_dir: f(platform))
    old = no_home / ".local" / "share" / "blueprints3d"
    (old / "history").mkdir(parents=True)
    (old / "autosave.json").write_text("{}")
    (old / "history" / "game-1.json").write_text("[]")
    adopted = places.adopt_old_folder()
    new = places.platform_dir()
    assert (
        adopted is not None and str(new) in str(adopted.message) and "moved" in str(adopted.message)
    )
    assert (new / "autosave.json").read_text() == "{}" and (
        new / "history" / "game-1.json"
    ).is_file()
    assert not old.exists() and places.default_dir() == new
    assert places.adopt_old_folder() is None  # said once


def test_an_old_folder_that_cannot_be_moved_is_used_where_it_is(no_home, monkeypatch):
    monkeypatch.setattr(places, "platform_dir", lambda p=None, f=places.platform_dir: f("darwin"))
    old = no_home / ".local" / "share" / "blueprints3d"
    old.mkdir(parents=True)
    (old / "autosave.json").write_text("{}")

    def refuse(*a, **k):
        raise PermissionError(13, "Permission denied", str(a[0]))

    monkeypatch.setattr(places.os, "rename", refuse)
    monkeypatch.setattr(places.shutil, "copytree", refuse)
    adopted = places.adopt_old_folder()
    assert (
        adopted is not None
        and "stay" in str(adopted.message)
        and "Permission denied" in str(adopted.message)
    )
    assert (old / "autosave.json").is_file() and places.default_dir() == old
    assert not places.platform_dir().exists()


def test_nothing_moves_on_linux_nor_over_a_folder_already_there(no_home, monkeypatch):
    old = no_home / ".local" / "share" / "blueprints3d"
    old.mkdir(parents=True)
    assert places.adopt_old_folder("linux") is None and old.is_dir()  # one place: nothing to do
    new = places.platform_dir("darwin")
    new.mkdir(parents=True)
    assert (
        places.adopt_old_folder("darwin") is None and old.is_dir()
    )  # moved on already: left alone


def test_the_command_line_says_the_move_once(no_home, monkeypatch, capsys):
    from blueprints3d.cli import main

    monkeypatch.setattr(places, "platform_dir", lambda p=None, f=places.platform_dir: f("win32"))
    (no_home / ".local" / "share" / "blueprints3d").mkdir(parents=True)
    assert main(["simulate", "--players", "2", "--games", "1", "--seed", "1"]) == 0
    said = [line for line in capsys.readouterr().err.splitlines() if "moved" in line]
    assert len(said) == 1 and "AppData" in said[0] and said[0].startswith("blueprints3d: ")
    assert main(["simulate", "--players", "2", "--games", "1", "--seed", "1"]) == 0
    assert "moved" not in capsys.readouterr().err


# -- 3. a Mac's OpenGL -----------------------------------------------------------------------


def test_a_mac_asks_for_an_opengl_core_profile_for_our_glsl_330():
    from blueprints3d.client.render.config import platform_prc

    mac = platform_prc("darwin", offscreen=False).split()
    assert "gl-version" in mac and mac[mac.index("gl-version") + 1 :][:2] == ["3", "2"]
    assert "gl-version" not in platform_prc("linux", offscreen=False)
    assert "gl-version" not in platform_prc("win32", offscreen=False)
    shaders = sorted(
        (Path(__file__).resolve().parent.parent / "blueprints3d" / "shaders").glob("*.vert")
    )
    assert shaders and all(
        s.read_text().lstrip().startswith("#version 330") for s in shaders
    )  # why it is asked


def test_offscreen_work_uses_a_display_each_system_has():
    from blueprints3d.client.render.config import platform_prc

    assert "load-display p3headlessgl" in platform_prc("linux", offscreen=True)
    for platform in ("win32", "darwin"):  # their wheels have no p3headlessgl
        text = platform_prc(platform, offscreen=True)
        assert "load-display pandagl" in text and "p3headlessgl" not in text
        assert "framebuffer-hardware false" not in text  # a real GPU's context is wanted there


# -- 4. Windows faults of the code -------------------------------------------------------------


def test_an_output_path_is_checked_without_os_pathconf(monkeypatch, tmp_path):
    from blueprints3d.commands import argtypes

    monkeypatch.delattr(os, "pathconf", raising=False)
    assert argtypes._name_max(str(tmp_path)) == 255


def test_output_to_a_pipe_on_windows_speaks_utf8(monkeypatch):
    from blueprints3d import __main__ as entry

    out = io.TextIOWrapper(io.BytesIO(), encoding="cp1252")
    err = io.TextIOWrapper(io.BytesIO(), encoding="cp1252")
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    entry._utf8_output("win32")
    assert out.encoding == "utf-8" and err.encoding == "utf-8"
    print("زبان", file=out)  # Persian: no UnicodeEncodeError
    out.flush()
    assert out.buffer.getvalue().decode("utf-8").strip() == "زبان"
    latin = io.TextIOWrapper(io.BytesIO(), encoding="latin-1")
    monkeypatch.setattr(sys, "stdout", latin)
    entry._utf8_output("linux")
    assert latin.encoding == "latin-1"  # a POSIX locale's own choice is kept
