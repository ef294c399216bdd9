"""Persian letters in their joined forms for pictures drawn without a shaper: the share
card and the cards' titles (blueprints3d/i18n/arabic_forms.py)."""

from __future__ import annotations

import pytest

from blueprints3d.i18n.arabic_forms import presentation_forms
from blueprints3d.i18n.bidi import display


@pytest.mark.parametrize(
    "word, forms",
    [
        ("پیچ", [0xFB58, 0xFBFF, 0xFB7B]),  # peh initial, yeh medial, tcheh final
        ("لا", [0xFEFB]),  # lam-alef: one ligature
        ("سلام", [0xFEB3, 0xFEFC, 0xFEE1]),  # seen initial, lam-alef final, meem isolated
        (
            "می\u200cخواهم",
            [0xFEE3, 0xFBFD, 0x200C, 0xFEA7, 0xFEEE, 0xFE8D, 0xFEEB, 0xFEE2],
        ),  # ZWNJ parts
        ("دو", [0xFEA9, 0xFEED]),  # dal and waw join nothing after them
        ("گ", [0xFB92]),
    ],
)
def test_each_letter_takes_the_form_its_neighbours_give_it(word, forms):
    assert [ord(c) for c in presentation_forms(word)] == forms


def test_other_letters_are_left_alone_and_marks_do_not_break_a_join():
    assert presentation_forms("B07 Twin 12") == "B07 Twin 12"
    # A vowel mark between two letters: they still join (beh initial, mark, beh final).
    assert [ord(c) for c in presentation_forms("بَب")] == [0xFE91, 0x064E, 0xFE90]


def test_a_title_is_joined_and_in_screen_order():
    shown = display(presentation_forms("B03  حیاط"), rtl=True)
    # Read right to left: B03 first, at the right; the word joined, its last letter leftmost.
    assert shown.endswith("B03") and shown.startswith(chr(0xFEC1))  # tah isolated, leftmost
