"""The coach's hints: the search's best moves from the player's view, compared with the obvious move."""

from __future__ import annotations

import threading

import pytest

from blueprints3d.ai import coach, strategy
from blueprints3d.ai.heuristic import best_action
from blueprints3d.engine import actions as A
from blueprints3d.engine.errors import IllegalAction
from support.twins import build, hidden_differs, twin


@pytest.fixture(scope="module")
def four():
    s = build(4, 3, 9)
    return s, coach.hints(s, s.current_player, seed=1)


def test_three_legal_hints_best_first_in_plain_words(four):
    s, hs = four
    p = s.current_player
    assert len(hs) == 3
    legal = s.legal_actions()
    assert len({h.action for h in hs}) == 3 and all(h.action in legal for h in hs)
    for h in hs:
        k = A.decode(h.action)
        assert (h.die, h.cell, h.kind) == (k.die, k.cell, k.kind.value)
        material, value = (
            s.material(h.die).label,
            s.values[h.die],
        )  # the engine's word: "glass", not "clear"
        assert h.words.startswith(f"the {material} {value} on "), h.words
        assert s.blueprints[p].cell_name(h.cell) in h.words
        for c in h.changes:
            assert 0.0 <= c.before <= 1.0 and 0.0 <= c.after <= 1.0
            assert abs(c.after - c.before) >= coach.NOTABLE_CHANGE
        assert [abs(c.after - c.before) for c in h.changes] == sorted(
            (abs(c.after - c.before) for c in h.changes), reverse=True
        )


def test_gains_are_against_the_obvious_move():
    agreed = 0
    for players, seed, moves in ((4, 2, 7), (2, 5, 3), (3, 1, 6), (4, 3, 9)):
        s = build(players, seed, moves)
        obvious = best_action(s, None, strategy.COACH.weights)  # the coach's own policy
        for h in coach.hints(s, s.current_player, seed=1):
            assert 0.0 <= h.win.before <= 1.0 and 0.0 <= h.win.after <= 1.0
            if h.action == obvious:
                agreed += 1
                assert h.building_points == 0 and h.victory_points == 0 and h.changes == ()
                assert h.win.after == h.win.before
                assert h.words.endswith(": the obvious move")
            else:  # says what it changes, or that it is as good
                assert (
                    h.changes
                    or abs(h.victory_points) >= 0.05
                    or abs(h.building_points) >= 0.5
                    or abs(h.win.after - h.win.before) >= coach.NOTABLE_WIN
                    or h.words.endswith("as good as the obvious move")
                )
            said = f"chance to win {round(100 * h.win.before)}% -> {round(100 * h.win.after)}%"
            assert (said in h.words) == (abs(h.win.after - h.win.before) >= coach.NOTABLE_WIN)
    assert agreed  # the obvious move is among the best three somewhere


def test_the_words_name_each_change_with_both_chances():
    h = coach.Hint(
        0,
        0,
        0,
        "place",
        1.0,
        0.3,
        (coach.Change("Skyscraper", 0.2, 0.85), coach.Change("Silver", 0.62, 0.71)),
        "",
    )
    s = build(2, 1, 0)
    words = coach._words(
        s,
        s.current_player,
        s.legal_actions()[0],
        h.building_points,
        h.victory_points,
        list(h.changes),
        False,
    )
    assert "Skyscraper likely (20% -> 85%)" in words and "Silver 62% -> 71%" in words
    assert "+0.3 VP" in words and "+1.0 building point" in words
    win = coach._words(
        s,
        s.current_player,
        s.legal_actions()[0],
        0.0,
        0.0,
        [],
        False,
        coach.Change("the game", 0.45, 0.52),
    )
    assert win.endswith(": chance to win 45% -> 52%")
    same = coach._words(
        s,
        s.current_player,
        s.legal_actions()[0],
        0.0,
        0.0,
        [],
        False,
        coach.Change("the game", 0.45, 0.46),
    )
    assert same.endswith("as good as the obvious move")


def test_hints_are_the_same_whatever_the_hidden_information():
    for players, seed, moves in ((2, 2, 9), (3, 4, 5), (4, 1, 14)):
        real = build(players, seed, moves)
        me = real.current_player
        other = twin(real, me, seed)
        assert other.view(me) == real.view(me) and hidden_differs(real, other, me)
        assert coach.hints(real, me, seed=5) == coach.hints(other, me, seed=5)


def test_two_players_discard_hints_name_the_die_to_discard():
    s = build(2, 2, 1)  # the first take is made: now the discard
    hs = coach.hints(s, s.current_player)
    assert hs and all(h.kind == "discard" and h.cell is None for h in hs)
    assert all(h.words.startswith("discard the ") for h in hs)


def test_progress_rises_to_one_and_cancel_stops_the_thinking():
    s = build(3, 2, 4)
    seen = []
    coach.hints(s, s.current_player, progress=seen.append)
    assert seen and seen[-1] == 1.0 and seen == sorted(seen) and len(seen) > 5
    stop = threading.Event()

    def cancel_half_way(x):
        if x > 0.3:
            stop.set()

    with pytest.raises(coach.Cancelled):
        coach.hints(s, s.current_player, progress=cancel_half_way, cancel=stop)


def test_hints_only_for_the_player_to_move():
    s = build(3, 2, 4)
    with pytest.raises(IllegalAction):
        coach.hints(s, (s.current_player + 1) % 3)


def test_hints_show_different_dice_before_other_places_for_one_die():
    s = build(4, 2, 0)
    pool = s.pool
    kinds = {}
    for d in pool:
        kinds.setdefault((s.material(d), s.values[d]), d)
    a, b, c = list(kinds.values())[:3]
    same_as_a = next(
        (
            d
            for d in pool
            if d != a and (s.material(d), s.values[d]) == (s.material(a), s.values[a])
        ),
        a,
    )
    finalists = [A.place(a, 0), A.place(same_as_a, 1), A.place(b, 0), A.place(c, 2)]
    assert coach._varied(finalists, s, 3) == [A.place(a, 0), A.place(b, 0), A.place(c, 2)]
    assert coach._varied(finalists[:2], s, 3) == finalists[:2]  # nothing else: the same die again


def test_the_coach_thinks_as_the_expert_does_for_the_number_of_players(monkeypatch):
    """Two and three players: softened playouts for everyone; four: the opponents softened as
    a model of hard, the player's own moves greedy (strategy.COACH.crowd, as the expert's)."""
    seen = []
    real = coach.analyse

    def spy(view, player, rng, budget, w, **kw):
        seen.append((view.players, budget, kw["temperature"], kw["own_temperature"]))
        return real(view, player, rng, type(budget)(60, budget.candidates, 1, None), w, **kw)

    monkeypatch.setattr(coach, "analyse", spy)
    for players in (2, 3, 4):
        s = build(players, 2, 3)
        coach.hints(s, s.current_player)
    plans = {n: (b, t, o) for n, b, t, o in seen}
    assert (
        plans[2] == plans[3] == (strategy.COACH.budget, strategy.COACH.temperature, None)
        and plans[2][1] > 0
    )
    assert plans[4] == (strategy.COACH.crowd.budget, strategy.OPPONENTS_TEMPERATURE, 0.0)
    assert (strategy.COACH.crowd.temperature, strategy.COACH.crowd.own_temperature) == (
        strategy.EXPERT.crowd.temperature,
        strategy.EXPERT.crowd.own_temperature,
    )
    # A hint comes from thinking twice as long as the expert, with any number of players.
    for players in (2, 4):
        mine, bots = strategy.COACH.for_players(players), strategy.EXPERT.for_players(players)
        assert (
            mine.budget.moves >= 2 * bots.budget.moves
            and mine.budget.candidates >= bots.budget.candidates
        )
        assert mine.budget.time_cap is None  # a hint depends on the position and the seed alone
