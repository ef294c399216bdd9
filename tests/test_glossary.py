"""GLOSSARY.md names every term the engine gives a player (the materials, the Awards, the Prizes)
with its German and Chinese word, so the translations have one source for each term."""

from __future__ import annotations

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
