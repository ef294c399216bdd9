"""Gather every message a player reads from the source into the catalogue template, and bring the
translations up to date with it, with Babel (a development tool only: at run time the standard
library's gettext reads the compiled catalogues).

    python3 tools/extract_messages.py            # write blueprints3d/locale/blueprints3d.pot and
                                                 # update each .po from it
    python3 tools/extract_messages.py --check    # exit 1 if the template is out of date

The ids are the arguments the code marks with ``_("...")``, ``n_("...", "...", n)``,
``p_("context", "...")``, ``np_("context", "...", "...", n)``, ``N_("...")``,
``Message.of("...")``, ``Message.counted("...", "...", n)`` and
``Message.in_context("context", "...")`` and ``NP_("context", "...")``. A ``# TRANSLATORS:`` comment on the lines just above a
marked call goes into the catalogues as the message's note to translators (``#.``), with the
file and line where it is used (``#:``).

Updating a catalogue is Babel's: a new id comes in untranslated; an id whose English changed a
little keeps its old translation marked fuzzy (with the old English beside it, ``#|``), which the
compiled catalogue leaves out until a translator has looked at it; an id the code no longer has
is kept at the end as obsolete (``#~``), for the translator to reuse. tests/test_i18n.py fails when
the template is not what this makes, and when a catalogue lacks a translation, has a fuzzy one or
an id the template lacks; compile_catalogues.py then makes the .mo files.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from dataclasses import dataclass
from datetime import datetime, UTC
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from blueprints3d import __version__, resources  # noqa: E402
from translator_notes import LABELS, NOTES  # noqa: E402

LOCALE_DIR = resources.folder("blueprints3d.locale")
PACKAGE = ROOT / "blueprints3d"
TEMPLATE = LOCALE_DIR / "blueprints3d.pot"
# The callables whose arguments are message ids, as Babel's keyword specs: the argument indices
# (1-based) of the id, its plural, and its context ("c").
KEYWORDS: dict[str, object] = {
    "_": None,  # _("id", **params)
    "N_": None,  # N_("id"): marked where defined, translated where shown
    "of": None,  # Message.of("id", **params)
    "n_": (1, 2),  # n_("one die", "{n} dice", n)
    "counted": (1, 2),  # Message.counted("one die", "{n} dice", n)
    "p_": ((1, "c"), 2),  # p_("context", "id")
    "np_": ((1, "c"), 2, 3),  # np_("context", "one", "{n} many", n)
    "in_context": ((1, "c"), 2),  # Message.in_context("context", "id")
    "NP_": ((1, "c"), 2),  # NP_("context", "id"): N_ with a context
    "_refusal": (2,),  # files/jsonfile.py: _refusal(error, "id", ...)
}
COMMENT_TAG = "TRANSLATORS:"
# A fixed date in the headers, so that the template changes only when the messages do.
STAMP = datetime(2026, 1, 1, tzinfo=UTC)
BUGS = "the project's issue tracker"
TEAM = "the blueprints3d translators (GLOSSARY.md holds the terms)"


def template_catalog(package: Path = PACKAGE) -> Catalog:
    """Every marked message of the package, with where it is used and its translators' notes."""
    catalog = Catalog(
        project="blueprints3d",
        version=__version__,
        copyright_holder="the blueprints3d authors",
        msgid_bugs_address=BUGS,
        last_translator=TEAM,
        language_team=TEAM,
        creation_date=STAMP,
        revision_date=STAMP,
        fuzzy=False,
    )
    found = extract_from_dir(
        package,
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=(COMMENT_TAG,),
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        if isinstance(message, tuple) and not message[0]:
            continue
        if not message:
            continue  # _(CONSTANT): the constant was marked with N_ where it is defined
        where = (f"blueprints3d/{Path(filename).as_posix()}", lineno)
        notes = list(comments) + placeholder_notes(message, comments)
        if isinstance(message, str) and message in LABELS and not comments:
            notes.append(LABELS[message])
        existing = catalog.get(message if isinstance(message, str) else message[0], context)
        if existing is not None:  # a message used in several places: each place's notes once
            notes = [n for n in notes if n not in existing.auto_comments]
        catalog.add(message, None, [where], auto_comments=notes, context=context)
    return catalog


def placeholder_notes(message: str | tuple[str, ...], comments: list[str]) -> list[str]:
    """A note for each placeholder of ``message`` that its own notes do not already explain:
    what it holds (tools/translator_notes.py)."""
    text = message if isinstance(message, str) else " ".join(m for m in message if m)
    said = " ".join(comments)
    out = []
    for name in dict.fromkeys(re.findall(r"\{(\w+)\}", text)):
        if f"{{{name}}}" not in said and name in NOTES:
            out.append(f"{{{name}}}: {NOTES[name]}")
    return out


@dataclass(frozen=True)
class Found:
    """A marked message as the tests read it: its id, plural id and context, where it is used and
    its note to translators."""

    msgid: str
    plural: str | None
    context: str | None
    places: tuple[str, ...]
    comments: tuple[str, ...]


def messages(package: Path = PACKAGE) -> list[Found]:
    out = []
    for m in template_catalog(package):
        if not m.id:
            continue
        msgid, plural = (m.id[0], m.id[1]) if isinstance(m.id, tuple) else (m.id, None)
        places = tuple(f"{f}:{n}" for f, n in m.locations)
        out.append(Found(msgid, plural, m.context, places, tuple(m.auto_comments)))
    return out


def text_of(catalog: Catalog, **options: object) -> str:
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_by_file=True, **options)  # type: ignore[arg-type]
    return out.getvalue().decode("utf-8")


def template_text(package: Path = PACKAGE) -> str:
    return text_of(template_catalog(package), omit_header=False)


def update(po: Path, template: Catalog) -> Catalog:
    """``po`` brought up to the template: Babel's update, with fuzzy matching."""
    with po.open("rb") as f:
        catalog = read_po(f, abort_invalid=True)  # its language from its header
    catalog.update(template, no_fuzzy_matching=False, update_header_comment=False,
                   update_creation_date=False)  # fmt: skip
    for message in catalog:
        if not message.fuzzy:  # looked at since its English changed: the old English goes
            message.previous_id = []
    catalog.version = __version__
    catalog.creation_date = catalog.revision_date = STAMP
    catalog.msgid_bugs_address = BUGS
    catalog.last_translator = catalog.language_team = TEAM
    return catalog


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="only check that the template is up to date"
    )
    args = parser.parse_args(argv)
    text = template_text()
    if args.check:
        if not TEMPLATE.exists() or TEMPLATE.read_text("utf-8") != text:
            print(
                f"{TEMPLATE}: out of date with the source (run python3 tools/extract_messages.py)"
            )
            return 1
        return 0
    TEMPLATE.write_text(text, "utf-8")
    template = template_catalog()
    print(f"wrote {TEMPLATE}: {len(template)} messages")
    for po in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/blueprints3d.po")):
        catalog = update(po, template)
        po.write_text(text_of(catalog, include_previous=True), "utf-8")
        todo = sum(1 for m in catalog if m.id and (m.fuzzy or not all(_strings(m))))
        print(f"wrote {po}: {len(catalog)} messages, {todo} to translate or check (fuzzy)")
    return 0


def _strings(message: object) -> tuple[str, ...]:
    s = message.string  # type: ignore[attr-defined]
    return tuple(s) if isinstance(s, (tuple, list)) else (s,)


if __name__ == "__main__":
    sys.exit(main())
