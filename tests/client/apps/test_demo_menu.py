"""`blueprints3d demo NAME` opens that demo, and Esc (or M) goes back to a menu of every demo.

The menu: a demo is marked finished only once its try-it steps were answered
right, never for being opened or stepped through; no row's words run past its button, nor a
button past the window, at 1024x768, 1280x720 and 1920x1080, in each of the four languages."""

from __future__ import annotations

from itertools import pairwise

from blueprints3d.client.apps import demo_player
from blueprints3d.cli import main
import pytest

from blueprints3d.presentation.demos import DEMOS, all_demos
from blueprints3d.presentation.demos.tasks import TASK


def test_demo_name_still_gets_the_menu_of_every_demo(monkeypatch):
    seen = {}

    def fake_run_window(demos, width, height, start=None, shaders=True):
        seen["names"] = [d.name for d in demos]
        seen["start"] = start
        return 0

    monkeypatch.setattr(demo_player, "run_window", fake_run_window)
    assert main(["demo", "placement"]) == 0
    assert seen["start"] == "placement"
    assert seen["names"] == list(DEMOS)  # not only the one launched


def test_escape_from_a_launched_demo_lists_every_demo(offscreen_base):
    player = demo_player.DemoPlayer(offscreen_base, all_demos())
    try:
        player.open("placement")
        assert player.demo is not None and player.menu.is_hidden()
        player.escape()
        assert player.demo is None and not player.menu.is_hidden()
        titles = [b["text"] for b in player.menu_buttons]
        assert len(titles) == len(DEMOS) and all(not b.is_hidden() for b in player.menu_buttons)
    finally:
        player.destroy()


def right_answer(step):
    """A (pool die, space) the step's task says is right (every task has one)."""
    task = step.facts[TASK]
    bp = step.buildings[task.building].blueprint
    for k in range(len(step.pool)):
        for cell in range(bp.num_cells):
            if task.answer(k, cell).ok:
                return k, cell
    raise AssertionError("a task with no right answer")


def wrong_answer(step):
    task = step.facts[TASK]
    bp = step.buildings[task.building].blueprint
    return next(
        (
            (k, c)
            for k in range(len(step.pool))
            for c in range(bp.num_cells)
            if not task.answer(k, c).ok
        ),
        None,
    )


@pytest.mark.parametrize("name", list(DEMOS))
def test_a_demo_is_finished_only_when_its_try_it_steps_are_answered(offscreen_base, tmp_path, name):
    from blueprints3d.files.demo_progress import load_progress

    path = tmp_path / "demos.json"
    p = demo_player.DemoPlayer(offscreen_base, all_demos(), progress=path)
    try:
        p.open(name)
        tasks = p.task_steps(p.demo)
        assert tasks, "every demo hands the learner a die to try"
        while p.index < len(p.demo.steps) - 1:  # stepped through to its end, nothing tried
            p.forward()
        p.last()
        p.show_menu()
        assert name not in p.finished and not any(
            demo_player.FINISHED_MARK in b["text"] for b in p.menu_buttons
        )
        assert not path.exists()
        p.open(name)
        for n, i in enumerate(tasks):
            p.show_step(i)
            wrong = wrong_answer(p.demo.steps[i])
            if wrong is not None:  # a wrong answer explains, and does not count
                p.trying.take(wrong[0])
                p.trying.drop(wrong[1])
                assert name not in p.finished
                p.trying.retry()
            k, cell = right_answer(p.demo.steps[i])
            p.trying.take(k)
            p.trying.drop(cell)
            assert (name in p.finished) == (n == len(tasks) - 1)  # all of them answered: finished
        p.show_menu()
        marked = [b["text"] for b in p.menu_buttons if demo_player.FINISHED_MARK in b["text"]]
        assert len(marked) == 1 and p.demos[list(DEMOS).index(name)].title in marked[0]
    finally:
        p.destroy()
    assert load_progress(path) == (frozenset({name}), None)


def _a2d_rect(node, a2d, frame=None):
    """A node's rectangle in aspect2d (left, bottom, right, top): its frame's (a button's, given
    in its own units), else its drawn text's tight bounds."""
    from panda3d.core import Point3

    if frame is not None:
        lo = a2d.get_relative_point(node, Point3(frame[0], 0, frame[2]))
        hi = a2d.get_relative_point(node, Point3(frame[1], 0, frame[3]))
    else:
        lo, hi = node.get_tight_bounds(a2d)
    return lo.x, lo.z, hi.x, hi.z


MENU_SIZES = [(1024, 768), (1280, 720), (1920, 1080)]


@pytest.mark.parametrize("lang", ["en", "de", "zh", "fa"])
@pytest.mark.parametrize("size", MENU_SIZES, ids=[f"{w}x{h}" for w, h in MENU_SIZES])
def test_no_menu_row_overflows_its_button_or_the_window(offscreen_base, size, lang):
    """In each language: the longest rows (every demo marked finished) inside their
    buttons and the window, one under the other; the heading, hint and note inside the window,
    above or clear of the rows, and in the language."""
    from blueprints3d.client.scene.script_text import use_language
    from blueprints3d.i18n import _

    use_language(lang)
    w, h = size
    base = offscreen_base
    base.adjustWindowAspectRatio(w / h)  # aspect2d shaped as that window's
    p = demo_player.DemoPlayer(base, all_demos(), size=lambda: size)
    try:
        p.finished = frozenset(DEMOS)  # the longest rows: every one marked finished
        p.show_menu()
        a2d = base.aspect2d
        aspect = w / h
        rows = []
        for b in p.menu_buttons:
            frame = _a2d_rect(b, a2d, b["frameSize"])
            # The words as drawn: a state's text lies under the button's state node (drawn by
            # the button's PGItem, in the button's own units).
            lo, hi = b.component("text0").get_tight_bounds(b.stateNodePath[0])
            words = _a2d_rect(b, a2d, (lo.x, hi.x, lo.z, hi.z))
            assert frame[0] <= words[0] and words[2] <= frame[2], (
                lang,
                size,
                b["text"],
                words,
                frame,
            )
            assert frame[1] <= words[1] and words[3] <= frame[3], (
                lang,
                size,
                b["text"],
                words,
                frame,
            )
            assert (
                -aspect <= frame[0] and frame[2] <= aspect and frame[1] >= -1 and frame[3] <= 1
            ), (size, frame)
            assert _(demo_player.FINISHED_MARK) in b["text"]
            rows.append(frame)
        for a, b in pairwise(rows):
            assert b[3] < a[1], (lang, size, a, b)  # one under the other, apart
        for t in (p.heading, p.menu_hint):
            r = _a2d_rect(t, a2d)
            assert -aspect <= r[0] and r[2] <= aspect and r[1] > rows[0][3], (lang, t.getText(), r)
        if p.note_text.textNode.get_text():
            r = _a2d_rect(p.note_text, a2d)
            assert -aspect <= r[0] and r[2] <= aspect and r[1] >= -1 and r[3] <= 1, (lang, size, r)
            for row in rows:
                assert not (r[0] < row[2] and row[0] < r[2] and r[1] < row[3] and row[1] < r[3]), (
                    lang,
                    r,
                    row,
                )
        assert p.heading.getText() == _("Blueprints - rule demonstrations")
        if lang != "en":
            assert p.heading.getText() != "Blueprints - rule demonstrations", lang
    finally:
        p.destroy()
        base.adjustWindowAspectRatio(base.win.get_x_size() / max(base.win.get_y_size(), 1))
