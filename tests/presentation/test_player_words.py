"""Words a player sees: a space by what is printed on it and where, never "row 3,
column 2"; a die by the engine's material word ("glass", never "clear"); a hint says what the
move does, never just "the obvious move". One function names a space (presentation/words.py) and
the table's refusals (client/table/model/flow.py), the coach's hints (client/table/view/coach_view.py) and
the demonstrations all use it."""

from __future__ import annotations

import re

import pytest

from blueprints3d.ai.coach import Change, Hint
from blueprints3d.client.table.model.flow import GameFlow, Mode, SeatConfig
from blueprints3d.engine import actions as A
from blueprints3d.engine.blueprints import card_by_id
from blueprints3d.i18n.message import Message
from blueprints3d.engine.materials import COLOUR_NAMES, Material
from blueprints3d.presentation import words
from blueprints3d.presentation.demos import common
from blueprints3d.presentation.words import hint_words, in_player_words, move_words, space_name

ROW_COLUMN = re.compile(r"\brow \d|\bcolumn \d")
COLOURS = re.compile(r"\b(" + "|".join(COLOUR_NAMES.values()) + r")\b")


def test_one_function_names_a_space_for_the_table_and_the_demos():
    # The demos' helpers are the very functions of presentation/words.py, not copies.
    for name in (
        "where_on_card",
        "space_name",
        "space_names",
        "in_player_words",
        "refusal_words",
        "and_list",
    ):
        assert getattr(common, name) is getattr(words, name), name
    bp = card_by_id("B11")  # [[X, 1], [1, 1], [3, X]]
    assert space_name(bp, 0) == "the hatched space at the top left"
    assert space_name(bp, 4) == "the 3 at the bottom left"
    glass_4 = Message.of("{material} {value}", material=Message.of("glass"), value=4)
    refusal = Message.of(
        words._SET_ASIDE_ID, die=glass_4, cell=bp.cell_message(3)
    )  # as the engine says it
    assert (
        str(refusal)
        == "the glass 4 fits on your building (at row 2, column 2), so it must be placed, not set aside"
    )
    assert (
        in_player_words(bp, refusal)
        == "the glass 4 fits on your building (the 1 at the middle right), so it must be placed, not set aside"
    )


def test_the_refusals_put_in_player_words_are_the_engines():
    # words.py recognises these engine messages by their ids: they must be the engine's own.
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    import extract_messages

    engine_ids = {
        f.msgid for f in extract_messages.messages() if any("engine/" in p for p in f.places)
    }
    assert {words.CELL_ID, words._HATCHED_ID, words._SET_ASIDE_ID} <= engine_ids


def test_a_big_custom_card_still_names_its_spaces_in_words():
    from blueprints3d.engine.blueprints import Blueprint

    bp = Blueprint.from_grid([[1, 1, 1, 1, 1]] * 5, check_total=False)
    names = {space_name(bp, c) for c in range(bp.num_cells)}
    assert len(names) == bp.num_cells and not any(ROW_COLUMN.search(n) for n in names)
    assert space_name(bp, 7) == "the 1 at the second row, third from the left"


def flow_at_first_turn() -> GameFlow:
    flow = GameFlow(
        [SeatConfig("Ann"), SeatConfig("Bob", "easy")],
        seed=11,
        threaded_bots=False,
        bot_delay=0,
        confirm_moves=True,
    )
    flow.run_bots()
    assert flow.mode is Mode.TURN and flow.current == 0
    return flow


def test_the_tables_refusals_name_the_space_by_what_is_printed_and_where():
    flow = flow_at_first_turn()
    bp = flow.state.blueprints[0]
    hatched = next(c for c in range(bp.num_cells) if bp.is_hatched(c))
    die = flow.state.pool[0]
    out = flow.place(die, hatched)
    assert not out.ok and not ROW_COLUMN.search(out.message), out.message
    assert f"the {words.where_on_card(bp, hatched)} space is hatched" in out.message
    assert flow.message == out.message  # what the HUD's message line shows
    # A die that fits may not be set aside: the space it fits is named in words too.
    out = flow.set_aside(die)
    assert not out.ok and not ROW_COLUMN.search(out.message) and " at the " in out.message, (
        out.message
    )
    # The tentative move says its space the same way ("not played yet: the wood 1 on the 1 at ...").
    cell = flow.legal_cells(die)[0]
    out = flow.place(die, cell)
    assert out.ok and out.tentative and out.message.endswith(f"on {space_name(bp, cell)}"), (
        out.message
    )
    assert flow.undo().ok and not ROW_COLUMN.search(flow.message)


def hint(flow: GameFlow, action: int, pts=0.0, vp=0.0, changes=(), win=None) -> Hint:
    k = A.decode(action)
    return Hint(
        action, k.die, k.cell, k.kind.value, pts, vp, tuple(changes), "the obvious move", win
    )


def test_a_hint_says_what_the_move_does_never_just_the_obvious_move():
    flow = flow_at_first_turn()
    s = flow.state
    bp = s.blueprints[0]
    places = [a for a in s.legal_actions() if A.decode(a).kind is A.Kind.PLACE]
    for a in places:
        k = A.decode(a)
        said = hint_words(s, 0, hint(flow, a), "Bob")  # the obvious move itself: nothing to compare
        assert "obvious" not in said and said.startswith("take the "), said
        assert f"onto {space_name(bp, k.cell)}: " in said and " now" in said, said
        assert not ROW_COLUMN.search(said) and not COLOURS.search(said), said
    # Against the plain best-looking move, what changes is said after what the move does.
    a = places[0]
    said = hint_words(
        s,
        0,
        hint(
            flow,
            a,
            pts=-1.7,
            vp=0.4,
            changes=[Change("Skyscraper", 0.2, 0.85)],
            win=Change("the game", 0.45, 0.52),
        ),
        "Bob",
    )
    assert re.search(r": [+-]?\d+ points? now|: no points now", said), said
    assert said.endswith("; chance to win 45% -> 52%, Skyscraper likely 20% -> 85%"), said
    # No chance moves: the victory points, else the building points by the round's end.
    said = hint_words(s, 0, hint(flow, a, pts=-1.7, vp=0.4), "Bob")
    assert said.endswith("; +0.4 VP"), said
    said = hint_words(s, 0, hint(flow, a, pts=-1.7), "Bob")
    assert said.endswith("; -1.7 points by the round's end"), said


def test_a_placement_hint_counts_the_points_the_engine_gives_it_now():
    from blueprints3d.engine.scoring import score_building

    flow = flow_at_first_turn()
    s = flow.state
    for a in s.legal_actions():
        k = A.decode(a)
        if k.kind is not A.Kind.PLACE:
            continue
        stacks = [tuple((int(s.material(d)), s.values[d]) for d in st) for st in s.stacks[0]]
        after = list(stacks)
        after[k.cell] = stacks[k.cell] + ((int(s.material(k.die)), s.values[k.die]),)
        gain = (
            score_building(s.blueprints[0], after).total
            - score_building(s.blueprints[0], stacks).total
        )
        assert words.points_now(s, 0, a) == gain


@pytest.mark.parametrize("material", list(Material))
def test_one_word_for_each_material_the_engines(material):
    flow = flow_at_first_turn()
    s = flow.state
    die = next((d for d in s.pool if s.material(d) is material), None)
    if die is None:
        pytest.skip(f"no {material.label} die in this pool")
    a = next(a for a in s.legal_actions() if A.decode(a).die == die)
    said = move_words(s, 0, a)
    assert f"the {material.label} {s.values[die]}" in said and material.colour not in said
    assert words.die_name(material, 3) == f"{material.label} 3"


def test_two_player_discard_hints_say_whom_the_die_is_kept_from():
    flow = flow_at_first_turn()
    s = flow.state
    die = next(d for d in s.pool if flow.legal_cells(d))
    flow.place(die, flow.legal_cells(die)[0])
    assert flow.confirm().ok and flow.state.phase.value == "discard"
    a = flow.state.legal_actions()[0]
    said = hint_words(flow.state, 0, hint(flow, a), "Bob")
    assert (
        said.startswith("discard the ")
        and said.endswith(": Bob cannot take it")
        and not COLOURS.search(said)
    )
