"""The end of the game: the standings table from the engine, one player's three buildings side by
side (the winner's first), each of them viewable in the showcase viewer and savable as a build file."""

from __future__ import annotations

from pathlib import Path

import pytest

from blueprints3d.client.table.model.options import AppOptions
from blueprints3d.client.table.model.flow import Mode, SeatConfig
from blueprints3d.client.table.offscreen import open_table
from blueprints3d.client.table.view.reveal import overlaps
from blueprints3d.engine.results import round_victory_points
from blueprints3d.engine.rules import Prize
from blueprints3d.files.buildfile import load_build
from blueprints3d.files.builds import build_of

SEATS = [SeatConfig("Ann", "easy"), SeatConfig("Bob", "easy"), SeatConfig("Cy", "easy")]


SEATS4 = [
    SeatConfig("Ann", "easy"),
    SeatConfig("Bob", "medium"),
    SeatConfig("Cy", "hard"),
    SeatConfig("Dee", "easy"),
]


def finished(offscreen_base, width=1280, height=720, launch=None, seed=7, seats=SEATS):
    t = open_table(
        offscreen_base,
        width,
        height,
        AppOptions(
            size=(width, height),
            seats=seats,
            seed=seed,
            bot_delay=0,
            threaded_bots=False,
            launch=launch,
        ),
        overlay=True,
    )
    flow = t.app.flow
    flow.threaded_bots = False
    for _ in range(500):
        if flow.mode is Mode.GAME_OVER:
            break
        if flow.mode is Mode.BOT:
            flow.run_bots()
        elif flow.mode is Mode.ROUND_END:
            t.app.continue_round()
    assert flow.mode is Mode.GAME_OVER
    t.app.settle()
    return t


def test_the_standings_table_is_the_engines_with_vp_per_round(offscreen_base):
    t = finished(offscreen_base)
    try:
        app = t.app
        state = app.flow.state
        res = state.result()
        assert app.screens.standings.active
        per_round = [round_victory_points(rr) for rr in state.round_results]
        rows = [
            line.split()
            for line in app.screens.standings.text.splitlines()
            if line.strip()[:2].rstrip(".").isdigit()
        ]
        assert [r[1] for r in rows] == [SEATS[p].name for p in res.standings()]
        for row, p in zip(rows, res.standings(), strict=True):
            assert [int(v) for v in row[2:]] == [vp[p] for vp in per_round] + [
                res.victory_points[p]
            ]
        assert res.explain(state.names) in app.screens.standings.text
        # The headline: the winner and the margin, from the engine's points.
        vp = sorted(res.victory_points, reverse=True)
        winner = SEATS[res.winners[0]].name
        assert app.screens.standings.head.textNode.get_text() == (
            f"{winner} wins by {vp[0] - vp[1]} VP"
            if vp[0] > vp[1]
            else f"{winner} wins on the tie rule"
        )
        # The winner's three buildings, as the rounds scored them.
        pod = app.podium
        assert pod.player == res.winners[0] and len(pod.cards) == len(state.round_results)
        for holder, rr in zip(pod.cards, state.round_results, strict=True):
            dice = holder.find_all_matches("**/=level")
            assert dice.get_num_paths() == sum(len(s) for s in rr.buildings[pod.player])
        # The seats and the pool are put away; the labels say whose building and its score.
        assert app.view.dice_root.is_hidden() and all(sv.root.is_hidden() for sv in app.view.seats)
        assert pod.title.textNode.get_text() == f"{SEATS[pod.player].name}'s buildings"
        for label, rr in zip(pod.labels, state.round_results, strict=True):
            assert (
                label.textNode.get_text()
                == f"Round {rr.round}: {rr.scores[pod.player].total} points"
            )
        first = pod.player
        app.between.next_podium()
        assert pod.player == (first + 1) % 3 and app.screens.standings.active
    finally:
        t.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 768)])
@pytest.mark.parametrize("seats, seed", [(SEATS, 7), (SEATS4, 5)], ids=["3p", "4p"])
def test_nothing_at_the_end_overlaps(offscreen_base, size, seats, seed):
    t = finished(offscreen_base, *size, seats=seats, seed=seed)
    try:
        app = t.app
        panel = app.screens.standings.rect_px()
        w, h = size
        pod = app.podium
        for player in range(len(seats)):  # every player's row, as "<next>'s buildings" shows it
            if player:
                app.between.next_podium()
                app.settle()
                panel = app.screens.standings.rect_px()
            rects = [pod.building_rect(i) for i in range(len(pod.cards))]
            for i, r in enumerate(rects):
                assert r is not None and r[0] >= 0 and r[2] <= w and r[1] >= 0 and r[3] <= h, r
                assert not overlaps(r, panel), (player, r, panel)
                for q in rects[i + 1 :]:
                    assert not overlaps(r, q)
            # The rounds read left to right, round 1 first.
            assert [r[0] for r in rects] == sorted(r[0] for r in rects), rects
        # Each label sits under its own building, clear of the panel and of every building.
        placed = []
        for label in pod.labels:
            lo, hi = label.get_tight_bounds(app.base.aspect2d)
            u = min(w, h) / 2
            lr = (lo.x * u + w / 2, h / 2 - hi.z * u, hi.x * u + w / 2, h / 2 - lo.z * u)
            assert not overlaps(lr, panel)
            assert not any(overlaps(lr, r) for r in rects)
            assert lr[0] >= 0 and lr[2] <= w, lr  # inside the window
            placed.append(lr)
        for i, a in enumerate(placed):  # the captions never run into each other
            assert not any(overlaps(a, b) for b in placed[i + 1 :]), placed
        # Nor do the panel's buttons ("Bob's buildings", "New game", "Quit") lie over each other.
        boxes = []
        for b in app.screens.standings.buttons.values():  # in the panel's own units
            left, right, bottom, top = b.node().get_frame()
            k = b.get_scale()[0]
            boxes.append(
                (
                    b.get_x() + left * k,
                    -(b.get_z() + top * k),
                    b.get_x() + right * k,
                    -(b.get_z() + bottom * k),
                )
            )
        for i, a in enumerate(boxes):
            assert not any(overlaps(a, q) for q in boxes[i + 1 :]), boxes
    finally:
        t.close()


def test_save_writes_the_building_and_view_opens_the_viewer_on_it(
    offscreen_base, private_data_folder
):
    launched = []
    t = finished(offscreen_base, launch=launched.append)
    try:
        app = t.app
        rounds = app.flow.state.round_results
        pod = app.podium
        view, save = pod.buttons[1]
        save["command"](*save["extraArgs"])
        saved = [p for p in Path(app.saving.folder()).glob("building-*-round2-*.json")]
        assert len(saved) == 1
        assert load_build(saved[0]) == build_of(rounds[1], pod.player)
        assert app.screens.standings.message.textNode.get_text().startswith("saved to ")
        # The path, however it wraps, stays inside the panel.
        msg = app.screens.standings.message
        lo, hi = msg.get_tight_bounds(app.screens.standings.frame)
        left, right, bottom, top = app.screens.standings.frame["frameSize"]
        assert lo.z >= bottom and hi.x <= right, (lo, hi, app.screens.standings.frame["frameSize"])
        view["command"](*view["extraArgs"])
        (command,) = launched
        assert command[1:4] == ["-m", "blueprints3d", "view"]
        assert load_build(command[4]) == build_of(rounds[1], pod.player)
        assert "viewer" in app.screens.standings.message.textNode.get_text()
        # The viewer's copy is its own (a second View gets another), and it removes it once read.
        assert command[5:] == ["--temporary"]
        view["command"](*view["extraArgs"])
        assert launched[1][4] != command[4] and Path(command[4]).exists()
        from blueprints3d.cli import main
        from blueprints3d.client.apps import viewer

        shown = []
        real = viewer.run_window
        viewer.run_window = lambda build, *rest: shown.append(build) or 0
        try:
            for c in launched:
                assert main(c[3:]) == 0
        finally:
            viewer.run_window = real
        assert shown == [build_of(rounds[1], pod.player)] * 2
        assert not list(Path(app.saving.folder()).glob("viewing-*"))  # nothing left behind
    finally:
        t.close()


def test_a_viewer_that_cannot_start_is_said_in_one_line(offscreen_base):
    def broken(command):
        raise FileNotFoundError(2, "No such file or directory", command[0])

    t = finished(offscreen_base, launch=broken)
    try:
        app = t.app
        assert app.saving.view_kept_building(0, 0) is None
        text = app.screens.standings.message.textNode.get_text()
        assert text.startswith("could not open the viewer: ") and "\n" not in text
        assert not list(Path(app.saving.folder()).glob("viewing-*"))  # its copy is not left behind
    finally:
        t.close()


def test_the_headline_names_the_winner_and_the_margin():
    from blueprints3d.client.table.hud.summary import headline
    from blueprints3d.engine.results import GameResult

    names = ["Ann", "Bob", "Cy"]
    by_three = GameResult((9, 12, 4), ((), (), ()), ((), (), ()), (1,))
    assert by_three.margin == 3 and headline(by_three, names) == "Bob wins by 3 VP"
    level = GameResult((9, 9, 4), ((), (), ()), ((), (Prize.GEOMETER,), ()), (1,))
    assert level.margin == 0 and headline(level, names) == "Bob wins on the tie rule"
    shared = GameResult((9, 9, 4), ((), (), ()), ((), (), ()), (0, 1))
    assert headline(shared, names) == "Shared victory: Ann and Bob"
