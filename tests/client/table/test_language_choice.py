"""The settings screen's Language: the four languages, each in its own words; a choice
is saved and heard at once: the HUD, the seats' names and cards on the table, the screen itself
(Persian: mirrored); and the next start speaks it."""

from __future__ import annotations

import json

import pytest
from panda3d.core import TextNode

import blueprints3d.i18n as i18n
from blueprints3d.client.scene.script_text import panda_text
from blueprints3d.client.table.model.flow import SeatConfig
from blueprints3d.client.table.model.pointer import HeldPointer
from blueprints3d.files.settings import Settings


@pytest.fixture()
def table(tables, tmp_path):
    return tables(
        1280,
        720,
        overlay=True,
        seats=[SeatConfig("Ann"), SeatConfig("Bob", "hard")],
        seed=3,
        bot_delay=0,
        settings=Settings(),
        settings_path=tmp_path / "settings.json",
        pointer=HeldPointer(),
    )


def pick(menu, word_index: int) -> None:
    menu.set(word_index)  # runs the menu's command, as a click on the item does


def plate_texts(app) -> list[str]:
    return [sv.name_label.node().get_text() for sv in app.view.seats]


def test_the_languages_are_offered_each_in_its_own_words(table):
    app = table.app
    app.screens.show_settings()
    scr = app.screens.settings_screen
    assert scr.language_words == ["English", "Deutsch", "中文", "فارسی"]
    assert scr.language.get() == "English"
    # Each in its own letters and font, whatever the language on screen.
    assert scr.language["items"] == [panda_text(w) for w in scr.language_words]
    assert (
        "\1bp-font-cjk\1" in scr.language["items"][2] and "\1bp-rtl\1" in scr.language["items"][3]
    )


def test_a_choice_is_saved_and_heard_at_once(table, tmp_path):
    app = table.app
    app.flow.run_bots()
    app.refresh(animate=False)
    english_status = app.hud.status.getText()
    english_plates = plate_texts(app)
    paper = app.view.seats[0].card.find("card-paper")
    english_face = paper.get_texture()
    app.screens.show_settings()
    scr = app.screens.settings_screen
    pick(scr.language, 1)  # Deutsch
    assert i18n.language() == "de"
    assert json.loads((tmp_path / "settings.json").read_text())["language"] == "de"
    # The HUD and the table speak German now.
    status = app.hud.status.getText()
    assert status != english_status and "Runde" in status, status
    assert plate_texts(app) != english_plates and any("schwer" in t for t in plate_texts(app)), (
        plate_texts(app)
    )
    # Ann's blueprint card is printed again: its title in German (a face drawn now, not the
    # English one baked for the deck).
    assert (
        paper.get_texture() is not english_face
        and paper.get_texture().get_name() != english_face.get_name()
    )
    # The cards in the centre: Silver's name is "Silber" now (Gold is "Gold" in both).
    silver = app.view.root.find_all_matches("**/award-silver-text")
    assert silver.get_num_paths() and all(n.node().get_text() == "Silber" for n in silver)
    # The settings screen is built again in German on the next frame (its own menu was closing).
    app.base.taskMgr.step()
    scr = app.screens.settings_screen
    assert scr.active
    assert any(t.getText() == "Einstellungen" for t in _label_texts(scr.frame)), _label_texts_words(
        scr.frame
    )
    assert scr.language.get() == "Deutsch"
    # Persian: the screen is mirrored, its labels read from the right.
    pick(scr.language, 3)
    app.base.taskMgr.step()
    scr = app.screens.settings_screen
    assert i18n.language() == "fa" and scr.active
    language_label = next(
        t
        for t in _label_texts(scr.frame)
        if t.textNode.get_text() == panda_text(i18n._("Language"))
    )
    assert language_label.textNode.get_align() == TextNode.A_right
    assert "\1bp-rtl\1" in app.hud.status.textNode.get_text()


def _labels(frame):
    from direct.gui.DirectGui import DirectLabel
    from direct.gui.DirectGuiBase import DirectGuiWidget

    out = []
    for c in frame.get_children():
        w = DirectGuiWidget.guiDict.get(c.get_name().split("-")[-1])
        if isinstance(w, DirectLabel):
            out.append(w)
    return out


def _label_texts(frame):
    """The texts of the frame's labels (OnscreenTexts: their text is as Panda3D is given it)."""
    return [w.component("text0") for w in _labels(frame)]


def _label_texts_words(frame):
    return [t.getText() for t in _label_texts(frame)]
