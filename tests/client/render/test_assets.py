"""The generated assets: models/ and textures/ are what tools/ makes now, every package folder is
packaged, and an installed wheel finds its models, textures and sounds from any working directory
(the sounds themselves: test_sounds.py)."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import numpy as np
from panda3d.core import Filename, Loader, LoaderOptions, NodePath, PNMImage

from blueprints3d.client.render import assets
from blueprints3d.client.scene import card_model
from blueprints3d.engine.blueprints import standard_deck

ROOT = Path(__file__).resolve().parents[3]


def _tool(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_a_checkout_uses_its_top_level_folders():
    assert assets.folder("models") == ROOT / "models"
    assert assets.folder("textures") == ROOT / "textures"
    assert assets.model_path("die") == ROOT / "models" / "die.bam"


def test_a_missing_asset_is_named():
    try:
        assets.model_path("no-such-model")
    except FileNotFoundError as exc:
        assert "no-such-model.bam" in str(exc)
    else:
        raise AssertionError("a missing model must raise")


def _geometry(path: Path) -> dict[str, list[tuple[bytes, bytes, str]]]:
    """Per named GeomNode: its geoms' vertex bytes, index bytes and vertex format."""
    node = NodePath(
        Loader.get_global_ptr().load_sync(
            Filename.from_os_specific(str(path)), LoaderOptions(LoaderOptions.LF_no_cache)
        )
    )
    out = {}
    for gn in node.find_all_matches("**/+GeomNode"):
        geoms = []
        for i in range(gn.node().get_num_geoms()):
            geom = gn.node().get_geom(i)
            vdata = geom.get_vertex_data()
            prim = geom.get_primitive(0).decompose()
            geoms.append(
                (
                    bytes(memoryview(vdata.get_array(0))),
                    bytes(memoryview(prim.get_vertices())),
                    str(vdata.get_format()),
                )
            )
        out[gn.get_name()] = geoms
    return out


def test_committed_models_are_what_the_tool_makes(tmp_path):
    tool = _tool("make_models")
    assert (
        tool.main(["--models", str(tmp_path / "models"), "--textures", str(tmp_path / "textures")])
        == 0
    )
    made = sorted(p.name for p in (tmp_path / "models").glob("*.bam"))
    assert made == sorted(p.name for p in (ROOT / "models").glob("*.bam"))
    for name in made:
        # Compared as geometry, not bytes: another Panda3D may write another bam version.
        assert _geometry(tmp_path / "models" / name) == _geometry(ROOT / "models" / name), (
            f"models/{name} differs from what tools/make_models.py makes: rerun it"
        )
    for texture in ("die_pips.png", "die_symbols.png"):
        a, b = PNMImage(), PNMImage()
        assert a.read(str(tmp_path / "textures" / texture)) and b.read(
            str(ROOT / "textures" / texture)
        )
        assert (a.get_x_size(), a.get_y_size()) == (b.get_x_size(), b.get_y_size()), texture
        assert all(
            a.get_gray_val(x, y) == b.get_gray_val(x, y)
            for y in range(0, a.get_y_size(), 4)
            for x in range(0, a.get_x_size(), 4)
        ), f"textures/{texture} differs from what tools/make_models.py makes: rerun it"


def test_die_model_keeps_the_columns_its_shader_reads():
    fmt = (
        assets.load_model("die")
        .find("**/die-mesh")
        .node()
        .get_geom(0)
        .get_vertex_data()
        .get_format()
    )
    names = {fmt.get_column(i).get_name().get_name() for i in range(fmt.get_num_columns())}
    assert names == {"vertex", "normal", "texcoord", "tangent"}  # scene.vert: p3d_Tangent too


def test_committed_card_faces_are_what_the_drawing_code_prints(tmp_path):
    out = tmp_path / "cards"
    _tool("bake_cards").bake(out)
    # The grid's face and the band with the card's isometric drawing beside it.
    for name in [n for bp in standard_deck() for n in (bp.id, f"{bp.id}-drawing")]:
        baked, fresh = PNMImage(), PNMImage()
        assert baked.read(str(ROOT / "textures" / "cards" / f"{name}.png")), name
        assert fresh.read(str(out / f"{name}.png"))
        size = (fresh.get_x_size(), fresh.get_y_size())
        assert (baked.get_x_size(), baked.get_y_size()) == size, name
        diffs = [
            abs(baked.get_xel_val(x, y)[c] - fresh.get_xel_val(x, y)[c])
            for y in range(0, size[1], 7)
            for x in range(0, size[0], 7)
            for c in range(3)
        ]
        # A FreeType of another Panda3D build may shade glyph edges a little differently.
        assert np.mean(diffs) < 1.0 and np.mean(np.array(diffs) > 40) < 0.003, (
            f"textures/cards/{name}.png differs from card_model's drawing: run tools/bake_cards.py"
        )
    assert card_model.baked_face_name(standard_deck()[0]) == "cards/B01.png"
    assert card_model.baked_drawing_name(standard_deck()[0]) == "cards/B01-drawing.png"


def test_every_package_folder_is_listed_for_packaging():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(config["packages"])
    # Every folder holding files: modules or package data (engine/data, shaders, ...).
    folders = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for p in (ROOT / "blueprints3d").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    assert folders <= listed, (
        f"add to [tool.setuptools] packages in pyproject.toml: {sorted(folders - listed)}"
    )
    mapped = config["package-dir"]
    assert (
        mapped["blueprints3d.models"] == "models" and mapped["blueprints3d.textures"] == "textures"
    )


INSTALLED_CHECK = """
import sys
from pathlib import Path
from blueprints3d.client.render import assets
from blueprints3d.client.scene import card_model, dice_model
from blueprints3d.engine.blueprints import card_by_id
from blueprints3d.engine.materials import Material
site = Path(sys.argv[1]).resolve()
assert assets.folder("models") == site / "blueprints3d" / "models", assets.folder("models")
assert assets.folder("textures") == site / "blueprints3d" / "textures", assets.folder("textures")
tex = card_model.card_texture(card_by_id("B01"))
assert tex.get_name() == "cards/B01.png" and tex.get_x_size() > 600, tex
die = dice_model.make_die(Material.WOOD, 3)
assert die.find("**/die-mesh").node().get_num_geoms() == 1
assert dice_model.pip_texture().get_x_size() == 6 * dice_model.pip_texture().get_y_size()
from blueprints3d.client.render import audio
assert audio.sound_folder() == site / "blueprints3d" / "sounds", audio.sound_folder()
assert all(audio.sound_path(n).read_bytes()[:4] == b"RIFF" for n in audio.SOUNDS)
from blueprints3d.client.render import icons
assert icons.image("skyscraper")[..., 3].any() and "geometer" in icons.names()
print("installed assets ok")
"""


def test_an_installed_wheel_finds_its_assets_from_any_folder(tmp_path):
    # Build from a copy of what the wheel is made of, so the checkout gets no build/ folder.
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "tmp-*")
    for name in ("blueprints3d", "models", "textures"):
        shutil.copytree(ROOT / name, src / name, ignore=ignore)
    wheels = tmp_path / "wheels"
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "-q", "-w", str(wheels)],
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert build.returncode == 0, build.stdout[-2000:] + build.stderr[-2000:]
    site = tmp_path / "site"
    wheel = next(wheels.glob("blueprints3d-*.whl"))
    install = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--no-deps",
            "-q",
            "--target",
            str(site),
            str(wheel),
        ],
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert install.returncode == 0, install.stdout[-2000:] + install.stderr[-2000:]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(site)  # the installed copy, never the checkout
    run = subprocess.run(
        [sys.executable, "-c", INSTALLED_CHECK, str(site)],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0 and "installed assets ok" in run.stdout, (
        run.stdout[-2000:] + run.stderr[-3000:]
    )
