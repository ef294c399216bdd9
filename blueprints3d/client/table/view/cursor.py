"""The keyboard cursor: corner brackets drawn over what they mark (a space, a die, a move's die).

The table's controls move it with the keys; the coach frames its hints with it.
"""

from __future__ import annotations

from panda3d.core import LineSegs, NodePath

from blueprints3d.client.render.materials import draw_on_top
from blueprints3d.client.scene import units

CURSOR_RGBA = (0.25, 0.95, 1.0, 1.0)  # cyan corner brackets: not the green glow of legal spaces
CURSOR_DIE_SIZE = units.DIE_SIZE * 1.7  # the brackets stand well clear of the top face they frame


def make_cursor(parent: NodePath, rgba: tuple = CURSOR_RGBA) -> NodePath:
    """The keyboard cursor: four bright corner brackets around a unit square, flat, drawn over
    everything (no lights, shaders, shadows or refraction), scaled to what it marks."""
    ls = LineSegs("key-cursor")
    ls.set_thickness(3.0)
    ls.set_color(*rgba)
    arm = 0.32
    for sx in (-0.5, 0.5):
        for sy in (-0.5, 0.5):
            ls.move_to(sx - arm * (1 if sx > 0 else -1), sy, 0)
            ls.draw_to(sx, sy, 0)
            ls.draw_to(sx, sy - arm * (1 if sy > 0 else -1), 0)
    node = parent.attach_new_node(ls.create())
    draw_on_top(node, 60)
    node.set_texture_off(10)
    node.hide()
    return node
