"""Material symbols (the colour-blind help): each material's own symbol on its
dice, legible in greyscale by its shape alone, switched on and off on dice already on the table,
and as a glyph before a material's name in text."""

from __future__ import annotations

import numpy as np
import pytest
from panda3d.core import NodePath, TextPropertiesManager

from blueprints3d.client.render import config, materials, shaders
from blueprints3d.client.render.capture import snapshot
from blueprints3d.client.render.lighting import setup_lighting
from blueprints3d.client.scene import dice_model, symbol_glyphs, units
from blueprints3d.engine.materials import Material


@pytest.fixture(autouse=True)
def symbols_off_after():
    yield
    config.MATERIAL_SYMBOLS.set_value(False)


def _iou(a: np.ndarray, b: np.ndarray) -> float:
    return float((a & b).sum() / max((a | b).sum(), 1))


def test_the_symbols_differ_by_shape_and_never_touch_a_pip():
    tiles = {m: dice_model.symbol_tile(m) > 127 for m in Material}
    pips = dice_model._mask("die_pips.png") > 0
    size = pips.shape[0]
    for m, tile in tiles.items():
        share = tile.mean()
        assert 0.01 < share < 0.06, (m, share)  # two marks a face, pip-sized
        for value in range(6):
            assert not (tile & pips[:, value * size : (value + 1) * size]).any(), (m, value + 1)
    for i, a in enumerate(Material):
        for b in list(Material)[i + 1 :]:
            assert _iou(tiles[a], tiles[b]) < 0.4, (a, b)


def _top_view(base, material: Material, symbols: bool, variant: int = 2) -> np.ndarray:
    """A die of ``material`` showing 5, seen from straight above, in greyscale (luminance)."""
    config.MATERIAL_SYMBOLS.set_value(symbols)
    scene = NodePath("symbol-die")
    setup_lighting(scene, extent=units.TABLE_RADIUS, shadows=False)
    dice_model.make_die(material, 5, variant=variant).reparent_to(scene)
    img = snapshot(base, scene, (0, 0, 20), ortho_size=2.0, background=(0.5, 0.5, 0.5)).astype(
        float
    )
    scene.remove_node()
    return img @ np.array([0.2126, 0.7152, 0.0722])


@pytest.mark.parametrize("use_shaders", [True, False], ids=["shaders", "plain"])
def test_in_greyscale_each_material_shows_its_own_pattern(offscreen_base, use_shaders):
    shaders.configure(use_shaders, offscreen_base)
    try:

        def mark(m: Material, variant: int = 2) -> np.ndarray:
            on, off = (
                _top_view(offscreen_base, m, True, variant),
                _top_view(offscreen_base, m, False, variant),
            )
            return np.abs(on - off) > 30  # where the symbol shows, by lightness alone

        marks = {m: mark(m) for m in Material}
        # The control: another wood die (another grain, the same quarter turn) marks the same.
        again = mark(Material.WOOD, 6)
    finally:
        shaders.configure(False)
    for m, pattern in marks.items():
        assert pattern.sum() > 800, (m, int(pattern.sum()))  # 1.5% of the view and more: legible
    assert _iou(marks[Material.WOOD], again) > 0.8
    # The same two places on every die, but four different shapes there.
    for i, a in enumerate(Material):
        for b in list(Material)[i + 1 :]:
            assert _iou(marks[a], marks[b]) < 0.5, (a, b, _iou(marks[a], marks[b]))


@pytest.mark.parametrize("use_shaders", [True, False], ids=["shaders", "plain"])
def test_switching_symbols_marks_the_dice_already_made_and_back(offscreen_base, use_shaders):
    shaders.configure(use_shaders, offscreen_base)
    try:
        scene = NodePath("symbol-switch")
        setup_lighting(scene, extent=units.TABLE_RADIUS, shadows=False)
        dice = [dice_model.make_die(m, 2, variant=int(m)) for m in Material]
        for k, die in enumerate(dice):
            die.reparent_to(scene)
            die.set_x((k - 1.5) * 2.0)
        plain = snapshot(offscreen_base, scene, (0, 0, 30), ortho_size=9.0).astype(float)
        dice_model.show_material_symbols(True, scene)
        assert dice_model.symbols_shown()
        for m, die in zip(Material, dice, strict=True):
            assert materials.die_pips(die, m) == dice_model.symbol_pip_texture(m)
        marked = snapshot(offscreen_base, scene, (0, 0, 30), ortho_size=9.0).astype(float)
        dice_model.show_material_symbols(False, scene)
        again = snapshot(offscreen_base, scene, (0, 0, 30), ortho_size=9.0).astype(float)
        scene.remove_node()
    finally:
        shaders.configure(False)
    assert (np.abs(marked - plain).max(axis=2) > 30).sum() > 200
    assert np.abs(again - plain).max() < 2
    # New dice follow the switch too.
    config.MATERIAL_SYMBOLS.set_value(True)
    assert dice_model.pips_for(Material.STONE) == dice_model.symbol_pip_texture(Material.STONE)
    config.MATERIAL_SYMBOLS.set_value(False)
    assert dice_model.pips_for(Material.STONE) == dice_model.pip_texture()


def test_a_glyph_before_a_name_only_while_symbols_are_on():
    assert symbol_glyphs.glyph(Material.WOOD) == ""
    config.MATERIAL_SYMBOLS.set_value(True)
    text = symbol_glyphs.glyph(Material.GLASS)
    assert text == "\5bp3d-symbol-glass\5"
    assert TextPropertiesManager.get_global_ptr().has_graphic("bp3d-symbol-glass")
    icon = symbol_glyphs.icon_rgba(Material.WOOD)
    n = icon.shape[0]
    assert (
        icon.shape == (n, n, 4) and icon[0, 0, 3] == 0 and icon[n // 2, 2, 3] == 1
    )  # rounded corners
    # The face is the material's own colour; the symbol is in its pips' colour.
    mask = dice_model.symbol_tile(Material.WOOD)
    assert np.allclose(icon[1, n // 2, :3], materials.BASE_COLOUR[Material.WOOD][:3], atol=0.02)
    assert mask.max() == 255
    darkest = icon[..., :3].sum(axis=2).argmin()
    assert np.allclose(
        icon.reshape(-1, 4)[darkest, :3], materials.PIP_COLOUR[Material.WOOD][:3], atol=0.02
    )
