"""Rule demonstrations: every caption states what the engine answers, and every demo renders."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from blueprints3d.presentation.demos import DEMOS, UnknownDemo, all_demos, get_demo
from blueprints3d.presentation.demos.common import refusal_words
from blueprints3d.presentation.demos.tasks import TASK
from blueprints3d.presentation.scene import Tone
from blueprints3d.engine.awards import AWARDS_BY_PLAYERS, Award
from blueprints3d.engine.blueprints import placement_error, placement_message
from blueprints3d.engine.materials import Material
from blueprints3d.engine.scoring import Prize, explain_building, score_building, stone_points


def test_every_demo_has_captioned_steps():
    demos = all_demos()
    assert [d.name for d in demos] == list(DEMOS)
    for d in demos:
        assert len(d.steps) >= 3, d.name
        assert all(s.caption.strip() for s in d.steps), d.name


def watched(name: str):
    """A demo's steps to watch, without its try-it-yourself steps (tested in test_demo_tasks.py)."""
    return tuple(s for s in get_demo(name).steps if TASK not in s.facts)


def said_ties(step) -> bool:
    """The caption gives the engine's tie-break words for each player beaten on the tie rule."""
    return bool(step.facts["ties"]) and all(t in step.caption for t in step.facts["ties"])


def test_unknown_demo_is_named():
    with pytest.raises(UnknownDemo, match="no demonstration called 'nope'"):
        get_demo("nope")


# ---- placement -------------------------------------------------------------------------------
def test_placement_steps_say_what_placement_error_says():
    demo = get_demo("placement")
    tried = [s for s in demo.steps if s.buildings and s.buildings[0].ghost is not None]
    assert tried, "the placement demo tries drops"
    refused = 0
    for s in tried:
        b = s.buildings[0]
        g = b.ghost
        stack = b.stacks[g.cell]
        err = placement_error(b.blueprint, stack[-1][1] if stack else None, g.value, g.cell)
        if "error" not in s.facts:
            continue  # the fits-nowhere step: checked below
        assert s.facts["error"] == err
        if err is None:
            assert g.tone is Tone.GOOD and "Refused" not in s.caption
        else:
            refused += 1
            # The engine's refusal, its space named as a player would (steps.demos.common).
            said = refusal_words(
                b.blueprint,
                placement_message(b.blueprint, stack[-1][1] if stack else None, g.value, g.cell),
            )
            assert g.tone is Tone.BAD and f"Refused ({said})" in s.caption
        # Every space is marked as the engine judges it for this value.
        for cell, mark in b.cell_marks.items():
            top = b.stacks[cell][-1][1] if b.stacks[cell] else None
            ok = placement_error(b.blueprint, top, g.value, cell) is None
            assert mark.tone is (Tone.GOOD if ok else Tone.BAD)
    assert refused >= 2  # a lower value on top, and a hatched space
    hatched = [s for s in tried if s.buildings[0].blueprint.is_hatched(s.buildings[0].ghost.cell)]
    assert hatched and "hatched" in hatched[0].caption
    nowhere = watched("placement")[-1]
    assert nowhere.facts["allowed"] == [] and all(nowhere.facts["refusals"].values())


# ---- scoring ---------------------------------------------------------------------------------
def test_wood_lights_one_plus_two_per_touching_die():
    step = get_demo("scoring").steps[0]
    b = step.buildings[0]
    wood = score_building(b.blueprint, b.stacks).wood
    plus_two = [m for m in b.die_marks.values() if m.text == "+2 wood neighbour"]
    assert len(plus_two) * 2 == wood == step.facts["points"]
    assert f"scores {wood} points" in step.caption


@pytest.mark.parametrize(
    "index,field", [(1, "recycled"), (2, "recycled"), (3, "stone"), (4, "glass")]
)
def test_material_captions_give_the_engines_points(index, field):
    step = get_demo("scoring").steps[index]
    b = step.buildings[0]
    points = getattr(score_building(b.blueprint, b.stacks), field)
    assert step.facts[field] == points
    assert f"{points}" in step.caption and b.footer == f"{field} {points}"


def test_stone_shows_its_level_and_glass_counts_when_covered():
    scoring = get_demo("scoring")
    stone = scoring.steps[3]
    for (_cell, level), text in stone.facts["labels"].items():
        assert text == f"+{stone_points(level + 1)} stone, level {level + 1}"
    glass = scoring.steps[4]
    b = glass.buildings[0]
    covered = [(c, lv) for c, lv in glass.facts["labels"] if lv + 1 < len(b.stacks[c])]
    assert covered
    for c, lv in covered:
        assert glass.facts["labels"][(c, lv)] == f"+{b.stacks[c][lv][1]} glass, covered"
    assert (
        sum(
            d.points
            for d in explain_building(b.blueprint, b.stacks)
            if d.material is Material.GLASS
        )
        == glass.facts["glass"]
    )


# ---- blueprint bonus -------------------------------------------------------------------------
def test_bonus_exact_and_off_by_one():
    exact, short, off = watched("bonus")
    assert exact.facts["bonus"] == 6 and "the bonus is 6" in exact.caption
    assert short.facts["bonus"] == 0 and short.facts["dice"] == exact.facts["dice"] - 1
    assert off.facts["bonus"] == 0 and off.facts["dice"] == exact.facts["dice"]
    for s in (exact, short, off):
        b = s.buildings[0]
        assert score_building(b.blueprint, b.stacks).blueprint == s.facts["bonus"]
        assert any(m.tone is Tone.BAD for m in b.cell_marks.values()) == (s.facts["bonus"] == 0)


# ---- the p. 5 example ------------------------------------------------------------------------
def test_rulebook_example_both_23_b_wins_on_black():
    steps = watched("example")
    a, b = steps[0].facts["score"], steps[1].facts["score"]
    assert (a.blueprint, a.wood, a.recycled, a.stone, a.glass, a.total) == (6, 4, 10, 0, 3, 23)
    assert (b.blueprint, b.wood, b.recycled, b.stone, b.glass, b.total) == (0, 10, 10, 3, 0, 23)
    assert (
        "follows the blueprint (6)" in steps[0].caption
        and "one wood die touching 2 dice (4)" in steps[0].caption
    )
    assert (
        "three green dice (10)" in steps[0].caption
        and "two glass dice showing 2 and 1 (3)" in steps[0].caption
    )
    assert "deviates from the blueprint (0)" in steps[1].caption
    assert "two wood dice touching 2 and 3 dice (10)" in steps[1].caption
    assert "one stone die on level 2 (3)" in steps[1].caption
    last = steps[-1]
    assert last.facts["winner"] == "B" and last.facts["award"] is Award.SILVER
    assert "more stone dice" in last.facts["reason"] and said_ties(last)
    assert steps[-2].facts["first"] == (3, 3) and last.facts["second"] == (0, 1)


# ---- awards, prizes, ties --------------------------------------------------------------------
def test_awards_by_player_count():
    steps = watched("awards")
    assert [s.facts["players"] for s in steps] == [4, 3, 2]
    for s in steps:
        n = s.facts["players"]
        assert list(s.facts["awards"]) == list(AWARDS_BY_PLAYERS[n])
        totals = s.facts["totals"]
        ranked = sorted(range(n), key=lambda p: -totals[p])
        assert list(s.facts["awards"].values()) == ranked[: len(AWARDS_BY_PLAYERS[n])]
        for award, player in s.facts["awards"].items():
            assert (
                f"{award.value.capitalize()} ({award.victory_points} VP) to {s.buildings[player].title}"
                in s.caption
            )


def test_each_prize_and_a_prize_tie_that_ignores_building_score():
    steps = watched("prizes")
    shown = [s.facts["prize"] for s in steps if "prize" in s.facts]
    assert shown == list(Prize)
    for s in steps:
        if "prize" in s.facts:
            b = s.buildings[0]
            assert (
                s.facts["qualifies"]
                and s.facts["prize"] in score_building(b.blueprint, b.stacks).prizes
            )
    tie = steps[-1]
    winner = tie.facts["winner"]
    assert tie.facts["totals"][winner] < tie.facts["totals"][1 - winner]  # the lower building wins
    assert said_ties(tie)


def test_tie_rules_in_order():
    steps = watched("ties")[1:]
    assert [s.facts["winner"] for s in steps] == [0, 0, 1]
    assert "first in demand" in steps[0].facts["reason"]
    assert "second in demand" in steps[1].facts["reason"]
    assert "later in this round's turn order" in steps[2].facts["reason"]
    for s in steps:
        assert s.facts["totals"][0] == s.facts["totals"][1]
        assert said_ties(s)


def test_two_player_turn_takes_discards_and_draws_two():
    steps = watched("two-players")
    assert steps[0].facts["pool"] == 8 == len(steps[0].pool)
    assert "only discard a die after taking one" in steps[1].facts["refusal"]
    assert steps[1].pool == steps[0].pool  # the refused discard changed nothing
    assert steps[3].facts["phase"] == "discard" and steps[3].facts["pool"] == 7
    last = steps[-1]
    assert last.facts["new"] == 2 and last.facts["pool"] == 8 and last.facts["discarded"] == 1
    assert last.facts["next"] != steps[0].facts["player"]
    assert sum(1 for m in last.pool_marks.values() if m.text == "new, drawn") == 2


# ---- rendering -------------------------------------------------------------------------------
def test_every_demo_renders_offscreen_with_its_captions(offscreen_base, tmp_path):
    from panda3d.core import Filename, PNMImage

    from blueprints3d.client.apps.demo_player import DemoPlayer, render_demo
    from blueprints3d.client.render import shaders
    from blueprints3d.client.render.capture import grab_frame, render_frames

    def read_png(path) -> np.ndarray:
        img = PNMImage()
        assert img.read(Filename.from_os_specific(str(path))), f"{path} is not a readable picture"
        return np.array(
            [
                [img.get_bright(x, y) for x in range(0, img.get_x_size(), 4)]
                for y in range(0, img.get_y_size(), 4)
            ]
        )

    shaders.configure(False)
    w, h = offscreen_base.win.get_x_size(), offscreen_base.win.get_y_size()
    for demo in all_demos():
        paths = render_demo(offscreen_base, demo, tmp_path)
        assert [Path(p) for p in paths] == [
            tmp_path / f"{demo.name}-{i + 1:02d}.png" for i in range(len(demo.steps))
        ]
        pictures = [read_png(p) for p in paths]
        for path, pic in zip(paths, pictures, strict=True):
            assert pic.shape == ((h + 3) // 4, (w + 3) // 4), path  # the window's size, whole
            assert pic.std() > 0.04, f"{path} is blank"  # a scene, not a plain fill
        if len(pictures) > 1:  # the steps show different things, not one frame saved N times
            # Each picture with the next: one pair fewer than pictures.
            assert any(
                np.abs(a - b).mean() > 0.002 for a, b in zip(pictures, pictures[1:], strict=False)
            ), demo.name
    # The player shows each step's own caption, and the scene is drawn (not a blank frame).
    demo = get_demo("example")
    player = DemoPlayer(offscreen_base, [demo])
    try:
        player.open("example")
        for i, step in enumerate(demo.steps):
            player.show_step(i)
            if TASK in step.facts:  # a step to try says below the question how to answer it
                assert player.view.caption.getText().startswith(step.caption + "\n\nYour turn")
            else:
                assert player.view.caption.getText() == step.caption
        render_frames(offscreen_base, 2)
        img = grab_frame(offscreen_base.win).astype(float)
        top = img[: img.shape[0] // 2]
        assert top.std() > 10  # cards and dice, not only the background
        player.back()
        assert player.index == len(demo.steps) - 2
        player.show_step(99)
        assert player.index == len(demo.steps) - 1
    finally:
        player.destroy()
    assert offscreen_base.render.find("**/step-view").is_empty()


def test_every_step_is_framed_above_the_caption_panel(offscreen_base):
    """Every card, die and label of every step projects inside the window, above the caption."""
    from panda3d.core import Point2, Point3

    from blueprints3d.client.apps.demo_player import PANEL_HEIGHT, StepView
    from blueprints3d.client.apps.demo_stage import FRAME_TAG

    view = StepView(offscreen_base)
    bottom = -1.0 + PANEL_HEIGHT  # the panel covers the window's bottom, in -1..1 units
    try:
        for demo in all_demos():
            for i, step in enumerate(demo.steps):
                stage = view.show(step, demo.title, "")
                for item in stage.root.find_all_matches(f"**/={FRAME_TAG}"):
                    lo, hi = item.get_tight_bounds(offscreen_base.render)
                    for x in (lo.x, hi.x):
                        for y in (lo.y, hi.y):
                            for z in (lo.z, hi.z):
                                p = Point2()
                                q = offscreen_base.cam.get_relative_point(
                                    offscreen_base.render, Point3(x, y, z)
                                )
                                assert view.lens.project(q, p), (demo.name, i, item)
                                assert -1.0 <= p.x <= 1.0 and bottom - 0.02 <= p.y <= 1.0, (
                                    demo.name,
                                    i,
                                    item,
                                    p,
                                )
    finally:
        view.destroy()
