"""Seat layout, picking maths and camera framing, tested without any window."""

from __future__ import annotations

import itertools
import math

import pytest

from blueprints3d.client.scene import card_model, units
from blueprints3d.client.scene.camera import View, fit_distance
from blueprints3d.client.scene.picking import _ray_box
from blueprints3d.client.table.model import layout
from blueprints3d.engine.blueprints import Blueprint


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seats_are_evenly_spaced_around_the_table(players):
    places = layout.seat_places(players)
    assert [p.seat for p in places] == list(range(players))
    for p in places:
        assert math.hypot(p.x, p.y) == pytest.approx(layout.SEAT_DISTANCE)
        # Each seat's +Y points at the table centre.
        cx, cy = p.to_local(0.0, 0.0)
        assert cx == pytest.approx(0.0, abs=1e-9) and cy > 0
    angles = sorted(math.atan2(p.y, p.x) for p in places)
    gaps = [(b - a) for a, b in itertools.pairwise(angles)] + [angles[0] + 2 * math.pi - angles[-1]]
    assert all(g == pytest.approx(2 * math.pi / players) for g in gaps)


def test_seat_zero_sits_at_the_bottom_and_play_goes_clockwise():
    s0, s1 = layout.seat_places(4)[:2]
    assert s0.x == pytest.approx(0) and s0.y < 0
    # Clockwise seen from above: after the bottom seat comes the left (-X) seat.
    assert s1.x < 0 and s1.y == pytest.approx(0, abs=1e-9)


def test_seat_frames_round_trip():
    for p in layout.seat_places(3):
        wx, wy = p.to_world(3.0, -2.0)
        lx, ly = p.to_local(wx, wy)
        assert (lx, ly) == (pytest.approx(3.0), pytest.approx(-2.0))


@pytest.mark.parametrize("count", [1, 7, 8, 9])
def test_pool_slots_are_a_centred_row_with_room_between_dice(count):
    slots = layout.pool_slots(count)
    xs = [x for x, _ in slots]
    assert xs == sorted(xs)
    assert sum(xs) == pytest.approx(0.0, abs=1e-9)
    assert all(b - a > units.DIE_SIZE for a, b in itertools.pairwise(xs))


def test_centre_props_stay_inside_the_ring_of_screens():
    # Everything in the turning centre frame must clear every screen at any seat count.
    w, h = layout.AWARD_CARD_SIZE
    corners = []
    for x, _y in layout.pool_slots(9):
        corners.append((abs(x) + units.DIE_SIZE, units.DIE_SIZE))
    for start, n in ((layout.CENTRE_AWARDS, 3), (layout.CENTRE_PRIZES, 4)):
        for x, y in layout.award_slots(n, start, 1.0):
            corners.append((abs(x) + w / 2, abs(y) + h / 2))
    bag_reach = math.hypot(*layout.CENTRE_BAG) + 3.2  # the bag is round, 3.2 cm in radius
    assert max(max(math.hypot(x, y) for x, y in corners), bag_reach) < layout.CENTRE_RADIUS


def test_cell_at_maps_points_to_cells_and_gaps_to_none():
    # The picker's one point-to-cell map (layout's twin, nearest_cell, was dead code).
    bp = Blueprint.from_grid([[1, 1], [1, 1]], id="T", name="test", check_total=False)
    centres = [card_model.cell_position(bp, c) for c in range(4)]
    assert centres[0][0] < centres[1][0] and centres[0][1] > centres[2][1]  # row 0 at the back
    assert card_model.cell_at(bp, centres[0][0] + 0.15, centres[0][1] - 0.3) == 0
    assert card_model.cell_at(bp, centres[3][0] + 0.15, centres[3][1] - 0.4) == 3
    assert card_model.cell_at(bp, 9.0, 9.0) is None
    gap = ((centres[0][0] + centres[1][0]) / 2, centres[0][1])  # between two spaces
    assert card_model.cell_at(bp, *gap) is None


def test_ray_box_hits_and_misses():
    from panda3d.core import Point3, Vec3

    assert _ray_box(Point3(0, -10, 0), Vec3(0, 1, 0), 1.0) == pytest.approx(9.0)
    assert _ray_box(Point3(2, -10, 0), Vec3(0, 1, 0), 1.0) is None
    assert _ray_box(Point3(0, 10, 0), Vec3(0, 1, 0), 1.0) is None  # box behind the ray


@pytest.mark.parametrize("aspect", [16 / 9, 4 / 3, 0.6])
def test_fit_distance_keeps_every_point_in_view(aspect):
    vfov = 42.0
    hfov = 2 * math.degrees(math.atan(math.tan(math.radians(vfov / 2)) * aspect))
    pts = [
        (-12.0, -30.0, 0.0),
        (12.0, -30.0, 0.0),
        (-11.0, 8.0, 0.0),
        (11.0, 8.0, 0.0),
        (0, -26, 8.0),
    ]
    target = (0.0, -11.0, 4.0)
    d = fit_distance(pts, target, 0.0, 50.0, hfov, vfov)
    view = View(*target, 0.0, 50.0, d)
    ex, ey, ez = view.eye()
    # Project by hand: every point within the half-angles, and one of them near an edge.
    f = [target[0] - ex, target[1] - ey, target[2] - ez]
    n = math.sqrt(sum(c * c for c in f))
    f = [c / n for c in f]
    r = [1.0, 0.0, 0.0]
    u = [r[1] * f[2] - r[2] * f[1], r[2] * f[0] - r[0] * f[2], r[0] * f[1] - r[1] * f[0]]
    worst = 0.0
    for p in pts:
        v = [p[0] - ex, p[1] - ey, p[2] - ez]
        depth = sum(a * b for a, b in zip(v, f, strict=True))
        sx = (
            sum(a * b for a, b in zip(v, r, strict=True)) / depth / math.tan(math.radians(hfov / 2))
        )
        sy = (
            sum(a * b for a, b in zip(v, u, strict=True)) / depth / math.tan(math.radians(vfov / 2))
        )
        assert abs(sx) <= 1.0 and abs(sy) <= 1.0
        worst = max(worst, abs(sx), abs(sy))
    assert worst > 0.85  # framed tightly, not from far away


def test_won_cards_lie_clear_of_the_blueprint_card_and_its_drawing():
    from blueprints3d.engine.blueprints import standard_deck

    place = layout.seat_places(4)[0]
    w, h = layout.AWARD_CARD_SIZE
    right = max(card_model.paper_bounds(bp)[1] for bp in standard_deck())
    for i in range(12):
        x, y = place.to_local(*layout.pile_slot(place, i))
        assert x - w / 2 > right + 0.2, i
