"""The sandbox: every drop judged by the engine's placement_error; saves are build files."""

from __future__ import annotations

import pytest

from blueprints3d.presentation.sandbox_model import SandboxBuilding, blank_grid, card_choices
from blueprints3d.engine.blueprints import card_by_id, placement_error
from blueprints3d.files.buildfile import load_build
from blueprints3d.files.errors import BuildFileError
from blueprints3d.engine.materials import Material

W, R, S, G = Material.WOOD, Material.RECYCLED, Material.STONE, Material.GLASS


def test_drops_are_judged_by_the_engine():
    m = SandboxBuilding(card_by_id("B03"))  # hatched at row 2, column 1 (cell 2)
    assert m.place(W, 3, 2) == placement_error(m.blueprint, None, 3, 2) and m.num_dice == 0
    assert m.place(W, 3, 0) is None
    assert m.place(S, 5, 0) is None
    refusal = m.place(G, 2, 0)
    assert refusal == placement_error(m.blueprint, 5, 2, 0) and "only an equal or higher" in refusal
    assert m.stacks[0] == [(W, 3), (S, 5)]
    assert m.legal_cells(4) == [c for c in range(6) if c not in (0, 2)]
    assert m.undo() == (S, 5) and m.stacks[0] == [(W, 3)]


def test_saved_sandbox_is_a_build_file_the_score_command_reads(tmp_path):
    m = SandboxBuilding(card_by_id("B07"))
    for mat, v, cell in ((R, 2, 0), (W, 5, 0), (S, 1, 1), (G, 4, 1), (G, 3, 2), (R, 6, 3)):
        assert m.place(mat, v, cell) is None
    path = tmp_path / "mine.json"
    m.save(path)
    back = load_build(path)
    assert back.stacks == tuple(tuple(s) for s in m.stacks) and back.score() == m.score()
    assert back.score().blueprint == 6


def test_a_building_no_game_could_make_is_not_saved(tmp_path):
    m = SandboxBuilding(blank_grid())
    for k in range(7):
        assert m.place(W, 6, k % 6) is None  # the sandbox lets you stack freely
    with pytest.raises(BuildFileError, match="only 6"):
        m.save(tmp_path / "seven.json")
    assert not (tmp_path / "seven.json").exists()


def test_card_choices_start_with_a_blank_grid():
    cards = card_choices()
    assert cards[0].id == "blank" and not any(
        cards[0].is_hatched(c) for c in range(cards[0].num_cells)
    )
    assert len(cards) == 25


def test_sandbox_window_picks_spaces_and_reports_refusals(offscreen_base, tmp_path):
    from panda3d.core import Point2

    from blueprints3d.client.scene import card_model

    from blueprints3d.client.render import shaders
    from blueprints3d.client.apps.sandbox import SandboxApp

    shaders.configure(False)
    app = SandboxApp(offscreen_base, tmp_path / "s.json", card_index=3)  # B03
    try:
        bp = app.model.blueprint
        assert bp.id == "B03"
        # Each space's centre, projected to the screen, picks that space again.
        building = app.view.stage.buildings[0]
        for cell in range(bp.num_cells):
            x, y = card_model.cell_position(bp, cell)
            p = app.base.cam.get_relative_point(building, (x, y, 0.05))
            screen = Point2()
            assert app.view.lens.project(p, screen)
            assert app.cell_under(screen.x, screen.y) == cell
        app.select_material(S)
        app.select_value(4)
        assert app.drop(2) == placement_error(bp, None, 4, 2)
        assert app.model.num_dice == 0 and "Refused" in app.view.caption.getText()
        assert app.drop(0) is None and app.model.stacks[0] == [(S, 4)]
        assert "Placed the black 4" in app.view.caption.getText()
        assert len(app.view.stage.dice) == 1
        assert app.save() == tmp_path / "s.json" and load_build(tmp_path / "s.json").num_dice == 1
        assert app.save() == tmp_path / "s.json"  # this session's own file: updated in place
        app.next_card()
        assert app.model.blueprint.id == "B03" and app.model.num_dice == 1  # it asks first
        app.answer(True)
        assert app.model.blueprint.id == "B04" and app.model.num_dice == 0
    finally:
        app.destroy()


def test_blank_grid_of_any_size_saves_and_reloads(tmp_path):
    m = SandboxBuilding(blank_grid(4, 3))
    assert m.blueprint.num_cells == 12
    assert m.place(G, 6, 11) is None and m.place(R, 1, 0) is None
    m.save(tmp_path / "wide.json")
    back = load_build(tmp_path / "wide.json")
    assert (back.blueprint.rows, back.blueprint.cols) == (4, 3) and back.stacks[11] == ((G, 6),)


def test_sandbox_command_refuses_bad_options(capsys, tmp_path):
    from blueprints3d.cli import main

    for argv, needle in (
        (["sandbox", "--grid", "0x2"], "rows and columns must be 1 to 8"),
        (["sandbox", "--card", "B99"], "--card must be 'blank' or a deck id"),
        (["sandbox", "--card", "B07", "--grid", "3x3"], "cannot be combined with --card B07"),
        (["sandbox", "-o", str(tmp_path / "no" / "such" / "s.json")], "no folder"),
        (["sandbox", "-o", str(tmp_path)], "is a folder"),
    ):
        with pytest.raises(SystemExit) as exit_:
            main(argv)
        assert exit_.value.code == 2 and needle in capsys.readouterr().err
    assert not (tmp_path / "no").exists()  # refused before anything was made


def test_a_sandbox_never_replaces_a_file_from_before_its_session(offscreen_base, tmp_path):
    # Found by play-testing: a second sandbox session silently overwrote the first one's file.
    from blueprints3d.client.apps.sandbox import SandboxApp
    from blueprints3d.client.render import shaders

    shaders.configure(False)
    earlier = tmp_path / "sandbox.json"
    earlier.write_text("the first session's building")
    app = SandboxApp(offscreen_base, earlier, card_index=3)
    try:
        app.select_material(S)
        app.select_value(4)
        assert app.drop(0) is None
        first = app.save()
        assert first == tmp_path / "sandbox-2.json" and load_build(first).num_dice == 1
        assert earlier.read_text() == "the first session's building"
        assert "is kept" in app.view.caption.getText() or "is kept" in app.status
        assert app.save() == first  # later saves update the session's own file
        assert sorted(p.name for p in tmp_path.iterdir()) == ["sandbox-2.json", "sandbox.json"]
    finally:
        app.destroy()


def test_save_as_names_the_file_and_never_replaces_one(offscreen_base, tmp_path):
    from blueprints3d.client.apps.sandbox import SandboxApp
    from blueprints3d.client.render import shaders

    from panda3d.core import ButtonThrower, NodePath

    shaders.configure(False)
    (tmp_path / "My-tower.json").write_text("someone else's")
    app = SandboxApp(offscreen_base, tmp_path / "sandbox.json", card_index=3)
    # A window's base has a button thrower (the offscreen one has none): stand one in.
    thrower = ButtonThrower("keys")
    offscreen_base.buttonThrowers = [NodePath(thrower)]
    try:
        app.select_material(G)
        app.select_value(5)
        assert app.drop(0) is None
        app.open_save_as()
        assert app.naming is not None and app.naming.get() == "sandbox"
        assert thrower.get_prefix() == "naming-"  # while typing, keys are letters, not commands
        app.naming.enterText("My tower")
        path = app.save_as(app.naming.get())
        assert path == tmp_path / "My-tower-2.json"  # the name taken: never over it
        assert (tmp_path / "My-tower.json").read_text() == "someone else's"
        assert load_build(path).num_dice == 1 and str(path.resolve()) in app.status
        assert app.naming is None and thrower.get_prefix() == ""
        assert app.save() == path  # later saves go to the named file
        app.open_save_as()
        assert app.save_as("   ") is None and "a name" in app.status
        app.open_save_as()
        app.close_save_as()  # Esc: nothing written
        assert sorted(p.name for p in tmp_path.iterdir()) == ["My-tower-2.json", "My-tower.json"]
    finally:
        del offscreen_base.buttonThrowers
        app.destroy()


def test_esc_asks_before_an_unsaved_building_is_lost(offscreen_base, tmp_path):
    # Esc quits at once only when nothing would be lost; with unsaved dice it asks, N / Esc keep
    # building, F2 saves (and then Esc quits), Y quits without saving.
    from blueprints3d.client.render import shaders
    from blueprints3d.client.apps.sandbox import SandboxApp

    shaders.configure(False)
    quits = []
    app = SandboxApp(
        offscreen_base, tmp_path / "s.json", card_index=3, on_quit=lambda: quits.append(1)
    )
    try:
        app.escape()
        assert quits == [1]  # an empty card: nothing to lose
        quits.clear()
        app.select_material(S)
        app.select_value(4)
        assert app.drop(0) is None
        app.escape()
        assert not quits and app.pending_quit and "not saved" in app.view.caption.getText()
        app.escape()  # Esc again: no, keep building
        assert not quits and not app.pending_quit and app.model.num_dice == 1
        app.request_quit()  # the window's close button asks the same
        app.answer(False)
        assert not quits
        app.escape()
        assert app.save() == tmp_path / "s.json" and not app.pending_quit
        app.escape()
        assert quits == [1]  # saved: nothing to lose
        quits.clear()
        app.undo()
        app.drop(0)
        app.request_quit()
        app.drop_at_cursor()  # Enter: yes, quit without saving
        assert quits == [1] and load_build(tmp_path / "s.json").num_dice == 1
    finally:
        app.destroy()


def test_a_blank_grids_build_file_prints_no_number_and_claims_no_bonus(tmp_path, capsys):
    # The saved build of `sandbox --card blank` prints no number on any space (not a 1 each), and
    # score, render and view do not call its bonus "not followed".
    import json

    import numpy as np

    from blueprints3d.cli import main
    from blueprints3d.client.apps.viewer import breakdown
    from blueprints3d.client.scene import card_model, units
    from blueprints3d.engine.blueprints import UNPRINTED

    m = SandboxBuilding(blank_grid())
    for cell in range(6):  # one die a space: it followed the all-1 plan the file used to claim
        assert m.place(W, cell + 1, cell) is None
    path = tmp_path / "blank.json"
    m.save(path)
    assert json.loads(path.read_text())["blueprint"]["grid"] == [[None, None]] * 3
    back = load_build(path)
    assert back.blueprint.heights == (UNPRINTED,) * 6 and not back.blueprint.has_plan
    assert back.score().blueprint == 0 and back.score() == m.score()
    assert main(["score", str(path)]) == 0
    out = capsys.readouterr().out
    assert "not followed" not in out and "no plan to follow" in out
    assert [line.split() for line in out.splitlines()[1:4]] == [[".", "."]] * 3
    assert "not followed" not in breakdown(back) and "no plan printed" in breakdown(back)
    # The card's face, as view and render draw it, prints no number in any space.
    ink = card_model.card_face_ink(back.blueprint)
    width, length = card_model.card_size(back.blueprint)
    px, r = card_model.PX_PER_CM, int(0.25 * units.CELL_PITCH * card_model.PX_PER_CM)
    for cell in range(6):
        x, y = card_model.cell_position(back.blueprint, cell)
        col, row = int((x + width / 2) * px), int((length / 2 - y) * px)
        assert np.ptp(ink[row - r : row + r, col - r : col + r]) < 0.05, cell  # the plain wash


def test_a_blank_grid_checks_only_the_heights_printed_on_it():
    # RULES.md: the bonus needs "every numbered space's stack height equals its number"; an
    # unprinted space is not numbered, and a grid with no number has no plan at all.
    m = SandboxBuilding(blank_grid())
    assert m.place(R, 2, 0) is None and m.place(G, 3, 5) is None
    assert m.score().blueprint == 0
    assert m.set_height(0, 2) is None and m.score().blueprint == 0  # 1 of its 2 dice
    assert m.place(R, 4, 0) is None and m.score().blueprint == 6  # the others ask nothing
    assert m.set_height(3, 1) is None and m.score().blueprint == 0  # a 1 on an empty space
