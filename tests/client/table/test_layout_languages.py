"""Every screen's layout in every language the program speaks (English, German, Chinese,
Persian) at 1280x720, 1920x1080 and 1024x768: the new-game form, the Esc menu, settings, quit,
help, past games, the reveal and the round's summary, the standings, the tutorial's bubbles and
the demo menu. Nothing leaves its panel or the window, nothing overlaps (German is the longest),
the type is as large as the English tests ask; a translated screen shows its language's words,
not the English ids, and a Persian one is mirrored (what stands at the left in English stands at
the right).

One table per (language, size), opened in that language, visits the screens in turn: the class
``TestTable`` runs its tests in order on it (a game played to its reveal, then to its end)."""

from __future__ import annotations

import itertools
import os
import random
import re
from pathlib import Path

import pytest
from panda3d.core import TextNode

from blueprints3d.client.table.model.flow import Mode, SeatConfig
from support.lessons import every_bubble
from support.gui_layout import (
    centre_x,
    speak,
    assert_laid_out,
    children,
    frame_rect,
    inside,
    menus_have_room,
    overlap,
    text_sizes,
    texts,
    widget_rects,
)

MIN_PX = 12.0  # the English layout tests' least type (test_screens_layout.py)
LANGS = ("en", "de", "zh", "fa")
SIZES = ((1280, 720), (1920, 1080), (1024, 768))
PARAMS = [(lang, size) for lang in LANGS for size in SIZES]
IDS = [f"{lang}-{w}x{h}" for lang, (w, h) in PARAMS]
SEATS4 = [
    SeatConfig("Ann"),
    SeatConfig("Bob", "easy"),
    SeatConfig("Cy", "easy"),
    SeatConfig("Dot", "easy"),
]
WINDOW = (-1, 1, -1, 1)


def shown(words: str) -> str:
    """``words`` as a text node of the current language holds them (bidi and font markup)."""
    from blueprints3d.client.scene.script_text import panda_text

    return panda_text(words)


def node_texts(frame) -> set[str]:
    """The texts of every DirectGUI text and bare text node below ``frame``, as their nodes hold them."""
    out = {t.node().get_text() for t, _chain in texts(frame)}
    for np_ in frame.find_all_matches("**/+TextNode"):
        out.add(np_.node().get_text())
    return out


def assert_translated(lang: str, frame, english: str, **kw) -> None:
    """The screen shows ``english``'s translation, and not the English words (in another language
    than English, where the catalogue has a translation that differs)."""
    from blueprints3d.i18n import _

    words = _(english, **kw)
    held = node_texts(frame)
    assert shown(words) in held, (lang, english, words, sorted(held)[:12])
    if lang != "en":
        assert words != english.format(**kw), (lang, english, "untranslated")
        assert english.format(**kw) not in held, (lang, english)


def node_text_rect(text, render2d):
    """A bare OnscreenText's (a ScriptText's) laid-out lines in render2d units: its TextNode's
    extents through the node's own matrix (where an OnscreenText keeps its place and scale), the
    letters' shadow left out."""
    from panda3d.core import Point3

    tn = text.node()
    mat = tn.get_transform()
    xs, zs = [], []
    for x in (tn.get_left(), tn.get_right()):
        for z in (tn.get_bottom(), tn.get_top()):
            p = render2d.get_relative_point(text, mat.xform_point(Point3(x, 0, z)))
            xs.append(p.x)
            zs.append(p.z)
    return min(xs), max(xs), min(zs), max(zs)


def tight_rect(np_, render2d):
    """A node's drawn geometry in render2d units (left, right, bottom, top)."""
    lo, hi = np_.get_tight_bounds(render2d)
    return lo.x, hi.x, lo.z, hi.z


def assert_apart(rects: dict, size, what) -> None:
    for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
        assert not overlap(ra, rb), (what, size, a, ra, b, rb)


def label_with(frame, words: str):
    """The DirectLabel of ``frame`` that shows ``words``."""
    from direct.gui.DirectGui import DirectLabel

    want = shown(words)
    found = [w for w in children(frame) if isinstance(w, DirectLabel) and w["text"] == want]
    assert found, (words, want)
    return found[0]


def assert_mirrored(lang: str, label, frame, render2d) -> None:
    """A label that English aligns left, at the panel's left: in Persian aligned right, in the
    panel's right half; in the others as in English."""
    from support.gui_layout import text_rect

    text = label.component("text0")
    r = text_rect(text, render2d, (label, frame))
    panel = frame_rect(frame, render2d)
    if lang == "fa":
        assert text.node().get_align() == TextNode.A_right, (lang, label["text"])
        assert centre_x(r) > centre_x(panel), (lang, label["text"], r, panel)
    else:
        assert text.node().get_align() == TextNode.A_left, (lang, label["text"])
        assert centre_x(r) < centre_x(panel), (lang, label["text"], r, panel)


def play_until(app, done, seed: int = 1, limit: int = 3000) -> None:
    """The person's moves at random, the computers', the curtain and the rounds' ends (through
    ``continue_round``), until ``done()``."""
    flow = app.flow
    flow.threaded_bots = False
    rng = random.Random(seed)
    for _ in range(limit):
        if done():
            return
        if flow.mode is Mode.BOT:
            flow.run_bots()
        elif flow.mode is Mode.CURTAIN:
            app.pass_curtain()
        elif flow.mode is Mode.ROUND_END:
            app.continue_round()
        elif flow.mode is Mode.TURN:
            flow.act(rng.choice(flow.state.legal_actions()))
            if flow.pending is not None:
                assert flow.confirm().ok
        else:
            raise AssertionError(flow.mode)
    raise AssertionError("never got there")


def panel_contents(screen, render2d) -> dict:
    """A _TablePanel's (summary, standings) every part, as the share card lays it out (kicker,
    headline, small print, the table's heads, chips and columns, each part's heading and words)
    and its buttons: name -> rect. The rules are left out: a rule is a line between parts."""
    from direct.gui.DirectGui import DirectFrame

    f = screen.frame
    rects = {"head": node_text_rect(screen.head, render2d)}
    # The table, a column a text: no column over the next (a name never runs into the numbers).
    rects.update(
        {f"table column {j}": node_text_rect(c, render2d) for j, c in enumerate(screen.columns)}
    )
    for name, part in screen.card.parts.items():
        if name.startswith("rule") or name in ("headline",) or name.startswith("table column"):
            continue
        if isinstance(part, DirectFrame):
            rects[name] = frame_rect(part, render2d, (f,))
        elif part.textNode.get_text().strip():
            rects[name] = node_text_rect(part, render2d)
    for name, b in screen.buttons.items():
        rects[f"button {name}"] = frame_rect(b, render2d, (f,))
    return rects


@pytest.fixture(scope="class")
def table(request, offscreen_base):
    """A table opened in the language and at the size of the class's parameter: a four-player
    game (Ann a person, three computers), Ann to move. Yields (lang, size, OffscreenTable)."""
    from blueprints3d.client.render import shaders
    from blueprints3d.client.table.offscreen import open_table
    from blueprints3d.client.table.model.options import AppOptions

    lang, size = request.param
    speak(lang)
    shaders.configure(False)
    w, h = size
    t = open_table(
        offscreen_base,
        w,
        h,
        AppOptions(
            size=size,
            seats=SEATS4,
            seed=5,
            bot_delay=0,
            threaded_bots=False,
            launch=lambda command: None,
        ),
        overlay=True,
    )
    t.app.flow.run_bots()
    t.app.refresh(animate=False)
    yield lang, size, t
    t.close()
    speak("en")


@pytest.fixture
def at(table):
    """The class's table, its language spoken again (each test ends in English: tests/conftest.py)."""
    lang, size, t = table
    speak(lang)
    return lang, size, t


@pytest.mark.parametrize("table", PARAMS, ids=IDS, indirect=True, scope="class")
class TestTable:
    def test_the_new_game_form(self, at, offscreen_base):
        lang, size, t = at
        app = t.app
        app.show_new_game()
        scr = app.screens.new_game_screen
        r2d = offscreen_base.render2d
        try:
            panel = frame_rect(scr.frame, r2d)
            assert inside(panel, WINDOW), (lang, size, panel)
            rects = widget_rects(scr, r2d)
            assert len(rects) >= 20 and any("box" in k for k in rects)
            assert_laid_out(rects, panel, (lang, size))
            for text, px in text_sizes(scr.frame, r2d, size[1]):
                assert px >= MIN_PX, (lang, size, text, px)
            assert scr.line_px >= max(MIN_PX, 0.03 * size[1])
            assert menus_have_room(scr, r2d, size[1] / 2, margin_px=1.0) >= 5 * 4
            assert_translated(lang, scr.frame, "Blueprints - a new game")
            assert_translated(lang, scr.frame, "Open scores")
            assert_mirrored(lang, label_with(scr.frame, _t("Seat {n}", n=1)), scr.frame, r2d)
        finally:
            scr.exit()
            app.screens.close_all()
            app.hud.set_visible(True)

    def test_the_menu_settings_and_quit_dialogs(self, at, offscreen_base):
        lang, size, t = at
        app = t.app
        r2d = offscreen_base.render2d
        app.input.escape()
        menu = app.screens.menu
        checked = []
        for name, scr, title in (
            ("menu", menu, "Menu"),
            ("settings", None, "Settings"),
            ("quit", None, None),
        ):
            if name == "settings":
                menu.buttons["Settings"]["command"]()
                scr = app.screens.settings_screen
            elif name == "quit":
                app.screens.settings_screen.exit()
                app.screens.ask_to_quit()
                scr = app.screens.confirm
            assert scr.active, (lang, size, name)
            panel = frame_rect(scr.frame, r2d)
            assert inside(panel, WINDOW), (lang, size, name, panel)
            rects = widget_rects(scr, r2d)
            assert_laid_out(rects, panel, (lang, size, name))
            sizes = text_sizes(scr.frame, r2d, size[1])
            assert sizes, name
            for text, px in sizes:
                assert px >= MIN_PX, (lang, size, name, text, px)
            if title:
                assert_translated(lang, scr.frame, title)
            checked.append(name)
            if name == "settings":
                assert (
                    sum("DirectOptionMenu" in k for k in rects) >= 3
                    and sum("box" in k for k in rects) >= 4
                )
                from direct.gui.DirectGui import DirectOptionMenu

                menus = [c for c in children(scr.frame) if isinstance(c, DirectOptionMenu)]
                assert menus_have_room(scr, r2d, size[1] / 2) == sum(len(c["items"]) for c in menus)
                assert_translated(lang, scr.frame, "Camera sensitivity")
                assert_mirrored(lang, label_with(scr.frame, _t("Animations")), scr.frame, r2d)
            if name == "quit":
                assert rects and scr.question == app.screens.quit_question()
                if lang != "en":
                    assert "Quit the game in progress" not in scr.question, (lang, scr.question)
        scr.exit()
        assert checked == ["menu", "settings", "quit"]

    def test_the_help(self, at, offscreen_base):
        lang, size, t = at
        app = t.app
        r2d = offscreen_base.render2d
        app.screens.show_help()
        scr = app.screens.help
        try:
            f = scr.frame
            panel = frame_rect(f, r2d)
            assert inside(panel, WINDOW)
            assert scr.line_px >= MIN_PX, (lang, size, scr.line_px)
            rects = {
                f"{i} {t_.getText()[:30]}": node_text_rect(t_, r2d)
                for i, t_ in enumerate(scr.texts)
            }
            for i, (_picture, pic) in enumerate(scr.pictures):
                rects[f"picture {i}"] = frame_rect(pic, r2d, (f,))
            rects["Back"] = frame_rect(scr.close_button, r2d, (f,))
            assert len(rects) > 30
            assert_laid_out(rects, panel, (lang, size, "help"))
            assert_translated(lang, f, "Help: the controls and the rules in short")
            controls = next(t_ for t_ in scr.texts if t_.getText() == _t("Controls"))
            # The controls' column: the first, at the left in English, at the right in Persian.
            on_right = centre_x(node_text_rect(controls, r2d)) > 0
            assert on_right == (lang == "fa"), (lang, size)
            assert controls.textNode.get_align() == (
                TextNode.A_right if lang == "fa" else TextNode.A_left
            )
        finally:
            app.screens.close_help()

    def test_past_games(self, at, offscreen_base):
        from blueprints3d.engine.playout import random_game
        from blueprints3d.files.history import keep_game

        lang, size, t = at
        app = t.app
        r2d = offscreen_base.render2d
        home = Path(os.environ["BLUEPRINTS3D_HOME"])
        for n in range(3):
            keep_game(random_game(2 + n, n + 1), data_folder=home)
        app.show_new_game()
        app.screens.new_game_screen.past_button["command"]()
        scr = app.screens.past_games
        try:
            assert scr.active and len(scr.listing.games) == 3
            f = scr.frame
            panel = frame_rect(f, r2d)
            assert inside(panel, WINDOW), (lang, size, panel)
            rects = {}
            for i, np_ in enumerate(f.get_children()):
                node = np_.node()
                if isinstance(node, TextNode):
                    rects[f"{i} text {node.get_text()[:20]}"] = node_text_rect(np_, r2d)
            replays = {n: frame_rect(b, r2d, (f,)) for n, b in scr.buttons.items()}
            for n, r in replays.items():
                rects[f"Replay {n}"] = r
            rects["Back"] = frame_rect(scr.back_button, r2d, (f,))
            assert len(rects) >= 3 + 3 + 1 + 1
            assert_laid_out(rects, panel, (lang, size, "past games"))
            for text, px in text_sizes(f, r2d, size[1]):
                assert px >= MIN_PX, (lang, size, text, px)
            assert_translated(lang, f, "Past games")
            # The Replay buttons stand at the rows' end: the right in English, the left in Persian.
            for r in replays.values():
                assert (centre_x(r) < centre_x(panel)) == (lang == "fa"), (lang, size, r, panel)
        finally:
            scr.exit()
            app.screens.close_all()
            app.hud.set_visible(True)

    def test_the_reveal_and_the_rounds_summary(self, at, offscreen_base):
        from blueprints3d.client.table.view.reveal import overlaps
        from blueprints3d.i18n import _

        lang, size, t = at
        app = t.app
        flow = app.flow
        play_until(app, lambda: flow.mode is Mode.ROUND_END, seed=3)
        rv = app.reveal
        assert rv.active
        w, h = app.size()
        for i, step in enumerate(rv.steps):
            rv._go(i)
            app.settle()
            app.settle()
            labels = rv.label_rects()
            assert "caption" in labels or step.kind == "summary", (lang, size, step.kind)
            for name, r in labels.items():
                assert r[0] >= 0 and r[1] >= 0 and r[2] <= w and r[3] <= h, (
                    lang,
                    size,
                    step.kind,
                    name,
                    r,
                )
            for (a, ra), (b, rb) in itertools.combinations(labels.items(), 2):
                assert not overlaps(ra, rb), (lang, size, i, step.kind, a, ra, b, rb)
            buildings = [r for r in (rv.building_rect(p) for p in range(4)) if r is not None]
            cards = rv.won_card_rects()
            panel = app.screens.summary.rect_px()
            for name, r in labels.items():
                if name in ("caption", "hint"):
                    continue
                for b in buildings:
                    assert not overlaps(r, b), (lang, size, i, step.kind, name, r, b)
                for c in cards:
                    assert not overlaps(r, c), (lang, size, i, step.kind, name, r, c)
                if panel is not None:
                    assert not overlaps(r, panel), (lang, size, i, step.kind, name, r, panel)
            if lang != "en" and "caption" in labels:
                assert not re.search(r"\b(the|and|round|points)\b", rv.caption.getText()), (
                    lang,
                    rv.caption.getText(),
                )
        # The round's summary panel: inside the window, its parts inside it and apart.
        summary = app.screens.summary
        assert summary.active
        r2d = offscreen_base.render2d
        panel = frame_rect(summary.frame, r2d)
        assert inside(panel, WINDOW), (lang, size, panel)
        rects = panel_contents(summary, r2d)
        assert_laid_out(rects, panel, (lang, size, "summary"))
        # A chip heads each material's column, as on the share card.
        assert sorted(n for n in rects if n.startswith("table chip")) == [
            f"table chip {j}" for j in (2, 3, 4, 5)
        ]
        assert summary.head.getText() == _("Round {round} scores", round=1)
        assert_translated(lang, summary.frame, "Watch again")
        align = summary.head.textNode.get_align()
        assert align == (TextNode.A_right if lang == "fa" else TextNode.A_left), (lang, align)

    def test_the_standings_and_the_buildings(self, at, offscreen_base):
        from blueprints3d.client.table.view.reveal import overlaps
        from blueprints3d.client.table.hud.summary import headline

        lang, size, t = at
        app = t.app
        flow = app.flow
        play_until(app, lambda: flow.mode is Mode.GAME_OVER, seed=4)
        app.settle()
        st = app.screens.standings
        assert st.active
        r2d = offscreen_base.render2d
        panel = frame_rect(st.frame, r2d)
        assert inside(panel, WINDOW), (lang, size, panel)
        rects = panel_contents(st, r2d)
        assert_laid_out(rects, panel, (lang, size, "standings"))
        # As the share card: the gold kicker over the headline, the VP column in gold.
        from blueprints3d.client.render import style

        assert "kicker" in rects and "table head 0" in st.card.parts
        assert tuple(st.columns[-1].fg) == pytest.approx(style.GOLD)
        assert tuple(st.columns[0].fg) == pytest.approx(style.INK)
        names = [s.name for s in flow.seats]
        assert st.head.getText() == headline(flow.state.result(), names)
        if lang != "en":
            assert " wins " not in st.head.getText() and "Shared victory" not in st.head.getText()
        assert st.head.textNode.get_align() == (
            TextNode.A_right if lang == "fa" else TextNode.A_left
        )
        # The buildings beside it, as test_standings.py measures them, for every player's row.
        w, h = size
        pod = app.podium
        for player in range(len(flow.seats)):
            if player:
                app.between.next_podium()
                app.settle()
            px = st.rect_px()
            blds = [pod.building_rect(i) for i in range(len(pod.cards))]
            for i, r in enumerate(blds):
                assert r is not None and r[0] >= 0 and r[2] <= w and r[1] >= 0 and r[3] <= h, (
                    lang,
                    size,
                    r,
                )
                assert not overlaps(r, px), (lang, size, player, r, px)
                assert not any(overlaps(r, q) for q in blds[i + 1 :]), (lang, size, blds)
            placed = []
            u = min(w, h) / 2
            for label in [pod.title, *pod.labels]:
                lo, hi = label.get_tight_bounds(app.base.aspect2d)
                lr = (lo.x * u + w / 2, h / 2 - hi.z * u, hi.x * u + w / 2, h / 2 - lo.z * u)
                assert not overlaps(lr, px), (lang, size, label.getText(), lr, px)
                assert not any(overlaps(lr, r) for r in blds), (lang, size, label.getText(), lr)
                assert lr[0] >= 0 and lr[2] <= w and lr[1] >= 0 and lr[3] <= h, (
                    lang,
                    size,
                    label.getText(),
                    lr,
                )
                placed.append((label.getText(), lr))
            for (a, ra), (b, rb) in itertools.combinations(placed, 2):
                assert not overlaps(ra, rb), (lang, size, a, ra, b, rb)
            # The panel's buttons ("Bob's buildings", "New game", "Quit") apart, inside it.
            rects = panel_contents(st, r2d)
            assert_laid_out(rects, frame_rect(st.frame, r2d), (lang, size, "standings", player))

    def test_the_tutorials_bubbles(self, at):
        from blueprints3d.presentation.demos import coach

        lang, size, t = at
        app = t.app
        app.screens.close_all()
        tut = app.start_tutorial()
        try:
            tut.update()
            w, h = size
            rect = tut.panel_rect()
            assert (
                rect is not None and rect[0] >= 0 and rect[2] <= w and rect[1] >= 0 and rect[3] <= h
            ), (lang, size, rect)
            u = min(w, h) / 2
            a2d = app.base.aspect2d

            def px(node):
                lo, hi = node.get_tight_bounds(a2d)
                return lo.x * u + w / 2, h / 2 - hi.z * u, hi.x * u + w / 2, h / 2 - lo.z * u

            title = px(tut.title)
            assert title[0] >= 0 and title[2] <= w and title[1] >= 0, (lang, size, title)
            assert not (
                title[0] < rect[2]
                and rect[0] < title[2]
                and title[1] < rect[3]
                and rect[1] < title[3]
            ), (lang, size, title, rect)
            for text in app.hud.texts():  # the coach never covers the HUD's lines
                r = px(text)
                assert not (
                    rect[0] < r[2] and r[0] < rect[2] and rect[1] < r[3] and r[1] < rect[3]
                ), (lang, size, text.textNode.get_text(), r, rect)
            title_words = tut.title.getText()
            assert _t(coach.TITLE) in title_words or title_words.startswith(_t(coach.TITLE)[:4]), (
                lang,
                title_words,
            )
            if lang != "en":
                assert tut.bubble and not re.search(r"\b(the|you|your|and)\b", tut.bubble), (
                    lang,
                    tut.bubble,
                )
            # Every bubble the lesson can say, at most two lines of the bubble, inside the window.
            seen, too_long = 0, []
            for bubbles in every_bubble():
                for b in bubbles:
                    if tut.rows(b) > 2:
                        too_long.append(b)
                    seen += 1
            assert seen > 100
            assert not too_long, (lang, size, len(too_long), sorted(set(too_long)))
        finally:
            tut.destroy()


def _t(english: str, **kw) -> str:
    from blueprints3d.i18n import _

    return _(english, **kw)


# The demo menu in every language: tests/client/apps/test_demo_menu.py.
