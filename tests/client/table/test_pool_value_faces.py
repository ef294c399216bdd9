"""A pool die's value is the face a player reads first: from the default view, at 1280x720 and
1024x768, the face that shows its value has the largest area on screen of all its faces, by
far (at least twice any other face's), so a front face's pips never outdo the top's.

Each face's four corners are projected through the table's own camera and lens (as the offscreen
table sets them up), and the area of the quadrilateral they make is measured in pixels."""

from __future__ import annotations

import os

import pytest
from panda3d.core import Point2, Point3, Vec3

from blueprints3d.client.scene import units
from blueprints3d.client.scene.dice_model import FACE_NORMAL
from blueprints3d.client.table.model.flow import Mode, SeatConfig
from blueprints3d.engine import actions as A
from support.table_rig import TableShelf, play, to_person

SIZES = [(1280, 720), (1024, 768)]
LEAD = 2.0  # the value's face is at least this many times the area of any other face
SAVE_TO = os.environ.get("BLUEPRINTS3D_SHOTS")


@pytest.fixture(scope="module", params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def table(request, offscreen_base):
    w, h = request.param
    shelf = TableShelf(offscreen_base)
    yield shelf.open(w, h, size=(w, h), seats=[SeatConfig("Ann"), SeatConfig("Bob", "easy")])
    shelf.close()


def face_areas(table, die: int) -> dict[int, float]:
    """Each face's area on screen in pixels (0 for a face turned away from the camera)."""
    app = table.app
    body = app.view.dice[die].find("body")
    lens = table.cam.node().get_lens()
    w, h = table.buffer.get_x_size(), table.buffer.get_y_size()
    eye = body.get_relative_point(table.cam, Point3(0, 0, 0))
    half = units.DIE_SIZE / 2
    areas: dict[int, float] = {}
    for value, normal in FACE_NORMAL.items():
        n = Vec3(*normal)
        a = Vec3(n.y, n.z, n.x)  # two axes across the face
        b = n.cross(a)
        centre = Point3(n * half)
        if n.dot(eye - centre) <= 0:
            areas[value] = 0.0  # seen from behind: not on screen
            continue
        px = []
        for sa, sb in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
            film = Point2()
            corner = centre + a * (sa * half) + b * (sb * half)
            assert lens.project(table.cam.get_relative_point(body, corner), film), (die, value)
            px.append(((film.x + 1) / 2 * w, (film.y + 1) / 2 * h))
        areas[value] = 0.5 * abs(
            sum(px[i][0] * px[i - 1][1] - px[i - 1][0] * px[i][1] for i in range(4))
        )
    return areas


def check_pool(table, label: str) -> None:
    app = table.app
    state = app.flow.state
    assert state.pool
    if SAVE_TO:
        from blueprints3d.client.render.capture import save_png

        save_png(table.screenshot(), os.path.join(SAVE_TO, f"pool-faces-{label}.png"))
    for d in state.pool:
        areas = face_areas(table, d)
        value = state.values[d]
        others = {v: a for v, a in areas.items() if v != value}
        biggest = max(others, key=others.get)
        assert areas[value] >= LEAD * others[biggest], (
            f"{label}: die {d} shows {value}, but its {biggest} face is "
            f"{others[biggest]:.0f} px against {areas[value]:.0f} px"
        )


@pytest.mark.parametrize("players,seed", [(2, 5), (3, 7), (4, 8)])
def test_every_pool_die_shows_its_value_face_largest(table, players, seed):
    app = table.app
    app.start_game(
        [SeatConfig("Ann")] + [SeatConfig(f"Bot {i}", "easy") for i in range(1, players)], seed
    )
    app.flow.threaded_bots = False
    to_person(app)  # the first pool, thrown from the bag and settled in its places
    size = f"{table.buffer.get_x_size()}x{table.buffer.get_y_size()}"
    check_pool(table, f"{size}-{players}p-first")
    # After a move of the person's: the pool sorted anew, a die gone, the computers' moves made.
    flow = app.flow
    acts = flow.state.legal_actions()
    play(flow, next((a for a in acts if A.decode(a).kind is A.Kind.PLACE), acts[0]))
    to_person(app)
    assert flow.mode is Mode.TURN
    check_pool(table, f"{size}-{players}p-later")
