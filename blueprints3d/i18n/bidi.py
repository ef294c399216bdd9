"""The Unicode bidirectional algorithm (UAX #9) for one line of text: which runs read right to left
and in what order the runs stand on the screen.

Panda3D shapes a run of text with HarfBuzz and, when the run is marked right to left, lays its
glyphs out right to left; but it treats a whole line as one run, so "Blueprints 3" inside a Persian
sentence would come out as "3 stnirpeulB". ``visual_runs`` splits a line into the runs of one
direction, in the order they are shown from left to right; each run keeps its characters in
reading (logical) order, and the caller marks the odd-level ones right to left so that HarfBuzz
joins their letters and mirrors their brackets.

What the program's text needs of UAX #9, and no more: one paragraph per line, no explicit
embedding or isolate controls (those characters are treated as boundary neutrals), the weak-type
rules W1-W7, paired brackets (N0), neutrals N1-N2, implicit levels I1-I2, trailing whitespace
L1 and reordering L2. tests/test_bidi.py checks it against python-bidi's full implementation.
Panda3D-free and pure.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

_STRONG_R = {"R", "AL"}
_NEUTRAL = {"B", "S", "WS", "ON", "LRI", "RLI", "FSI", "PDI"}
_EXPLICIT = {"LRE", "LRO", "RLE", "RLO", "PDF", "BN"}
_MAX_BRACKET_DEPTH = 63  # BD16


@dataclass(frozen=True)
class Run:
    """Characters of one embedding level, in reading order; ``rtl`` when the level is odd."""

    text: str
    level: int

    @property
    def rtl(self) -> bool:
        return self.level % 2 == 1


def has_rtl(text: str) -> bool:
    """Whether any character of ``text`` is a right-to-left letter (Hebrew, Arabic script, ...)."""
    return any(unicodedata.bidirectional(c) in _STRONG_R for c in text)


def base_level(text: str, rtl_default: bool = False) -> int:
    """P2-P3: the level of the first strong letter's direction; ``rtl_default`` when there is none."""
    for c in text:
        t = unicodedata.bidirectional(c)
        if t == "L":
            return 0
        if t in _STRONG_R:
            return 1
    return 1 if rtl_default else 0


def levels(text: str, paragraph: int) -> list[int]:
    """The resolved embedding level of each character of one line (``paragraph``: 0 or 1)."""
    n = len(text)
    if n == 0:
        return []
    types = [unicodedata.bidirectional(c) or "L" for c in text]
    original = list(types)
    e = "R" if paragraph % 2 else "L"
    sos = e
    # X9, kept in place: explicit controls and boundary neutrals take the type before them
    # (ZWNJ/ZWJ, U+200C/U+200D, are BN and must stay in a Persian word, joined to its letters).
    for i, t in enumerate(types):
        if t in _EXPLICIT:
            types[i] = "BN"
    types = _weak_types(types, sos)
    _paired_brackets(text, types, original, e, sos)
    _neutral_types(types, sos, e)
    out = _implicit_levels(types, paragraph)
    _line_end_levels(out, original, paragraph)
    return out


def _weak_types(types: list[str], sos: str) -> list[str]:
    """W1-W7: the weak types resolved (``sos``: the type before the line)."""
    n = len(types)
    # W1: a non-spacing mark takes the type of the character before it.
    prev = sos
    for i, t in enumerate(types):
        if t in ("NSM", "BN"):
            types[i] = "ON" if prev in ("LRI", "RLI", "FSI", "PDI") else prev
        prev = types[i]
    # W2: European numbers after Arabic letters are Arabic numbers. W3: AL is R.
    last = sos
    for i, t in enumerate(types):
        if t == "EN" and last == "AL":
            types[i] = "AN"
        if t in ("L", "R", "AL"):
            last = t
    types = ["R" if t == "AL" else t for t in types]
    # W4: one separator between two numbers of a kind joins them.
    for i in range(1, n - 1):
        if types[i] == "ES" and types[i - 1] == types[i + 1] == "EN":
            types[i] = "EN"
        elif types[i] == "CS" and types[i - 1] == types[i + 1] and types[i - 1] in ("EN", "AN"):
            types[i] = types[i - 1]
    # W5: terminators (%, $, +) next to European numbers are numbers.
    i = 0
    while i < n:
        if types[i] == "ET":
            j = i
            while j < n and types[j] == "ET":
                j += 1
            if (i > 0 and types[i - 1] == "EN") or (j < n and types[j] == "EN"):
                for k in range(i, j):
                    types[k] = "EN"
            i = j
        else:
            i += 1
    # W6: the separators and terminators left are neutral.
    types = ["ON" if t in ("ES", "ET", "CS") else t for t in types]
    # W7: European numbers in a left-to-right context are left to right.
    last = sos
    for i, t in enumerate(types):
        if t == "EN" and last == "L":
            types[i] = "L"
        if t in ("L", "R"):
            last = t
    return types


def _neutral_types(types: list[str], sos: str, e: str) -> None:
    """N1-N2, in place (``e``: the embedding direction, also the type after the line)."""
    n = len(types)

    # A run of neutrals between two strong types of one direction takes it (numbers count
    # as right to left); any other run of neutrals takes the embedding direction.
    def strong(t: str) -> str | None:
        return "L" if t == "L" else "R" if t in ("R", "EN", "AN") else None

    i = 0
    while i < n:
        if types[i] in _NEUTRAL:
            j = i
            while j < n and types[j] in _NEUTRAL:
                j += 1
            before = strong(types[i - 1]) if i > 0 else sos
            after = strong(types[j]) if j < n else e  # eos
            fill = before if before == after and before is not None else e
            for k in range(i, j):
                types[k] = fill
            i = j
        else:
            i += 1


def _implicit_levels(types: list[str], paragraph: int) -> list[int]:
    """I1-I2: each character's level from its resolved type."""
    out = []
    for t in types:
        if paragraph % 2 == 0:
            out.append(paragraph + (1 if t == "R" else 2 if t in ("AN", "EN") else 0))
        else:
            out.append(paragraph + (1 if t in ("L", "EN", "AN") else 0))
    return out


def _line_end_levels(out: list[int], original: list[str], paragraph: int) -> None:
    """L1, in place: whitespace at the end of the line (and before tabs and segment separators)
    goes back to the paragraph level."""
    n = len(out)
    i = n - 1
    while i >= 0 and original[i] in (
        "WS",
        "FSI",
        "LRI",
        "RLI",
        "PDI",
        "BN",
        "LRE",
        "RLE",
        "LRO",
        "RLO",
        "PDF",
    ):
        out[i] = paragraph
        i -= 1
    for i, t in enumerate(original):
        if t in ("S", "B"):
            out[i] = paragraph
            k = i - 1
            while k >= 0 and original[k] in ("WS", "BN"):
                out[k] = paragraph
                k -= 1


def _paired_brackets(text: str, types: list[str], original: list[str], e: str, sos: str) -> None:
    """N0: a pair of brackets takes the direction of the text it encloses (or of the context when
    that differs from the embedding's and the enclosed text has the context's direction)."""
    stack: list[tuple[str, int]] = []
    pairs: list[tuple[int, int]] = []
    for i, c in enumerate(text):
        if types[i] != "ON":
            continue
        kind = unicodedata.bidirectional(c) == "ON" and _bracket(c)
        if kind == "open":
            if len(stack) >= _MAX_BRACKET_DEPTH:
                return
            stack.append((_mirror(c), i))
        elif kind == "close":
            for depth in range(len(stack) - 1, -1, -1):
                if stack[depth][0] == c or (c, stack[depth][0]) in (
                    ("\u232a", "\u3009"),
                    ("\u3009", "\u232a"),
                ):
                    pairs.append((stack[depth][1], i))
                    del stack[depth:]
                    break
    pairs.sort()

    def direction(t: str) -> str | None:
        return "L" if t == "L" else "R" if t in ("R", "EN", "AN") else None

    for start, end in pairs:
        inside = {direction(t) for t in types[start + 1 : end]} - {None}
        if not inside:
            continue
        if e in inside:
            chosen = e
        else:
            context = sos
            for k in range(start - 1, -1, -1):
                d = direction(types[k])
                if d is not None:
                    context = d
                    break
            chosen = context if context != e else e
            if context != e and context not in inside:
                chosen = e
        types[start] = types[end] = chosen
        for k in (start, end):  # non-spacing marks after a bracket follow it
            j = k + 1
            while j < len(types) and original[j] == "NSM":
                types[j] = chosen
                j += 1


def _bracket(c: str) -> str | None:
    # Unicode's paired brackets that the program's text can hold (BidiBrackets.txt's common ones).
    if c in "([{\u2329\u3008\u300a\u300c\u300e\u3010\uff08\uff3b\uff5b":
        return "open"
    if c in ")]}\u232a\u3009\u300b\u300d\u300f\u3011\uff09\uff3d\uff5d":
        return "close"
    return None


_MIRRORS = dict(
    zip(
        "([{<\u2329\u3008\u300a\u300c\u300e\u3010\uff08\uff3b\uff5b",
        ")]}>\u232a\u3009\u300b\u300d\u300f\u3011\uff09\uff3d\uff5d",
        strict=True,
    )
)
_MIRRORS.update({v: k for k, v in _MIRRORS.items()})


def _mirror(c: str) -> str:
    return _MIRRORS.get(c, c)


def visual_runs(line: str, rtl: bool = False) -> list[Run]:
    """The runs of one line (no newline in it), left to right as shown. ``rtl``: the line is a
    right-to-left paragraph (the interface is Persian); else a left-to-right one, as the rest of
    the interface is, which a Persian name inside it does not change."""
    paragraph = 1 if rtl else 0
    lv = levels(line, paragraph)
    runs: list[Run] = []
    start = 0
    for i in range(1, len(line) + 1):
        if i == len(line) or lv[i] != lv[start]:
            runs.append(Run(line[start:i], lv[start]))
            start = i
    if not runs:
        return []
    # L2: from the highest level down to the lowest odd one, reverse every sequence of runs at
    # that level or above. Each run's own characters stay in reading order: an odd run is laid
    # out right to left by the shaper, which is the character reversal L2 would do.
    highest = max(r.level for r in runs)
    lowest_odd = min((r.level for r in runs if r.level % 2), default=highest + 1)
    for level in range(highest, lowest_odd - 1, -1):
        i = 0
        while i < len(runs):
            if runs[i].level >= level:
                j = i
                while j < len(runs) and runs[j].level >= level:
                    j += 1
                runs[i:j] = runs[i:j][::-1]
                i = j
            else:
                i += 1
    return runs


def display(line: str, rtl: bool = False, mirror: bool = True) -> str:
    """The line's characters in the order shown, left to right, brackets mirrored in right-to-left
    runs (unless ``mirror`` is false): what a renderer that lays text out left to right only would
    be given. tests/test_bidi.py compares it, unmirrored, with python-bidi's ``get_display``."""
    return "".join(
        "".join(_mirror(c) if mirror else c for c in reversed(r.text)) if r.rtl else r.text
        for r in visual_runs(line, rtl)
    )
