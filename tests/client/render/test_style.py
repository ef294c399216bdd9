"""Issue 43: one design language. Every panel, screen, button and label drawn over the scene (the
table's HUD and screens, the network signs, the viewer, the demos, the share card) takes its
colours from one module, client/render/style.py, whose palette is the share card's: no panel
module writes a colour of its own."""

from __future__ import annotations

import ast
from pathlib import Path

from blueprints3d.client.render import style

PACKAGE = Path(__file__).resolve().parents[3] / "blueprints3d"
PANELS = sorted(
    [
        *(PACKAGE / "client" / "table" / "hud").glob("*.py"),
        *(PACKAGE / "client" / "table" / "net").glob("*.py"),
        *(
            PACKAGE / "client" / "apps" / f
            for f in ("share.py", "viewer.py", "demo_player.py", "demo_callouts.py")
        ),
    ]
)
# Keyword arguments and names that hold a colour (DirectGUI's and OnscreenText's, and ours).
COLOUR_WORDS = ("color", "colour", "fg", "bg", "rgba", "rgb", "panel", "text", "title", "note")


def _is_colour_literal(node: ast.AST) -> bool:
    """A tuple of three or four numbers from 0 to 1: a colour written out."""
    if not isinstance(node, ast.Tuple) or len(node.elts) not in (3, 4):
        return False
    values = [e.value for e in node.elts if isinstance(e, ast.Constant)]
    return len(values) == len(node.elts) and all(
        isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1 for v in values
    )


def _colour_named(name: str) -> bool:
    return any(w in name.lower() for w in COLOUR_WORDS) or name.isupper()


def own_colours(source: str) -> list[int]:
    """The lines where ``source`` writes a colour of its own: a colour tuple given to a colour
    keyword or a colour call, or bound to a constant or a colour-named variable."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.keyword) and node.arg and _colour_named(node.arg):
            if _is_colour_literal(node.value):
                lines.append(node.value.lineno)
        elif isinstance(node, ast.Assign) and _is_colour_literal(node.value):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            if any(_colour_named(n) for n in names):
                lines.append(node.value.lineno)
        elif isinstance(node, ast.Call):
            f = node.func
            called = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
            if (
                "color" in called.lower()
                and len(node.args) >= 3
                and all(isinstance(a, ast.Constant) for a in node.args[:3])
            ):
                lines.append(node.lineno)
            if called == "text" and node.args and _is_colour_literal(node.args[0]):
                lines.append(node.lineno)
    return sorted(lines)


def test_every_panel_takes_its_colours_from_the_style_module():
    assert len(PANELS) >= 20
    own = {}
    for path in PANELS:
        source = path.read_text("utf-8")
        found = own_colours(source)
        if found:
            own[path.relative_to(PACKAGE).as_posix()] = found
    assert not own, f"colours written in panel modules, not taken from style.py: {own}"


def test_the_panels_that_draw_read_the_style_module():
    drawing = [
        p for p in PANELS if "DirectFrame" in p.read_text() or "OnscreenText" in p.read_text()
    ]
    assert drawing
    missing = [
        p.name
        for p in drawing
        if "client.render import style" not in p.read_text("utf-8")
        and "from blueprints3d.client.table.hud.screens import" not in p.read_text("utf-8")
    ]
    assert not missing, missing


def test_the_palette_is_the_share_cards():
    from blueprints3d.client.apps import share

    assert share.PANEL == style.PANEL_RGB and share.INK == style.INK_RGB
    assert share.GOLD == style.GOLD_RGB and share.MUTED == style.MUTED_RGB
    assert style.PANEL[:3] == style.PANEL_RGB and style.GOLD[:3] == style.GOLD_RGB


def test_the_reader_finds_colours_written_out():
    bad = (
        "A = dict(frameColor=(0.05, 0.06, 0.09, 1))\n"
        "TITLE = (1.0, 0.85, 0.45, 1)\n"
        "tp.set_text_color(0.78, 0.84, 0.92, 1)\n"
        "x = text((0.92, 0.92, 0.85, 1))\n"
    )
    assert own_colours(bad) == [1, 2, 3, 4]
    good = "A = dict(frameColor=style.PANEL)\nSHARES = (0.35, 0.65)\nx = text(style.INK)\n"
    assert own_colours(good) == []
