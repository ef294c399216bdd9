"""The house's own rules that no linter knows: the table app stays the wiring of its parts."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "blueprints3d" / "client" / "table" / "app.py"
MOST_LINES = 300  # issue 28: TableApp wires the parts (client/table/*.py); their jobs live there


def class_lengths(path: Path) -> dict[str, int]:
    tree = ast.parse(path.read_text("utf-8"))
    return {
        n.name: n.end_lineno - n.lineno + 1
        for n in tree.body
        if isinstance(n, ast.ClassDef) and n.end_lineno is not None
    }


def test_the_table_app_is_the_wiring_of_its_parts():
    lengths = class_lengths(APP)
    assert lengths["TableApp"] <= MOST_LINES, (
        f"TableApp is {lengths['TableApp']} lines, more than {MOST_LINES}: give the new job a part of "
        f"its own in client/table/ (saving, camera_rig, overlays, table_input, between_turns...)"
    )


def test_the_length_check_can_fail(tmp_path):
    big = tmp_path / "app.py"
    big.write_text("class TableApp:\n" + "    x = 1\n" * MOST_LINES, "utf-8")
    assert class_lengths(big)["TableApp"] == MOST_LINES + 1 > MOST_LINES
