"""The game-flow controller, without any window: turns, curtains, bots, round ends, messages."""

from __future__ import annotations

import logging
import random

import pytest

from blueprints3d.client.table.model.bots import make_bot
from blueprints3d.client.table.model.flow import GameFlow, Mode, SeatConfig
from blueprints3d.engine import actions as A
from blueprints3d.engine.errors import IllegalAction
from blueprints3d.engine.materials import MATERIAL_OF
from blueprints3d.engine.state import Phase


def people(*names):
    return [SeatConfig(n) for n in names]


def play_person(flow: GameFlow, rng: random.Random) -> None:
    a = rng.choice(flow.state.legal_actions())
    k = A.decode(a)
    out = {
        A.Kind.PLACE: lambda: flow.place(k.die, k.cell),
        A.Kind.SET_ASIDE: lambda: flow.set_aside(k.die),
        A.Kind.DISCARD: lambda: flow.discard(k.die),
    }[k.kind]()
    assert out.ok, out.message
    assert flow.state.log[-1] == a


def finish(flow: GameFlow, seed: int = 0) -> list[str]:
    rng = random.Random(seed)
    seen = []
    for _ in range(2000):
        seen.append(flow.mode.value)
        if flow.mode is Mode.GAME_OVER:
            return seen
        if flow.mode is Mode.CURTAIN:
            assert flow.visible_seats() == set()  # nothing secret shows behind the curtain
            flow.pass_curtain()
        elif flow.mode is Mode.BOT:
            flow.run_bots()
        elif flow.mode is Mode.ROUND_END:
            flow.continue_after_round()
        else:
            play_person(flow, rng)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_people_only_game_runs_to_the_end_with_a_curtain_between_people(n):
    flow = GameFlow(people(*"ABCD"[:n]), seed=11, threaded_bots=False)
    assert flow.mode is Mode.CURTAIN  # several people: the first one is asked to take the table
    seen = finish(flow)
    assert flow.state.is_over and flow.state.result() is not None
    assert seen.count("round_end") == 3
    assert "curtain" in seen


def test_every_round_after_the_first_starts_behind_the_curtain_among_several_people():
    # The round's last mover may start the next round: the reveal was seen by all, and their
    # new blueprint is secret, so the curtain still comes first.
    for seed in range(6):
        flow = GameFlow(people("A", "B"), seed=seed, threaded_bots=False)
        rng = random.Random(seed)
        rounds = 0
        for _ in range(2000):
            if flow.mode is Mode.GAME_OVER:
                break
            if flow.mode is Mode.ROUND_END:
                flow.continue_after_round()
                rounds += 1
                if flow.mode is not Mode.GAME_OVER:
                    assert flow.mode is Mode.CURTAIN and flow.visible_seats() == set(), seed
            elif flow.mode is Mode.CURTAIN:
                flow.pass_curtain()
            else:
                play_person(flow, rng)
        assert rounds == 3


def test_one_person_against_computers_needs_no_curtain_after_a_round():
    flow = GameFlow([SeatConfig("A"), SeatConfig("B", "easy")], seed=3, threaded_bots=False)
    rng = random.Random(3)
    for _ in range(2000):
        if flow.mode is Mode.ROUND_END:
            flow.continue_after_round()
            break
        if flow.mode is Mode.BOT:
            flow.run_bots()
        else:
            play_person(flow, rng)
    assert flow.mode in (Mode.TURN, Mode.BOT)


def test_mixed_table_with_computer_opponents_finishes():
    flow = GameFlow(
        [SeatConfig("Ann"), SeatConfig("Bot", "easy"), SeatConfig("Cob", "medium")],
        seed=4,
        threaded_bots=False,
        bot_delay=0,
    )
    assert flow.mode in (Mode.TURN, Mode.BOT)
    seen = finish(flow, 1)
    assert "curtain" not in seen  # a single person never needs the curtain
    assert flow.winner_text()


def test_computer_only_table_shows_every_building():
    flow = GameFlow([SeatConfig("X", "easy"), SeatConfig("Y", "easy")], seed=2, threaded_bots=False)
    assert flow.visible_seats() == {0, 1}
    finish(flow)


def test_only_the_active_person_sees_their_building():
    flow = GameFlow(people("Ann", "Bob", "Cy"), seed=3, threaded_bots=False)
    flow.pass_curtain()
    assert flow.visible_seats() == {flow.current}
    play_person(flow, random.Random(0))
    assert flow.mode is Mode.CURTAIN and flow.visible_seats() == set()
    nxt = flow.current
    flow.pass_curtain()
    assert flow.visible_seats() == {nxt}


def solo(seed: int) -> GameFlow:
    """Ann against a computer, Ann to play: no curtain."""
    return GameFlow(
        [SeatConfig("Ann"), SeatConfig("Bot", "easy"), SeatConfig("Cob", "easy")],
        seed=seed,
        threaded_bots=False,
    )


def test_an_illegal_drop_leaves_the_state_unchanged_and_says_why():
    flow = solo(8)
    s = flow.state
    p = s.current_player
    hatched = [c for c, h in enumerate(s.blueprints[p].heights) if h is None]
    assert hatched, "every card has a hatched space"
    die = s.pool[0]
    before, log = s.to_dict(), list(s.log)
    out = flow.place(die, hatched[0])
    assert not out.ok and "hatched" in out.message
    assert s.to_dict() == before and s.log == log
    assert flow.mode is Mode.TURN


def test_a_lower_die_on_a_higher_one_is_refused_with_the_engines_words():
    for seed in range(50):
        flow = solo(seed)
        s = flow.state
        pool_by_value = sorted(s.pool, key=lambda d: s.values[d])
        high, low = pool_by_value[-1], pool_by_value[0]
        if s.values[high] == s.values[low]:
            continue
        cell = flow.legal_cells(high)[0]
        assert flow.place(high, cell).ok
        flow.run_bots()
        if flow.mode is not Mode.TURN or low not in s.pool or s.phase is not Phase.TAKE:
            continue
        before = s.to_dict()
        out = flow.place(low, cell)
        assert not out.ok
        assert f"a {s.values[low]} cannot go on a {s.values[high]}" in out.message
        assert s.to_dict() == before
        return
    pytest.fail("no seed gave a high and a low die")


def test_legal_cells_agree_with_the_engine():
    flow = solo(5)
    s = flow.state
    for die in s.pool:
        for cell in range(s.blueprints[s.current_player].num_cells):
            clone = s.clone()
            try:
                clone.apply(A.place(die, cell))
                legal = True
            except IllegalAction:
                legal = False
            assert (cell in flow.legal_cells(die)) == legal


def test_two_players_discard_after_placing():
    flow = GameFlow(people("Ann", "Bob"), seed=6)
    flow.pass_curtain()
    who = flow.current
    die = flow.state.pool[0]
    assert flow.place(die, flow.legal_cells(die)[0]).ok
    assert flow.discarding() and flow.current == who and flow.mode is Mode.TURN
    assert "discard" in flow.prompt()
    gone = flow.state.pool[-1]
    assert flow.discard(gone).ok
    assert gone in flow.state.discarded


def test_moves_out_of_turn_are_refused():
    flow = GameFlow(
        [SeatConfig("Ann"), SeatConfig("Bot", "easy"), SeatConfig("Cy")],
        seed=1,
        start_player=1,
        threaded_bots=False,
        bot_delay=5.0,
    )
    assert flow.mode is Mode.BOT
    die = flow.state.pool[0]
    out = flow.place(die, 0)
    assert not out.ok and "turn" in out.message
    flow.tick(0.0)
    assert flow.mode is Mode.BOT  # the visible delay is not over yet
    flow.tick(5.0)
    assert flow.mode is Mode.CURTAIN and len(flow.state.log) == 1  # Bot played; pass to Cy


def test_threaded_bot_does_not_block_and_plays_once_ready():
    flow = GameFlow(
        [SeatConfig("Bot", "easy"), SeatConfig("Ann"), SeatConfig("Cob", "easy")],
        seed=9,
        bot_delay=0.0,
    )
    assert flow.mode is Mode.BOT
    flow._job.wait(10)
    flow.tick(1.0)
    assert flow.mode is Mode.TURN and flow.state.log


def test_round_end_shows_the_round_as_it_was_with_die_ids():
    flow = GameFlow(
        [SeatConfig("A", "easy"), SeatConfig("B", "easy"), SeatConfig("C", "easy")],
        seed=21,
        threaded_bots=False,
        bot_delay=0,
    )
    flow.run_bots()
    assert flow.mode is Mode.ROUND_END
    end = flow.round_end
    r = end.result
    for p in range(3):
        got = [[(MATERIAL_OF[d], end.values[d]) for d in st] for st in end.stacks[p]]
        assert [list(s) for s in r.buildings[p]] == got
        assert (
            sum(d.points for d in end.explanations[p])
            + r.scores[p].blueprint
            + (r.scores[p].recycled - sum(d.points for d in end.explanations[p] if d.material == 1))
            == r.scores[p].total
        )
    assert flow.visible_seats() == {0, 1, 2}
    flow.continue_after_round()
    assert flow.state.round == 2 and flow.mode is Mode.BOT


class BrokenBot:
    """A computer player whose every decision raises."""

    calls = 0

    def choose(self, state, player):
        BrokenBot.calls += 1
        raise RuntimeError("search ran out of samples")


class CheatingBot:
    """A computer player that answers with a move the rules do not allow."""

    def choose(self, state, player):
        return A.place(state.pool[0], A.MAX_CELLS - 1)  # no such space


def broken_factory(level, seed):
    if level == "broken":
        return BrokenBot()
    if level == "cheat":
        return CheatingBot()
    return make_bot(level, seed)


@pytest.mark.parametrize("threaded", [False, True])
def test_a_failing_computer_player_is_shown_logged_and_the_game_does_not_move(threaded, caplog):
    BrokenBot.calls = 0
    seen = []
    flow = GameFlow(
        [SeatConfig("Ann"), SeatConfig("Computer 2", "broken"), SeatConfig("Cy")],
        seed=3,
        start_player=1,
        threaded_bots=threaded,
        bot_delay=0.0,
        bot_factory=broken_factory,
    )
    flow.listeners.append(seen.append)
    assert flow.mode is Mode.BOT and flow.current == 1
    before = flow.state.to_dict()
    with caplog.at_level(logging.ERROR, logger="blueprints3d.client.table.model.flow"):
        if threaded:
            flow._job.wait(10)
        for frame in range(30):  # many frames: it must not retry (or log) every frame
            flow.tick(1.0 + frame)
    assert BrokenBot.calls == 1
    # The game did not move for it: same state, still that computer's turn.
    assert flow.state.to_dict() == before and flow.state.log == []
    assert flow.mode is Mode.BOT and flow.current == 1
    # Players are told, once, and the message stays (nothing overwrites it).
    failed = [e for e in seen if e.kind == "bot_failed"]
    assert len(failed) == 1 and failed[0].player == 1
    assert failed[0].message.startswith("Computer 2 failed: search ran out of samples")
    assert flow.message == flow.bot_failure == failed[0].message
    assert [e.kind for e in seen] == ["bot_failed"]
    # Logged with the traceback.
    records = [r for r in caplog.records if r.name == "blueprints3d.client.table.model.flow"]
    assert len(records) == 1 and records[0].exc_info[0] is RuntimeError
    assert "Computer 2" in records[0].getMessage()
    # A person still cannot move in its place.
    assert not flow.place(flow.state.pool[0], 0).ok
    assert flow.state.log == []


def test_a_computer_player_that_answers_an_illegal_move_is_shown_and_not_played(caplog):
    flow = GameFlow(
        [SeatConfig("Computer 1", "cheat"), SeatConfig("Bo")],
        seed=5,
        threaded_bots=False,
        bot_delay=0.0,
        bot_factory=broken_factory,
    )
    with caplog.at_level(logging.ERROR, logger="blueprints3d.client.table.model.flow"):
        flow.tick(1.0)
        flow.tick(2.0)
    assert flow.state.log == [] and flow.mode is Mode.BOT
    assert flow.bot_failure.startswith(
        "Computer 1 failed: it chose an action the rules do not allow"
    )
    assert len([r for r in caplog.records if "illegal action" in r.getMessage()]) == 1


def test_a_resumed_game_lets_the_failed_computer_try_again():
    flow = GameFlow(
        [SeatConfig("Ann"), SeatConfig("Computer 2", "broken")],
        seed=8,
        start_player=1,
        threaded_bots=False,
        bot_delay=0.0,
        bot_factory=broken_factory,
    )
    flow.tick(1.0)
    assert flow.bot_failure is not None
    again = GameFlow(
        [SeatConfig("Ann"), SeatConfig("Computer 2", "easy")],
        initial=flow.state.clone(),
        threaded_bots=False,
        bot_delay=0.0,
    )
    assert again.bot_failure is None
    again.run_bots()
    assert len(again.state.log) >= 1 and again.mode is not Mode.BOT


def test_a_bad_seed_or_seat_count_is_refused_with_a_message():
    with pytest.raises(IllegalAction, match="2 to 4"):
        GameFlow(people("A"), seed=1)
    with pytest.raises(IllegalAction, match="seed"):
        GameFlow(people("A", "B"), seed=-3)


def test_what_others_did_is_told_without_naming_their_spaces():
    flow = GameFlow(
        [SeatConfig("Ann"), SeatConfig("Bot", "easy"), SeatConfig("Cob", "medium")],
        seed=14,
        threaded_bots=False,
        bot_delay=0,
    )
    rng = random.Random(2)
    for _ in range(5):
        flow.run_bots()
        if flow.mode is Mode.TURN:
            told = flow.since_last_turn(flow.current)
            if len(flow.state.log) >= 3:
                assert len(told) == 2 and {"Bot", "Cob"} == {t.split()[0] for t in told}
            assert not any("row" in t or "column" in t for t in told)  # their spaces stay secret
            play_person(flow, rng)


# ---- undo before confirm ------------------------------------------------------------------------


def careful(seats, seed: int, **kw) -> GameFlow:
    return GameFlow(seats, seed=seed, threaded_bots=False, bot_delay=0, confirm_moves=True, **kw)


def test_a_tentative_placement_touches_nothing_until_confirmed_and_undo_restores_all():
    flow = careful([SeatConfig("Ann"), SeatConfig("Bot", "easy"), SeatConfig("Cob", "easy")], 8)
    events = []
    flow.listeners.append(lambda e: events.append(e.kind))
    s = flow.state
    before, pool, bag = s.to_dict(), list(s.pool), list(s.bag)
    die = s.pool[0]
    cell = flow.legal_cells(die)[0]
    expected = s.after(A.place(die, cell))  # the engine's own result of that move (a copy)
    out = flow.place(die, cell)
    assert out.ok and out.tentative and out.action == A.place(die, cell)
    assert flow.pending is not None and (flow.pending.die, flow.pending.cell) == (die, cell)
    # Nothing applied, nothing drawn: the bag and the pool are as they were, in order.
    assert s.to_dict() == before and s.pool == pool and s.bag == bag and s.log == []
    assert events == ["pending"] and "Enter plays it, Backspace takes it back" in flow.prompt()
    assert flow.legal_cells(s.pool[1]) == []  # one move at a time
    assert not flow.place(s.pool[1], cell).ok and flow.pending.die == die
    assert flow.undo().ok
    assert flow.pending is None and s.to_dict() == before and s.pool == pool and s.bag == bag
    assert events[-1] == "undone" and "placed" not in events
    assert flow.place(die, cell).ok and flow.confirm().ok
    assert flow.pending is None and s.log == [A.place(die, cell)]
    assert s.to_dict() == expected.to_dict()  # the same move, the same draw, as if never held
    assert "placed" in events and events.index("placed") > events.index("undone")
    assert not flow.confirm().ok and not flow.undo().ok  # nothing left to confirm or undo


def test_an_illegal_move_is_refused_before_it_is_shown():
    flow = careful([SeatConfig("Ann"), SeatConfig("Bot", "easy"), SeatConfig("Cob", "easy")], 8)
    s = flow.state
    hatched = [c for c, h in enumerate(s.blueprints[s.current_player].heights) if h is None][0]
    before = s.to_dict()
    out = flow.place(s.pool[0], hatched)
    assert not out.ok and not out.tentative and "hatched" in out.message
    assert flow.pending is None and s.to_dict() == before


def test_the_two_player_discard_waits_for_the_confirm_too():
    flow = careful(people("Ann", "Bob"), 6)
    flow.pass_curtain()
    s = flow.state
    die = s.pool[0]
    assert flow.place(die, flow.legal_cells(die)[0]).ok and flow.confirm().ok
    assert flow.discarding()
    before, pool, bag = s.to_dict(), list(s.pool), list(s.bag)
    gone = s.pool[-1]
    expected = s.after(A.discard(gone))
    out = flow.discard(gone)
    assert out.ok and out.tentative and flow.pending.cell is None
    assert s.to_dict() == before and s.pool == pool and s.bag == bag and gone not in s.discarded
    assert flow.mode is Mode.TURN and flow.discarding()  # still this person's decision
    assert flow.undo().ok and s.to_dict() == before and s.pool == pool and s.bag == bag
    other = s.pool[0]
    assert flow.discard(other).ok and flow.confirm().ok
    assert other in s.discarded and gone in s.pool
    assert s.to_dict() != expected.to_dict()  # undone for real: another die went
    assert flow.mode is Mode.CURTAIN  # the turn passed on confirm only


def test_computer_players_never_wait_for_a_confirm():
    flow = careful(
        [SeatConfig("Ann"), SeatConfig("Bot", "easy"), SeatConfig("Cob", "easy")], 4, start_player=1
    )
    assert flow.mode is Mode.BOT
    flow.run_bots()
    assert flow.pending is None and len(flow.state.log) == 2 and flow.mode is Mode.TURN
    seen = finish_confirming(flow)
    assert flow.state.is_over and "curtain" not in seen


def finish_confirming(flow: GameFlow) -> list[str]:
    rng = random.Random(0)
    seen = []
    for _ in range(2000):
        seen.append(flow.mode.value)
        if flow.mode is Mode.GAME_OVER:
            return seen
        if flow.mode is Mode.BOT:
            flow.run_bots()
        elif flow.mode is Mode.ROUND_END:
            flow.continue_after_round()
        elif flow.mode is Mode.CURTAIN:
            flow.pass_curtain()
        else:
            n = len(flow.state.log)
            a = rng.choice(flow.state.legal_actions())
            k = A.decode(a)
            {
                A.Kind.PLACE: lambda k=k: flow.place(k.die, k.cell),
                A.Kind.SET_ASIDE: lambda k=k: flow.set_aside(k.die),
                A.Kind.DISCARD: lambda k=k: flow.discard(k.die),
            }[k.kind]()
            assert len(flow.state.log) == n and flow.pending.action == a
            assert flow.confirm().ok and flow.state.log[n] == a
    raise AssertionError("the game did not end")
