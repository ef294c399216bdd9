"""The coach at the table (client/table/view/coach_view.py): H and the Hint button think on a
worker thread with a visible progress, then list the top three hints in words and draw them as
ghost dice on the hinted spaces; the hints go with a move, a take-back, a new turn, Esc or H;
a cancelled or stale job is never shown; the setting turns them off; computers never get them;
and the hints each person used reach the save, a resumed game and the history.

The hints are the real hint engine's (ai.coach.hints, the player's view only); where a test needs
the thinking to last, it holds the real engine back behind an event (only its duration changes).
"""

from __future__ import annotations

import os
import threading

import pytest
from pathlib import Path

from panda3d.core import Vec3

from blueprints3d.ai import coach
from blueprints3d.client.scene import dice_model
from blueprints3d.client.table.model.options import AppOptions
from blueprints3d.client.table.view.coach_view import OFF_LINE, turn_key
from blueprints3d.client.table.model.flow import Mode, SeatConfig
from blueprints3d.engine import actions as A
from blueprints3d.engine.rules import NUM_ROUNDS
from blueprints3d.files.autosave import AutosaveSlot
from blueprints3d.files.history import list_games
from blueprints3d.files.settings import Settings
from blueprints3d.presentation.words import hint_words
from support.table_rig import play

SEATS = [SeatConfig("Ann"), SeatConfig("Bob", "easy")]


def open_at(offscreen_base, size=(640, 360), overlay=True, **kw):
    from blueprints3d.client.render import shaders
    from blueprints3d.client.table.offscreen import open_table

    shaders.configure(False)
    options = dict(seats=SEATS, seed=11, bot_delay=0, threaded_bots=False, confirm_moves=True)
    options.update(kw)
    t = open_table(offscreen_base, size[0], size[1], AppOptions(**options), overlay=overlay)
    t.app.flow.run_bots()
    t.app.refresh(animate=False)
    return t


def held_back(gate: threading.Event, started: threading.Event | None = None):
    """The real hint engine, started only once ``gate`` is set (a thinking that lasts); the
    cancel event still reaches it."""

    def hinter(view, player, **kw):
        if started is not None:
            started.set()
        gate.wait(60)
        return coach.hints(view, player, **kw)

    return hinter


def ask(app, how: str = "key"):
    """H (the key event, as the window sends it) or a click on the Hint button; wait for the
    thinking, then one frame's poll."""
    if how == "key":
        app.base.messenger.send("h")
    else:
        app.hint_button.button.commandFunc(None)
    job = app.coach.job
    assert job is not None, "no hint job started"
    job.wait(120)
    assert job.done
    app.coach.poll()
    return job


def ghosts(app):
    return app.view.root.find_all_matches("**/=hint")


def top_value(die, root) -> int:
    """The value on a die's top face as it is drawn: the face whose normal points up in the
    die's own frame (a pool die leans back toward the viewer: layout.POOL_DIE_TILT)."""
    body = die.find("body")
    ups = {
        v: die.get_relative_vector(body, Vec3(*n)).normalized().z
        for v, n in dice_model.FACE_NORMAL.items()
    }
    value = max(ups, key=ups.get)
    assert ups[value] > 0.99, ups
    return value


def check_shown(app):
    """Three hints in words in the HUD, numbered, and each placement as a ghost of its die on
    its space at the height it would land, showing the die's value, in its material."""
    coach_ = app.coach
    hints = coach_.hints
    assert len(hints) == 3, hints
    text = app.hud.hints.textNode.get_text()
    assert id(app.hud.hints) in {id(x) for x in app.hud.texts()}
    for i, h in enumerate(hints, 1):
        assert isinstance(h, coach.Hint) and h.words.strip()
        said = hint_words(
            app.flow.state, app.flow.current, h, "Bob"
        )  # the space and die in a player's words
        assert f"\n{i}. {said}" in text, (i, text)
        assert "obvious" not in said and "row " not in said and "clear" not in said, said
    flow, view = app.flow, app.view
    seat = flow.current
    legal = flow.state.legal_actions()
    assert all(h.action in legal for h in hints)
    placed = [h for h in hints if h.cell is not None]
    by_cell = {}
    for h in placed:
        by_cell.setdefault(h.cell, h)  # the best hint on a space shows its ghost there
    found = {int(g.get_tag("hint")): g for g in ghosts(app)}
    assert len(found) == len(by_cell)
    for h in by_cell.values():
        rank = hints.index(h) + 1
        g = found[rank]
        level = len(flow.state.stacks[seat][h.cell])
        assert (g.get_pos(view.root) - view.cell_world(seat, h.cell, level)).length() < 1e-4
        real = view.dice[h.die]
        assert g.get_tag("material") == real.get_tag("material")
        # The ghost shows the hinted die's value (the die in the pool shows the same).
        assert top_value(g, view.root) == flow.state.values[h.die] == top_value(real, view.root)
        assert not g.is_hidden()
    for h in hints:
        if h.cell is None:  # a discard or set-aside: brackets round the pool die instead
            assert any(die == h.die for _, die in coach_.brackets)
    # The best one stands out: its ghost (or brackets) marked in gold.
    best = hints[0]
    if best.cell is not None:
        from blueprints3d.client.render.highlight import outline_of

        assert not outline_of(found[1]).is_empty() and not outline_of(found[1]).is_hidden()


def test_h_and_the_button_show_three_hints_in_words_and_ghost_dice(offscreen_base):
    t = open_at(offscreen_base)
    try:
        app = t.app
        assert app.flow.mode is Mode.TURN and app.hint_button.shown
        assert app.hint_button.label == "Hint (H)"
        job = ask(app, "key")
        check_shown(app)
        assert job.view == app.flow.state.view(app.flow.current)  # the player's view only
        assert app.hint_button.label == "Hide hints (H)"
        # H again hides them; the button asks again.
        app.base.messenger.send("h")
        assert not app.coach.hints and not ghosts(app) and not app.hud.hints.textNode.get_text()
        ask(app, "button")
        check_shown(app)
        # The same position gives the same hints (deterministic for its seed).
        first = list(app.coach.hints)
        app.base.messenger.send("h")
        ask(app, "key")
        assert app.coach.hints == first
    finally:
        t.close()


def test_hints_go_after_a_move_a_take_back_a_turn_change_and_esc(offscreen_base):
    t = open_at(offscreen_base)
    try:
        app = t.app
        flow = app.flow
        ask(app)
        h = app.coach.hints[0]
        # A tentative move (here: the best hint) takes the hints away...
        flow.act(h.action)
        assert flow.pending is not None
        assert not app.coach.hints and not ghosts(app) and not app.coach.brackets
        assert not app.hint_button.shown  # Confirm / Undo stand there now
        app.base.messenger.send("h")
        assert app.coach.job is None  # no hints for a position with a move waiting
        # ... and so does taking it back.
        assert flow.undo().ok
        assert app.hint_button.shown and not ghosts(app)
        ask(app)
        assert ghosts(app) or app.coach.brackets
        app.input.escape()  # Esc hides them first, before any menu
        assert not app.screens.menu.active and not app.coach.hints and not ghosts(app)
        ask(app)
        assert flow.undo().ok is False  # nothing waits: no take-back, the hints stay
        assert app.coach.hints
        # A confirmed move: the turn changes, the hints go.
        play(flow, flow.state.legal_actions()[0])
        assert not app.coach.hints and not ghosts(app) and not app.hud.hints.textNode.get_text()
    finally:
        t.close()


def test_a_cancelled_or_stale_job_is_never_shown(offscreen_base):
    t = open_at(offscreen_base)
    try:
        app = t.app
        flow = app.flow
        gate, started = threading.Event(), threading.Event()
        app.coach.hinter = held_back(gate, started)
        # Cancelled: a move while it thinks.
        app.base.messenger.send("h")
        job = app.coach.job
        assert started.wait(30) and not job.done
        legal = flow.state.legal_actions()
        k = A.decode(legal[0])
        flow.place(k.die, k.cell) if k.kind is A.Kind.PLACE else play(flow, legal[0])
        assert job.cancel.is_set() and app.coach.job is None
        gate.set()
        job.wait(120)
        assert job.cancelled and job.hints is None  # the engine saw the cancel and stopped
        app.coach.poll()
        assert not app.coach.hints and not ghosts(app) and not app.hud.hints.textNode.get_text()
        if flow.pending is not None:
            flow.undo()
        # Stale: the table moves on without the coach hearing of it; the result that comes back
        # is for another position and is dropped.
        gate.clear()
        app.base.messenger.send("h")
        job = app.coach.job
        flow.listeners.remove(app.on_flow_event)
        play(flow, flow.state.legal_actions()[0])
        flow.run_bots()
        flow.listeners.append(app.on_flow_event)
        assert flow.mode is Mode.TURN and turn_key(flow) != job.key
        gate.set()
        app.coach.poll()
        job.wait(120)
        app.coach.poll()
        assert app.coach.job is None and job.cancel.is_set()
        assert not app.coach.hints and not ghosts(app) and not app.hud.hints.textNode.get_text()
    finally:
        t.close()


def test_the_frame_loop_runs_while_the_coach_thinks(offscreen_base):
    """H returns at once and the frame task keeps returning (and drawing) while the job runs on
    its thread, showing its progress; then the hints appear from a frame's poll."""
    t = open_at(offscreen_base)
    try:
        app = t.app
        gate, started = threading.Event(), threading.Event()
        app.coach.hinter = held_back(gate, started)
        app.base.messenger.send("h")
        job = app.coach.job
        assert started.wait(30)
        frames = app.frames
        for _ in range(5):
            app.base.taskMgr.step()  # the frame task, then the render
        assert app.frames == frames + 5 and not job.done
        text = app.hud.hints.textNode.get_text()
        assert text.startswith("Thinking about Ann's move... 0%"), text
        assert app.hint_button.label == "Thinking... 0%"
        job.progress = 0.4  # as the engine reports it, from its thread
        app.step()
        assert (
            "40%" in app.hud.hints.textNode.get_text()
            and app.hint_button.label == "Thinking... 40%"
        )
        gate.set()
        job.wait(120)
        app.step()
        check_shown(app)
    finally:
        t.close()


def test_hints_off_show_only_one_line(offscreen_base, tmp_path):
    t = open_at(
        offscreen_base, settings=Settings(hints=False), settings_path=tmp_path / "settings.json"
    )
    try:
        app = t.app
        assert not app.hint_button.shown
        app.base.messenger.send("h")
        assert app.coach.job is None and not app.coach.hints and not ghosts(app)
        assert app.hud.message.textNode.get_text() == OFF_LINE
        assert not app.hud.hints.textNode.get_text()
        # The settings screen's row turns them on (saved at once) and off again.
        app.screens.show_settings()
        box = app.screens.settings_screen.hints
        assert box.words["text"] == "off"
        box.commandFunc(None)
        assert app.settings.hints and box.words["text"] == "on"
        assert '"hints": true' in (tmp_path / "settings.json").read_text()
        app.screens.settings_screen.back()
        assert app.hint_button.shown
        ask(app)
        assert app.coach.hints
        app.screens.show_settings()
        app.screens.settings_screen.hints.commandFunc(None)  # off: the hints on show go too
        app.screens.settings_screen.back()
        assert not app.settings.hints and not app.coach.hints and not ghosts(app)
        assert not app.hint_button.shown
    finally:
        t.close()


def test_computers_never_get_hints_nor_the_reveal(offscreen_base):
    t = open_at(offscreen_base, bot_delay=60.0, threaded_bots=True)
    try:
        app = t.app
        flow = app.flow
        while flow.mode is Mode.TURN:  # the take, then (two players) the discard
            play(flow, flow.state.legal_actions()[0])
        assert flow.mode is Mode.BOT
        app.refresh(animate=False)
        assert not app.hint_button.shown
        app.base.messenger.send("h")
        assert app.coach.job is None and not app.hud.hints.textNode.get_text()
        flow.bot_delay = 0
        flow.run_bots()
        # To the round's end: the reveal and its summary take no hints.
        while flow.mode is not Mode.ROUND_END:
            play(flow, flow.state.legal_actions()[0])
            flow.run_bots()
        app.refresh(animate=False)
        assert app.reveal.active
        app.base.messenger.send("h")
        assert app.coach.job is None and not app.hint_button.shown
        app.reveal.skip_all()
        assert app.screens.summary.active
        app.base.messenger.send("h")
        assert app.coach.job is None
    finally:
        t.close()


def test_the_hints_used_reach_the_save_a_resumed_game_and_the_history(offscreen_base):
    """One count per turn with hints shown (asking twice on a turn counts once); the autosave
    has it at once, a resumed game goes on from it, the finished game's history entry says it."""
    home = Path(os.environ["BLUEPRINTS3D_HOME"])  # the test's own data folder (conftest)
    slot = AutosaveSlot(home)
    t = open_at(offscreen_base, size=(320, 180), overlay=False, autosave=slot)
    try:
        app = t.app
        flow = app.flow
        ask(app)
        app.base.messenger.send("h")
        ask(app)  # the same turn again: still one
        assert app.coach.counts == [1, 0]
        assert slot.load().meta["hints"] == [1, 0]  # saved when counted, before any move
        play(flow, flow.state.legal_actions()[0])
        flow.run_bots()
        assert slot.load().meta["hints"] == [1, 0]
        ask(app)  # the next turn
        assert app.coach.counts == [2, 0] and slot.load().meta["hints"] == [2, 0]
    finally:
        t.close()
    resumed = slot.load()
    t = open_at(
        offscreen_base, size=(320, 180), overlay=False, autosave=slot, seats=None, resumed=resumed
    )
    try:
        app = t.app
        flow = app.flow
        assert app.coach.counts == [2, 0]
        for _ in range(200):
            if flow.mode is Mode.GAME_OVER:
                break
            if flow.mode is Mode.TURN:
                play(flow, flow.state.legal_actions()[0])
            elif flow.mode is Mode.BOT:
                flow.run_bots()
            elif flow.mode is Mode.ROUND_END:
                app.continue_round()
        assert flow.mode is Mode.GAME_OVER and flow.state.round == NUM_ROUNDS
        games = list_games(home).games
        assert len(games) == 1
        assert [p.hints for p in games[0].players] == [2, None]
    finally:
        t.close()


def test_hot_seat_each_person_is_counted_and_the_curtain_takes_no_hints(offscreen_base):
    """Two people at one device: each one's hints are their own turn's, counted on their own
    seat; behind the curtain H does nothing and no ghost is left on the table."""
    t = open_at(
        offscreen_base, seats=[SeatConfig("Ann"), SeatConfig("Cy"), SeatConfig("Bob", "easy")]
    )
    try:
        app = t.app
        flow = app.flow
        assert flow.mode is Mode.CURTAIN and flow.current == 0
        app.base.messenger.send("h")
        assert app.coach.job is None  # behind the curtain: nothing
        app.pass_curtain()
        assert flow.mode is Mode.TURN
        ask(app)
        assert app.coach.counts == [1, 0, 0]
        play(flow, flow.state.legal_actions()[0])
        flow.run_bots()
        while flow.mode is Mode.TURN and flow.current == 0:
            play(flow, flow.state.legal_actions()[0])
            flow.run_bots()
        assert flow.mode is Mode.CURTAIN and flow.seats[flow.current].name == "Cy"
        assert not ghosts(app) and not app.coach.tags and not app.hint_button.shown
        app.base.messenger.send("h")
        assert app.coach.job is None
        app.pass_curtain()
        job = ask(app)
        assert job.player == 1 and job.view.player == 1 and app.coach.counts == [1, 1, 0]
        check_shown(app)
    finally:
        t.close()


# ---- the ghosts' numbers ---------------------------------------------------------------------


def _mouse_rect(points):
    pts = [p for p in points if p is not None]
    xs, ys = [p[0] for p in pts], [-p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def _meet(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def number_rects(app):
    """Each ghost number's card on the window (mouse units, y down), measured here from the label
    as drawn: a billboard at its place, its corners along the camera's right and up."""
    view = app.view
    q = app.cam.get_quat(view.root)
    right, up = Vec3(q.get_right()), Vec3(q.get_up())
    out = {}
    for label, die in app.coach.tags:
        if die >= 0:
            continue  # a pool die's number, in front of it in the pool
        tn = label.node()
        l, r, b, t = tn.get_card_actual()
        s = label.get_sx(view.root)
        at = label.get_pos(view.root)
        out[tn.get_text()] = _mouse_rect(
            app.picker.project(at + right * (x * s) + up * (z * s), view.root)
            for x in (l, r)
            for z in (b, t)
        )
    return out


def space_rects(app, seat, extra=frozenset()):
    """Every space of a seat's card on the window, up to the top of its stack (a ghost's too)."""
    from panda3d.core import Point3
    from blueprints3d.client.scene import card_model, units

    view = app.view
    bp = view.blueprint_of(seat)
    half = card_model.SPACE_FRACTION * units.CELL_PITCH / 2
    out = {}
    for cell in range(bp.num_cells):
        x, y = card_model.cell_position(bp, cell)
        top = units.CARD_THICKNESS + units.DIE_SIZE * (
            len(app.flow.state.stacks[seat][cell]) + (cell in extra)
        )
        out[cell] = _mouse_rect(
            app.picker.project(Point3(x + sx * half, y + sy * half, z), view.seats[seat].root)
            for sx in (-1, 1)
            for sy in (-1, 1)
            for z in (units.CARD_THICKNESS, top)
        )
    return out


@pytest.mark.parametrize("cells", [(2, 4, 2), (3, 1, 3), (1, 2, 3)])
def test_one_number_for_each_hinted_space_clear_of_every_other_space(offscreen_base, cells):
    """Two hints on one space: one number listing both; no number stands over another space (a
    hatched one above all), another ghost or another number, from the table's view."""
    t = open_at(offscreen_base, size=(1280, 720))
    try:
        app = t.app
        flow = app.flow
        seat = flow.current
        assert flow.state.blueprints[seat].id == "B11"  # [[X, 1], [1, 1], [3, X]]
        dice = [d for d in flow.state.pool][:3]
        chosen = [
            coach.Hint(A.place(d, c), d, c, "place", 0.0, 0.0, (), "")
            for d, c in zip(dice, cells, strict=True)
        ]
        app.coach.hinter = lambda view, player, **kw: chosen
        ask(app)
        app.settle()
        app.coach.poll()
        numbers = number_rects(app)
        want = {}
        for rank, c in enumerate(cells, 1):
            want.setdefault(c, []).append(f"#{rank}")
        assert sorted(numbers) == sorted(" ".join(r) for r in want.values())  # one per space
        spaces = space_rects(app, seat, extra=frozenset(cells))
        bp = flow.state.blueprints[seat]
        for ranks in want.values():
            r = numbers[" ".join(ranks)]
            assert r[0] >= -1 and r[2] <= 1 and r[1] >= -1 and r[3] <= 1, (
                ranks,
                r,
            )  # inside the window
            for other, sr in spaces.items():  # its own ghost too: the number never hides its die
                assert not _meet(r, sr), (
                    ranks,
                    "covers",
                    "hatched" if bp.is_hatched(other) else "",
                    other,
                )
        texts = list(numbers)
        for i, a in enumerate(texts):
            for b in texts[i + 1 :]:
                assert not _meet(numbers[a], numbers[b]), (a, b)
        # The camera moves (an orbit): the numbers are laid out again for the new view.
        app.camera_rig.orbit_by_key(25.0, 0.0)
        app.settle()
        app.coach.poll()
        numbers = number_rects(app)
        spaces = space_rects(app, seat, extra=frozenset(cells))
        for ranks in want.values():
            r = numbers[" ".join(ranks)]
            assert not any(_meet(r, spaces[h]) for h in range(bp.num_cells) if bp.is_hatched(h)), (
                ranks,
                "orbit",
            )
    finally:
        t.close()
