""" "Past games" on the new-game screen: the history's games newest first, each replayable;
a damaged file is named in one line and left alone; with no history, a line says so."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from blueprints3d.client.table.model.options import AppOptions
from blueprints3d.client.table.offscreen import open_table
from blueprints3d.engine.playout import random_game
from blueprints3d.files.history import history_dir, keep_game


@pytest.fixture
def menu(offscreen_base):
    launched = []
    t = open_table(
        offscreen_base,
        1280,
        720,
        AppOptions(size=(1280, 720), launch=launched.append),
        overlay=True,
    )
    yield t.app, launched
    t.close()


def test_past_games_lists_the_history_and_replays_one(menu):
    app, launched = menu
    home = Path(os.environ["BLUEPRINTS3D_HOME"])
    keep_game(random_game(3, 1), data_folder=home)
    keep_game(random_game(2, 2), data_folder=home)
    damaged = history_dir(home) / "game-99999999-000000-000000-broken.json"
    damaged.write_text("{ not json")
    assert (
        app.screens.new_game_screen.active and app.screens.new_game_screen.past_button is not None
    )
    app.screens.new_game_screen.past_button["command"]()
    past = app.screens.past_games
    assert past.active and not app.screens.new_game_screen.active
    numbers = [g.number for g in past.listing.games]
    assert numbers == sorted(numbers, reverse=True) and len(numbers) == 2
    assert past.lines[0] == past.listing.games[0].summary()
    assert any(damaged.name in line for line in past.lines)
    assert damaged.read_text() == "{ not json"  # named, never changed
    past.buttons[numbers[-1]]["command"]()
    assert launched[-1][1:] == ["-m", "blueprints3d", "replay", str(numbers[-1])]
    app.input.escape()
    assert app.screens.new_game_screen.active and not past.active


def test_no_past_games_yet_says_so(menu):
    app, _ = menu
    app.screens.show_past_games()
    assert app.screens.past_games.active and app.screens.past_games.listing.games == []
    app.screens.past_games.back_button["command"]()
    assert app.screens.new_game_screen.active
