"""Plain props for the table, and flat or standing text labels.

The props' geometry is fixed, so it is an asset: ``models/<name>.bam`` from
``tools/make_models.py`` (the table, a screen board, the scoreboard, the bag, an Award or Prize
card's blank). ``prop`` hands out a copy that shares the model's vertex buffers; the caller
colours it. Dice and blueprint cards come from ``dice_model`` and ``card_model``.
"""

from __future__ import annotations

from panda3d.core import NodePath, TextNode, TextureStage, TransparencyAttrib

from blueprints3d.client.render import assets
from blueprints3d.client.render.textures import surface_texture
from blueprints3d.client.scene.script_text import panda_text

RGBA = tuple[float, float, float, float]
PROPS = ("table", "screen", "scoreboard", "bag", "award-card")
BAG_CORD_COLOUR = (0.80, 0.66, 0.36, 1.0)  # the bag's drawstring: a pale gold cord
BAG_INSIDE_COLOUR = (0.06, 0.04, 0.07, 1.0)  # the shadowed inside of its open mouth


def prop(model: str, name: str | None = None, rgba: RGBA | None = None) -> NodePath:
    """A copy of the prop ``model`` (one of ``PROPS``), named ``name``, coloured ``rgba``.

    Its parts are the model's named children (the table's ``table-top``, ``table-edge`` and
    ``table-felt``; the bag's ``bag-body``, ``bag-neck``, ``bag-cord`` and ``bag-inside``), to be
    styled one by one. The felt comes with its nap and the bag's cloth with its weave (grey textures that
    multiply whatever colour the caller gives), the bag's cord in its own colour.
    """
    if model not in PROPS:
        raise ValueError(f"no prop {model!r}: expected one of {', '.join(PROPS)}")
    root = NodePath(name or model)
    for child in assets.load_model(model).get_children():
        child.copy_to(root)  # copies the node, shares its Geoms
    felt = root.find("table-felt")
    if not felt.is_empty():
        felt.set_texture(TextureStage.get_default(), surface_texture("felt"))
    for part in ("bag-body", "bag-neck"):
        cloth = root.find(part)
        if not cloth.is_empty():
            cloth.set_texture(TextureStage.get_default(), surface_texture("cloth"))
    for part, colour in (("bag-cord", BAG_CORD_COLOUR), ("bag-inside", BAG_INSIDE_COLOUR)):
        node = root.find(part)
        if not node.is_empty():
            node.set_color(*colour)
    if rgba is not None:
        root.set_color(*rgba)
        if rgba[3] < 1.0:
            root.set_transparency(TransparencyAttrib.M_alpha)
    return root


def make_label(
    name: str,
    text: str,
    rgba: RGBA = (0.1, 0.1, 0.1, 1),
    scale: float = 1.0,
    flat: bool = True,
    wordwrap: float | None = None,
) -> NodePath[TextNode]:
    """Text in the scene: lying flat on the table (``flat``) or standing, centred."""
    tn = TextNode(name)
    tn.set_align(TextNode.A_center)
    tn.set_text_color(*rgba)
    if wordwrap:
        tn.set_wordwrap(wordwrap)
    tn.set_text(panda_text(text, wordwrap=wordwrap))  # any script, right to left where it is
    np_ = NodePath(tn)
    np_.set_scale(scale)
    if flat:
        np_.set_p(-90)
    np_.set_light_off(1)  # text reads the same whatever the lights
    return np_
