"""The game at a glance: the Prizes as meters by their icons, the in-demand materials
as dice, and a table whose labels and lines never cover what they should not: the hovered die's
label never hides the Prize cards, the top lines never run over the far player's screen
(the score panel over a name plate: not yet)."""

from __future__ import annotations

import pytest
from blueprints3d.client.render.materials import BASE_COLOUR
from blueprints3d.client.scene.screen_rects import overlaps
from blueprints3d.client.table.model.flow import Mode, SeatConfig
from blueprints3d.engine import actions as A
from blueprints3d.engine.materials import MATERIAL_OF
from blueprints3d.engine.progress import prize_progress
from blueprints3d.engine.rules import Prize
from support.table_rig import node_rect, to_person

SIZES = [(1280, 720), (1024, 768), (1920, 1080)]


def seats(n: int) -> list[SeatConfig]:
    return [SeatConfig("Ann")] + [SeatConfig(f"Computer {i + 1}", "hard") for i in range(1, n)]


def hud_rect(t, node):
    """A HUD node on the window in pixels (left, top, right, bottom)."""
    w, h = t.buffer.get_x_size(), t.buffer.get_y_size()
    u = min(w, h) / 2
    lo, hi = node.get_tight_bounds(t.app.hud.root)
    return w / 2 + lo.x * u, h / 2 - hi.z * u, w / 2 + hi.x * u, h / 2 - lo.z * u


def test_the_meters_show_the_persons_own_way_to_each_prize(tables):
    t = tables(640, 360, overlay=True, seats=seats(3), seed=5)
    app = t.app
    to_person(app)
    flow = app.flow
    meters = app.hud.meters
    for _ in range(3):  # a few of the person's moves, placements where they can
        assert meters.shown
        seat = flow.viewer
        want = prize_progress(flow.state.building(seat))
        assert meters.progress == want
        for prize, (_, steps, count) in meters.rows.items():
            assert count.textNode.get_text() == f"{want[prize].have}/{want[prize].need}"
            assert len(steps) == want[prize].need
        acts = [A.decode(a) for a in flow.state.legal_actions()]
        k = next((k for k in acts if k.kind is A.Kind.PLACE), None)
        if k is None:
            break
        assert flow.place(k.die, k.cell).ok
        app.refresh(animate=False)
        # The waiting move's die counts, as in the score panel.
        pending = flow.state.building(seat)
        pending[k.cell] = pending[k.cell] + [(MATERIAL_OF[k.die], flow.state.values[k.die])]
        assert meters.progress == prize_progress(pending)
        assert flow.confirm().ok
        to_person(app)
    # The medals: this player count's Awards with their VP.
    assert [label.textNode.get_text() for _, label in meters.medals] == ["3", "2"]


def test_the_meters_are_the_viewers_only_and_go_behind_the_curtain(tables):
    t = tables(640, 360, overlay=True, seats=[SeatConfig("Ann"), SeatConfig("Bob")], seed=3)
    app = t.app
    flow = app.flow
    assert flow.mode is Mode.CURTAIN
    app.refresh(animate=False)
    assert not app.hud.meters.shown  # nobody's building is on show behind the curtain
    app.pass_curtain()
    assert flow.mode is Mode.TURN and app.hud.meters.shown
    assert app.hud.meters.progress == prize_progress(flow.state.building(flow.viewer))


def test_the_in_demand_materials_are_dice_in_their_colours(tables):
    t = tables(640, 360, overlay=True, seats=seats(2), seed=8)
    app = t.app
    to_person(app)
    first, second = app.flow.state.in_demand_materials()
    for die, m in zip(app.hud.demand.dice, (first, second), strict=True):
        assert tuple(die.get_color())[:3] == pytest.approx(tuple(BASE_COLOUR[m])[:3], abs=0.01)
    # Not a sentence: the info line no longer names them.
    info = app.hud.info.textNode.get_text()
    assert "In demand" not in info and first.colour not in info


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_pool_dies_label_never_hides_the_prize_cards(tables, size):
    t = tables(*size, seats=seats(4), seed=5)
    app = t.app
    to_person(app)
    view = app.view
    cards = [node_rect(t, c) for c in view.round_cards.values()]
    assert len(cards) == 3 + len(Prize)
    for die in app.flow.state.pool:
        app.controls.hover(*app.controls.screen_of_die(die))
        app.controls.update_cursor()
        assert view.marks.info_die == die and not view.marks.info_label.is_hidden()
        label = node_rect(t, view.marks.info_label)
        assert not any(overlaps(label, c) for c in cards), (die, label, cards)
        assert not overlaps(label, node_rect(t, view.dice[die]))  # beside the die, not over it


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("players", [2, 4])
def test_the_top_lines_never_run_over_the_far_players_screen(tables, size, players):
    t = tables(*size, overlay=True, seats=seats(players), seed=5)
    app = t.app
    to_person(app)
    app.settle()
    viewer = app.flow.viewer
    far = (viewer + players // 2) % players  # across the table
    screen = node_rect(t, app.view.seats[far].screen)
    for node in (app.hud.status, app.hud.info, app.hud.demand.root):
        assert not overlaps(hud_rect(t, node), screen), (node, hud_rect(t, node), screen)


def test_the_plates_show_each_rounds_vp_as_chips_once_public(tables):
    from blueprints3d.engine.results import round_victory_points

    t = tables(640, 360, seats=[SeatConfig(f"C{i}", "easy") for i in range(3)], seed=4)
    app = t.app
    flow = app.flow

    def chips(p):
        sv = app.view.seats[p]
        if sv.chips is None:
            return []
        return [
            c.node().get_text() for c in sv.chips.get_children() if c.name.startswith("vp-chip")
        ]

    assert all(chips(p) == [] for p in range(3))  # nothing scored yet
    rounds_seen = 0
    for _ in range(400):
        if flow.mode is Mode.GAME_OVER:
            break
        if flow.mode is Mode.ROUND_END:
            rounds_seen += 1
            # Public now: every seat's VP of every round so far, round 1 first; the round just
            # scored's chip comes with its reveal's steps (test_reveal_chips_come_with_their_steps).
            app.reveal.skip_all()
            per_round = [round_victory_points(rr) for rr in flow.state.round_results]
            for p in range(3):
                assert chips(p) == [str(vp[p]) for vp in per_round]
            app.continue_round()
            if flow.mode is Mode.BOT:  # secret again while the next round is played
                assert all(chips(p) == [] for p in range(3))
        elif flow.mode is Mode.BOT:
            flow.run_bots()
    assert rounds_seen == 3


def test_reveal_chips_come_with_their_steps(tables):
    """The round's VP chip beside each name appears at the Award or Prize step that earns it
    and grows with each such step; before the first, a player has only the earlier rounds'."""
    from blueprints3d.engine.results import round_victory_points
    from blueprints3d.engine.rules import PRIZE_VP, Award, Prize

    t = tables(640, 360, seats=[SeatConfig(f"C{i}", "easy") for i in range(4)], seed=3)
    app, flow = t.app, t.app.flow
    seen = 0
    while flow.mode is not Mode.GAME_OVER:
        if flow.mode is Mode.BOT:
            flow.run_bots()
            continue
        assert flow.mode is Mode.ROUND_END
        before = [round_victory_points(rr) for rr in flow.state.round_results[:-1]]
        rv = app.reveal
        assert rv.active and rv.index == 0
        earned: dict[int, int] = {}
        named = {
            p: [
                c.title
                for rr in flow.state.round_results[:-1]
                for c, pl in (*rr.awards.items(), *rr.prizes.items())
                if pl.player == p
            ]
            for p in range(4)
        }
        while True:
            s = rv.step
            if s.kind in ("award", "prize") and s.player is not None:
                vp = Award(s.card).victory_points if s.kind == "award" else PRIZE_VP
                earned[s.player] = earned.get(s.player, 0) + vp
                card = Award(s.card) if s.kind == "award" else Prize(s.card)
                named[s.player].append(card.title)
            if s.kind == "summary":
                earned = dict(enumerate(round_victory_points(flow.state.round_results[-1])))
            for p in range(4):
                want = [str(vp[p]) for vp in before] + ([str(earned[p])] if p in earned else [])
                assert chips(app, p) == want, (flow.state.round, rv.index, s.kind, p)
                # Who won which card is read at the plate, as the cards are handed out.
                if s.kind != "summary":
                    assert cards_at_plate(app, p) == named[p], (flow.state.round, rv.index, p)
                else:
                    assert sorted(cards_at_plate(app, p)) == sorted(named[p])
            seen += 1
            if rv.at_summary:
                break
            rv.next_step()
        # "Watch again": the round's chips go and come back with their steps.
        app.screens.summary.buttons["Watch again"]["command"]()
        assert all(chips(app, p) == [str(vp[p]) for vp in before] for p in range(4))
        rv.skip_all()
        app.continue_round()
    assert seen > 30


def chips(app, p):
    sv = app.view.seats[p]
    if sv.chips is None:
        return []
    return [c.node().get_text() for c in sv.chips.get_children() if c.name.startswith("vp-chip")]


def cards_at_plate(app, p):
    """The cards a plate names as won, in the order handed out ("Gold, Skyscraper")."""
    sv = app.view.seats[p]
    label = None if sv.chips is None else sv.chips.find(f"won-{p}")
    if label is None or label.is_empty():
        return []
    return label.node().get_text().split(", ")


def test_with_open_scores_the_chips_stay_during_play(tables):
    t = tables(
        640, 360, seats=[SeatConfig(f"C{i}", "easy") for i in range(2)], seed=6, open_scores=True
    )
    app = t.app
    flow = app.flow
    while flow.mode is not Mode.ROUND_END:
        flow.run_bots()
    app.continue_round()
    assert flow.mode is Mode.BOT  # round 2 under way: the chips of round 1 stay, the scores open
    assert flow.state.round_results and app.view.seats[0].chips is not None


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_score_panel_never_covers_a_name_plate(tables, size, players):
    t = tables(*size, overlay=True, seats=seats(players), seed=5)
    app = t.app
    to_person(app)
    app.settle()
    panel = hud_rect(t, app.score_panel.text)
    for sv in app.view.seats:
        plate = node_rect(t, sv.name_label)
        assert not overlaps(panel, plate), (panel, plate)
