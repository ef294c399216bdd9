"""The release: the version written once, the apps' build configuration in step with
the program (every command module listed for the freezer, every file the program reads copied
into the apps), and, run apart as slow tests, `python -m build` making an sdist and a wheel that
hold every file and a wheel that works from a fresh virtual environment, and the Linux app
built by build_apps running with no Python on its path."""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest
from panda3d.core import GlobPattern

import blueprints3d
from blueprints3d import cli
from support.apps import build_app

ROOT = Path(__file__).resolve().parent.parent


def build_apps_options() -> dict:
    """setup.py's build_apps options, evaluated from its source (names it defines resolved)."""
    source = (ROOT / "setup.py").read_text("utf-8").replace("from setuptools import setup", "")
    captured: dict = {}
    exec(
        compile(source, "setup.py", "exec"),
        {"setup": lambda **kw: captured.update(kw), "__name__": "setup"},
    )
    return captured["options"]["build_apps"]


def program_files() -> list[str]:
    """Every file the program reads that is not a module, as the checkout has it."""
    out = []
    for base in ("blueprints3d", "models", "textures"):
        for p in sorted((ROOT / base).rglob("*")):
            if (
                p.is_file()
                and p.suffix not in (".py", ".pyc", ".po", ".pot")
                and "__pycache__" not in p.parts
                and p.name != "py.typed"
            ):
                out.append(p.relative_to(ROOT).as_posix())
    return out


def test_the_version_is_written_once_and_told():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {
        "attr": "blueprints3d.__version__"
    }
    changelog = (ROOT / "CHANGELOG.md").read_text("utf-8")
    newest = next(line for line in changelog.splitlines() if line.startswith("## "))
    assert newest.split()[1] == blueprints3d.__version__  # the changelog says this release
    out = subprocess.run(
        [sys.executable, "-m", "blueprints3d", "--version"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert out.returncode == 0 and out.stdout.strip() == f"blueprints3d {blueprints3d.__version__}"


def test_the_apps_list_every_command_the_command_line_imports_by_name():
    options = build_apps_options()
    listed = set(options["include_modules"]["*"])
    assert {f"blueprints3d.commands.{m}" for m in cli.COMMANDS.values()} <= listed
    # Named so as not to collide with the package's folder beside them in the build.
    assert "blueprints3d" not in {**options["gui_apps"], **options["console_apps"]}
    for script in [*options["gui_apps"].values(), *options["console_apps"].values()]:
        assert (ROOT / script).is_file()


def test_the_apps_carry_every_file_the_program_reads():
    options = build_apps_options()
    patterns = [GlobPattern(p) for p in options["include_patterns"]]
    missing = [f for f in program_files() if not any(p.matches_file(f) for p in patterns)]
    assert missing == [], f"add to setup.py's FILES: {missing}"
    assert options["rename_paths"] == {
        "models/": "blueprints3d/models/",
        "textures/": "blueprints3d/textures/",
    }
    assert {"manylinux2014_x86_64", "win_amd64"} <= set(options["platforms"])


def test_the_carry_check_can_fail():
    patterns = [GlobPattern(p) for p in ["models/*.bam"]]
    assert not any(p.matches_file("blueprints3d/shaders/scene.vert") for p in patterns)


def _build(out: Path) -> tuple[Path, Path]:
    src = out / "src"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(src)], check=True, timeout=120)
    done = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out / "dist"), str(src)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    wheel = next((out / "dist").glob("blueprints3d-*.whl"))
    sdist = next((out / "dist").glob("blueprints3d-*.tar.gz"))
    return wheel, sdist


@pytest.mark.slow
def test_build_makes_an_sdist_and_a_wheel_that_installs_and_renders(tmp_path):
    wheel, sdist = _build(tmp_path)
    assert wheel.name == f"blueprints3d-{blueprints3d.__version__}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as zipped:
        in_wheel = set(zipped.namelist())
    with tarfile.open(sdist) as tarred:
        in_sdist = {n.split("/", 1)[1] for n in tarred.getnames() if "/" in n}
    for f in program_files():
        packaged = "blueprints3d/" + f if f.startswith(("models/", "textures/")) else f
        assert packaged in in_wheel, f"the wheel lacks {packaged}"
        assert f in in_sdist, f"the sdist lacks {f}"
    assert {"CHANGELOG.md", "RULES.md", "setup.py", "requirements-app.txt"} <= in_sdist
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    py = env_dir / "bin" / "python"
    install = subprocess.run(
        [str(py), "-m", "pip", "install", "-q", str(wheel)],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert install.returncode == 0, install.stdout[-2000:] + install.stderr[-2000:]
    picture = tmp_path / "materials.png"
    home = tmp_path / "home"
    run = subprocess.run(
        [str(env_dir / "bin" / "blueprints3d"), "render", "--materials", "-o", str(picture)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin", "HOME": str(home), "BLUEPRINTS3D_HOME": str(home)},
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert picture.stat().st_size > 100_000


@pytest.mark.slow
def test_the_linux_app_runs_with_no_python_on_its_path(tmp_path):
    app = build_app(tmp_path, "manylinux2014_x86_64")
    home = tmp_path / "home"
    home.mkdir()
    env = {"HOME": str(home)}  # env -i: no PATH, no Python, no PYTHONPATH
    picture = tmp_path / "materials.png"
    run = subprocess.run(
        [str(app / "blueprints-cli"), "render", "--materials", "-o", str(picture)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=home,
        env=env,
    )
    assert run.returncode == 0 and picture.stat().st_size > 100_000, run.stderr[-3000:]
    table = subprocess.run(
        [
            str(app / "blueprints"),
            "--offscreen",
            "--quit-after",
            "20",
            "--seats",
            "Ann,@easy",
            "--no-autosave",
            "--mute",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=home,
        env=env,
    )
    assert table.returncode == 0 and "20 frames" in table.stderr, table.stderr[-3000:]
    persian = subprocess.run(
        [str(app / "blueprints-cli"), "--lang", "fa", "score", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=home,
        env=env,
    )
    assert persian.returncode == 0 and "امتیاز" in persian.stdout, persian.stderr[-2000:]
    assert os.access(app / "blueprints", os.X_OK)
