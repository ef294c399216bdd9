"""Text in every script: Persian is shaped by HarfBuzz (its letters join), a line that
mixes Persian, Latin and numbers reads in the right order, each script gets a font that has its
letters, and Latin text in a left-to-right interface is left exactly as it was."""

from __future__ import annotations

import re

import sys
from pathlib import Path

import numpy as np
import pytest
from panda3d.core import (
    ConfigVariableBool,
    NodePath,
    OrthographicLens,
    TextNode,
    TextPropertiesManager,
)

import blueprints3d.i18n as i18n
from blueprints3d import resources
from blueprints3d.client.render.capture import close_view, open_view, render_frames
from blueprints3d.client.scene import script_text
from blueprints3d.client.scene.script_text import (
    ScriptText,
    font,
    interface_font,
    panda_line,
    panda_text,
)

MIXED = "بازی Blueprints 3 امتیاز ۱۲"  # "game Blueprints 3 points 12"


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def node_for(text: str, script: str = "persian") -> TextNode:
    node = TextNode("probe")
    node.set_font(font(script))
    node.set_text(text)
    return node


def glyph_count(text: str, script: str = "persian") -> int:
    """How many glyphs Panda3D places for ``text``: each is one quad, two triangles."""
    root = NodePath(node_for(text, script).generate())
    quads = 0
    for geom_np in root.find_all_matches("**/+GeomNode"):
        geom_node = geom_np.node()
        for i in range(geom_node.get_num_geoms()):
            geom = geom_node.get_geom(i)
            quads += (
                sum(
                    geom.get_primitive(k).get_num_primitives()
                    for k in range(geom.get_num_primitives())
                )
                // 2
            )
    return quads


def test_harfbuzz_is_on_for_the_program(offscreen_base):
    assert ConfigVariableBool("text-use-harfbuzz").get_value()


def test_persian_letters_join(offscreen_base):
    # Four behs joined are initial, medial, medial, final forms: far narrower than four isolated
    # ones (kept apart by ZWNJ, which forbids joining). Without shaping both are the same width.
    joined = node_for("بببب").get_width()
    apart = node_for("\u200c".join("بببب")).get_width()
    assert joined < 0.7 * apart, (joined, apart)
    # A real word, and lam-alef: one ligature glyph when shaped, two letters when kept apart.
    assert node_for("فارسی").get_width() < node_for("\u200c".join("فارسی")).get_width()
    assert glyph_count("لا") == 1 and glyph_count("ل\u200cا") == 2


def test_zwnj_stays_inside_a_persian_word():
    # "می‌خواهم": the ZWNJ parts two halves of one word; it is neither a space nor a run boundary.
    i18n.set_language("fa")
    out = panda_line("می‌خواهم")
    assert "\u200c" in out and " " not in out
    assert out.count("\1bp-rtl\1") == 1


def test_a_latin_line_in_a_left_to_right_interface_is_left_as_it_is():
    for lang in ("en", "de"):
        i18n.set_language(lang)
        for text in ("Blueprints 3: take a die", "Größe 5 (Holz)", "", "a\nb"):
            assert panda_text(text) == text


def strip(markup: str) -> list[tuple[str, bool, set[str]]]:
    """The runs ``panda_line`` made, left to right: (text, right to left?, the fonts named in it).
    The spaces between runs are left out."""
    out: list[tuple[str, bool, set[str]]] = []
    i = 0
    while i < len(markup):
        if markup[i] != "\1":
            assert markup[i] == " ", markup  # only spaces stand between runs
            i += 1
            continue
        j = markup.index("\1", i + 1)
        direction, i = markup[i + 1 : j], j + 1
        depth, text, fonts = 1, "", set()
        while depth:
            c = markup[i]
            if c == "\1":
                j = markup.index("\1", i + 1)
                fonts.add(markup[i + 1 : j])
                i, depth = j + 1, depth + 1
            elif c == "\2":
                i, depth = i + 1, depth - 1
            else:
                text, i = text + c, i + 1
        out.append((text, direction == "bp-rtl", fonts))
    return out


def test_a_mixed_line_is_cut_into_runs_in_the_order_they_are_shown():
    i18n.set_language("fa")
    runs = strip(panda_line(MIXED))
    # Left to right on screen: ۱۲, then "امتیاز", then "Blueprints 3" (left to right, its own
    # font), then "بازی", the first word read, at the right end.
    assert [(t, rtl) for t, rtl, _f in runs] == [
        ("۱۲", False),
        ("امتیاز", True),
        ("Blueprints 3", False),
        ("بازی", True),
    ]
    # Vazirmatn has Latin letters: no other font for them (one line height, one look).
    assert [f for t, _r, f in runs if "Blueprints" in t] == [set()]
    manager = TextPropertiesManager.get_global_ptr()
    assert (
        manager.get_properties("bp-rtl").get_direction() == manager.get_properties("bp-rtl").D_rtl
    )


def render_line(
    base, text: str, width: int = 900, height: int = 80, reference: str | None = None
) -> np.ndarray:
    """``text`` drawn white on black, as the interface draws it, and returned as a grey image.
    ``reference`` ("ltr" or "rtl"): drawn as one run of that direction in its script's font,
    without ``shown``, to know what a word looks like on its own."""
    view = open_view(base, width, height, "script-text")
    try:
        lens = OrthographicLens()
        lens.set_film_size(width / 40, height / 40)
        view.cam.node().set_lens(lens)
        scene = NodePath("script-text-scene")
        view.cam.node().set_scene(scene)
        view.output.set_clear_color((0, 0, 0, 1))
        node = TextNode("line")
        node.set_font(script_text.interface_font())
        node.set_text_color(1, 1, 1, 1)
        node.set_align(TextNode.A_center)
        if reference is None:
            node.set_text(panda_text(text))
        else:
            ui = script_text.interface_script()
            script = ui if script_text.has_glyph(ui, text[0]) else script_text.script_of(text[0])
            node.set_font(font(script or ui))
            node.set_direction(node.D_rtl if reference == "rtl" else node.D_ltr)
            node.set_text(text)
        text_np = scene.attach_new_node(node.generate())
        text_np.set_pos(0, 10, -0.3)
        text_np.set_p(0)
        view.cam.set_pos(0, 0, 0)
        view.cam.look_at(0, 1, 0)
        render_frames(base, 2)
        img = view.grab()
    finally:
        close_view(base, view)
    return img[..., :3].mean(axis=2)


def where(image: np.ndarray, piece: np.ndarray) -> int:
    """The column where ``piece`` (cropped to its ink) best matches ``image``."""
    ys, xs = np.nonzero(piece > 60)
    crop = piece[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    crop = crop - crop.mean()
    best, at = -1.0, -1
    for dy in range(0, image.shape[0] - crop.shape[0] + 1):
        band = image[dy : dy + crop.shape[0]]
        for x in range(0, image.shape[1] - crop.shape[1] + 1):
            window = band[:, x : x + crop.shape[1]]
            window = window - window.mean()  # zero-mean: black on black matches nothing
            score = float((window * crop).sum()) / (
                np.linalg.norm(window) * np.linalg.norm(crop) + 1e-9
            )
            if score > best:
                best, at = score, x
    assert best > 0.9, f"not found (best match {best:.2f})"
    return at


def test_a_mixed_line_reads_in_the_right_order_on_screen(offscreen_base):
    i18n.set_language("fa")
    line = render_line(offscreen_base, MIXED)
    words = {
        w: render_line(offscreen_base, w, reference=d)
        for w, d in (("بازی", "rtl"), ("Blueprints", "ltr"), ("امتیاز", "rtl"), ("۱۲", "ltr"))
    }
    # Each word is found as itself (where() needs a 0.9 match): "Blueprints", not "stnirpeulB";
    # ۱۲, not ۲۱. Read right to left, بازی, Blueprints 3, امتیاز, ۱۲; so on screen, from the left:
    x = {w: where(line, img) for w, img in words.items()}
    assert x["۱۲"] < x["امتیاز"] < x["Blueprints"] < x["بازی"], x


def test_each_script_gets_a_font_with_its_letters(offscreen_base):
    from panda3d.core import DynamicTextGlyph

    def has(script: str, c: str) -> bool:
        return isinstance(font(script).get_glyph(ord(c)), DynamicTextGlyph)

    assert all(has("persian", c) for c in "فارسی۰۱۲۳۴۵۶۷۸۹پچژگ")
    assert all(has("cjk", c) for c in "蓝图骰子玻璃木材石料循环材料奖")
    assert not has("latin", "蓝")  # why the others are needed
    # DejaVu Sans (the Latin font) has Arabic letters, but Persian is set in Vazirmatn.
    assert interface_font("fa") is font("persian") and interface_font("de") is font("latin")


def test_every_character_of_the_chinese_and_persian_catalogues_has_a_glyph(offscreen_base):
    from panda3d.core import DynamicTextGlyph

    sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools"))
    from compile_catalogues import entries

    for lang in ("zh", "fa"):
        text = "".join(
            "".join(e.strings)
            for e in entries(
                resources.folder("blueprints3d.locale") / lang / "LC_MESSAGES" / "blueprints3d.po"
            )
        )
        missing = set()
        for c in set(text):
            script = script_text.script_of(c) or script_text.interface_script(lang)
            if c in " \n\t{}\u200c\u200d" or c.isspace():
                continue
            if not isinstance(font(script).get_glyph(ord(c)), DynamicTextGlyph):
                missing.add(c)
        assert not missing, f"{lang}: no glyph for {sorted(missing)} (run tools/subset_fonts.py)"


def test_a_name_in_another_script_than_the_interface_gets_its_own_font():
    i18n.set_language("de")
    out = panda_line("Zug von 王芳 und علی")
    runs = strip(out)
    assert "\1bp-font-cjk\1王芳" in out and not any(rtl for t, rtl, _f in runs if "王芳" in t), runs
    assert [(t, rtl, f) for t, rtl, f in runs if "علی" in t] == [
        ("علی", True, {"bp-font-persian"})
    ], runs
    # A font changes only for letters the interface's font lacks: Noto Sans SC has Latin ones.
    i18n.set_language("zh")
    assert "bp-font" not in panda_line("轮到 Anna") and "\1bp-font-persian\1" in panda_line(
        "轮到 علی"
    )


def test_a_wrapped_persian_paragraph_breaks_in_reading_order(offscreen_base):
    i18n.set_language("fa")
    words = ["یک", "دو", "سه", "چهار", "پنج", "شش", "هفت", "هشت"]
    text = " ".join(words)
    out = panda_text(text, wordwrap=6.0, text_font=font("persian"))
    lines = out.split("\n")
    assert len(lines) > 1
    first = "".join(t for t, _r, _f in strip(lines[0]))
    assert "یک" in first and "هشت" not in first  # the first line holds the first words


def test_script_text_gives_back_what_it_was_given(offscreen_base):
    i18n.set_language("fa")
    label = ScriptText(text=MIXED, scale=0.05, mayChange=True)
    try:
        assert label.getText() == MIXED and label.text == MIXED
        assert label.textNode.get_text() != MIXED and "\1bp-rtl\1" in label.textNode.get_text()
        assert label.textNode.get_font() == font("persian")
        label.setText("Blueprints")
        assert label.getText() == "Blueprints"
    finally:
        label.destroy()


def test_parts_in_other_fonts_inside_a_right_to_left_run_stand_in_reading_order():
    # "✓ تاس" read right to left: the tick first, at the right. The tick is in the Latin font,
    # so the run is shaped as two parts, which Panda3D lays out left to right: tick last.
    i18n.set_language("fa")
    out = panda_line("✓ تاس")
    assert out.index("تاس") < out.index("✓"), repr(out)
    # A symbol the interface's font has is no part of its own (no font change for "<" or "×").
    assert "bp-font-latin" not in panda_line("< قبلی") and "bp-font-latin" not in panda_line(
        "۲ × ۳ تاس"
    )


def test_a_path_inside_a_persian_sentence_keeps_its_slashes():
    # "/tmp/a/settings.json" in a right-to-left sentence: without marks its first slash would
    # stand at its far end ("tmp/a/settings.json/"). i18n marks a Latin-only parameter at both
    # ends (LRM); the marks are not drawn.
    i18n.set_language("fa")
    said = i18n._("Saved at once in {where}", where="/tmp/a/settings.json")
    assert "\u200e/tmp/a/settings.json\u200e" in said
    runs = strip(panda_line(said))
    assert ("/tmp/a/settings.json", False, set()) in runs and "\u200e" not in panda_line(said)


def test_a_marked_span_stands_in_a_persian_line_as_one_isolated_run():
    """Issue 42: a Latin value inside a Persian sentence ("B07", a path) is marked with LRMs by
    i18n, which bidi.py reads as strong letters, not as an isolate: "نقشه B07 · ۶ تاس" came out
    read as "نقشه ۶ · B07 تاس" on the share card and the table. Set as an isolate it keeps its
    place in the sentence and its own order ("/home/ann/x.json" with its slash in front)."""
    from blueprints3d.client.scene.script_text import panda_line, picture_text
    from blueprints3d.i18n import speaking

    line = "نقشه \u200eB07\u200e · ۶ تاس"  # "Blueprint {id} · {dice}" in Persian
    with speaking("fa"):
        shown = re.sub("\x01[^\x01]*\x01|\x02", "", panda_line(line))  # runs, left to right
        picture = picture_text(line)
        path = panda_line("بازی در \u200e/home/ann/x.json\u200e ذخیره شد")
    # Read from the right: the blueprint's id first, then the dice.
    assert shown.index("B07") > shown.index("۶"), shown
    assert picture.index("B07") > picture.index("۶"), picture
    assert "\x01bp-ltr\x01/home/ann/x.json\x02" in path
    assert "\u200e" not in shown + picture
