"""Dice: geometry, orientation and pips, checked offscreen on Mesa's software OpenGL."""

from __future__ import annotations

import numpy as np
import pytest
from panda3d.core import LightAttrib, NodePath, Texture, Vec3

from blueprints3d.client.render import shaders
from blueprints3d.client.render.capture import render_frames, snapshot
from blueprints3d.client.render.config import SHADOW_MASK
from blueprints3d.client.render.lighting import setup_lighting
from blueprints3d.client.scene import dice_model, units
from blueprints3d.engine.materials import Material
from support.render import count_blobs, plain_lights


def _vertices() -> tuple[np.ndarray, np.ndarray]:
    vdata = dice_model.die_geom().get_vertex_data()
    arr = np.frombuffer(memoryview(vdata.get_array(0)), dtype=np.float32).reshape(
        vdata.get_num_rows(), -1
    )
    return arr[:, 0:3], arr[:, 3:6]


def test_die_is_a_rounded_cube_of_the_right_size():
    pos, nrm = _vertices()
    half = units.DIE_SIZE / 2
    assert np.allclose(np.abs(pos).max(axis=0), half, atol=1e-4)
    assert np.allclose(np.linalg.norm(nrm, axis=1), 1.0, atol=1e-4)
    # Corners are rounded: no vertex reaches the cube's corner.
    assert np.linalg.norm(pos, axis=1).max() < np.sqrt(3) * half - 0.05
    # Centred at the origin.
    assert np.allclose(pos.mean(axis=0), 0.0, atol=1e-3)


def test_opposite_faces_add_up_to_seven():
    for value, normal in dice_model.FACE_NORMAL.items():
        assert dice_model.FACE_NORMAL[7 - value] == tuple(-c for c in normal)


@pytest.mark.parametrize("variant", [0, 1, 2, 3, 5])
@pytest.mark.parametrize("value", range(1, 7))
def test_orient_for_value_puts_that_face_on_top(value, variant):
    root = NodePath("root")
    body = root.attach_new_node("body")
    dice_model.orient_for_value(body, value, variant)
    up = root.get_relative_vector(body, Vec3(*dice_model.FACE_NORMAL[value]))
    assert up.almost_equal(Vec3(0, 0, 1), 1e-4)


def test_orient_for_value_rejects_seven():
    with pytest.raises(ValueError):
        dice_model.orient_for_value(NodePath("x"), 7)


def test_set_die_value_turns_an_existing_die():
    die = dice_model.make_die(Material.WOOD, 2, variant=3)
    dice_model.set_die_value(die, 5)
    up = die.get_relative_vector(die.find("body"), Vec3(*dice_model.FACE_NORMAL[5]))
    assert up.almost_equal(Vec3(0, 0, 1), 1e-4)


def test_pip_atlas_has_the_right_number_of_pips_per_tile():
    tex = dice_model.pip_texture()  # the shipped textures/die_pips.png
    assert tex.get_format() == Texture.F_alpha and tex.get_num_components() == 1
    size = tex.get_y_size()
    assert tex.get_x_size() == 6 * size  # never rescaled to a power of two
    mask = np.frombuffer(tex.get_ram_image(), np.uint8).reshape(size, 6 * size) > 127
    for value in range(1, 7):
        tile = mask[:, (value - 1) * size : value * size]
        assert count_blobs(tile) == value


def test_stack_helpers():
    assert dice_model.die_center_z(0) == pytest.approx(units.CARD_THICKNESS + units.DIE_SIZE / 2)
    assert dice_model.die_top_z(2) == pytest.approx(units.CARD_THICKNESS + 3 * units.DIE_SIZE)


def _top_view(base, material: Material, value: int) -> np.ndarray:
    scene = NodePath("die-scene")
    plain_lights(scene)
    die = dice_model.make_die(material, value, variant=value)
    die.reparent_to(scene)
    img = dice_model_snapshot(base, scene)
    scene.remove_node()
    return img


def dice_model_snapshot(base, scene):
    return snapshot(base, scene, (0, 0, 20), (0, 0, 0), ortho_size=2.0, background=(0.5, 0.5, 0.5))


@pytest.mark.parametrize("value", range(1, 7))
def test_top_face_shows_value_pips(offscreen_base, value):
    img = _top_view(offscreen_base, Material.WOOD, value).astype(float)
    lum = img.mean(axis=2)
    h, w = lum.shape
    # The flat middle of the top face (rounded rims and background cut away).
    face = lum[int(h * 0.2) : int(h * 0.8), int(w * 0.2) : int(w * 0.8)]
    dark = face < 0.5 * np.median(face)
    assert count_blobs(dark, min_pixels=6) == value


def test_stone_pips_are_light_on_dark(offscreen_base):
    img = _top_view(offscreen_base, Material.STONE, 5).astype(float)
    lum = img.mean(axis=2)
    h, w = lum.shape
    face = lum[int(h * 0.2) : int(h * 0.8), int(w * 0.2) : int(w * 0.8)]
    assert np.median(face) < 60
    assert count_blobs(face > 120, min_pixels=6) == 5


def test_materials_have_distinct_colours(offscreen_base):
    means = {}
    for m in Material:
        img = _top_view(offscreen_base, m, 1).astype(float)
        h, w = img.shape[:2]
        means[m] = (
            img[int(h * 0.25) : int(h * 0.4), int(w * 0.25) : int(w * 0.4)]
            .reshape(-1, 3)
            .mean(axis=0)
        )
    wood, rec, stone, glass = (means[m] for m in Material)
    assert wood[0] > wood[1] > wood[2]  # orange
    assert rec[1] > rec[0] and rec[1] > rec[2]  # green
    assert stone.mean() < 50  # near-black
    assert glass[2] >= glass[0]  # pale blue-white
    assert abs(glass.mean() - 128) < abs(wood.mean() - 128) + 60  # the grey behind shows through


def test_lighting_lights_a_die(offscreen_base):
    scene = NodePath("lit-scene")
    lights = setup_lighting(scene, extent=units.TABLE_RADIUS, shadows=False)
    dice_model.make_die(Material.WOOD, 1).reparent_to(scene)
    lit = snapshot(offscreen_base, scene, (0, 0, 20), ortho_size=2.0).astype(float)
    assert scene.has_light(lights.key)
    lights.remove()
    attr = scene.get_attrib(LightAttrib)
    assert attr is None or attr.get_num_on_lights() == 0
    scene.remove_node()
    h, w = lit.shape[:2]
    assert (
        lit[h // 2 - 40 : h // 2 - 20, w // 2 - 40 : w // 2 - 20, 0].mean() > 150
    )  # a lit orange face


@pytest.mark.parametrize("material", list(Material))
def test_pips_read_on_every_material_with_shaders(offscreen_base, material):

    shaders.configure(True, offscreen_base)
    try:
        scene = NodePath("shaded-die")
        setup_lighting(scene, extent=units.TABLE_RADIUS, shadows=False)
        dice_model.make_die(material, 5, variant=2).reparent_to(scene)
        img = snapshot(
            offscreen_base, scene, (0, 0, 20), ortho_size=2.0, background=(0.5, 0.5, 0.5)
        ).astype(float)
        scene.remove_node()
    finally:
        shaders.configure(False)
    lum = img.mean(axis=2)
    h, w = lum.shape
    face = lum[int(h * 0.2) : int(h * 0.8), int(w * 0.2) : int(w * 0.8)]
    med = np.median(face)
    # Stone's pips are pale on black; every other material's are darker than the face.
    pips = face > med + 40 if material == Material.STONE else face < med - 40
    assert count_blobs(pips, min_pixels=300) == 5  # a pip is ~900 px here; grains are far smaller


def test_shadow_map_is_redrawn_only_after_something_moved(offscreen_base):

    shaders.configure(True, offscreen_base)
    scene = NodePath("shadow-cache")
    offscreen_base.camNode.set_scene(scene)  # other tests may have pointed the camera elsewhere
    try:
        lights = setup_lighting(scene, extent=5.0)
        die = dice_model.make_die(Material.WOOD, 1)
        die.reparent_to(scene)
        gsg = offscreen_base.win.get_gsg()
        drawn = []
        for frame in range(8):
            if frame in (3, 4, 5):  # dragged for three frames, then still
                die.set_x(die.get_x() + 0.5)
            drawn.append(lights.update_shadows(gsg))
            render_frames(offscreen_base, 1)
        # Made on the first frames; still: nothing; moving: every other frame; then once more.
        assert drawn[2:] == [False, True, False, True, False, False]
        # Something the shadow camera never draws (the keyboard cursor) moves: no new map.
        cursor = dice_model.make_die(Material.WOOD, 2)
        cursor.reparent_to(scene)
        cursor.hide(SHADOW_MASK)
        lights.update_shadows(gsg), render_frames(offscreen_base, 1)
        lights.update_shadows(gsg), render_frames(offscreen_base, 1)
        moved = []
        for _frame in range(4):
            cursor.set_x(cursor.get_x() + 0.5)
            moved.append(lights.update_shadows(gsg))
            render_frames(offscreen_base, 1)
        assert moved == [False] * 4
        cursor.show(SHADOW_MASK)  # and when it starts casting, the map is redrawn
        assert lights.update_shadows(gsg)
        lights.remove()
    finally:
        offscreen_base.camNode.set_scene(offscreen_base.render)
        scene.remove_node()
        shaders.configure(False)


def test_shadow_map_sees_every_change_that_moves_a_caster_and_no_other(offscreen_base):
    """A still scene is not searched for its casters every frame (lighting.Lighting._changed_below):
    whatever moves a caster, from above the lit root or below it, still redraws the map, and
    what moves none (a label's text, a colour) still does not."""
    from panda3d.core import TextNode

    shaders.configure(True, offscreen_base)
    top = NodePath("shadow-top")
    scene = top.attach_new_node("shadow-root")
    offscreen_base.camNode.set_scene(top)
    try:
        lights = setup_lighting(scene, extent=5.0)
        die = dice_model.make_die(Material.STONE, 3)
        die.reparent_to(scene)
        label = scene.attach_new_node(TextNode("label"))
        gsg = offscreen_base.win.get_gsg()

        def frames(n: int) -> list[bool]:
            drawn = []
            for _ in range(n):
                drawn.append(lights.update_shadows(gsg))
                render_frames(offscreen_base, 1)
            return drawn

        frames(4)  # made, drawn, settled
        assert frames(3) == [False] * 3
        changes = {
            "the root's parent moves": lambda: top.set_x(1.0),
            "a die's body turns": lambda: die.find("body").set_h(90),
            "a new caster": lambda: dice_model.make_die(Material.WOOD, 1).reparent_to(scene),
            "the root's parent hidden from the light": lambda: top.hide(SHADOW_MASK),
            "shown again": lambda: top.show(SHADOW_MASK),
            "a caster removed": lambda: scene.get_children()[-1].remove_node(),
        }
        for why, change in changes.items():
            change()
            assert frames(3) == [True, False, False], why
        for why, change in {
            "a label's text": lambda: label.node().set_text("bag: 3"),
            "a die's colour": lambda: die.set_color_scale(0.9, 0.9, 0.9, 1),
        }.items():
            change()
            assert frames(2) == [False, False], why
        lights.remove()
    finally:
        offscreen_base.camNode.set_scene(offscreen_base.render)
        top.remove_node()
        shaders.configure(False)
