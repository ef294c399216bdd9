"""Measuring the 2D screens in render2d units: a DirectGUI item's frame, a text's letters, the
pixels of a line of type, and whether rects overlap or lie inside a panel; the language the
screens speak (shared by the layout tests: tests/client/table/test_screens_layout.py,
test_layout_languages.py, test_hud_layout.py, test_hud_mirror.py)."""

from __future__ import annotations

from panda3d.core import Point3


def _to_r2d(chain, render2d, point):
    """``point`` in the space of ``chain[0]``, through its parents' transforms up to ``chain[-1]``
    (a node in the scene graph), in render2d units. DirectGUI children hang from their parent's
    state node, outside the scene graph, so each hop is taken by hand."""
    p = Point3(point)
    for np_ in chain[:-1]:
        p = np_.get_mat().xform_point(p)
    return render2d.get_relative_point(chain[-1], p)


def _rect(chain, render2d, fr):
    xs, zs = [], []
    for x in (fr[0], fr[1]):
        for z in (fr[2], fr[3]):
            p = _to_r2d(chain, render2d, Point3(x, 0, z))
            xs.append(p.x)
            zs.append(p.z)
    return min(xs), max(xs), min(zs), max(zs)


def frame_rect(np_, render2d, chain=()):
    """A DirectGUI item's frame (its PGItem's) in render2d units: (left, right, bottom, top)."""
    return _rect([np_, *chain], render2d, np_.node().get_frame())


def text_rect(text, render2d, chain=()):
    """An OnscreenText's letters' box in render2d units."""
    tn = text.node()
    return _rect(
        [text, *chain], render2d, (tn.get_left(), tn.get_right(), tn.get_bottom(), tn.get_top())
    )


def text_px(text, render2d, h, chain=()):
    """An OnscreenText's line, in pixels from line to line."""
    lh = text.node().get_line_height()
    a = _to_r2d([text, *chain], render2d, Point3(0, 0, 0))
    b = _to_r2d([text, *chain], render2d, Point3(0, 0, lh))
    return abs(b.z - a.z) * h / 2


def speak(lang: str) -> None:
    """Show the interface in ``lang`` from now on (its words, fonts and direction)."""
    from blueprints3d.client.scene.script_text import use_language

    use_language(lang)


def centre_x(r) -> float:
    """The middle of rect ``r`` (left, right, bottom, top) across."""
    return (r[0] + r[1]) / 2


def overlap(a, b) -> bool:
    return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]


def inside(a, b, slack=1e-4) -> bool:
    return (
        a[0] >= b[0] - slack
        and a[1] <= b[1] + slack
        and a[2] >= b[2] - slack
        and a[3] <= b[3] + slack
    )


def children(widget):
    """The DirectGUI widgets hanging from ``widget``."""
    from direct.gui.DirectGuiBase import DirectGuiWidget

    found = []
    for c in widget.get_children():
        w = DirectGuiWidget.guiDict.get(c.get_name().split("-")[-1])
        if w is not None and w == c:
            found.append(w)
    return found


def texts(widget, chain=()):
    """(OnscreenText, chain up to the frame) of every text of ``widget`` and its children."""
    out = []
    chain = [*chain] if chain else [widget]
    for name in widget.components():
        comp = widget.component(name)
        if name.startswith("text") and not comp.is_empty() and comp.node().get_text().strip():
            out.append((comp, chain))
    for child in children(widget):
        if (
            child.is_hidden()
            or type(child).__name__ == "DirectFrame"
            and child["frameColor"] is None
        ):
            continue
        out += texts(child, [child, *chain])
    return out


def text_sizes(frame, render2d, h):
    """(text, pixels from line to line) of every text of the screen's ``frame``."""
    return [(t.node().get_text(), text_px(t, render2d, h, chain)) for t, chain in texts(frame)]


def widget_rects(screen, render2d):
    """Every label, choice, entry, box and button of the form: name -> rect."""
    from direct.gui.DirectGui import (
        DirectButton,
        DirectCheckButton,
        DirectEntry,
        DirectLabel,
        DirectOptionMenu,
    )

    rects = {}
    f = screen.frame
    for i, w in enumerate(children(f)):
        chain = (w, f)
        if isinstance(w, DirectCheckButton):
            rects[f"{i} box"] = frame_rect(w.component("indicator"), render2d, chain)
            if w["text"]:  # words of its own must not lie under the box either
                rects[f"{i} box text"] = text_rect(w.component("text0"), render2d, chain)
        elif isinstance(w, (DirectOptionMenu, DirectEntry, DirectButton)):
            rects[f"{i} {type(w).__name__}"] = frame_rect(w, render2d, (f,))
        elif isinstance(w, DirectLabel) and w["text"]:
            rects[f"{i} label {w['text'][:20]}"] = text_rect(w.component("text0"), render2d, chain)
    return rects


def assert_laid_out(rects, panel, size):
    """Every rect inside ``panel`` (nothing clipped by it) and no two overlapping."""
    for name, r in rects.items():
        assert inside(r, panel), (size, name, r, panel)
    names = list(rects)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert not overlap(rects[a], rects[b]), (size, a, rects[a], b, rects[b])


def menus_have_room(screen, render2d, px_per_unit, margin_px=2.0):
    """Every drop-down of ``screen``: its chosen word lies inside its frame with a margin, and
    left of its marker (right of it in a mirrored menu, whose marker is at the left) (the word used to run into the marker and touch the frame's edges):
    ``margin_px`` pixels at least.
    Returns how many were checked."""
    from direct.gui.DirectGui import DirectOptionMenu

    f = screen.frame
    checked = 0
    for w in children(f):
        if not isinstance(w, DirectOptionMenu):
            continue
        for item in range(len(w["items"])):
            w.set(item, fCommand=0)
            frame = frame_rect(w, render2d, (f,))
            text = w.component("text0")
            lo, hi = text.get_tight_bounds(text)  # the letters themselves
            word = _rect([text, w, f], render2d, (lo.x, hi.x, lo.z, hi.z))
            marker = frame_rect(w.component("popupMarker"), render2d, (w, f))
            margin = margin_px / px_per_unit
            assert word[2] >= frame[2] + margin and word[3] <= frame[3] - margin, (
                w["items"][item],
                word,
                frame,
            )
            if (marker[0] + marker[1]) / 2 < (frame[0] + frame[1]) / 2:
                # A mirrored menu (Persian, client/scene/mirror.py): its marker at the left, the
                # word right of it, with the same margins taken from the other side.
                assert word[1] <= frame[1] - margin, (w["items"][item], word, frame)
                assert word[0] >= marker[1] + margin, (w["items"][item], word, marker)
            else:
                assert word[0] >= frame[0] + margin, (w["items"][item], word, frame)
                assert word[1] <= marker[0] - margin, (w["items"][item], word, marker)
            checked += 1
    return checked
