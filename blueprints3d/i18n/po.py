"""A small reader of gettext ``.po`` files and a writer of ``.mo`` files (the standard library reads
``.mo`` files but has no msgfmt). Only what our catalogues use: msgid, msgid_plural, msgstr,
msgstr[N], continued strings, comments; no contexts."""

from __future__ import annotations

import ast
import re
import struct
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Entry:
    msgid: str
    plural: str | None = None
    strings: list[str] = field(default_factory=list)  # msgstr, or msgstr[0], msgstr[1], ...
    fuzzy: bool = False


class PoError(ValueError):
    """A .po file this reader does not understand."""


_KEY = re.compile(r"(msgid|msgid_plural|msgstr(?:\[(\d+)\])?)\s+(\".*\")\s*$")


def _string(literal: str, where: str) -> str:
    if not (literal.startswith('"') and literal.endswith('"')):
        raise PoError(f"{where}: expected a quoted string")
    value = ast.literal_eval(literal)
    if not isinstance(value, str):
        raise PoError(f"{where}: expected a quoted string")
    return value


def parse_po(text: str, name: str = "<po>") -> list[Entry]:
    """The entries of a .po file, the header (msgid "") first when there is one."""
    entries: list[Entry] = []
    cur: Entry | None = None
    field_name: str | None = None
    fuzzy = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{name}:{number}"
        if not line:
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            continue
        m = _KEY.match(line)
        if m:
            key, index, literal = m.group(1), m.group(2), m.group(3)
            value = _string(literal, where)
            if key == "msgid":
                cur = Entry(value, fuzzy=fuzzy)
                entries.append(cur)
                fuzzy = False
            elif cur is None:
                raise PoError(f"{where}: {key} before any msgid")
            elif key == "msgid_plural":
                cur.plural = value
            else:
                i = int(index) if index is not None else 0
                if i != len(cur.strings):
                    raise PoError(f"{where}: {key} out of order")
                cur.strings.append(value)
            field_name = key
            continue
        if line.startswith('"') and cur is not None and field_name is not None:
            value = _string(line, where)
            if field_name == "msgid":
                cur.msgid += value
            elif field_name == "msgid_plural":
                cur.plural = (cur.plural or "") + value
            else:
                cur.strings[-1] += value
            continue
        raise PoError(f"{where}: cannot read {line!r}")
    return entries


def read_po(path: Path) -> list[Entry]:
    return parse_po(path.read_text("utf-8"), str(path))


def header(entries: list[Entry]) -> dict[str, str]:
    head = next((e for e in entries if e.msgid == ""), None)
    out: dict[str, str] = {}
    if head and head.strings:
        for line in head.strings[0].splitlines():
            key, _, value = line.partition(":")
            out[key.strip()] = value.strip()
    return out


def mo_bytes(entries: list[Entry]) -> bytes:
    """The .mo file of ``entries`` (GNU format, little-endian, no hash table); untranslated and
    fuzzy entries are left out, as msgfmt leaves them."""
    pairs: dict[bytes, bytes] = {}
    for e in entries:
        if e.fuzzy and e.msgid or not e.strings or not all(e.strings):
            continue
        key = e.msgid if e.plural is None else e.msgid + "\0" + e.plural
        pairs[key.encode("utf-8")] = "\0".join(e.strings).encode("utf-8")
    keys = sorted(pairs)
    n = len(keys)
    originals_at = 28
    translations_at = originals_at + 8 * n
    data_at = translations_at + 8 * n
    table_o, table_t, data = [], [], b""
    for k in keys:
        table_o.append((len(k), data_at + len(data)))
        data += k + b"\0"
    for k in keys:
        v = pairs[k]
        table_t.append((len(v), data_at + len(data)))
        data += v + b"\0"
    out = struct.pack("<7I", 0x950412DE, 0, n, originals_at, translations_at, 0, data_at)
    out += b"".join(struct.pack("<2I", *p) for p in table_o)
    out += b"".join(struct.pack("<2I", *p) for p in table_t)
    return out + data


def quote(text: str) -> str:
    """``text`` as a .po string literal."""
    body = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{body}"'


def po_text(entries: list[Entry]) -> str:
    """A .po file holding ``entries`` (the header's lines one string each, as msgmerge writes)."""
    out: list[str] = []
    for e in entries:
        if e.fuzzy:
            out.append("#, fuzzy")
        if e.msgid == "" and e.strings:
            out += ['msgid ""', 'msgstr ""']
            out += [quote(line + "\n") for line in e.strings[0].splitlines()]
            out.append("")
            continue
        out.append(f"msgid {quote(e.msgid)}")
        if e.plural is None:
            out.append(f"msgstr {quote(e.strings[0] if e.strings else '')}")
        else:
            out.append(f"msgid_plural {quote(e.plural)}")
            out += [f"msgstr[{i}] {quote(s)}" for i, s in enumerate(e.strings)]
        out.append("")
    return "\n".join(out)


def write_po(path: Path, entries: list[Entry]) -> None:
    path.write_text(po_text(entries), "utf-8")
