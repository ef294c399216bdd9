"""Dice thrown from the bag at the table: the pool at a game's start and each new round's, and
every replacement die, tumble onto the felt and come to rest showing the engine's value, then
lie in their sorted pool places; the same game throws the same; Space skips; the "animations"
setting turns throws off; the hits reach the sounds."""

from __future__ import annotations

import random

import numpy as np
import pytest
from panda3d.core import Vec3

from blueprints3d.client.scene.dice_model import FACE_NORMAL
from blueprints3d.client.table.model.layout import POOL_DIE_TILT
from blueprints3d.client.table.model.options import AppOptions
from blueprints3d.client.table.model.flow import Mode, SeatConfig
from blueprints3d.client.table.offscreen import open_table
from blueprints3d.files.settings import Settings
from support.table_rig import play

SEATS = [SeatConfig("Ann"), SeatConfig("Bob", "easy")]


def table_with(offscreen_base, seed=3, **settings):
    t = open_table(
        offscreen_base,
        640,
        360,
        AppOptions(
            size=(640, 360),
            seats=SEATS,
            seed=seed,
            bot_delay=0,
            threaded_bots=False,
            settings=Settings(**settings),
        ),
    )
    t.app.flow.threaded_bots = False
    return t


def face_up(app, d) -> int:
    """The value a die shows on top, read from its model's orientation in the scene."""
    node = app.view.dice[d]
    body = node.find("body")
    up = body.get_relative_vector(app.view.root, Vec3(0, 0, 1))
    return max(FACE_NORMAL, key=lambda v: up.dot(Vec3(*FACE_NORMAL[v])))


def play_out(app, dt=1 / 30, limit=600):
    for _ in range(limit):
        if not app.view.throw_in_flight:
            return
        app.view.update(dt)
    raise AssertionError("the throw never ended")


def check_pool_at_rest(app):
    pool = list(app.flow.state.pool)
    for i, d in enumerate(pool):
        node = app.view.dice[d]
        assert not node.is_hidden()
        assert face_up(app, d) == app.flow.state.values[d], (d, face_up(app, d))
        want = app.view.pool_world(i, len(pool))
        assert (node.get_pos(app.view.root) - want).length() < 1e-3
        # Square in its node: the node's up axis is one of its faces' normals; the node leans
        # back toward the viewer by the pool's tilt (layout.POOL_DIE_TILT), with the pool's heading.
        up = node.find("body").get_relative_vector(node, Vec3(0, 0, 1))
        up.normalize()
        assert max(abs(up.x), abs(up.y), abs(up.z)) > 0.999
        h, p, r = node.get_hpr(app.view.root)
        assert abs(p - POOL_DIE_TILT) < 0.01 and abs(r) < 0.01, (d, p, r)
        assert abs((h - app.view.centre_heading + 180) % 360 - 180) < 0.01, (d, h)


def test_the_first_pool_is_thrown_and_rests_showing_the_engines_values(offscreen_base):
    t = table_with(offscreen_base)
    try:
        app = t.app
        pool = list(app.flow.state.pool)
        assert app.view.throw_in_flight and set(app.view.pool_throws.throwing) == set(pool)
        # Mid-throw: the dice are in the air or on the felt, not yet in their places.
        app.view.update(0.3)
        assert any(
            (app.view.dice[d].get_pos(app.view.root) - app.view.pool_world(i, len(pool))).length()
            > 1.0
            for i, d in enumerate(pool)
        )
        play_out(app)
        check_pool_at_rest(app)
    finally:
        t.close()


def test_replacements_and_new_rounds_are_thrown_and_space_skips(offscreen_base):
    t = table_with(offscreen_base, seed=8)
    try:
        app, flow = t.app, t.app.flow
        app.view.finish_all()
        rng = random.Random(4)
        thrown_rounds, replacements = set(), 0
        for _ in range(400):
            if flow.mode is Mode.GAME_OVER or len(thrown_rounds) >= 2:
                break
            if flow.mode is Mode.BOT:
                flow.run_bots()
            elif flow.mode is Mode.ROUND_END:
                app.continue_round()
                if flow.mode is Mode.TURN or flow.mode is Mode.BOT:
                    assert app.view.throw_in_flight
                    thrown_rounds.add(flow.state.round)
                    app.input.key("space")  # skips the throw: the dice lie in their places at once
                    assert not app.view.throw_in_flight
                    check_pool_at_rest(app)
            else:
                before = set(flow.state.pool)
                play(flow, rng.choice(flow.state.legal_actions()))  # asserts the confirm is ok
                new = set(flow.state.pool) - before
                if new and flow.mode in (Mode.TURN, Mode.BOT):
                    assert new <= set(
                        app.view.pool_throws.throwing
                    )  # the replacement die comes out thrown
                    replacements += 1
                    play_out(app)
                    check_pool_at_rest(app)
        assert thrown_rounds and replacements > 3
    finally:
        t.close()


def test_the_same_game_throws_the_same(offscreen_base):
    tracks = []
    for _ in range(2):
        t = table_with(offscreen_base, seed=5)
        try:
            player = next(iter(t.app.view.pool_throws.throwing.values()))
            tracks.append(player.throw.positions.copy())
        finally:
            t.close()
    assert tracks[0].shape == tracks[1].shape and np.array_equal(tracks[0], tracks[1])
    t = table_with(offscreen_base, seed=6)
    try:
        other = next(iter(t.app.view.pool_throws.throwing.values())).throw.positions
        assert other.shape != tracks[0].shape or not np.array_equal(other, tracks[0])
    finally:
        t.close()


@pytest.mark.parametrize("animations", ["short", "off"])
def test_animations_short_or_off_throw_nothing(offscreen_base, animations):
    t = table_with(offscreen_base, animations=animations)
    try:
        app = t.app
        assert not app.view.throw_in_flight
        assert app.view.animator.pace == (0.5 if animations == "short" else 1.0)
        check_pool_at_rest(app)
    finally:
        t.close()


def test_the_throws_hits_reach_the_sounds(offscreen_base):
    t = table_with(offscreen_base)
    try:
        app = t.app
        heard = []
        app.view.on_impact = heard.append
        play_out(app)
        assert heard and all(e.other in ("felt", "die", "wall") for e in heard)
        assert any(e.other == "felt" for e in heard)
    finally:
        t.close()


def test_the_in_demand_dice_roll_onto_the_scoreboard(offscreen_base):
    t = table_with(offscreen_base, seed=9)
    try:
        app = t.app
        view = app.view
        assert (
            len(view.pool_throws.side_throws) == 1
        )  # the round's two in-demand dice, thrown with the pool
        nodes = view.in_demand_nodes
        homes = [(-2.1, 0.5), (2.1, 0.5)]
        view.update(0.4)
        assert any(
            abs(n.get_x() - hx) > 0.5 or abs(n.get_y() - hy) > 0.5
            for n, (hx, hy) in zip(nodes, homes, strict=True)
        )
        play_out(app)
        assert not view.pool_throws.side_throws
        for n, (hx, hy), shown in zip(nodes, homes, (1, 6), strict=True):
            p = n.get_pos()  # on the scoreboard, in its slot, lying on the board's top
            assert (
                abs(p.x - hx) < 1e-3 and abs(p.y - hy) < 1e-3 and abs(p.z - (0.3 + 1.6 / 2)) < 1e-3
            )
            up = n.find("body").get_relative_vector(view.root, Vec3(0, 0, 1))
            assert max(FACE_NORMAL, key=lambda v: up.dot(Vec3(*FACE_NORMAL[v]))) == shown
    finally:
        t.close()
