"""The files the program writes for the user honour the umask (0666 less it), as any program's
new files do: not the 0600 of the private temporary file they are written through."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from blueprints3d.engine.playout import random_game
from blueprints3d.files import jsonfile
from blueprints3d.files.buildfile import build_from_dict, save_build
from blueprints3d.files.demo_progress import save_progress
from blueprints3d.files.history import keep_game
from blueprints3d.files.savefile import save_game
from blueprints3d.files.settings import Settings, save_settings

BUILD = {
    "format": 1,
    "blueprint": "B07",
    "stacks": [
        [["recycled:2", "wood:5"], ["stone:1", "glass:4"]],
        [["glass:3"], ["recycled:6"]],
        [[], []],
    ],
}


@pytest.fixture
def umask():
    """Set the umask for one test, restored after it."""
    old = os.umask(0o022)
    try:
        yield os.umask
    finally:
        os.umask(old)


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def write_all(folder: Path) -> list[Path]:
    """One file of every kind the program writes for the user, in ``folder``."""
    folder.mkdir()
    game = random_game(2, 3)
    build = build_from_dict(BUILD)
    save_build(folder / "build.json", build)
    save_game(folder / "save.json", game)
    save_settings(folder / "settings.json", Settings())
    save_progress(folder / "demos.json", ["placement"])
    kept = keep_game(game, data_folder=folder)
    picture = jsonfile.write_new(folder, "picture", ".png", b"\x89PNG not really", numbered=True)

    def writer(tmp: str) -> None:  # a picture or movie writer that opens the file by name
        with open(tmp, "wb") as f:
            f.write(b"GIF89a")

    jsonfile.write_bytes_atomic(folder / "turn.gif", writer)
    out = [
        folder / n for n in ("build.json", "save.json", "settings.json", "demos.json", "turn.gif")
    ]
    return out + [kept, picture]


@pytest.mark.parametrize(
    "mask,want", [(0o022, 0o644), (0o002, 0o664), (0o077, 0o600), (0o027, 0o640)]
)
def test_written_files_get_0666_less_the_umask(tmp_path, umask, mask, want):
    umask(mask)
    assert jsonfile.current_umask() == mask and jsonfile.new_file_mode() == want
    for path in write_all(tmp_path / f"m{mask:o}"):
        assert mode(path) == want, path
    assert os.umask(mask) == mask  # reading it never changed it


def test_a_replaced_file_gets_the_mode_too(tmp_path, umask):
    umask(0o022)
    path = tmp_path / "build.json"
    path.write_text("{}")
    os.chmod(path, 0o600)
    save_build(path, build_from_dict(BUILD))
    assert mode(path) == 0o644


def test_the_screenshot_of_the_viewer_honours_the_umask(offscreen_base, tmp_path, umask):
    from blueprints3d.client.apps.viewer import BuildViewer
    from blueprints3d.client.render import shaders

    umask(0o002)
    shaders.configure(False)
    viewer = BuildViewer(offscreen_base, build_from_dict(BUILD), "modes", tmp_path, turntable=False)
    try:
        path = viewer.screenshot(with_panel=True)
    finally:
        viewer.destroy()
    assert path is not None and mode(path) == 0o664
