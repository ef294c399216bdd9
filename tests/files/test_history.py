"""The game history (files/history.py): every finished game kept once, never overwritten, read
strictly; files that cannot be read are skipped with one line naming each, and left alone."""

from __future__ import annotations

import json
import os
from datetime import datetime

import pytest

from blueprints3d.engine.playout import random_game
from blueprints3d.engine.results import round_victory_points
from blueprints3d.engine.state import GameState
from blueprints3d.files import history
from blueprints3d.files.buildfile import build_from_dict, load_build
from blueprints3d.files.history import (
    HistoryError,
    history_dir,
    keep_game,
    latest_game,
    list_games,
    load_game,
)
from blueprints3d.files.savefile import game_from_json
from blueprints3d.presentation.replay import game_steps

SEATS = {
    "seats": [
        {"name": "Player 1", "bot": None},
        {"name": "Player 2", "bot": "easy"},
        {"name": "Player 3", "bot": "hard"},
    ],
    "open_scores": False,
}


def one_line(text: str) -> bool:
    return "\n" not in text and text.isprintable() and len(text) < 1000


def kept(tmp_path, seeds=(1, 2, 3), players=3):
    games = [random_game(players, s) for s in seeds]
    paths = [keep_game(g, SEATS if players == 3 else None, tmp_path) for g in games]
    return games, paths


def test_a_finished_game_is_kept_whole_and_reads_back(tmp_path):
    (game,), (path,) = kept(tmp_path, seeds=(4,))
    assert path.parent == tmp_path / "history" and path.name.startswith("game-")
    g = load_game(1, tmp_path)
    assert g.state == game and g.number == 1 and g.path == path
    assert [p.label for p in g.players] == ["Player 1", "Player 2 (easy)", "Player 3 (hard)"]
    assert [p.kind for p in g.players] == ["person", "computer", "computer"]
    assert abs((datetime.now().astimezone() - g.finished).total_seconds()) < 60
    data = json.loads(path.read_text())
    # The save part is a save file as savefile writes it: the replay code reads it unchanged.
    state, meta = game_from_json(data["save"])
    assert state == game and meta == SEATS
    assert game_steps(g.state)[-1].caption.startswith("Game over")
    # The result is the engine's: VP per player and per round, winners, the tie-break in words.
    res = game.result()
    r = data["result"]
    assert r["victory_points"] == list(res.victory_points) and r["winners"] == list(res.winners)
    assert r["decided_by"] == res.explain(game.names) and g.decided_by == r["decided_by"]
    assert [x["victory_points"] for x in r["rounds"]] == [
        list(round_victory_points(rr)) for rr in game.round_results
    ]
    assert [sum(x["victory_points"][p] for x in r["rounds"]) for p in range(3)] == list(
        res.victory_points
    )
    for rr, rnd in zip(game.round_results, r["rounds"], strict=True):
        assert {a: x["reason"] for a, x in rnd["awards"].items()} == {
            a.value: pl.reason for a, pl in rr.awards.items()
        }
        assert [s["total"] for s in rnd["scores"]] == [s.total for s in rr.scores]
    # Every round's building of every player is a build file scoring what the round scored.
    assert len(data["buildings"]) == 3 and all(len(b) == 3 for b in data["buildings"])
    for rr, row in zip(game.round_results, data["buildings"], strict=True):
        for p, b in enumerate(row):
            assert build_from_dict(b).score().total == rr.scores[p].total
            assert build_from_dict(b) == g.building(rr.round, p)


def test_a_game_in_progress_is_never_written(tmp_path):
    s = GameState.new(3, 5)
    s.apply(s.legal_actions()[0])
    with pytest.raises(HistoryError, match="only a finished game"):
        keep_game(s, None, tmp_path)
    assert not (tmp_path / "history").exists()


def test_games_are_never_overwritten_and_one_game_is_kept_once(tmp_path):
    games, paths = kept(tmp_path)
    assert len(set(paths)) == 3
    before = {p: p.read_bytes() for p in paths}
    assert (
        keep_game(games[1], SEATS, tmp_path) == paths[1]
    )  # the same game again: not a second file
    assert sorted(os.listdir(tmp_path / "history")) == sorted(p.name for p in paths)
    assert {p: p.read_bytes() for p in paths} == before
    # Two games finishing in the same microsecond still get two files (write_new, never over).
    import blueprints3d.files.history as h

    stamp = h.stamp
    try:
        h.stamp = lambda: "20260101-000000-000000"
        a = keep_game(random_game(2, 50), None, tmp_path)
        b = keep_game(random_game(2, 51), None, tmp_path)
    finally:
        h.stamp = stamp
    assert a != b and a.exists() and b.exists()


def test_list_is_newest_first_numbered_in_the_order_played(tmp_path):
    games, paths = kept(tmp_path)
    listing = list_games(tmp_path)
    assert [g.number for g in listing.games] == [3, 2, 1] and listing.skipped == []
    assert [g.state for g in listing.games] == games[::-1]
    assert latest_game(tmp_path)[0].state == games[2]
    line = listing.games[0].summary()
    assert line.startswith("3. ") and "VP" in line and listing.games[0].winner_text in line


def _damage(path, how):
    if how == "truncated":
        path.write_bytes(path.read_bytes()[:500])
    elif how == "result":
        data = json.loads(path.read_text())
        data["result"]["victory_points"][0] += 5
        path.write_text(json.dumps(data))
    elif how == "building":
        data = json.loads(path.read_text())
        data["buildings"][1][0]["stacks"][0][0] = ["wood:1"] * 5
        path.write_text(json.dumps(data))
    elif how == "save":
        data = json.loads(path.read_text())
        data["save"]["log"][3]["die"] = (data["save"]["log"][3]["die"] + 1) % 30
        path.write_text(json.dumps(data))
    elif how == "player":
        data = json.loads(path.read_text())
        data["players"][1]["name"] = "Someone else"
        path.write_text(json.dumps(data))
    elif how == "format":
        data = json.loads(path.read_text())
        data["format"] = True
        path.write_text(json.dumps(data))
    elif how == "not-json":
        path.write_bytes(b"\xff\xfe not json")
    elif how == "unfinished":
        data = json.loads(path.read_text())
        s = GameState.new(3, 1)
        s.apply(s.legal_actions()[0])
        from blueprints3d.files.savefile import game_to_json

        data["save"] = game_to_json(s)
        path.write_text(json.dumps(data))


@pytest.mark.parametrize(
    "how,needle",
    [
        ("truncated", "not valid JSON"),
        ("result", "kept result does not match"),
        ("building", "kept buildings does not match"),
        ("save", "its saved game"),
        ("player", "player 2 is named"),
        ("format", "unknown history format True"),
        ("not-json", "not UTF-8"),
        ("unfinished", "not finished"),
    ],
)
def test_a_damaged_file_is_skipped_with_one_line_and_left_alone(tmp_path, how, needle):
    games, paths = kept(tmp_path)
    _damage(paths[1], how)
    before = paths[1].read_bytes(), os.stat(paths[1]).st_mtime_ns
    listing = list_games(tmp_path)
    assert [g.number for g in listing.games] == [3, 1]  # the others keep their numbers
    assert len(listing.skipped) == 1
    line = listing.skipped[0]
    assert one_line(line) and str(paths[1]) in line and needle in line, line
    assert (
        paths[1].read_bytes(),
        os.stat(paths[1]).st_mtime_ns,
    ) == before  # never changed, never deleted
    with pytest.raises(HistoryError) as e:
        load_game(2, tmp_path)
    assert one_line(str(e.value)) and str(paths[1]) in str(e.value) and needle in str(e.value)


def test_odd_entries_are_skipped_without_hanging(tmp_path):
    games, paths = kept(tmp_path, seeds=(1,))
    folder = history_dir(tmp_path)
    os.mkfifo(folder / "game-9-pipe.json")
    (folder / "game-8-folder.json").mkdir()
    (folder / "game-7-link.json").symlink_to("/dev/zero")
    (folder / "notes.txt").write_text("not a game")  # not a .json: not a history file
    (folder / ".game-x.json.abc.tmp").write_text("{")  # a killed write's temporary file
    listing = list_games(tmp_path)
    assert [g.state for g in listing.games] == games
    assert len(listing.skipped) == 3 and all(one_line(x) for x in listing.skipped)
    text = " ".join(listing.skipped)
    assert "named pipe" in text and "is a folder" in text and "is a device" in text


def test_no_history_and_wrong_numbers_are_one_line(tmp_path):
    for call in (lambda: load_game(1, tmp_path), lambda: latest_game(tmp_path)):
        with pytest.raises(HistoryError, match="no finished game is kept yet"):
            call()
    assert list_games(tmp_path).games == []
    kept(tmp_path, seeds=(1, 2))
    for n in (0, 3, 10**12):
        with pytest.raises(
            HistoryError, match=r"there is no game \d+ in the history: it holds games 1 to 2"
        ):
            load_game(n, tmp_path)
    (tmp_path / "file").write_text("x")
    with pytest.raises(HistoryError, match="is not a folder"):
        list_games(tmp_path / "file")


def test_latest_skips_a_damaged_newest_file_and_says_so(tmp_path):
    games, paths = kept(tmp_path)
    _damage(paths[2], "truncated")
    g, skipped = latest_game(tmp_path)
    assert g.state == games[1] and g.number == 2
    assert len(skipped) == 1 and str(paths[2]) in skipped[0]


def test_a_kept_building_opens_as_a_build_file(tmp_path):
    (game,), _ = kept(tmp_path, seeds=(9,))
    g = load_game(1, tmp_path)
    from blueprints3d.files.buildfile import save_build

    out = tmp_path / "b.json"
    save_build(out, g.building(2, 1))
    assert load_build(out).score().total == game.round_results[1].scores[1].total


def test_a_game_saved_without_its_seats_is_kept_with_unknown_kinds(tmp_path):
    keep_game(random_game(2, 3), None, tmp_path)
    g = load_game(1, tmp_path)
    assert [p.kind for p in g.players] == ["unknown", "unknown"]
    assert history.find_kept(g.state, tmp_path) == g.path


def test_a_screen_reads_only_the_newest_games_with_their_own_numbers(tmp_path):
    games, paths = kept(tmp_path, seeds=(1, 2, 3, 4))
    _damage(paths[3], "truncated")
    listing = list_games(tmp_path, limit=2)
    assert [g.number for g in listing.games] == [3] and len(listing.skipped) == 1
    assert str(paths[3]) in listing.skipped[0]
    assert [g.number for g in list_games(tmp_path, limit=10).games] == [3, 2, 1]
    assert list_games(tmp_path, limit=0).games == []


def test_the_hints_each_person_used_are_kept_and_checked(tmp_path):
    """The table counts the turns each person asked the coach on (the save's meta.hints): the
    record says it per player (a computer has none), reads it back, and refuses a count that
    does not match the game's save, in one line."""
    game = random_game(3, 6)
    meta = {**SEATS, "hints": [4, 0, 0]}
    path = keep_game(game, meta, tmp_path)
    data = json.loads(path.read_text())
    assert [p["hints"] for p in data["players"]] == [4, None, None]
    g = load_game(1, tmp_path)
    assert [p.hints for p in g.players] == [4, None, None]
    assert g.meta["hints"] == [4, 0, 0]
    # A game saved before the coach: no count, null for everyone; it still reads.
    keep_game(random_game(3, 7), SEATS, tmp_path)
    assert [p.hints for p in load_game(2, tmp_path).players] == [None, None, None]
    # A record from before the coach (no "hints" key at all) reads too.
    old = json.loads(path.read_text())
    for p in old["players"]:
        del p["hints"]
    old_save = history.game_to_json(game, SEATS)
    old["save"] = old_save
    rec = history.game_from_record(old)
    assert [p.hints for p in rec.players] == [None, None, None]
    # Edited counts are refused.
    for field, value, needle in (
        ("players", 5, "does not match the saved game's count"),
        ("computer", 2, "only a person is counted for hints"),
        ("meta", [4, "x", 0], "meta.hints"),
    ):
        bad = json.loads(path.read_text())
        if field == "players":
            bad["players"][0]["hints"] = value
        elif field == "computer":
            bad["players"][1]["hints"] = value
        else:
            bad["save"] = history.game_to_json(game, {**SEATS, "hints": value})
        with pytest.raises(HistoryError) as e:
            history.game_from_record(bad)
        assert needle in str(e.value) and one_line(str(e.value)), (field, str(e.value))


@pytest.mark.parametrize("raw", [[1, 2], "3", [1, -1, 0], [1, True, 0], [1.5, 0, 0], [10**7, 0, 0]])
def test_a_malformed_hint_count_in_a_save_is_one_line(raw):
    from blueprints3d.files.errors import SaveFileError

    with pytest.raises(SaveFileError) as e:
        history.hints_from_meta({"hints": raw}, 3)
    assert one_line(str(e.value)) and "meta.hints" in str(e.value)
    assert history.hints_from_meta({}, 3) == [0, 0, 0] and history.hints_from_meta(None, 2) == [
        0,
        0,
    ]
    assert history.hints_from_meta({"hints": [0, 3, 1]}, 3) == [0, 3, 1]
