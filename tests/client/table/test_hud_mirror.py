"""The HUD in a right-to-left interface (Persian): the mirror image of the English one. The
status and info lines (and the in-demand dice) top right and aligned right, the score panel top
left, the Awards' meters, the prompt and the message bottom right, the key strip and the Confirm /
Undo bar or the Hint button bottom left; still nothing overlaps anything, nor the names on the
table (test_hud_layout.py's measuring). And a language changed at run time shows at once in the
HUD and its buttons (``relabel``), mirrored or not as the new language reads."""

from __future__ import annotations

import pytest
from panda3d.core import TextNode

from blueprints3d.client.table.model.flow import SeatConfig
from support.gui_layout import speak
from support.table_rig import open_hud_table
from test_hud_layout import check_layout, fill_hud, frames_rect, rect_2d

SIZES = [(1280, 720), (1920, 1080)]


def assert_mirrored(app, render2d, size) -> None:
    hud = app.hud
    w, h = size
    edge = 3 * max(0.012 * h, 4.0) / w * 2  # a few margins, in render2d units across
    status, info = rect_2d(hud.status, render2d), rect_2d(hud.info, render2d)
    # Top right, aligned right: the status line's right edge at the window's right, the info
    # line's at the in-demand dice, which come first, at the right.
    for name, node, r in (("status", hud.status, status), ("info", hud.info, info)):
        assert node.textNode.get_align() == TextNode.A_right, name
        assert r[0] > 0 and r[3] > 0.8, (size, name, r)
    assert status[1] > 1 - edge, (size, status)
    lo, hi = hud.demand.root.get_tight_bounds(render2d)
    assert hi.x > 1 - edge and info[1] < lo.x < info[1] + edge, (size, lo, hi, info)
    # The score panel top left, aligned left.
    panel = rect_2d(hud.score_panel, render2d)
    assert hud.score_panel.textNode.get_align() == TextNode.A_left
    assert panel[1] < 0 and panel[0] < -1 + edge and panel[3] > 0.8, (size, panel)
    # The key strip bottom left.
    keys = rect_2d(hud.help, render2d)
    assert hud.help.textNode.get_align() == TextNode.A_left
    assert keys[1] < 0 and keys[0] < -1 + edge and keys[2] < -0.8, (size, keys)
    # The prompt and the message bottom right, the meters above them.
    for name, node in (("prompt", hud.prompt), ("message", hud.message)):
        if node.textNode.get_text():
            r = rect_2d(node, render2d)
            assert node.textNode.get_align() == TextNode.A_right, name
            assert r[0] > 0 and r[1] > 1 - edge and r[2] < -0.6, (size, name, r)
    if hud.meters.shown:
        lo, hi = hud.meters.root.get_tight_bounds(render2d)
        assert lo.x > 0 and hi.x > 1 - edge, (size, lo, hi)
    # The buttons above the key strip, bottom left.
    for bar in (app.move_bar, app.hint_button):
        if bar.shown:
            r = frames_rect(bar.root, render2d)
            assert r[1] < 0 and r[0] < -1 + edge and r[2] > keys[3], (size, r, keys)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_persian_hud_is_the_mirror_image(offscreen_base, size):
    speak("fa")
    w, h = size
    t = open_hud_table(
        offscreen_base,
        size,
        [SeatConfig("Ann"), SeatConfig("Bob", "easy"), SeatConfig("Cy", "hard")],
    )
    try:
        app = t.app
        r2d = offscreen_base.render2d
        app.flow.run_bots()
        app.refresh(animate=False)
        app.settle()
        assert app.hint_button.shown and app.hud.meters.shown
        check_layout(app, r2d, size, wrapped=False, scene=True)
        assert_mirrored(app, r2d, size)
        fill_hud(app)  # the Confirm / Undo bar, a long message
        check_layout(app, r2d, size, wrapped=True, scene=True)
        assert_mirrored(app, r2d, size)
        # A resize lays it out again, still mirrored.
        app.hud.layout(1024, 768)
        app.hud.layout(w, h)
        assert_mirrored(app, r2d, size)
    finally:
        t.close()
        speak("en")


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_top_lines_wrap_short_of_the_far_screen_on_their_side(offscreen_base, lang):
    """keep_clear's rectangle at the top, on the side the lines start from (the left in English,
    the right in Persian): the status line wraps short of it rather than run over it."""
    from blueprints3d.client.table.hud.hud import Hud

    speak(lang)
    hud = Hud(offscreen_base.aspect2d, size=(1280, 720))
    try:
        s = -1 if lang == "en" else 1  # the start side
        hud.status.setText(" ".join(["Round 1 of 3"] * 12))
        hud.place()
        lo, hi = sorted((s * 0.3, s * 0.6))
        hud.keep_clear([(lo, hi, 0.7, 1.0)])
        w, h = hud.size
        unit = min(w, h) / 2
        r = hud.status.get_tight_bounds(hud.root)
        left, right = r[0].x * unit / (w / 2), r[1].x * unit / (w / 2)  # in the window's [-1, 1]
        assert hud.status.textNode.get_num_rows() >= 2
        if lang == "en":
            assert hud.status.textNode.get_align() == TextNode.A_left
            assert left < -0.9 and right < -0.6, (left, right)
        else:
            assert hud.status.textNode.get_align() == TextNode.A_right
            assert right > 0.9 and left > 0.6, (left, right)
    finally:
        hud.destroy()
        speak("en")


def test_relabel_shows_the_new_language_at_once(offscreen_base):
    from blueprints3d.client.scene.script_text import panda_text
    from blueprints3d.client.table.hud.hud import Hud
    from blueprints3d.client.table.hud.move_bar import HintButton, MoveBar
    from blueprints3d.i18n import _, number

    speak("en")
    a2d = offscreen_base.aspect2d
    hud = Hud(a2d, size=(1280, 720))
    bar = MoveBar(a2d, lambda: None, lambda: None)
    hint = HintButton(a2d, lambda: None)
    hud.dock(move_bar=bar.root, hint_bar=hint.root)
    hud.meters._make_medals(3)
    try:
        assert "F1 help" in hud.help.getText() and not hud.rtl
        assert bar.confirm["text"] == "Confirm (Enter)" and hint.button["text"] == "Hint (H)"
        width_en = hint.button["frameSize"][1]
        speak("de")
        hud.relabel()
        bar.relabel()
        hint.relabel()
        keys = hud.help.getText()
        assert _("F1 help") in keys and "F1 help" not in keys and "Esc menu" not in keys, keys
        assert bar.confirm["text"] == panda_text(_("Confirm (Enter)")) != "Confirm (Enter)"
        assert bar.undo["text"] == panda_text(_("Undo (Backspace)")) != "Undo (Backspace)"
        assert hint.button["text"] == panda_text(_("Hint (H)")) != "Hint (H)"
        assert hint.button["frameSize"][1] != width_en  # as wide as the German labels now
        assert not hud.rtl and hud.status.textNode.get_align() == TextNode.A_left
        # Into Persian: its words, its font, and the HUD mirrored at once.
        speak("fa")
        hud.relabel()
        bar.relabel()
        hint.relabel()
        from blueprints3d.client.scene.script_text import interface_font

        assert _("F1 help") in hud.help.getText()
        assert (
            hud.help.textNode.get_font() == interface_font()
            and hud.status.textNode.get_font() == interface_font()
        )
        assert hint.button["text"] == panda_text(_("Hint (H)"))
        assert hud.rtl and hud.status.textNode.get_align() == TextNode.A_right
        assert hud.help.textNode.get_align() == TextNode.A_left and hud.help.getTextPos()[0] < 0
        assert [label.getText() for _m, label in hud.meters.medals] == [number(3), number(2)]
        assert number(3) != "3"
    finally:
        bar.destroy()
        hint.destroy()
        hud.destroy()
        speak("en")
