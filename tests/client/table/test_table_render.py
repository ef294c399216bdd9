"""What the table looks like: an offscreen screenshot shows the table, the pool's dice where they
are, and a placed die on its card (regions and colours with tolerances, never exact pixels)."""

from __future__ import annotations

import os

import numpy as np
import pytest
from panda3d.core import Point3

from blueprints3d.client.scene import units
from blueprints3d.client.table.model.flow import Mode, SeatConfig
from blueprints3d.engine.materials import MATERIAL_OF, Material

WIDTH, HEIGHT = 640, 360
SAVE_TO = os.environ.get("BLUEPRINTS3D_SHOTS")  # a folder: keep the screenshots to look at
SEATS = [
    SeatConfig("Ann"),
    SeatConfig("Bot", "easy"),
    SeatConfig("Cob", "easy"),
    SeatConfig("Dee", "easy"),
]


@pytest.fixture(scope="module")
def table(module_tables):
    t = module_tables(WIDTH, HEIGHT, seats=SEATS, seed=17)
    t.app.flow.run_bots()
    assert t.app.flow.mode is Mode.TURN
    return t


def patch(img: np.ndarray, table, screen: tuple[float, float], r: int = 2) -> np.ndarray:
    """Median colour of a small square around a screen point (robust to a pip or an edge)."""
    cx, cy = table.pixel(*screen)
    p = img[max(cy - r, 0) : cy + r + 1, max(cx - r, 0) : cx + r + 1].reshape(-1, 3)
    return np.median(p, axis=0)


def top_of_die(table, die: int) -> tuple[float, float]:
    view = table.app.view
    node = view.dice[die]
    # A little off the top face's centre, so the middle pip of an odd value is not sampled.
    p = view.root.get_relative_point(
        node, Point3(units.DIE_SIZE * 0.25, units.DIE_SIZE * 0.25, units.DIE_SIZE * 0.5)
    )
    s = table.app.picker.project(p, view.root)
    assert s is not None
    return s


def looks_like(material: Material, rgb: np.ndarray, felt: np.ndarray) -> bool:
    r, g, b = (float(c) for c in rgb)
    if material is Material.WOOD:
        return r > g + 25 and g > b
    if material is Material.RECYCLED:
        return g > r + 20 and g > b + 10
    if material is Material.STONE:
        return max(r, g, b) < 70
    return float(np.abs(rgb - felt).sum()) > 30  # glass: see-through, but not nothing


def test_screenshot_shows_the_table_and_the_pool(table, tmp_path):
    img = table.screenshot()
    assert img.shape == (HEIGHT, WIDTH, 3)
    app = table.app
    seat = app.flow.viewer
    place = app.view.seats[seat].place
    # The felt between the viewer's card and the pool: green dominant.
    felt_pt = app.picker.project(Point3(*place.to_world(-9.0, 10.0), 0.02), app.view.root)
    felt = patch(img, table, felt_pt, 3)
    assert felt[1] > felt[0] + 15 and felt[1] > felt[2]
    pool = app.flow.state.pool
    assert len(pool) == 7
    xs = []
    for d in pool:
        s = top_of_die(table, d)
        xs.append(table.pixel(*s)[0])
        colour = patch(img, table, s)
        m = Material(MATERIAL_OF[d])
        assert looks_like(m, colour, felt), (d, m, colour)
    # Sorted by value left to right for the viewer, evenly spaced on screen.
    assert xs == sorted(xs)
    gaps = np.diff(xs)
    assert gaps.min() > 5 and gaps.max() < gaps.min() * 1.6


def test_a_placed_die_shows_on_its_card(table):
    app = table.app
    flow, c = app.flow, app.controls
    seat = flow.viewer
    die = next(d for d in flow.state.pool if MATERIAL_OF[d] != Material.GLASS)
    cell = flow.legal_cells(die)[0]
    before = table.screenshot()
    spot = c.screen_of_cell(seat, cell)
    # Beside the printed number, inside the space: paper.
    from blueprints3d.client.scene import card_model

    sv = app.view.seats[seat]
    x, y = card_model.cell_position(sv.blueprint, cell)
    beside = app.picker.project(Point3(x + 0.8, y - 0.8, units.CARD_THICKNESS), sv.root)
    paper = patch(before, table, beside, 1)
    assert paper.min() > 150, paper  # light paper before the die is there
    start = c.screen_of_die(die)
    assert c.press(*start)
    c.move(*spot)
    out = c.release(*spot)
    assert out is not None and out.ok
    after = table.screenshot()
    top = top_of_die(table, die)
    # The die now stands on the space: its top is where the space was (seen a bit higher).
    assert abs(table.pixel(*top)[0] - table.pixel(*spot)[0]) < 12
    felt = np.array([60, 110, 70])
    assert looks_like(Material(MATERIAL_OF[die]), patch(after, table, top), felt)
    if SAVE_TO:
        from blueprints3d.client.render.capture import save_png

        save_png(before, f"{SAVE_TO}/table_before.png")
        save_png(after, f"{SAVE_TO}/table_after.png")
    # Shown before the confirm (the engine has not moved); confirmed, the pool has one die
    # fewer where it was.
    assert out.tentative and die in flow.state.pool
    app.input.key("enter")
    assert die not in flow.state.pool


def test_default_view_frames_the_viewers_building_and_the_pool(table):
    """Whatever the card, the camera's home view holds the viewer's whole card, the pool and a
    tall stack, inside the picture."""
    from blueprints3d.client.scene import card_model

    app = table.app
    app.camera.reset(snap=True)
    seat = app.flow.viewer
    sv = app.view.seats[seat]
    w, h = card_model.card_size(sv.blueprint)
    pts = [
        app.picker.project(Point3(sx * w / 2, sy * h / 2, 0), sv.root)
        for sx in (-1, 1)
        for sy in (-1, 1)
    ]
    pts.append(app.picker.project(Point3(0, 0, 6 * units.DIE_SIZE), sv.root))
    pts += [
        app.picker.project(app.view.dice[d].get_pos(app.view.root), app.view.root)
        for d in app.flow.state.pool
    ]
    assert all(p is not None and abs(p[0]) <= 1 and abs(p[1]) <= 1 for p in pts), pts
    # Framed, not lost in the distance: the card spans a fair part of the picture's height.
    ys = [p[1] for p in pts[:4]]
    assert max(ys) - min(ys) > 0.25


def test_orbit_zoom_and_reset(table):
    cam = table.app.camera
    cam.reset(snap=True)
    home = vars(cam.home).copy()
    cam.orbit(30, 10)
    cam.zoom(0.5)
    for _ in range(60):
        cam.update(1 / 30)
    assert cam.now.heading == pytest.approx(home["heading"] + 30, abs=0.5)
    assert cam.now.distance < home["distance"] * 0.6
    cam.zoom(1e-6)
    assert cam.goal.distance >= 12.0  # never into the table
    cam.reset()
    for _ in range(90):
        cam.update(1 / 30)
    assert cam.now.distance == pytest.approx(home["distance"], rel=1e-3)
    assert cam.now.heading == pytest.approx(home["heading"], abs=1e-2)


def test_round_end_lifts_the_screens_and_shows_every_building(table):
    """When a round is scored every building stands in view with its dice, and its score
    breakdown is written beside it."""
    app = table.app
    app.start_game(SEATS, 23)
    flow = app.flow
    flow.threaded_bots = False
    import random

    from blueprints3d.engine import actions as A

    rng = random.Random(0)
    while flow.mode is not Mode.ROUND_END:
        if flow.mode is Mode.BOT:
            flow.run_bots()
        else:
            a = rng.choice(flow.state.legal_actions())
            k = A.decode(a)
            flow.place(k.die, k.cell) if k.kind is A.Kind.PLACE else flow.set_aside(k.die)
            assert flow.confirm().ok  # the table's moves wait for the confirm
    img = table.screenshot()
    end = flow.round_end
    felt = np.array([60.0, 110.0, 70.0])
    for p, sv in enumerate(app.view.seats):
        assert sv.card is not None and not sv.card.is_hidden()
        assert sv.screen.is_hidden() or sv.screen.get_z() > 20  # lifted away
        tops = [st[-1] for st in end.stacks[p] if st]
        assert tops
        for d in tops:
            assert not app.view.dice[d].is_hidden()
            pos = top_of_die(table, d)
            assert abs(pos[0]) < 1 and abs(pos[1]) < 1
            colour = patch(img, table, pos, 1)
            assert float(np.abs(colour - felt).sum()) > 40, (p, d, colour)  # a die, not the table
    # Enter skips the reveal to the round summary: each building's numbers in its row.
    assert app.reveal.active and not app.screens.summary.active
    app.input.key("enter")
    assert app.screens.summary.active and "Awards" in app.screens.summary.text
    for p, seat in enumerate(app.flow.seats):
        s = end.result.scores[p]
        row = next(
            line
            for line in app.screens.summary.text.splitlines()
            if line.startswith(seat.name[:12])
        )
        assert row.split()[1:7] == [
            str(v) for v in (s.blueprint, s.wood, s.recycled, s.stone, s.glass, s.total)
        ]
        award = next((a.title for a, pl in end.result.awards.items() if pl.player == p), "-")
        prizes = sum(1 for pl in end.result.prizes.values() if pl.player == p)
        assert row.split()[7:] == [award, str(prizes)]
