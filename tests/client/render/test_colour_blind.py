"""The four materials stay apart for colour-blind eyes. The material test scene
(`blueprints3d render --materials`, smaller) is drawn offscreen; each lone die's median colour,
seen with full protanopia, deuteranopia (Machado 2009) and tritanopia (Brettel 1997), is at least
20 CIEDE2000 from every other's. benchmarks/colour_blind.py prints the whole table."""

from __future__ import annotations

import numpy as np
import pytest

from blueprints3d.client.render import colour_vision as cv
from blueprints3d.client.scene.showcase import material_test_build
from blueprints3d.commands.render import dice_pixels
from blueprints3d.engine.materials import Material

SIZE = (480, 270)
GOAL = 20.0


@pytest.fixture(scope="module")
def scene(offscreen_base):
    img, labels, dice = dice_pixels(material_test_build(), SIZE)
    return img, cv.single_dice(labels, dice), labels, dice


def test_the_dice_are_found_one_material_each(scene):
    img, singles, labels, dice = scene
    assert sorted(m for _, _, m in dice) == sorted(
        [
            Material.STONE,
            Material.GLASS,
            Material.WOOD,
            Material.WOOD,
            Material.RECYCLED,
            Material.STONE,
            Material.GLASS,
        ]
    )
    counts = {Material(m): int((singles == m).sum()) for m in range(4)}
    assert all(n > 300 for n in counts.values()), counts  # each lone die shows, outlines left out
    assert (labels >= 0).sum() > sum(counts.values())  # and the stack's dice are told apart too


@pytest.mark.parametrize("vision", ["protan", "deutan", "tritan"])
def test_every_pair_of_materials_is_at_least_20_apart(scene, vision):
    img, singles, _, _ = scene
    pairs = cv.pair_differences(cv.median_colours(img, singles, vision))
    assert len(pairs) == 6
    close = {
        f"{Material(a).label}-{Material(b).label}": round(d, 1)
        for (a, b), d in pairs.items()
        if d < GOAL
    }
    assert not close, (vision, close)


def test_with_normal_vision_they_are_further_apart_still(scene):
    img, singles, _, _ = scene
    assert min(cv.pair_differences(cv.median_colours(img, singles)).values()) > 25
    # The rulebook's names: orange wood, green recycled, dark stone, light glass.
    med = cv.median_colours(img, singles)
    r, g, b = med[Material.WOOD]
    assert r > g * 1.4 > b * 2
    r, g, b = med[Material.RECYCLED]
    assert g > r * 1.5 and g > b * 1.1
    assert med[Material.STONE].max() < 30
    assert np.mean(med[Material.GLASS]) > np.mean(med[Material.WOOD])


def test_with_material_symbols_every_die_is_marked_and_keeps_its_colour(scene):
    from blueprints3d.client.render import config

    img, singles, labels, _ = scene
    config.MATERIAL_SYMBOLS.set_value(True)
    try:
        marked, labels_on, _ = dice_pixels(material_test_build(), SIZE)
    finally:
        config.MATERIAL_SYMBOLS.set_value(False)
    assert (labels_on == labels).all()
    grey_off, grey_on = cv.simulate(img, "grey")[..., 0], cv.simulate(marked, "grey")[..., 0]
    changed = np.abs(grey_on.astype(int) - grey_off.astype(int)) > 25
    for m in Material:
        share = changed[singles == m].mean()
        assert share > 0.02, (m, share)  # its symbols show in greyscale on the die
    for vision in ("protan", "deutan", "tritan"):
        assert min(cv.pair_differences(cv.median_colours(marked, singles, vision)).values()) >= GOAL
