"""`blueprints3d demo NAME` opens that demo, and Esc (or M) goes back to a menu of every demo."""

from __future__ import annotations

from blueprints3d.client.apps import demo_player
from blueprints3d.cli import main
from blueprints3d.presentation.demos import DEMOS, all_demos


def test_demo_name_still_gets_the_menu_of_every_demo(monkeypatch):
    seen = {}

    def fake_run_window(demos, width, height, start=None, shaders=True):
        seen["names"] = [d.name for d in demos]
        seen["start"] = start
        return 0

    monkeypatch.setattr(demo_player, "run_window", fake_run_window)
    assert main(["demo", "placement"]) == 0
    assert seen["start"] == "placement"
    assert seen["names"] == list(DEMOS)  # not only the one launched


def test_escape_from_a_launched_demo_lists_every_demo(offscreen_base):
    player = demo_player.DemoPlayer(offscreen_base, all_demos())
    try:
        player.open("placement")
        assert player.demo is not None and player.menu.is_hidden()
        player.escape()
        assert player.demo is None and not player.menu.is_hidden()
        titles = [b["text"] for b in player.menu_buttons]
        assert len(titles) == len(DEMOS) and all(not b.is_hidden() for b in player.menu_buttons)
    finally:
        player.destroy()
