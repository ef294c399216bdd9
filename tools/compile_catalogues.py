"""Compile the translations: each blueprints3d/locale/<lang>/LC_MESSAGES/blueprints3d.po to the
.mo file beside it, which the program reads (the standard library's gettext). No msgfmt needed:
blueprints3d/i18n/po.py writes the GNU .mo format. tests/test_i18n.py fails when a committed .mo
is not what this makes from its .po.

    python3 tools/compile_catalogues.py            # write the .mo files
    python3 tools/compile_catalogues.py --check    # exit 1 if any .mo is out of date
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from blueprints3d import resources  # noqa: E402

LOCALE_DIR = resources.folder("blueprints3d.locale")
from blueprints3d.i18n.po import mo_bytes, read_po  # noqa: E402


def catalogues(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    return sorted(locale_dir.glob("*/LC_MESSAGES/*.po"))


def compiled(po: Path) -> bytes:
    return mo_bytes(read_po(po))


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
