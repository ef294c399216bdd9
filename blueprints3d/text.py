"""Text from outside the program (files, the command line, saves) made safe to show or to use
as a file name. The one place that decides what of a name or a message may reach a terminal,
a Panda3D TextNode, a window title or a path.

- ``display(text)``: one printable line: control and format characters (escape sequences, NUL,
  newlines, bidi overrides) become spaces, but for the zero-width (non-)joiners words need, lone surrogates (undecodable bytes of a command-line
  argument, ``"\\ud800"`` in a JSON file) become U+FFFD, and long text is cut with an ellipsis.
- ``shown(value)``: a value quoted for an error message, like ``repr`` but capped and printable.
- ``file_name(name)``: a name reduced to a safe, never empty, byte-capped file-name part with no
  separators, no ``..`` and no ``%``.
- ``plural(count, singular, plural=None)``: "1 point", "2 points", "1 die", "3 dice".

Standard library only: the engine imports it (its errors are capped here).
"""

from __future__ import annotations

import unicodedata
from typing import Any

ELLIPSIS = "\u2026"
REPLACEMENT = "?"  # not U+FFFD: the table's fonts have no glyph for it
NAME_LENGTH = 40  # a seat name on the table
MESSAGE_LENGTH = 1000  # a whole error line
VALUE_LENGTH = 60  # a value quoted inside an error line
FILE_NAME_BYTES = 60  # a name inside a file name (the folder and a time stamp come on top)


# The zero-width non-joiner and joiner (U+200C, U+200D) are format characters that words are
# spelt with (a Persian word's half-space, an emoji sequence): kept. Every other format character
# (bidi overrides, byte order marks) becomes a space, so that no name can turn the text around it.
JOINERS = frozenset("\u200c\u200d")


def _clean_char(ch: str) -> str:
    cat = unicodedata.category(ch)
    if cat == "Cs":
        return REPLACEMENT
    if ch in JOINERS:
        return ch
    if cat[0] == "C" or cat in ("Zl", "Zp"):  # Cc control, Cf format, Co private, Cn unassigned
        return " "
    return ch


def display(text: Any, limit: int = NAME_LENGTH) -> str:
    """``text`` as one printable line of at most ``limit`` characters (cut with an ellipsis)."""
    line = text if isinstance(text, str) else str(text)
    cut = len(line) > limit
    head = line[:limit]
    if not head.isprintable() or any("\ud800" <= ch <= "\udfff" for ch in head):
        head = "".join(_clean_char(ch) for ch in head)
    if cut:
        head = head[: max(limit - 1, 0)] + ELLIPSIS
    return head


def one_line(text: Any, limit: int = MESSAGE_LENGTH) -> str:
    """A message as one printable line, capped (what every BlueprintsError prints)."""
    return display(text, limit)


def shown(value: Any, limit: int = VALUE_LENGTH) -> str:
    """``value`` quoted for a message: ``repr`` for short plain values, capped and printable."""
    if isinstance(value, str):
        return repr(display(value, limit))
    if isinstance(value, (list, dict, tuple)):
        # Never build the repr of a huge structure only to cut it.
        kind = type(value).__name__
        r = repr(value) if len(value) <= 8 else f"a {kind} of {len(value)} items"
        return display(r, limit)
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"a number of about {int(value.bit_length() * 0.30103)} digits"
    return display(repr(value), limit)


def clean_name(text: str, fallback: str, limit: int = NAME_LENGTH) -> str:
    """A player's name as it is shown and saved: printable, trimmed, capped, never empty."""
    # Only the ends are trimmed: a printable name within the cap comes back unchanged, so every
    # name an older version saved still replays to the same state.
    name = display(text, limit).strip()
    return name or fallback


def file_name(name: Any, fallback: str = "player", max_bytes: int = FILE_NAME_BYTES) -> str:
    """``name`` as a safe part of a file name: letters, digits and ``-_`` only (anything else
    becomes ``-``), no leading dot, at most ``max_bytes`` in UTF-8, never empty."""
    text = unicodedata.normalize("NFC", display(name, 4 * max_bytes).replace(REPLACEMENT, "-"))
    out = []
    for ch in text:
        out.append(ch if (ch.isalnum() and ch.isprintable()) or ch in "-_" else "-")
    s = "-".join(part for part in "".join(out).split("-") if part)
    while len(s.encode("utf-8")) > max_bytes:
        s = s[:-1]
    s = s.strip("-_")
    return s or fallback


# Plurals that are not the singular plus "s" (the words the game shows).
IRREGULAR_PLURALS = {"die": "dice", "Die": "Dice", "this": "these", "is": "are", "was": "were"}


def plural(count: int, singular: str, plural: str | None = None) -> str:
    """``count`` and the word in the right number: ``plural(1, "point")`` is "1 point",
    ``plural(2, "point")`` is "2 points", ``plural(3, "die")`` is "3 dice". An irregular
    plural is passed as ``plural``; the known ones (die/dice) need not be. Only exactly 1
    (or -1) is singular: "0 points"."""
    if abs(count) == 1:
        word = singular
    elif plural is not None:
        word = plural
    elif singular in IRREGULAR_PLURALS:
        word = IRREGULAR_PLURALS[singular]
    elif singular.endswith(("s", "x", "z", "ch", "sh")):
        word = singular + "es"
    elif singular.endswith("y") and singular[-2:-1] not in ("", "a", "e", "i", "o", "u"):
        word = singular[:-1] + "ies"
    else:
        word = singular + "s"
    return f"{count} {word}"


# Counts the captions spell out ("two wood dice"); larger ones are written as figures.
NUMBER_WORDS = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)


def number_word(n: int) -> str:
    """``n`` as a word ("no" for 0) up to twelve, as figures above (and below zero)."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)
