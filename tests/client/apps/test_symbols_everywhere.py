"""Material symbols (the colour-blind help) wherever the setting says: with them on at the table
(settings.json, or --material-symbols for the run), the viewer its standings open draws them, and
so do the demos and the replay, without being told again."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from blueprints3d.cli import main
from blueprints3d.client.render import config
from blueprints3d.client.scene import dice_model
from blueprints3d.engine.materials import Material
from blueprints3d.files.settings import Settings, save_settings, settings_path


@pytest.fixture(autouse=True)
def symbols_off_after():
    yield
    config.MATERIAL_SYMBOLS.set_value(False)


def set_symbols(on: bool) -> None:
    """The settings screen's "material symbols", as the table saves it."""
    save_settings(settings_path(os.environ["BLUEPRINTS3D_HOME"]), Settings(material_symbols=on))


def viewer_draws_symbols(command: list[str], monkeypatch) -> bool:
    """Run the viewer's command line (its window replaced): do the dice it makes carry them?"""
    from blueprints3d.client.apps import viewer

    seen = []

    def window(build, *rest):
        seen.append(dice_model.pips_for(Material.STONE))
        return 0

    monkeypatch.setattr(viewer, "run_window", window)
    config.MATERIAL_SYMBOLS.set_value(False)  # as a new process starts
    assert main(command) == 0
    (pips,) = seen
    return pips == dice_model.symbol_pip_texture(Material.STONE)


@pytest.mark.parametrize("how", ["settings", "this run", "off"])
def test_the_standings_view_opens_a_viewer_with_the_tables_symbols(
    offscreen_base, monkeypatch, how
):
    from support.table_rig import TableShelf
    from blueprints3d.client.table.model.flow import Mode, SeatConfig

    set_symbols(how == "settings")
    launched: list[list[str]] = []
    shelf = TableShelf(offscreen_base)
    try:
        t = shelf.open(
            320,
            180,
            seats=[SeatConfig("A", "easy"), SeatConfig("B", "easy")],
            seed=3,
            launch=launched.append,
            material_symbols=how == "this run",
            settings=Settings(material_symbols=how == "settings"),
        )
        app = t.app
        for _ in range(400):
            if app.flow.mode is Mode.GAME_OVER:
                break
            if app.flow.mode is Mode.ROUND_END:
                app.continue_round()
            else:
                app.flow.run_bots()
        assert app.flow.mode is Mode.GAME_OVER
        assert dice_model.symbols_shown() is (how != "off")
        assert app.saving.view_kept_building(0, 0) is not None
    finally:
        shelf.close()
    (command,) = launched
    assert viewer_draws_symbols(command[3:], monkeypatch) is (how != "off")


def demo_pictures(tmp_path: Path, name: str) -> list[np.ndarray]:
    out = tmp_path / name
    assert main(["demo", "placement", "--render", str(out), "--no-shaders"]) == 0
    return [np.asarray(Image.open(p), dtype=float) for p in sorted(out.glob("*.png"))]


def test_the_demos_draw_the_symbols_when_the_setting_says_so(offscreen_base, tmp_path):
    set_symbols(False)
    plain = demo_pictures(tmp_path, "plain")
    assert not dice_model.symbols_shown()
    set_symbols(True)
    marked = demo_pictures(tmp_path, "marked")
    assert dice_model.symbols_shown()
    assert len(plain) == len(marked) > 0
    # The same scenes, the dice now with their symbols beside the pips (the first step shows
    # none yet).
    changed = [
        int((np.abs(a - b).max(axis=2) > 30).sum()) for a, b in zip(plain, marked, strict=True)
    ]
    assert sum(n > 20 for n in changed) >= len(changed) - 1, changed


def test_the_replay_follows_the_setting(tmp_path, monkeypatch):
    from blueprints3d.client.apps import replay_player

    seen = []
    monkeypatch.setattr(
        replay_player, "run_window", lambda *a, **k: seen.append(dice_model.symbols_shown()) or 0
    )
    set_symbols(True)
    from blueprints3d.engine.state import GameState
    from blueprints3d.files.savefile import save_game

    state = GameState.new(2, 5)
    path = tmp_path / "game.json"
    save_game(path, state, {})
    assert main(["replay", str(path)]) == 0
    set_symbols(False)
    assert main(["replay", str(path)]) == 0
    assert seen == [True, False]
