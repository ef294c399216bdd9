"""The Windows app, run before it ships: built by build_apps for win_amd64 and run
under Wine (Debian's wine64, a prefix of its own, on Xvfb).

A green run here is a run on Wine, not on Windows: Wine's kernel, console and OpenGL (Mesa's,
through wgl) stand in for Windows' own. It catches what the frozen app lacks (a module, a file, a
plugin such as the offscreen GL display) and what the code assumes of POSIX (os.pathconf, the
console's encoding, the save lock, the data folder).

Output is read through pipes, never files: Wine's console streams fail on a redirected file."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import numpy as np
import pytest

from support import xvfb
from support.apps import build_app

WINE = "/usr/lib/wine/wine64"
BUILD = (
    '{"format": 1, "blueprint": "B13", "stacks": [[[], ["glass:1"]], '
    '[[], ["stone:2", "glass:4", "recycled:4", "wood:6"]], [["wood:1"], []]]}'
)


def _wine_present() -> None:
    """Debian's wine64 and Xvfb, installed here when missing (about 35 s)."""
    if os.path.exists(WINE) and shutil.which("Xvfb"):
        return
    done = subprocess.run(
        ["apt-get", "install", "-y", "-q", "wine64", "xvfb"],
        capture_output=True,
        text=True,
        timeout=600,
        env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"),
    )
    assert done.returncode == 0 and os.path.exists(WINE), (
        "this test needs Debian's wine64: " + done.stderr[-1000:]
    )


def _windows(path: Path) -> str:
    """A path of this machine as the Windows program sees it (Wine maps Z: to /)."""
    return "Z:" + str(path).replace("/", "\\")


@pytest.mark.slow
def test_the_windows_app_runs_under_wine(tmp_path):
    _wine_present()
    app = build_app(tmp_path, "win_amd64")
    assert (app / "blueprints.exe").is_file() and (app / "blueprints-cli.exe").is_file()
    work = tmp_path / "work"
    work.mkdir()
    (work / "b13.json").write_text(BUILD)
    home = tmp_path / "home"
    home.mkdir()

    with xvfb.virtual_display("1280x800") as display:
        env = {
            "PATH": "/usr/bin:/bin",
            "HOME": str(tmp_path),
            "DISPLAY": display,
            "WINEDEBUG": "-all",
            "WINEPREFIX": str(tmp_path / "prefix"),
            "BLUEPRINTS3D_HOME": _windows(home),
        }
        try:
            boot = subprocess.run(
                [WINE, "wineboot", "-i"], env=env, capture_output=True, timeout=300
            )
            assert boot.returncode == 0, boot.stderr[-2000:]

            def run(
                *argv: str, timeout: float = 180, exe: str = "blueprints-cli.exe", **extra: str
            ):
                return subprocess.run(
                    [WINE, str(app / exe), *argv],
                    env={**env, **extra},
                    cwd=work,
                    capture_output=True,
                    timeout=timeout,
                )

            def text(b: bytes) -> str:
                return b.decode("utf-8", "replace").replace("\r\n", "\n")

            version = run("--version")
            assert version.returncode == 0 and text(version.stdout).strip().startswith(
                "blueprints3d "
            ), version

            score = run("score", "b13.json")
            assert score.returncode == 0 and "total" in text(score.stdout).lower(), text(
                score.stderr
            )

            simulate = run("simulate", "--players", "2", "--games", "2", "--seed", "7")
            assert simulate.returncode == 0 and "±" in text(simulate.stdout), text(simulate.stderr)[
                -2000:
            ]

            # Persian through a pipe: the code page (cp1252) cannot write it; UTF-8 can.
            persian = run("--lang", "fa", "--help")
            assert persian.returncode == 0 and "زبان" in text(persian.stdout), text(persian.stderr)[
                -2000:
            ]

            missing = run("score", "no-such-file.json")
            said = text(missing.stderr).strip().splitlines()
            assert missing.returncode == 2 and len(said) == 1 and "no-such-file.json" in said[0], (
                said
            )

            # A render to a PNG (the offscreen display is pandagl's on Windows), the building's
            # orange wood and blue-green recycled dice in it.
            render = run(
                "render", "b13.json", "-o", "b13.png", "--size", "320x240", "--angle", "70"
            )
            assert render.returncode == 0, text(render.stderr)[-2000:]
            from PIL import Image

            img = np.asarray(Image.open(work / "b13.png").convert("RGB"), dtype=float) / 255
            r, g, b = img[..., 0], img[..., 1], img[..., 2]
            assert ((r > 0.5) & (r > 1.5 * b) & (g < 0.75 * r)).sum() > 50  # wood
            assert ((g > 0.35) & (g > 1.3 * r) & (g > 1.15 * b)).sum() > 50  # recycled

            table = run(
                "--quit-after", "20", "--seats", "Ann,@easy", "--mute", exe="blueprints.exe"
            )
            assert table.returncode == 0 and "20 frames" in text(table.stderr), text(table.stderr)[
                -2000:
            ]

            # Two tables on one data folder: the second is refused in one line naming the first,
            # the first plays on unharmed, and no lock is left once both have gone.
            first = subprocess.Popen(
                [
                    WINE,
                    str(app / "blueprints.exe"),
                    "--quit-after",
                    "150",
                    "--seats",
                    "Ann,@easy",
                    "--mute",
                ],
                env=env,
                cwd=work,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
            try:
                deadline = time.monotonic() + 120
                while (
                    not (home / ".table.pid").exists()
                    and first.poll() is None
                    and time.monotonic() < deadline
                ):
                    time.sleep(0.2)
                assert (home / ".table.pid").exists(), "the first table never took the slot"
                holder = (home / ".table.pid").read_text().strip()
                second = run(
                    "--quit-after", "20", "--seats", "Bob,@easy", "--mute", exe="blueprints.exe"
                )
                said = text(second.stderr).strip().splitlines()
                assert second.returncode == 2 and len(said) == 1, said
                assert f"process {holder}" in said[0] and "--slot NAME" in said[0]
                out, err = first.communicate(timeout=180)
            finally:
                if first.poll() is None:
                    first.kill()
                    first.communicate()
            assert first.returncode == 0 and "150 frames" in text(err), text(err)[-2000:]
            left = sorted(os.listdir(home))
            assert not any(name.startswith(".table") for name in left), left
            assert "autosave.json" in left

            # No BLUEPRINTS3D_HOME: %LOCALAPPDATA%, and a 1.0 folder in the Linux place moved there once.
            users = tmp_path / "prefix" / "drive_c" / "users"
            profile = next(p for p in users.iterdir() if p.name not in ("Public",))
            old = profile / ".local" / "share" / "blueprints3d"
            old.mkdir(parents=True)
            (old / "autosave.json").write_bytes((home / "autosave.json").read_bytes())
            moved = run("simulate", "--players", "2", "--games", "1", BLUEPRINTS3D_HOME="")
            assert moved.returncode == 0, text(moved.stderr)
            new = profile / "AppData" / "Local" / "blueprints3d"
            assert (new / "autosave.json").is_file() and not old.exists()
            assert "moved" in text(moved.stderr) and "AppData\\Local\\blueprints3d" in text(
                moved.stderr
            )
            again = run("simulate", "--players", "2", "--games", "1", BLUEPRINTS3D_HOME="")
            assert again.returncode == 0 and "moved" not in text(again.stderr)
        finally:
            subprocess.run(
                [WINE.replace("wine64", "wineserver"), "-k"],
                env=env,
                capture_output=True,
                timeout=60,
            )
