"""Where cards are drawn, the table and the demo/replay stage cover the
printed height of every space a die stands on (the pixels under glass: test_materials_scene)."""

from __future__ import annotations

from panda3d.core import NodePath

from blueprints3d.client.table.model.options import AppOptions
from blueprints3d.client.table.model.flow import Mode, SeatConfig
from blueprints3d.engine import actions as A
from blueprints3d.engine.state import GameState


def covered(card) -> set[int]:
    return {
        int(c.get_name().split("-")[1])
        for c in card.find_all_matches("**/cover-*")
        if not c.node().is_overall_hidden()
    }


def test_the_table_covers_the_spaces_dice_stand_on(offscreen_base):
    from blueprints3d.client.render import shaders
    from blueprints3d.client.table.offscreen import open_table

    shaders.configure(False)
    t = open_table(
        offscreen_base,
        320,
        180,
        AppOptions(
            seats=[SeatConfig("Ann"), SeatConfig("Bob", "easy")],
            seed=4,
            bot_delay=0,
            threaded_bots=False,
        ),
    )
    try:
        app = t.app
        flow, view = app.flow, app.view
        flow.threaded_bots = False
        app.settle()
        assert covered(view.seats[0].card) == set()
        for _ in range(4):
            flow.run_bots()
            assert flow.mode is Mode.TURN
            acts = [A.decode(a) for a in flow.state.legal_actions()]
            k = next((k for k in acts if k.kind is A.Kind.PLACE), acts[0])
            out = {
                A.Kind.PLACE: lambda k=k: flow.place(k.die, k.cell),
                A.Kind.DISCARD: lambda k=k: flow.discard(k.die),
                A.Kind.SET_ASIDE: lambda k=k: flow.set_aside(k.die),
            }[k.kind]()
            assert out.ok, out.message
            if flow.pending is not None:
                flow.confirm()
            app.settle()
        for p in range(2):
            want = {c for c, st in enumerate(flow.state.stacks[p]) if st}
            assert want and covered(view.seats[p].card) == want
    finally:
        t.close()


def test_demo_and_replay_steps_cover_occupied_spaces():
    from blueprints3d.client.apps.demo_stage import draw_step
    from blueprints3d.presentation.replay import game_steps

    state = GameState.new(2, 7, 0, ["Ann", "Bob"])
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    steps = game_steps(state, open_=True)
    step = steps[-1]
    root = NodePath("steps")
    draw_step(root, step)
    cards = root.find_all_matches("**/card-*")
    seen = 0
    for view, card in zip(
        [v for v in step.buildings if v.blueprint is not None],
        [c for c in cards if c.has_tag("card")],
        strict=True,
    ):
        want = {c for c, st in enumerate(view.stacks) if st}
        assert covered(card) == want
        seen += len(want)
    assert seen > 0
    root.remove_node()
