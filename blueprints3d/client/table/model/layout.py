"""Where things stand on the table: seats, cards, screens, the pool, the bag, the scoreboard.

Pure maths on plain tuples (no Panda3D), so it is tested without a window. World frame: the table
top is z = 0, its centre the origin, +Z up; 1 unit = 1 cm (see ``units``). Each seat has a local
frame whose +Y points from the player towards the table centre, so a card laid in it reads the
right way up for its player. Seats go clockwise seen from above (the engine's turn order).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from blueprints3d.client.scene import units
from blueprints3d.client.scene.geometry import rotate

# Seats sit a little nearer than units.SEAT_DISTANCE so one view holds a building and the pool;
# everything in the centre stays within CENTRE_RADIUS, inside the ring of screens, at any seat count.
SEAT_DISTANCE = 26.0
SCREEN_WIDTH = 18.0
SCREEN_HEIGHT = 9.0  # hides a tower of five dice
SCREEN_OFFSET = 7.0  # from a card's centre towards the table centre
CENTRE_RADIUS = SEAT_DISTANCE - SCREEN_OFFSET - 0.5
PILE_OFFSET = (9.4, -3.0)  # a seat's won Award/Prize cards, to the player's right
# (clear of the card's drawing band: card_model.paper_bounds)
LABEL_OFFSET = (0.0, -7.2)  # a seat's name plate, in front of the player
CENTRE_SCOREBOARD = (-5.0, 6.5)  # in the centre frame, which turns to face the viewer
CENTRE_BAG = (13.5, -6.5)
CENTRE_AWARDS = (1.8, 6.5)  # first Award card; the rest follow along +X
CENTRE_PRIZES = (-5.4, -6.5)  # first Prize card; the rest follow along +X
# The pool: a row nearer the viewer than the Prize cards (the centre frame turns to face them),
# its dice drawn larger than placed ones so each top face reads from the default view.
POOL_DIE_SCALE = 1.4
# ...and leaning back toward the viewer, resting on its near bottom edge, so the face that shows
# its value is by far its largest on screen (upright, a front face read nearly as large as the
# top and was taken for the value: tests/client/table/test_pool_value_faces.py).
POOL_DIE_TILT = 24.0  # degrees, a pitch about the die's own x axis (it keeps the pool's heading)
_POOL_HALF = units.DIE_SIZE * POOL_DIE_SCALE / 2
POOL_DIE_Z = _POOL_HALF * (
    math.cos(math.radians(POOL_DIE_TILT)) + math.sin(math.radians(POOL_DIE_TILT))
)  # its centre's height above the felt, so its lowest edge just touches it
POOL_ROW_Y = -11.0
AWARD_CARD_SIZE = (3.2, 4.4)
AWARD_CARD_PITCH = 3.6


@dataclass(frozen=True)
class SeatPlace:
    """One seat's frame on the table: its origin (the centre of its card) and heading."""

    seat: int
    x: float
    y: float
    heading: float  # degrees about +Z (Panda's H); 0 = the player sits at -Y looking at +Y

    def to_world(self, lx: float, ly: float) -> tuple[float, float]:
        """A point given in this seat's frame, in world coordinates."""
        return rotate(lx, ly, self.heading, self.x, self.y)

    def to_local(self, wx: float, wy: float) -> tuple[float, float]:
        """A world point in this seat's frame."""
        return rotate(wx - self.x, wy - self.y, -self.heading)


def seat_heading(seat: int, players: int) -> float:
    # Negative: seat 1 sits to seat 0's left, i.e. the order runs clockwise seen from above.
    return -360.0 * seat / players


def seat_places(players: int, distance: float = SEAT_DISTANCE) -> list[SeatPlace]:
    """The seats of a ``players``-player table, evenly around it, seat 0 at the bottom (-Y)."""
    out = []
    for seat in range(players):
        h = seat_heading(seat, players)
        x, y = rotate(0.0, -distance, h)
        out.append(SeatPlace(seat, x, y, h))
    return out


def stack_z(level: int) -> float:
    """Height of the centre of a die standing at ``level`` (0 = on the card)."""
    return units.CARD_THICKNESS + units.DIE_SIZE * (level + 0.5)


def pool_slots(count: int) -> list[tuple[float, float]]:
    """Centres of ``count`` pool dice in a row, in the centre frame, sorted left to right."""
    pitch = units.POOL_PITCH * POOL_DIE_SCALE
    return [((i - (count - 1) / 2) * pitch, POOL_ROW_Y) for i in range(count)]


def award_slots(
    count: int, start: tuple[float, float], direction: float
) -> list[tuple[float, float]]:
    return [(start[0] + direction * i * AWARD_CARD_PITCH, start[1]) for i in range(count)]


def pile_slot(place: SeatPlace, index: int) -> tuple[float, float]:
    """Where the ``index``-th card a seat has won lies: a fanned row to the player's right."""
    return place.to_world(PILE_OFFSET[0] + 1.1 * (index % 8), PILE_OFFSET[1] - 1.0 * (index // 8))
