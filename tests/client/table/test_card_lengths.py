"""Lengths (issue 42): in every language the words of each Award and Prize card on the table fit
the card (measured on the glyphs the font really draws), never over each other, never broken
inside a word ("Wolken-/kratzer"), and large enough to read; and the new-game form's labels and
buttons fit their places."""

from __future__ import annotations

import itertools
import re

import pytest

from support.gui_layout import assert_laid_out, frame_rect, inside, speak, widget_rects

LANGS = ("en", "de", "zh", "fa")
CARD_HALF = (1.6, 2.2)  # the award-card model, cm about its middle
MARGIN = 0.08  # cm the words keep from the card's edge
LEAST_LINE = 0.4  # cm from line to line: read from across the table


def _drawn_lines(tn) -> list[str]:
    """The lines a TextNode draws, its markup (fonts, direction) taken out."""
    text = re.sub("\x01[^\x01]*\x01", "", tn.get_wordwrapped_text()).replace("\x02", "")
    return [line for line in text.split("\n")]


def _whole_words(token: str, words: list[str]) -> bool:
    """``token`` is one word of ``words`` or several consecutive ones run together (Chinese)."""
    for a in range(len(words)):
        for b in range(a + 1, len(words) + 1):
            if token == "".join(words[a:b]):
                return True
    return False


@pytest.mark.parametrize("lang", LANGS)
def test_every_award_and_prize_card_fits_its_words(offscreen_base, lang):
    from blueprints3d.client.table.view.award_cards import CARD_TITLES, card_words, make_card

    speak(lang)
    try:
        for key in CARD_TITLES:
            card = make_card(key, True)
            rects = {}
            for part, words in zip(("text", "big", "unit"), card_words(key), strict=True):
                label = card.find(f"award-{key}-{part}")
                tn = label.node()
                lo, hi = label.get_tight_bounds(card)  # the glyphs as drawn
                rects[part] = (lo.x, hi.x, lo.y, hi.y)
                w, h = CARD_HALF
                assert -w + MARGIN <= lo.x and hi.x <= w - MARGIN, (lang, key, part, lo, hi)
                assert -h + MARGIN <= lo.y and hi.y <= h - MARGIN, (lang, key, part, lo, hi)
                assert tn.get_line_height() * label.get_sz() >= LEAST_LINE, (lang, key, part)
                original = words.split()
                for line in _drawn_lines(tn):
                    for token in line.split():
                        assert _whole_words(token, original), (lang, key, part, line, original)
            for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
                apart = ra[1] <= rb[0] or rb[1] <= ra[0] or ra[3] <= rb[2] or rb[3] <= ra[2]
                assert apart, (lang, key, a, ra, b, rb)
    finally:
        speak("en")


@pytest.fixture(scope="module")
def small_table(offscreen_base):
    from blueprints3d.client.render import shaders
    from blueprints3d.client.table.model.flow import SeatConfig
    from blueprints3d.client.table.model.options import AppOptions
    from blueprints3d.client.table.offscreen import open_table

    shaders.configure(False)
    seats = [SeatConfig("Ann"), SeatConfig("Bob", "expert")]
    options = AppOptions(seats=seats, seed=5, bot_delay=0, threaded_bots=False)
    t = open_table(offscreen_base, 1024, 768, options, overlay=True)
    yield t
    t.close()
    speak("en")


@pytest.mark.parametrize("lang", LANGS)
def test_the_new_game_forms_labels_and_buttons_fit_in_every_language(small_table, lang):
    """At 1024x768, the narrowest window the layout tests use: every label, choice, entry, box
    and button of the form (their frames sized from the font's own advances) inside the form and
    none over another, the drop-downs offering each language's longest word."""
    speak(lang)
    app = small_table.app
    app.show_new_game()
    try:
        scr = app.screens.new_game_screen
        r2d = app.base.render2d
        panel = frame_rect(scr.frame, r2d)
        assert inside(panel, (-1, 1, -1, 1)), (lang, panel)
        rects = widget_rects(scr, r2d)
        assert len(rects) >= 20
        assert_laid_out(rects, panel, (lang, "1024x768"))
    finally:
        app.screens.close_all()
