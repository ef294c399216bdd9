"""The Prizes' meters (engine/progress.py) agree with the scoring: full exactly when won."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from blueprints3d.engine.blueprints import standard_deck
from blueprints3d.engine.progress import prize_progress
from blueprints3d.engine.rules import (
    GEOMETER_VALUES,
    MATERIALS_SAME_COLOUR,
    SKYSCRAPER_HEIGHT,
    STRUCTURAL_SAME_VALUE,
    Prize,
)
from blueprints3d.engine.scoring import score_building

DIE = st.tuples(st.integers(0, 3), st.integers(1, 6))


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_a_meter_is_full_exactly_when_the_prize_is_won(data):
    card = data.draw(st.sampled_from(list(standard_deck())))
    stacks = [data.draw(st.lists(DIE, max_size=7)) for _ in card.heights]
    won = score_building(card, stacks).prizes
    progress = prize_progress(stacks)
    assert set(progress) == set(Prize)
    for prize, p in progress.items():
        assert p.done == (prize in won), (prize, p, stacks)
        assert 0 <= p.have <= p.need and 0.0 <= p.share <= 1.0


def test_the_counts_are_what_each_prize_asks_for():
    # A stack of three (stone 2, 2, 5), a glass 2 beside it: three values shown of six, three
    # dice of one value, three stone dice.
    stacks = [[(2, 2), (2, 2), (2, 5)], [(3, 2)], []]
    p = prize_progress(stacks)
    assert (p[Prize.SKYSCRAPER].have, p[Prize.SKYSCRAPER].need) == (3, SKYSCRAPER_HEIGHT)
    assert (p[Prize.GEOMETER].have, p[Prize.GEOMETER].need) == (2, GEOMETER_VALUES)
    assert (p[Prize.STRUCTURAL_INTEGRITY].have, p[Prize.STRUCTURAL_INTEGRITY].need) == (
        3,
        STRUCTURAL_SAME_VALUE,
    )
    assert (p[Prize.MATERIALS].have, p[Prize.MATERIALS].need) == (3, MATERIALS_SAME_COLOUR)
    empty = prize_progress([[], []])
    assert all(v.have == 0 and not v.done for v in empty.values())
