"""One lookup for the program's own files (blueprints3d/resources.py): the package imported from a
zip (zipimport) loads every kind of file through it, exactly as from the checkout; and no other
module builds a path from ``__file__``."""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from blueprints3d import resources

ROOT = Path(__file__).resolve().parent.parent

ZIP_CHECK = r"""
import sys
from pathlib import Path
archive = sys.argv[1]
sys.path.insert(0, archive)
import blueprints3d
assert blueprints3d.__file__.startswith(archive), blueprints3d.__file__
from blueprints3d import resources
from blueprints3d.engine.blueprints import standard_deck
assert len(standard_deck()) == 24                                     # card data
from blueprints3d.ai import win_chances
assert win_chances._data()[0]                                         # the AI's tables
from blueprints3d import i18n
i18n.set_language("de")
assert i18n._("Quit") != "Quit", i18n._("Quit")                       # a catalogue
i18n.set_language("en")
from blueprints3d.client.render import config
config.load_config(size=(64, 64), offscreen=True)                     # the prc file
from panda3d.core import ConfigVariableBool
assert ConfigVariableBool("text-use-harfbuzz").get_value()
from blueprints3d.client.render import shaders
assert "void main" in shaders.source("scene.vert")                     # shaders (and their includes)
from blueprints3d.client.scene import fonts, script_text, card_model
assert script_text.font("persian").is_valid() and script_text.font("cjk").is_valid()   # fonts
assert fonts.mono_font().is_valid()
assert Path(card_model.card_font_path().to_os_specific()).is_file()
from blueprints3d.client.render import assets, audio, icons
assert not assets.load_model("die").is_empty()                        # a model
assert assets.load_texture("die_pips.png").get_x_size() > 0           # textures
assert assets.load_texture("cards/B01.png").get_x_size() > 600
assert icons.image("skyscraper")[..., 3].any()
assert all(audio.sound_path(n).read_bytes()[:4] == b"RIFF" for n in audio.SOUNDS)   # sounds
# What Panda3D opens by name was copied out of the archive, once, into this process's folder.
assert not str(assets.model_path("die")).startswith(archive)
assert resources.file_path("blueprints3d.models", "die.bam") == assets.model_path("die")
print("zip ok")
"""


def package_zip(out: Path) -> Path:
    """The package as a wheel lays it out (models/ and textures/ inside it), in one zip."""
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for source, inside in (
            (ROOT / "blueprints3d", "blueprints3d"),
            (ROOT / "models", "blueprints3d/models"),
            (ROOT / "textures", "blueprints3d/textures"),
        ):
            for path in sorted(source.rglob("*")):
                if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                    z.write(path, f"{inside}/{path.relative_to(source).as_posix()}")
    return out


def test_the_package_imported_from_a_zip_loads_every_kind_of_file(tmp_path):
    archive = package_zip(tmp_path / "blueprints3d.zip")
    run = subprocess.run(
        [sys.executable, "-I", "-c", ZIP_CHECK, str(archive)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0 and "zip ok" in run.stdout, run.stdout[-2000:] + run.stderr[-3000:]


def test_a_checkout_finds_its_files_beside_the_package():
    assert resources.file_path("blueprints3d.models", "die.bam") == ROOT / "models" / "die.bam"
    assert resources.folder("blueprints3d.textures") == ROOT / "textures"
    assert (
        resources.read_text("blueprints3d.shaders", "scene.vert")
        == (ROOT / "blueprints3d/shaders/scene.vert").read_text()
    )
    assert resources.exists("blueprints3d.locale", "de/LC_MESSAGES/blueprints3d.mo")
    assert not resources.exists("blueprints3d.locale", "xx/LC_MESSAGES/blueprints3d.mo")


def test_a_frozen_build_finds_its_files_beside_its_executable(tmp_path, monkeypatch):
    (tmp_path / "blueprints3d" / "shaders").mkdir(parents=True)
    (tmp_path / "blueprints3d" / "shaders" / "x.vert").write_text("frozen")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "blueprints"))
    assert resources.frozen_root() == tmp_path.resolve()
    assert resources.read_text("blueprints3d.shaders", "x.vert") == "frozen"
    assert (
        resources.file_path("blueprints3d.shaders", "x.vert")
        == tmp_path.resolve() / "blueprints3d/shaders/x.vert"
    )


@pytest.mark.parametrize("name", ["", "../pyproject.toml", "a/../../b"])
def test_a_name_outside_its_package_is_refused(name):
    with pytest.raises(ValueError):
        resources.read_bytes("blueprints3d.shaders", name)


def test_a_missing_file_is_named():
    with pytest.raises(FileNotFoundError, match="no-such.vert"):
        resources.read_text("blueprints3d.shaders", "no-such.vert")


def test_no_other_module_builds_paths_from_its_own_file():
    offenders = [
        str(p.relative_to(ROOT))
        for p in (ROOT / "blueprints3d").rglob("*.py")
        if p.name != "resources.py"
        and re.search(
            r"__file__|importlib\.resources|from importlib import resources", p.read_text("utf-8")
        )
    ]
    assert offenders == []
