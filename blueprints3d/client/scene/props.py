"""Plain props for the table, and flat or standing text labels.

The props' geometry is fixed, so it is an asset: ``models/<name>.bam`` from
``tools/make_models.py`` (the table, a screen board, the scoreboard, the bag, an Award or Prize
card's blank). ``prop`` hands out a copy that shares the model's vertex buffers; the caller
colours it. Dice and blueprint cards come from ``dice_model`` and ``card_model``.
"""

from __future__ import annotations

import re
from itertools import combinations

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


def line_choices(text: str, most: int = 3) -> list[list[str]]:
    """The ways to set ``text`` on 1 to ``most`` lines, broken only between words (at its spaces
    and line breaks, never inside a word): for each number of lines the most even split. A line
    break between two Han characters ("结构\n完整奖") joins without a space on one line."""
    words, joints = _words(text)
    if not words:
        return [[""]]
    out = []
    for k in range(1, min(most, len(words)) + 1):
        best: list[str] | None = None
        best_len = float("inf")
        for cuts in _cuts(len(words), k):
            lines = [
                "".join(w + (joints[n] if n < b - 1 else "") for n, w in enumerate(words[a:b], a))
                for a, b in zip((0, *cuts), (*cuts, len(words)), strict=True)
            ]
            longest = max(len(line) for line in lines)
            if longest < best_len:
                best, best_len = lines, longest
        if best is not None:
            out.append(best)
    return out


def _words(text: str) -> tuple[list[str], list[str]]:
    """``text``'s words, and what joins each to the next on one line: a space, or nothing for a
    line break between two characters of a script written without spaces (Chinese)."""
    words: list[str] = []
    joints: list[str] = []
    for k, part in enumerate(re.split(r"(\s+)", text.strip())):
        if k % 2 == 0:
            words.append(part)
        else:
            tight = " " not in part and _unspaced(words[-1][-1:])
            joints.append("" if tight else " ")
    # A joint stays tight only when the next word is unspaced too.
    for n in range(len(joints)):
        if joints[n] == "" and not _unspaced(words[n + 1][:1]):
            joints[n] = " "
    return [w for w in words if w], joints


def _unspaced(c: str) -> bool:
    return bool(c) and 0x2E80 <= ord(c) <= 0x9FFF


def _cuts(n: int, k: int) -> list[tuple[int, ...]]:
    """Every way to cut ``n`` words into ``k`` non-empty lines: the cut points."""
    return list(combinations(range(1, n), k - 1))


def fit_label(
    np_: NodePath,
    text: str,
    box: tuple[float, float, float, float],
    most_scale: float,
    most_lines: int = 3,
) -> None:
    """Set ``text`` on the flat label ``np_`` as large as ``most_scale`` allows and small enough
    to lie inside ``box`` (left, right, bottom, top on its parent, in the parent's units), on as
    many lines (up to ``most_lines``) as make it largest, broken between words only, centred in
    the box. The lines, in reading order, are kept as the node's python tag "lines"."""
    tn = np_.node()
    if not isinstance(tn, TextNode):
        raise TypeError(f"{np_} is no text label")
    tn.clear_wordwrap()
    left, right, bottom, top = box
    best: tuple[float, list[str]] | None = None
    for lines in line_choices(text, most_lines):
        tn.set_text(panda_text("\n".join(lines)))
        w = max(tn.get_right() - tn.get_left(), 1e-6)
        h = max(tn.get_top() - tn.get_bottom(), 1e-6)
        scale = min(most_scale, (right - left) / w, (top - bottom) / h)
        if best is None or scale > best[0] * 1.001:
            best = (scale, lines)
    assert best is not None
    scale, lines = best
    tn.set_text(panda_text("\n".join(lines)))
    np_.set_scale(scale)
    np_.set_python_tag("lines", lines)
    # Centred in the box: the text's own middle (its rows' extent) on the box's middle.
    mid_x = (tn.get_left() + tn.get_right()) / 2 * scale
    mid_z = (tn.get_bottom() + tn.get_top()) / 2 * scale
    x, y, z = np_.get_pos()
    np_.set_pos((left + right) / 2 - mid_x, (bottom + top) / 2 - mid_z, z)
