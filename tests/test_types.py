"""The package passes its type check (mypy, configured in pyproject.toml: every module checked,
the Panda3D-free core strict), so the README's test command checks it, as test_lint.py runs ruff.
A bare ``mypy`` from the checkout checks the same."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run_mypy(cwd: Path, cache: Path) -> subprocess.CompletedProcess[str]:
    """``python -m mypy`` with no arguments in ``cwd``: what to check comes from its pyproject.toml.
    The cache goes to ``cache``, so a run neither reads nor leaves one in the checkout."""
    if importlib.util.find_spec("mypy") is None:  # a missing checker is a failure, never a skip
        pytest.fail("mypy is not installed: pip install -e '.[test]' (the test extra installs it)")
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(cache)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_mypy_finds_nothing(tmp_path):
    out = run_mypy(ROOT, tmp_path / "cache")
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]


def test_the_type_check_can_fail(tmp_path):
    # The real package and config in a copy, with one engine module added: its wrong return
    # type is an error anywhere, its unannotated function only where the strict flags apply.
    copy = tmp_path / "checkout"
    shutil.copytree(
        ROOT / "blueprints3d",
        copy / "blueprints3d",
        ignore=lambda folder, names: [
            n
            for n in names
            if n == "__pycache__"
            or (Path(folder, n).is_file() and not n.endswith((".py", "py.typed")))
        ],
    )
    shutil.copy(ROOT / "pyproject.toml", copy)
    (copy / "blueprints3d" / "engine" / "type_error.py").write_text(
        "def rounds_left(played: int) -> int:\n"
        "    return str(3 - played)\n"
        "\n"
        "\n"
        "def untyped(x):\n"
        "    return x\n"
    )
    out = run_mypy(copy, tmp_path / "cache")
    report = out.stdout + out.stderr
    assert out.returncode == 1, report
    assert "type_error.py:2: error: Incompatible return value type" in report, report
    assert (
        "type_error.py:5: error: Function is missing a type annotation  [no-untyped-def]" in report
    ), report
    assert "Found 2 errors in 1 file" in report, report  # the rest of the package is clean
