"""The table looks like the renders: its wooden rim is walnut, its felt is shaded cloth in a pool
of light over the middle that fades towards the rim, and takes soft shadows from what stands on
it, drawn by patches of felt that cannot be told from the felt where it is lit."""

from __future__ import annotations

import numpy as np
import pytest
from panda3d.core import Point3

from blueprints3d.client.render.config import SHADOW_MASK
from blueprints3d.client.scene import units
from blueprints3d.client.table.model.flow import Mode, SeatConfig

SEATS = [SeatConfig("Ann"), SeatConfig("Bot", "easy"), SeatConfig("Cob", "easy")]


@pytest.fixture(scope="module")
def table(module_tables):
    t = module_tables(640, 360, seats=SEATS, seed=17, shaders=True)
    t.app.flow.run_bots()
    assert t.app.flow.mode is Mode.TURN
    return t


def luminance(img: np.ndarray) -> np.ndarray:
    return img[..., :3].astype(float) @ np.array([0.3, 0.59, 0.11])


def felt_at(table, img: np.ndarray, x: float, y: float, r: int = 3) -> float:
    """The median brightness of the picture round the felt's point (x, y), table frame."""
    app = table.app
    s = app.picker.project(Point3(x, y, 0.01), app.view.root)
    assert s is not None
    cx, cy = table.pixel(*s)
    return float(np.median(luminance(img[cy - r : cy + r + 1, cx - r : cx + r + 1])))


def test_the_rim_is_walnut_and_the_felt_is_shaded_cloth(table):
    root = table.app.view.root
    for part in ("table-top", "table-edge"):
        node = root.find(f"**/{part}")
        assert node.get_tag("surface") == "table" and node.get_shader() is not None, part
    felt = root.find("**/table-felt")
    assert felt.get_tag("surface") == "felt"
    assert felt.get_shader() is not None
    assert felt.get_texture().get_name() == "felt"  # its nap, on the plain path
    # Flat: it throws no shadow, and costs the shadow map nothing.
    assert felt.is_hidden(SHADOW_MASK)


def test_the_felt_lies_in_a_pool_of_light_darker_towards_the_rim(table):
    img = table.screenshot()
    app = table.app
    place = app.view.seats[app.flow.viewer].place
    # Clear of everything standing on the table: beside the viewer's card, beside the pool near
    # the middle, and out towards the rim on either side (45 cm from the middle, of 56).
    near = felt_at(table, img, *place.to_world(-13.0, 6.0))
    middle = felt_at(table, img, *place.to_world(-13.0, 26.0))
    assert middle > near  # the lamp hangs over the middle
    for side in (-45.0, 45.0):
        rim = felt_at(table, img, *place.to_world(side, 20.0))
        assert middle * 0.4 < rim < middle * 0.8, (side, rim, middle)  # darker, not black


def test_shadows_fall_soft_on_the_felt_and_its_patches_are_felt_where_lit(table):
    app = table.app
    patches = app.view.felt_shadows.node
    with_shadows = luminance(table.screenshot())
    patches.hide()
    try:
        without = luminance(table.screenshot())
    finally:
        patches.show()
    darker = without - with_shadows
    # The screens, the bag and the dice throw shadows on the felt...
    assert (darker > 12).sum() > 400, (darker > 12).sum()
    # ...soft: between the lit felt and the darkest shadow, a band of half-shadow.
    shade = darker[darker > 2]
    assert ((shade > 0.25 * shade.max()) & (shade < 0.75 * shade.max())).sum() > 100
    # Where lit, a patch is the felt itself: it never lightens it (at most the nap's texel).
    assert (darker < -6).sum() < 20, (darker < -6).sum()


def test_a_patch_covers_its_dies_shadow_and_follows_it(table):
    app = table.app
    view = app.view
    shadows = view.felt_shadows
    die = app.flow.state.pool[0]
    node = view.dice[die]
    patch = next(p for c, p, _ in shadows.patches if c == node)
    d = shadows.light
    for z in (units.DIE_SIZE / 2, units.DIE_SIZE * 2.2):  # on the felt, and lifted in a drag
        node.set_z(view.root, z)
        shadows.update()
        lo, hi = patch.get_tight_bounds(view.root)
        top = node.get_pos(view.root) + Point3(0, 0, units.DIE_SIZE / 2)
        t = top.z / -d.z
        tip = top + d * t  # the shadow of the die's top on the felt
        foot = node.get_pos(view.root)
        for p in (tip, foot):
            assert lo.x < p.x < hi.x and lo.y < p.y < hi.y, (p, lo, hi)
    node.hide()
    shadows.update()
    assert patch.is_hidden()
    node.show()
    app.settle()
    assert not patch.is_hidden()
