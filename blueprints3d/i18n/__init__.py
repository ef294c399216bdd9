"""The player's language: English, German, Chinese or Persian.

The standard library's ``gettext`` reads the catalogues shipped in ``blueprints3d/locale``
(``<lang>/LC_MESSAGES/blueprints3d.mo``, compiled from the ``.po`` beside it by
``tools/compile_catalogues.py``). Message ids are the English text with named placeholders:
``_("stone on level {level}", level=2)``. Numbers given as parameters are written in the
language's digits (``number``). Panda3D-free; the lowest layer, beside ``text``.
"""

from __future__ import annotations

import gettext
import io
import os
import unicodedata
from contextlib import contextmanager
from functools import cache
from collections.abc import Iterator, Mapping

from blueprints3d import resources
from blueprints3d.i18n.message import Message, N_

LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "zh": "中文", "fa": "فارسی"}
DEFAULT = "en"
DOMAIN = "blueprints3d"
ENV_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_PERSIAN_DIGITS = str.maketrans("0123456789-", "۰۱۲۳۴۵۶۷۸۹−")
_LIST_SEPARATOR = {"en": ", ", "de": ", ", "zh": "、", "fa": "، "}

_current = DEFAULT


@cache
def catalogue(lang: str) -> gettext.NullTranslations:
    """The translations of ``lang`` (English: the ids themselves)."""
    if lang == DEFAULT:
        return gettext.NullTranslations()
    # Read through ``resources``: a checkout, a wheel, a zip or a frozen build alike.
    return gettext.GNUTranslations(
        io.BytesIO(resources.read_bytes("blueprints3d.locale", f"{lang}/LC_MESSAGES/{DOMAIN}.mo"))
    )


def set_language(lang: str) -> None:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    global _current
    _current = lang


def language() -> str:
    return _current


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Speak ``lang`` for a while (a picture whose letters can be drawn in it only), then the
    language spoken before again."""
    before = _current
    set_language(lang)
    try:
        yield
    finally:
        set_language(before)


def language_from_environment(environ: Mapping[str, str] | None = None) -> str | None:
    """The first of LANGUAGE, LC_ALL, LC_MESSAGES, LANG that names a supported language
    (``de_DE.UTF-8``, ``zh_CN``, ``fa_IR``, LANGUAGE's ``de:en`` list), or None."""
    env = os.environ if environ is None else environ
    for name in ENV_VARIABLES:
        for item in env.get(name, "").split(":"):
            code = item.split(".")[0].split("@")[0].split("_")[0].split("-")[0].strip().lower()
            if code in LANGUAGES:
                return code
    return None


def number(n: int, lang: str | None = None) -> str:
    """An integer in the language's digits (Persian: ۰۱۲۳۴۵۶۷۸۹)."""
    text = str(n)
    return text.translate(_PERSIAN_DIGITS) if (lang or _current) == "fa" else text


def digits(text: str, lang: str | None = None) -> str:
    """Figures already formatted ("4.75", "12.5%") in the language's digits: Persian's, with its
    decimal separator (٫) and percent sign (٪)."""
    if (lang or _current) != "fa":
        return text
    return text.translate(_PERSIAN_DIGITS).replace(".", "\u066b").replace("%", "\u066a")


def join_list(items: list[str]) -> str:
    return _LIST_SEPARATOR[_current].join(items)


LRM = "\u200e"  # LEFT-TO-RIGHT MARK: a strong left-to-right letter that shows nothing
RTL_LANGUAGES = frozenset({"fa"})  # the languages that read right to left


def _value(v: object) -> str:
    if isinstance(v, Message):
        return translate(v)
    if isinstance(v, int) and not isinstance(v, bool):
        return number(v)
    text = str(v)
    if _current in RTL_LANGUAGES and _latin_only(text):
        # A path, a command or a Latin name inside a right-to-left sentence: marked at both ends
        # so that its own slashes and dashes stay with it ("/tmp/a.json", not "tmp/a.json/").
        return f"{LRM}{text}{LRM}"
    return text


def _latin_only(text: str) -> bool:
    kinds = {unicodedata.bidirectional(c) for c in text}
    return "L" in kinds and not kinds & {"R", "AL"}


def _(msgid: str, **params: object) -> str:
    """``msgid`` in the current language, its ``{name}`` placeholders filled in."""
    text = catalogue(_current).gettext(msgid)
    return text.format(**{k: _value(v) for k, v in params.items()}) if params else text


def n_(singular: str, plural: str, n: int, **params: object) -> str:
    """The form of a counted message that the language's plural rule picks for ``n`` (``{n}``
    is filled in with ``n`` unless given)."""
    text = catalogue(_current).ngettext(singular, plural, n)
    return text.format(**{k: _value(v) for k, v in {"n": n, **params}.items()})


def explain(error: BaseException) -> str:
    """An error's text in the current language: its Message translated when it carries one (every
    BlueprintsError raised with a Message), else its text as it is."""
    message = getattr(error, "message", None)
    return translate(message) if isinstance(message, Message) else str(error)


def translate(message: Message) -> str:
    if message.plural is not None:
        # Message.counted keeps its count among the parameters too ({n} in the text): given once.
        params = {k: v for k, v in message.params.items() if k != "n"}
        return n_(message.msgid, message.plural, message.n, **params)
    return _(message.msgid, **message.params)


__all__ = [
    "LANGUAGES",
    "RTL_LANGUAGES",
    "Message",
    "set_language",
    "language",
    "speaking",
    "language_from_environment",
    "number",
    "join_list",
    "digits",
    "_",
    "n_",
    "N_",
    "explain",
    "translate",
    "catalogue",
]
