"""Compile the translations with Babel: each blueprints3d/locale/<lang>/LC_MESSAGES/blueprints3d.po
to the .mo file beside it, which the program reads with the standard library's gettext. A fuzzy
translation (its English changed since it was written) is left out, so the English shows until a
translator has looked at it. tests/test_i18n.py fails when a committed .mo is not what this makes
from its .po.

    python3 tools/compile_catalogues.py            # write the .mo files
    python3 tools/compile_catalogues.py --check    # exit 1 if any .mo is out of date
"""

from __future__ import annotations

import argparse
import io
import sys
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from blueprints3d import resources  # noqa: E402

LOCALE_DIR = resources.folder("blueprints3d.locale")


@dataclass(frozen=True)
class Entry:
    """One message of a catalogue as the checks read it."""

    msgid: str
    plural: str | None
    context: str | None
    strings: tuple[str, ...]  # msgstr, or msgstr[0], msgstr[1], ...
    fuzzy: bool
    comments: tuple[str, ...]  # the notes to translators (#.)


def read(po: Path | str) -> Catalog:
    """A catalogue, from its path or its text."""
    data = po.encode("utf-8") if isinstance(po, str) else po.read_bytes()
    return read_po(io.BytesIO(data), abort_invalid=True)  # its language from its header


def entries(po: Path | str) -> list[Entry]:
    """The messages of a catalogue, without its header and its obsolete entries."""
    out = []
    for m in read(po):
        if not m.id:
            continue
        msgid, plural = (m.id[0], m.id[1]) if isinstance(m.id, tuple) else (m.id, None)
        strings = tuple(m.string) if isinstance(m.string, (tuple, list)) else (m.string,)
        out.append(Entry(msgid, plural, m.context, strings, m.fuzzy, tuple(m.auto_comments)))
    return out


def catalogues(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    return sorted(locale_dir.glob("*/LC_MESSAGES/*.po"))


def compiled(po: Path | str) -> bytes:
    out = io.BytesIO()
    write_mo(out, read(po), use_fuzzy=False)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="only check that every .mo is up to date"
    )
    args = parser.parse_args(argv)
    stale = 0
    for po in catalogues():
        mo = po.with_suffix(".mo")
        data = compiled(po)
        if mo.exists() and mo.read_bytes() == data:
            continue
        if args.check:
            print(f"{mo}: out of date with {po.name}")
            stale += 1
        else:
            mo.write_bytes(data)
            print(f"wrote {mo}")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
