"""The build viewer: the engine's breakdown beside the building, turntable, orbit, screenshots."""

from __future__ import annotations

import numpy as np
import pytest

from blueprints3d.cli import main
from blueprints3d.files.buildfile import build_from_dict
from blueprints3d.engine.scoring import explain_building

BUILD = {"format": 1, "blueprint": "B07",
         "stacks": [[["recycled:2", "wood:5"], ["stone:1", "glass:4"]], [["glass:3"], ["recycled:6"]], [[], []]]}


def test_breakdown_gives_the_engines_score():
    from blueprints3d.client.apps.viewer import breakdown

    build = build_from_dict(BUILD)
    text = breakdown(build)
    score = build.score()
    assert f"total {score.total:>3}".replace(" ", "") in text.replace(" ", "")
    assert "blueprint bonus   6  (exact)" in text
    for d in explain_building(build.blueprint, build.stacks):
        assert d.reason in text
    assert "Geometer" in text  # 1-6 all present


def test_viewer_turns_orbits_and_saves_screenshots(offscreen_base, tmp_path):
    from blueprints3d.client.render import shaders
    from blueprints3d.client.apps.viewer import MAX_ELEVATION, BuildViewer

    shaders.configure(False)
    viewer = BuildViewer(offscreen_base, build_from_dict(BUILD), "twin", tmp_path)
    try:
        a0 = viewer.orbit.angle
        pos0 = viewer.view.cam.get_pos()
        viewer.advance(1.0)
        assert viewer.orbit.angle != a0 and (viewer.view.cam.get_pos() - pos0).length() > 0.1
        viewer.toggle_turntable()
        a1 = viewer.orbit.angle
        viewer.advance(1.0)
        assert viewer.orbit.angle == a1  # stopped
        viewer.drag_by(0.0, -5.0)      # a long drag up cannot take the camera over the top
        assert viewer.orbit.elevation == MAX_ELEVATION
        viewer.reset()
        first = viewer.screenshot()
        second = viewer.screenshot(with_panel=True)
        assert (first.name, second.name) == ("twin-01.png", "twin-02.png")
        assert not viewer.panel.is_hidden()  # shown again after a clean picture
        from panda3d.core import PNMImage

        def grey(path) -> np.ndarray:
            img = PNMImage()
            assert img.read(str(path)) and img.get_x_size() == offscreen_base.win.get_x_size()
            return np.array([[img.get_gray(x, y) for x in range(0, img.get_x_size(), 4)]
                             for y in range(0, img.get_y_size(), 4)])

        clean, whole = grey(first), grey(second)
        assert clean.std() > 0.05  # a scene, not an empty frame
        h, w = clean.shape
        corner = (slice(0, h // 4), slice(w - w // 4, w))  # where the breakdown panel sits
        assert abs(clean[corner].mean() - whole[corner].mean()) > 0.02
    finally:
        viewer.destroy()
    assert offscreen_base.cam.node().get_scene() == offscreen_base.render


@pytest.mark.parametrize("content,needle", [("{not json", "not valid JSON"),
                                            ('{"format": 1, "blueprint": "B07"}', "no \\\"stacks\\\"")])
def test_view_refuses_a_bad_build_file_in_one_line(tmp_path, capsys, content, needle):
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    assert main(["view", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("blueprints3d: ") and needle.replace("\\", "") in err
