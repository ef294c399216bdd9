"""Panels mirrored for a right-to-left interface (Persian): what stood at the left stands at the
right, text aligned left is aligned right, a row of buttons reads from the right.

A screen is laid out once, left to right, around its frame's centre; ``mirror_panel`` then
reflects it about that centre, level by level: each widget's place in its parent, each text's
alignment and place, each explicit frame, a check box and its box as one. Doing it after the layout, not in
it, keeps one layout for every language (and the layout tests measure the mirrored one too).
The 3D table is never mirrored: it is a table, seen from a chair.
"""

from __future__ import annotations

from typing import Literal

from direct.gui.DirectCheckButton import DirectCheckButton
from direct.gui.DirectEntry import DirectEntry
from direct.gui.DirectGuiBase import DirectGuiWidget
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import LMatrix4, NodePath, TextNode

Alignment = Literal[0, 1, 2, 3, 4, 5]  # TextNode.A_left ... A_boxed_center

_SWAP: dict[Alignment, Alignment] = {
    TextNode.A_left: TextNode.A_right,
    TextNode.A_right: TextNode.A_left,
    TextNode.A_boxed_left: TextNode.A_boxed_right,
    TextNode.A_boxed_right: TextNode.A_boxed_left,
}


def _widget(np_: NodePath) -> DirectGuiWidget | None:
    w = DirectGuiWidget.guiDict.get(np_.get_name().split("-")[-1])
    return w if w is not None and w == np_ else None


def _mirror_text(text: OnscreenText) -> None:
    align = text.textNode.get_align()
    text.textNode.set_align(_SWAP.get(align, align))
    x, y = text.getTextPos()
    text.setTextPos(-x, y)


def _mirror_widget(w: DirectGuiWidget) -> None:
    for name in w.components():
        if name.startswith("text"):
            comp = w.component(name)
            if isinstance(comp, OnscreenText):
                _mirror_text(comp)
    if isinstance(w, DirectCheckButton):
        _mirror_check_button(w)
        return
    size = w["frameSize"]
    if size is not None:
        left, right, bottom, top = size
        w["frameSize"] = (-right, -left, bottom, top)
    elif w.components():
        w.resetFrameSize()


def _reflected(frame) -> tuple[float, float, float, float]:
    left, right, bottom, top = frame
    return (-right, -left, bottom, top)


def _mirror_check_button(box: DirectCheckButton) -> None:
    """A check box reflected as one piece about its origin: its frame, and the box at the other end
    of it (boxPlacement swapped). Its frames are taken as they stand, not measured again: the
    indicator's was sized from an "X" that it no longer holds, and measured from its blank it
    would shrink to a dot; and the box is placed from the indicator's reflected frame, so
    ``mirror_panel`` must not reflect it once more (it does not descend into a check box)."""
    ind = box.component("indicator")
    ind["frameSize"] = _reflected(ind.bounds)  # its bounds: the frame less its border
    box["boxPlacement"] = {"left": "right", "right": "left"}.get(
        box["boxPlacement"], box["boxPlacement"]
    )
    box["frameSize"] = _reflected(box.bounds)  # and this places the box (setFrameSize)


def _mirror_entry(child: NodePath, entry: DirectEntry, about: float) -> None:
    """A text entry moved whole to the reflected place of its box, not reflected about its origin:
    Panda3D's entry draws its text from its origin rightwards whatever the alignment, so a
    reflected box would leave the text outside it (over the widget beside it)."""
    left, right = entry.guiItem.get_frame()[0], entry.guiItem.get_frame()[1]
    child.set_x(2 * about - child.get_x() - (left + right) * child.get_sx())


def mirror_panel(root: NodePath, about: float | None = None) -> None:
    """Reflect everything below ``root`` about the middle of its frame (its origin when it has
    none, or ``about``); ``root`` itself stays put."""
    if about is None:
        w = _widget(root)
        size = w["frameSize"] if w is not None else None
        about = (size[0] + size[1]) / 2 if size is not None else 0.0
    for child in root.get_children():
        w = _widget(child)
        if isinstance(w, DirectEntry):
            _mirror_entry(child, w, about)
            continue
        if w is not None:
            child.set_x(2 * about - child.get_x())
            _mirror_widget(w)
        elif isinstance(node := child.node(), TextNode):
            # A bare OnscreenText: its place is in the TextNode's own matrix (TextNode's
            # get_transform, not PandaNode's), its last row; reflected there about ``about``, its
            # node's own x only about 0 (the two add up: reflecting both about ``about`` would
            # move it by 2 * about, off a panel whose frame does not start at its origin).
            child.set_x(-child.get_x())
            align = node.get_align()
            node.set_align(_SWAP.get(align, align))
            mat = LMatrix4(node.get_transform())
            mat.set_cell(3, 0, 2 * about - mat.get_cell(3, 0))
            node.set_transform(mat)
        else:
            child.set_x(2 * about - child.get_x())
        if not isinstance(w, DirectCheckButton):  # a check box is reflected whole (above)
            mirror_panel(child, 0.0)  # below the first level, each part about its own origin
