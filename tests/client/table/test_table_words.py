"""Words of the table that stayed English in every language (issue 42): the keys' names, the
standings' round columns, the summary's material columns, the default seat names after a switch
of language."""

from __future__ import annotations

import ast

import pytest
from pathlib import Path


from support.pseudo_language import pseudo, unmarked

ROOT = Path(__file__).resolve().parents[3]


def test_every_key_name_of_the_help_is_marked_for_translators():
    """A key name is a word of the keyboard's language (German: Leertaste, Strg, Pos1): every
    entry of CONTROLS, keys and what they do, is marked (N_), so the catalogue holds it."""
    tree = ast.parse((ROOT / "blueprints3d/client/table/hud/hud.py").read_text("utf-8"))
    found = None
    for node in ast.walk(tree):
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == "CONTROLS":
            found = node.value
    assert isinstance(found, ast.List) and len(found.elts) >= 15
    for row in found.elts:
        for item in row.elts:
            assert isinstance(item, ast.Call) and item.func.id == "N_", ast.unparse(row)


def _finished_game():
    from blueprints3d.engine.playout import random_game

    return random_game(3, 4)


@pytest.mark.parametrize("lang", ["zh", "fa"])
def test_the_standings_and_summary_headings_are_the_languages_words(lang):
    """The standings' round columns read "R1 R2 R3" in Chinese and Persian too (an English
    abbreviation kept by its translators): the headings are words of the language, no Latin
    letter among them. (Red until the catalogues translate the heading "round {n}".)"""
    import re

    from blueprints3d.client.table.hud.summary import round_cells, standings_cells
    from blueprints3d.i18n import speaking

    g = _finished_game()
    names = ["Ann", "Bob", "Cy"]
    with speaking(lang):
        heads = standings_cells(g.round_results, g.result(), names)[0]
        heads += round_cells(g.round_results[0], names)[0]
    assert not [h for h in heads if re.search("[A-Za-z]", h)], heads


def test_the_standings_and_summary_headings_are_messages(monkeypatch):
    from blueprints3d.client.table.hud.summary import round_cells, standings_cells

    g = _finished_game()
    names = ["Ann", "Bob", "Cy"]
    with pseudo(monkeypatch):
        heads = standings_cells(g.round_results, g.result(), names)[0]
        heads += round_cells(g.round_results[0], names)[0]
    assert all(unmarked(h) == "" for h in heads), heads
