"""The paced reveal at the table: every step of a 4-player round's reveal, measured on the window.

No label overlaps another, none overlaps a building (a card with its dice, as its projected box),
a won card or the summary panel, and every label lies inside the window; the camera comes close
enough that the dice read; Space and Enter skip; the reveal can be watched again; the HUD says
nothing secret meanwhile.
"""

from __future__ import annotations

import itertools
import random

import pytest

from blueprints3d.client.table.model.options import AppOptions
from blueprints3d.client.table.model.flow import Mode, SeatConfig
from blueprints3d.client.table.offscreen import open_table
from blueprints3d.client.table.view.reveal import overlaps, spread
from blueprints3d.engine import actions as A
from support.table_rig import play

SEATS4 = [
    SeatConfig("Ann"),
    SeatConfig("Bob", "easy"),
    SeatConfig("Cy", "easy"),
    SeatConfig("Dot", "easy"),
]


def play_to_round_end(app, seed: int = 1) -> None:
    flow = app.flow
    flow.threaded_bots = False
    rng = random.Random(seed)
    while flow.mode is not Mode.ROUND_END:
        if flow.mode is Mode.BOT:
            flow.run_bots()
        elif flow.mode is Mode.CURTAIN:
            app.pass_curtain()
        else:
            k = A.decode(rng.choice(flow.state.legal_actions()))
            flow.place(k.die, k.cell) if k.kind is A.Kind.PLACE else flow.set_aside(k.die)
            assert flow.confirm().ok


@pytest.fixture
def reveal_table(offscreen_base, request):
    width, height = request.param
    t = open_table(
        offscreen_base,
        width,
        height,
        AppOptions(size=(width, height), seats=SEATS4, seed=7, bot_delay=0, threaded_bots=False),
        overlay=True,
    )
    yield t
    t.close()


def inside(r, w, h) -> bool:
    return r[0] >= 0 and r[1] >= 0 and r[2] <= w and r[3] <= h


@pytest.mark.parametrize("reveal_table", [(1280, 720), (1920, 1080)], indirect=True)
def test_no_label_overlaps_a_label_a_building_or_a_card_in_any_step(reveal_table):
    app = reveal_table.app
    play_to_round_end(app)
    rv = app.reveal
    assert rv.active and app.hud.status.isHidden() and app.hud.message.isHidden()
    w, h = app.size()
    checked = 0
    for i, step in enumerate(rv.steps):
        rv._go(i)
        app.settle()
        app.settle()
        labels = rv.label_rects()
        assert "caption" in labels or step.kind == "summary"
        for name, r in labels.items():
            assert inside(r, w, h), (step.kind, name, r)
        for (a, ra), (b, rb) in itertools.combinations(labels.items(), 2):
            assert not overlaps(ra, rb), (i, step.kind, a, b, ra, rb)
        buildings = [r for r in (rv.building_rect(p) for p in range(4)) if r is not None]
        cards = rv.won_card_rects()
        panel = app.screens.summary.rect_px()
        for name, r in labels.items():
            if name in ("caption", "hint"):
                continue  # the window's top and bottom lines: the camera frames below and above them
            for b in buildings:
                assert not overlaps(r, b), (i, step.kind, name, r, b)
            for c in cards:
                assert not overlaps(r, c), (i, step.kind, name, r, c)
            if panel is not None:
                assert not overlaps(r, panel), (i, step.kind, name, r, panel)
        if step.kind == "material":
            assert len([n for n in labels if n.startswith("tag-")]) == len(step.tags)
            # Close enough that every die reads: the building fills a good part of the window.
            b = rv.building_rect(step.player)
            assert (b[3] - b[1]) > 0.35 * h, b
        if step.kind == "summary":
            assert app.screens.summary.active
            names = [n for n in labels if n.startswith("tag-")]
            assert len(names) == 4
            for p, seat in enumerate(app.flow.seats):
                total = app.flow.round_end.result.scores[p].total
                assert any(f"{seat.name}: {total}" in n for n in names)
            # The near seat's score label keeps off its name plate and VP chip (it lay over
            # them, below the building).
            mine = f"{SEATS4[0].name}: "
            near = next(r for n, r in labels.items() if n.split(":", 1)[-1].startswith(mine))
            plates = rv.shots.plate_rects()
            assert plates and not any(overlaps(near, pr) for pr in plates), (near, plates)
        checked += 1
    assert checked == len(rv.steps) > 10


@pytest.mark.parametrize("reveal_table", [(1280, 720)], indirect=True)
def test_space_steps_enter_skips_and_the_reveal_can_be_watched_again(reveal_table):
    app = reveal_table.app
    play_to_round_end(app, 3)
    rv = app.reveal
    end = app.flow.round_end
    assert rv.index == 0 and not app.screens.summary.active
    # The bag's count is away while the buildings are shown (it ran into the caption).
    assert app.view.bag_label.is_hidden()
    # Nothing of the round's cards has moved yet: they go one step at a time.
    assert app.view.cards_shown == set()
    app.input.key("space")
    assert rv.index == 1 and rv.step.kind == "building"
    # Time moves it on too.
    rv.update(rv.step.duration + 0.01)
    assert rv.index == 2
    app.input.key("enter")
    assert rv.at_summary and app.screens.summary.active and app.flow.mode is Mode.ROUND_END
    won = {a.value for a in end.result.awards} | {z.value for z in end.result.prizes}
    assert app.view.cards_shown == won
    # "Watch again": from the start, the cards back in the centre.
    app.screens.summary.buttons["Watch again"]["command"]()
    assert rv.index == 0 and not app.screens.summary.active and app.view.cards_shown == set()
    app.settle()
    for key in won:
        card = app.view.round_cards[key]
        assert card.get_parent() == app.view.centre
    app.input.key("enter")
    app.input.key("enter")  # the summary's Next round
    assert app.flow.mode is not Mode.ROUND_END and not rv.active and not app.hud.status.isHidden()
    assert not app.view.bag_label.is_hidden()  # back for the next round


@pytest.mark.parametrize("reveal_table", [(1280, 720)], indirect=True)
def test_the_awards_fly_only_when_their_step_comes(reveal_table):
    app = reveal_table.app
    play_to_round_end(app, 5)
    rv = app.reveal
    end = app.flow.round_end
    first = next(i for i, s in enumerate(rv.steps) if s.kind == "award")
    rv._go(first - 1)
    app.settle()
    assert all(
        app.view.round_cards[a.value].get_parent() == app.view.centre for a in end.result.awards
    )
    assert not any(
        n in ("award", "prize") for n, _, _ in app.sounds.bank.log
    )  # the round's end is silent
    played = []
    real = app.sounds.bank.play
    app.sounds.bank.play = lambda name, *a, **k: played.append(name) or real(name, *a, **k)
    rv._go(first)
    app.settle()
    assert played == ["award"]  # its cue sounds as the card goes
    award = rv.steps[first].card
    card = app.view.round_cards[award]
    seat = rv.steps[first].player
    local = app.view.seats[seat].place.to_local(*tuple(card.get_pos(app.view.root))[:2])
    assert abs(local[0]) < 20 and abs(local[1]) < 12, local  # beside its building


def test_spread_keeps_labels_apart_and_inside():
    ys = spread([10, 12, 14, 300], [20, 20, 20, 20], 0, 200, 4)
    assert all(b - a >= 24 for a, b in itertools.pairwise(ys))
    assert ys[-1] + 20 <= 200 and ys[0] >= 0
    assert spread([50], [20], 0, 200, 4) == [50]


def test_hot_seat_reveals_buildings_and_this_rounds_cards_but_no_vp_totals(offscreen_base):
    """With two people at the device the reveal shows what the rules reveal after a round:
    the buildings and this round's cards; the cards won in earlier rounds stay face down and
    no victory point total is shown until the game's end."""
    seats = [SeatConfig("Ann"), SeatConfig("Bea")]
    t = open_table(
        offscreen_base,
        1280,
        720,
        AppOptions(size=(1280, 720), seats=seats, seed=4, bot_delay=0, threaded_bots=False),
        overlay=True,
    )
    try:
        app = t.app
        flow = app.flow
        rng = random.Random(2)
        seen = 0
        while flow.mode is not Mode.GAME_OVER:
            if flow.mode is Mode.CURTAIN:
                app.pass_curtain()
            elif flow.mode is Mode.ROUND_END:
                rv = app.reveal
                for i in range(len(rv.steps)):
                    rv._go(i)
                    app.settle()
                    for sv in app.view.seats:  # earlier rounds' cards: face down for everyone
                        assert all(c.get_tag("face") == "down" for c in sv.pile)
                    assert app.hud.status.isHidden() and app.hud.info.isHidden()  # no "your VP"
                text = app.screens.summary.text
                assert "VP" not in text.replace(" VP)", ")"), text  # only a card's worth, "(3 VP)"
                seen += sum(len(sv.pile) for sv in app.view.seats)
                app.input.key("enter")
            else:
                play(flow, rng.choice(flow.state.legal_actions()))
        assert seen > 0  # some earlier round's cards were on the table, face down, in a reveal
        app.settle()
        assert all(
            c.get_tag("face") == "up" for sv in app.view.seats for c in sv.pile
        )  # the end: open
        assert app.screens.standings.active and "VP" in app.screens.standings.text
    finally:
        t.close()
