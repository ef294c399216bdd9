"""Labels that never hide what they explain: in every step of every demo (and every answer a
try-it-yourself step can give), drawn at 1280x720 and projected through the demo stage's
camera, no two labels overlap, none covers the centre of a die, all lie above the caption."""

from __future__ import annotations

import pytest

from blueprints3d.presentation.demos import DEMOS, get_demo
from blueprints3d.presentation.demos.tasks import TASK

SIZE = (1280, 720)


def steps_of(name):
    for i, step in enumerate(get_demo(name).steps):
        yield f"{name} step {i + 1}", step
        task = step.facts.get(TASK)
        if task is not None:
            view = step.buildings[task.building]
            for k in range(len(step.pool)):
                for cell in (0, view.blueprint.num_cells - 1):
                    yield f"{name} step {i + 1} answer {k}/{cell}", task.answer(k, cell).step


@pytest.mark.parametrize("name", list(DEMOS))
def test_labels_do_not_overlap_or_cover_dice(offscreen_base, name):
    from panda3d.core import Point2, Point3

    from blueprints3d.client.apps.demo_callouts import overlaps, screen_rect
    from blueprints3d.client.apps.demo_player import PANEL_HEIGHT, StepView

    view = StepView(offscreen_base, size=lambda: SIZE)
    w, h = SIZE
    bottom = h * (1 - PANEL_HEIGHT / 2)
    try:
        for where, step in steps_of(name):
            stage = view.show(step, "t", "")
            rects = [
                (lab.node().get_text(), screen_rect(lab, offscreen_base.cam, view.lens, SIZE))
                for lab in stage.labels
            ]
            assert all(r is not None for _, r in rects), where
            for i, (ta, a) in enumerate(rects):
                assert a[0] >= 0 and a[1] >= 0 and a[2] <= w and a[3] <= bottom, (where, ta, a)
                for tb, b in rects[i + 1 :]:
                    assert not overlaps(a, b), (where, ta, tb, a, b)
            centres = []
            for die in [*stage.dice.values(), *stage.pool]:
                q = offscreen_base.cam.get_relative_point(die, Point3(0, 0, 0))
                p = Point2()
                if view.lens.project(q, p):
                    centres.append(((p.x + 1) / 2 * w, (1 - p.y) / 2 * h))
            for text, r in rects:
                for x, y in centres:
                    assert not (r[0] < x < r[2] and r[1] < y < r[3]), (where, text, "covers a die")
    finally:
        view.destroy()
