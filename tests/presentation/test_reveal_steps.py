"""The reveal's steps say only what the engine's round result says, in the order the table shows it."""

from __future__ import annotations

import re

import pytest

from blueprints3d.engine.materials import Material
from blueprints3d.engine.playout import random_game
from blueprints3d.engine.results import round_victory_points
from blueprints3d.engine.scoring import blueprint_checks, explain_building, follows_blueprint
from blueprints3d.presentation.reveal import reveal_seconds, reveal_steps

NAMES = ["Ada", "Bob", "Cy", "Di"]
GAMES = [(players, seed) for players in (2, 3, 4) for seed in range(6)]


def rounds():
    for players, seed in GAMES:
        state = random_game(players, seed)
        for rr in state.round_results:
            yield rr, NAMES[:players]


def test_buildings_are_visited_in_turn_order_and_every_running_total_ends_at_the_engine_total():
    for rr, names in rounds():
        steps = reveal_steps(rr, names)
        assert steps[0].kind == "lift" and steps[-1].kind == "summary"
        visits = [s.player for s in steps if s.kind == "building"]
        assert visits == list(rr.turn_order)
        for p in rr.turn_order:
            mine = [
                s
                for s in steps
                if s.player == p and s.kind in ("building", "material", "bonus", "total")
            ]
            running = [s.running for s in mine]
            assert running == sorted(running), "the total only builds up"
            assert mine[-1].kind == "total" and mine[-1].running == rr.scores[p].total
            assert f"{rr.scores[p].total} point" in mine[-1].caption


def test_each_material_step_tags_exactly_the_dice_of_that_material_with_the_engines_points():
    checked = 0
    for rr, names in rounds():
        for s in reveal_steps(rr, names):
            if s.kind != "material":
                continue
            bp, stacks = rr.blueprints[s.player], rr.buildings[s.player]
            dice = [d for d in explain_building(bp, stacks) if d.material is s.material]
            assert sorted((t.cell, t.level) for t in s.tags) == sorted(
                (d.cell, d.level) for d in dice
            )
            by_place = {(d.cell, d.level): d for d in dice}
            for t in s.tags:
                d = by_place[(t.cell, t.level)]
                assert stacks[t.cell][t.level] == (int(d.material), d.value)
                if s.material is not Material.RECYCLED:
                    assert t.text.startswith(f"+{d.points} "), t.text
            if s.material is Material.WOOD:
                # The dice a wood die touches light up; each is a real die of the building.
                touched = {c for d in dice for c in d.touching}
                assert set(s.lit) == touched
                assert all(lv < len(stacks[c]) for c, lv in s.lit)
                assert sum(2 * len(d.touching) for d in dice) == rr.scores[s.player].wood
            checked += 1
    assert checked > 100


def test_the_bonus_step_checks_every_space_as_the_engine_does():
    for rr, names in rounds():
        for s in reveal_steps(rr, names):
            if s.kind != "bonus":
                continue
            bp, stacks = rr.blueprints[s.player], rr.buildings[s.player]
            assert len(s.spaces) == bp.num_cells
            assert (
                all(c.ok for c in s.spaces)
                == follows_blueprint(bp, stacks)
                == (rr.scores[s.player].blueprint > 0)
            )
            assert blueprint_checks(bp, stacks) == s.spaces
            # Each space not as printed is labelled with what it needs and what it has.
            wrong = [c for c in s.spaces if not c.ok]
            assert [t.cell for t in s.tags] == [c.cell for c in wrong]
            for t, c in zip(s.tags, wrong, strict=True):
                assert t.text == f"needs {c.needed}, has {c.built}" and c.needed != c.built


def test_awards_and_prizes_go_to_the_engines_winners_with_their_ties_in_words():
    tied = 0
    for rr, names in rounds():
        steps = reveal_steps(rr, names)
        cards = {s.card: s for s in steps if s.card is not None}
        assert set(cards) == {a.value for a in rr.awards} | {z.value for z in rr.prizes}
        for award, pl in rr.awards.items():
            s = cards[award.value]
            assert s.player == pl.player and names[pl.player] in s.caption
            for tie in pl.ties:
                assert tie in s.caption
                tied += 1
        for prize, pl in rr.prizes.items():
            assert cards[prize.value].player == pl.player
    assert tied > 0, "some round of these games has a tie to explain"


def test_captions_are_clean_english():
    for rr, names in rounds():
        for s in reveal_steps(rr, names):
            assert not re.search(r"\b1 (points|dice|spaces)\b", s.caption), s.caption
            assert not re.search(r"[:;,.]\s*[:;,.]", s.caption), s.caption
            assert "engine" not in s.caption
            for t in s.tags:
                assert not re.search(r"\b1 (points|dice)\b", t.text), t.text


def test_the_reveal_takes_a_sensible_time():
    state = random_game(4, 3)
    steps = reveal_steps(state.round_results[0], NAMES)
    assert 15.0 < reveal_seconds(steps) < 90.0


def test_round_victory_points_add_up_to_the_game_result():
    for players, seed in GAMES:
        state = random_game(players, seed)
        per_round = [round_victory_points(rr) for rr in state.round_results]
        res = state.result()
        assert tuple(map(sum, zip(*per_round, strict=True))) == res.victory_points


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_winner_is_explained_in_words(players):
    for seed in range(60):
        res = random_game(players, seed).result()
        text = res.explain(NAMES[:players])
        if res.shared:
            assert text.startswith("Shared victory") and all(NAMES[w] in text for w in res.winners)
        else:
            assert text.startswith(f"{NAMES[res.winners[0]]} wins")
            if "tie rule" in text:
                assert "more " in text
            else:
                assert f"{res.victory_points[res.winners[0]]} VP" in text


def test_the_tie_rule_wording_names_the_deciding_criterion():
    from blueprints3d.engine.results import GameResult
    from blueprints3d.engine.rules import Award, Prize

    res = GameResult(
        (4, 4), ((Award.SILVER,), (Award.GOLD, Award.BRONZE)), ((Prize.GEOMETER,), ()), (0,)
    )
    text = res.explain(["Ada", "Bob"])
    assert text == "Ada wins on the tie rule: 4 VP like Bob, but more Prizes than Bob (1 to 0)"
    shared = GameResult((2, 2), ((Award.SILVER,), (Award.SILVER,)), ((), ()), (0, 1))
    assert shared.explain(["Ada", "Bob"]).startswith("Shared victory: Ada and Bob have 2 VP each")


def test_the_engines_die_explanations_count_in_words():
    from blueprints3d.engine.blueprints import Blueprint
    from blueprints3d.engine.scoring import explain_building

    bp = Blueprint.from_grid([[1, 1], [1, 1]], id="T", name="t", check_total=False)
    wood, green = int(Material.WOOD), int(Material.RECYCLED)
    why = {
        (d.cell, d.level): d.reason
        for d in explain_building(bp, [((wood, 3),), ((green, 2),), (), ()])
    }
    assert why[(0, 0)].startswith("wood touching 1 die:")
    assert why[(1, 0)].startswith("a single recycled die:")
    why = {
        (d.cell, d.level): d.reason
        for d in explain_building(bp, [((wood, 3),), ((wood, 2),), ((green, 1),), ((green, 4),)])
    }
    assert why[(0, 0)].startswith("wood touching 2 dice:") and why[(2, 0)].startswith(
        "one of 2 recycled dice:"
    )
