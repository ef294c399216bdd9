"""A pseudo-language for tests: every message that goes through the catalogue comes back marked
(``«...»``, placeholders kept), so English left in a line (never looked up) shows as unmarked."""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager

import blueprints3d.i18n as i18n

OPEN, CLOSE = "«", "»"


class Marked(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"{OPEN}{msgid1 if n == 1 else msgid2}{CLOSE}"


@contextmanager
def pseudo(monkeypatch, lang: str = "de") -> Iterator[None]:
    """Speak ``lang`` with every message marked instead of translated."""
    monkeypatch.setattr(i18n, "catalogue", lambda _lang: Marked())
    with i18n.speaking(lang):
        yield


def unmarked(text: str) -> str:
    """``text`` without what stands inside the marks: what no message said."""
    out, depth = [], 0
    for c in text:
        if c == OPEN:
            depth += 1
        elif c == CLOSE:
            depth -= 1
        elif depth == 0:
            out.append(c)
    return "".join(out)
