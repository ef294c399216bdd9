"""`blueprints3d history` and `blueprints3d replay [N | FILE]` through the real command line:
a readable list, one game's rounds, a kept building written as a build file, and every wrong
number, missing history or bad file as one line with exit status 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from support.cli_rig import one_line_exit_2, run
from blueprints3d.engine.playout import random_game
from blueprints3d.engine.state import GameState
from blueprints3d.files.buildfile import load_build
from blueprints3d.files.history import history_dir, keep_game
from blueprints3d.files.savefile import save_game

SEATS = {
    "seats": [
        {"name": "Ann", "bot": None},
        {"name": "Bob", "bot": "easy"},
        {"name": "Cy", "bot": "hard"},
    ]
}


@pytest.fixture
def home():
    """The data folder the conftest gives every test ($BLUEPRINTS3D_HOME)."""
    from pathlib import Path

    return Path(os.environ["BLUEPRINTS3D_HOME"])


@pytest.fixture
def three(home):
    """Three finished games kept, seats named as the table names them."""
    games = [named(random_game(3, seed)) for seed in (1, 2, 3)]
    for g in games:
        keep_game(g, SEATS, home)
    return games


def named(game: GameState) -> GameState:
    """``game`` replayed with the seats' names (names take no part in play)."""
    s = GameState.new(3, game.seed, game.start_player, ["Ann", "Bob", "Cy"])
    for a in game.log:
        s.apply(a)
    return s


def test_history_lists_the_games_newest_first_as_a_table(three, capsys):
    code, out, err = run(["history"], capsys)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["#", "finished", "winner", "VP", "players", "(VP)"]
    rows = lines[1:4]
    assert [r.split()[0] for r in rows] == ["3", "2", "1"]
    for row, game in zip(rows, three[::-1], strict=True):
        res = game.result()
        assert (
            f"Ann {res.victory_points[0]}, Bob (easy) {res.victory_points[1]}, Cy (hard) {res.victory_points[2]}"
            in row
        )
        assert " & ".join(game.names[w] for w in res.winners) in row
        assert f" {res.victory_points[res.winners[0]]}  " in row
    assert "3 games in" in out and "blueprints3d replay N" in out


def test_history_n_shows_the_rounds_the_winner_and_what_decided_it(three, capsys):
    code, out, _ = run(["history", "2"], capsys)
    game = three[1]
    res = game.result()
    assert code == 0 and out.startswith("Game 2, finished ")
    assert res.explain(game.names) + "." in out
    first = out.splitlines()[3]
    w = res.standings()[0]
    assert first.startswith(" 1. " + game.names[w]) and first.rstrip().endswith(
        str(res.victory_points[w])
    )
    for rr in game.round_results:
        assert f"Round {rr.round} (in demand: " in out
        for award, pl in rr.awards.items():
            score = rr.scores[pl.player].total
            assert (
                f"{award.title} ({award.victory_points} VP) to {game.names[pl.player]}, building score {score}"
                in out
            )


def test_a_kept_building_is_written_as_a_build_file(three, capsys, tmp_path, monkeypatch):
    out_file = tmp_path / "cy.json"
    code, out, _ = run(["history", "1", "--building", "2", "cy", "-o", str(out_file)], capsys)
    assert code == 0 and "Cy's building of round 2 of game 1" in out
    assert load_build(out_file).score().total == three[0].round_results[1].scores[2].total
    code, out, _ = run(["score", str(out_file), "--json"], capsys)
    assert code == 0 and json.loads(out)["total"] == three[0].round_results[1].scores[2].total
    # Without -o: a new file in the current folder, never over another; without N: the newest game.
    monkeypatch.chdir(tmp_path)
    for _ in range(2):
        assert run(["history", "--building", "3", "1"], capsys)[0] == 0
    made = sorted(p for p in os.listdir(tmp_path) if p.startswith("game-3-round-3-Ann"))
    assert made == ["game-3-round-3-Ann-2.json", "game-3-round-3-Ann.json"]
    assert load_build(tmp_path / made[1]).score().total == three[2].round_results[2].scores[0].total


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["history", "4"], "there is no game 4 in the history: it holds games 1 to 3"),
        (["history", "0"], "must be 1 or more"),
        (["history", "abc"], "'abc' is not a whole number"),
        (["history", "1", "--building", "4", "1", "-o", "x.json"], "ROUND must be 1 to 3, not '4'"),
        (["history", "1", "--building", "x", "1", "-o", "x.json"], "ROUND must be 1 to 3, not 'x'"),
        (
            ["history", "1", "--building", "1", "5", "-o", "x.json"],
            "PLAYER must be 1 to 3 or a name of game 1 (Ann, Bob, Cy), not 5",
        ),
        (["history", "1", "--building", "1", "Zed", "-o", "x.json"], "not 'Zed'"),
        (["history", "1", "--building", "1"], "expected 2 arguments"),
        (["history", "1", "-o", "x.json"], "-o names the build file that --building writes"),
        (["history", "1", "--building", "1", "1", "-o", "/dev/null"], "it is not a plain file"),
        (["history", "1", "--building", "1", "1", "-o", "/no/such/x.json"], "no folder /no/such"),
        (["replay", "4", "--list"], "there is no game 4 in the history"),
        (["replay", "0", "--list"], "there is no game 0 in the history"),
        (["replay", "9" * 5000, "--list"], "there is no game"),
    ],
)
def test_wrong_numbers_and_options_are_one_line(three, capsys, argv, needle):
    line = one_line_exit_2(argv, capsys)
    assert needle in line and len(line) < 400, line


def test_no_history_yet_is_one_line(capsys):
    for argv in (
        ["history"],
        ["replay"],
        ["replay", "1"],
        ["history", "1"],
        ["history", "--building", "1", "1"],
    ):
        line = one_line_exit_2(argv, capsys)
        assert "no finished game is kept yet" in line, line


def test_bad_history_files_are_named_once_each_and_left_alone(three, home, capsys):
    files = sorted(history_dir(home).iterdir())
    files[0].write_text("{ truncated")
    files[2].write_bytes(b"\x00" * 10)
    before = [p.read_bytes() for p in files]
    code, out, err = run(["history"], capsys)
    assert code == 0
    errs = err.strip().splitlines()
    assert len(errs) == 2 and all(e.startswith("blueprints3d: skipped ") for e in errs)
    assert (
        str(files[2]) in errs[0] and str(files[0]) in errs[1]
    )  # in the order of the list: newest first
    assert [r.split()[0] for r in out.splitlines()[1:2]] == ["2"]
    assert [p.read_bytes() for p in files] == before
    # replay with no number: the newest game that can be read, saying which file was skipped
    code, out, err = run(["replay", "--list"], capsys)
    assert code == 0 and out.strip().splitlines()[-1].split(". ", 1)[1].startswith("[Game over]")
    assert err.count("\n") == 1 and str(files[2]) in err
    assert str(files[0]) in one_line_exit_2(["replay", "1", "--list"], capsys)
    (files[1]).write_text("[]")
    code, out, err = run(["history"], capsys)
    assert code == 2 and err.strip().splitlines()[-1] == (
        f"blueprints3d: no game in the history can be read (3 files skipped in {history_dir(home)})"
    )


def test_replay_opens_history_games_by_number_the_newest_by_default_and_files_still(
    three, capsys, tmp_path
):
    from blueprints3d.presentation.replay import game_steps

    def captions(argv):
        code, out, err = run(argv, capsys)
        assert code == 0 and err == "", err
        return out.splitlines()

    want = [f"{i:3d}. [{s.header}] {s.caption}" for i, s in enumerate(game_steps(three[0]), 1)]
    assert captions(["replay", "1", "--list"]) == want
    newest = [f"{i:3d}. [{s.header}] {s.caption}" for i, s in enumerate(game_steps(three[2]), 1)]
    assert captions(["replay", "--list"]) == newest
    save = tmp_path / "g.json"
    save_game(save, three[1])
    assert captions(["replay", str(save), "--list"]) == [
        f"{i:3d}. [{s.header}] {s.caption}" for i, s in enumerate(game_steps(three[1]), 1)
    ]
    assert "no such save file" in one_line_exit_2(
        ["replay", str(tmp_path / "nope.json"), "--list"], capsys
    )


def test_the_real_command_line_lists_and_helps(three, home):
    env = {**os.environ, "BLUEPRINTS3D_HOME": str(home)}
    r = subprocess.run(
        [sys.executable, "-m", "blueprints3d", "history"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert r.returncode == 0 and r.stderr == "" and len(r.stdout.splitlines()) == 6
    r = subprocess.run(
        [sys.executable, "-m", "blueprints3d", "history", "--help"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert r.returncode == 0 and "--building ROUND PLAYER" in r.stdout and "replay N" in r.stdout
    r = subprocess.run(
        [sys.executable, "-m", "blueprints3d", "history", "7"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert r.returncode == 2 and r.stdout == "" and r.stderr.count("\n") == 1
    assert r.stderr.startswith("blueprints3d: there is no game 7 in the history")


def test_history_n_says_how_many_hints_each_person_used(home, capsys):
    """The table's count of hinted turns (the save's meta.hints) is shown per person; a game kept
    without a count says nothing about hints."""
    keep_game(named(random_game(3, 4)), {**SEATS, "hints": [3, 0, 0]}, home)
    keep_game(named(random_game(3, 5)), SEATS, home)
    code, out, _ = run(["history", "1"], capsys)
    assert code == 0 and "Hints used (turns with the coach's hints shown): Ann 3" in out
    assert "Bob" not in out.split("Hints used")[1].splitlines()[0]  # a computer is never counted
    code, out, _ = run(["history", "2"], capsys)
    assert code == 0 and "Hints used" not in out


def test_history_n_says_every_word_through_the_catalogue(three, capsys, monkeypatch):
    """Issue 42: "... wins with 4 VP, 2 ahead of ...", "building score" and "(easy)" were English in
    every language (the record's English words were printed as they are kept)."""
    import re

    from support.pseudo_language import pseudo, unmarked

    with pseudo(monkeypatch):
        code, out, _ = run(["history", "2"], capsys)
        assert code == 0
        left = unmarked(out)
        for name in ("Ann", "Bob", "Cy", "blueprints3d"):
            left = left.replace(name, "")
        assert not re.search("[A-Za-z]", left), left
        code, out, _ = run(["history"], capsys)
        assert code == 0 and "(easy)" not in unmarked(out) and "«easy»" in out


def test_history_in_persian_writes_persian_digits_only(three, capsys, home):
    """Issue 42: `history N` mixed Latin and Persian digits (ranks, VP, dates) in Persian."""
    import re

    for argv in (["--lang", "fa", "history", "2"], ["--lang", "fa", "history"]):
        code, out, _ = run(argv, capsys)
        assert code == 0
        text = out.replace("blueprints3d", "").replace(str(home), "")
        assert not re.search("[0-9]", text), [
            line for line in text.splitlines() if re.search("[0-9]", line)
        ]
