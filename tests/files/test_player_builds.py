"""Saving a player's building from a game or a scored round, and the demo command line."""

from __future__ import annotations

import pytest

from blueprints3d.cli import main
from blueprints3d.files.builds import build_of, save_player_build
from blueprints3d.files.buildfile import load_build
from blueprints3d.engine.errors import IllegalAction
from blueprints3d.engine.playout import random_game
from blueprints3d.engine.state import GameState
from blueprints3d.presentation.demos import get_demo


def test_building_from_a_scored_round_scores_as_the_round_did(tmp_path):
    game = random_game(4, 2)
    for rr in game.round_results:
        for p in range(4):
            build = build_of(rr, p)
            assert build.blueprint == rr.blueprints[p]
            assert build.score() == rr.scores[p]
    path = tmp_path / "p2.json"
    saved = save_player_build(path, game.round_results[1], 2)
    assert load_build(path) == saved
    assert main(["score", str(path)]) == 0


def test_building_from_a_game_in_progress():
    s = GameState.new(3, 4)
    for _ in range(5):
        s.apply(s.legal_actions()[0])
    for p in range(3):
        b = build_of(s, p)
        assert [list(st) for st in b.stacks] == s.building(p)
        assert b.num_dice == sum(len(st) for st in s.stacks[p])
    with pytest.raises(IllegalAction, match="no player 3"):
        build_of(s, 3)


def test_demo_command_lists_and_renders(tmp_path, capsys, offscreen_base):
    assert main(["demo", "bonus", "--list"]) == 0
    out = capsys.readouterr().out
    n = len(get_demo("bonus").steps)  # the three to watch and the one to try
    assert out.startswith("bonus: The blueprint bonus") and out.count("\n  ") == n == 4
    assert (
        main(["demo", "bonus", "--render", str(tmp_path), "--size", "320x240", "--no-shaders"]) == 0
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        f"bonus-0{i}.png" for i in range(1, n + 1)
    ]
