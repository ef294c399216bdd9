"""The table's input seam (client/table/model/pointer.py): the app reads the time from the clock and
the pointer from the pointer in its options, never Panda3D's global clock or mouse watcher."""

from __future__ import annotations

from blueprints3d.client.table.model.flow import Mode, SeatConfig
from blueprints3d.client.table.model.pointer import HeldPointer, SteadyClock

SEATS = [SeatConfig("Cy", "easy"), SeatConfig("Ann")]  # the computer moves first


def test_the_computers_wait_their_delay_by_the_apps_clock(tables):
    clock = SteadyClock(0.1)
    app = tables(seats=SEATS, seed=2, bot_delay=0.45, clock=clock).app
    flow = app.flow
    assert flow.mode is Mode.BOT and flow.current == 0
    moves = len(flow.state.log)
    for _ in range(4):  # 0.4 s by the app's clock, however long the frames take here
        clock.tick()
        app.step()
    assert len(flow.state.log) == moves
    for _ in range(2):
        clock.tick()
        app.step()
    assert len(flow.state.log) == moves + 1


def test_the_pointer_in_the_options_is_the_one_the_table_follows(tables):
    pointer = HeldPointer()
    app = tables(
        640, 360, seats=[SeatConfig("Ann"), SeatConfig("Cy", "easy")], seed=4, pointer=pointer
    ).app
    flow = app.flow
    assert flow.mode is Mode.TURN
    app.settle()
    die = flow.state.pool[1]
    pointer.at = app.controls.screen_of_die(die)
    app.step()
    assert app.view.hovered_die == die
    pointer.on_gui = True  # over a button: a click there is the button's, not the table's
    app.input.press()
    assert app.controls.drag is None
    pointer.on_gui = False
    app.input.press()
    assert app.controls.drag is not None and app.controls.drag.die == die
    pointer.at = None  # out of the window: the release drops the die back
    app.input.release()
    assert app.controls.drag is None and die in flow.state.pool
