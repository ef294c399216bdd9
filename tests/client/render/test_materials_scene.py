"""The material test scene, rendered offscreen with and without shaders: every material has its
expected hue and brightness, glass shows what is behind it, and the key light casts shadows."""

from __future__ import annotations

import numpy as np
import pytest
from panda3d.core import Point3

from blueprints3d.client.render import shaders
from blueprints3d.client.render import highlight
from blueprints3d.client.render import capture

from blueprints3d.client.scene import dice_model, showcase, units
from blueprints3d.engine.materials import Material

W, H = 480, 320
# material_test_build(): cells 2..5 hold wood, recycled, stone, glass; cell 1 the mixed stack.
STACK = 1
SINGLE = {Material.WOOD: 2, Material.RECYCLED: 3, Material.STONE: 4, Material.GLASS: 5}


class Scene:
    def __init__(
        self,
        base,
        use_shaders: bool,
        angle: float = 40.0,
        elevation: float = 40.0,
        refraction: str = "ground",
    ):
        self.base = base
        shaders.configure(use_shaders, base)
        self.view = capture.open_view(base, W, H, name="material-test")
        self.stage = showcase.make_stage(base, self.view, refraction=refraction)
        self.build = showcase.material_test_build()
        self.card = showcase.build_showcase(self.stage.root, self.build)
        target, distance = showcase.framing(self.build)
        showcase.orbit_camera(self.view, target, distance, angle, elevation)

    def die(self, cell: int, level: int = 0):
        return next(
            d
            for d in self.card.find_all_matches("**/=cell")
            if d.get_tag("cell") == str(cell) and d.get_tag("level") == str(level)
        )

    def shot(self) -> np.ndarray:
        capture.render_frames(self.base, 2)
        return self.view.grab().astype(float)

    def region(self, img: np.ndarray, node, point=(0.0, 0.0, 0.0), r: int = 4) -> np.ndarray:
        x, y = capture.screen_point(self.view, node, point)
        return img[y - r : y + r + 1, x - r : x + r + 1].reshape(-1, 3)

    def close(self):
        self.stage.close()
        capture.close_view(self.base, self.view)
        shaders.configure(False)


@pytest.fixture(params=[True, False], ids=["shaders", "plain"])
def scene(request, offscreen_base):
    s = Scene(offscreen_base, request.param)
    assert shaders.shaders_enabled() == request.param
    yield s
    s.close()


def _top(s: Scene, cell: int, level: int = 0):
    # A point on the die's top face between the pips of a five (whatever its quarter turn).
    half = units.DIE_SIZE / 2
    return s.die(cell, level), (-0.45 * half, 0.0, half)


def test_each_material_has_its_hue_and_brightness(scene):
    img = scene.shot()
    med = {
        m: np.median(scene.region(img, *_top(scene, cell)), axis=0) for m, cell in SINGLE.items()
    }
    r, g, b = med[Material.WOOD]
    assert r > 120 and r > g * 1.3 > b * 1.3, med[Material.WOOD]  # orange
    r, g, b = med[Material.RECYCLED]
    # Green, towards blue-green (the colour-blind safe colours: materials.BASE_COLOUR).
    assert g > r * 1.3 and g > b * 1.15 and 100 < _hue(med[Material.RECYCLED]) * 360 < 170, med[
        Material.RECYCLED
    ]
    assert med[Material.STONE].mean() < 60, med[Material.STONE]  # near-black
    assert med[Material.GLASS].mean() > med[Material.STONE].mean() + 60  # clear, not dark
    r, g, b = med[Material.GLASS]
    assert b >= r - 5, med[Material.GLASS]  # cool, not warm


@pytest.mark.parametrize("refraction", ["ground", "screen"])
def test_glass_shows_the_card_behind_it_and_opaque_dice_do_not(offscreen_base, refraction):
    scene = Scene(offscreen_base, True, refraction=refraction)
    try:
        _check_glass_shows_the_card(scene)
    finally:
        scene.close()


def test_plain_glass_shows_the_card_behind_it(offscreen_base):
    scene = Scene(offscreen_base, False)
    try:
        _check_glass_shows_the_card(scene)
    finally:
        scene.close()


def _check_glass_shows_the_card(scene):
    with_card = scene.shot()
    # Take the card away (its paper, and for traced refraction its registration): what shows
    # through glass must change, what an opaque die shows must not.
    paper = scene.card.find("card-paper")
    paper.hide()
    if shaders.shaders_enabled():
        scene.stage.set_cards([])
    without = scene.shot()
    paper.show()
    half = units.DIE_SIZE / 2

    def change(cell, level=0):
        node = scene.die(cell, level)
        pts = [(0, -half, 0.1), (-0.4 * half, -half, -0.3 * half), (0.4 * half, -half, -0.3 * half)]
        return max(
            np.abs(scene.region(with_card, node, p, 2) - scene.region(without, node, p, 2)).mean()
            for p in pts
        )

    assert change(SINGLE[Material.GLASS]) > 25
    assert change(SINGLE[Material.WOOD]) < 4
    assert change(SINGLE[Material.STONE]) < 4
    # The glass die in the middle of the stack also lets the scene behind it through.
    assert change(STACK, 1) > 8


def test_glass_in_a_stack_reads_as_glass(scene):
    img = scene.shot()
    glass = np.median(scene.region(img, scene.die(STACK, 1), (units.DIE_SIZE / 2, 0, 0), 3), axis=0)
    stone = np.median(scene.region(img, scene.die(STACK, 0), (units.DIE_SIZE / 2, 0, 0), 3), axis=0)
    assert glass.mean() > stone.mean() + 35  # clearly lighter than the black below it
    assert glass.max() - glass.min() < 45  # colourless, neither wood nor recycled


def test_key_light_casts_a_shadow_of_the_stack(offscreen_base):
    s = Scene(offscreen_base, True)
    try:
        key = s.stage.lighting.key
        d = s.stage.root.get_relative_vector(key, (0, 1, 0))  # the light's forward direction
        stack = s.die(STACK, 1)
        top = s.stage.root.get_relative_point(stack, Point3(0, 0, 0))
        t = (units.CARD_THICKNESS + 0.01 - top.z) / d.z
        spot = top + d * t  # where the middle of the stack's shadow falls on the paper
        lit = s.shot()
        for level in range(3):
            s.die(STACK, level).hide()
        unlit = s.shot()
        a = np.median(s.region(lit, s.stage.root, spot, 2), axis=0).mean()
        b = np.median(s.region(unlit, s.stage.root, spot, 2), axis=0).mean()
        assert a < b - 25, (a, b)
    finally:
        s.close()


def _hue(rgb) -> float:
    import colorsys

    r, g, b = (float(c) / 255 for c in rgb)
    return colorsys.rgb_to_hsv(r, g, b)[0]


@pytest.mark.parametrize("material", list(SINGLE), ids=lambda m: m.label)
def test_highlight_outlines_a_die_and_never_recolours_it(offscreen_base, material):
    """A highlight shows round the die (its outline) with shaders and
    without, while the die's top face keeps its material's colour; clearing it restores all."""
    colour = (1.0, 0.85, 0.2, 0.55)  # the table's keyboard-selection yellow
    for use in (True, False):
        s = Scene(offscreen_base, use)
        try:
            node, pt = _top(s, SINGLE[material])
            s.shot()  # the first frames settle the shadow map and glass's ground
            before = s.shot()
            highlight.set_highlight(node, colour)
            after = s.shot()
            centre_before = np.median(s.region(before, node, pt, 2), axis=0)
            centre_after = np.median(s.region(after, node, pt, 2), axis=0)
            assert np.abs(centre_after - centre_before).max() < 8, (
                use,
                material,
                centre_before,
                centre_after,
            )
            # Round the die: pixels that turned to the highlight colour (an outline, not a tint).
            x, y = capture.screen_point(s.view, node, (0, 0, 0))
            r = 40
            box = (slice(max(y - r, 0), y + r), slice(max(x - r, 0), x + r))
            changed = np.abs(after[box] - before[box]).max(axis=2) > 40
            yellow = (
                (after[box][..., 0] > 170) & (after[box][..., 1] > 140) & (after[box][..., 2] < 120)
            )
            assert (changed & yellow).sum() > 60, (use, material, (changed & yellow).sum())
            highlight.set_highlight(node, None)
            again = s.shot()
            assert np.abs(again - before).max() < 6, (use, material)
        finally:
            s.close()


def test_traced_refraction_looks_up_the_registered_card(offscreen_base):
    # Only the registration changes (the paper stays): glass must change, all else stay put.
    scene = Scene(offscreen_base, True, refraction="ground")
    try:
        with_card = scene.shot()
        scene.stage.set_cards([])
        without = scene.shot()
        half = units.DIE_SIZE / 2

        def change(cell):
            node = scene.die(cell)
            return np.abs(
                scene.region(with_card, node, (0, -half, 0.1), 3)
                - scene.region(without, node, (0, -half, 0.1), 3)
            ).mean()

        assert change(SINGLE[Material.GLASS]) > 15
        assert change(SINGLE[Material.WOOD]) < 1
    finally:
        scene.close()


def test_glass_never_samples_the_ground_anisotropically(offscreen_base):
    # llvmpipe's anisotropic filter on the scattered lookups of traced refraction made one
    # glass die cost seconds a frame; the ground textures go to glass with their own sampler.
    scene = Scene(offscreen_base, True, refraction="ground")
    try:
        root = scene.stage.root
        for name in ("card_tex0", "table_tex"):
            sampler = root.get_shader_input(name).get_sampler()
            assert sampler.get_anisotropic_degree() <= 1, name
    finally:
        scene.close()


@pytest.mark.parametrize("refraction", ["ground", "none"])
def test_glass_behind_glass_shows_through_from_both_sides(offscreen_base, refraction):
    """Two glass dice one behind the other: from either side the far one shows through the
    near one (it would vanish there if the two were drawn in the wrong order)."""
    from blueprints3d.engine.blueprints import Blueprint
    from blueprints3d.files.buildfile import Build

    shaders.configure(True, offscreen_base)
    view = capture.open_view(offscreen_base, W, H, name="glass-order")
    stage = showcase.make_stage(offscreen_base, view, refraction=refraction)
    try:
        bp = Blueprint.from_grid([[1, 1], [1, 1], [1, 1]], check_total=False)
        glass = int(Material.GLASS)
        stacks = ((((glass, 3),)), (), (((glass, 4),)), (), (), ())
        card = showcase.build_showcase(stage.root, Build(bp, tuple(tuple(s) for s in stacks)))
        dice = {int(d.get_tag("cell")): d for d in card.find_all_matches("**/=level")}
        for angle, far in ((0.0, 0), (180.0, 2)):
            showcase.orbit_camera(view, (0, 0, 1.0), 14.0, angle, 14.0)
            near = 2 - far
            x, y = capture.screen_point(view, dice[far])
            nx0, ny0 = capture.screen_point(view, dice[near], (-0.8, -0.8, 0.8))
            nx1, ny1 = capture.screen_point(view, dice[near], (0.8, 0.8, -0.8))
            assert min(nx0, nx1) < x < max(nx0, nx1) and min(ny0, ny1) < y < max(ny0, ny1)
            capture.render_frames(offscreen_base, 2)
            both = view.grab().astype(float)
            dice[far].hide()
            capture.render_frames(offscreen_base, 2)
            alone = view.grab().astype(float)
            dice[far].show()
            diff = np.abs(
                both[y - 2 : y + 3, x - 2 : x + 3] - alone[y - 2 : y + 3, x - 2 : x + 3]
            ).mean()
            assert diff > 2, (angle, diff)  # frames are deterministic: unchanged would be 0
    finally:
        stage.close()
        capture.close_view(offscreen_base, view)
        shaders.configure(False)


def _ink(img: np.ndarray, s: Scene, node) -> np.ndarray:
    """Where printed ink (the card's navy) shows round a die on screen (a mask)."""
    x, y = capture.screen_point(s.view, node, (0, 0, 0))
    r = 24
    box = img[max(y - r, 0) : y + r, max(x - r, 0) : x + r]
    lum = box @ np.array([0.299, 0.587, 0.114])
    return (lum < 150) & (box[..., 2] > box[..., 0] + 25)


@pytest.mark.parametrize("value", [1, 2, 3])  # each turns the die about another axis
@pytest.mark.parametrize(
    "use,refraction",
    [(False, "ground"), (True, "ground"), (True, "screen")],
    ids=["plain", "traced", "screen"],
)
def test_a_clear_die_hides_the_print_of_its_space(offscreen_base, use, refraction, value):
    """The printed height under a glass die does not show through it (a
    clear 1 on a "4" must not read as 4): the space is covered while a die stands on it. The
    die's own pips and the neighbouring spaces' lines are navy too: what counts is the ink that
    bare glass shows and the covered space does not."""
    s = Scene(offscreen_base, use, refraction=refraction)
    try:
        node = s.die(SINGLE[Material.GLASS])
        dice_model.set_die_value(node, value)
        cover = s.card.find(f"**/cover-{SINGLE[Material.GLASS]}")
        assert not cover.is_empty() and not cover.is_hidden()
        s.shot()
        covered = _ink(s.shot(), s, node)
        cover.hide()
        node.set_shader_input(
            "cover_foot", 0.0, priority=50
        )  # glass as real glass: the print shows
        s.shot()
        bare = _ink(s.shot(), s, node)
        gone, added = (bare & ~covered).sum(), (covered & ~bare).sum()
        assert gone > 60, (gone, added)  # bare glass shows the printed numeral...
        assert added < gone * 0.25, (gone, added)  # ...covered, it is gone (nothing darker instead)
    finally:
        s.close()
