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
import re
import unicodedata
from contextlib import contextmanager
from functools import cache
from collections.abc import Iterator, Mapping

from blueprints3d import resources
from blueprints3d.i18n.message import N_, NP_, Message

LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "zh": "中文", "fa": "فارسی"}
DEFAULT = "en"
DOMAIN = "blueprints3d"
ENV_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_PERSIAN_DIGITS = str.maketrans("0123456789-", "۰۱۲۳۴۵۶۷۸۹−")
# Chinese text is written with no space around a placeholder or a Latin word; a half-width space
# between a Han character and a Latin letter or digit is put in here, where the words are known
# (a name, a number), so it is the same everywhere: "第 1 回合", "轮到 Ann", never "第1回合".
_HAN = "\u3400-\u4dbf\u4e00-\u9fff"
_HAN_THEN_LATIN = re.compile(f"([{_HAN}])([A-Za-z0-9])")
_LATIN_THEN_HAN = re.compile(f"([A-Za-z0-9%])([{_HAN}])")

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
    """Items one after the other with the language's list separator ("a, b", "a、b", "a، b")."""
    if not items:
        return ""
    out = items[0]
    for item in items[1:]:
        # TRANSLATORS: joins two items of a list ("wood, stone"): your language's list comma.
        out = p_("list", "{first}, {second}", first=out, second=item)
    return out


def and_list(items: list[str]) -> str:
    """ "a", "a and b", "a, b and c", in the language's pattern ("a、b和c", "a، b و c")."""
    if len(items) <= 1:
        return "".join(items)
    # TRANSLATORS: the last two items of a list ("wood, stone and glass").
    return p_("list", "{first} and {last}", first=join_list(items[:-1]), last=items[-1])


def sentence(clause: str) -> str:
    """A clause made a sentence with the language's full stop ("…." / "…。")."""
    # TRANSLATORS: ends a sentence: your language's full stop after {clause}.
    return p_("sentence", "{clause}.", clause=clause)


def clauses(parts: list[str]) -> str:
    """Clauses that stand side by side in one line ("Bob takes the wood 6; Cy takes the glass
    3"), joined with the language's semicolon (Chinese ；, Persian ؛)."""
    out = parts[0] if parts else ""
    for part in parts[1:]:
        # TRANSLATORS: joins two clauses of one line, each a whole statement ("Bob takes the wood
        # 6; Cy takes the glass 3"): your language's semicolon.
        out = p_("clauses", "{first}; {second}", first=out, second=part)
    return out


def sentences(parts: list[str]) -> str:
    """Whole sentences one after another, as the language writes them (Chinese with no space)."""
    out = parts[0] if parts else ""
    for part in parts[1:]:
        # TRANSLATORS: two whole sentences one after the other (Chinese: no space between them).
        out = p_("sentences", "{first} {second}", first=out, second=part)
    return out


def spaced(text: str, lang: str | None = None) -> str:
    """``text`` with the language's spacing rule applied: Chinese puts a half-width space between
    a Han character and a Latin letter or digit (and nowhere else); other languages as written."""
    if (lang or _current) != "zh":
        return text
    return _LATIN_THEN_HAN.sub(r"\1 \2", _HAN_THEN_LATIN.sub(r"\1 \2", text))


LRM = "\u200e"  # LEFT-TO-RIGHT MARK: a strong left-to-right letter that shows nothing
RTL_LANGUAGES = frozenset({"fa"})  # the languages that read right to left


def _value(v: object) -> str:
    if isinstance(v, Message):
        return translate(v)
    if isinstance(v, int) and not isinstance(v, bool):
        return number(v)
    text = str(v)
    if _current in RTL_LANGUAGES and (_latin_only(text) or _path_like(text)):
        # A path, a command or a Latin name inside a right-to-left sentence: marked at both ends
        # so that its own slashes and dashes stay with it ("/tmp/a.json", not "tmp/a.json/"); a
        # path is one left-to-right run even with Persian letters in it ("/home/علی/a.json").
        return f"{LRM}{text}{LRM}"
    return text


_PATH = re.compile(r"^(~|\.{1,2})?[/\\]|^[A-Za-z]:[/\\]")


def _path_like(text: str) -> bool:
    """A file or folder path: rooted, home- or dot-relative, or a Windows drive's."""
    return bool(_PATH.match(text))


def _latin_only(text: str) -> bool:
    kinds = {unicodedata.bidirectional(c) for c in text}
    return "L" in kinds and not kinds & {"R", "AL"}


def _filled(text: str, params: Mapping[str, object]) -> str:
    if params:
        text = text.format(**{k: _value(v) for k, v in params.items()})
    return spaced(text)


def _(msgid: str, **params: object) -> str:
    """``msgid`` in the current language, its ``{name}`` placeholders filled in."""
    return _filled(catalogue(_current).gettext(msgid), params)


def p_(context: str, msgid: str, **params: object) -> str:
    """``msgid`` in the current language as it reads in ``context``: one English word that other
    languages say two ways ("one" counted, "one" as an article) is two messages."""
    return _filled(catalogue(_current).pgettext(context, msgid), params)


def n_(singular: str, plural: str, n: int, **params: object) -> str:
    """The form of a counted message that the language's plural rule picks for ``n`` (``{n}``
    is filled in with ``n`` unless given)."""
    return _filled(catalogue(_current).ngettext(singular, plural, n), {"n": n, **params})


def np_(context: str, singular: str, plural: str, n: int, **params: object) -> str:
    """A counted message in ``context`` (``n_`` and ``p_`` together)."""
    text = catalogue(_current).npgettext(context, singular, plural, n)
    return _filled(text, {"n": n, **params})


def explain(error: BaseException) -> str:
    """An error's text in the current language: its Message translated when it carries one (every
    BlueprintsError raised with a Message), else its text as it is."""
    message = getattr(error, "message", None)
    return translate(message) if isinstance(message, Message) else str(error)


def translate(message: Message) -> str:
    if message.plural is not None:
        # Message.counted keeps its count among the parameters too ({n} in the text): given once.
        params = {k: v for k, v in message.params.items() if k != "n"}
        if message.context is not None:
            return np_(message.context, message.msgid, message.plural, message.n, **params)
        return n_(message.msgid, message.plural, message.n, **params)
    if message.context is not None:
        return p_(message.context, message.msgid, **message.params)
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
    "and_list",
    "sentence",
    "sentences",
    "clauses",
    "spaced",
    "p_",
    "np_",
    "digits",
    "_",
    "n_",
    "N_",
    "NP_",
    "explain",
    "translate",
    "catalogue",
]
