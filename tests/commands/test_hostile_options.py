"""Hostile input on the command line: every wrong option or file is one line and exit status 2
(or 130 for Ctrl-C), checked before any window opens; nothing hangs, nothing is left
half-written."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from blueprints3d.cli import COMMANDS, main
from blueprints3d.engine import GameState
from blueprints3d.files.jsonfile import write_bytes_atomic
from blueprints3d.files.savefile import game_to_json


def one_line_exit_2(argv, capsys) -> str:
    try:
        code = main(argv)
    except SystemExit as e:
        code = e.code
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and "Traceback" not in err and "usage:" not in err, err[
        -2000:
    ]
    return lines[0]


@pytest.mark.parametrize("command", [c for c in COMMANDS])
def test_a_wrong_option_to_any_command_is_one_line(command, capsys):
    one_line_exit_2([command, "--no-such-option"], capsys)


@pytest.mark.parametrize("size", ["99999x99999", "40000x40000", "", "x", "0x0", "1" * 5000 + "x10"])
def test_window_sizes_are_bounded(size, capsys):
    for command in ("play", "view BUILD", "sandbox"):
        argv = [*command.replace("BUILD", "b.json").split(), "--size", size]
        line = one_line_exit_2(argv, capsys)
        assert "--size" in line and len(line) < 300


@pytest.mark.parametrize("angle", ["nan", "inf", "-inf", "1e999"])
def test_render_angle_must_be_finite(angle, capsys, tmp_path):
    line = one_line_exit_2(
        ["render", "--materials", "-o", str(tmp_path / "a.png"), "--angle", angle], capsys
    )
    assert "--angle" in line and not (tmp_path / "a.png").exists()


def test_render_to_an_unknown_extension_leaves_no_file(capsys, tmp_path):
    out = tmp_path / "x.unknownext"
    assert ".png" in one_line_exit_2(["render", "--materials", "-o", str(out)], capsys)
    assert not out.exists()
    assert "no folder" in one_line_exit_2(
        ["render", "--materials", "-o", "/dev/null/x.png"], capsys
    )
    (tmp_path / "d.png").mkdir()
    assert "it is a folder" in one_line_exit_2(
        ["render", "--materials", "-o", str(tmp_path / "d.png")], capsys
    )


def _save(tmp_path) -> str:
    p = tmp_path / "game.json"
    p.write_text(json.dumps(game_to_json(GameState.new(2, 1))))
    return str(p)


def test_demo_and_replay_render_to_dev_null_are_one_line(capsys, tmp_path):
    assert "is a file, not a folder" in one_line_exit_2(
        ["demo", "placement", "--render", "/dev/null"], capsys
    )
    assert "is a file, not a folder" in one_line_exit_2(
        ["replay", _save(tmp_path), "--render", "/dev/null"], capsys
    )
    assert "cannot make the folder" in one_line_exit_2(
        ["demo", "placement", "--render", "/dev/null/x"], capsys
    )


def test_tournament_games_and_jobs_are_bounded(capsys):
    line = one_line_exit_2(
        ["tournament", "--bots", "random,random", "--games", "1000000000000"], capsys
    )
    assert "at most 1,000,000" in line
    line = one_line_exit_2(["tournament", "--bots", "random,random", "--jobs", "400"], capsys)
    assert f"at most {os.cpu_count()}" in line
    line = one_line_exit_2(["tournament", "--bots", "random,search:" + "9" * 5000], capsys)
    assert len(line) < 1100
    assert "at most" in one_line_exit_2(["simulate", "--games", "10000000"], capsys)


def test_the_tournament_work_list_is_lazy():
    from blueprints3d.commands.tournament import Plan, records

    it = records(Plan(("random", "random"), 1_000_000, 0), 1)
    start = time.monotonic()
    next(it)  # the first game comes at once: no million-entry list is built first
    assert time.monotonic() - start < 5


def _ctrl_c_on() -> None:
    """In the child: Ctrl-C as at a terminal. A suite started in the background (``cmd &`` in a
    script) hands its children SIGINT ignored, and Python then never raises KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_during_a_tournament_with_jobs_is_one_line(tmp_path):
    if (os.cpu_count() or 1) < 2:
        pytest.skip("needs two cores for --jobs 2")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "blueprints3d",
            "tournament",
            "--bots",
            "hard,hard",
            "--games",
            "50",
            "--jobs",
            "2",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_ctrl_c_on,
    )
    time.sleep(3.0)  # the workers are playing
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    text = err.decode()
    assert proc.returncode == 130 and "Traceback" not in text and "KeyboardInterrupt" not in text, (
        text[-3000:]
    )
    assert text.strip().splitlines()[-1] == "blueprints3d: interrupted"


def test_ctrl_c_while_the_program_is_still_loading_is_one_line():
    said = 0
    for delay in (0.15, 0.25, 0.35):  # the imports take a few tenths of a second
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "blueprints3d",
                "tournament",
                "--bots",
                "greedy,greedy",
                "--games",
                "100000",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            preexec_fn=_ctrl_c_on,
        )
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
        text = err.decode()
        assert "Traceback" not in text and "KeyboardInterrupt" not in text, (delay, text[-3000:])
        # 130, or ended by the signal itself (a shell says 130 for both); at most the one line
        assert proc.returncode in (130, -signal.SIGINT), (delay, proc.returncode, text)
        assert text.strip() in ("", "blueprints3d: interrupted"), (delay, text)
        said += text.strip() == "blueprints3d: interrupted"
    assert said


@pytest.mark.parametrize("command", ["score", "render", "view", "replay"])
def test_a_fifo_as_file_does_not_hang(command, tmp_path):
    fifo = tmp_path / "f.json"
    os.mkfifo(fifo)
    argv = [command, str(fifo)] + (["-o", str(tmp_path / "o.png")] if command == "render" else [])
    r = subprocess.run(
        [sys.executable, "-m", "blueprints3d", *argv], capture_output=True, text=True, timeout=60
    )
    assert (
        r.returncode == 2 and "named pipe" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    ), r.stderr


def test_replay_of_a_save_with_lone_surrogates_is_one_line(tmp_path, capsys):
    p = tmp_path / "g.json"
    p.write_text(
        json.dumps(game_to_json(GameState.new(2, 1))).replace("Player 1", "\\udcff\\udcfe", 1)
    )
    assert "lone surrogate" in one_line_exit_2(["replay", str(p), "--list"], capsys)


def test_a_failed_picture_write_leaves_nothing(tmp_path):
    out = tmp_path / "shot.png"
    out.write_bytes(b"the old picture")

    def writer(tmp):  # killed half-way through writing
        with open(tmp, "wb") as f:
            f.write(b"\x89PNG half")
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_bytes_atomic(out, writer)
    assert out.read_bytes() == b"the old picture" and os.listdir(tmp_path) == ["shot.png"]


def test_save_png_writes_through_a_temporary_file(tmp_path, monkeypatch):
    import numpy as np

    from blueprints3d.client.render import capture

    seen = []
    real = os.replace
    monkeypatch.setattr(os, "replace", lambda a, b: (seen.append((str(a), str(b))), real(a, b)))
    capture.save_png(np.zeros((4, 4, 3), np.uint8), str(tmp_path / "p.png"))
    assert seen and seen[-1][1] == str(tmp_path / "p.png") and seen[-1][0].endswith(".tmp")
    assert (tmp_path / "p.png").read_bytes()[:4] == b"\x89PNG"


def test_a_huge_or_odd_argument_is_echoed_capped_and_printable(capsys):
    line = one_line_exit_2(["sandbox", "--card", "\x1b[2J" + "x" * 100_000], capsys)
    assert "\x1b" not in line and len(line) < 1100
    line = one_line_exit_2(["demo", "\x1b[31m" + "y" * 100_000], capsys)
    assert "\x1b" not in line and len(line) < 1100


def test_a_window_larger_than_the_display_is_shrunk_to_it():
    from blueprints3d.client.table.run import fit_to_display

    class Pipe:
        def get_display_width(self):
            return 1920

        def get_display_height(self):
            return 1080

    class Win:
        asked = None

        def request_properties(self, props):
            Win.asked = (props.get_x_size(), props.get_y_size())

    class Base:
        pipe, win = Pipe(), Win()

    assert fit_to_display(Base(), (8000, 900)) == (1920, 900) and Win.asked == (1920, 900)
    assert fit_to_display(Base(), (1280, 720)) is None
