"""Save files: round trips at any point, replay, and refusal of corrupt or tampered files."""

from __future__ import annotations

import json
import os
import random

import pytest

from blueprints3d.engine import GameState
from blueprints3d.files.errors import SaveFileError
from blueprints3d.engine.playout import random_game, random_playout
from blueprints3d.files.savefile import game_from_json, game_to_json, load_game, save_game


@pytest.fixture
def saved(tmp_path):
    s = GameState.new(3, 77, start_player=2, names=["Ann", "Bo", "Cy"])
    random_playout(s, random.Random(3), max_rounds=1)
    for _ in range(5):
        s.apply(s.legal_actions()[0])
    path = tmp_path / "game.json"
    save_game(path, s, {"seats": ["human", "bot", "bot"]})
    return s, path


def test_save_and_load_give_an_equal_state_and_meta(saved):
    s, path = saved
    loaded, meta = load_game(path)
    assert loaded == s and meta == {"seats": ["human", "bot", "bot"]}
    # and the game continues identically
    a = s.legal_actions()[2]
    s.apply(a)
    loaded.apply(a)
    assert loaded == s


def test_finished_game_round_trips():
    s = random_game(4, 5)
    loaded, _ = game_from_json(json.loads(json.dumps(game_to_json(s))))
    assert loaded == s and loaded.result() == s.result()


def _tamper(path, change):
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def test_truncated_file_is_refused(saved):
    _, path = saved
    path.write_text(path.read_text()[: len(path.read_text()) // 2])
    with pytest.raises(SaveFileError, match="not valid JSON, the file is damaged or truncated"):
        load_game(path)


def test_tampered_state_is_detected(saved):
    _, path = saved

    def give_me_gold(d):
        d["state"]["awards"][0].append("gold")

    _tamper(path, give_me_gold)
    with pytest.raises(
        SaveFileError, match=r"does not match its move log \(first difference at state.awards"
    ):
        load_game(path)


def test_tampered_log_is_detected(saved):
    _, path = saved

    def drop_a_move(d):
        d["log"].pop()

    _tamper(path, drop_a_move)
    with pytest.raises(SaveFileError, match="does not match its move log"):
        load_game(path)


def test_illegal_move_in_log_is_named(saved):
    _, path = saved

    def bad_move(d):
        d["log"][0] = {"action": "place", "die": d["log"][0]["die"], "cell": 40}

    _tamper(path, bad_move)
    with pytest.raises(SaveFileError, match="move 1 of the log is illegal"):
        load_game(path)


def test_edited_meta_is_caught_by_the_checksum(saved):
    _, path = saved
    _tamper(path, lambda d: d["meta"].update(seats=["bot", "bot", "bot"]))
    with pytest.raises(SaveFileError, match="checksum"):
        load_game(path)


@pytest.mark.parametrize(
    "change,message",
    [
        (lambda d: d.update(format=9), "unknown save format 9"),
        (lambda d: d.pop("kind"), "not a blueprints3d save file"),
        (lambda d: d.update(log="x"), '"log" is missing or not a list'),
        (
            lambda d: d["log"].__setitem__(0, {"action": "fly", "die": 1}),
            "move 1: unknown action 'fly'",
        ),
        (lambda d: d.update(players=7), "settings are invalid: Blueprints is for 2 to 4 players"),
    ],
)
def test_malformed_saves_are_refused_with_a_clear_message(saved, change, message):
    _, path = saved
    _tamper(path, change)
    with pytest.raises(SaveFileError, match=message):
        load_game(path)


def test_not_json_object_and_missing_file(tmp_path):
    p = tmp_path / "x.json"
    p.write_text("[1, 2]")
    with pytest.raises(SaveFileError, match="one JSON object"):
        load_game(p)
    with pytest.raises(SaveFileError, match="no such save file"):
        load_game(tmp_path / "missing.json")


def test_failed_save_keeps_the_previous_good_file(saved, monkeypatch):
    s, path = saved
    good = path.read_text()

    def boom(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", boom)
    s.apply(s.legal_actions()[0])
    with pytest.raises(OSError):
        save_game(path, s)
    assert path.read_text() == good
    assert [p.name for p in path.parent.iterdir()] == ["game.json"]  # no temporary left behind


@pytest.mark.parametrize(
    "where",
    [
        ("state", "current_player"),
        ("state", "turn_order", 0),
        ("state", "start_player"),
        ("state", "turns_done"),
        ("state", "round"),
    ],
)
@pytest.mark.parametrize("kind", ["bool", "float"])
def test_a_bool_or_a_float_is_not_a_number_in_the_state(where, kind):
    """``false == 0`` and ``1.0 == 1`` in Python, not in these files: a state that holds them
    (checksum recomputed, so only the comparison can catch it) is refused."""
    from blueprints3d.files.savefile import _checksum

    s = GameState.new(2, 5)  # current_player, turn_order[0], start_player, turns_done: 0
    s.apply(s.legal_actions()[0])
    data = game_to_json(s)
    node = data
    for key in where[:-1]:
        node = node[key]
    n = node[where[-1]]
    assert type(n) is int and n in (0, 1)
    node[where[-1]] = (n == 1) if kind == "bool" else float(n)
    data["checksum"] = _checksum({k: v for k, v in data.items() if k != "checksum"})
    with pytest.raises(
        SaveFileError, match=r"does not match its move log \(first difference at state\."
    ):
        game_from_json(json.loads(json.dumps(data)))
