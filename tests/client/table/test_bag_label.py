"""The bag's count over the bag (issue 42): in no language, with any number of seats, does it run
into a seat's screen board (Chinese "布袋：21" and Persian "کیسه: ۲۱" stood over the yellow screen)."""

from __future__ import annotations

import pytest
from panda3d.core import Point2, Point3

from blueprints3d.client.table.model.flow import SeatConfig
from support.gui_layout import speak


def _pixel(cam, lens, size, p_render, render):
    p = cam.get_relative_point(render, p_render)
    film = Point2()
    if not lens.project(p, film):
        return None
    w, h = size
    return (film.x + 1) / 2 * w, (1 - film.y) / 2 * h


def _rect(points):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def bag_label_rect(app):
    """The bag's count on the window in pixels: it always faces the eye (a billboard), so its
    letters' box stands in the camera's plane at its place."""
    cam, render = app.cam, app.scene
    lens, size = app.lens, app.size()
    label = app.view.bag_label
    tn = label.node()
    s = label.get_sx(render)
    at = label.get_pos(render)
    q = cam.get_quat(render)
    right, up = q.get_right(), q.get_up()
    corners = [
        at + right * (x * s) + up * (z * s)
        for x in (tn.get_left(), tn.get_right())
        for z in (tn.get_bottom(), tn.get_top())
    ]
    return _rect([_pixel(cam, lens, size, c, render) for c in corners])


def screen_outline(app, screen):
    """A screen board on the window: the convex outline of its box's eight corners (the board
    stands slanted, so its upright rectangle would take in much of the table beside it)."""
    cam, render = app.cam, app.scene
    lens, size = app.lens, app.size()
    lo, hi = screen.get_tight_bounds(screen)
    corners = [
        render.get_relative_point(screen, Point3(x, y, z))
        for x in (lo.x, hi.x)
        for y in (lo.y, hi.y)
        for z in (lo.z, hi.z)
    ]
    return _hull([_pixel(cam, lens, size, c, render) for c in corners])


def _hull(points):
    pts = sorted(set(points))

    def half(seq):
        out = []
        for p in seq:
            while len(out) >= 2 and _cross(out[-2], out[-1], p) <= 0:
                out.pop()
            out.append(p)
        return out

    lower, upper = half(pts), half(reversed(pts))
    return lower[:-1] + upper[:-1]


def _cross(o, a, b):
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def apart(rect, outline) -> bool:
    """A rectangle and a convex outline do not meet: some axis (the rectangle's two, or an edge's
    normal) separates them."""
    box = [(rect[0], rect[1]), (rect[2], rect[1]), (rect[2], rect[3]), (rect[0], rect[3])]
    edges = list(zip(outline, outline[1:] + outline[:1], strict=True))
    axes = [(1.0, 0.0), (0.0, 1.0)] + [(b[1] - a[1], a[0] - b[0]) for a, b in edges]
    for ax in axes:
        p = [x * ax[0] + y * ax[1] for x, y in box]
        q = [x * ax[0] + y * ax[1] for x, y in outline]
        if max(p) <= min(q) or max(q) <= min(p):
            return True
    return False


@pytest.mark.parametrize("lang", ["en", "de", "zh", "fa"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_bag_count_stays_clear_of_the_screens(tables, lang, players):
    speak(lang)
    try:
        seats = [SeatConfig("Ann")] + [SeatConfig(f"B{i}", "easy") for i in range(1, players)]
        t = tables(1280, 720, overlay=True, seats=seats, seed=5, bot_delay=0)
        app = t.app
        app.flow.run_bots()
        app.refresh(animate=False)
        label = bag_label_rect(app)
        for sv in app.view.seats:
            if sv.screen.is_hidden() or not sv.screen_up:
                continue
            outline = screen_outline(app, sv.screen)
            assert apart(label, outline), (lang, players, label, outline)
    finally:
        speak("en")
