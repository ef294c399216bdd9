"""Issue 43: the HUD's panels keep still. The prompt and the last message at the bottom, and the
status line at the top, take one, two or three rows as their words need; the Awards and Prizes
panel, the coach's hints, the score panel, the key strip and the Confirm / Undo bar stay where
they were (the Prizes panel moved y 507 -> 465 -> 487 as the line below it wrapped)."""

from __future__ import annotations

import pytest

from support.table_rig import open_hud_table
from blueprints3d.client.table.model.flow import SeatConfig

WORDS = "Ann: drag a die onto your card"  # one row at every size tried


def panels(app, render2d):
    """Where each panel stands on the window (render2d): its drawn box's bottom left corner."""
    hud = app.hud
    nodes = {
        "prizes": hud.meters.root,
        "keys": hud.help,
        "score panel": hud.score_panel,
        "move bar": app.move_bar.root,
    }
    out = {}
    for name, node in nodes.items():
        if node.is_hidden() or node.get_tight_bounds(render2d) is None:
            continue
        lo, _hi = node.get_tight_bounds(render2d)
        out[name] = (round(lo.x, 4), round(lo.z, 4))
    return out


@pytest.mark.parametrize("size", [(1280, 720), (1024, 768), (1920, 1080)])
def test_every_panel_stays_where_it_was_as_the_lines_wrap(offscreen_base, size):
    t = open_hud_table(
        offscreen_base,
        size,
        [SeatConfig("Ann"), SeatConfig("Bob", "easy"), SeatConfig("Cy", "easy")],
    )
    try:
        app = t.app
        app.flow.run_bots()
        app.refresh(animate=False)
        app.settle()
        hud = app.hud
        assert hud.meters.shown
        seen = {}
        for rows in (1, 2, 3):
            text = "\n".join([WORDS] * rows)
            hud.prompt.setText(text)
            hud.message.setText(WORDS if rows < 3 else "\n".join([WORDS] * 2))
            hud.status.setText("\n".join(["Round 1"] * rows))
            hud.place()
            assert hud.prompt.textNode.get_num_rows() == rows
            assert hud.status.textNode.get_num_rows() == rows
            seen[rows] = panels(app, offscreen_base.render2d)
        # A status line that fits in one row only across the whole window: the score panel
        # keeps its corner (it used to step down below such a line), the line wraps beside it.
        hud.prompt.setText(WORDS)
        hud.message.setText(WORDS)
        half_w = max(size[0] / size[1], 1.0)
        lo, hi = hud.score_panel.get_tight_bounds(hud.root)
        beside = 2 * half_w - (hi.x - lo.x)  # wider than the room beside the score panel

        def width(text):
            return hud.status.textNode.calc_width(text) * hud.status.getTextScale()[0]

        long = "Round 1 of 3  -"
        while width(long) < beside:
            long += " Ann"
        assert width(long) < 2 * half_w * 0.95, "the line fits across the whole window"
        hud.status.setText(long)
        hud.place()
        seen["long"] = panels(app, offscreen_base.render2d)
        assert {"prizes", "keys", "score panel"} <= set(seen[1]), seen[1]
        assert seen[1] == seen[2] == seen[3], seen
        assert seen["long"]["score panel"] == seen[1]["score panel"], seen
    finally:
        t.close()
