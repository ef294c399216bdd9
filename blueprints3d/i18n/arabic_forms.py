"""Persian (Arabic-script) letters in their joined forms, for text drawn without a shaper.

The table's text is shaped by HarfBuzz inside Panda3D's TextNode. Two pictures are drawn another
way, by Panda3D's PNMTextMaker, which places one glyph per character and knows no joining: the
share card (``render --card``) and the blueprint cards' printed titles. For them a Persian word
is first turned into Unicode's presentation forms (each letter isolated, final, initial or
medial, as its neighbours join it; lam-alef as one ligature) and then put in screen order with the
bidirectional algorithm (``bidi.display``). Vazirmatn, the Persian font, has every one of these
forms. Panda3D-free and pure.
"""

from __future__ import annotations

import unicodedata

# letter: (isolated, final, initial, medial); two forms for a letter that joins only the one
# before it (alef, dal, reh, waw...).
_FORMS: dict[str, tuple[int, ...]] = {
    "\u0621": (0xFE80,),
    "\u0622": (0xFE81, 0xFE82),
    "\u0623": (0xFE83, 0xFE84),
    "\u0624": (0xFE85, 0xFE86),
    "\u0625": (0xFE87, 0xFE88),
    "\u0626": (0xFE89, 0xFE8A, 0xFE8B, 0xFE8C),
    "\u0627": (0xFE8D, 0xFE8E),
    "\u0628": (0xFE8F, 0xFE90, 0xFE91, 0xFE92),
    "\u0629": (0xFE93, 0xFE94),
    "\u062a": (0xFE95, 0xFE96, 0xFE97, 0xFE98),
    "\u062b": (0xFE99, 0xFE9A, 0xFE9B, 0xFE9C),
    "\u062c": (0xFE9D, 0xFE9E, 0xFE9F, 0xFEA0),
    "\u062d": (0xFEA1, 0xFEA2, 0xFEA3, 0xFEA4),
    "\u062e": (0xFEA5, 0xFEA6, 0xFEA7, 0xFEA8),
    "\u062f": (0xFEA9, 0xFEAA),
    "\u0630": (0xFEAB, 0xFEAC),
    "\u0631": (0xFEAD, 0xFEAE),
    "\u0632": (0xFEAF, 0xFEB0),
    "\u0633": (0xFEB1, 0xFEB2, 0xFEB3, 0xFEB4),
    "\u0634": (0xFEB5, 0xFEB6, 0xFEB7, 0xFEB8),
    "\u0635": (0xFEB9, 0xFEBA, 0xFEBB, 0xFEBC),
    "\u0636": (0xFEBD, 0xFEBE, 0xFEBF, 0xFEC0),
    "\u0637": (0xFEC1, 0xFEC2, 0xFEC3, 0xFEC4),
    "\u0638": (0xFEC5, 0xFEC6, 0xFEC7, 0xFEC8),
    "\u0639": (0xFEC9, 0xFECA, 0xFECB, 0xFECC),
    "\u063a": (0xFECD, 0xFECE, 0xFECF, 0xFED0),
    "\u0641": (0xFED1, 0xFED2, 0xFED3, 0xFED4),
    "\u0642": (0xFED5, 0xFED6, 0xFED7, 0xFED8),
    "\u0643": (0xFED9, 0xFEDA, 0xFEDB, 0xFEDC),
    "\u0644": (0xFEDD, 0xFEDE, 0xFEDF, 0xFEE0),
    "\u0645": (0xFEE1, 0xFEE2, 0xFEE3, 0xFEE4),
    "\u0646": (0xFEE5, 0xFEE6, 0xFEE7, 0xFEE8),
    "\u0647": (0xFEE9, 0xFEEA, 0xFEEB, 0xFEEC),
    "\u0648": (0xFEED, 0xFEEE),
    "\u0649": (0xFEEF, 0xFEF0),
    "\u064a": (0xFEF1, 0xFEF2, 0xFEF3, 0xFEF4),
    "\u067e": (0xFB56, 0xFB57, 0xFB58, 0xFB59),
    "\u0686": (0xFB7A, 0xFB7B, 0xFB7C, 0xFB7D),
    "\u0698": (0xFB8A, 0xFB8B),
    "\u06a9": (0xFB8E, 0xFB8F, 0xFB90, 0xFB91),
    "\u06af": (0xFB92, 0xFB93, 0xFB94, 0xFB95),
    "\u06c0": (0xFBA4, 0xFBA5),
    "\u06cc": (0xFBFC, 0xFBFD, 0xFBFE, 0xFBFF),
}
# lam + alef: one glyph (isolated, final).
_LAM_ALEF = {
    "\u0622": (0xFEF5, 0xFEF6),
    "\u0623": (0xFEF7, 0xFEF8),
    "\u0625": (0xFEF9, 0xFEFA),
    "\u0627": (0xFEFB, 0xFEFC),
}
_LAM = "\u0644"
_ZWJ = "\u200d"


def _transparent(c: str) -> bool:
    """A mark (a vowel sign) that sits on a letter without breaking its joining."""
    return unicodedata.category(c) == "Mn"


def _joins_next(c: str | None) -> bool:
    """Whether ``c`` can join the letter after it (has initial and medial forms)."""
    return c is not None and (len(_FORMS.get(c, ())) == 4 or c == _ZWJ)


def _joins_previous(c: str | None) -> bool:
    return c is not None and (len(_FORMS.get(c, ())) >= 2 or c == _ZWJ)


def presentation_forms(text: str) -> str:
    """``text`` (reading order) with each Arabic-script letter in the form its neighbours give
    it. A ZWNJ (U+200C) keeps two letters apart, as in Persian it must; it stays in the text."""
    letters = list(text)
    out: list[str] = []
    i = 0
    n = len(letters)

    def neighbour(k: int, step: int) -> str | None:
        k += step
        while 0 <= k < n and _transparent(letters[k]):
            k += step
        return letters[k] if 0 <= k < n else None

    while i < n:
        c = letters[i]
        forms = _FORMS.get(c)
        if forms is None:
            out.append(c)
            i += 1
            continue
        before = neighbour(i, -1)
        joined_before = _joins_next(before)
        nxt = neighbour(i, 1)
        if c == _LAM and nxt in _LAM_ALEF:
            out.append(chr(_LAM_ALEF[nxt][1 if joined_before else 0]))
            # skip to the alef (and any marks between)
            i += 1
            while i < n and letters[i] != nxt:
                out.append(letters[i])
                i += 1
            i += 1
            continue
        joined_after = len(forms) == 4 and _joins_previous(nxt)
        if joined_before and len(forms) >= 2:
            form = forms[3] if joined_after else forms[1]
        else:
            form = forms[2] if joined_after else forms[0]
        out.append(chr(form))
        i += 1
    return "".join(out)
