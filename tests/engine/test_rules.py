"""One test (at least) per rule of RULES.md, named after the rule, run through the engine's API."""

from __future__ import annotations

import random

import pytest

from blueprints3d.engine import (
    AWARDS_BY_PLAYERS,
    Award,
    Blueprint,
    GameState,
    IllegalAction,
    Material,
    Phase,
    Prize,
    actions,
    score_building,
    standard_deck,
)
from blueprints3d.engine.materials import MATERIAL_OF, NUM_DICE
from blueprints3d.engine.playout import random_playout
from blueprints3d.engine.results import game_result
from blueprints3d.engine.rules import POOL_SIZE, TAKES_PER_ROUND
from support.engine_rig import (
    all_dice_accounted,
    discard_any,
    fresh,
    place,
    set_blueprint,
    set_in_demand,
    stage,
    take_other,
)

W, R, S, G = Material.WOOD, Material.RECYCLED, Material.STONE, Material.GLASS
FLAT = Blueprint.from_grid([[1, 1], [1, 1], [1, 1]], id="flat")


def bld(grid, stacks):
    """A blueprint and building from row-major nested lists of (material, value)."""
    bp = Blueprint.from_grid(grid, check_total=False)
    return bp, [list(st) for row in stacks for st in row]


# ---- Components (p. 1) -----------------------------------------------------------------------
def test_components_32_dice_8_per_material():
    assert NUM_DICE == 32
    for m in Material:
        assert sum(1 for d in range(NUM_DICE) if MATERIAL_OF[d] == m) == 8


def test_components_colour_names_are_materials():
    assert Material.parse("orange") is W and Material.parse("green") is R
    assert Material.parse("black") is S and Material.parse("clear") is G
    with pytest.raises(ValueError, match="unknown material 'gold'"):
        Material.parse("gold")


def test_components_24_blueprint_cards_sum_to_6_all_different():
    deck = standard_deck()
    assert len(deck) == 24
    assert len({c.heights for c in deck}) == 24
    assert len({c.id for c in deck}) == 24
    for c in deck:
        assert (c.rows, c.cols) == (3, 2)
        assert sum(h for h in c.heights if h) == 6
    hatched = {sum(h is None for h in c.heights) for c in deck}
    assert {0, 2, 3, 4} <= hatched  # flat cards and cards with 2-4 hatched spaces
    assert max(max(h for h in c.heights if h) for c in deck) == 4  # towers up to height 4


def test_components_grid_size_comes_from_card_data():
    wide = Blueprint.from_grid([[1, 1, 1], [1, 1, 1]], id="wide")
    s = GameState.new(3, 4, deck=[wide] * 9)
    assert len(s.stacks[0]) == 6 and s.blueprints[0].cols == 3
    # (1, 2) on a 2 x 3 card is cell 5; neighbours follow the 3-column grid
    assert wide.neighbours[1] == (4, 0, 2)


# ---- Setup (p. 2) ----------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_all_dice_start_in_bag_and_are_accounted_for(players):
    s = fresh(players)
    assert len(s.bag) == NUM_DICE - 2 - POOL_SIZE[players]


@pytest.mark.parametrize(
    "players,awards",
    [
        (4, [Award.GOLD, Award.SILVER, Award.BRONZE]),
        (3, [Award.GOLD, Award.SILVER]),
        (2, [Award.SILVER]),
    ],
)
def test_setup_awards_in_play_by_player_count(players, awards):
    assert list(AWARDS_BY_PLAYERS[players]) == awards
    s = random_playout(GameState.new(players, 7), random.Random(7), max_rounds=1)
    assert sorted(a.value for a in s.round_results[0].awards) == sorted(a.value for a in awards)


def test_setup_player_count_must_be_2_to_4():
    with pytest.raises(IllegalAction, match="2 to 4 players"):
        GameState.new(5, 1)


# ---- A round: in-demand, blueprints, pool, turn order ----------------------------------------
def test_round_in_demand_materials_are_two_different_colours():
    matched = 0
    for seed in range(300):
        s = GameState.new(2, seed)
        a, b = s.in_demand
        assert MATERIAL_OF[a] != MATERIAL_OF[b]
        assert a not in s.bag and b not in s.bag
        # Re-run the draw to see whether this seed's first two dice matched (then a redraw happened).
        r = random.Random(seed)
        for _i in range(23, 0, -1):  # the deck shuffle draws 23 numbers first
            r.random()
        bag = list(range(NUM_DICE))
        i = int(r.random() * 32)
        first = bag[i]
        bag[i] = bag[-1]
        bag.pop()
        i = int(r.random() * 31)
        second = bag[i]
        matched += MATERIAL_OF[first] == MATERIAL_OF[second]
    assert matched > 0  # some of these games really went through the redraw


def test_round_each_player_gets_one_secret_blueprint():
    s = fresh(4)
    assert len(set(b.id for b in s.blueprints)) == 4
    assert len(s.deck) == 24 - 4


@pytest.mark.parametrize("players,size", [(2, 8), (3, 9), (4, 7)])
def test_round_pool_size_and_sorted_by_value(players, size):
    s = fresh(players, seed=11)
    assert len(s.pool) == size
    vals = [s.values[d] for d in s.pool]
    assert vals == sorted(vals)


def test_turn_order_round_1_chosen_start_player_then_clockwise():
    s = GameState.new(4, 3, start_player=2)
    order = []
    for _ in range(4):
        order.append(s.current_player)
        s.apply(s.legal_actions()[0])
    assert order == [2, 3, 0, 1]


def test_turn_order_later_rounds_lowest_score_starts():
    for seed in range(40):
        s = GameState.new(4, seed, start_player=seed % 4)
        random_playout(s, random.Random(seed), max_rounds=1)
        rr = s.round_results[0]
        totals = [x.total for x in rr.scores]
        low = min(totals)
        tied = [p for p in rr.turn_order if totals[p] == low]
        assert s.turn_order[0] == tied[0]  # lowest; a tie goes first clockwise from the last start
        assert s.turn_order == [(tied[0] + i) % 4 for i in range(4)]


def test_turn_order_tie_for_lowest_goes_first_clockwise_from_previous_start():
    # Find real games where the lowest score was tied and check the decision explicitly.
    seen = 0
    for seed in range(400):
        s = GameState.new(3, seed, start_player=1)
        random_playout(s, random.Random(seed), max_rounds=1)
        totals = [x.total for x in s.round_results[0].scores]
        low = [p for p in range(3) if totals[p] == min(totals)]
        if len(low) < 2:
            continue
        seen += 1
        clockwise_from_start = [1, 2, 0]
        expected = next(p for p in clockwise_from_start if p in low)
        assert s.turn_order[0] == expected
    assert seen >= 3


def test_turn_take_place_then_one_replacement():
    s = fresh(3)
    bag = len(s.bag)
    d = s.pool[0]
    s.apply(actions.place(d, next(c for c in range(6) if not s.blueprints[0].is_hatched(c))))
    assert d not in s.pool and len(s.pool) == 9 and len(s.bag) == bag - 1
    assert s.current_player == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_turn_every_player_takes_6_dice_per_round(players):
    s = GameState.new(players, 5)
    r = random.Random(5)
    while len(s.round_results) == 0:
        la = s.legal_actions()
        s.apply(la[int(r.random() * len(la))])
    assert s.round == 2
    rr = s.round_results[0]
    for p in range(players):
        assert sum(len(st) for st in rr.buildings[p]) + len(rr.set_aside[p]) == TAKES_PER_ROUND


def test_empty_bag_gives_no_replacement():
    s = fresh(4)
    r = random.Random(3)
    for _ in range(23):  # 30 dice after in-demand, 7 in the pool: the bag empties at take 23
        la = s.legal_actions()
        s.apply(la[int(r.random() * len(la))])
    assert s.bag == [] and len(s.pool) == 7
    s.apply(s.legal_actions()[0])  # 24th take: nothing to draw
    assert s.round == 2  # round over, and it went without error


def test_two_players_discard_a_second_die_then_two_replacements():
    s = fresh(2)
    bag = len(s.bag)
    s.apply(s.legal_actions()[0])
    assert s.phase is Phase.DISCARD and s.current_player == 0
    assert len(s.pool) == 7
    legal = s.legal_actions()
    assert all(actions.decode(a).kind is actions.Kind.DISCARD for a in legal)
    d = actions.die_of(legal[-1])
    s.apply(legal[-1])
    assert d in s.discarded and d not in s.pool
    assert len(s.pool) == 8 and len(s.bag) == bag - 2 and s.current_player == 1


def test_two_players_cannot_skip_the_discard_or_discard_out_of_turn():
    s = fresh(2)
    s.apply(s.legal_actions()[0])
    with pytest.raises(IllegalAction, match="must discard"):
        s.apply(actions.place(s.pool[0], 0))
    s2 = fresh(2)
    with pytest.raises(IllegalAction, match="only discard"):
        s2.apply(actions.discard(s2.pool[0]))


def test_two_players_single_die_left_nothing_discarded():
    s = fresh(2)
    # Stage a pool of one die with an empty bag (the end of a round with many discards).
    keep = s.pool[0]
    for d in s.pool[1:]:
        s.discarded.append(d)
    s.pool[:] = [keep]
    s.discarded.extend(s.bag)
    s.bag.clear()
    assert all_dice_accounted(s) == list(range(NUM_DICE))
    s.apply(s.legal_actions()[0])
    assert s.phase is Phase.TAKE and s.current_player == 1  # no discard step


def test_two_players_the_rounds_last_take_is_still_followed_by_its_discard():
    # RULES.md's Decision: the discard is skipped only when the take left the pool empty. The
    # round's last take leaves 7 dice, so its discard follows though the round ends with it
    # (kept so: every saved game and history log holds that discard).
    s = fresh(2)
    rng = random.Random(5)
    while s.turns_done < 2 * TAKES_PER_ROUND - 1 or s.phase is not Phase.TAKE:
        s.apply(rng.choice(s.legal_actions()))
    last = s.current_player
    s.apply(s.legal_actions()[0])
    assert s.phase is Phase.DISCARD and s.current_player == last and not s.round_results
    assert len(s.pool) == POOL_SIZE[2] - 1
    s.apply(s.legal_actions()[0])
    assert len(s.round_results) == 1 and s.round == 2 and s.phase is Phase.TAKE


# ---- Placement (p. 3) ------------------------------------------------------------------------
def test_placement_on_empty_non_hatched_space():
    s = fresh(3)
    bp = Blueprint.from_grid([["X", 3], [1, 1], [1, "X"]])
    set_blueprint(s, 0, bp)
    d = stage(s, W, 1)
    assert set(s.legal_cells(0, 1)) == {1, 2, 3, 4}
    s.apply(actions.place(d, 2))
    assert s.stacks[0][2] == [d]


def test_placement_never_on_hatched_space():
    s = fresh(3)
    set_blueprint(s, 0, Blueprint.from_grid([["X", 3], [1, 1], [1, "X"]]))
    d = stage(s, G, 6)
    before = s.to_dict()
    with pytest.raises(IllegalAction, match=r"row 1, column 1 is hatched"):
        s.apply(actions.place(d, 0))
    assert s.to_dict() == before


def test_placement_equal_or_higher_value_on_top():
    s = fresh(3)
    set_blueprint(s, 0, FLAT)
    for v in (2, 2, 5):
        assert s.current_player == 0
        place(s, S, v, 0, 1)
        s.apply(s.legal_actions()[0])
        s.apply(s.legal_actions()[0])
    assert [s.values[d] for d in s.stacks[0][1]] == [2, 2, 5]


def test_placement_lower_value_refused_with_message_naming_the_rule():
    s = fresh(3)
    set_blueprint(s, 0, FLAT)
    place(s, S, 5, 0, 1)
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    d = stage(s, W, 2)
    before = s.to_dict(), s.log[:], s.rng.getstate()
    with pytest.raises(IllegalAction, match=r"^a 2 cannot go on a 5 at row 1, column 2"):
        s.apply(actions.place(d, 1))
    assert (s.to_dict(), s.log, s.rng.getstate()) == before
    assert 1 not in s.legal_cells(0, 2)


def test_placement_stacks_have_no_height_limit():
    s = fresh(2)
    set_blueprint(s, 0, FLAT)
    for _ in range(6):
        place(s, G, 6, 2, 0)
        discard_any(s, keep=(G,))
        take_other(s, G)
        discard_any(s, keep=(G,))
    assert len(s.round_results[0].buildings[0][4]) == 6


def test_placement_is_final_dice_never_move_or_change_value():
    s = GameState.new(4, 9)
    r = random.Random(9)
    placed: dict[int, tuple[int, int, int]] = {}
    while s.round == 1:
        p = s.current_player
        a = s.legal_actions()[int(r.random() * len(s.legal_actions()))]
        s.apply(a)
        k = actions.decode(a)
        if k.kind is actions.Kind.PLACE and s.round == 1:
            placed[k.die] = (p, k.cell, s.values[k.die])
        for d, (pp, c, v) in placed.items():
            if s.round == 1:
                assert d in s.stacks[pp][c] and s.values[d] == v


def test_placement_blueprint_is_optional():
    s = fresh(3)
    set_blueprint(s, 0, Blueprint.from_grid([["X", 3], [1, 1], [1, "X"]]))
    d = stage(s, W, 4)
    s.apply(actions.place(d, 4))  # a 1-space gets a second die later: allowed
    assert s.stacks[0][4] == [d]


def test_placement_die_that_fits_nowhere_leaves_the_round_and_counts_as_a_take():
    s = fresh(3)
    set_blueprint(s, 0, Blueprint.from_grid([[6, "X"], ["X", "X"], ["X", "X"]], check_total=False))
    place(s, G, 5, 0, 0)
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    d = stage(s, W, 3)
    legal = [a for a in s.legal_actions() if actions.die_of(a) == d]
    assert legal == [actions.set_aside(d)]
    s.apply(actions.set_aside(d))
    assert s.set_aside[0] == [d] and d in s.taken[0] and len(s.taken[0]) == 2
    assert d not in s.pool


def test_placement_a_die_that_fits_must_be_placed_not_set_aside():
    s = fresh(3)
    d = s.pool[0]
    with pytest.raises(IllegalAction, match="must be placed"):
        s.apply(actions.set_aside(d))


def test_placement_only_pool_dice_and_own_spaces():
    s = fresh(3)
    not_in_pool = s.bag[0]
    with pytest.raises(IllegalAction, match="not in the pool"):
        s.apply(actions.place(not_in_pool, 0))
    with pytest.raises(IllegalAction, match="no space 9"):
        s.apply(actions.place(s.pool[0], 9))
    with pytest.raises(IllegalAction, match="not an action"):
        s.apply("place")  # type: ignore[arg-type]


# ---- Round scoring (pp. 3-4) ----------------------------------------------------------------
def test_scoring_blueprint_bonus_6_when_every_height_matches():
    bp, st = bld(
        [[1, "X"], [2, 1], [2, "X"]],
        [[[(S, 1)], []], [[(S, 1), (S, 2)], [(S, 3)]], [[(S, 3), (S, 4)], []]],
    )
    assert score_building(bp, st).blueprint == 6
    st[5 - 1].pop()  # one die short on row 3, column 1
    assert score_building(bp, st).blueprint == 0


def test_scoring_blueprint_bonus_off_by_one_die_extra():
    bp, st = bld(
        [[1, "X"], [2, 1], [2, "X"]],
        [[[(S, 1), (S, 1)], []], [[(S, 1), (S, 2)], [(S, 3)]], [[(S, 3)], []]],
    )
    assert score_building(bp, st).blueprint == 0


def test_scoring_wood_2_per_face_sharing_neighbour():
    # A wood die in the middle of a 3-high stack with neighbours left/right on its level.
    bp, st = bld(
        [[1, 1], [3, 1], [1, "X"]],
        [[[(S, 1)], []], [[(G, 1), (W, 2), (G, 3)], [(S, 1), (S, 2)]], [[], []]],
    )
    # below, above, right neighbour on level 2; the die at row 1 is on level 1 only
    assert score_building(bp, st).wood == 2 * 3


def test_scoring_wood_alone_scores_nothing_and_diagonals_do_not_count():
    bp, st = bld([[1, 1], [1, 1], [1, 1]], [[[(W, 3)], []], [[], [(S, 3)]], [[], []]])
    assert score_building(bp, st).wood == 0


@pytest.mark.parametrize("n,points", [(0, 0), (1, 2), (2, 5), (3, 10), (4, 15), (5, 20), (6, 30)])
def test_scoring_recycled_by_number_of_green_dice(n, points):
    dice = [(R, 6)] * n
    bp, st = bld([[6, "X"], ["X", "X"], ["X", "X"]], [[dice, []], [[], []], [[], []]])
    assert score_building(bp, st).recycled == points


@pytest.mark.parametrize("level,points", [(1, 2), (2, 3), (3, 5), (4, 8), (5, 8), (6, 8)])
def test_scoring_stone_by_level(level, points):
    dice = [(G, 1)] * (level - 1) + [(S, 1)]
    bp, st = bld([[6, "X"], ["X", "X"], ["X", "X"]], [[dice, []], [[], []], [[], []]])
    assert score_building(bp, st).stone == points


def test_scoring_glass_scores_top_face_even_when_covered():
    bp, st = bld(
        [[2, "X"], [1, "X"], ["X", "X"]], [[[(G, 4), (W, 5)], []], [[(G, 6)], []], [[], []]]
    )
    assert score_building(bp, st).glass == 10


# ---- Worked example (p. 5) -------------------------------------------------------------------
A_GRID = [[1, "X"], [2, 1], [2, "X"]]
A_STACKS = [[[(R, 5)], []], [[(G, 2), (R, 4)], [(R, 6)]], [[(G, 1), (W, 3)], []]]
B_STACKS = [[[(R, 1), (S, 2)], [(W, 3)]], [[(R, 2)], [(W, 4), (R, 5)]], [[], []]]


def test_worked_example_p5_player_a_scores_23():
    bp, st = bld(A_GRID, A_STACKS)
    s = score_building(bp, st)
    assert (s.blueprint, s.wood, s.recycled, s.stone, s.glass, s.total) == (6, 4, 10, 0, 3, 23)


def test_worked_example_p5_player_b_scores_23():
    b07 = next(c for c in standard_deck() if c.id == "B07")
    s = score_building(b07, [list(st) for row in B_STACKS for st in row])
    assert (s.blueprint, s.wood, s.recycled, s.stone, s.glass, s.total) == (0, 10, 10, 3, 0, 23)


def test_worked_example_p5_award_tie_in_a_real_round_b_wins_on_black():
    # B starts, so A is later in turn order: only the in-demand materials can give B the win.
    s = GameState.new(2, 21, start_player=1, names=["A", "B"])
    set_in_demand(s, R, S)
    set_blueprint(s, 0, Blueprint.from_grid(A_GRID, id="A"))
    set_blueprint(s, 1, next(c for c in standard_deck() if c.id == "B07"))
    a_moves = [(R, 5, 0, 0), (G, 2, 1, 0), (R, 4, 1, 0), (R, 6, 1, 1), (G, 1, 2, 0), (W, 3, 2, 0)]
    b_moves = [(R, 1, 0, 0), (S, 2, 0, 0), (W, 3, 0, 1), (R, 2, 1, 0), (W, 4, 1, 1), (R, 5, 1, 1)]
    keep = (R, W)
    for b, a in zip(b_moves, a_moves, strict=True):
        for player, (m, v, row, col) in ((1, b), (0, a)):
            assert s.current_player == player
            place(s, m, v, row, col)
            discard_any(s, keep)
    assert all_dice_accounted(s) == list(range(NUM_DICE))
    rr = s.round_results[0]
    assert [x.total for x in rr.scores] == [23, 23]
    assert rr.awards[Award.SILVER].player == 1
    assert "more stone dice" in rr.awards[Award.SILVER].reason
    assert s.awards == [[], [Award.SILVER]]


# ---- Awards and ties (p. 4) ------------------------------------------------------------------
def _round_with(players, buildings, in_demand=(R, S), start=0, seed=3):
    """Play round 1 with each player building exactly the given stacks (row, col, material, value)."""
    s = GameState.new(players, seed, start_player=start)
    set_in_demand(s, *in_demand)
    for p in range(players):
        set_blueprint(s, p, FLAT)
    queues = {p: list(b) for p, b in enumerate(buildings)}
    while s.round == 1:
        p = s.current_player
        m, v, row, col = queues[p].pop(0)
        place(s, m, v, row, col)
        if s.phase is Phase.DISCARD:
            still_needed = {m for q in queues.values() for m, *_ in q}
            discard_any(s, keep=tuple(still_needed))
    return s


def six(m1, n1, m2, v=3):
    """Six dice on the flat card, one per space: n1 of m1 then the rest of m2."""
    return [(m1 if i < n1 else m2, v, i // 2, i % 2) for i in range(6)]


def _cells(*materials_values):
    """Six dice on the flat card, one per space in row-major order."""
    return [(m, v, i // 2, i % 2) for i, (m, v) in enumerate(materials_values)]


def test_awards_gold_silver_bronze_to_the_three_highest_in_4_player_game():
    # Same layout for everyone (22 points); only the two glass dice differ.
    def build(a, b):
        return _cells((G, a), (G, b), (W, 3), (W, 3), (R, 3), (S, 3))

    s = _round_with(4, [build(1, 1), build(5, 5), build(1, 2), build(3, 3)])
    rr = s.round_results[0]
    assert [x.total for x in rr.scores] == [24, 32, 25, 28]
    assert rr.awards[Award.GOLD].player == 1
    assert rr.awards[Award.SILVER].player == 3
    assert rr.awards[Award.BRONZE].player == 2
    assert s.awards == [[], [Award.GOLD], [Award.BRONZE], [Award.SILVER]]


def test_awards_tie_first_in_demand_material_decides():
    # Equal scores; player 1 is later in turn order, but player 0 has more green (first in demand).
    b = [
        _cells((R, 1), (S, 2), (S, 2), (G, 2), (G, 2), (G, 2)),
        _cells((S, 2), (S, 2), (S, 2), (G, 2), (G, 2), (G, 2)),
    ]
    s = _round_with(2, b, in_demand=(R, S), start=0)
    rr = s.round_results[0]
    assert rr.scores[0].total == rr.scores[1].total == 18
    assert rr.awards[Award.SILVER].player == 0
    assert "more recycled dice" in rr.awards[Award.SILVER].reason


def test_awards_tie_second_in_demand_material_decides():
    b = [
        _cells((S, 2), (S, 2), (S, 2), (G, 2), (G, 2), (G, 2)),
        _cells((S, 2), (S, 2), (G, 2), (G, 2), (G, 2), (G, 2)),
    ]
    s = _round_with(2, b, in_demand=(R, S), start=0)
    rr = s.round_results[0]
    assert rr.scores[0].total == rr.scores[1].total == 18
    assert rr.awards[Award.SILVER].player == 0
    assert "more stone dice" in rr.awards[Award.SILVER].reason


def test_awards_tie_later_in_turn_order_wins():
    b = [_cells((S, 3), (S, 3), (S, 3), (G, 3), (G, 3), (G, 3))] * 2
    for start, winner in ((0, 1), (1, 0)):
        s = _round_with(2, b, start=start)
        rr = s.round_results[0]
        assert rr.scores[0].total == rr.scores[1].total == 21
        assert rr.awards[Award.SILVER].player == winner
        assert "later in this round's turn order" in rr.awards[Award.SILVER].reason


# ---- Prizes (pp. 4-5) ------------------------------------------------------------------------
def _prizes(stacks_rows):
    bp, st = bld([[1, 1], [1, 1], [1, 1]], stacks_rows)
    return score_building(bp, st).prizes


def test_prize_skyscraper_stack_of_5_or_more():
    assert Prize.SKYSCRAPER in _prizes([[[(G, 1)] * 5, []], [[], []], [[], []]])
    assert Prize.SKYSCRAPER not in _prizes([[[(G, 1)] * 4, [(G, 1)]], [[], []], [[], []]])


def test_prize_geometer_all_six_values():
    assert Prize.GEOMETER in _prizes(
        [[[(G, 1)], [(G, 2)]], [[(G, 3)], [(G, 4)]], [[(G, 5)], [(G, 6)]]]
    )
    assert Prize.GEOMETER not in _prizes(
        [[[(G, 1)], [(G, 2)]], [[(G, 3)], [(G, 4)]], [[(G, 5)], [(G, 5)]]]
    )


def test_prize_structural_integrity_4_dice_same_value():
    assert Prize.STRUCTURAL_INTEGRITY in _prizes(
        [[[(G, 4)], [(W, 4)]], [[(S, 4)], [(R, 4)]], [[], []]]
    )
    assert Prize.STRUCTURAL_INTEGRITY not in _prizes(
        [[[(G, 4)], [(W, 4)]], [[(S, 4)], [(R, 3)]], [[], []]]
    )


def test_prize_materials_5_dice_same_colour():
    assert Prize.MATERIALS in _prizes([[[(S, 1)], [(S, 2)]], [[(S, 3)], [(S, 4)]], [[(S, 5)], []]])
    assert Prize.MATERIALS not in _prizes(
        [[[(S, 1)], [(S, 2)]], [[(S, 3)], [(S, 4)]], [[(W, 5)], []]]
    )


def test_prize_once_per_round_tie_rule_decides_not_building_score():
    # Both qualify for Structural Integrity; player 1 scores more but player 0 has more green.
    b = [
        _cells((R, 4), (R, 4), (S, 4), (S, 4), (S, 4), (S, 4)),
        _cells((R, 4), (G, 4), (G, 4), (G, 4), (G, 4), (G, 4)),
    ]
    s = _round_with(2, b, in_demand=(R, S))
    rr = s.round_results[0]
    assert rr.scores[1].total > rr.scores[0].total
    assert rr.prizes[Prize.STRUCTURAL_INTEGRITY].player == 0
    assert list(rr.prizes).count(Prize.STRUCTURAL_INTEGRITY) == 1
    assert (
        s.prizes[0].count(Prize.STRUCTURAL_INTEGRITY) == 1
        and Prize.STRUCTURAL_INTEGRITY not in s.prizes[1]
    )


def test_prize_a_building_may_win_several_and_nobody_qualifying_means_not_awarded():
    # Player 0: five 4s of stone (Materials + Structural Integrity); player 1 nothing.
    b = [
        [(S, 4, i // 2, i % 2) for i in range(5)] + [(G, 1, 2, 1)],
        [(W, v, i // 2, i % 2) for i, v in enumerate((1, 1, 2, 2, 3, 3))],
    ]
    s = _round_with(2, b)
    rr = s.round_results[0]
    assert rr.prizes[Prize.MATERIALS].player == 0
    assert rr.prizes[Prize.STRUCTURAL_INTEGRITY].player == 0
    assert Prize.SKYSCRAPER not in rr.prizes and Prize.GEOMETER not in rr.prizes


# ---- End of round, end of game (p. 6) -------------------------------------------------------
def test_end_of_round_dice_back_in_bag_blueprints_discarded_scores_reset():
    s = GameState.new(3, 2)
    r = random.Random(2)
    first_cards = {b.id for b in s.blueprints}
    while s.round == 1:
        la = s.legal_actions()
        s.apply(la[int(r.random() * len(la))])
    assert all(not any(st) for b in s.stacks for st in b)
    assert all_dice_accounted(s) == list(range(NUM_DICE))
    assert len(s.bag) == 32 - 2 - 9
    assert not first_cards & {b.id for b in s.blueprints} and not first_cards & {
        c.id for c in s.deck
    }


@pytest.mark.parametrize("players", [2, 3, 4])
def test_end_of_game_after_three_rounds_victory_points_from_awards_and_prizes(players):
    s = random_playout(GameState.new(players, 17), random.Random(17))
    assert s.is_over and s.current_player is None and s.legal_actions() == []
    assert len(s.round_results) == 3
    res = s.result()
    for p in range(players):
        expected = sum(a.victory_points for a in s.awards[p]) + 2 * len(s.prizes[p])
        assert res.victory_points[p] == expected
        won = [a for rr in s.round_results for a, pl in rr.awards.items() if pl.player == p]
        assert sorted(a.value for a in won) == sorted(a.value for a in s.awards[p])
    with pytest.raises(IllegalAction, match="game is over"):
        s.apply(0)


def _result_of(awards, prizes):
    """The winners by the engine's end-of-game rule (the function ``GameState.result`` uses)."""
    return game_result(awards, prizes).winners


def test_end_of_game_ties_more_prizes_then_gold_silver_bronze_else_shared():
    g, s_, b = Award.GOLD, Award.SILVER, Award.BRONZE
    sky = Prize.SKYSCRAPER
    # 4 VP each: a prize + a silver vs two silvers -> more prizes wins
    assert _result_of([[s_], [s_, s_]], [[sky], []]) == (0,)
    # 3 VP each, no prizes: gold vs silver + bronze -> more gold wins
    assert _result_of([[g], [s_, b]], [[], []]) == (0,)
    # 3 VP: silver+bronze vs bronze x3 -> more silver
    assert _result_of([[b, b, b], [s_, b]], [[], []]) == (1,)
    # identical -> shared victory
    assert _result_of([[g, b], [g, b], [s_]], [[], [], []]) == (0, 1)


GOLD, SILVER, BRONZE = Award.GOLD, Award.SILVER, Award.BRONZE
SKY, GEO, SI, MAT = Prize.SKYSCRAPER, Prize.GEOMETER, Prize.STRUCTURAL_INTEGRITY, Prize.MATERIALS
# Hand-computed end-of-game outcomes: (awards, prizes) per seat -> (victory points, winners,
# standings). Gold 3, Silver 2, Bronze 1, a Prize 2 VP.
END_CASES = [
    # most victory points wins outright: 6, 7, 5, 0
    (
        ([GOLD, GOLD], [SILVER, SILVER, BRONZE], [BRONZE], []),
        ([], [SKY], [GEO, MAT], []),
        (6, 7, 5, 0),
        (1,),
        [1, 0, 2, 3],
    ),
    # 6 = 6 with one Prize each: the Gold decides; 5 and 0 behind
    (
        ([GOLD, BRONZE], [SILVER, SILVER], [GOLD], []),
        ([SKY], [GEO], [MAT], []),
        (6, 6, 5, 0),
        (0,),
        [0, 1, 2, 3],
    ),
    # 4 = 4: a Prize beats two Silvers; the two empty seats share nothing
    (
        ([SILVER], [SILVER, SILVER], [], [BRONZE]),
        ([SKY], [], [], []),
        (4, 4, 0, 1),
        (0,),
        [0, 1, 3, 2],
    ),
    # 3 = 3 = 3 without Prizes: Gold beats Silver+Bronze beats three Bronzes
    (
        ([BRONZE, BRONZE, BRONZE], [SILVER, BRONZE], [GOLD], []),
        ([], [], [], [SI]),
        (3, 3, 3, 2),
        (2,),
        [2, 1, 0, 3],
    ),
    # equal in everything: a shared victory
    (
        ([GOLD, SILVER], [GOLD, SILVER], [SILVER, BRONZE, BRONZE], [BRONZE]),
        ([], [], [], [SKY]),
        (5, 5, 4, 3),
        (0, 1),
        [0, 1, 2, 3],
    ),
]


@pytest.mark.parametrize("awards, prizes, vp, winners, standings", END_CASES)
def test_end_of_game_result_of_a_finished_game(awards, prizes, vp, winners, standings):
    s = random_playout(GameState.new(4, 5), random.Random(5))
    assert s.is_over
    # The cards a game ended with, set by hand: the result must follow from them alone.
    s.awards = [list(a) for a in awards]
    s.prizes = [list(z) for z in prizes]
    res = s.result()
    assert res.victory_points == vp
    assert [s.victory_points(p) for p in range(4)] == list(vp)
    assert res.winners == winners and res.shared == (len(winners) > 1)
    assert res.standings() == standings
