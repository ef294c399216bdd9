"""Won Award and Prize cards keep victory points secret on one screen (RULES.md, "End of the game"):
with several people at the device every pile lies face down except the one whose turn it is,
behind the curtain; one person against computers may keep their own face up."""

from __future__ import annotations

import pytest

from blueprints3d.client.table.model.flow import Mode, SeatConfig


@pytest.fixture(scope="module")
def table(module_tables):
    return module_tables(seats=[SeatConfig("Ann"), SeatConfig("Bob")], seed=3)


def act(flow) -> None:
    """The current person plays the first legal action."""
    out = flow.act(flow.state.legal_actions()[0])
    assert out.ok, out.message
    if out.tentative:  # the table's moves wait for the confirm (11-input)
        assert flow.confirm().ok


def play_to_round_two(app):
    """Play round 1 through the flow (curtains passed, computers run) and continue into round 2."""
    flow = app.flow
    for _ in range(400):
        if flow.mode is Mode.CURTAIN:
            app.pass_curtain()
        elif flow.mode is Mode.BOT:
            flow.run_bots()
        elif flow.mode is Mode.TURN:
            act(flow)
        elif flow.mode is Mode.ROUND_END:
            app.continue_round()
            return flow
    raise AssertionError("round 1 never ended")


def faces(view, seat: int) -> list[str]:
    return [c.get_tag("face") for c in view.seats[seat].pile]


def test_hot_seat_piles_lie_face_down_except_your_own_on_your_turn(table):
    app = table.app
    app.start_game([SeatConfig("Ann"), SeatConfig("Bob"), SeatConfig("Cy", "easy")], seed=11)
    app.flow.threaded_bots = False
    flow = play_to_round_two(app)
    view = app.view
    won = [p for p in range(3) if view.seats[p].pile]
    assert won, "nobody won a card in round 1 (choose another seed)"
    for _ in range(60):
        app.settle()
        if flow.mode is Mode.CURTAIN or flow.mode is Mode.BOT:
            # Between turns, behind the curtain or while a computer plays: nobody's are face up.
            assert all(f == "down" for p in won for f in faces(view, p)), (flow.mode, flow.current)
        if flow.mode is Mode.TURN:
            me = flow.current
            for p in won:
                want = "up" if p == me else "down"
                assert all(f == want for f in faces(view, p)), (me, p, faces(view, p))
        {Mode.CURTAIN: app.pass_curtain, Mode.BOT: flow.run_bots, Mode.TURN: lambda: act(flow)}.get(
            flow.mode, lambda: None
        )()
        if flow.mode not in (Mode.CURTAIN, Mode.BOT, Mode.TURN):
            break
    table.render(2)


def test_one_person_against_computers_keeps_their_own_face_up(table):
    app = table.app
    app.start_game(
        [SeatConfig("Ann"), SeatConfig("Bob", "easy"), SeatConfig("Cy", "easy")], seed=11
    )
    app.flow.threaded_bots = False
    flow = play_to_round_two(app)
    view = app.view
    app.settle()
    assert flow.people == [0]
    for p in range(3):
        want = "up" if p == 0 else "down"
        assert all(f == want for f in faces(view, p)), (p, faces(view, p))
    assert any(view.seats[p].pile for p in range(3))
