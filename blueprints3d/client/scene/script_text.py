"""Text in any of the program's scripts, made ready for Panda3D's TextNode: the right font for each
run of letters, and right-to-left runs in the right order.

Panda3D (1.10.16, ``text-use-harfbuzz #t`` in blueprints3d.prc) shapes each run of text that has
one set of TextProperties with HarfBuzz, so Persian letters join; but it takes a whole line as one
run, which a Persian sentence holding "Blueprints 3" would turn into "3 stnirpeulB". ``panda_text``
therefore splits every line with the Unicode bidirectional algorithm (``i18n.bidi``) into runs of
one direction, puts them in the order they stand on screen, and marks each with its direction
and, where its script needs another font than the interface's, that font, through
TextPropertiesManager's embedded ``\\1name\\1 ... \\2`` properties. Plain Latin text in a
left-to-right interface comes back unchanged, so English and German cost nothing.

Fonts load when first needed: Vazirmatn for Arabic-script letters, Noto Sans CJK SC (a subset of
the common characters, tools/subset_fonts.py) for Chinese, Panda3D's default font for the rest.
A name in another script than the interface's still shows: the font follows the letters.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache, cache

from direct.gui.OnscreenText import OnscreenText
from panda3d.core import (
    DynamicTextFont,
    Filename,
    FontPool,
    TextFont,
    TextNode,
    TextProperties,
    TextPropertiesManager,
)

from blueprints3d import i18n, resources
from blueprints3d.i18n import bidi
from blueprints3d.i18n.arabic_forms import presentation_forms

PERSIAN_FONT = "Vazirmatn-Regular.ttf"
CJK_FONT = "NotoSansSC-Subset.otf"
LATIN_PICTURE_FONT = "DejaVuSans.ttf"  # the cards' and the share card's (client/scene/card_model)
FONTS_PACKAGE = "blueprints3d.client.scene.fonts"
# The interface font of each language; the others use the Latin one (DejaVu Sans).
LANGUAGE_FONT = {"fa": "persian", "zh": "cjk"}
# How much larger than its share of the window a language's type is drawn. Han characters need
# 15-16 pixels to be read, and Noto Sans CJK's line (1.45 of its size, Panda3D's font's is 0.99)
# leaves them at two thirds of the line the layout gives: 12 px on a 1280x720 key strip.
LANGUAGE_TEXT_SCALE = {"zh": 1.3}

_RTL, _LTR = "bp-rtl", "bp-ltr"
_MARKS = {0x200E: None, 0x200F: None, 0x061C: None}
_FONT_PROPS = {"persian": "bp-font-persian", "cjk": "bp-font-cjk", "latin": "bp-font-latin"}


@lru_cache(maxsize=1)
def panda_font() -> TextFont:
    """Panda3D's own default font (the Latin font the table has always used), before
    ``use_language`` makes another language's font the default."""
    return TextNode.get_default_font()


@cache
def font(script: str) -> TextFont:
    """The font of a script: "persian", "cjk" or "latin" (DejaVu Sans, the cards' and the share
    card's: one family for the whole program, with lining figures, where Panda3D's own font
    draws a 0 like an o), loaded once."""
    name = {"persian": PERSIAN_FONT, "cjk": CJK_FONT}.get(script, LATIN_PICTURE_FONT)
    path = resources.file_path(FONTS_PACKAGE, name)
    loaded = FontPool.load_font(Filename.from_os_specific(str(path)).get_fullpath())
    if loaded is None or not loaded.is_valid():
        raise RuntimeError(f"the font {name} cannot be loaded")
    if isinstance(loaded, DynamicTextFont):
        # Glyphs of complex scripts have fine detail: render them sharper than Latin's default.
        loaded.set_pixels_per_unit(48)
    return loaded


def script_of(c: str) -> str | None:
    """The script a character needs a font for, or None for one any font has (space, digits,
    punctuation shared by all) — it follows the letters around it."""
    o = ord(c)
    if (
        0x0600 <= o <= 0x06FF
        or 0x0750 <= o <= 0x077F
        or 0xFB50 <= o <= 0xFDFF
        or 0xFE70 <= o <= 0xFEFF
    ):
        return "persian"
    if (
        0x2E80 <= o <= 0x9FFF
        or 0xF900 <= o <= 0xFAFF
        or 0xFF00 <= o <= 0xFFEF
        or 0x3000 <= o <= 0x303F
        or 0x20000 <= o <= 0x2FFFF
    ):
        return "cjk"
    if (
        c in " \u200c\u200d"
        or unicodedata.category(c)[0] in "NPZ"
        or (c.isascii() and not c.isalpha())
    ):
        return None
    return "latin"


@lru_cache(maxsize=4096)
def has_glyph(script: str, c: str) -> bool:
    """Whether the font of ``script`` draws ``c`` (Panda3D gives a plain TextGlyph, a box, for a
    character a dynamic font lacks)."""
    return type(font(script).get_glyph(ord(c))).__name__ == "DynamicTextGlyph"


def interface_script(lang: str | None = None) -> str:
    return LANGUAGE_FONT.get(lang or i18n.language(), "latin")


def interface_font(lang: str | None = None) -> TextFont:
    """The font the interface of ``lang`` (default: the current language) is set in."""
    return font(interface_script(lang))


def text_scale(lang: str | None = None) -> float:
    """The factor the interface of ``lang`` (default: the current language) enlarges its lines
    by (``LANGUAGE_TEXT_SCALE``; 1 for most)."""
    return LANGUAGE_TEXT_SCALE.get(lang or i18n.language(), 1.0)


def is_rtl(lang: str | None = None) -> bool:
    return (lang or i18n.language()) in i18n.RTL_LANGUAGES


def use_language(lang: str) -> None:
    """Speak ``lang`` from now on: its catalogue, and its font as the one every new text and
    DirectGUI widget is set in (Panda3D's default font for English and German, so they load
    nothing more)."""
    from direct.gui import DirectGuiGlobals as DGG

    panda_font()  # remembered before it stops being the default
    i18n.set_language(lang)
    chosen = interface_font(lang)
    TextNode.set_default_font(chosen)
    DGG.setDefaultFont(chosen)


def _register() -> None:
    manager = TextPropertiesManager.get_global_ptr()
    if manager.has_properties(_RTL):
        return
    rtl, ltr = TextProperties(), TextProperties()
    rtl.set_direction(TextProperties.D_rtl)
    ltr.set_direction(TextProperties.D_ltr)
    manager.set_properties(_RTL, rtl)
    manager.set_properties(_LTR, ltr)


def _font_props(script: str) -> str:
    name = _FONT_PROPS[script]
    manager = TextPropertiesManager.get_global_ptr()
    if not manager.has_properties(name):
        props = TextProperties()
        props.set_font(font(script))
        manager.set_properties(name, props)
    return name


def _by_script(text: str, base: str) -> list[tuple[str, str]]:
    """``text`` cut where its script changes; characters of no script join the run they are in."""
    out: list[tuple[str, str]] = []
    for c in text:
        s = script_of(c)
        if s == "latin" and s != base and has_glyph(base, c):
            # The interface's own font has it (Latin letters in Vazirmatn or Noto, "×"): no font
            # change, so a line keeps one height and one look. Persian and Chinese letters always
            # take their own font (DejaVu Sans has Arabic letters, but Persian is Vazirmatn's).
            s = None
        if s is None:
            s = out[-1][1] if out else base
        if out and out[-1][1] == s:
            out[-1] = (out[-1][0] + c, s)
        else:
            out.append((c, s))
    # A run of shared characters at the start belongs with the letters after it.
    if len(out) > 1 and all(script_of(c) is None for c in out[0][0]):
        first, second = out[0], out[1]
        out[0:2] = [(first[0] + second[0], second[1])]
    return out


def needs_markup(text: str, lang: str | None = None, base: str | None = None) -> bool:
    base = base or interface_script(lang)
    return is_rtl(lang) or bidi.has_rtl(text) or any(script_of(c) not in (None, base) for c in text)


# A span between two left-to-right marks (i18n._value marks a path, a command or a Latin name
# so inside a right-to-left sentence) is set as an isolate (UAX #9's LRI ... PDI): its own
# left-to-right run, standing to the text around it as one neutral character. bidi.py reads no
# isolates, so while the line is ordered each span is stood in for by a neutral of its own.
_ISOLATED = re.compile("\u200e([^\u200e\n]+)\u200e")
_HOLDERS = "\ufffc\ufffd\u2e00\u2e01\u2e06\u2e07\u2e08\u2e0b"  # bidi class ON, unmirrored


def isolated(line: str) -> tuple[str, dict[str, str]]:
    """``line`` with each marked span (``\u200espan\u200e``) replaced by a stand-in neutral, and
    the spans by their stand-ins (as many as there are stand-ins; any more stay marked)."""
    spans: dict[str, str] = {}

    def hold(m: re.Match[str]) -> str:
        free = [h for h in _HOLDERS if h not in line and h not in spans]
        if not free:
            return m.group(0)
        spans[free[0]] = m.group(1)
        return free[0]

    return _ISOLATED.sub(hold, line), spans


def panda_line(line: str, lang: str | None = None, base: str | None = None) -> str:
    """One line (no newline) as Panda3D's TextNode should be given it. ``base``: the script the
    node's own font covers (default: the interface's); letters of any other get their font."""
    base = base or interface_script(lang)
    if not needs_markup(line, lang, base):
        return line
    _register()
    line, spans = isolated(line)
    out = []
    for run in bidi.visual_runs(line, rtl=is_rtl(lang)):
        # Direction marks (LRM, RLM, ALM) have done their work: they are not drawn.
        text = run.text.translate(_MARKS)
        pieces = [p for p in re.split(f"([{''.join(spans)}])", text) if p] if spans else [text]
        # A stand-in becomes its span, a left-to-right run of its own; the pieces of a right-to-
        # left run stand on screen in the reverse of their reading order.
        runs = [bidi.Run(spans[p], 0) if p in spans else bidi.Run(p, run.level) for p in pieces]
        out += [_marked(r, base) for r in (reversed(runs) if run.rtl else runs)]
    return "".join(out)


def _marked(run: bidi.Run, base: str) -> str:
    """One run of one direction in Panda3D's markup: its direction, and each other script's font."""
    # Spaces at a run's ends go outside it, where they stand on screen (a right-to-left run's
    # last space is at its left): Panda3D drops the spaces that end a line of text, which
    # would swallow the gap between two runs when a run's own end is the string's end.
    core = run.text.strip(" ")
    lead, trail = (
        run.text[: len(run.text) - len(run.text.lstrip(" "))],
        run.text[len(run.text.rstrip(" ")) :],
    )
    if not core:
        return run.text
    parts = [
        part if script == base else f"\1{_font_props(script)}\1{part}\2"
        for part, script in _by_script(core, base)
    ]
    # Panda3D shapes each part (each font) on its own and lays the parts out left to right:
    # in a right-to-left run the part read first must stand rightmost, so they go reversed.
    inner = "".join(reversed(parts) if run.rtl else parts)
    marked = f"\1{_RTL if run.rtl else _LTR}\1{inner}\2"
    return trail + marked + lead if run.rtl else lead + marked + trail


def panda_text(
    text: str,
    lang: str | None = None,
    wordwrap: float | None = None,
    text_font: TextFont | None = None,
) -> str:
    """``text`` (lines in reading order) as Panda3D's TextNode should be given it. With
    ``wordwrap`` (the node's, in its units) a line that holds right-to-left letters is broken into
    lines here first, in reading order, since Panda3D would break the reordered line at the wrong
    places. ``text_font``: the node's font when it is not the interface's (the fixed-width one):
    it is taken to hold Latin letters only."""
    base = (
        interface_script(lang)
        if text_font is None or text_font == interface_font(lang)
        else "latin"
    )
    if "\1" in text or "\2" in text:
        # Already Panda3D's markup (a caller's own TextProperties): its letters are not plain
        # text to reorder; the caller gives each plain part to panda_text and marks it up after.
        return text
    if not text or not needs_markup(text, lang, base):
        return text
    if wordwrap:
        text = wrapped(text, wordwrap, text_font or interface_font(lang))
    return "\n".join(panda_line(line, lang, base) for line in text.split("\n"))


def wrapped(text: str, wordwrap: float, text_font: TextFont) -> str:
    """``text`` with the line breaks Panda3D's word wrap puts in it at ``wordwrap`` units."""
    probe = TextNode("wrap-probe")
    probe.set_font(text_font)
    probe.set_wordwrap(wordwrap)
    probe.set_text(text)
    return probe.get_wordwrapped_text()


def panda_items(words: list[str]) -> list[str]:
    """A DirectOptionMenu's items: each word as it must be shown."""
    return [panda_text(w) for w in words]


def from_panda(words: list[str], item: str) -> str:
    """The word of ``words`` a menu item shows: a DirectOptionMenu gives back (``get``, its
    command) the item as shown, which for Persian or Chinese is not the word itself."""
    return words[panda_items(words).index(item)]


# -- text drawn into pictures by PNMTextMaker (the share card, the cards' titles) ----------------
#
# PNMTextMaker places a glyph per character, one font per call, no HarfBuzz: the text it is given
# is chosen a font by its letters and, when it holds Persian, given in joined forms and in the
# order it is seen (``arabic_forms``, ``bidi.display``).


def picture_script(text: str) -> str:
    """The font a picture's ``text`` is drawn in: "cjk" for any Chinese in it, else "persian"
    for any Arabic-script letter, else "latin" (the cards' DejaVu Sans)."""
    scripts = {script_of(c) for c in text}
    return "cjk" if "cjk" in scripts else "persian" if "persian" in scripts else "latin"


def picture_font_path(script: str) -> Filename:
    name = {"persian": PERSIAN_FONT, "cjk": CJK_FONT}.get(script, LATIN_PICTURE_FONT)
    return Filename.from_os_specific(str(resources.file_path(FONTS_PACKAGE, name)))


def picture_text(text: str, rtl: bool | None = None) -> str:
    """``text`` as PNMTextMaker must be given it: each line with Persian letters in joined forms
    and in screen order (``rtl``: the line reads right to left; default: the interface does)."""
    if not bidi.has_rtl(text):
        return text
    rtl = is_rtl() if rtl is None else rtl
    out = []
    for line in text.split("\n"):
        held, spans = isolated(line)  # a marked span: an isolate, as on screen (panda_line)
        shown = bidi.display(presentation_forms(held), rtl).translate(_MARKS)
        for h, span in spans.items():
            shown = shown.replace(h, bidi.display(presentation_forms(span), False))
        out.append(shown)
    return "\n".join(out)


class ScriptText(OnscreenText):
    """An OnscreenText that shows any script (see ``panda_text``): its font is the interface's, each
    text it is given goes through ``panda_text`` with its own word wrap, and ``getText`` gives back the
    text as given, in reading order. In a right-to-left interface an ``align`` left is turned to
    right (panels mirror: ``client/scene/mirror``)."""

    def __init__(self, *args, **kwargs) -> None:
        self._given = ""
        if kwargs.get("font") is None:
            kwargs["font"] = interface_font()
        super().__init__(*args, **kwargs)

    def setText(self, text: str) -> None:
        self._given = text
        node = self.textNode
        wrap = node.get_wordwrap() if node.has_wordwrap() else None
        super().setText(panda_text(text, wordwrap=wrap, text_font=node.get_font()))

    def getText(self) -> str:
        return self._given

    def setWordwrap(self, wordwrap: float | None) -> None:
        """A new width: the text is broken again, in reading order (``panda_text``)."""
        # None clears the wrap (OnscreenText.setWordwrap), which the stubs leave out.
        super().setWordwrap(wordwrap)  # type: ignore[arg-type]
        if self._given:
            self.setText(self._given)

    text = property(getText, setText)
    wordwrap = property(OnscreenText.getWordwrap, setWordwrap)
