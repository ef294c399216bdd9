"""The share card of `render FILE --card`: the building large, its name as the headline and its
total drawn as words (in the game's sans, no monospace), the materials' chips in the
materials' own colours, the blueprint bonus, and an icon for exactly the Prizes the engine
says the building qualifies for; every part inside the picture, none over another."""

from __future__ import annotations

import json
import sys

import numpy as np
import pytest
from panda3d.core import Filename, PNMImage

from blueprints3d.cli import main
from blueprints3d.client.apps import share
from blueprints3d.client.render import icons, materials
from blueprints3d.client.scene import card_model
from blueprints3d.engine.materials import Material
from blueprints3d.engine.scoring import Prize
from blueprints3d.files.buildfile import build_from_dict

TOWER = {
    "format": 1,
    "blueprint": "B13",  # 6 high: Skyscraper; values 1-6: Geometer
    "stacks": [
        [[], ["wood:1", "glass:2", "wood:3", "glass:4", "wood:5", "glass:6"]],
        [[], []],
        [[], []],
    ],
}
ROW = {
    "format": 1,
    "blueprint": {"grid": [[1, 1, 1, 1, 1, 1]], "id": "wide", "name": "Long Row"},
    "stacks": [[["stone:4"], ["stone:4"], ["wood:4"], ["stone:4"], ["stone:2"], ["stone:6"]]],
}
PLAIN = {
    "format": 1,
    "blueprint": "B07",  # no Prize at all
    "stacks": [
        [["wood:2", "wood:3"], ["glass:3", "glass:5"]],
        [["stone:1"], ["recycled:1"]],
        [[], []],
    ],
}
CUSTOM = {
    "format": 1,
    "blueprint": {"grid": [[1, "X"], [2, 1], [2, "X"]]},
    "stacks": [
        [["recycled:5"], []],
        [["glass:2", "recycled:4"], ["recycled:6"]],
        [["glass:1", "wood:3"], []],
    ],
}
BUILDS = {"tower": TOWER, "row": ROW, "plain": PLAIN, "custom": CUSTOM}
SIZES = [(1280, 720), (1080, 1080), (720, 1280), (480, 270), (1920, 1080), (320, 180), (1200, 1000)]


def grey_building(size, level=90):
    """A stand-in for the render: one flat grey, so whatever the card draws shows against it."""
    return np.full((size[1], size[0], 3), level, np.uint8)


def read_png(path) -> np.ndarray:
    img = PNMImage()
    assert img.read(Filename.from_os_specific(str(path)))
    return share.from_pnm(img)


def inside(box, size) -> bool:
    x, y, w, h = box
    return x >= 0 and y >= 0 and x + w <= size[0] and y + h <= size[1]


def apart(a, b) -> bool:
    return a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0] or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1]


def test_the_name_and_the_total_are_drawn_as_words(offscreen_base, tmp_path):
    """The card `render --card` writes has the headline and the total where the plan puts them:
    the same card without its words differs there (and only round the words)."""
    from blueprints3d.commands.render import render_build

    path = tmp_path / "tower.json"
    path.write_text(json.dumps(TOWER))
    out = tmp_path / "share.png"
    size = (640, 360)
    assert (
        main(
            [
                "render",
                str(path),
                "--card",
                "-o",
                str(out),
                "--size",
                "640x360",
                "--supersample",
                "1",
                "--name",
                "Ann Lee",
            ]
        )
        == 0
    )
    card = read_png(out).astype(int)
    assert card.shape == (360, 640, 3)
    build = build_from_dict(TOWER)
    plan = share.plan(build, size, name="Ann Lee")
    [headline] = plan.find("headline")
    [total] = plan.find("total")
    assert headline.what == "Ann Lee" and total.what == str(build.score().total) == "22"
    assert total.px > 1.8 * headline.px and total.colour == share.GOLD  # the total is big
    building = render_build(build, size, 35.0, True, 36.0, 1, region=plan.region)
    bare = share.compose(plan, building, build, words_on=False).astype(int)
    drawn = np.abs(card - bare).max(axis=2) > 40
    for item in (headline, total):
        x, y, w, h = item.box
        ink = drawn[y : y + h, x : x + w]
        assert ink.mean() > 0.12, item  # the glyphs are there
        assert ink.any(axis=0).mean() > 0.6  # across the whole word
    # Nothing but words differs: every changed pixel lies near a text item.
    near = np.zeros_like(drawn)
    for item in plan.items:
        if item.kind == "text":
            x, y, w, h = item.box
            m = round(item.px * 0.5) + 3
            near[max(0, y - m) : y + h + m, max(0, x - m) : x + w + m] = True
    assert drawn.any() and not (drawn & ~near).any()


def test_the_card_has_no_monospace_font(monkeypatch):
    """Every word is set in the game's sans: the text maker is never given the mono font."""
    from blueprints3d.client.scene import fonts

    opened = []
    real = card_model.PNMTextMaker

    def recording(path, index=0):
        opened.append(Filename(path).get_basename())
        return real(path, index)

    for cached in (card_model.text_maker, share._ink, share._cap_ratio, card_model.card_font_path):
        cached.cache_clear()
    monkeypatch.setattr(card_model, "PNMTextMaker", recording)
    monkeypatch.setattr(
        fonts, "mono_font", lambda: pytest.fail("the share card asked for the mono font")
    )
    try:
        for data in BUILDS.values():
            build = build_from_dict(data)
            for size in ((640, 360), (600, 600)):
                plan = share.plan(build, size, name="Ann")
                share.compose(plan, grey_building(size), build)
                texts = [i for i in plan.items if i.kind == "text"]
                assert texts and {i.font for i in texts} == {"DejaVuSans.ttf"}
    finally:
        for cached in (
            card_model.text_maker,
            share._ink,
            share._cap_ratio,
            card_model.card_font_path,
        ):
            cached.cache_clear()
    assert opened and set(opened) == {"DejaVuSans.ttf"}, opened
    assert fonts.MONO_FONT not in opened


def _chip_colours(build, size, colours=None):
    plan = share.plan(build, size)
    img = share.compose(plan, grey_building(size), build)
    chips = [i for i in plan.items if i.kind == "chip"]
    assert [c.what for c in chips] == [m.label for m in Material]
    out = {}
    for c in chips:
        x, y, w, h = c.box
        core = (
            img[y + h // 3 : y + h - h // 3, x + w // 3 : x + w - w // 3].reshape(-1, 3).astype(int)
        )
        assert (core.max(axis=0) - core.min(axis=0)).max() <= 1  # one flat colour
        out[Material.parse(c.what)] = tuple(core[0])
    return out


@pytest.mark.parametrize("size", [(1280, 720), (1080, 1080)])
def test_the_material_chips_are_the_materials_colours(monkeypatch, size):
    build = build_from_dict(CUSTOM)
    expected = {m: tuple(round(v * 255) for v in materials.BASE_COLOUR[m][:3]) for m in Material}
    got = _chip_colours(build, size)
    for m in Material:
        assert np.abs(np.subtract(got[m], expected[m])).max() <= 1, (m, got[m], expected[m])
    # Taken from the materials, not copied: new colours there are the chips' colours.
    changed = {m: (0.1 + 0.2 * int(m), 0.9 - 0.2 * int(m), 0.5, 1.0) for m in Material}
    monkeypatch.setattr(materials, "BASE_COLOUR", changed)
    got = _chip_colours(build, size)
    for m in Material:
        assert np.abs(np.subtract(got[m], [round(v * 255) for v in changed[m][:3]])).max() <= 1


def _icon_match(patch: np.ndarray, names) -> str:
    """Which icon ``patch`` (a badge's middle, grey) shows: the best correlated of ``names``."""
    best, name = -2.0, ""
    for n in names:
        ref = share.resize(icons.alpha(n), patch.shape[1], patch.shape[0])
        a, b = patch - patch.mean(), ref - ref.mean()
        c = float((a * b).sum() / np.sqrt((a * a).sum() * (b * b).sum() + 1e-9))
        if c > best:
            best, name = c, n
    return name


@pytest.mark.parametrize("name", list(BUILDS))
@pytest.mark.parametrize("size", [(1280, 720), (1080, 1080)])
def test_prize_icons_appear_exactly_for_the_prizes_it_qualifies_for(name, size):
    build = build_from_dict(BUILDS[name])
    won = build.score().prizes
    plan = share.plan(build, size)
    badges = [i for i in plan.items if i.kind == "badge"]
    assert sorted(b.what for b in badges) == sorted(icons.prize_icon(p) for p in won)
    assert set(plan.prizes) == set(won)
    img = share.compose(plan, grey_building(size), build).astype(np.float32)
    gold = np.array([c * 255 for c in share.GOLD])
    is_gold = np.abs(img - gold).max(axis=2) < 12
    allowed = np.zeros_like(is_gold)
    for item in plan.items:
        if item.kind in ("badge", "text") and item.colour == share.GOLD:
            x, y, w, h = item.box
            m = round(item.px * 0.5) + 3
            allowed[max(0, y - m) : y + h + m, max(0, x - m) : x + w + m] = True
    assert not (is_gold & ~allowed).any()  # no disc for a Prize it did not win
    for b in badges:
        x, y, d, _ = b.box
        assert is_gold[y : y + d, x : x + d].mean() > 0.3  # the disc is drawn
        s = round(d * 0.64)
        o = (d - s) // 2
        patch = img[y + o : y + o + s, x + o : x + o + s].mean(axis=2)
        # The icon on it is that Prize's, not another's.
        assert _icon_match(-patch, [icons.prize_icon(p) for p in Prize]) == b.what
    if not won:
        assert [i.what for i in plan.find("no-prizes")] == ["No Prizes this time"]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", list(BUILDS))
def test_every_part_is_inside_and_no_words_overlap(name, size):
    build = build_from_dict(BUILDS[name])
    plan = share.plan(build, size, name="Annabelle the Magnificent Architect")
    w, h = size
    assert inside(plan.panel, size)
    for item in plan.items:
        assert inside(item.box, size), item
    drawn = [i for i in plan.items if i.kind in ("text", "chip", "badge", "face")]
    for k, a in enumerate(drawn):
        for b in drawn[k + 1 :]:
            assert apart(a.box, b.box), (a, b)
    # The panel's parts lie on the panel; only the headline's block may stand over the picture.
    px, py, pw, ph = plan.panel
    on_picture = {"kicker", "headline", "subtitle"}
    for item in drawn:
        if item.role not in on_picture or w >= share.WIDE * h:
            x, y, iw, ih = item.box
            assert px <= x and x + iw <= px + pw and py <= y and y + ih <= py + ph, item
    left, right, bottom, top = plan.region
    assert -1 <= left < right <= 1 and -1 <= bottom < top <= 1
    assert (right - left) * (top - bottom) >= 0.25 * 4  # the building has a good part of it
    # The numbers are the engine's.
    score = build.score()
    got = {i.role.split(":")[1]: int(i.what) for i in plan.items if i.role.startswith("points:")}
    assert got == {m.label: getattr(score, m.label) for m in Material}
    [bonus] = plan.find("bonus")
    assert bonus.what == (f"+{score.blueprint}" if score.blueprint else "0")


def test_the_headline_is_the_blueprints_name_unless_named():
    build = build_from_dict(TOWER)
    assert [i.what for i in share.plan(build, (1280, 720)).find("headline")] == ["Lighthouse"]
    named = share.plan(build, (1280, 720), name="Ann")
    assert [i.what for i in named.find("headline")] == ["Ann"]
    assert [i.what for i in named.find("subtitle")] == ["B13 Lighthouse \u00b7 6 dice"]


def test_the_card_needs_no_pillow(offscreen_base, tmp_path, monkeypatch):
    for name in [m for m in sys.modules if m == "PIL" or m.startswith("PIL.")] + [
        "PIL",
        "PIL.Image",
    ]:
        monkeypatch.setitem(sys.modules, name, None)
    path = tmp_path / "b.json"
    path.write_text(json.dumps(PLAIN))
    out = tmp_path / "share.png"
    assert (
        main(
            [
                "render",
                str(path),
                "--card",
                "-o",
                str(out),
                "--size",
                "320x180",
                "--supersample",
                "1",
                "--quick",
            ]
        )
        == 0
    )
    assert read_png(out).shape == (180, 320, 3)


def test_a_custom_card_shares_its_drawn_face(offscreen_base):
    from blueprints3d.presentation.sandbox_model import SandboxBuilding, blank_grid

    m = SandboxBuilding(blank_grid(2, 4))
    assert m.place(Material.GLASS, 3, 5) is None
    build = m.build()
    size = (640, 360)
    plan = share.plan(build, size)
    img = share.compose(plan, np.zeros((360, 640, 3), np.uint8), build)
    [face] = plan.find("face")
    x, y, w, h = face.box
    assert w > h  # 2 rows x 4 columns: a card lying wide
    assert img[y : y + h, x : x + w].mean() > 150  # the paper


@pytest.mark.parametrize(
    "lang, font, headline",
    [("zh", "NotoSansSC-Subset.otf", "灯塔"), ("fa", "Vazirmatn-Regular.ttf", "فانوس دریایی")],
)
def test_the_card_speaks_chinese_and_persian_in_their_fonts(lang, font, headline):
    from blueprints3d.client.scene.script_text import picture_text
    from blueprints3d.i18n import number, set_language
    from blueprints3d.i18n.arabic_forms import presentation_forms

    set_language(lang)
    try:
        build = build_from_dict(TOWER)
        plan = share.plan(build, (1280, 720))
        words = [i for i in plan.items if i.kind == "text"]
        [title] = plan.find("headline")
        assert title.what == headline and title.font == font
        # Words in the script's letters take its font; the card says no English word.
        scripted = [
            i for i in words if any(ord(c) >= 0x2E80 or 0x600 <= ord(c) <= 0x6FF for c in i.what)
        ]
        assert len(scripted) >= 6 and {i.font for i in scripted} == {font}
        assert not any(
            w in i.what for i in words for w in ("building points", "Prizes", "Blueprint bonus")
        )
        [total] = plan.find("total")
        assert total.what == number(build.score().total, lang)  # Persian digits in Persian
        if lang == "fa":
            # What the rasteriser is given: joined forms, in screen order.
            drawn = picture_text(title.what, rtl=True)
            assert drawn != title.what and set(presentation_forms(title.what)) == set(drawn)
        drawn_items = [i for i in plan.items if i.kind in ("text", "chip", "badge", "face")]
        for k, a in enumerate(drawn_items):
            for b in drawn_items[k + 1 :]:
                assert apart(a.box, b.box), (a, b)
    finally:
        set_language("en")


@pytest.mark.parametrize("size", [(1280, 720), (1080, 1080)])
def test_a_persian_card_is_mirrored_and_signs_its_bonus_as_read(size):
    """Issue 42: in Persian the card was laid out as in English (the panel at the right, every
    label at the left of its figure) and its bonus read "+۶". Mirrored: the panel at the left
    of a wide card, the building framed at the right, each label right of its figure; the bonus
    shown "۶+" (read right to left: the sign, then the figure)."""
    from blueprints3d.i18n import speaking

    build = build_from_dict(PLAIN)
    english = share.plan(build, size)
    with speaking("fa"):
        plan = share.plan(build, size)
    w, h = size
    if w >= share.WIDE * h:
        assert english.panel[0] > w / 2 and plan.panel[0] == 0
        assert plan.region[0] > english.region[0] and plan.region[1] == 1.0
    # The bonus ends where the English starts mirrored, its label starts at the English start.
    [en], [fa] = english.find("bonus"), plan.find("bonus")
    assert abs(fa.box[0] - (w - en.box[0] - en.box[2])) <= 1
    [en], [fa] = english.find("bonus-label"), plan.find("bonus-label")
    assert abs(fa.box[0] + fa.box[2] - (w - en.box[0])) <= 1
    [label], [bonus] = plan.find("bonus-label"), plan.find("bonus")
    assert bonus.box[0] < label.box[0]  # the figure at the left, its label at the right
    score = build.score()
    assert score.blueprint > 0 and bonus.what == f"{score.blueprint}+".translate(
        str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
    )
    for item in plan.items:
        assert inside(item.box, size), item
