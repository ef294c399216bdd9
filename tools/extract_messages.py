"""Gather every message a player reads from the source into the catalogue template, and bring the
translations up to date with it: the ids the code marks with ``_("...")``, ``n_("...", "...", n)``,
``N_("...")``, ``Message.of("...")`` and ``Message.counted("...", "...", n)``.

    python3 tools/extract_messages.py            # write blueprints3d/locale/blueprints3d.pot and
                                                 # add new ids (untranslated) to each .po,
                                                 # drop the ids the code no longer has
    python3 tools/extract_messages.py --check    # exit 1 if the template is out of date

tests/test_i18n.py fails when the template is not what this makes, and when a .po lacks an id of
the template or has one more; compile_catalogues.py then makes the .mo files.
"""

from __future__ import annotations

import argparse
import re
import ast
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from blueprints3d import __version__, resources  # noqa: E402

LOCALE_DIR = resources.folder("blueprints3d.locale")
from blueprints3d.i18n.po import Entry, quote, read_po, write_po  # noqa: E402

PACKAGE = ROOT / "blueprints3d"
TEMPLATE = LOCALE_DIR / "blueprints3d.pot"
# The callables whose arguments are message ids, and where the id stands among the arguments.
SINGLE = {
    "_": 0,
    "N_": 0,
    "of": 0,  # _("id"), N_("id"), Message.of("id")
    "_refusal": 1,
}  # files/jsonfile.py: _refusal(error, "id", ...)
COUNTED = {"n_": 0, "counted": 0}  # n_("one", "many", n), Message.counted("one", "many", n)


@dataclass
class Found:
    msgid: str
    plural: str | None
    places: list[str] = field(default_factory=list)


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if (
        isinstance(func, ast.Attribute)
        and func.attr in ("of", "counted")
        and isinstance(func.value, ast.Name)
        and func.value.id == "Message"
    ):
        return func.attr
    return None


def _text(node: ast.expr | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def messages(package: Path = PACKAGE) -> list[Found]:
    """The marked messages of every module, in the order first met (by path, then line)."""
    found: dict[tuple[str, str | None], Found] = {}
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package.parent).as_posix()
        for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = _name(node.func) or ""
            if name in SINGLE and len(node.args) > SINGLE[name]:
                msgid, plural = _text(node.args[SINGLE[name]]), None
            elif name in COUNTED and len(node.args) >= COUNTED[name] + 2:
                k = COUNTED[name]
                msgid, plural = _text(node.args[k]), _text(node.args[k + 1])
                if plural is None:
                    continue
            else:
                continue
            if not msgid:
                continue  # _(CONSTANT): the constant was marked with N_ where it is defined
            key = (msgid, plural)
            found.setdefault(key, Found(msgid, plural)).places.append(f"{rel}:{node.lineno}")
    return sorted(found.values(), key=lambda f: f.places[0].split(":")[0])


def template(found: list[Found]) -> str:
    out = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', ""]
    for f in found:
        out.append(
            "#: "
            + " ".join(sorted(set(f.places), key=lambda p: (p.split(":")[0], int(p.split(":")[1]))))
        )
        out.append(f"msgid {quote(f.msgid)}")
        if f.plural is None:
            out.append('msgstr ""')
        else:
            out += [f"msgid_plural {quote(f.plural)}", 'msgstr[0] ""', 'msgstr[1] ""']
        out.append("")
    return "\n".join(out)


def merged(po: list[Entry], found: list[Found], nplurals: int) -> list[Entry]:
    """``po`` with exactly the template's ids: kept translations, new ids untranslated."""
    have = {(e.msgid, e.plural): e for e in po}
    out = [e for e in po if e.msgid == ""]
    for f in found:
        e = have.get((f.msgid, f.plural))
        if e is None:
            e = Entry(f.msgid, f.plural, [""] * (nplurals if f.plural is not None else 1))
        out.append(e)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="only check that the template is up to date"
    )
    args = parser.parse_args(argv)
    found = messages()
    text = template(found)
    if args.check:
        if not TEMPLATE.exists() or TEMPLATE.read_text("utf-8") != text:
            print(
                f"{TEMPLATE}: out of date with the source (run python3 tools/extract_messages.py)"
            )
            return 1
        return 0
    TEMPLATE.write_text(text, "utf-8")
    print(f"wrote {TEMPLATE}: {len(found)} messages")
    for po in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/blueprints3d.po")):
        entries = read_po(po)
        head = next((e for e in entries if e.msgid == ""), None)
        plural_forms = "" if head is None else head.strings[0]
        nplurals = (
            int(plural_forms.split("nplurals=")[1].split(";")[0])
            if "nplurals=" in plural_forms
            else 2
        )
        new = merged(entries, found, nplurals)
        if head is not None:  # the catalogue names the version it was made for (__version__)
            head.strings[0] = re.sub(
                r"(Project-Id-Version: blueprints3d)[^\n]*", rf"\1 {__version__}", head.strings[0]
            )
        write_po(po, new)
        todo = sum(1 for e in new if e.msgid and not all(e.strings))
        print(f"wrote {po}: {len(new) - 1} messages, {todo} to translate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
