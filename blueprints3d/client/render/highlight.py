"""Highlights: a die, stack or surface lit up in a colour, with and without shaders alike, so
hover and legal-move marks never depend on the shader path."""

from __future__ import annotations

from panda3d.core import LVecBase4f, NodePath, TextureStage

from blueprints3d.client.render.shaders import shaders_enabled
from blueprints3d.client.render.textures import white_texture

RGBA = tuple[float, float, float, float]

HIGHLIGHT_TAG = "highlight-overlay"  # nodes shown only while highlighted (e.g. a card's spaces)

# Above the per-node defaults (priority 0), so highlighting a parent (a whole stack) shows
# through the defaults that every shaded node carries.
_HIGHLIGHT_PRIORITY = 1


def set_highlight(nodepath: NodePath, rgba: RGBA | None) -> None:
    """Light up a die or surface in ``rgba`` (alpha = strength), or clear it with None.

    An overlay node (tagged ``highlight-overlay``, like a card's spaces) is shown in that colour
    while highlighted and hidden otherwise. Any other node gets a glow added to its own shading:
    a shader input with shaders on, an additive texture stage without.
    """
    if nodepath.has_tag(HIGHLIGHT_TAG):
        if rgba is None:
            nodepath.hide()
        else:
            nodepath.set_color(*rgba)
            nodepath.set_shader_input("highlight", LVecBase4f(*rgba), priority=_HIGHLIGHT_PRIORITY)
            nodepath.show()
        return
    if rgba is None:
        nodepath.set_shader_input("highlight", LVecBase4f(0, 0, 0, 0), priority=_HIGHLIGHT_PRIORITY)
        for stage in _HIGHLIGHT_STAGES.values():
            nodepath.clear_texture(stage)
        return
    r, g, b, a = rgba
    nodepath.set_shader_input("highlight", LVecBase4f(r, g, b, a), priority=_HIGHLIGHT_PRIORITY)
    if not shaders_enabled():
        for stage in _HIGHLIGHT_STAGES.values():
            nodepath.clear_texture(stage)
        nodepath.set_texture(_highlight_stage_for(rgba), white_texture())


_HIGHLIGHT_STAGES: dict[tuple[float, ...], TextureStage] = {}


def _highlight_stage_for(rgba: RGBA) -> TextureStage:
    """One stage per highlight colour (a stage's constant colour is shared by every node using it)."""
    key = tuple(round(c, 3) for c in rgba)
    stage = _HIGHLIGHT_STAGES.get(key)
    if stage is None:
        r, g, b, a = rgba
        stage = TextureStage(f"highlight-{len(_HIGHLIGHT_STAGES)}")
        stage.set_sort(100)
        stage.set_combine_rgb(TextureStage.CM_add,
                              TextureStage.CS_previous, TextureStage.CO_src_color,
                              TextureStage.CS_constant, TextureStage.CO_src_color)
        stage.set_combine_alpha(TextureStage.CM_replace,
                                TextureStage.CS_previous, TextureStage.CO_src_alpha)
        stage.set_color(LVecBase4f(r * a * 0.6, g * a * 0.6, b * a * 0.6, 0.0))
        _HIGHLIGHT_STAGES[key] = stage
    return stage



