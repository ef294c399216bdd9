"""Replays: the engine replays the save's log; hidden information stays hidden until revealed;
corrupt saves are refused in one line with exit status 2."""

from __future__ import annotations

import json

import pytest

from blueprints3d.cli import main
from blueprints3d.presentation.replay import game_steps
from blueprints3d.engine.playout import random_game
from blueprints3d.files.savefile import load_game, save_game
from blueprints3d.engine.state import GameState


@pytest.fixture(scope="module")
def finished() -> GameState:
    return random_game(3, 11)


def test_one_step_per_move_plus_round_starts_and_the_end(finished):
    steps = game_steps(finished)
    assert len(steps) == len(finished.log) + 1 + 2 + 1
    scored = [s for s in steps if s.facts.get("scored")]
    assert [s.facts["round"] for s in scored] == [1, 2, 3]
    for s, rr in zip(scored, finished.round_results, strict=True):
        assert [b.footer.split(" points")[0] for b in s.buildings] == [
            str(x.total) for x in rr.scores
        ]
        for pl in rr.awards.values():
            said = f"to {finished.names[pl.player]}, building score {rr.scores[pl.player].total}"
            assert said in s.caption
    res = finished.result()
    last = steps[-1]
    assert last.caption.startswith("Game over")
    for p in res.winners:
        assert finished.names[p] in last.caption.split(". ")[-1]


def test_hidden_buildings_stay_hidden_until_their_round_is_scored(finished):
    steps = game_steps(finished)
    during = [
        s for s in steps if not s.facts.get("scored") and not s.caption.startswith("Game over")
    ]
    assert during
    for s in during:
        assert s.facts["visible"] == [False, False, False]
        for b in s.buildings:
            assert b.hidden and b.blueprint is None and b.stacks == ()
    # The dice each player took are public: the count shown grows by one per take.
    counts = [sum(len(b.aside) for b in s.buildings) for s in during]
    assert max(counts) == 3 * 6 - 1 and counts[0] == 0  # the 18th take ends the round: revealed
    # Dice set aside are marked among the taken ones, as they were seen at the table.
    outs = sum(len(b.aside_marks) for b in during[-1].buildings)
    rr = finished.round_results[-1]
    assert outs <= sum(len(x) for x in rr.set_aside)
    assert any(b.aside_marks for s in during for b in s.buildings) == any(
        rr.set_aside[p] for rr in finished.round_results for p in range(3)
    )


def test_seat_shows_only_that_players_own_building_and_open_shows_all(finished):
    seat = game_steps(finished, seat=1)
    for s in seat:
        if not s.facts.get("scored") and not s.caption.startswith("Game over"):
            assert [b.hidden for b in s.buildings] == [True, False, True]
    opened = game_steps(finished, open_=True)
    assert all(not b.hidden for s in opened for b in s.buildings)
    # Where a die went is named only when its building is shown.
    hidden = game_steps(finished)
    assert len(opened) == len(hidden)
    assert not any(" at row " in s.caption for s in hidden)
    assert sum(" at row " in s.caption for s in opened) > sum(
        " at row " in s.caption for s in hidden
    )
    own = [s.caption for s in seat if s.caption.startswith(finished.names[1] + " places the")]
    assert own and all(" at row " in c for c in own)


def test_unfinished_game_replays_up_to_where_it_stopped(tmp_path):
    s = GameState.new(2, 9)
    for _ in range(7):
        s.apply(s.legal_actions()[-1])
    path = tmp_path / "half.json"
    save_game(path, s)
    state, _ = load_game(path)
    steps = game_steps(state)
    assert len(steps) == 1 + 7 and not steps[-1].caption.startswith("Game over")
    assert (
        steps[-1].header
        == f"Round 1 of 3 - turn {s.turns_done // 2 + 1} of 6 - Player {s.current_player + 1} to {'discard' if s.phase.value == 'discard' else 'take'} a die"
    )
    assert main(["replay", str(path), "--list"]) == 0


def _corrupt(tmp_path, finished, how: str):
    path = tmp_path / f"{how}.json"
    save_game(path, finished)
    text = path.read_text()
    if how == "truncated":
        text = text[: len(text) // 2]
    elif how == "tampered":
        data = json.loads(text)
        data["log"][3]["cell"] = (data["log"][3].get("cell", 0) + 1) % 6
        text = json.dumps(data)
    elif how == "not-a-save":
        text = json.dumps({"format": 1, "blueprint": "B01", "stacks": []})
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    "how,needle",
    [
        ("truncated", "not valid JSON"),
        ("tampered", "move"),
        ("not-a-save", "not a blueprints3d save file"),
    ],
)
def test_corrupt_save_is_refused_in_one_line(tmp_path, capsys, finished, how, needle):
    path = _corrupt(tmp_path, finished, how)
    assert main(["replay", str(path)]) == 2
    out = capsys.readouterr()
    assert out.err.count("\n") == 1 and out.err.startswith("blueprints3d: ")
    assert str(path) in out.err and needle in out.err
    assert "Traceback" not in out.err


def test_missing_save_and_bad_seat(tmp_path, capsys, finished):
    assert main(["replay", str(tmp_path / "nope.json")]) == 2
    assert "no such save file" in capsys.readouterr().err
    path = tmp_path / "g.json"
    save_game(path, finished)
    with pytest.raises(SystemExit) as exit_:
        main(["replay", str(path), "--seat", "4", "--list"])
    assert exit_.value.code == 2
    assert "--seat must be 1 to 3" in capsys.readouterr().err


def test_replay_player_steps_plays_and_pauses(offscreen_base, finished):
    from blueprints3d.client.render import shaders
    from blueprints3d.client.apps.replay_player import ReplayPlayer
    from blueprints3d.client.render.capture import grab_frame, render_frames

    shaders.configure(False)
    steps = game_steps(finished)[:6]
    player = ReplayPlayer(offscreen_base, steps, "test")
    try:
        player.toggle_play()
        assert player.playing
        player.advance(player.seconds_per_step * 2 + 0.01)
        assert player.index == 2 and player.view.caption.getText() == steps[2].caption
        player.back()
        assert not player.playing and player.index == 1
        player.advance(10.0)
        assert player.index == 1  # paused: time passing changes nothing
        player.set_playing(True)
        player.advance(100.0)
        assert player.index == len(steps) - 1 and not player.playing  # stops at the end
        render_frames(offscreen_base, 2)
        assert grab_frame(offscreen_base.win).std() > 10
    finally:
        player.destroy()


def test_the_end_text_lists_every_award_and_prize_won_and_its_vp_add_up():
    # A Prize won in two rounds is listed for each of them, so the end text names every VP.
    import re

    from blueprints3d.engine.rules import AWARD_VP, PRIZE_VP, Award, Prize

    worth = {a.title: AWARD_VP[a] for a in Award} | {z.title: PRIZE_VP for z in Prize}
    repeated = 0
    for players in (2, 3, 4):
        for seed in range(1, 21):
            s = random_game(players, seed)
            res = s.result()
            text = game_steps(s)[-1].caption
            for p in range(players):
                m = re.search(rf"{re.escape(s.names[p])} has (\d+) VP \(([^)]*)\)", text)
                assert m, (players, seed, text)
                got = [] if m.group(2) == "no cards" else m.group(2).split(", ")
                assert int(m.group(1)) == res.victory_points[p]
                assert sum(worth[g] for g in got) == res.victory_points[p], (players, seed, text)
                assert len(got) == len(res.awards[p]) + len(res.prizes[p])
                repeated += len(set(res.prizes[p])) < len(res.prizes[p])
    assert repeated  # the games tried include Prizes won twice
