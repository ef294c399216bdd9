"""The HUD's words at several window sizes, measured on the offscreen table with its overlay:
no two texts (nor the Confirm / Undo bar, the Hint button, the coach's hints, nor the viewer's
name plate) overlap, none leaves the window, and every line is at least MIN_PX pixels from line
to line."""

from __future__ import annotations

import pytest
from panda3d.core import Point2, Point3

from support.gui_layout import overlap
from support.table_rig import open_hud_table
from blueprints3d.client.table.model.flow import Mode, SeatConfig

MIN_PX = 12.0
SIZES = [(1280, 400), (1280, 720), (1024, 768), (1920, 1080), (2560, 1440)]
LONG = (
    "the orange 4: choose a space with the arrows or 1-6, enter to place, backspace to choose "
    "another die; Bob took the black 2 and Cy the clear 5 meanwhile, in the open"
)


def rect_2d(np, render2d):
    """(left, right, bottom, top) in render2d units ([-1, 1] across the window)."""
    lo, hi = np.get_tight_bounds(render2d)
    return lo.x, hi.x, lo.z, hi.z


def frames_rect(root, render2d):
    """The DirectGUI buttons under ``root`` (drawn by their PGItem, not by child geometry):
    their frames' corners in render2d units."""
    xs, zs = [], []
    for child in root.get_children():
        if not hasattr(child.node(), "get_frame"):
            continue
        fr = child.node().get_frame()
        for x in (fr[0], fr[1]):
            for z in (fr[2], fr[3]):
                p = render2d.get_relative_point(child, Point3(x, 0, z))
                xs.append(p.x)
                zs.append(p.z)
    assert xs, "no buttons"
    return min(xs), max(xs), min(zs), max(zs)


def plate_rect(app, seat):
    """The name plate's bounds on screen, its 3D box's corners projected through the lens."""
    return projected_rect(app, app.view.seats[seat].name_label, inside=True)


def projected_rect(app, node, inside=False):
    """``node``'s 3D box projected through the lens: (left, right, bottom, top) in [-1, 1], or
    None where it lies behind the camera. ``inside``: it must be in view."""
    lo, hi = node.get_tight_bounds(app.cam)
    if hi.y <= 0:
        return None
    xs, ys = [], []
    lens = app.cam.node().get_lens()
    for x in (lo.x, hi.x):
        for y in (max(lo.y, 0.1), hi.y):
            for z in (lo.z, hi.z):
                p = Point2()
                seen = lens.project(Point3(x, y, z), p)
                assert seen or not inside, (node, x, y, z)
                xs.append(p.x)
                ys.append(p.y)
    return min(xs), max(xs), min(ys), max(ys)


def scene_labels(app):
    """Every name the 3D table shows on screen: each seat's sign on its screen and its plate."""
    found = {}
    for p, sv in enumerate(app.view.seats):
        sign = sv.screen.find(f"screen-name-{p}")
        for what, node in (("sign", sign), ("plate", sv.name_label)):
            if node.is_empty() or node.is_hidden():
                continue
            r = projected_rect(app, node)
            if r is not None and r[0] < 1 and r[1] > -1 and r[2] < 1 and r[3] > -1:
                found[f"{what} {p}"] = r
    return found


def fill_hud(app):
    """A person's turn with everything on show: prompt, a long message, the score panel and
    the Confirm / Undo bar of a tentative move."""
    flow = app.flow
    flow.run_bots()
    assert flow.mode is Mode.TURN
    flow.confirm_moves = True
    die = flow.state.pool[0]
    cells = flow.legal_cells(die)
    if cells:
        flow.place(die, cells[0])
    app.hud.show_message(LONG)
    app.refresh(animate=False)  # last, as at the table: the score panel's text changes here
    app.settle()


def check_layout(app, render2d, size, wrapped: bool, scene: bool = False) -> None:
    w, h = size
    hud = app.hud
    texts = hud.texts()
    assert {id(x) for x in texts} >= {id(hud.status), id(hud.info), id(hud.prompt), id(hud.help)}
    assert hud.score_panel is not None and hud.score_panel.textNode.get_text()
    boxes = {}
    unit = hud.root.get_scale(render2d).z * h / 2  # pixels per aspect2d unit
    for node in texts:
        r = rect_2d(node, render2d)
        name = node.textNode.get_text()[:30]
        boxes[name] = r
        # Inside the window.
        assert r[0] >= -1 and r[1] <= 1 and r[2] >= -1 and r[3] <= 1, (size, name, r)
        line_px = node.getTextScale()[0] * node.textNode.get_line_height() * unit
        assert line_px >= MIN_PX, (size, name, line_px)
        rows = node.textNode.get_num_rows()
        assert (r[3] - r[2]) / 2 * h / rows >= MIN_PX * 0.8, (size, name)
    if app.move_bar.shown:
        mb = boxes["move bar"] = frames_rect(app.move_bar.root, render2d)
        assert mb[0] >= -1 and mb[1] <= 1 and mb[2] >= -1 and mb[3] <= 1, (size, mb)
    assert not (app.move_bar.shown and app.hint_button.shown)  # they stand in one place
    if app.hint_button.shown:
        hb = boxes["hint button"] = frames_rect(app.hint_button.root, render2d)
        assert hb[0] >= -1 and hb[1] <= 1 and hb[2] >= -1 and hb[3] <= 1, (size, hb)
        px = (
            app.hint_button.button.getScale(render2d)[2]
            * app.hint_button.button.component("text0").textNode.get_line_height()
            * h
            / 2
        )
        assert px >= MIN_PX, (size, px)
    boxes["name plate"] = plate_rect(app, app.flow.viewer)
    card = app.view.seats[app.flow.viewer].card
    if card is not None:
        boxes["card"] = projected_rect(app, card)
    names = list(boxes)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert not overlap(boxes[a], boxes[b]), (size, a, boxes[a], b, boxes[b])
    if scene:
        # No name on the table (an opponent's sign on their screen, a plate) under the HUD.
        labels = scene_labels(app)
        assert any(k.startswith("sign") for k in labels), labels
        # A label's box is its 3D box projected, larger than its letters: 1 pixel of grace.
        gx, gy = 2.0 / w, 2.0 / h
        labels = {k: (r[0] + gx, r[1] - gx, r[2] + gy, r[3] - gy) for k, r in labels.items()}
        for a in names:
            if a in ("name plate", "card"):
                continue
            for b, r in labels.items():
                assert not overlap(boxes[a], r), (size, a, boxes[a], b, r)
    if wrapped:
        assert app.move_bar.shown and id(hud.message) in {id(x) for x in texts}
        # The message did wrap (it is longer than its column) rather than run on.
        assert hud.message.textNode.get_num_rows() >= 2


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_hud_texts_fit_apart_and_are_legible(offscreen_base, size):

    w, h = size
    t = open_hud_table(
        offscreen_base,
        size,
        [SeatConfig("Ann"), SeatConfig("Bob", "easy"), SeatConfig("Cy", "hard")],
    )
    try:
        app = t.app
        app.settle()  # as the table opened: Ann's turn, the score panel's text just set
        check_layout(app, offscreen_base.render2d, size, wrapped=False)
        fill_hud(app)
        check_layout(app, offscreen_base.render2d, size, wrapped=True)
    finally:
        t.close()


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_no_name_on_the_table_lies_under_the_hud(offscreen_base, size, players):
    """The opponent across the table has their screen at the top of the view: its sign and the
    plates stay clear of the status and info lines (they covered the info line in 2-player
    games), and the info line does not wrap where the window has room for it."""

    w, h = size
    seats = [
        SeatConfig("Ann"),
        SeatConfig("Bob", "easy"),
        SeatConfig("Cy", "hard"),
        SeatConfig("Di", "easy"),
    ]
    t = open_hud_table(offscreen_base, size, seats[:players])
    try:
        app = t.app
        app.flow.run_bots()
        app.refresh(animate=False)
        app.settle()
        check_layout(app, offscreen_base.render2d, size, wrapped=False, scene=True)
        if w >= 1280:
            # Room enough: the info line ("bag 22 | your VP 0") and the status line are one line each.
            assert "your VP 0" in app.hud.info.textNode.get_text().replace("\u00a0", " ")
            assert app.hud.info.textNode.get_num_rows() == 1, app.hud.info.textNode.get_text()
            assert app.hud.status.textNode.get_num_rows() == 1
            # And the turn's prompt ("Ann: drag a die from the pool onto your blueprint") too.
            assert app.hud.prompt.textNode.get_num_rows() == 1, app.hud.prompt.textNode.get_text()
        else:
            # Narrow: the info line breaks between its items, never inside one.
            rows = app.hud.info.textNode.get_wordwrapped_text().replace("\u00a0", " ").split("\n")
            assert any("your VP 0" in row for row in rows), (
                rows
            )  # never "your VP" on one row, its 0 on the next
    finally:
        t.close()


def test_hud_layout_follows_a_resize(offscreen_base):
    from blueprints3d.client.table.hud.hud import MIN_TEXT_PX, Hud

    hud = Hud(offscreen_base.aspect2d, size=(1920, 1080))
    try:
        big = hud.help.getTextScale()[0]
        hud.layout(1280, 400)
        small = hud.help.getTextScale()[0]
        # At 400 pixels high the key strip stops shrinking with the window: its line stays
        # MIN_TEXT_PX pixels (1 aspect2d unit is 200 pixels there).
        assert small * hud.help.textNode.get_line_height() * 200 == pytest.approx(MIN_TEXT_PX)
        assert big * hud.help.textNode.get_line_height() * 540 > MIN_TEXT_PX
    finally:
        hud.destroy()


@pytest.mark.parametrize(
    "size", [(1280, 720), (1920, 1080), (1280, 400)], ids=["1280x720", "1920x1080", "1280x400"]
)
def test_this_rounds_awards_and_prizes_read_in_large_type(offscreen_base, size):
    """The Award and Prize cards on the table are a few pixels of type from the default view: the
    HUD shows them as medals with their VP and as each Prize's icon and meter, at least 12 pixels
    high (drawn, not listed in words)."""
    from blueprints3d.engine.rules import AWARDS_BY_PLAYERS, PRIZE_VP, Prize

    w, h = size
    t = open_hud_table(
        offscreen_base,
        size,
        [SeatConfig("Ann"), SeatConfig("Bob", "easy"), SeatConfig("Cy", "easy")],
    )
    try:
        app = t.app
        app.flow.run_bots()
        app.refresh(animate=False)
        app.settle()
        hud = app.hud
        meters = hud.meters
        assert meters.shown
        # The medals: this round's Awards (3 players: Gold and Silver) with their VP, and what a
        # Prize is worth; then each Prize's icon and meter.
        assert [label.textNode.get_text() for _, label in meters.medals] == [
            str(a.victory_points) for a in AWARDS_BY_PLAYERS[3]
        ]
        assert meters.prize_vp.textNode.get_text() == f"Prizes +{PRIZE_VP}"
        assert set(meters.rows) == set(Prize)
        unit = hud.root.get_scale(offscreen_base.render2d).z * h / 2
        for prize, (icon, _steps, count) in meters.rows.items():
            lo, hi = icon.get_tight_bounds(
                meters.model
            )  # the model is drawn where the block stands
            assert (hi.z - lo.z) * unit >= MIN_PX, prize  # an icon a player can make out
            assert count.getTextScale()[0] * count.textNode.get_line_height() * unit >= MIN_PX
        check_layout(app, offscreen_base.render2d, size, wrapped=False, scene=True)
    finally:
        t.close()


def test_the_score_panel_counts_in_words(monkeypatch):
    """'1 point', not '1 points'."""
    from types import SimpleNamespace

    from blueprints3d.client.table.hud import score_panel

    flow = SimpleNamespace(state=SimpleNamespace(blueprints=[None], building=lambda seat: [[]]))
    monkeypatch.setattr(score_panel, "own_building", lambda f: (0, [[]], None))
    for total, words in ((1, "1 point"), (2, "2 points"), (0, "0 points")):
        monkeypatch.setattr(
            score_panel,
            "score_building",
            lambda bp, stacks, t=total: SimpleNamespace(
                total=t, wood=t, recycled=0, stone=0, glass=0, blueprint=0
            ),
        )
        first = score_panel.breakdown(flow).split("\n")[0]
        # The total held to the words before it by a no-break space (the narrow-panel test).
        assert first == f"Your building:\u00a0{words}", first


def test_a_narrow_score_panel_never_parts_a_word_from_its_number(monkeypatch):
    # 1024x768 used to wrap "... glass" / "0" and "(+2 in" / "all)".
    from types import SimpleNamespace

    from panda3d.core import TextNode

    from blueprints3d.client.table.hud import score_panel

    flow = SimpleNamespace(state=SimpleNamespace(blueprints=[None], building=lambda seat: [[]]))
    monkeypatch.setattr(score_panel, "own_building", lambda f: (0, [[]], None))
    monkeypatch.setattr(
        score_panel,
        "score_building",
        lambda bp, stacks: SimpleNamespace(
            total=23, wood=4, recycled=10, stone=3, glass=12, blueprint=0
        ),
    )
    text = score_panel.breakdown(flow)
    tn = TextNode("panel")
    # From the narrowest panel that holds its widest unbreakable item (a word and its number,
    # "blueprint bonus 0") to two and a half times that: in any font, a word keeps its number.
    widest = max(tn.calc_width(chunk) for chunk in text.replace("\n", " ").split(" "))
    for wrap in (widest * k for k in (1.05, 1.25, 1.5, 2.0, 2.5)):
        tn.set_wordwrap(wrap)
        tn.set_wtext(text)
        for line in tn.get_wordwrapped_wtext().split("\n"):
            words = line.replace(score_panel.NB, " ").split()
            assert (
                words
                and not words[0].isdigit()
                and words[-1] not in ("wood", "recycled", "stone", "glass", "bonus", "(not")
            ), (wrap, line)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_coachs_hints_fit_apart_and_are_legible(offscreen_base, size):
    """H on a person's turn: the Hint button, the progress and then the three hints in words
    (the real hint engine's) take the Awards' place, in larger type, clear of every other text,
    the card, the name plate and the names on the table; a long message still fits under them."""
    from blueprints3d.client.table.hud.hud import AWARDS, HINTS, line_px

    w, h = size
    t = open_hud_table(offscreen_base, size, [SeatConfig("Ann"), SeatConfig("Bob", "hard")])
    try:
        app = t.app
        app.flow.run_bots()
        app.refresh(animate=False)
        app.settle()
        assert app.hint_button.shown
        check_layout(app, offscreen_base.render2d, size, wrapped=False, scene=True)
        app.input.toggle_hints()
        # The worker may finish while the main thread draws the progress (a render lets go of
        # the GIL): then the hints are already shown, and only the thinking's layout is not seen.
        assert app.coach.job is not None or len(app.coach.hints) == 3
        if app.coach.job is not None:
            check_layout(
                app, offscreen_base.render2d, size, wrapped=False, scene=True
            )  # "Thinking..."
            app.coach.job.wait(120)
            app.coach.poll()
        assert len(app.coach.hints) == 3
        app.hud.show_message(LONG)
        app.settle()
        texts = {id(x) for x in app.hud.texts()}
        assert id(app.hud.hints) in texts and not app.hud.meters.shown  # in the meters' place
        assert line_px(HINTS, h) > line_px(AWARDS, h)
        check_layout(app, offscreen_base.render2d, size, wrapped=False, scene=True)
        assert app.hud.message.textNode.get_num_rows() >= 2
        app.input.toggle_hints()  # hidden: the meters come back
        assert app.hud.meters.shown
    finally:
        t.close()
