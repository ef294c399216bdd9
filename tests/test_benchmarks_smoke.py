"""Every benchmark still runs: each script in benchmarks/ once, with its smallest settings, must
exit 0 and print its figures (their values are not checked: speed is for the scripts to print,
never for a test to assert). A benchmark added without an entry here fails the test."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SMALLEST = {
    "aniso_footprint.py": ["--k", "3"],
    "ai_decision_time.py": ["--games", "1", "--players", "2", "--levels", "easy,medium"],
    "card_faces.py": ["--runs", "1"],
    "client_frame_time.py": ["--frames", "2", "--runs", "1", "--size", "128x72"],
    "client_startup.py": ["--runs", "1"],
    "dice_frame_cost.py": ["--frames", "2", "--runs", "1", "--dice", "0,26", "--size", "128x72"],
    "colour_blind.py": ["--size", "160x90"],
    "engine_games.py": ["--games", "5", "--runs", "1", "--players", "2"],
    "hidden_information.py": ["--games", "1", "--jobs", "1"],
    "materials_frame_time.py": ["--frames", "2", "--size", "128x72", "--rounds", "1"],
    "opponent_calibration.py": ["--games", "1", "--continuations", "1"],
    "opponent_model.py": ["--games", "1", "--jobs", "1", "--players", "2"],
    "server_load.py": ["--rooms", "1"],
    "net_frame.py": ["--games", "1"],
    "search_regret.py": [
        "--games",
        "1",
        "--samples",
        "20",
        "--seeds",
        "1",
        "--jobs",
        "1",
        "--players",
        "2",
    ],
    "still_time.py": ["--runs", "1", "--size", "128x72"],
    "throw_aniso.py": ["--start", "0.5", "--span", "0.002"],
    "throw_frame_time.py": ["--throws", "1", "--size", "128x72"],
}


def test_every_benchmark_has_its_smallest_settings_here():
    assert sorted(p.name for p in (ROOT / "benchmarks").glob("*.py")) == sorted(SMALLEST)


@pytest.mark.parametrize("script", sorted(SMALLEST))
def test_the_benchmark_runs_and_prints_figures(script):
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), *SMALLEST[script]],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    assert any(ch.isdigit() for ch in out.stdout), out.stdout[-2000:]


def test_the_server_load_benchmark_runs_at_a_persons_pace():
    """server_load.py's second mode: paced seats, each a connection of its own, in
    worker processes; two rooms, a short window."""
    out = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "server_load.py"),
            "--paced",
            "--rooms",
            "2",
            "--seconds",
            "3",
            "--warmup",
            "2",
            "--client-procs",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    rows = [line.split() for line in out.stdout.splitlines() if line.split()[:1] == ["2"]]
    assert rows and rows[0][1] == "8", out.stdout[-2000:]  # four connections a room
