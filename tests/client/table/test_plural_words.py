"""Counted words the player reads are in the right number: "1 point", "1 die" (text.plural)."""

from __future__ import annotations

from types import SimpleNamespace

from blueprints3d.client.apps.viewer import breakdown
from blueprints3d.client.table.model.flow import GameFlow, SeatConfig
from blueprints3d.engine.blueprints import Blueprint
from blueprints3d.engine.materials import Material
from blueprints3d.files.buildfile import Build

SEATS = [SeatConfig("Ann"), SeatConfig("Bob")]


def test_a_shared_victory_of_one_point_says_point():
    flow = GameFlow(SEATS, seed=1, bot_delay=0, threaded_bots=False)
    for winners, vp, text in (
        ([0, 1], [1, 1], "shared victory: Ann and Bob with 1 point each"),
        ([1], [0, 1], "Bob wins with 1 victory point"),
        ([1], [0, 5], "Bob wins with 5 victory points"),
    ):
        result = SimpleNamespace(winners=winners, victory_points=vp)
        flow.state = SimpleNamespace(result=lambda r=result: r)
        assert flow.winner_text() == text


def test_the_viewer_counts_one_die():
    bp = Blueprint.from_grid([[1, 1], [1, 1], [1, 1]])
    one = Build(bp, (((int(Material.WOOD), 3),),) + ((),) * 5)
    assert "\n1 die\n" in breakdown(one)
    two = Build(bp, (((int(Material.WOOD), 3), (int(Material.STONE), 4)),) + ((),) * 5)
    assert "\n2 dice\n" in breakdown(two)
