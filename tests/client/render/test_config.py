"""Settings the Panda3D way: the shipped .prc, the project's ConfigVariables, a quiet start-up."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from blueprints3d.client.render import config

ROOT = Path(__file__).resolve().parents[3]
CHATTER = ("Known pipe types", "/dev/input", "EGL")


def _start_table(*extra: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "blueprints3d",
            "--seats",
            "Ann,@easy",
            "--seed",
            "1",
            "--quit-after",
            "1",
            "--offscreen",
            *extra,
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )


def test_a_normal_start_is_quiet_and_verbose_shows_panda3ds_messages():
    quiet = _start_table()
    assert quiet.returncode == 0, quiet.stderr
    assert "first frame after" in quiet.stderr
    assert not [c for c in CHATTER if c in quiet.stderr + quiet.stdout], quiet.stderr
    loud = _start_table("--verbose")
    assert loud.returncode == 0, loud.stderr
    assert "Known pipe types" in loud.stderr + loud.stdout


def test_the_shipped_prc_sets_the_projects_own_variables():
    config.load_config(size=(320, 200))
    text = (Path(config.__file__).parent / "blueprints3d.prc").read_text()
    for var in (config.SHADERS, config.SHADOW_SIZE, config.BOT_DELAY, config.VERBOSE):
        assert f"\n{var.get_name()} " in text  # each declared setting has its shipped value
    assert config.SHADOW_SIZE.get_value() == 1024 and config.BOT_DELAY.get_value() == 0.8
    assert config.SHADOW_MASK != config.REFRACTION_MASK  # the camera bits never collide
