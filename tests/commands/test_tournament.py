"""`blueprints3d tournament`: its table, its determinism, and one-line errors with exit 2."""

from __future__ import annotations

import re

import pytest

from blueprints3d.cli import main
from blueprints3d.commands.tournament import parse_plan, play_one, seat_of, wilson


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["tournament", *args])
    out, err = capsys.readouterr()
    return code, out, err


def rows(out: str) -> list[list[str]]:
    return [line.split() for line in out.splitlines() if re.match(r"^\d {4}", line)]


def test_prints_win_rates_with_intervals(capsys):
    code, out, err = run(
        capsys, "--bots", "greedy,random,random,random", "--games", "8", "--seed", "3"
    )
    assert code == 0
    assert "8 games of 4 players, seeds 3..10" in out
    table = rows(out)
    assert [r[1] for r in table] == ["greedy", "random", "random", "random"]
    wins = [float(r[2]) for r in table]
    assert sum(wins) == pytest.approx(8)
    assert wins[0] >= 6  # greedy is far better than random
    assert all(
        re.search(r"\[\s*\d+\.\d%,\s*\d+\.\d%\]", line)
        for line in out.splitlines()
        if re.match(r"^\d {4}", line)
    )
    assert "tournament: 8/8 games" in err  # the progress line


def test_results_do_not_depend_on_jobs(capsys):
    args = ("--bots", "greedy,random", "--games", "6", "--seed", "40")
    _, one, _ = run(capsys, *args, "--jobs", "1")
    _, two, _ = run(capsys, *args, "--jobs", "2")
    # Everything but the timings (the last columns) is the same.
    assert [r[:7] for r in rows(one)] == [r[:7] for r in rows(two)]


def test_shared_wins_are_split():
    # Two random bots: over many games the win shares add up to the number of games exactly.
    plan = parse_plan("random,random,random", "30", "0")
    total = sum(sum(play_one(plan, g).win_share) for g in range(plan.games))
    assert total == pytest.approx(30)


def test_seats_rotate():
    assert [seat_of(0, g, 3) for g in range(6)] == [0, 1, 2, 0, 1, 2]
    assert sorted(seat_of(i, 4, 4) for i in range(4)) == [0, 1, 2, 3]


def test_wilson_interval():
    lo, hi = wilson(0.5, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(1.0, 10)[1] == pytest.approx(1.0) and wilson(0.0, 10)[0] == pytest.approx(0.0)
    assert wilson(1.0, 10)[0] > 0.6 and wilson(0.0, 10)[1] < 0.4


@pytest.mark.parametrize(
    "args, message",
    [
        (["--bots", "greedy,genius"], "unknown bot 'genius'"),
        (["--bots", "greedy"], "2 to 4 bots"),
        (["--bots", "greedy,random,random,random,random"], "2 to 4 bots"),
        (["--bots", "greedy,random", "--games", "0"], "--games must be 1 or more"),
        (["--bots", "greedy,random", "--games", "ten"], "--games must be a whole number"),
        (["--bots", "greedy,random", "--seed", "-1"], "--seed must be 0 or more"),
        (["--bots", "greedy,random", "--jobs", "0"], "--jobs must be 1 or more"),
        (["--bots", "search:x,random"], "search:N needs a whole number"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(capsys, args, message):
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and message in err
    assert "Traceback" not in err
