"""Glides (Panda3D intervals advanced by the frame): where a node is along the way and at the end;
the settle's hops, the carried node's rise, lag and lean; "short" halves every time, "off" moves at once."""

from __future__ import annotations

import math

import pytest
from panda3d.core import NodePath, Point3

from blueprints3d.client.scene.animation import (
    BOUNCE_TIME,
    FOLLOW_LAG,
    LEAN_MAX,
    LIFT_TIME,
    SECOND_HOP,
    Animator,
    hop,
)


def _node(root: NodePath) -> NodePath:
    node = root.attach_new_node("die")
    node.set_pos(0, 0, 0)
    return node


def test_a_glide_eases_arcs_turns_and_ends_once():
    root = NodePath("root")
    node = _node(root)
    done = []
    anim = Animator(root)
    anim.move(
        node, Point3(10, 0, 0), heading=90.0, duration=1.0, lift=3.0, on_done=lambda: done.append(1)
    )
    assert anim.busy(node) and anim.target(node) == Point3(10, 0, 0)
    anim.update(0.1)
    early = node.get_x(root)
    assert 0.0 < early < 1.0  # eased in: slower than linear at the start
    anim.update(0.4)
    assert node.get_x(root) == pytest.approx(5.0, abs=0.05)
    assert node.get_z(root) == pytest.approx(3.0, abs=0.05)  # the top of the arc at the middle
    anim.update(0.6)
    assert (node.get_pos(root) - Point3(10, 0, 0)).length() < 1e-5 and node.get_h(
        root
    ) == pytest.approx(90.0)
    assert done == [1] and not anim.busy(node)
    anim.update(1.0)
    assert done == [1]


def test_a_delayed_glide_waits_and_a_cancelled_one_stops_where_it_is():
    root = NodePath("root")
    node = _node(root)
    anim = Animator(root)
    anim.move(node, Point3(0, 8, 0), duration=0.5, delay=0.5)
    anim.update(0.4)
    assert node.get_pos(root) == Point3(0, 0, 0)
    anim.update(0.35)
    y = node.get_y(root)
    assert 0.0 < y < 8.0
    anim.cancel(node)
    anim.update(1.0)
    assert node.get_y(root) == y and not anim.busy(node)


def test_a_new_glide_replaces_the_old_and_finish_all_lands_everything():
    root = NodePath("root")
    a, b = _node(root), _node(root)
    ends = []
    anim = Animator(root)
    anim.move(a, Point3(5, 0, 0), duration=1.0, on_done=lambda: ends.append("old"))
    anim.move(a, Point3(-5, 0, 0), duration=1.0, on_done=lambda: ends.append("a"))
    anim.move(b, Point3(0, 0, 4), duration=2.0, on_done=lambda: ends.append("b"))
    anim.finish_all()
    assert a.get_pos(root) == Point3(-5, 0, 0) and b.get_pos(root) == Point3(0, 0, 4)
    assert sorted(ends) == ["a", "b"]


def test_a_removed_node_drops_its_glide():
    root = NodePath("root")
    node = _node(root)
    anim = Animator(root)
    anim.move(node, Point3(1, 1, 1), duration=1.0)
    node.remove_node()
    anim.update(0.5)
    assert anim.glides == {}


# ---- motion with weight: the settle, the carry, "short" and "off" ------------------------------


def test_a_glide_with_a_bounce_lands_hops_up_twice_and_rests_exactly():
    root = NodePath("root")
    node = _node(root)
    node.set_pos(0, 0, 5)
    anim = Animator(root)
    anim.move(node, Point3(2, 0, 1), duration=0.1, blend="easeIn", bounce=0.5)
    anim.update(0.05)
    assert 1.0 < node.get_z(root) < 5.0
    # Eased in (falling): less than half the way down at half the time.
    assert node.get_z(root) > 3.0
    anim.update(0.05)
    assert node.get_z(root) == pytest.approx(1.0, abs=1e-3)  # it touches its place...
    heights = []
    for _ in range(12):
        anim.update(BOUNCE_TIME / 12 * 0.999)
        heights.append(node.get_z(root) - 1.0)
    assert max(heights) == pytest.approx(0.5, abs=0.03)  # ...hops up off it...
    assert min(heights[2:6]) > 0.2 and min(heights) >= -1e-6  # ...never into what is below
    second = max(heights[8:])
    assert 0.05 < second <= 0.5 * SECOND_HOP + 0.02  # ...a smaller second hop...
    anim.update(0.01)
    assert node.get_pos(root) == Point3(2, 0, 1) and not anim.busy(node)  # ...and rests exactly
    assert hop(0.0) == hop(1.0) == 0.0


def test_the_carried_node_rises_then_follows_with_a_lag_leaning_into_its_motion():
    root = NodePath("root")
    node = _node(root)
    node.set_pos(0, 0, 1)
    anim = Animator(root)
    carry = anim.carry(node, Point3(0, 0, 4), heading=30.0)
    assert node.get_z(root) == pytest.approx(1.0)  # not yet risen at the press
    anim.update(LIFT_TIME / 2)
    assert node.get_z(root) == pytest.approx(2.5, abs=0.01)  # half way up at half the lift
    anim.update(LIFT_TIME / 2)
    assert node.get_z(root) == pytest.approx(4.0, abs=1e-4)  # the lift's height
    assert carry.lean() == 0.0 and node.get_h(root) == pytest.approx(30.0)
    # A fast move: the goal jumps 10 cm; a frame later the node is behind it, leaning toward it.
    anim.carry_to(Point3(10, 0, 4))
    anim.update(1 / 60)
    x = node.get_x(root)
    assert 1.0 < x < 5.0, x
    assert carry.lean() == pytest.approx(LEAN_MAX)
    up = root.get_relative_vector(node, (0, 0, 1))
    assert up.x > 0.2 and up.z > 0.9  # the top toward the goal
    anim.update(FOLLOW_LAG)
    assert x < node.get_x(root) < 10.0  # catching up
    anim.update(0.5)
    assert (node.get_pos(root) - Point3(10, 0, 4)).length() < 1e-3  # caught up...
    assert carry.lean() < 0.01  # ...and upright again
    assert anim.put_down() == node and anim.carried is None
    anim.update(1.0)
    assert (node.get_pos(root) - Point3(10, 0, 4)).length() < 1e-3  # let go: it stays


def test_short_halves_every_time_and_off_moves_at_once():
    root = NodePath("root")
    node = _node(root)
    anim = Animator(root)
    anim.pace = 0.5
    anim.move(node, Point3(4, 0, 0), duration=1.0, delay=0.4, bounce=0.5)
    anim.update(0.2 + 0.5 - 0.01)
    assert anim.busy(node) and node.get_x(root) < 4.0
    anim.update(0.02 + BOUNCE_TIME / 2)  # delay, glide and hops: all halved
    assert not anim.busy(node) and node.get_pos(root) == Point3(4, 0, 0)
    anim.carry(node, Point3(4, 0, 3), 0.0)
    anim.update(LIFT_TIME / 2)
    assert node.get_z(root) == pytest.approx(3.0, abs=1e-4)  # the lift in half the time
    anim.carry_to(Point3(8, 0, 3))
    anim.update(FOLLOW_LAG / 2)  # the lag's time constant halved
    assert node.get_x(root) - 4.0 == pytest.approx(4.0 * (1 - math.exp(-1)), abs=0.01)
    anim.put_down()
    anim.pace, anim.instant = 1.0, True
    done = []
    anim.move(
        node,
        Point3(0, 9, 0),
        heading=45.0,
        duration=1.0,
        lift=3.0,
        bounce=0.5,
        on_done=lambda: done.append(1),
    )
    assert node.get_pos(root) == Point3(0, 9, 0) and node.get_h(root) == pytest.approx(45.0)
    assert done == [1] and not anim.busy(node) and not anim.active
    anim.carry(node, Point3(5, 5, 4), 0.0)
    assert node.get_pos(root) == Point3(5, 5, 4)  # no rise, no lag
    anim.carry_to(Point3(-5, 5, 4))
    assert node.get_pos(root) == Point3(-5, 5, 4)
