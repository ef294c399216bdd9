"""The grounds behind the HUD's groups of lines: the share card's dark panel, a little lighter so
the table shows through, fitted round what each group shows after every layout.

The HUD's lines stand in groups at the window's corners (the turn's status, the score panel, the
prompt and the message, the Prizes or the coach's hints, the key strip). Each group gets one
panel behind it, so that the table's corners read as the share card's panels do, and an empty or
hidden group none. The panels hang first under the HUD's root, so the lines draw over them.
"""

from __future__ import annotations

from collections.abc import Sequence

from direct.gui.DirectGui import DirectFrame
from panda3d.core import NodePath

from blueprints3d.client.render import style

Rect = tuple[float, float, float, float]  # left, right, bottom, top in the HUD root's units


def shown_extent(nodes: Sequence[NodePath], root: NodePath) -> Rect | None:
    """The rectangle round what ``nodes`` draw (their letters, pictures), in ``root``'s units;
    None when none of them shows anything."""
    rects = []
    for node in nodes:
        if node is None or node.is_empty() or node.is_hidden():
            continue
        text = getattr(node, "textNode", None)
        if text is not None and not text.get_text().strip():
            continue
        bounds = node.get_tight_bounds(root)
        if bounds is None:
            continue
        lo, hi = bounds
        rects.append((lo.x, hi.x, lo.z, hi.z))
    if not rects:
        return None
    return (
        min(r[0] for r in rects),
        max(r[1] for r in rects),
        min(r[2] for r in rects),
        max(r[3] for r in rects),
    )


class Grounds:
    """A panel behind each named group of the HUD's nodes (``fit``), ``pad`` round them."""

    def __init__(self, root: NodePath) -> None:
        self.root = root
        self.frames: dict[str, DirectFrame] = {}
        self.rects: dict[str, Rect] = {}

    def _frame(self, name: str) -> DirectFrame:
        if name not in self.frames:
            self.frames[name] = DirectFrame(
                parent=self.root, frameColor=style.PANEL_HUD, sortOrder=-10
            )
        return self.frames[name]

    def fit(self, groups: dict[str, Sequence[NodePath]], pad: float) -> None:
        """Each group's panel round what it shows now (hidden when it shows nothing)."""
        self.rects = {}
        for name, nodes in groups.items():
            frame = self._frame(name)
            r = shown_extent(nodes, self.root)
            if r is None:
                frame.hide()
                continue
            left, right, bottom, top = r
            rect = (left - pad, right + pad, bottom - pad * 0.8, top + pad * 0.8)
            frame["frameSize"] = rect
            frame.set_pos(0, 0, 0)
            frame.show()
            self.rects[name] = rect

    def hide(self) -> None:
        for frame in self.frames.values():
            frame.hide()
        self.rects = {}

    def destroy(self) -> None:
        for frame in self.frames.values():
            frame.destroy()
        self.frames, self.rects = {}, {}
