"""At the table: a computer player that fails is shown on the HUD, the game waits, the menu works."""

from __future__ import annotations

import pytest

from blueprints3d.client.table.model.flow import Mode, SeatConfig
from blueprints3d.engine import actions as A

WIDTH, HEIGHT = 480, 270


class BrokenBot:
    calls = 0

    def choose(self, state, player):
        BrokenBot.calls += 1
        raise RuntimeError("out of ideas")


@pytest.fixture(scope="module")
def table(module_tables):
    return module_tables(
        WIDTH, HEIGHT, seats=[SeatConfig("Ann"), SeatConfig("Computer 2", "easy")], seed=3
    )


def test_a_failing_computer_player_is_shown_and_the_table_waits(table):
    app = table.app
    flow = app.flow
    flow.threaded_bots = False
    flow._bots[1] = BrokenBot()  # seat 1's computer player, broken before its first turn
    assert flow.mode is Mode.TURN and flow.current == 0
    k = A.decode(flow.state.legal_actions()[0])
    assert (
        flow.place(k.die, k.cell).ok and flow.confirm().ok
    )  # the table's moves wait for the confirm
    assert flow.discard(flow.state.pool[0]).ok and flow.confirm().ok
    assert flow.current == 1
    for _ in range(20):  # many frames: one failure, shown and kept
        table.base.taskMgr.step()
    assert BrokenBot.calls == 1
    assert flow.mode is Mode.BOT and len(flow.state.log) == 2
    assert app.hud.message.getText().startswith("Computer 2 failed: out of ideas")
    assert app.hud.prompt.getText().startswith("Computer 2 failed: out of ideas")
    # The menu still opens (save, new game, quit) and closes again.
    app.input.escape()
    assert app.screens.menu.active
    app.input.escape()
    assert not app.screens.menu.active
    assert app.hud.message.getText().startswith("Computer 2 failed")
