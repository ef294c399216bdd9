"""Where a command writes (render -o and --turntable, sandbox -o, history --building -o): a path
that can never be written is refused in one line before any window opens or any file is read,
and nothing is written through a link, into a device or a pipe, or over a file without --force.
Folders that cannot be made say what stands in the way."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from support.cli_rig import one_line_exit_2, run
from blueprints3d.engine.playout import random_game
from blueprints3d.files.history import keep_game
from blueprints3d.files.jsonfile import make_folder


# A display that is not there. (Not an unset DISPLAY: X then tries ":0", where a soak test's own
# Xvfb may be running.)
NO_DISPLAY = ":65000"


@pytest.fixture
def bad_paths(tmp_path):
    """Paths no output can go to, each with the words its refusal must hold."""
    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    loop_a, loop_b = tmp_path / "loop-a.png", tmp_path / "loop-b.png"
    loop_a.symlink_to(loop_b)
    loop_b.symlink_to(loop_a)
    target = tmp_path / "target.png"
    target.write_bytes(b"keep me")
    link = tmp_path / "link.png"
    link.symlink_to(target)
    return {
        "/dev/full": "not a plain file (a device)",
        "/dev/null": "not a plain file (a device)",
        str(fifo): "not a plain file (a pipe)",
        str(loop_a): "it is a link, not a plain file",
        str(link): "it is a link, not a plain file",
        str(tmp_path / ("n" * 296 + ".png")): "bytes long, and this file system takes at most 255",
        "": "the file name is empty",
    }


def _argv(command: str, path: str, build: Path) -> list[str]:
    return {
        "render": ["render", str(build), "-o", path],
        "turntable": ["render", str(build), "--turntable", path],
        "sandbox": ["sandbox", "-o", path],
        "history": ["history", "1", "--building", "1", "1", "-o", path],
    }[command]


@pytest.fixture
def build(tmp_path):
    path = tmp_path / "b.json"
    path.write_text(
        json.dumps({"format": 1, "blueprint": "B07", "stacks": [[[], []], [[], []], [[], []]]})
    )
    return path


@pytest.mark.parametrize("command", ["render", "sandbox", "history"])
def test_a_path_that_can_never_be_written_is_one_line_before_any_window(
    command, bad_paths, build, capsys, monkeypatch, tmp_path
):
    keep_game(random_game(2, 3), None, os.environ["BLUEPRINTS3D_HOME"])
    # No window can open here: a refusal that came from the window would say so instead.
    monkeypatch.setenv("DISPLAY", NO_DISPLAY)
    for path, words in bad_paths.items():
        line = one_line_exit_2(_argv(command, path, build), capsys)
        assert words in line and "window" not in line, (command, path, line)
    assert (tmp_path / "target.png").read_bytes() == b"keep me"  # nothing written through the link


def test_the_turntable_never_writes_into_a_pipe_or_through_a_link(tmp_path, build, capsys):
    fifo = tmp_path / "spin.gif"
    os.mkfifo(fifo)
    target = tmp_path / "real.gif"
    target.write_bytes(b"x")
    link = tmp_path / "link.gif"
    link.symlink_to(target)
    for path, words in (
        (fifo, "not a plain file (a pipe)"),
        (link, "it is a link"),
        (Path("/dev/null"), None),
    ):
        argv = ["render", str(build), "--turntable", str(path)]
        line = one_line_exit_2(argv, capsys)
        assert words is None or words in line, line
    assert fifo.is_fifo() and link.is_symlink() and target.read_bytes() == b"x"


def test_render_never_replaces_a_pipe_or_a_link(tmp_path, build, capsys):
    fifo = tmp_path / "out.png"
    os.mkfifo(fifo)
    assert "not a plain file (a pipe)" in one_line_exit_2(
        ["render", str(build), "-o", str(fifo)], capsys
    )
    assert fifo.is_fifo()
    target = tmp_path / "real.png"
    target.write_bytes(b"x")
    link = tmp_path / "shown.png"
    link.symlink_to(target)
    assert "it is a link" in one_line_exit_2(["render", str(build), "-o", str(link)], capsys)
    assert link.is_symlink() and target.read_bytes() == b"x"


def test_history_building_never_overwrites_without_force(tmp_path, capsys):
    keep_game(random_game(2, 3), None, os.environ["BLUEPRINTS3D_HOME"])
    out = tmp_path / "ann.json"
    out.write_text("mine")
    argv = ["history", "1", "--building", "1", "1", "-o", str(out)]
    line = one_line_exit_2(argv, capsys)
    assert "the file is there already; give --force to replace it" in line, line
    assert out.read_text() == "mine"
    code, said, err = run([*argv, "--force"], capsys)
    assert code == 0 and "wrote" in said and json.loads(out.read_text())["format"] == 1, err
    assert "--force lets -o replace" in one_line_exit_2(["history", "1", "--force"], capsys)
    help_text = subprocess.run(
        [sys.executable, "-m", "blueprints3d", "history", "--help"], capture_output=True, text=True
    ).stdout
    assert "--force" in help_text and "replaced only with --force" in " ".join(help_text.split())


@pytest.mark.parametrize(
    "kind, words",
    [
        ("file", "a file stands where the folder"),
        ("fifo", "a pipe stands where the folder"),
        ("loop", "a link that loops back on itself stands where the folder"),
        ("dangling", "a link to nowhere stands where the folder"),
    ],
)
def test_a_folder_that_cannot_be_made_says_what_stands_in_the_way(tmp_path, kind, words):
    spot = tmp_path / "data"
    if kind == "file":
        spot.write_text("x")
    elif kind == "fifo":
        os.mkfifo(spot)
    elif kind == "loop":
        other = tmp_path / "other"
        spot.symlink_to(other)
        other.symlink_to(spot)
    else:
        spot.symlink_to(tmp_path / "gone")
    for folder in (spot, spot / "history"):  # the folder itself, or a parent of it
        with pytest.raises(OSError) as caught:
            make_folder(folder)
        said = caught.value.strerror
        assert said.startswith(words) and str(spot) in said and "move it away" in said, said
        assert "File exists" not in str(caught.value)


def test_make_folder_makes_what_is_missing_and_leaves_a_folder_alone(tmp_path):
    assert (
        make_folder(tmp_path / "a" / "b") == tmp_path / "a" / "b"
        and (tmp_path / "a" / "b").is_dir()
    )
    make_folder(tmp_path / "a")  # there already: nothing to do
    (tmp_path / "to-a").symlink_to(tmp_path / "a")
    make_folder(tmp_path / "to-a" / "c")  # a link to a folder is a folder
    assert (tmp_path / "a" / "c").is_dir()


@pytest.mark.parametrize("kind", ["file", "fifo", "loop"])
def test_the_table_on_a_data_folder_that_is_not_a_folder_says_so(tmp_path, kind):
    spot = tmp_path / "home"
    if kind == "file":
        spot.write_text("x")
    elif kind == "fifo":
        os.mkfifo(spot)
    else:
        spot.symlink_to(tmp_path / "l2")
        (tmp_path / "l2").symlink_to(spot)
    env = dict(os.environ, DISPLAY=NO_DISPLAY, BLUEPRINTS3D_HOME=str(spot))
    out = subprocess.run(
        [sys.executable, "-m", "blueprints3d", "--seats", "Ann,@easy"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    lines = out.stderr.strip().splitlines()
    assert out.returncode == 2 and len(lines) == 1 and "File exists" not in out.stderr, out.stderr
    assert f"stands where the folder {spot} must be; move it away" in lines[0], lines[0]


@pytest.mark.parametrize(
    "command, suggests",
    [
        (["view", "BUILD"], "blueprints3d render FILE -o picture.png"),
        (["sandbox"], None),
        (["demo", "placement"], "--render DIR"),
    ],
)
def test_without_a_display_each_app_suggests_only_what_it_has(command, suggests, build):
    env = dict(os.environ, DISPLAY=NO_DISPLAY)
    argv = [str(build) if a == "BUILD" else a for a in command]
    out = subprocess.run(
        [sys.executable, "-m", "blueprints3d", *argv],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    last = out.stderr.strip().splitlines()[-1]
    assert out.returncode == 2 and "could not open a window" in last, out.stderr
    if suggests is None:
        assert "--render" not in last and "render" not in last.split("window")[-1], last
    else:
        assert suggests in last, last
    if command[0] != "demo":
        assert "--render" not in last, last


def test_ctrl_c_during_simulate_ends_the_progress_line_first():
    """'interrupted' stands on its own line, not glued onto 'simulate: 37/100000 games'."""
    import signal
    import time

    proc = subprocess.Popen(
        [sys.executable, "-m", "blueprints3d", "simulate", "--players", "2", "--games", "100000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    time.sleep(4.0)  # a progress line is out (one every half second)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    lines = err.decode().replace("\r", "\n").strip().splitlines()
    assert proc.returncode == 130 and "Traceback" not in err.decode(), err.decode()[-2000:]
    assert lines[-1] == "blueprints3d: interrupted", lines[-3:]
    assert lines[-2].startswith("simulate: ") and lines[-2].endswith("/s)"), lines[-3:]
