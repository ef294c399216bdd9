"""Autosave after every action, `--resume`, and saving a game or a building from the table."""

from __future__ import annotations

import argparse
import json
import random

import pytest

from blueprints3d.files.autosave import AutosaveSlot
from blueprints3d.client.table.model.options import options_from_args, seats_from_meta
from blueprints3d.client.table.model.flow import Mode, SeatConfig
from blueprints3d.files.errors import SaveFileError
from blueprints3d.files.buildfile import load_build
from blueprints3d.files.savefile import load_game

SEATS = [SeatConfig("Ann"), SeatConfig("Bot", "easy"), SeatConfig("Cy")]


@pytest.fixture
def table(tables, tmp_path):
    slot = AutosaveSlot(tmp_path)
    return tables(seats=SEATS, seed=5, autosave=slot), slot


def play_moves(app, n: int, rng: random.Random) -> None:
    flow = app.flow
    for _ in range(n):
        if flow.mode is Mode.CURTAIN:
            flow.pass_curtain()
        elif flow.mode is Mode.ROUND_END:
            flow.continue_after_round()
        elif flow.mode is Mode.BOT:
            flow.run_bots()
        elif flow.mode is Mode.TURN:
            legal = flow.state.legal_actions()
            a = legal[int(rng.random() * len(legal))]
            out = flow._person_action(a)
            assert out.ok and out.tentative  # the table's moves wait for the confirm
            assert flow.confirm().ok


def test_every_action_is_autosaved_and_resume_continues_exactly(table, offscreen_base):
    t, slot = table
    app = t.app
    play_moves(app, 25, random.Random(2))
    saved = slot.load()
    assert saved.state == app.flow.state
    assert seats_from_meta(saved.meta) == (SEATS, False)
    # a new table resumes the saved game: same state, same seats, and play goes on from there
    app.start_game(*seats_from_meta(saved.meta)[:1], initial=saved.state)
    assert app.flow.state == saved.state and app.flow.seats == SEATS
    before = len(app.flow.state.log)
    play_moves(app, 5, random.Random(3))
    assert len(app.flow.state.log) > before and slot.load().state == app.flow.state


def test_resume_option_loads_the_slot_and_refuses_a_damaged_one(tmp_path, monkeypatch):
    monkeypatch.setenv("BLUEPRINTS3D_HOME", str(tmp_path))
    args = argparse.Namespace(
        size=None,
        fullscreen=False,
        no_shaders=True,
        seats=None,
        seed=None,
        open_scores=False,
        bot_delay=0.1,
        quit_after=0,
        resume=True,
        no_autosave=False,
    )
    with pytest.raises(SaveFileError, match="no saved game to resume"):
        options_from_args(args)
    from blueprints3d.engine import GameState

    slot = AutosaveSlot(tmp_path)
    g = GameState.new(3, 4, names=[s.name for s in SEATS])
    slot.save(g, {"seats": [{"name": s.name, "bot": s.bot} for s in SEATS], "open_scores": True})
    opts = options_from_args(args)
    assert opts.resumed.state == g and opts.resumed.note is None
    slot.current.write_text('{"format": 1')  # damaged, and no backup yet
    with pytest.raises(SaveFileError, match="truncated"):
        options_from_args(args)
    slot.current.write_text(json.dumps({"nonsense": True}))
    with pytest.raises(SaveFileError, match="not a blueprints3d save file"):
        options_from_args(args)


def test_resume_with_unknown_seats_is_refused():
    with pytest.raises(SaveFileError, match="who sits at the table"):
        seats_from_meta({})
    with pytest.raises(SaveFileError, match="unknown computer level 'genius'"):
        seats_from_meta({"seats": [{"name": "A", "bot": "genius"}, {"name": "B", "bot": None}]})


def test_f5_saves_the_game_and_f6_the_players_own_building(table):
    t, slot = table
    app = t.app
    play_moves(app, 12, random.Random(7))
    while app.flow.mode is not Mode.TURN:
        play_moves(app, 1, random.Random(1))
    game_path = app.saving.save_game_copy()
    state, meta = load_game(game_path)
    assert state == app.flow.state and meta["seats"][1] == {"name": "Bot", "bot": "easy"}
    viewer = app.flow.viewer
    build_path = app.saving.save_building()
    build = load_build(build_path)
    assert [list(s) for s in build.stacks] == app.flow.state.building(viewer)
    assert build.blueprint == app.flow.state.blueprints[viewer]
    # behind the curtain nobody's building may be saved
    app.flow.mode = Mode.CURTAIN
    assert app.saving.save_building() is None
