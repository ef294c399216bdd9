"""The icon sheet (textures/icons.png and icons.json): what tools/make_icons.py makes, an icon
for every Prize, and a loader whose texture coordinates, pixel rectangles and pictures agree."""

from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path

import numpy as np
import pytest

from blueprints3d.client.render import assets, icons
from blueprints3d.engine.rules import Prize

ROOT = Path(__file__).resolve().parents[3]


def _tool():
    spec = importlib.util.spec_from_file_location("make_icons", ROOT / "tools" / "make_icons.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_committed_sheet_is_what_the_tool_makes(tmp_path):
    assert _tool().main(["--out", str(tmp_path)]) == 0
    for name in (icons.SHEET, icons.INDEX):
        assert (tmp_path / name).read_bytes() == (ROOT / "textures" / name).read_bytes(), (
            f"textures/{name} differs from what tools/make_icons.py makes: rerun it"
        )


def test_every_prize_has_its_own_icon():
    names = icons.names()
    assert {icons.prize_icon(p) for p in Prize} <= set(names)
    inks = {n: icons.alpha(n) for n in names}
    for n, a in inks.items():
        assert a.shape == (128, 128) and 0.08 < a.mean() < 0.75, (
            n
        )  # a shape, not a blank or a block
        assert a[0].max() == 0 and a[-1].max() < 0.5, n  # its cell keeps a border
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert np.abs(inks[a] - inks[b]).mean() > 0.05, (a, b)


def test_the_texture_coordinates_are_the_pixel_rectangles():
    w, h = icons.sheet_image().shape[1], icons.sheet_image().shape[0]
    for name in icons.names():
        x, y, cw, ch = icons.rect(name)
        u0, v0, u1, v1 = icons.icon(name)
        assert (u0 * w, u1 * w) == pytest.approx((x, x + cw))
        assert ((1 - v1) * h, (1 - v0) * h) == pytest.approx(
            (y, y + ch)
        )  # v counts up from the bottom
        assert np.array_equal(icons.image(name), icons.sheet_image()[y : y + ch, x : x + cw])
        assert (icons.image(name)[..., :3] == 255).all()  # white: tinted by its user
    with pytest.raises(KeyError, match="no icon 'nope'"):
        icons.rect("nope")


def test_an_icon_card_shows_its_part_of_the_sheet(offscreen_base):
    card = icons.make_card("geometer", 0.2)
    geom = card.node().get_geom(0)
    from panda3d.core import GeomVertexReader

    reader = GeomVertexReader(geom.get_vertex_data(), "texcoord")
    uvs = []
    while not reader.is_at_end():
        t = reader.get_data2()
        uvs.append((t[0], t[1]))
    u0, v0, u1, v1 = icons.icon("geometer")
    assert min(u for u, _ in uvs) == pytest.approx(u0) and max(u for u, _ in uvs) == pytest.approx(
        u1
    )
    assert min(v for _, v in uvs) == pytest.approx(v0) and max(v for _, v in uvs) == pytest.approx(
        v1
    )
    assert card.get_texture() == icons.sheet_texture()


def test_the_sheet_is_installed_with_the_textures():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    setup = project["tool"]["setuptools"]
    assert "blueprints3d.textures" in setup["packages"]
    patterns = setup["package-data"]["*"]
    assert "*.png" in patterns and "*.json" in patterns
    assert assets.texture_path(icons.SHEET).is_file() and assets.texture_path(icons.INDEX).is_file()
