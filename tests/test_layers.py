"""The package's shape: the layer contracts of pyproject.toml (import-linter) hold, and no module
imports another in a circle, not even through an import hidden inside a function."""

from __future__ import annotations

import os
from pathlib import Path

import grimp
from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parent.parent


def test_the_import_linter_contracts_hold(monkeypatch):
    monkeypatch.chdir(ROOT)  # import-linter finds the package from the working folder
    monkeypatch.syspath_prepend(str(ROOT))
    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True) == 0


def import_circles(graph: grimp.ImportGraph, package: str) -> list[list[str]]:
    """Every group of modules that import each other in a circle (Tarjan's strongly connected
    components with more than one module, or a module importing itself)."""
    modules = sorted(m for m in graph.modules if m == package or m.startswith(package + "."))
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []
    counter = 0

    def visit(start: str) -> None:  # iterative, so deep chains cannot hit the recursion limit
        nonlocal counter
        work = [(start, iter(sorted(graph.find_modules_directly_imported_by(start))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if not child.startswith(package):
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append(
                        (child, iter(sorted(graph.find_modules_directly_imported_by(child))))
                    )
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        m = stack.pop()
                        on_stack.discard(m)
                        group.append(m)
                        if m == node:
                            break
                    if len(group) > 1 or node in graph.find_modules_directly_imported_by(node):
                        circles.append(sorted(group))

    for m in modules:
        if m not in index:
            visit(m)
    return circles


def _graph() -> grimp.ImportGraph:
    cwd = os.getcwd()
    try:
        os.chdir(ROOT)
        # An import under TYPE_CHECKING names a type for the checker and ties nothing at run
        # time (as the import-linter contracts in pyproject.toml read them too).
        return grimp.build_graph("blueprints3d", cache_dir=None, exclude_type_checking_imports=True)
    finally:
        os.chdir(cwd)


def test_no_module_imports_another_in_a_circle():
    assert import_circles(_graph(), "blueprints3d") == []


def test_the_circle_finder_finds_a_circle_hidden_in_a_function():
    graph = _graph()
    # As if dice_model imported materials at the top and materials imported dice_model inside
    # a function (grimp reads imports at every level, so the hidden one counts the same).
    graph.add_import(
        importer="blueprints3d.client.render.materials",
        imported="blueprints3d.client.scene.dice_model",
    )
    circles = import_circles(graph, "blueprints3d")
    assert any(
        {"blueprints3d.client.render.materials", "blueprints3d.client.scene.dice_model"} <= set(c)
        for c in circles
    )
