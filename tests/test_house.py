"""The house's own rules that no linter knows: every class of the package fits in one reading
(400 lines), every function in one screen (80 lines), and the table app stays the wiring of its
parts. A part over its limit is split by job; the few that are not yet split are listed in
``ALLOWED`` with their reason and their length today, which they may never outgrow: the list only
shrinks."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "blueprints3d"
APP = PACKAGE / "client" / "table" / "app.py"
CLASS_LINES = 400
FUNCTION_LINES = 80
APP_LINES = CLASS_LINES  # TableApp wires the parts (client/table/*/); their jobs live there

# "path::qualified name" -> (lines today, why it is not split yet). An entry goes when its part
# is split; its count may only go down.
ALLOWED: dict[str, tuple[int, str]] = {}
MOST_ALLOWED = 0  # the list's length may only go down


def sizes(path: Path, base: Path = PACKAGE) -> dict[str, tuple[str, int]]:
    """Every class and function in ``path``: "file::Outer.name" -> (kind, lines)."""
    tree = ast.parse(path.read_text("utf-8"))
    found: dict[str, tuple[str, int]] = {}
    where = path.relative_to(base).as_posix()

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                name = f"{prefix}{child.name}"
                kind = "class" if isinstance(child, ast.ClassDef) else "function"
                assert child.end_lineno is not None
                found[f"{where}::{name}"] = (kind, child.end_lineno - child.lineno + 1)
                walk(child, f"{name}.")
            else:
                walk(child, prefix)

    walk(tree, "")
    return found


def too_long(base: Path = PACKAGE) -> dict[str, int]:
    """Every class over CLASS_LINES and every function over FUNCTION_LINES under ``base``."""
    over: dict[str, int] = {}
    for path in sorted(base.rglob("*.py")):
        for name, (kind, lines) in sizes(path, base).items():
            if lines > (CLASS_LINES if kind == "class" else FUNCTION_LINES):
                over[name] = lines
    return over


def test_every_class_and_function_fits_in_one_reading():
    over = too_long()
    new = {name: lines for name, lines in over.items() if name not in ALLOWED}
    assert not new, (
        f"over {CLASS_LINES} lines (a class) or {FUNCTION_LINES} (a function): {new}; "
        "split it by job"
    )
    grown = {n: (over[n], ALLOWED[n][0]) for n in over if n in ALLOWED and over[n] > ALLOWED[n][0]}
    assert not grown, f"grown past the length allowed (now, allowed): {grown}"


def test_the_allow_list_only_shrinks():
    over = too_long()
    stale = [name for name in ALLOWED if name not in over]
    assert not stale, f"no longer over the limit: take them off ALLOWED: {stale}"
    assert len(ALLOWED) <= MOST_ALLOWED, "ALLOWED may only shrink: split the new part instead"
    assert all(why.strip() for _lines, why in ALLOWED.values()), "each exception says why"


def test_the_table_app_is_the_wiring_of_its_parts():
    lines = sizes(APP)["client/table/app.py::TableApp"][1]
    assert lines <= APP_LINES, (
        f"TableApp is {lines} lines, more than {APP_LINES}: give the new job a part of its own "
        "in client/table/ (model/saving, view/camera_rig, hud/overlays, controls/table_input...)"
    )


def test_the_size_checks_can_fail(tmp_path):
    big = tmp_path / "big.py"
    body = "    x = 1\n" * CLASS_LINES
    big.write_text(f"class Big:\n{body}\n\ndef long():\n" + "    y = 2\n" * FUNCTION_LINES, "utf-8")
    found = sizes(big, tmp_path)
    assert found["big.py::Big"] == ("class", CLASS_LINES + 1)
    assert found["big.py::long"] == ("function", FUNCTION_LINES + 1)
    assert too_long(tmp_path) == {
        "big.py::Big": CLASS_LINES + 1,
        "big.py::long": FUNCTION_LINES + 1,
    }


def test_methods_are_measured_inside_their_class(tmp_path):
    nested = tmp_path / "nested.py"
    nested.write_text("class A:\n    def m(self):\n" + "        z = 3\n" * FUNCTION_LINES, "utf-8")
    assert sizes(nested, tmp_path)["nested.py::A.m"] == ("function", FUNCTION_LINES + 1)
    assert "nested.py::A.m" in too_long(tmp_path)
