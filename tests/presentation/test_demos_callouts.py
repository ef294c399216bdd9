"""The demo labels' 2D layout (client/apps/demo_callouts.py), without a window."""

from __future__ import annotations

from blueprints3d.client.apps.demo_callouts import (
    NEAR_PX,
    Callout,
    _distance,
    inside,
    layout,
    overlaps,
)


def test_labels_never_overlap_each_other_or_the_dice():
    die = (100.0, 100.0, 130.0, 130.0)
    other = (131.0, 100.0, 161.0, 130.0)
    # Three labels all wanting the same place on the first die.
    items = [Callout((95.0, 120.0, 175.0, 140.0), die) for _ in range(3)]
    got = layout(items, [die, other], (0.0, 0.0, 640.0, 360.0))
    rects = [c.rect for c in got]
    for i, a in enumerate(rects):
        assert inside(a, (0.0, 0.0, 640.0, 360.0))
        assert not overlaps(a, die) and not overlaps(a, other)
        for b in rects[i + 1 :]:
            assert not overlaps(a, b)
    # Beside its die, or joined to it by a leader line; at least one had to move away.
    assert all(c.leader or _distance(c.rect, die) <= NEAR_PX for c in got)
    many = layout(
        [Callout((95.0, 120.0, 175.0, 140.0), die) for _ in range(12)],
        [die, other],
        (0.0, 0.0, 640.0, 360.0),
    )
    # No room beside the die for twelve: some stand off, each joined to the die by its line.
    assert any(_distance(c.rect, die) > NEAR_PX for c in many) and all(c.leader for c in many)
    rects = [c.rect for c in many]
    assert not any(overlaps(a, b) for i, a in enumerate(rects) for b in rects[i + 1 :])


def test_a_label_with_room_stays_and_a_title_is_fixed():
    title = Callout((10.0, 300.0, 90.0, 320.0))
    free = Callout((200.0, 50.0, 260.0, 70.0), (170.0, 45.0, 195.0, 75.0))
    got = layout([free, title], [], (0.0, 0.0, 640.0, 360.0))
    assert got[0].rect == free.rect and got[0].leader  # in place, a line to the die it explains
    assert got[0].point == (182.5, 60.0)
    assert got[1].rect == title.rect


def test_labels_stay_in_the_picture():
    die = (600.0, 330.0, 635.0, 358.0)  # in the corner: the label goes left or up
    got = layout([Callout((610.0, 340.0, 700.0, 360.0), die)], [die], (0.0, 0.0, 640.0, 360.0))
    assert inside(got[0].rect, (0.0, 0.0, 640.0, 360.0)) and not overlaps(got[0].rect, die)
