"""Every fast placement path agrees with the one statement of the rule, ``placement_error``.

The engine answers "where may this die go?" in several quick ways (bit masks cached by a
building's tops in ``legal``, the fast path of ``apply``, the checks of ``_check``, the cell list
``determinize`` samples from). Each is checked here against ``blueprints.placement_error`` on
random blueprints (any grid size, hatched spaces anywhere) and random buildings on them.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from blueprints3d.engine import actions as A
from blueprints3d.engine.blueprints import Blueprint, placement_error
from blueprints3d.engine.errors import IllegalAction
from blueprints3d.engine.legal import HATCHED_TOP, fit_masks, fitting_cells, take_actions, tops_of
from blueprints3d.engine.materials import NUM_DICE
from blueprints3d.engine.state import GameState
from blueprints3d.engine.turns import Phase


class Plain(int):
    """An int subclass: ``apply`` sends it down the slow, fully checked path."""


@st.composite
def buildings(draw):
    """A blueprint, a building played on it by the placement rule, a pool and every die's value."""
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 3))
    grid = [
        [draw(st.one_of(st.just("X"), st.integers(1, 4))) for _ in range(cols)] for _ in range(rows)
    ]
    bp = Blueprint.from_grid(grid, id="random", check_total=False)
    rng = random.Random(draw(st.integers(0, 2**32)))
    dice = list(range(NUM_DICE))
    rng.shuffle(dice)
    values = [rng.randint(1, 6) for _ in range(NUM_DICE)]
    stacks: list[list[int]] = [[] for _ in range(bp.num_cells)]
    for d in dice[: draw(st.integers(0, 12))]:
        # Put each die where the rule (as placement_error states it) allows, if anywhere.
        ok = [
            c
            for c in range(bp.num_cells)
            if placement_error(bp, values[stacks[c][-1]] if stacks[c] else None, values[d], c)
            is None
        ]
        if ok:
            stacks[rng.choice(ok)].append(d)
    used = {d for s in stacks for d in s}
    rest = [d for d in dice if d not in used]
    pool = rest[: draw(st.integers(1, 9))]
    return bp, stacks, pool, values, rest[len(pool) :]


def state_with(bp, stacks, pool, values, bag, players=3):
    """Player 0 to take, on the given building; the others have empty flat cards."""
    flat = Blueprint.from_grid([[1, 1], [1, 1], [1, 1]], id="flat")
    others = [flat] * (players - 1)
    taken = [d for s in stacks for d in s]
    return GameState.restore(
        names=[f"P{i}" for i in range(players)],
        round=1,
        phase=Phase.TAKE,
        turn_order=list(range(players)),
        turns_done=0,
        values=values,
        bag=bag[2:],
        pool=sorted(pool, key=lambda d: (values[d], d)),
        in_demand=(bag[0], bag[1]),
        deck=[],
        blueprints=[bp, *others],
        stacks=[stacks, *[[[] for _ in range(6)] for _ in others]],
        taken=[taken, *[[] for _ in others]],
        set_aside=[[] for _ in range(players)],
        discarded=[],
        awards=[[] for _ in range(players)],
        prizes=[[] for _ in range(players)],
        rng=random.Random(0),
    )


def allowed(bp, stacks, values, die, cell):
    top = values[stacks[cell][-1]] if stacks[cell] else None
    return placement_error(bp, top, values[die], cell) is None


@settings(max_examples=300, deadline=None)
@given(buildings())
def test_fit_masks_and_cell_lists_follow_placement_error(b):
    bp, stacks, _pool, values, _bag = b
    tops = tops_of(bp, stacks, values)
    fit = fit_masks(tuple(tops))
    for v in range(1, 7):
        expected = [
            c
            for c in range(bp.num_cells)
            if placement_error(bp, values[stacks[c][-1]] if stacks[c] else None, v, c) is None
        ]
        assert fitting_cells(tops, v) == expected
        assert [c for c in range(bp.num_cells) if fit[v] >> c & 1] == expected
    assert all((t == HATCHED_TOP) == bp.is_hatched(c) for c, t in enumerate(tops))


@settings(max_examples=300, deadline=None)
@given(buildings())
def test_legal_actions_are_exactly_the_placements_the_rule_allows(b):
    bp, stacks, pool, values, bag = b
    s = state_with(bp, stacks, pool, values, bag)
    assert s.tops[0] == tops_of(bp, stacks, values)
    expected = set()
    for d in pool:
        cells = [c for c in range(bp.num_cells) if allowed(bp, stacks, values, d, c)]
        expected |= {A.place(d, c) for c in cells} if cells else {A.set_aside(d)}
        assert s.legal_cells(0, values[d]) == cells
    assert set(s.legal_actions()) == expected
    assert sorted(take_actions(s.tops[0], s.pool, values)) == sorted(expected)


@settings(max_examples=200, deadline=None)
@given(buildings(), st.booleans())
def test_apply_fast_and_checked_paths_accept_exactly_what_the_rule_allows(b, checked):
    bp, stacks, pool, values, bag = b
    s = state_with(bp, stacks, pool, values, bag)
    wrap = Plain if checked else int
    for d in pool:
        fits = [c for c in range(bp.num_cells) if allowed(bp, stacks, values, d, c)]
        for c in range(bp.num_cells + 1):  # one past the last cell: no such space
            action = wrap(A.place(d, c))
            if c < bp.num_cells and allowed(bp, stacks, values, d, c):
                t = s.after(action)
                assert t.stacks[0][c][-1] == d and t.tops[0][c] == values[d]
            else:
                before = s.to_dict()
                try:
                    s.apply(action)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"die {d} on cell {c} was accepted against the rule")
                assert s.to_dict() == before
        aside = wrap(A.set_aside(d))
        if fits:
            before = s.to_dict()
            try:
                s.apply(aside)
            except IllegalAction as e:
                assert "must be placed" in str(e)
            else:
                raise AssertionError(f"die {d} was set aside although it fits on {fits}")
            assert s.to_dict() == before
        else:
            assert d in s.after(aside).set_aside[0]
