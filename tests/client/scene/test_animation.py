"""Glides (Panda3D intervals advanced by the frame): where a node is along the way and at the end."""

from __future__ import annotations

import pytest
from panda3d.core import NodePath, Point3

from blueprints3d.client.scene.animation import Animator


def _node(root: NodePath) -> NodePath:
    node = root.attach_new_node("die")
    node.set_pos(0, 0, 0)
    return node


def test_a_glide_eases_arcs_turns_and_ends_once():
    root = NodePath("root")
    node = _node(root)
    done = []
    anim = Animator(root)
    anim.move(node, Point3(10, 0, 0), heading=90.0, duration=1.0, lift=3.0, on_done=lambda: done.append(1))
    assert anim.busy(node) and anim.target(node) == Point3(10, 0, 0)
    anim.update(0.1)
    early = node.get_x(root)
    assert 0.0 < early < 1.0                       # eased in: slower than linear at the start
    anim.update(0.4)
    assert node.get_x(root) == pytest.approx(5.0, abs=0.05)
    assert node.get_z(root) == pytest.approx(3.0, abs=0.05)   # the top of the arc at the middle
    anim.update(0.6)
    assert (node.get_pos(root) - Point3(10, 0, 0)).length() < 1e-5 and node.get_h(root) == pytest.approx(90.0)
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
