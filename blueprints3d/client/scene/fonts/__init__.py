"""Fonts the scene and panels use: shipped here, or Panda3D's own (nothing read from the system).

DejaVu Sans prints the cards and is the interface's Latin font (``script_text.font``). DejaVu
Sans Mono (its licence in ``DejaVuSansMono-LICENSE.txt``, free to ship) is fixed-width, for the
sandbox's listing whose columns line up. Vazirmatn (Persian) and Noto Sans CJK SC cut to the common
characters (Chinese; ``tools/subset_fonts.py``), both under the SIL Open Font License (their
``-LICENSE.txt`` files), are loaded by ``client/scene/script_text.py`` when their letters are
needed.
"""

from __future__ import annotations

from functools import lru_cache

from panda3d.core import Filename, FontPool, TextFont, TextNode

from blueprints3d import resources

MONO_FONT = "DejaVuSansMono.ttf"


@lru_cache(maxsize=1)
def mono_font() -> TextFont:
    """The fixed-width font; Panda3D's default font if it cannot be loaded."""
    path = resources.file_path(__package__, MONO_FONT)
    font = FontPool.load_font(Filename.from_os_specific(str(path)).get_fullpath())
    if font is None or not font.is_valid():
        return TextNode.get_default_font()
    return font
