"""Build files, the `score` command and the command line's handling of bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from blueprints3d.cli import main

EXAMPLE_A = {
    "format": 1,
    "blueprint": {"grid": [[1, "X"], [2, 1], [2, "X"]]},
    "stacks": [
        [["recycled:5"], []],
        [["glass:2", "recycled:4"], ["recycled:6"]],
        [["glass:1", "wood:3"], []],
    ],
}
EXAMPLE_B = {
    "format": 1,
    "blueprint": "B07",
    "player": "B (ignored key)",
    "stacks": [
        [["green:1", "black:2"], ["orange:3"]],
        [["green:2"], ["orange:4", "green:5"]],
        [[], []],
    ],
}


def write(tmp_path, data, name="build.json"):
    p = tmp_path / name
    p.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(p)


def test_score_json_p5_example_both_buildings_23(tmp_path, capsys):
    assert main(["score", write(tmp_path, EXAMPLE_A), "--json"]) == 0
    a = json.loads(capsys.readouterr().out)
    assert a == {
        "blueprint": 6,
        "wood": 4,
        "recycled": 10,
        "stone": 0,
        "glass": 3,
        "total": 23,
        "prizes": ["geometer"],
    }
    assert main(["score", write(tmp_path, EXAMPLE_B, "b.json"), "--json"]) == 0
    b = json.loads(capsys.readouterr().out)
    assert (b["blueprint"], b["wood"], b["recycled"], b["stone"], b["glass"], b["total"]) == (
        0,
        10,
        10,
        3,
        0,
        23,
    )


def test_score_text_breakdown_is_readable(tmp_path, capsys):
    assert main(["score", write(tmp_path, EXAMPLE_A)]) == 0
    out = capsys.readouterr().out
    assert "blueprint bonus   6" in out and "total            23" in out
    assert "glass showing 2 (covered, still counts)" in out
    assert "Geometer" in out


def test_blueprint_by_card_id_forms(tmp_path, capsys):
    d = dict(EXAMPLE_B, blueprint={"id": "B07"})
    assert main(["score", write(tmp_path, d), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 23


BAD = [
    (
        "die on hatched",
        {
            **EXAMPLE_A,
            "stacks": [
                [["recycled:5"], ["wood:1"]],
                [["glass:2", "recycled:4"], ["recycled:6"]],
                [["glass:1"], []],
            ],
        },
        "row 1, column 2 is hatched",
    ),
    (
        "lower on higher",
        {**EXAMPLE_A, "stacks": [[["recycled:5"], []], [["glass:4", "recycled:2"], []], [[], []]]},
        "a 2 cannot go on a 4 at row 2, column 1",
    ),
    (
        "seven dice",
        {**EXAMPLE_A, "stacks": [[["recycled:1"] * 7, []], [[], []], [[], []]]},
        "7 dice; a player takes only 6",
    ),
    (
        "unknown material",
        {**EXAMPLE_A, "stacks": [[["gold:1"], []], [[], []], [[], []]]},
        "unknown material 'gold'",
    ),
    (
        "value 7",
        {**EXAMPLE_A, "stacks": [[["wood:7"], []], [[], []], [[], []]]},
        "a die shows 1 to 6, not 7",
    ),
    ("value 0", {**EXAMPLE_A, "stacks": [[["wood:0"], []], [[], []], [[], []]]}, "not 0"),
    ("shape", {**EXAMPLE_A, "stacks": [[[], []], [[], []]]}, "must have 3 rows of 2 spaces"),
    (
        "bad die text",
        {**EXAMPLE_A, "stacks": [[["wood3"], []], [[], []], [[], []]]},
        '"material:value"',
    ),
    ("unknown card", {**EXAMPLE_A, "blueprint": "B99"}, "no blueprint card with id 'B99'"),
    (
        "bad grid",
        {**EXAMPLE_A, "blueprint": {"grid": [[1, "Y"], [2, 1], [2, "X"]]}},
        "row 1, column 2 must be a height",
    ),
    ("format", {**EXAMPLE_A, "format": 2}, "unknown build file format 2"),
    ("no stacks", {"format": 1, "blueprint": "B01"}, 'no "stacks"'),
    ("not object", [1, 2], "one JSON object"),
    ("malformed JSON", '{"format": 1, "blueprint": ', "not valid JSON"),
]


@pytest.mark.parametrize("name,data,message", BAD, ids=[b[0] for b in BAD])
def test_bad_build_files_exit_2_with_one_line(tmp_path, capsys, name, data, message):
    assert main(["score", write(tmp_path, data), "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and "Traceback" not in captured.err


def test_missing_file_and_wrong_option_exit_2(tmp_path, capsys):
    assert main(["score", str(tmp_path / "nope.json")]) == 2
    assert "no such file" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        main(["simulate", "--games", "-3"])
    assert e.value.code == 2
    assert "must be 1 or more" in capsys.readouterr().err


def test_console_script_entry_point_runs_as_module(tmp_path):
    r = subprocess.run(
        [sys.executable, "-m", "blueprints3d", "score", write(tmp_path, EXAMPLE_A), "--json"],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0 and json.loads(r.stdout)["total"] == 23
    r = subprocess.run(
        [sys.executable, "-m", "blueprints3d", "score", write(tmp_path, "{", "x.json")],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 2 and "Traceback" not in r.stderr and r.stderr.count("\n") == 1


def test_simulate_prints_statistics_and_progress(capsys):
    assert main(["simulate", "--players", "3", "--games", "20", "--seed", "4"]) == 0
    cap = capsys.readouterr()
    assert "20 random 3-player games" in cap.out
    for word in (
        "wood",
        "recycled",
        "stone",
        "glass",
        "Blueprint bonus",
        "Skyscraper",
        "Geometer",
        "Structural Integrity",
        "Materials",
        "Victory points",
        "Shared victories",
    ):
        assert word in cap.out
    assert "simulate: 20/20 games" in cap.err
