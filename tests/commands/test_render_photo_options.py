"""`blueprints3d render --quick` and `--dof [STRENGTH] [--focus CM]`: bad values are one line and
exit 2 with nothing written; --quick draws the picture as before the photo features; --dof blurs."""

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


def _png(path) -> np.ndarray:
    img = PNMImage()
    assert img.read(str(path))
    return np.array(
        [[img.get_xel(x, y) for x in range(img.get_x_size())] for y in range(img.get_y_size())]
    )


@pytest.mark.parametrize(
    "extra, words",
    [
        (["--dof", "abc"], "--dof"),
        (["--dof", "0"], "--dof"),
        (["--dof", "11"], "--dof"),
        (["--dof", "nan"], "--dof"),
        (["--dof", "1", "--focus", "-3"], "--focus"),
        (["--focus", "20"], "--focus is for --dof"),
    ],
)
def test_bad_photo_options_are_one_line_and_exit_2(extra, words, tmp_path, capsys):
    src = tmp_path / "b.json"
    src.write_text(json.dumps(BUILD))
    out = tmp_path / "x.png"
    with pytest.raises(SystemExit) as e:
        raise SystemExit(main(["render", str(src), "-o", str(out), "--size", "64x64", *extra]))
    assert e.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and words in err and "Traceback" not in err, err
    assert not out.exists()


def test_dof_needs_a_still_picture(tmp_path, capsys):
    src = tmp_path / "b.json"
    src.write_text(json.dumps(BUILD))
    with pytest.raises(SystemExit) as e:
        raise SystemExit(
            main(["render", str(src), "--turntable", str(tmp_path / "t.gif"), "--dof"])
        )
    assert e.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "--dof is for a still picture" in err


def test_quick_is_the_picture_as_before_and_the_full_one_differs(offscreen_base, tmp_path):
    from blueprints3d.client.render.stills import StillOptions
    from blueprints3d.commands.render import render_build
    from blueprints3d.files.buildfile import load_build

    src = tmp_path / "b.json"
    src.write_text(json.dumps(BUILD))
    quick, full = tmp_path / "q.png", tmp_path / "f.png"
    assert main(["render", str(src), "-o", str(quick), "--size", "160x120", "--quick"]) == 0
    assert main(["render", str(src), "-o", str(full), "--size", "160x120"]) == 0
    q, f = _png(quick), _png(full)
    # The old path: the plain buffer, the table's own shaders, three whole frames.
    from blueprints3d.client.render import capture, shaders
    from blueprints3d.client.scene import showcase
    from blueprints3d.commands import render as r

    build = load_build(str(src))
    with r._stage(build, (160, 120), True, 2, True, StillOptions.quick()) as (base, view, _, look):
        assert look is None and not hasattr(view, "colour")
        showcase.frame_build(view, build, 35.0, 36.0)
        capture.render_frames(base, 3)
        old = r.downsample(view.grab(), 2, (160, 120))
    assert shaders.shaders_enabled()
    assert np.abs(q * 255 - old).max() <= 1
    assert np.abs(q - f).mean() > 0.002  # the full still is another picture
    again = render_build(build, (160, 120), 35.0, True, options=StillOptions.quick())
    assert np.abs(q * 255 - again).max() <= 1


def test_dof_blurs_the_far_table(offscreen_base, tmp_path, capsys):
    src = tmp_path / "b.json"
    src.write_text(json.dumps(BUILD))
    sharp, soft = tmp_path / "s.png", tmp_path / "d.png"
    assert main(["render", str(src), "-o", str(sharp), "--size", "200x120"]) == 0
    assert main(["render", str(src), "-o", str(soft), "--size", "200x120", "--dof", "2"]) == 0
    s, d = _png(sharp).mean(axis=2), _png(soft).mean(axis=2)

    def detail(a):
        return float(np.abs(np.diff(a, axis=1)).mean())

    # The top rows are the table far behind the building: much softer; the middle is the
    # building, in focus, nearly as crisp.
    assert detail(d[:15]) < 0.6 * detail(s[:15])
    assert detail(d[45:75, 70:130]) > 0.6 * detail(s[45:75, 70:130])
