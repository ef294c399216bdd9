"""Issue 43: victory points are secret during play (RULES.md), so no score track is shown; the
help and the first round's summary say so in a line, and every round's summary says what each
player won that round, by name."""

from __future__ import annotations

from blueprints3d.client.table.hud.help_screen import rules_sections
from blueprints3d.client.table.hud.summary import round_table, vp_secret_line
from blueprints3d.engine.playout import random_game

NAMES = ["Ann", "Ben", "Cleo"]


def test_each_round_summary_names_the_cards_each_player_won():
    game = random_game(3, 11)
    for rr in game.round_results:
        _rows, words = round_table(rr, NAMES)
        said = "\n".join(words)
        assert "Won this round:" in said
        for p, name in enumerate(NAMES):
            won = [a.title for a, pl in rr.awards.items() if pl.player == p]
            won += [z.title for z, pl in rr.prizes.items() if pl.player == p]
            line = next(w for w in words if w.startswith(f"  {name}: "))
            if won:
                assert all(card in line for card in won), (line, won)
            else:
                assert line == f"  {name}: no card"
        # the line about secret VP in the first round only
        assert (vp_secret_line() in words) == (rr.round == 1)


def test_the_help_says_why_there_is_no_score_track():
    lines = [text for _title, items in rules_sections() for _icon, text in items]
    assert vp_secret_line() in lines
    assert "secret" in vp_secret_line() and "standings" in vp_secret_line()
