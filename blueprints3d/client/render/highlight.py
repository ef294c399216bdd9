"""Highlights: a die, stack or surface marked in a colour, with and without shaders alike, so
hover and legal-move marks never depend on the shader path.

A highlight never changes what colour a die is (colour is the die's material): a die gets an
outline in the highlight colour (a slightly larger copy of its mesh, drawn inside out, unlit and
after the scene, so it only shows round the die's silhouette), and with shaders a rim light on
grazing angles only. An overlay node (a card's spaces) is itself the mark, shown in the colour.
"""

from __future__ import annotations

from panda3d.core import CullFaceAttrib, LVecBase4f, NodePath, TransparencyAttrib

from blueprints3d.client.render.config import REFRACTION_MASK, SHADOW_MASK

RGBA = tuple[float, float, float, float]

HIGHLIGHT_TAG = "highlight-overlay"  # nodes shown only while highlighted (e.g. a card's spaces)
OUTLINE_NAME = "highlight-outline"  # the inside-out copy that draws a highlighted die's outline
OUTLINE_SCALE = 1.22  # the outline's size, relative to what it outlines

# Above the per-node defaults (priority 0), so highlighting a parent (a whole stack) shows
# through the defaults that every shaded node carries.
_HIGHLIGHT_PRIORITY = 1
_OVERRIDE = 100  # the outline's own state wins over anything inherited from the die


def set_highlight(nodepath: NodePath, rgba: RGBA | None) -> None:
    """Mark a die or surface in ``rgba`` (alpha = strength), or clear the mark with None.

    An overlay node (tagged ``highlight-overlay``, like a card's spaces) is shown in that colour
    while highlighted and hidden otherwise. Any other node gets an outline in that colour (and,
    with shaders, a rim light: the ``highlight`` shader input); its own colour stays as it is.
    """
    if nodepath.has_tag(HIGHLIGHT_TAG):
        if rgba is None:
            nodepath.hide()
        else:
            nodepath.set_color(*rgba)
            nodepath.set_shader_input("highlight", LVecBase4f(*rgba), priority=_HIGHLIGHT_PRIORITY)
            nodepath.show()
        return
    outline = nodepath.find(OUTLINE_NAME)
    if rgba is None:
        nodepath.set_shader_input("highlight", LVecBase4f(0, 0, 0, 0), priority=_HIGHLIGHT_PRIORITY)
        if not outline.is_empty():
            outline.hide()
        return
    r, g, b, a = rgba
    nodepath.set_shader_input("highlight", LVecBase4f(r, g, b, a), priority=_HIGHLIGHT_PRIORITY)
    if outline.is_empty():
        outline = _make_outline(nodepath)
    # Faint marks (a hover) are thinner in colour, never in size: the outline stays readable.
    outline.set_color(r, g, b, min(1.0, 0.45 + a), _OVERRIDE)
    outline.show()
    outline.hide(SHADOW_MASK | REFRACTION_MASK)


def outline_of(nodepath: NodePath) -> NodePath:
    """The outline node of a highlighted node (empty if it was never highlighted)."""
    return nodepath.find(OUTLINE_NAME)


def _make_outline(nodepath: NodePath) -> NodePath:
    """An inside-out, unlit copy of ``nodepath``'s meshes, a little larger, about its origin."""
    outline = NodePath(OUTLINE_NAME)
    for geom in nodepath.find_all_matches("**/+GeomNode"):
        copy = geom.copy_to(outline)
        copy.set_transform(geom.get_transform(nodepath))
        copy.clear_texture()
    outline.reparent_to(nodepath)
    outline.set_scale(OUTLINE_SCALE)
    # Back faces only: the die's own front faces are nearer, so inside its silhouette the
    # outline fails the depth test; drawn after the scene (the fixed bin) so even glass, which
    # writes depth, hides it. Unlit and untextured: the same colour with shaders and without.
    outline.set_attrib(CullFaceAttrib.make_reverse(), _OVERRIDE)
    outline.set_shader_off(_OVERRIDE)
    outline.set_light_off(_OVERRIDE)
    outline.set_texture_off(_OVERRIDE)
    outline.set_material_off(_OVERRIDE)
    outline.set_transparency(TransparencyAttrib.M_alpha, _OVERRIDE)
    outline.set_bin("fixed", 10, _OVERRIDE)
    outline.set_depth_write(False, _OVERRIDE)
    return outline
