"""A panel mirrored for a right-to-left interface: every widget and text stands where
its reflection about the panel's centre is, text aligned left is aligned right, and the panel
itself does not move."""

from __future__ import annotations

import pytest
from direct.gui.DirectGui import DirectButton, DirectCheckButton, DirectFrame, DirectLabel
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import TextNode

from blueprints3d.client.scene.mirror import mirror_panel


def bounds(np_, other):
    """Left and right of a widget's frame, or of a bare text's letters, in ``other``'s space."""
    from panda3d.core import Point3

    node = np_.node()
    if isinstance(node, TextNode):
        mat = node.get_transform() * np_.get_mat(other)  # TextNode's own placement first
        xs = [mat.xform_point(Point3(x, 0, 0)).x for x in (node.get_left(), node.get_right())]
    else:
        left, right, _b, _t = node.get_frame()
        mat = np_.get_mat(other)
        xs = [mat.xform_point(Point3(x, 0, 0)).x for x in (left, right)]
    return round(min(xs), 3), round(max(xs), 3)


@pytest.fixture
def panel(offscreen_base):
    root = DirectFrame(
        parent=offscreen_base.aspect2d, frameSize=(-1, 1, -0.6, 0.6), pos=(0.1, 0, 0)
    )
    yield root
    root.destroy()


def test_a_panel_is_reflected_about_its_centre(panel, offscreen_base):
    label = DirectLabel(
        parent=panel,
        text="Seats",
        pos=(-0.8, 0, 0.3),
        scale=0.06,
        text_align=TextNode.A_left,
        frameColor=(0, 0, 0, 0),
    )
    button = DirectButton(parent=panel, text="Start", pos=(0.5, 0, -0.4), scale=0.06)
    row = DirectFrame(parent=panel, frameSize=(0, 0.6, -0.05, 0.05), pos=(-0.9, 0, 0))
    inner = DirectLabel(
        parent=row, text="Ann", pos=(0.1, 0, 0), scale=0.05, text_align=TextNode.A_left
    )
    plain = OnscreenText(
        parent=panel, text="Rules", pos=(-0.7, -0.5), scale=0.05, align=TextNode.A_left
    )
    box = DirectCheckButton(
        parent=panel, text="Hints", pos=(-0.3, 0, -0.2), scale=0.05, boxPlacement="left"
    )
    before = {
        name: bounds(np_, panel)
        for name, np_ in (
            ("label", label),
            ("button", button),
            ("row", row),
            ("inner", inner),
            ("plain", plain),
            ("box", box),
        )
    }
    panel_at = panel.get_pos(offscreen_base.aspect2d)
    mirror_panel(panel)
    after = {
        name: bounds(np_, panel)
        for name, np_ in (
            ("label", label),
            ("button", button),
            ("row", row),
            ("inner", inner),
            ("plain", plain),
            ("box", box),
        )
    }
    for name, (lo, hi) in before.items():
        assert after[name] == pytest.approx((-hi, -lo), abs=0.02), (name, before[name], after[name])
    assert label.component("text0").textNode.get_align() == TextNode.A_right
    assert plain.textNode.get_align() == TextNode.A_right
    assert box["boxPlacement"] == "right"
    assert panel.get_pos(offscreen_base.aspect2d) == panel_at


def test_mirroring_twice_gives_the_panel_back(panel):
    label = DirectLabel(
        parent=panel,
        text="Seats",
        pos=(-0.8, 0, 0.3),
        scale=0.06,
        text_align=TextNode.A_left,
        frameColor=(0, 0, 0, 0),
    )
    first = bounds(label, panel)
    mirror_panel(panel)
    assert bounds(label, panel) != first
    mirror_panel(panel)
    assert bounds(label, panel) == pytest.approx(first, abs=0.005)
