"""Try it yourself: every demo hands the learner a die at least once, and every answer is the
engine's verdict, said either way."""

from __future__ import annotations

import pytest

from blueprints3d.engine.blueprints import (
    placement_message as placement_error,
)  # its verdict as the engine's Message
from blueprints3d.engine.scoring import Prize, score_building
from blueprints3d.presentation.demos import DEMOS, get_demo
from blueprints3d.presentation.demos.common import refusal_words
from blueprints3d.presentation.demos.tasks import TASK


def task_steps(name):
    return [s for s in get_demo(name).steps if TASK in s.facts]


def answers(step):
    task = step.facts[TASK]
    view = step.buildings[task.building]
    for k in range(len(step.pool)):
        for cell in range(view.blueprint.num_cells):
            yield k, cell, task.answer(k, cell)


def legal_answers(step):
    """The legal answers of a task, at least one of them right: the judged cases exist."""
    got = [a for *_, a in answers(step) if a.legal]
    assert got, "no legal answer to judge"
    assert any(a.ok for a in got), "no legal answer is right"
    return got


@pytest.mark.parametrize("name", list(DEMOS))
def test_every_demo_has_a_task_that_can_be_right_and_wrong(name):
    steps = task_steps(name)
    assert steps, f"{name} has no try-it-yourself step"
    for step in steps:
        task = step.facts[TASK]
        assert step.caption.startswith("Try it yourself") and step.pool
        got = list(answers(step))
        assert any(a.ok for *_, a in got), name
        assert any(not a.ok for *_, a in got), name
        view = step.buildings[task.building]
        for k, cell, a in got:
            die = step.pool[k]
            stack = view.stacks[cell]
            err = placement_error(view.blueprint, stack[-1][1] if stack else None, die[1], cell)
            assert a.legal == (err is None), (name, k, cell)
            after = a.step.buildings[task.building]
            if err is not None:
                assert not a.ok and refusal_words(view.blueprint, err) in a.caption
                assert (
                    after.stacks == view.stacks and after.ghost.cell == cell
                )  # held over the space
                assert a.step.pool == step.pool
            else:
                assert after.stacks[cell] == tuple(stack) + (die,)
                assert len(a.step.pool) == len(step.pool) - 1
            assert a.step.caption == a.caption and a.caption.strip()


def test_bonus_task_is_judged_by_the_blueprint_bonus():
    (step,) = task_steps("bonus")
    for a in legal_answers(step):
        b = a.step.buildings[0]
        assert a.ok == (score_building(b.blueprint, b.stacks).blueprint > 0)


def test_geometer_task_is_judged_by_the_prize():
    (step,) = task_steps("prizes")
    assert "Geometer" in step.caption
    for a in legal_answers(step):
        b = a.step.buildings[0]
        assert a.ok == (Prize.GEOMETER in score_building(b.blueprint, b.stacks).prizes)


def test_wood_task_wants_the_most_points():
    (step,) = task_steps("scoring")
    best = step.facts["best"]
    assert len(set(step.facts["points"].values())) > 1  # a real choice
    for a in legal_answers(step):
        assert a.ok == (a.step.facts["points"] == best)
        assert f"{best}" in a.caption


@pytest.mark.parametrize("name", ["example", "awards", "ties"])
def test_silver_tasks_say_who_wins(name):
    (step,) = task_steps(name)
    task = step.facts[TASK]
    for a in legal_answers(step):
        assert a.ok == (a.step.facts["winner"] == task.building)
        assert "Silver goes to" in a.caption or "Silver still goes to" in a.caption
    if name == "example":  # the exact blueprint is at stake: its loss is said
        assert any("lost the bonus" in a.caption for *_, a in answers(step))
    if name == "ties":  # a tie lost on turn order is said in the engine's words
        assert any(
            "A tie is not enough" in a.caption and "turn order" in a.caption
            for *_, a in answers(step)
        )


def test_two_player_task_is_the_real_game():
    (step,) = task_steps("two-players")
    right = [a for *_, a in answers(step) if a.ok]
    assert right, "no right answer to check"
    for a in right:
        assert a.step.facts["phase"] == "discard" and "discards" in a.caption


@pytest.mark.parametrize("name", ["example", "awards", "ties", "prizes"])
def test_the_score_under_the_card_follows_the_answer(name):
    (step,) = task_steps(name)
    task = step.facts[TASK]
    for a in legal_answers(step):
        b = a.step.buildings[task.building]
        assert b.footer == f"{score_building(b.blueprint, b.stacks).total} points"
