"""GLOSSARY.md names every term the engine gives a player (the materials, the Awards, the Prizes)
with its German and Chinese word, so the translations have one source for each term."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from blueprints3d.engine.materials import Material
from blueprints3d.engine.rules import Award, Prize

GLOSSARY = Path(__file__).resolve().parent.parent / "GLOSSARY.md"


def rows() -> dict[str, list[str]]:
    """The glossary's table: its English column (lower case) -> the row's other cells."""
    out = {}
    for line in GLOSSARY.read_text("utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and line.startswith("|") and not set(cells[0]) <= set("-"):
            out[cells[0].lower()] = cells[1:]
    return out


def entry(term: str, table: dict[str, list[str]]) -> list[str]:
    hits = [cells for english, cells in table.items() if english.startswith(term.lower())]
    assert hits, f"GLOSSARY.md has no row for {term!r}"
    return hits[0]


def test_every_material_award_and_prize_has_a_german_and_a_chinese_word():
    table = rows()
    terms = [m.label for m in Material] + [
        "Award",
        "Prize",
        "blueprint (card)",
        "blueprint bonus",
        "victory points",
        "in-demand materials",
    ]
    terms += [p.title for p in Prize]
    for term in terms:
        german, chinese = entry(term, table)[:2]
        assert german and chinese, term
        assert any("\u4e00" <= ch <= "\u9fff" for ch in chinese), (term, chinese)
    # The Awards' own names, in the Award row: Gold, Silver, Bronze and their German words.
    english = next(k for k in table if k.startswith("award"))
    german_awards = entry("Award", table)[0]
    for award, german in zip(Award, ("Gold", "Silber", "Bronze"), strict=True):
        assert award.title.lower() in english and german in german_awards, award


def test_the_check_can_fail():
    table = {"wood": ["Holz", "木材"]}
    try:
        entry("stone", table)
    except AssertionError as e:
        assert "no row for 'stone'" in str(e)
    else:
        raise AssertionError("a missing row was not found")


def catalogue_rules() -> list[tuple[str, str, str, str, str]]:
    """GLOSSARY.md's "Rules the catalogues keep": (language, English pattern, unless, must say,
    must not say), the patterns as regular expressions."""
    text = GLOSSARY.read_text("utf-8").split("## Rules the catalogues keep", 1)[1]
    out = []
    for line in text.splitlines():
        # Split on the table's bars, not on a bar escaped inside a pattern ("\|").
        cells = [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
        if len(cells) == 5 and cells[0] in ("de", "zh", "fa"):
            lang, english, unless, must, must_not = (c.strip("`") for c in cells)
            out.append((lang, english, unless, must, must_not))
    return out


def rule_breaks(rules, messages_of) -> list[str]:
    """Every message that breaks a rule: ``messages_of(lang)`` gives (English, translation) pairs."""
    out = []
    for lang, english, unless, must, must_not in rules:
        for en, said in messages_of(lang):
            if not re.search(english, en) or (unless and re.search(unless, en)):
                continue
            if must and not re.search(must, said):
                out.append(f"{lang}: {en!r} does not say {must!r}: {said!r}")
            if must_not and must_not in said:
                out.append(f"{lang}: {en!r} says {must_not!r}: {said!r}")
    return out


def _catalogue_messages(lang: str) -> list[tuple[str, str]]:
    sys.path.insert(0, str(GLOSSARY.parent / "tools"))
    from compile_catalogues import entries

    po = GLOSSARY.parent / "blueprints3d" / "locale" / lang / "LC_MESSAGES" / "blueprints3d.po"
    return [(e.msgid + " " + (e.plural or ""), " ".join(e.strings)) for e in entries(po)]


def test_every_catalogue_keeps_the_glossarys_rules():
    rules = catalogue_rules()
    assert len(rules) >= 15 and {r[0] for r in rules} == {"de", "zh", "fa"}
    broken = rule_breaks(rules, _catalogue_messages)
    assert not broken, "\n".join(broken[:20])


def test_the_glossary_rules_find_what_they_forbid():
    rules = catalogue_rules()
    bad = {
        "zh": [("Your turn ", "你的回合"), ("Person ", "玩家"), ("a 3D table ", "3D 桌面")],
        "fa": [("Awards go to the best buildings ", "نشان‌ها"), ("{n} seats ", "{n} صندلی")],
        "de": [("Space: next step ", "Space: weiter"), ("skip the reveal ", "Enthüllung")],
    }
    broken = rule_breaks(rules, lambda lang: bad[lang])
    assert len(broken) >= 7, broken
