"""Issue 43, one design language: the HUD's lines stand on the share card's panels. Each corner's
group of lines (the status, the score panel, the Prizes, the prompt and message, the key strip)
has one dark panel behind it that holds all of its lines, inside the window, apart from the other
panels; an empty group and a hidden HUD have none."""

from __future__ import annotations

import pytest

from support.table_rig import open_hud_table
from blueprints3d.client.render import style
from blueprints3d.client.table.model.flow import Mode, SeatConfig

SIZES = [(1024, 768), (1280, 720), (1920, 1080)]


def _rect(node, root):
    lo, hi = node.get_tight_bounds(root)
    return lo.x, hi.x, lo.z, hi.z


def _holds(outer, inner, slack=1e-4):
    return (
        outer[0] <= inner[0] + slack
        and inner[1] <= outer[1] + slack
        and outer[2] <= inner[2] + slack
        and inner[3] <= outer[3] + slack
    )


def _apart(a, b):
    return a[1] <= b[0] or b[1] <= a[0] or a[3] <= b[2] or b[3] <= a[2]


@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_each_group_of_lines_stands_on_its_panel(offscreen_base, size, lang):
    from blueprints3d.client.scene.script_text import use_language

    use_language(lang)
    t = open_hud_table(offscreen_base, size, [SeatConfig("Ann"), SeatConfig("Bob", "hard")])
    try:
        app = t.app
        flow = app.flow
        for _ in range(50):
            if flow.mode is Mode.TURN:
                break
            flow.run_bots()
        assert flow.mode is Mode.TURN
        app.refresh(animate=False)
        hud = app.hud
        grounds = hud.grounds
        w, h = size
        half_w = max(w / h, 1.0)
        half_h = max(h / w, 1.0)
        groups = {
            "top": [hud.status, hud.info],
            "score": [hud.score_panel],
            "prizes": [hud.meters.root],
            "bottom": [hud.prompt],
            "keys": [hud.help],
        }
        assert set(grounds.rects) == set(groups), grounds.rects
        for name, nodes in groups.items():
            frame = grounds.frames[name]
            assert not frame.is_hidden() and tuple(frame["frameColor"]) == style.PANEL_HUD
            ground = grounds.rects[name]
            for node in nodes:  # each line on its panel
                assert _holds(ground, _rect(node, hud.root)), (lang, size, name, ground)
            # in the window
            assert -half_w - 1e-3 <= ground[0] and ground[1] <= half_w + 1e-3, (name, ground)
            assert -half_h - 1e-3 <= ground[2] and ground[3] <= half_h + 1e-3, (name, ground)
            # drawn under the lines
            assert frame.get_sort() < min(n.get_sort() for n in nodes if n.get_parent() == hud.root)
        names = list(grounds.rects)
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                assert _apart(grounds.rects[a], grounds.rects[b]), (lang, size, a, b)
        # An empty group has no panel; a hidden HUD none at all.
        hud.score_panel.setText("")
        hud.place()
        assert "score" not in grounds.rects and grounds.frames["score"].is_hidden()
        hud.set_visible(False)
        assert not grounds.rects and all(f.is_hidden() for f in grounds.frames.values())
        hud.set_visible(True)
        assert set(grounds.rects) == set(groups) - {"score"}
    finally:
        t.close()
