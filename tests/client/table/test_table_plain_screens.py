"""With shaders off an opponent's screen keeps its seat's colour (not near
black) and the name on it reads as it does with shaders (white letters, not a smear or a slab)."""

from __future__ import annotations

import numpy as np
from panda3d.core import Point3

from blueprints3d.client.table.model.options import AppOptions
from blueprints3d.client.table.model.flow import SeatConfig
from blueprints3d.client.table.model.layout import SCREEN_HEIGHT

SEATS = [SeatConfig("Ann"), SeatConfig("Bob", "easy"), SeatConfig("Cy", "easy")]
LUM = np.array([0.299, 0.587, 0.114])


def shot(offscreen_base, use_shaders: bool):
    from blueprints3d.client.render import shaders
    from blueprints3d.client.table.offscreen import open_table

    shaders.configure(use_shaders, offscreen_base)
    t = open_table(
        offscreen_base,
        1280,
        720,
        AppOptions(size=(1280, 720), seats=SEATS, seed=5, bot_delay=0, threaded_bots=False),
    )
    try:
        t.app.flow.threaded_bots = False
        t.app.flow.run_bots()
        img = t.screenshot().astype(float) @ LUM
        view, picker = t.app.view, t.app.picker
        out = {}
        for p in (1, 2):
            screen = view.seats[p].screen
            board = t.pixel(
                *picker.project(
                    view.root.get_relative_point(screen, Point3(-6.0, 0.3, SCREEN_HEIGHT * 0.25)),
                    view.root,
                )
            )
            name = t.pixel(
                *picker.project(
                    view.root.get_relative_point(screen, Point3(0.0, 0.3, SCREEN_HEIGHT * 0.62)),
                    view.root,
                )
            )
            out[p] = (img, board, name)
        return out
    finally:
        t.close()
        shaders.configure(False)


def box(img, px, r):
    x, y = px
    return img[y - r : y + r + 1, x - r : x + r + 1]


def test_plain_screens_keep_their_colour_and_a_legible_name(offscreen_base):
    plain, shaded = shot(offscreen_base, False), shot(offscreen_base, True)
    for p in (1, 2):
        img, board, name = plain[p]
        assert np.median(box(img, board, 3)) > 55, (
            p,
            np.median(box(img, board, 3)),
        )  # not near black
        region = box(img, name, 40)
        lo, hi = np.percentile(region, 5), np.percentile(region, 99)
        assert hi - lo > 90, (p, lo, hi)  # white letters on the board
        letters = (region > 170).sum()
        simg, _, sname = shaded[p]
        want = (box(simg, sname, 40) > 170).sum()
        assert want > 30
        assert 0.5 * want < letters < 2.0 * want, (p, letters, want)  # the name, as with shaders
