"""The history at the table: a finished game goes into the history the moment it ends (never before),
so "New game" after the end cannot lose it; it is replayed from the history afterwards."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from blueprints3d.cli import main
from blueprints3d.client.table.model.flow import Mode, SeatConfig
from blueprints3d.engine.rules import NUM_ROUNDS
from blueprints3d.files.autosave import AutosaveSlot
from blueprints3d.files.history import history_dir, list_games, load_game
from blueprints3d.presentation.replay import game_steps

BOTS = [SeatConfig("Ann", "easy"), SeatConfig("Bob", "easy"), SeatConfig("Cy", "easy")]


@pytest.fixture
def table(tables):
    home = Path(os.environ["BLUEPRINTS3D_HOME"])  # the test's own data folder (conftest)
    slot = AutosaveSlot(home)
    return tables(seats=BOTS, seed=21, autosave=slot), slot, home


def kept_files(home: Path) -> list[Path]:
    folder = history_dir(home)
    return sorted(folder.iterdir()) if folder.exists() else []


def play_to_the_end(app, home: Path, at_last_round_end=None) -> None:
    """Bots play the whole game; after every event the history must be empty until the game is
    over, and hold the game from the moment it is."""
    flow = app.flow
    seen = []

    def check(event):
        seen.append((event.kind, flow.state.is_over, len(kept_files(home))))

    flow.listeners.append(check)  # after the app's own listener: the app has done its part
    for _ in range(100):
        if flow.mode is Mode.GAME_OVER:
            break
        if flow.mode is Mode.BOT:
            flow.run_bots()
        elif flow.mode is Mode.ROUND_END:
            if flow.round_end.result.round == NUM_ROUNDS and at_last_round_end is not None:
                at_last_round_end()
                return
            app.continue_round()
    assert flow.mode is Mode.GAME_OVER
    assert len(seen) > 50
    assert all(n == (1 if over else 0) for _, over, n in seen), [x for x in seen if x[2] != x[1]][
        :3
    ]


def test_a_finished_game_is_kept_and_a_new_game_does_not_lose_it(table, capsys):
    t, slot, home = table
    app = t.app
    play_to_the_end(app, home)
    finished = app.flow.state
    (path,) = kept_files(home)
    assert app.saving.kept_game == path
    record = path.read_bytes()
    g = load_game(1, home)
    assert g.state == finished
    assert [p.label for p in g.players] == ["Ann (easy)", "Bob (easy)", "Cy (easy)"]
    # "New game" after the end: the autosave slot takes the new game, the history keeps the old.
    app.show_new_game()
    app.start_game([SeatConfig("Dee"), SeatConfig("Eve", "easy")], seed=3)
    assert not slot.load().state.is_over and slot.load().state.num_players == 2
    assert kept_files(home) == [path] and path.read_bytes() == record
    # The finished game replays from the history, step for step as it was played.
    steps = game_steps(load_game(1, home).state)
    assert [(s.header, s.caption) for s in steps] == [
        (s.header, s.caption) for s in game_steps(finished)
    ]
    assert (
        steps[-1].caption.startswith("Game over")
        and finished.names[finished.result().winners[0]] in steps[-1].caption
    )
    assert main(["replay", "--list"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == len(steps) and out[-1].endswith(steps[-1].caption)
    assert main(["history"]) == 0
    assert "Ann (easy)" in capsys.readouterr().out


def test_new_game_chosen_at_the_last_round_end_cannot_lose_it(table):
    t, slot, home = table
    app = t.app

    def new_game_now():
        assert app.flow.state.is_over and app.flow.mode is Mode.ROUND_END
        app.screens.menu_new_game()  # Esc menu -> New game: the confirmation is asked while in game
        app.screens.confirm.exit()
        app.start_game([SeatConfig("Dee"), SeatConfig("Eve", "easy")], seed=3)

    play_to_the_end(app, home, at_last_round_end=new_game_now)
    assert [g.number for g in list_games(home).games] == [1]
    assert list_games(home).games[0].players[0].name == "Ann"


def test_a_resumed_finished_game_is_kept_once_and_a_missed_one_is_kept(table):
    t, slot, home = table
    app = t.app
    play_to_the_end(app, home)
    finished, seats = app.flow.state, list(app.flow.seats)
    (path,) = kept_files(home)
    app.start_game(seats, initial=finished)  # --resume of the finished game
    assert kept_files(home) == [path] and app.saving.kept_game == path
    path.unlink()  # as if the table was killed between the last autosave and the history
    app.start_game(seats, initial=finished)
    (again,) = kept_files(home)
    assert load_game(1, home).state == finished and app.saving.kept_game == again


def test_a_history_that_cannot_be_written_is_said_and_play_goes_on(table):
    t, slot, home = table
    app = t.app
    (home / "history").write_text("a file where the folder should be")
    flow = app.flow
    messages = []
    show = app.hud.show_message
    app.hud.show_message = lambda text: (messages.append(text), show(text))
    for _ in range(100):
        if flow.mode is Mode.GAME_OVER:
            break
        if flow.mode is Mode.BOT:
            flow.run_bots()
        elif flow.mode is Mode.ROUND_END:
            app.continue_round()
    assert flow.mode is Mode.GAME_OVER and app.saving.kept_game is None
    want = (
        f"could not keep the finished game in the history: a file stands where the folder "
        f"{home / 'history'} must be; move it away or choose another folder"
    )
    assert want in messages, messages
    assert slot.load().state == flow.state  # the autosave still holds the finished game
