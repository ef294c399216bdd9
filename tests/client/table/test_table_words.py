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


def test_default_seat_names_follow_a_switch_of_language(tables, tmp_path):
    """Issue 42: after a switch of language on the settings screen the default names stayed in
    the language before ("Spieler 1" at a Persian table); a typed name stays as it is, and the
    new-game form offers the new language's defaults."""
    from blueprints3d.client.table.model.flow import SeatConfig
    from blueprints3d.client.table.model.pointer import HeldPointer
    from blueprints3d.files.settings import Settings
    from blueprints3d.i18n import speaking

    with speaking("de"):
        seats = [SeatConfig(_t("Player {n}", n=1)), SeatConfig("Bob", "hard")]
        seats.append(SeatConfig(_t("Computer {n}", n=3), "easy"))
    assert seats[0].name == "Spieler 1"
    t = tables(
        1280,
        720,
        overlay=True,
        seats=seats,
        seed=3,
        bot_delay=0,
        settings=Settings(language="de"),
        settings_path=tmp_path / "settings.json",
        pointer=HeldPointer(),
    )
    app = t.app
    app.screens.show_settings()
    app.screens.settings_screen.language.set(3)  # فارسی
    names = [s.name for s in app.flow.seats]
    assert names == [_t("Player {n}", n=1), "Bob", _t("Computer {n}", n=3)], names
    assert names[0] == "بازیکن ۱" and list(app.flow.state.names) == names
    plates = [sv.name_label.node().get_text() for sv in app.view.seats]
    assert not any("Spieler" in p for p in plates), plates
    app.screens.close_all()
    app.show_new_game()
    entries = [entry.get() for _menu, entry in app.screens.new_game_screen.rows]
    assert entries[0] == "بازیکن ۱" and entries[1] == "Bob", entries
    app.screens.close_all()


def _t(msgid, **kw):
    from blueprints3d.i18n import _

    return _(msgid, **kw)


def test_the_camera_sensitivity_is_written_in_persian_digits():
    """Issue 42: the Persian settings showed a Latin "1" ("1 برابر")."""
    import re

    from blueprints3d.client.table.hud.settings_screen import SENSITIVITIES, _times
    from blueprints3d.i18n import speaking

    with speaking("fa"):
        words = [_times(v) for v in SENSITIVITIES]
    assert not [w for w in words if re.search("[0-9]", w)], words
