"""Card faces printed in a clean typeface (DejaVu Sans, shipped with its licence) and
a custom card's title says "custom" once."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from panda3d.core import LColor, PNMImage, PNMTextMaker

from blueprints3d.client.scene import card_model
from blueprints3d.engine.blueprints import Blueprint, standard_deck


def _ink(maker, text, px=60.0):
    maker.set_pixel_size(px)
    maker.set_fg(LColor(1, 1, 1, 1))
    img = PNMImage(int(maker.calc_width(text)) + 20, int(2 * px), 1)
    maker.generate_into(text, img, 10, int(1.3 * px))
    return card_model.pnm_grey(img)


def test_the_cards_font_is_the_shipped_dejavu_sans_with_its_licence():
    path = Path(card_model.card_font_path().to_os_specific())
    assert path.name == "DejaVuSans.ttf" and path.is_file()
    licence = path.with_name("DejaVuSans-LICENSE.txt").read_text()
    assert "DejaVu" in licence and "bitstream-vera" in licence.lower()
    maker = card_model.text_maker(60.0)
    assert maker.is_valid()
    # The glyphs the card prints are DejaVu's, not Panda3D's built-in font's.
    ours = _ink(PNMTextMaker(card_model.card_font_path(), 0), "B15 Three")
    # Panda3D's own font, as it was before the interface made DejaVu Sans the default too.
    from blueprints3d.client.scene.script_text import panda_font

    builtin = _ink(PNMTextMaker(panda_font()), "B15 Three")
    printed = _ink(maker, "B15 Three")
    assert printed.shape == ours.shape and np.abs(printed - ours).max() < 1e-6
    assert printed.shape != builtin.shape or np.abs(printed - builtin).mean() > 0.01


def test_a_custom_card_says_custom_once_and_deck_cards_keep_their_id():
    custom = Blueprint.from_grid([[1, 2], ["X", 3]])
    assert card_model.card_title(custom).upper().split().count("CUSTOM") == 1
    assert card_model.card_title(custom) == "Custom blueprint"
    named = Blueprint.from_grid([[1, 2], ["X", 3]], id="tower-7", name="My tower")
    assert card_model.card_title(named) == "tower-7  My tower"
    for bp in standard_deck():
        assert card_model.card_title(bp) == f"{bp.id}  {bp.name}"


def test_the_title_is_printed_in_the_face():
    custom = Blueprint.from_grid([[1, 2], ["X", 3]])
    ink = card_model.card_face_ink(custom)
    foot = ink[
        -int((card_model.FRAME_INSET + 0.6) * card_model.PX_PER_CM) : -int(
            card_model.FRAME_INSET * card_model.PX_PER_CM
        )
        - 4
    ]
    title = card_model.text_ink("Custom blueprint", card_model.TITLE_CAP)
    # The title's ink is there: about as many inked pixels as the line itself has.
    assert abs((foot > 0.5).sum() - (title > 0.5).sum()) < 0.25 * (title > 0.5).sum()
