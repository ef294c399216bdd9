"""The standalone apps as the release tests build them: a clean clone of this checkout (what is
committed, never the working tree's edits), then Panda3D's build_apps for one platform."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def build_app(tmp_path: Path, platform: str) -> Path:
    """Clone into ``tmp_path/src``, build the apps for ``platform``; the folder they are in."""
    src = tmp_path / "src"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(src)], check=True, timeout=120)
    built = subprocess.run(
        [sys.executable, "setup.py", "build_apps", "--platforms", platform],
        cwd=src,
        capture_output=True,
        text=True,
        timeout=1500,
    )
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    return src / "build" / platform
