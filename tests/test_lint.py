"""The code passes the project's lint (ruff, configured in pyproject.toml), so the README's test
command checks it, as test_layers.py checks the import contracts."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def need_ruff() -> None:
    if importlib.util.find_spec("ruff") is None:  # a missing linter is a failure, never a skip
        pytest.fail("ruff is not installed: pip install -e '.[test]' (the test extra installs it)")


def test_ruff_finds_nothing():
    need_ruff()
    out = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]


def test_the_layout_is_what_ruff_format_writes():
    need_ruff()
    out = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--check", "--no-cache", "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]


def test_the_layout_check_can_fail(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("x = [1,2]\n")
    need_ruff()
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "format",
            "--check",
            "--no-cache",
            "--config",
            str(ROOT / "pyproject.toml"),
            str(bad),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 1 and "bad.py" in out.stdout


def test_the_lint_can_fail(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import os\n\nprint(list(zip([1], [2])))\n")
    need_ruff()
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "check",
            "--no-cache",
            "--config",
            str(ROOT / "pyproject.toml"),
            str(bad),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 1 and "F401" in out.stdout and "B905" in out.stdout
