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


# ---- type: one scale of sizes -------------------------------------------------------------------
# The modules that size words over the scene from the window's height: each takes its sizes from
# style.py's type scale (KICKER, SMALL, BODY, LEAD, TITLE, FIGURE), none writes a share of its own.
SIZED = sorted(
    {
        *PANELS,
        PACKAGE / "client" / "table" / "view" / "podium.py",
        PACKAGE / "client" / "apps" / "demo_stage.py",
        PACKAGE / "client" / "scene" / "card_panel.py",
    }
)
SIZE_WORDS = ("LINE_SHARE", "LINE_MIN_PX", "MIN_PX", "TEXT_PX", "TEXT_SHARE")


def own_sizes(source: str) -> list[int]:
    """The lines where ``source`` writes a type size of its own: a number bound to a name of a
    line's share or least pixels, or a TextStyle made of numbers."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            names += [
                e.id
                for t in node.targets
                if isinstance(t, ast.Tuple)
                for e in t.elts
                if isinstance(e, ast.Name)
            ]
            numbers = [
                v
                for v in ast.walk(node.value)
                if isinstance(v, ast.Constant) and isinstance(v.value, float)
            ]
            if numbers and any(w in n for n in names for w in SIZE_WORDS):
                lines.append(node.lineno)
        elif isinstance(node, ast.Call):
            f = node.func
            called = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
            if (
                called in ("TextStyle", "TypeSize")
                and node.args
                and all(isinstance(a, ast.Constant) for a in node.args)
            ):
                lines.append(node.lineno)
    return sorted(lines)


def test_every_panel_takes_its_type_sizes_from_the_style_module():
    own = {}
    for path in SIZED:
        found = own_sizes(path.read_text("utf-8"))
        if found:
            own[path.relative_to(PACKAGE).as_posix()] = found
    assert not own, f"type sizes written in panel modules, not taken from style.py: {own}"
    # And the scale is a scale: each size larger than the one before it.
    steps = [style.KICKER, style.SMALL, style.BODY, style.LEAD, style.TITLE, style.FIGURE]
    assert all(
        a.share < b.share and a.min_px <= b.min_px for a, b in zip(steps, steps[1:], strict=False)
    )


def test_the_reader_finds_sizes_written_out():
    bad = (
        "LINE_SHARE, LINE_MIN_PX = 0.027, 14.0\n"
        "HELP_MIN_PX = 14.0\n"
        "STATUS = TextStyle(0.036, 16.0)\n"
    )
    assert own_sizes(bad) == [1, 2, 3]
    good = "STATUS = style.LEAD\nLINE = style.BODY\nPANEL_SHARE = 0.36\n"
    assert own_sizes(good) == []
