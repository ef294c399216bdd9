"""The sandbox's camera (orbit and zoom through its input handlers; the framing follows the
building), its blank grid (no printed numbers until the user prints them), the question before
a card change throws a building away, and saves into the data folder."""

from __future__ import annotations

import numpy as np
import pytest
from panda3d.core import Point3

from blueprints3d.client.apps.demo_stage import FRAME_TAG
from blueprints3d.engine.blueprints import UNPRINTED
from blueprints3d.engine.materials import Material
from blueprints3d.files.buildfile import load_build
from blueprints3d.presentation.sandbox_model import SandboxBuilding, blank_grid

W, S = Material.WOOD, Material.STONE


@pytest.fixture
def app(offscreen_base, tmp_path):
    from blueprints3d.client.apps.sandbox import SandboxApp
    from blueprints3d.client.render import shaders

    shaders.configure(False)
    quits = []
    made = SandboxApp(offscreen_base, None, card_index=0, on_quit=lambda: quits.append(1))
    made.quits = quits
    yield made
    made.destroy()


def send(app, *events):
    for e in events:
        app.base.messenger.send(e)


def on_screen(app) -> np.ndarray:
    """Every frame item's box corners (card, dice, ghost, labels) through the real lens, -1..1."""
    root = app.view.root
    mat = app.view.lens.get_projection_mat()
    out = []
    for item in app.view.stage.root.find_all_matches(f"**/={FRAME_TAG}"):
        lo, hi = item.get_tight_bounds(root)
        for x in (lo[0], hi[0]):
            for y in (lo[1], hi[1]):
                for z in (lo[2], hi[2]):
                    p = app.base.cam.get_relative_point(root, Point3(x, y, z))
                    v = mat.xform((p[0], p[1], p[2], 1.0))
                    assert v[3] > 0
                    out.append((v[0] / v[3], v[1] / v[3]))
    return np.array(out)


def inside_a_free_region(app, xy) -> bool:
    return any(
        xy[:, 0].min() >= l - 1e-3
        and xy[:, 0].max() <= r + 1e-3
        and xy[:, 1].min() >= b - 1e-3
        and xy[:, 1].max() <= t + 1e-3
        for l, r, b, t in app.free_regions()
    )


def test_keys_and_mouse_orbit_and_zoom(app):
    cam = app.base.cam
    home = (app.orbit.angle, app.orbit.elevation, app.orbit.zoom)
    p0 = cam.get_pos()
    send(app, "e")
    assert app.orbit.angle == pytest.approx(home[0] + 15) and (cam.get_pos() - p0).length() > 0.5
    send(app, "q", "q")
    assert app.orbit.angle == pytest.approx((home[0] - 15) % 360)
    send(app, "s")
    assert app.orbit.elevation == pytest.approx(home[1] - 8)
    send(app, "w", "w-repeat")
    assert app.orbit.elevation == pytest.approx(home[1] + 8)
    d0 = app.orbit.zoom
    send(app, "+")
    assert app.orbit.zoom < d0
    send(app, "wheel_down", "wheel_down")
    assert app.orbit.zoom > d0
    send(app, "-")
    far = cam.get_pos(app.view.root).length()
    send(app, "r")
    assert (app.orbit.angle, app.orbit.elevation, app.orbit.zoom) == home
    assert cam.get_pos(app.view.root).length() < far
    # A right-button drag across a quarter of the window orbits; up tilts down to the table.
    app.drag_start_at(0.0, 0.0)
    app.drag_to(0.25, 0.0)
    assert app.orbit.angle == pytest.approx((home[0] - 30) % 360)
    app.drag_to(0.25, 0.2)
    assert app.orbit.elevation == pytest.approx(home[1] - 12)
    send(app, "mouse3-up")
    app.drag_to(0.9, 0.9)  # no drag any more
    assert app.orbit.elevation == pytest.approx(home[1] - 12)
    # Q no longer quits (it orbits); Escape does.
    assert app.quits == []
    send(app, "escape")
    assert app.quits == [1]


def test_a_five_high_stack_stays_in_view_from_every_side(app):
    xy = on_screen(app)
    assert inside_a_free_region(app, xy)
    app.select_value(6)
    for level in range(5):
        assert app.drop(1) is None
        xy = on_screen(app)
        assert inside_a_free_region(app, xy), f"level {level + 1}"
    for keys in (["e"] * 3, ["w"] * 3, ["s"] * 6, ["q"] * 9, ["-"], ["+"] * 2):
        send(app, *keys)
        xy = on_screen(app)
        assert np.abs(xy).max() <= 1.0, keys  # never out of the window
        if app.orbit.zoom >= 1.0:  # zoomed nearer than the fit, the user may crop it
            assert inside_a_free_region(app, xy), keys
    # It fills its region: not a speck (the nearest side reaches the margin).
    send(app, "r")
    xy = on_screen(app)
    fills = [
        max(np.ptp(xy[:, 0]) / (r - l), np.ptp(xy[:, 1]) / (t - b))
        for l, r, b, t in app.free_regions()
        if xy[:, 0].min() >= l - 1e-3
        and xy[:, 0].max() <= r + 1e-3
        and xy[:, 1].min() >= b - 1e-3
        and xy[:, 1].max() <= t + 1e-3
    ]
    assert max(fills) > 0.8


def _face(app) -> np.ndarray:
    paper = app.view.stage.buildings[0].find("**/card-paper")
    tex = paper.get_texture()
    data = np.frombuffer(bytes(tex.get_ram_image_as("RGB")), np.uint8)
    return data.reshape(tex.get_y_size(), tex.get_x_size(), 3)[::-1]


def _cell_ink(app, face, cell) -> float:
    from blueprints3d.client.scene import card_model, units

    bp = app.model.blueprint
    width, length = card_model.card_size(bp)
    px = face.shape[1] / width
    x, y = card_model.cell_position(bp, cell)
    col, row = int((x + width / 2) * px), int((length / 2 - y) * px)
    r = int(0.3 * units.CELL_PITCH * px)
    return float(face[row - r : row + r, col - r : col + r].std())


def test_the_blank_grid_prints_no_numbers_until_the_user_prints_one(app):
    assert app.model.blank and app.model.printed() == (None,) * 6
    face = _face(app)
    assert all(_cell_ink(app, face, c) < 8.0 for c in range(6))  # plain spaces (a deck card: ~60)
    app.set_cursor(4)
    send(app, "h", "h", "h")  # unprinted -> 1 -> 2 -> 3
    assert (
        app.model.printed()[4] == 3 and app.model.blueprint.heights[4] == 3
    )  # the engine's card too
    face = _face(app)
    assert _cell_ink(app, face, 4) > 30.0 and all(
        _cell_ink(app, face, c) < 8.0 for c in (0, 1, 2, 3, 5)
    )
    assert "reads 3" in app.status


def test_blank_plan_in_the_model():
    m = SandboxBuilding(blank_grid(2, 2))
    assert m.printed() == (None,) * 4 and m.blueprint.heights == (UNPRINTED,) * 4
    assert m.place(W, 2, 0) is None
    assert m.set_height(0, 2) is None and m.stacks[0] == [(W, 2)]  # the building stays
    assert m.printed() == (2, None, None, None) and m.blueprint.heights == (
        2,
        UNPRINTED,
        UNPRINTED,
        UNPRINTED,
    )
    for expected in (1, 2, 3):
        assert m.cycle_height(3) is None and m.printed()[3] == expected
    assert m.set_height(3, 6) is None and m.cycle_height(3) is None and m.printed()[3] is None
    assert m.blueprint.heights[3] == UNPRINTED  # unprinted again: the engine's card too
    from blueprints3d.engine.blueprints import card_by_id

    deck = SandboxBuilding(card_by_id("B07"))
    assert deck.printed() == card_by_id("B07").heights and deck.set_height(0, 3) is not None


def test_a_card_change_asks_before_throwing_the_building_away(app):
    send(app, "]")  # nothing built: no question
    assert app.model.blueprint.id == "B01" and app.pending_card is None
    send(app, "[")
    assert app.model.blank
    app.select_material(S)
    assert app.drop(0) is None
    for no in ("n", "escape"):
        send(app, "]")
        assert app.pending_card is not None and "throw away" in app.view.caption.getText()
        assert app.model.blank and app.model.num_dice == 1
        send(app, no)
        assert app.pending_card is None and app.model.num_dice == 1 and app.model.blank
        assert app.quits == []  # Esc answered the question; it did not quit
    for yes in ("y", "enter"):
        app.set_card(0)
        assert app.drop(0) is None
        send(app, "]")
        send(app, yes)
        assert app.model.blueprint.id == "B01" and app.model.num_dice == 0


def test_saves_go_to_the_data_folder_and_never_over_an_earlier_file(app, tmp_path, monkeypatch):
    import os
    from pathlib import Path

    home = Path(os.environ["BLUEPRINTS3D_HOME"])
    assert app.drop(0) is None
    path = app.save()
    assert path == home / "builds" / "sandbox.json" and load_build(path).num_dice == 1
    assert f"Saved {path.resolve()}" in app.status
    # The next session finds it there: its save goes beside it.
    from blueprints3d.client.apps.sandbox import SandboxApp

    app.destroy()
    again = SandboxApp(app.base, None, card_index=0)
    try:
        assert again.drop(1) is None
        assert again.save() == home / "builds" / "sandbox-2.json"
        assert load_build(path).stacks[0] and not load_build(path).stacks[1]
    finally:
        again.destroy()
        app.destroy = lambda: None


def test_the_blank_grid_has_no_drawing_until_the_user_prints_a_height(app):
    # The card's isometric drawing shows the printed heights only: a blank grid has no target,
    # so no building is drawn beside it.
    from blueprints3d.client.scene import card_model

    def band_ink() -> int:
        band = app.view.stage.buildings[0].find("**/card-drawing")
        tex = band.get_texture()
        rgb = np.frombuffer(bytes(tex.get_ram_image_as("RGB")), np.uint8)
        rgb = rgb.reshape(tex.get_y_size(), tex.get_x_size(), 3)[::-1]
        c0, r0, c1, r1 = card_model.drawing_band(app.model.blueprint)
        region = rgb[r0:r1, c0:c1].astype(int)
        return int((np.abs(region - region[0, 0]).max(axis=2) > 30).sum())

    assert app.model.blank and band_ink() == 0
    app.set_cursor(4)
    send(app, "h", "h")  # unprinted -> 1 -> 2
    assert app.model.printed()[4] == 2
    assert band_ink() > 500


def test_the_card_is_named_once(app):
    # The card's name is said once: never "blank Blank 3x2 grid".
    def label_texts() -> list[str]:
        return [n.node().get_text() for n in app.view.stage.labels]

    assert app.model.blank and app.step().buildings[0].title == "Blank 3x2 grid"
    assert "Blank 3x2 grid" in label_texts() and not any("blank Blank" in t for t in label_texts())
    assert app.panel.getText().splitlines()[0] == "Blank 3x2 grid"  # the breakdown's first line
    send(app, "]")
    assert app.step().buildings[0].title == "B01 " + app.model.blueprint.name
    assert app.status == f"New card: B01 {app.model.blueprint.name}."
    send(app, "[")
    assert app.status == "New card: Blank 3x2 grid."


def _screen(app, node) -> tuple[float, float]:
    """Where the centre of ``node``'s box shows in the window (-1..1)."""
    from panda3d.core import Point2

    lo, hi = node.get_tight_bounds(app.view.root)
    p = app.base.cam.get_relative_point(app.view.root, (lo + hi) / 2)
    out = Point2()
    assert app.view.lens.project(p, out)
    return out.x, out.y


def test_a_click_on_the_held_dies_preview_drops_it_there(app):
    # A click on the preview floating over the cursor's space drops the die there: its ray must
    # not go on to the card behind it, or off the card.
    app.select_value(3)
    for cell in (0, 1, 4):  # a back space, where the ray behind the preview leaves the card
        app.set_cursor(cell)
        before = len(app.model.stacks[cell])
        (ghost,) = app.view.stage.ghosts
        x, y = _screen(app, ghost)
        assert app.cell_under(x, y) == cell, cell
        assert app.click_at(x, y) is None
        assert len(app.model.stacks[cell]) == before + 1 and app.cursor == cell
        assert "Placed the" in app.status
    # The top die of a stack is its space too (not the card behind it).
    top = app.view.stage.dice[(0, (0, 0))]
    app.set_cursor(5)
    assert app.cell_under(*_screen(app, top)) == 0


def test_a_click_off_the_card_says_where_to_click(app):
    dice = app.model.num_dice
    assert app.cell_under(0.0, 0.97) is None  # the table far behind the card
    app.click_at(0.0, 0.97)
    assert app.model.num_dice == dice and "click a space of the card" in app.status
    assert "click a space of the card" in app.view.caption.getText()
