"""`blueprints3d render`: a build file or the material scene to PNG, offscreen; bad input exits 2."""

from __future__ import annotations

import json

import numpy as np
import pytest
from panda3d.core import PNMImage

from blueprints3d.cli import main

BUILD = {
    "format": 1,
    "blueprint": "B13",
    "stacks": [
        [[], ["glass:1"]],
        [[], ["stone:2", "glass:4", "recycled:4", "wood:6"]],
        [["wood:1"], []],
    ],
}


def _read_png(path) -> np.ndarray:
    img = PNMImage()
    assert img.read(str(path))
    w, h = img.get_x_size(), img.get_y_size()
    return np.array([[img.get_xel(x, y) for x in range(0, w, 4)] for y in range(0, h, 4)])


@pytest.mark.parametrize("shaders", [[], ["--no-shaders"]], ids=["shaders", "plain"])
def test_render_a_build_file(offscreen_base, tmp_path, capsys, shaders):
    src = tmp_path / "b13.json"
    src.write_text(json.dumps(BUILD))
    out = tmp_path / "b13.png"
    assert (
        main(["render", str(src), "-o", str(out), "--size", "160x120", "--angle", "70", *shaders])
        == 0
    )
    img = _read_png(out)
    assert img.shape[:2] == (30, 40)
    # Something was drawn: a light card and the dark table, not one flat colour.
    assert img.max() > 0.7 and img.min() < 0.3
    assert "wrote" in capsys.readouterr().out


def test_render_the_material_scene(offscreen_base, tmp_path):
    out = tmp_path / "materials.png"
    assert main(["render", "--materials", "-o", str(out), "--size", "200x150"]) == 0
    img = _read_png(out)
    # Orange and green (blue-green: materials.BASE_COLOUR) dice are in the picture.
    r, g, b = img[..., 0], img[..., 1], img[..., 2]
    assert ((r > 0.5) & (r > 1.5 * b) & (g < 0.75 * r)).sum() > 10
    assert ((g > 0.35) & (g > 1.3 * r) & (g > 1.15 * b)).sum() > 10


def test_a_bad_build_file_is_one_line_and_exit_2(tmp_path, capsys):
    src = tmp_path / "bad.json"
    src.write_text('{"format": 1, "blueprint": "B13", "stacks": [[["glass:9"], []]]}')
    assert main(["render", str(src), "-o", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "bad.json" in err
    assert not (tmp_path / "x.png").exists()


def test_missing_file_exits_2(tmp_path, capsys):
    assert main(["render", str(tmp_path / "nope.json"), "-o", str(tmp_path / "x.png")]) == 2


@pytest.mark.parametrize(
    "argv",
    [
        ["render", "-o", "x.png"],  # neither FILE nor --materials
        ["render", "--materials", "-o", "x.png", "--size", "big"],  # bad size
        ["render", "--materials", "-o", "x.png", "--size", "10x10"],
    ],
)
def test_bad_options_exit_2(argv, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as e:
        code = main(argv)
        raise SystemExit(code)
    assert e.value.code == 2


def test_downsample_averages_blocks():
    from blueprints3d.commands.render import downsample

    img = np.zeros((4, 6, 3), np.uint8)
    img[:2, :2] = 200
    out = downsample(img, 2, (3, 2))
    assert out.shape == (2, 3, 3)
    assert out[0, 0, 0] == 200 and out[0, 1, 0] == 0 and out[1, 0, 0] == 0


def test_a_picture_larger_than_the_gls_buffers_is_supersampled_less_and_says_so(capsys):
    """5462x3000 at 3x is 16386 pixels wide, past llvmpipe's 16384: drawing into that buffer
    crashed the GL (FRAMEBUFFER_INCOMPLETE_ATTACHMENT, then a segfault)."""
    from blueprints3d.commands.render import fitted_supersample

    assert fitted_supersample((5462, 3000), 3, max_side=16384) == 2
    assert "drawn at 2x supersampling, not 3x" in capsys.readouterr().err
    assert fitted_supersample((7680, 4320), 3, max_side=16384) == 2  # the largest --size allowed
    assert fitted_supersample((7680, 4320), 2, max_side=16384) == 2
    assert capsys.readouterr().err.count("\n") == 1  # said once, only when lowered
    assert fitted_supersample((1920, 1080), 3) == 3  # no GL asked: every GL draws 8192 a side
    with pytest.raises(
        Exception,
        match="cannot draw 7680x4320 here: this GL's buffers take at most "
        "4096 pixels a side; give a smaller --size",
    ):
        fitted_supersample((7680, 4320), 1, max_side=4096)


def test_the_real_gl_is_asked_and_the_picture_drawn_at_the_size_asked(
    offscreen_base, tmp_path, capsys, monkeypatch
):
    """End to end with a GL made small: the limit is asked of the real GL, the picture comes out at
    the size asked, the lowering said in one line."""
    from blueprints3d.client.render import capture
    from blueprints3d.commands import render

    assert capture.max_buffer_side(offscreen_base) >= 7680 * 2  # llvmpipe: 16384
    monkeypatch.setattr(render, "SURE_SIDE", 100)
    monkeypatch.setattr(capture, "max_buffer_side", lambda base: 400)
    out = tmp_path / "m.png"
    assert (
        main(
            [
                "render",
                "--materials",
                "-o",
                str(out),
                "--size",
                "200x150",
                "--supersample",
                "3",
                "--quick",
            ]
        )
        == 0
    )
    captured = capsys.readouterr()
    assert "200x150 is drawn at 2x supersampling, not 3x" in captured.err
    assert _read_png(out).shape[:2] == (38, 50)
