"""The close-up (C) shows every stack of the viewer's building: each stack's top die is on screen
and nothing stands in front of it. A 3-stack in front of a 2-stack (on B13, Lighthouse) hid the
back stack from the close-up's old, fixed angle.

Each top die's centre is projected through the table's own camera; the ray from the camera to it
must meet no other die of the building before it meets that die."""

from __future__ import annotations

import pytest
from panda3d.core import Point3, Vec3

from blueprints3d.client.scene import units
from blueprints3d.client.scene.picking import ray_aabb
from blueprints3d.client.table.model.flow import SeatConfig
from blueprints3d.engine.blueprints import standard_deck
from support.table_rig import new_game, to_person

SEATS = [SeatConfig("Ann"), SeatConfig("Bob", "easy")]
# (card, {cell: height}): stacks that stand in front of others, seen from the owner's seat.
BUILDINGS = [
    ("B13", {1: 2, 3: 3}),  # the play-test's: a 3-stack in front of a 2-stack
    ("B13", {1: 2, 3: 3, 5: 4}),  # a stair up toward the viewer
    ("B13", {0: 1, 2: 3, 4: 5, 1: 1, 3: 2, 5: 2}),
    ("B01", None),  # every space of the card with a stack, the nearer rows the taller
]


def build(app, card: str, heights: dict[int, int] | None) -> int:
    """The viewer's card made ``card`` with stacks of ``heights`` (dice from the bag)."""
    state = app.flow.state
    seat = app.flow.viewer
    bp = next(b for b in standard_deck() if b.id == card)
    if heights is None:
        heights = {c: 1 + c // bp.cols for c in range(bp.num_cells)}
    state.blueprints[seat] = bp
    stacks = [[] for _ in range(bp.num_cells)]
    for cell, n in heights.items():
        for _ in range(n):
            stacks[cell].append(state.bag.pop())
    state.stacks[seat] = stacks
    app.view.sync(app.flow, animate=False)
    app.settle()
    return seat


def hidden_tops(table, seat: int) -> list[tuple[int, str]]:
    """The stacks whose top die is off screen or behind another die, with why."""
    app = table.app
    view = app.view
    cam = table.cam
    eye = view.root.get_relative_point(cam, Point3(0, 0, 0))
    stacks = app.flow.state.stacks[seat]
    dice = [d for st in stacks for d in st]
    out = []
    half = units.DIE_SIZE / 2
    for cell, st in enumerate(stacks):
        if not st:
            continue
        top = st[-1]
        centre = view.dice[top].get_pos(view.root)
        xy = app.picker.project(centre, view.root)
        if xy is None or not (-1 <= xy[0] <= 1 and -1 <= xy[1] <= 1):
            out.append((cell, "off screen"))
            continue
        ray = Vec3(centre - eye)
        reach = ray_aabb(
            view.dice[top].get_relative_point(view.root, eye),
            view.dice[top].get_relative_vector(view.root, ray),
            (-half, -half, -half),
            (half, half, half),
        )
        assert reach is not None
        for d in dice:
            if d == top:
                continue
            node = view.dice[d]
            t = ray_aabb(
                node.get_relative_point(view.root, eye),
                node.get_relative_vector(view.root, ray),
                (-half, -half, -half),
                (half, half, half),
            )
            if t is not None and t < reach - 1e-6:
                out.append((cell, f"behind die {d}"))
                break
    return out


@pytest.mark.parametrize("size", [(1280, 720), (1024, 768)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_close_up_shows_every_stacks_top(tables, size):
    t = tables(*size, seats=SEATS, seed=5)
    app = t.app
    for card, heights in BUILDINGS:
        to_person(new_game(t, SEATS, 5))
        seat = build(app, card, heights)
        app.input.toggle_close_up()
        assert app.camera.close is not None
        app.camera.snap()
        t.render(1)
        hidden = hidden_tops(t, seat)
        assert not hidden, (size, card, heights, hidden)
        app.input.toggle_close_up()
