"""Persian screens drawn right (issue 42): text entries whose text stays in their boxes on the
new-game form and the Join screen (a mirrored entry drew its text outside, over the drop-downs)."""

from __future__ import annotations

import pytest
from direct.gui.DirectEntry import DirectEntry
from panda3d.core import Point3

from blueprints3d.client.table.model.flow import SeatConfig
from support.gui_layout import _to_r2d, children, frame_rect, speak


@pytest.fixture(scope="module")
def fa_table(offscreen_base):
    from blueprints3d.client.render import shaders
    from blueprints3d.client.table.model.options import AppOptions
    from blueprints3d.client.table.offscreen import open_table

    speak("fa")
    shaders.configure(False)
    seats = [SeatConfig("Ann"), SeatConfig("Bob", "easy"), SeatConfig("Cy", "easy")]
    options = AppOptions(seats=seats, seed=5, bot_delay=0, threaded_bots=False)
    t = open_table(offscreen_base, 1280, 720, options, overlay=True)
    t.app.flow.run_bots()
    yield t
    t.close()
    speak("en")


@pytest.fixture
def fa(fa_table):
    speak("fa")
    return fa_table


def entries_hold_their_text(frame, render2d) -> int:
    """Every text entry below ``frame`` starts its text inside its own box: Panda3D's entry draws
    from its origin rightwards, so the origin must stand in the box, a letter's room from its
    right end. The number of entries."""
    found = [w for w in children(frame) if isinstance(w, DirectEntry)]
    for e in found:
        left, right, _bottom, top = frame_rect(e, render2d, (frame,))
        origin = _to_r2d([e, frame], render2d, Point3(0, 0, 0))
        room = (top - _bottom) * 0.5
        assert left - 1e-4 <= origin.x <= right - room, (e.get(), left, origin.x, right)
    return len(found)


def test_persian_entries_hold_their_text(fa, offscreen_base):
    app = fa.app
    app.show_new_game()
    try:
        assert (
            entries_hold_their_text(app.screens.new_game_screen.frame, offscreen_base.render2d) == 5
        )
        app.net.show_join()
        assert entries_hold_their_text(app.screens.join.frame, offscreen_base.render2d) == 3
    finally:
        app.screens.close_all()


def test_persian_standings_show_round_one_first_from_the_right(offscreen_base):
    """Issue 42: the winner's three buildings stood round 1 at the left in Persian too; a reader
    of right-to-left reads round 1 first at the right (the View and Save buttons too)."""
    from client.table.test_standings import finished

    speak("fa")
    t = finished(offscreen_base)
    try:
        podium = t.app.podium
        rects = [podium.building_rect(i) for i in range(3)]
        centres = [(r[0] + r[2]) / 2 for r in rects]
        assert centres[0] > centres[1] > centres[2], centres
        view, save = podium.buttons[0]
        assert view.get_x() > save.get_x()
    finally:
        t.close()
        speak("en")


HAN_LEAST_PX = 15.0  # the size (em) a Han character needs to be read


@pytest.fixture(scope="module")
def zh_table(offscreen_base):
    from blueprints3d.client.render import shaders
    from blueprints3d.client.table.model.options import AppOptions
    from blueprints3d.client.table.offscreen import open_table

    speak("zh")
    shaders.configure(False)
    seats = [SeatConfig("Ann"), SeatConfig("Bob", "easy"), SeatConfig("Cy", "easy")]
    options = AppOptions(seats=seats, seed=5, bot_delay=0, threaded_bots=False)
    t = open_table(offscreen_base, 1280, 720, options, overlay=True)
    t.app.flow.run_bots()
    t.app.refresh(animate=False)
    yield t
    t.close()
    speak("en")


def test_chinese_hud_key_strip_and_help_are_large_enough_for_han(zh_table, offscreen_base):
    """Issue 42: at 1280x720 the Chinese HUD, key strip and F1 help were drawn at 11-12 px (the
    CJK font's line is 1.45 of its size): every one of their texts now at least 15 px."""
    from support.gui_layout import text_sizes

    speak("zh")
    app = zh_table.app
    unit = 720 / 2
    hud = app.hud
    for node in hud.nodes:
        em = node.getTextScale()[0] * unit  # the font's size in pixels
        assert em >= HAN_LEAST_PX, (node.getText()[:20], em)
    app.screens.show_help()
    try:
        frame = app.screens.help.frame
        r2d = offscreen_base.render2d
        sizes = [(t, line / 1.45) for t, line in text_sizes(frame, r2d, 720)]
        for np_ in frame.find_all_matches("**/+TextNode"):
            mat = np_.node().get_transform()  # an OnscreenText keeps its place and scale here
            a = r2d.get_relative_point(np_, mat.xform_point(Point3(0, 0, 0)))
            b = r2d.get_relative_point(np_, mat.xform_point(Point3(0, 0, 1)))
            sizes.append((np_.node().get_text(), abs(b.z - a.z) * 720 / 2))
        assert len(sizes) > 10
        for text, em in sizes:
            assert em >= HAN_LEAST_PX, (text[:20], em)
    finally:
        app.screens.close_help()


def test_chinese_drop_downs_leave_room_after_a_closing_bracket(zh_table, offscreen_base):
    """Issue 42: the new-game form's drop-down marker stood against a closing "）" ("电脑（简单）"):
    every chosen word ends half a character (of its own size) before the marker."""
    from direct.gui.DirectGui import DirectOptionMenu

    from support.gui_layout import _rect

    speak("zh")
    app = zh_table.app
    app.show_new_game()
    r2d = offscreen_base.render2d
    try:
        f = app.screens.new_game_screen.frame
        menus = [w for w in children(f) if isinstance(w, DirectOptionMenu)]
        assert len(menus) >= 5
        for w in menus:
            em = w.get_scale()[0]  # a character's size, in aspect2d's units (the frame's)
            for item in range(len(w["items"])):
                w.set(item, fCommand=0)
                text = w.component("text0")
                lo, hi = text.get_tight_bounds(text)
                word = _rect([text, w, f], r2d, (lo.x, hi.x, lo.z, hi.z))
                marker = frame_rect(w.component("popupMarker"), r2d, (w, f))
                gap = (marker[0] - word[1]) * 1280 / 2 / (em * 720 / 2)  # in characters
                assert gap >= 0.5, (w["items"][item], gap)
    finally:
        app.screens.close_all()
