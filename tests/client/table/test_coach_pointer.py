"""The tutorial coach points at what it speaks of: each bubble's pointer line ends on its subject
on the window, the pool for "take a die from the pool", the in-demand board for "wood and
recycled are in demand", the learner's card for "the spaces light up on your card", the
opponent's place while it chooses, the Prize and Award cards in the reveal. (It always ran to the
first pool die.)

Each subject's rectangle on the window is its nodes' boxes projected through the table's camera;
the line's end (where the tutorial draws it) must lie inside it."""

from __future__ import annotations

import pytest
from panda3d.core import Point3

from blueprints3d.client.table.model.flow import Mode
from blueprints3d.engine.rules import Award, Prize

WIDTH, HEIGHT = 1280, 720
POOL, CARD, OPPONENT, IN_DEMAND, PRIZES = "pool", "card", "opponent", "in_demand", "prizes"
# What a bubble speaks of, read from its words (English): the first phrase it holds decides.
SUBJECTS = [
    ("are in demand", IN_DEMAND),
    ("from the pool", POOL),
    ("light up on your card", CARD),
    ("not hatched", CARD),
    ("top a stack", CARD),
    ("lit space", CARD),
    ("Confirm", CARD),
    ("is choosing a die", OPPONENT),
    ("discard", POOL),
    ("Prizes are for", PRIZES),
    ("Each Prize goes", PRIZES),
]


@pytest.fixture()
def lesson(tables):
    t = tables(WIDTH, HEIGHT, overlay=True)
    t.app.screens.new_game_screen.learn_button["command"]()
    t.app.settle()
    return t


def rect_of(table, nodes) -> tuple[float, float, float, float] | None:
    """The nodes' boxes on the window in mouse units (left, bottom, right, top)."""
    app = table.app
    pts = []
    for node in nodes:
        bounds = node.get_tight_bounds(app.view.root)
        if bounds is None:
            continue
        lo, hi = bounds
        for x in (lo.x, hi.x):
            for y in (lo.y, hi.y):
                for z in (lo.z, hi.z):
                    q = app.picker.project(Point3(x, y, z), app.view.root)
                    if q is not None:
                        pts.append(q)
    if not pts:
        return None
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def subject_nodes(app, subject: str):
    view, state = app.view, app.flow.state
    you = 0
    if subject == POOL:
        return [view.dice[d] for d in state.pool]
    if subject == CARD:
        return [view.card_of(you)]
    if subject == OPPONENT:
        return [view.card_of(1 - you), view.seats[1 - you].screen]
    if subject == IN_DEMAND:
        return [view.scoreboard]
    keys = {k.value for k in (Prize if subject == PRIZES else Award)}
    return [c for k, c in view.round_cards.items() if k in keys]


def check_bubble(table, seen: dict[str, int]) -> None:
    """The bubble on show, if its words name a subject: its line ends on that subject."""
    tut = table.app.tutorial
    table.app.settle()
    tut.update()
    subject = next((s for phrase, s in SUBJECTS if phrase in tut.bubble), None)
    if subject is None:
        return
    r = rect_of(table, subject_nodes(table.app, subject))
    assert r is not None, subject
    end = tut.target_point()
    assert end is not None and tut.pointer.get_num_children() == 1, (subject, tut.bubble)
    assert r[0] <= end[0] <= r[2] and r[1] <= end[1] <= r[3], (subject, tut.bubble, end, r)
    seen[subject] = seen.get(subject, 0) + 1


def test_each_bubble_points_at_its_subject(lesson):
    app = lesson.app
    tut, flow = app.tutorial, app.flow
    seen: dict[str, int] = {}
    for _ in range(600):
        if tut.finished or flow.mode is Mode.ROUND_END and app.reveal.at_summary:
            break
        check_bubble(lesson, seen)
        if tut.bubbles_left():
            app.input.key("space")
            continue
        if flow.mode is Mode.BOT:
            flow.run_bots()
        elif flow.mode is Mode.ROUND_END:
            app.reveal.advance()
        elif flow.mode is Mode.TURN:
            app.input.key("enter")  # the first die, then its first space, then confirm
    assert set(seen) == {POOL, CARD, IN_DEMAND, OPPONENT, PRIZES}, seen
