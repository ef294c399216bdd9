"""The replay's labels keep their type size in pixels from step to step (the framing changes)."""

from __future__ import annotations

import math

from panda3d.core import Point2, Point3

from blueprints3d.client.apps import demo_stage
from blueprints3d.client.apps.replay_player import ReplayPlayer
from blueprints3d.client.table.model.flow import GameFlow, Mode, SeatConfig
from blueprints3d.presentation.replay import game_steps


def label_heights(base, view):
    """Each label's line height on screen in pixels: the top and the bottom of its line, facing
    the eye as a billboard does, projected through the lens."""
    h = base.win.get_y_size()
    out = {}
    for label in view.stage.root.find_all_matches(f"**/={demo_stage.LABEL_TAG}"):
        c = label.get_pos(base.cam)
        half = label.node().get_line_height() * label.get_sz(base.cam) / 2
        a, b = Point2(), Point2()
        assert view.lens.project(Point3(c.x, c.y, c.z + half), a)
        assert view.lens.project(Point3(c.x, c.y, c.z - half), b)
        out.setdefault(float(label.get_tag(demo_stage.LABEL_TAG)) / view.stage.grow, []).append(
            (a.y - b.y) / 2 * h
        )
    return out


def test_replay_labels_keep_their_pixel_size_from_step_to_step(offscreen_base):
    flow = GameFlow(
        [SeatConfig("Ann", "easy"), SeatConfig("Bob", "easy"), SeatConfig("Cy", "easy")],
        seed=3,
        bot_delay=0,
        threaded_bots=False,
    )
    flow.run_bots()
    while flow.mode is Mode.ROUND_END and flow.state.round < 2:
        flow.continue_after_round()
        flow.run_bots()
    steps = game_steps(flow.state)
    player = ReplayPlayer(offscreen_base, steps, "game")
    h = offscreen_base.win.get_y_size()
    try:
        distances = set()
        for i in (0, 1, 18, 19, len(steps) - 1):  # pool steps, a round's revealed buildings
            player.show_step(i)
            distances.add(round(offscreen_base.cam.get_pos(player.view.stage.root).length(), 1))
            for asked, heights in label_heights(offscreen_base, player.view).items():
                want = demo_stage.label_px(asked, h)
                assert all(math.isclose(x, want, rel_tol=0.03) for x in heights), (
                    i,
                    asked,
                    heights,
                    want,
                )
        assert len(distances) > 1  # the framing did change between these steps
    finally:
        player.destroy()
