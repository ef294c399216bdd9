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
