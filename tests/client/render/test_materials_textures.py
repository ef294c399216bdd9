"""The committed textures are what tools/make_textures.py makes from its seed, and they tile."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest
from panda3d.core import PNMImage

from blueprints3d.client.render import assets

TOOL = Path(__file__).resolve().parents[3] / "tools" / "make_textures.py"


def _tool():
    spec = importlib.util.spec_from_file_location("make_textures", TOOL)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _read(path) -> np.ndarray:
    img = PNMImage()
    assert img.read(str(path)), path
    w, h = img.get_x_size(), img.get_y_size()
    return np.array([[img.get_xel(x, y) for x in range(0, w, 8)] for y in range(0, h, 8)])


def test_committed_textures_match_the_generator(tmp_path):
    tool = _tool()
    assert tool.main(["--out", str(tmp_path)]) == 0
    for name in tool.TEXTURES:
        shipped = assets.texture_path(name)
        a, b = _read(shipped), _read(tmp_path / name)
        assert a.shape == b.shape, name
        assert np.abs(a - b).max() <= 2 / 255 + 1e-6, f"{name} differs: run tools/make_textures.py"


@pytest.mark.parametrize(
    "name", ["table_walnut", "paper_fibre", "screen_board", "felt_nap", "bag_cloth"]
)
def test_textures_tile_seamlessly(name):
    rng = np.random.default_rng(1)
    img = getattr(_tool(), name)(rng)
    # The jump across the wrap-around seam is no bigger than between neighbouring texels inside.
    inside = np.abs(np.diff(img, axis=1)).mean()
    seam = np.abs(img[:, 0] - img[:, -1]).mean()
    assert seam < 3 * inside + 0.01
    inside_v = np.abs(np.diff(img, axis=0)).mean()
    seam_v = np.abs(img[0] - img[-1]).mean()
    assert seam_v < 3 * inside_v + 0.02
