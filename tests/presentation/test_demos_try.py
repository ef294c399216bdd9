"""Try it yourself in the demo player: a task step handed to the learner, answered with the
mouse (a click on a die, a click on a space; or a drag) and with the keys as at the table,
each answer the engine's (Task.answer) and said in the caption; then the player steps on.
The demo menu keeps which demos were finished, their try-it steps answered (files/demo_progress.py)."""

from __future__ import annotations

import pytest

from blueprints3d.presentation.demos import DEMOS, all_demos, get_demo
from blueprints3d.presentation.demos.tasks import TASK


def task_index(name):
    return next(i for i, s in enumerate(get_demo(name).steps) if TASK in s.facts)


@pytest.fixture()
def player(offscreen_base, tmp_path):
    from blueprints3d.client.apps.demo_player import DemoPlayer

    p = DemoPlayer(offscreen_base, all_demos(), progress=tmp_path / "demos.json")
    yield p
    p.destroy()


@pytest.mark.parametrize("name", list(DEMOS))
def test_the_mouse_answers_a_task(player, name):
    player.open(name)
    i = task_index(name)
    player.show_step(i)
    step = player.demo.steps[i]
    task = step.facts[TASK]
    t = player.trying
    assert t is not None and player.view.caption.getText().startswith(step.caption + "\n")
    assert "click a die" in player.view.caption.getText()  # how to answer, below the question
    bp = step.buildings[task.building].blueprint
    cell = next(c for c in range(bp.num_cells) if not bp.is_hatched(c))
    die_at, cell_at = t.die_point(0), t.cell_point(cell)
    assert die_at is not None and cell_at is not None
    assert player.press(*die_at)  # a click on the die takes it
    assert t.die == 0
    assert player.press(*cell_at)  # a click on the space puts it there
    want = task.answer(0, cell)
    assert t.answer is not None and t.answer.caption == want.caption
    assert player.view.caption.getText().startswith(want.caption + "\n")
    assert t.answer.ok == want.ok
    # Backspace tries again; a drag (press on the die, release over the space) answers too.
    player.key("backspace")
    assert t.answer is None and player.view.caption.getText().startswith(step.caption)
    last = len(step.pool) - 1
    assert player.press(*t.die_point(last))
    assert player.release(*t.cell_point(cell))
    assert t.answer.caption == task.answer(last, cell).caption


@pytest.mark.parametrize("name", ["placement", "scoring", "two-players"])
def test_the_keys_answer_a_task_as_at_the_table(player, name):
    player.open(name)
    i = task_index(name)
    player.show_step(i)
    step = player.demo.steps[i]
    task = step.facts[TASK]
    bp = step.buildings[task.building].blueprint
    open_cells = [c for c in range(bp.num_cells) if not bp.is_hatched(c)]
    player.key("arrow_right")  # the next die, not the next step
    assert player.index == i and player.trying.die_cursor == 1 % len(step.pool)
    player.key("enter")  # take it
    assert player.trying.die == 1 % len(step.pool)
    player.key("2")  # the second space one may build on
    assert player.trying.cell_cursor == open_cells[1]
    player.key("enter")
    got = player.trying.answer
    assert got is not None and got.caption == task.answer(1 % len(step.pool), open_cells[1]).caption
    assert player.view.caption.getText().startswith(got.caption)
    # Answered: the arrows step through the demo again.
    if i + 1 < len(player.demo.steps):
        player.key("arrow_right")
        assert player.index == i + 1
    else:
        player.key("arrow_left")
        assert player.index == i - 1


def test_a_right_and_a_wrong_answer_both_explain(player):
    player.open("bonus")
    i = task_index("bonus")
    player.show_step(i)
    t = player.trying
    step = player.demo.steps[i]
    task = step.facts[TASK]
    answers = {c: task.answer(0, c) for c in range(step.buildings[0].blueprint.num_cells)}
    right = next(c for c, a in answers.items() if a.ok)
    wrong = next(c for c, a in answers.items() if not a.ok and a.legal)
    for cell in (right, wrong):
        player.press(*t.die_point(0))
        player.press(*t.cell_point(cell))
        said = player.view.caption.getText()
        assert (
            said.startswith("Yes" if cell == right else "Allowed, but")
            and "Backspace: try again" in said
        )
        assert ("no bonus" in said) == (cell == wrong)
        player.key("backspace")


def test_the_menu_shows_finished_demos_and_keeps_them(offscreen_base, tmp_path):
    from blueprints3d.client.apps.demo_player import FINISHED_MARK, DemoPlayer
    from blueprints3d.files.demo_progress import load_progress

    path = tmp_path / "demos.json"
    p = DemoPlayer(offscreen_base, all_demos(), progress=path)
    try:
        assert not any(FINISHED_MARK in b["text"] for b in p.menu_buttons)
        p.open("bonus")
        i = task_index("bonus")  # its try-it step answered right (seen to its end is not enough)
        p.show_step(i)
        task = p.demo.steps[i].facts[TASK]
        right = next(
            c
            for c in range(p.demo.steps[i].buildings[0].blueprint.num_cells)
            if task.answer(0, c).ok
        )
        p.trying.take(0)
        p.trying.drop(right)
        p.show_menu()
        marked = [b["text"] for b in p.menu_buttons if FINISHED_MARK in b["text"]]
        assert len(marked) == 1 and "blueprint bonus" in marked[0]
    finally:
        p.destroy()
    assert load_progress(path) == (frozenset({"bonus"}), None)
    # A new player reads it back; a damaged file is one line, and the menu starts afresh.
    p = DemoPlayer(offscreen_base, all_demos(), progress=path)
    try:
        assert sum(FINISHED_MARK in b["text"] for b in p.menu_buttons) == 1
    finally:
        p.destroy()
    path.write_text("{bad")
    p = DemoPlayer(offscreen_base, all_demos(), progress=path)
    try:
        assert not any(FINISHED_MARK in b["text"] for b in p.menu_buttons)
        assert p.note and "\n" not in p.note and "demos.json" in p.note
    finally:
        p.destroy()
