"""Where the demos' labels stand and point: each building's labels
keep to its own side of the screen (none runs into a label of the card beside it), a label
points at a die the camera sees, and a set is not labelled the same on every die."""

from __future__ import annotations

import pytest

from blueprints3d.presentation.demos import DEMOS, get_demo

SIZE = (1280, 720)
GUTTER = 12.0  # px at least between the labels of two neighbouring cards


def _building(node, root):
    p = node.get_parent()
    while not p.is_empty() and p != root:
        if p.get_name().startswith("building-") and p.get_parent() == root:
            return p
        p = p.get_parent()
    return None


def _first_die_hit(base, lens, px, dice):
    """The die a ray through pixel ``px`` meets first (its box; None: no die)."""
    from panda3d.core import Point2, Point3

    w, h = SIZE
    near, far = Point3(), Point3()
    assert lens.extrude(Point2(px[0] / w * 2 - 1, 1 - px[1] / h * 2), near, far)
    best, best_t = None, float("inf")
    for die in dice:
        lo, hi = die.get_tight_bounds(die)
        o = die.get_relative_point(base.cam, near)
        v = die.get_relative_vector(base.cam, far - near)
        t0, t1 = -float("inf"), float("inf")
        for i in range(3):
            if abs(v[i]) < 1e-12:
                if not lo[i] <= o[i] <= hi[i]:
                    t0, t1 = 1.0, 0.0
                continue
            a, b = sorted(((lo[i] - o[i]) / v[i], (hi[i] - o[i]) / v[i]))
            t0, t1 = max(t0, a), min(t1, b)
        if t0 <= t1 and t1 >= 0 and t0 < best_t:
            best, best_t = die, t0
    return best


@pytest.mark.parametrize("name", list(DEMOS))
def test_labels_keep_to_their_card_and_point_at_a_die_in_sight(offscreen_base, name):
    from panda3d.core import NodePath

    from blueprints3d.client.apps.demo_callouts import ANCHOR_TAG, POINT_TAG, screen_rect
    from blueprints3d.client.apps.demo_player import StepView

    view = StepView(offscreen_base, size=lambda: SIZE)
    try:
        for i, step in enumerate(get_demo(name).steps):
            where = f"{name} step {i + 1}"
            stage = view.show(step, "t", "")
            dice = [*stage.dice.values(), *stage.pool, *stage.ghosts]
            # Labels of two cards never touch: neighbours' labels stand apart, left and right.
            per_building: dict = {}
            for lab in stage.labels:
                b = _building(lab, stage.root)
                if b is not None:
                    per_building.setdefault(b.get_x(), []).append(
                        (
                            lab.node().get_text(),
                            screen_rect(lab, offscreen_base.cam, view.lens, SIZE),
                        )
                    )
            xs = sorted(per_building)
            for left, right in zip(xs, xs[1:], strict=False):  # neighbours
                a = max(per_building[left], key=lambda t: t[1][2])
                b = min(per_building[right], key=lambda t: t[1][0])
                assert a[1][2] + GUTTER <= b[1][0], (where, a, b)
            # A label on a die points at that die where the camera sees it.
            for lab in stage.labels:
                anchor = lab.get_python_tag(ANCHOR_TAG) if lab.has_python_tag(ANCHOR_TAG) else None
                if not isinstance(anchor, NodePath):
                    continue
                px = lab.get_python_tag(POINT_TAG)
                assert px is not None, (where, lab.node().get_text())
                hit = _first_die_hit(offscreen_base, view.lens, px, dice)
                assert hit == anchor, (where, lab.node().get_text(), "points at a hidden die")
    finally:
        view.destroy()


def test_a_set_is_not_labelled_the_same_on_every_die():
    # "green, 1 of 5" stood on all five green dice (and "green set" on the example's three):
    # each now says which of the set it is, and no words about a set stand twice on a building.
    for name in DEMOS:
        for step in get_demo(name).steps:
            for view in step.buildings:
                said = [
                    m.text for m in view.die_marks.values() if " of " in m.text or "set" in m.text
                ]
                assert len(set(said)) == len(said), (name, said)
    (a,) = get_demo("example").steps[0].buildings
    assert sorted(m.text for m in a.die_marks.values() if m.text.startswith("green")) == [
        "green 1 of 3",
        "green 2 of 3",
        "green 3 of 3",
    ]
    for step in get_demo("scoring").steps:
        if "green" not in step.facts:
            continue
        n = step.facts["green"]
        (view,) = step.buildings
        texts = [m.text for m in view.die_marks.values()]
        assert sorted(texts) == sorted(f"green {k} of {n}" for k in range(1, n + 1))
        assert len(set(texts)) == len(texts) == n
