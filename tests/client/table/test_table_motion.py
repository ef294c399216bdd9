"""Motion with weight at the table, stepping time through view.update: a picked die
rises and follows the pointer with a little lag, leaning into its motion, while the drop goes where
the pointer is; a placed die falls onto its stack and settles with a hop, its sound at the drop; a
refused one flies back to its pool place along an arc; a new round's screens glide down and its
cards slide in from the deck; Space lands the glides while the computers move; "short" halves
every time and "off" moves everything at once."""

from __future__ import annotations

import random

import pytest
from panda3d.core import Point3
from support.table_rig import play, to_person

from blueprints3d.client.scene.animation import BOUNCE_TIME, LIFT_TIME
from blueprints3d.client.table.controls.table_controls import OFF_CARD
from blueprints3d.client.table.model.flow import Mode, SeatConfig
from blueprints3d.client.table.model.layout import POOL_DIE_SCALE
from blueprints3d.client.table.model.options import AppOptions
from blueprints3d.client.table.offscreen import open_table
from blueprints3d.client.table.view.award_cards import DEAL_STAGGER, DEAL_TIME
from blueprints3d.client.table.view.table_props import DROP_BOUNCE, SCREEN_LIFT, SCREEN_LOWER_TIME
from blueprints3d.client.table.view.table_view import (
    CARRY_SCALE,
    DRAG_HEIGHT,
    DROP_TIME,
    FLY_BACK_TIME,
)
from blueprints3d.files.settings import Settings

SOLO = [SeatConfig("Ann"), SeatConfig("Bob", "easy"), SeatConfig("Cy", "easy")]
FRAME = 1 / 60


def table_with(offscreen_base, seed=5, **settings):
    t = open_table(
        offscreen_base,
        640,
        360,
        AppOptions(
            size=(640, 360),
            seats=SOLO,
            seed=seed,
            bot_delay=0,
            threaded_bots=False,
            settings=Settings(**settings),
        ),
    )
    t.app.flow.threaded_bots = False
    return t


def pos(app, node):
    return node.get_pos(app.view.root)


def off_card_point(app):
    """A point of the screen over the felt in the table's middle, on no card."""
    return app.picker.project(Point3(0, 0, 0), app.view.root)


def to_round_end(app):
    """Random legal moves (and the computers') until a round is scored."""
    flow = app.flow
    rng = random.Random(2)
    for _ in range(200):
        if flow.mode is Mode.ROUND_END:
            app.settle()
            return
        if flow.mode is Mode.BOT:
            flow.run_bots()
            continue
        play(flow, rng.choice(flow.state.legal_actions()))
    raise AssertionError("the round never ended")


def test_a_picked_die_rises_lags_behind_a_fast_move_and_catches_up(offscreen_base):
    t = table_with(offscreen_base)
    try:
        app = t.app
        flow, c, view = app.flow, app.controls, app.view
        to_person(app)
        die = flow.state.pool[0]
        node = view.dice[die]
        rest = pos(app, node)
        assert c.press(*c.screen_of_die(die))
        assert pos(app, node).z == pytest.approx(rest.z, abs=1e-4)  # not risen yet at the press
        view.update(LIFT_TIME / 2)
        assert rest.z + 0.5 < pos(app, node).z < DRAG_HEIGHT - 0.5  # on its way up
        assert CARRY_SCALE < node.get_sx() < POOL_DIE_SCALE  # taking its carried size
        view.update(LIFT_TIME / 2)
        assert pos(app, node).z == pytest.approx(DRAG_HEIGHT, abs=1e-3)  # the lift's height
        assert node.get_sx() == pytest.approx(CARRY_SCALE)
        for _ in range(30):
            view.update(FRAME)
        assert (pos(app, node) - view.carried_goal).length() < 0.01  # under the pointer
        # A fast move across the table: a frame later the die is behind the pointer, leaning.
        cell = flow.legal_cells(die)[0]
        end = c.screen_of_cell(flow.viewer, cell)
        c.move(*end)
        goal = view.carried_goal
        far = (pos(app, node) - goal).length()
        assert far > 5.0
        view.update(FRAME)
        behind = (pos(app, node) - goal).length()
        assert 0.5 * far < behind < far
        assert view.animator.carried.lean() > 5.0
        up = view.root.get_relative_vector(node, (0, 0, 1))
        up.normalize()
        assert up.z < 0.995  # tilted
        # The drop goes where the pointer is, wherever the die lags: let go now, the space is the pointer's.
        heard = []
        bank = app.sounds.bank
        place = bank.place
        bank.place = lambda on_die, d=None, delay=0.0: (
            heard.append((on_die, d, delay)),
            place(on_die, d, delay),
        )[1]
        out = c.release(*end)
        assert out.ok and flow.pending is not None and flow.pending.cell == cell
        assert heard == [(False, die, 0.0)]  # its sound, at the drop
        rest = view.cell_world(flow.viewer, cell, len(flow.state.stacks[flow.viewer][cell]))
        # It falls onto its place (in DROP_TIME), hops up off it, a smaller hop, then rests exactly.
        view.update(DROP_TIME)
        assert (pos(app, node) - rest).length() < 0.02
        view.update(BOUNCE_TIME * 0.3)
        assert pos(app, node).z - rest.z > 0.6 * DROP_BOUNCE
        assert abs(pos(app, node).x - rest.x) < 1e-3
        view.update(BOUNCE_TIME * 0.7 + 0.01)
        assert (pos(app, node) - rest).length() < 1e-4 and not view.animator.busy(node)
        assert node.get_sx() == pytest.approx(1.0)  # a card's die size
        up = view.root.get_relative_vector(node, (0, 0, 1))
        up.normalize()
        assert up.z > 0.9999  # upright on its stack
    finally:
        t.close()


def test_a_refused_die_flies_back_along_an_arc_and_the_next_can_be_picked_meanwhile(offscreen_base):
    t = table_with(offscreen_base)
    try:
        app = t.app
        flow, c, view = app.flow, app.controls, app.view
        to_person(app)
        pool = list(flow.state.pool)
        die, other = pool[1], pool[0]
        node = view.dice[die]
        slot = view.pool_world(1, len(pool))
        assert (pos(app, node) - slot).length() < 1e-3
        assert c.press(*c.screen_of_die(die))
        away = off_card_point(app)
        c.move(*away)
        for _ in range(40):
            view.update(FRAME)
        assert not c.drag.over_card
        let_go = pos(app, node)
        assert (let_go - slot).length() > 5.0
        out = c.release(*away)
        assert not out.ok and out.message == OFF_CARD and flow.pending is None
        view.update(FLY_BACK_TIME / 2)
        mid = pos(app, node)
        line_z = (let_go.z + slot.z) / 2
        assert mid.z > let_go.z and mid.z > line_z + 2.0  # an arc, well above the table
        assert 2.0 < (mid - slot).length() < (let_go - slot).length()  # on its way
        assert CARRY_SCALE < node.get_sx() < POOL_DIE_SCALE  # growing back to a pool die
        # Nothing waits on the glide: the next die can be picked while it flies.
        assert c.press(*c.screen_of_die(other)) and view.dragging == other
        view.update(FLY_BACK_TIME / 2 + 0.01)
        assert (pos(app, node) - slot).length() < 1e-4 and not view.animator.busy(node)
        assert node.get_sx() == pytest.approx(POOL_DIE_SCALE)
        c.cancel_drag()
        view.update(1.0)
        assert (pos(app, view.dice[other]) - view.pool_world(0, len(pool))).length() < 1e-4
    finally:
        t.close()


def test_a_new_rounds_screens_glide_down_and_its_cards_slide_in(offscreen_base):
    t = table_with(offscreen_base, seed=7)
    try:
        app = t.app
        flow, view = app.flow, app.view
        to_round_end(app)
        for sv in view.seats:
            assert sv.screen.is_hidden()  # lifted away at the round's end
        app.continue_round()
        assert flow.mode in (Mode.TURN, Mode.BOT)
        others = [p for p in range(len(SOLO)) if p not in flow.visible_seats()]
        assert others
        start = {p: pos(app, view.seats[p].screen) for p in others}
        for p in others:
            sv = view.seats[p]
            assert not sv.screen.is_hidden()
            assert start[p].z == pytest.approx(view.screen_home(p).z + SCREEN_LIFT, abs=1e-3)
        cards = {p: view.seats[p].card for p in range(len(SOLO))}
        centre = dict(view.round_cards)
        view.update(DEAL_TIME / 2)
        for p in others:
            z = pos(app, view.seats[p].screen).z
            assert view.screen_home(p).z + 1.0 < z < start[p].z - 1.0  # gliding down
        home0 = view.root.get_relative_point(view.seats[0].root, Point3(0, 0, 0))
        assert (pos(app, cards[0]) - home0).length() > 3.0  # the first card on its way
        assert pos(app, cards[0]).z > 0.5  # over a low arc
        # The centre's Award and Prize cards slide in too.
        for key, card in centre.items():
            home = view.root.get_relative_point(view.centre, view.cards.round_card_homes[key])
            assert (pos(app, card) - home).length() > 1.0, key
        view.update(
            max(
                SCREEN_LOWER_TIME + BOUNCE_TIME,
                DEAL_TIME + DEAL_STAGGER * 3 + DEAL_STAGGER / 2 * len(centre),
            )
        )
        for p in others:
            assert (pos(app, view.seats[p].screen) - view.screen_home(p)).length() < 1e-4
        for p, card in cards.items():
            home = view.root.get_relative_point(view.seats[p].root, Point3(0, 0, 0))
            assert (pos(app, card) - home).length() < 1e-4
            assert card.get_h(view.seats[p].root) == pytest.approx(0.0, abs=1e-3)
        for key, card in centre.items():
            assert (card.get_pos(view.centre) - view.cards.round_card_homes[key]).length() < 1e-4
        assert not view.animator.active
    finally:
        t.close()


def test_space_lands_the_glides_while_the_computers_move_but_plays_on_a_turn(offscreen_base):
    t = table_with(offscreen_base, seed=7, animations="short")
    try:
        app = t.app
        flow, c, view = app.flow, app.controls, app.view
        to_person(app)
        # A person's turn with a glide under way (a refused die flying back): Space plays.
        die = flow.state.pool[0]
        assert c.press(*c.screen_of_die(die))
        c.move(*off_card_point(app))
        view.update(0.3)
        c.release(*off_card_point(app))
        assert view.animator.busy(view.dice[die])
        app.input.key("space")
        assert c.keys.choosing_cell and view.animator.busy(view.dice[die])
        c.key("backspace")
        # The person's move is done; the computers move next and the dice glide: Space lands them.
        assert flow.place(die, flow.legal_cells(die)[0]).ok and flow.confirm().ok
        assert flow.mode is Mode.BOT and view.animating
        app.input.key("space")
        assert not view.animating
    finally:
        t.close()


@pytest.mark.parametrize("animations", ["short", "off"])
def test_short_halves_every_new_motion_and_off_moves_at_once(offscreen_base, animations):
    t = table_with(offscreen_base, seed=7, animations=animations)
    pace = 0.5 if animations == "short" else 0.0
    try:
        app = t.app
        flow, c, view = app.flow, app.controls, app.view
        to_person(app)
        pool = list(flow.state.pool)
        die = pool[0]
        node = view.dice[die]
        slot = pos(app, node)
        assert c.press(*c.screen_of_die(die))
        view.update(LIFT_TIME * pace)
        assert pos(app, node).z == pytest.approx(DRAG_HEIGHT, abs=1e-3)  # the lift: halved, or none
        away = off_card_point(app)
        c.move(*away)
        if pace:
            assert (pos(app, node) - view.carried_goal).length() > 1.0
            for _ in range(40):
                view.update(FRAME)
        assert (pos(app, node) - view.carried_goal).length() < 1e-3  # off: no lag at all
        c.release(*away)
        if pace:
            view.update(FLY_BACK_TIME * pace * 0.8)
            assert (pos(app, node) - slot).length() > 0.1
            view.update(FLY_BACK_TIME * pace * 0.2 + 0.005)  # half the fly-back's time
        assert (pos(app, node) - slot).length() < 1e-4
        # A drop on a space settles in half the time (or at once).
        cell = flow.legal_cells(die)[0]
        assert c.press(*c.screen_of_die(die))
        c.release(*c.screen_of_cell(flow.viewer, cell))
        rest = view.cell_world(flow.viewer, cell, len(flow.state.stacks[flow.viewer][cell]))
        if pace:
            view.update((DROP_TIME + BOUNCE_TIME * 0.3) * pace)
            assert pos(app, node).z - rest.z > 0.3 * DROP_BOUNCE
            view.update((BOUNCE_TIME * 0.7) * pace + 0.005)
        assert (pos(app, node) - rest).length() < 1e-4 and not view.animator.busy(node)
        assert flow.confirm().ok
        # The next round: screens and cards in half the time, or at once.
        to_round_end(app)
        app.continue_round()
        others = [p for p in range(len(SOLO)) if p not in flow.visible_seats()]
        if pace:
            view.update(SCREEN_LOWER_TIME * pace * 0.5)
            assert all(
                pos(app, view.seats[p].screen).z > view.screen_home(p).z + 1.0 for p in others
            )
            view.update(
                (SCREEN_LOWER_TIME * 0.5 + BOUNCE_TIME) * pace + 0.005
            )  # half the time in all
        for p in others:
            assert (pos(app, view.seats[p].screen) - view.screen_home(p)).length() < 1e-4
        if pace:
            dealt = max(DEAL_STAGGER * 2, DEAL_STAGGER / 2 * len(view.round_cards)) + DEAL_TIME
            view.update(max(dealt - SCREEN_LOWER_TIME - BOUNCE_TIME, 0.0) * pace)
        for sv in view.seats:
            assert (sv.card.get_pos(sv.root)).length() < 1e-4
        for key, card in view.round_cards.items():
            assert (card.get_pos(view.centre) - view.cards.round_card_homes[key]).length() < 1e-4
    finally:
        t.close()


def test_after_a_rounds_reveal_the_next_round_is_played_from_the_default_view_again(offscreen_base):
    # The reveal flies the camera over the buildings and leaves its overview behind; the next
    # round, with the same seat and window, must come back to the play view (and R to it).
    t = table_with(offscreen_base, seed=5)
    try:
        app = t.app
        to_person(app)
        before = dict(vars(app.camera.home))
        to_round_end(app)
        app.reveal.skip_all()
        app.settle()
        assert vars(app.camera.home) != before  # the round's end is shown from above the table
        to_person(app)
        assert app.flow.state.round == 2
        after = vars(app.camera.home)
        assert after.keys() == before.keys()
        for k, v in before.items():
            assert after[k] == pytest.approx(v, abs=1e-6), k
        assert vars(app.camera.goal) == pytest.approx(after)  # and the camera went there
    finally:
        t.close()
