"""After `blueprints3d --resume` the HUD says what the others took since your last move: the
flow's history is rebuilt from the save's move log (an old save has it too)."""

from __future__ import annotations


from blueprints3d.client.table.model.options import AppOptions, seats_from_meta
import pytest

from blueprints3d.client.table.model.flow import GameFlow, Mode, SeatConfig, history_of
from blueprints3d.files.autosave import AutosaveSlot
from blueprints3d.files.savefile import game_bytes, game_from_json, load_game, save_game

SEATS = [SeatConfig("Ann"), SeatConfig("Bot", "easy"), SeatConfig("Cob", "easy")]


def person_moves(flow: GameFlow, n: int) -> None:
    """Ann plays her first legal move ``n`` times (the computers answer in between)."""
    for _ in range(n):
        flow.run_bots()
        if flow.mode is Mode.ROUND_END:
            flow.continue_after_round()
            flow.run_bots()
        assert flow.mode is Mode.TURN
        assert flow._person_action(flow.state.legal_actions()[0]).ok
        if flow.pending is not None:  # the table's moves wait for the confirm
            assert flow.confirm().ok
    flow.run_bots()


def test_history_survives_a_save_and_resume_round_trip(tmp_path):
    flow = GameFlow(SEATS, seed=7, bot_delay=0, threaded_bots=False)
    person_moves(flow, 3)
    assert flow.mode is Mode.TURN and flow.since_last_turn(0)  # the computers moved since Ann did
    path = tmp_path / "game.json"
    save_game(path, flow.state, {"seats": [{"name": s.name, "bot": s.bot} for s in SEATS]})
    state, meta = load_game(path)
    resumed = GameFlow(seats_from_meta(meta)[0], initial=state, bot_delay=0, threaded_bots=False)
    assert resumed.history == flow.history
    assert resumed.since_last_turn(0) == flow.since_last_turn(0)
    assert any(
        "Bot" in text or "Cob" in text or "takes" in text for text in resumed.since_last_turn(0)
    )


def test_history_is_the_rounds_own_after_a_round_end():
    flow = GameFlow(SEATS, seed=3, bot_delay=0, threaded_bots=False)
    person_moves(flow, 7)  # into round 2: round 1's moves are not "since your last turn"
    assert flow.state.round == 2
    assert history_of(flow.state) == flow.history
    assert len(history_of(flow.state)) <= len(flow.state.log) - 18  # round 1: 3 players x 6 dice


def test_the_resumed_table_shows_what_the_others_took(offscreen_base, tmp_path):
    from blueprints3d.client.render import shaders
    from blueprints3d.client.table.offscreen import open_table

    shaders.configure(False)
    slot = AutosaveSlot(tmp_path)
    t = open_table(
        offscreen_base,
        320,
        180,
        AppOptions(seats=SEATS, seed=7, bot_delay=0, threaded_bots=False, autosave=slot),
    )
    try:
        app = t.app
        app.flow.threaded_bots = False
        person_moves(app.flow, 2)
        live = app.flow.since_last_turn(0)
        assert live
        resumed = slot.load()
        app.start_game(*seats_from_meta(resumed.meta)[:1], initial=resumed.state)
        shown = app.hud.message.textNode.get_text()
        assert shown and all(text.lower() in shown.lower() for text in live), shown
    finally:
        t.close()


def test_a_save_without_a_log_history_still_resumes(tmp_path):
    # A state built by hand (no replayable log) gets an empty history, never a wrong one.
    flow = GameFlow(SEATS, seed=7, bot_delay=0, threaded_bots=False)
    person_moves(flow, 1)
    state, _ = game_from_json(__import__("json").loads(game_bytes(flow.state)))
    state.log = state.log[:-1]  # the log no longer leads to this state
    assert history_of(state) == []
    assert GameFlow(SEATS, initial=state, bot_delay=0, threaded_bots=False).history == []


def test_the_new_game_screen_continues_the_saved_game(offscreen_base, tmp_path):
    # Launched without --resume, the table offers the unfinished game in its slot: Continue
    # takes it up where it stood; no saved game (or a finished one), no button.
    from blueprints3d.client.render import shaders
    from blueprints3d.client.table.offscreen import open_table

    shaders.configure(False)
    slot = AutosaveSlot(tmp_path)
    flow = GameFlow(SEATS, seed=7, bot_delay=0, threaded_bots=False)
    person_moves(flow, 2)
    meta = {"seats": [{"name": s.name, "bot": s.bot} for s in SEATS]}
    for state, offered in ((None, False), (flow.state, True)):
        if state is not None:
            slot.save(state, meta)
        t = open_table(
            offscreen_base, 640, 360, AppOptions(bot_delay=0, threaded_bots=False, autosave=slot)
        )
        try:
            app = t.app
            screen = app.screens.new_game_screen
            assert screen.active and (screen.continue_button is not None) == offered
            if not offered:
                continue
            words = screen.continue_button["text"]
            assert "Ann, Bot (easy), Cob (easy)" in words and "round 1 of 3" in words, words
            screen.continue_button["command"]()
            assert not screen.active and app.flow is not None
            assert app.flow.state.log == flow.state.log  # the same game, at the same move
            assert [s.name for s in app.flow.seats] == ["Ann", "Bot", "Cob"]
        finally:
            t.close()


@pytest.mark.parametrize("size", [(1024, 768), (1280, 720), (1920, 1080)])
def test_the_continue_button_names_every_seat_and_fits_the_form(tables, tmp_path, size):
    seats = [
        SeatConfig("Annabel Lee"),
        SeatConfig("Computer 2", "hard"),
        SeatConfig("Computer 3", "expert"),
        SeatConfig("Computer 4", "medium"),
    ]
    slot = AutosaveSlot(tmp_path)
    flow = GameFlow(seats, seed=7, bot_delay=0, threaded_bots=False)
    slot.save(flow.state, {"seats": [{"name": s.name, "bot": s.bot} for s in seats]})
    t = tables(*size, overlay=True, autosave=slot)
    screen = t.app.screens.new_game_screen
    button = screen.continue_button
    assert button is not None
    words = button["text"]
    assert "Annabel Lee, Computer 2 (hard), Computer 3 (expert), Computer 4 (medium)" in words, (
        words
    )

    def box(b):  # (left, right, bottom, top) in the form's units
        fr, k, pos = b.node().get_frame(), b.get_scale()[0], b.get_pos()
        return pos.x + fr[0] * k, pos.x + fr[1] * k, pos.z + fr[2] * k, pos.z + fr[3] * k

    form_left, form_right = screen.frame["frameSize"][0], screen.frame["frameSize"][1]
    left, right, bottom, _ = box(button)
    assert form_left <= left and right <= form_right, (left, right, form_left, form_right)
    # Clear of the row of buttons under it (Start, Learn to play, ...).
    assert bottom > box(screen.start_button)[3], (bottom, box(screen.start_button))
