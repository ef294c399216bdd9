"""The share card (``blueprints3d render FILE --card -o share.png``): one designed picture of a
building to post.

The building fills the picture, rendered large by ``render`` (its framing kept to the part the
panel leaves free: ``Plan.region``); a dark panel beside it (below it, in a square or tall
picture) holds, in the game's sans (DejaVu Sans, shipped in ``client/scene/fonts``; no
monospace listing):

- a small "BLUEPRINTS" line and the headline: the player's or the build's name (``--name``,
  else the blueprint's), with the card and the number of dice under it;
- the building's total score, big, and beside it each material's points in a small table, a
  chip in the material's colour before each (``materials.BASE_COLOUR``, the one place the
  dice's colours are defined);
- the blueprint card's face with its drawing (the card's baked textures, or drawn now for a
  custom grid) and the blueprint bonus: its points, and whether the building followed it;
- the Prizes it qualifies for, each as its icon on a gold disc with its title (the icons of
  ``client/render/icons.py``; none: "No Prizes").

Every number is the engine's (``Build.score``). The picture is composed with numpy over the
render, the words rasterised by Panda3D's ``PNMTextMaker`` (FreeType): no Pillow needed.
``plan`` lays the card out without drawing (what goes where, as ``Item``s); ``compose`` draws
a plan over the building's picture.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from functools import lru_cache

import numpy as np
from panda3d.core import Filename, PNMImage, PNMTextMaker, Texture

from blueprints3d.client.render import style
from blueprints3d.client.render import assets, icons
from blueprints3d.client.scene import card_model
from blueprints3d.client.scene.card_panel import capitals as spaced
from blueprints3d.client.scene.card_panel import material_chip
from blueprints3d.engine.materials import Material
from blueprints3d.engine.rules import Prize
from blueprints3d.files.buildfile import Build
from blueprints3d.i18n import N_, _, n_, translate
from blueprints3d.i18n import number as i18n_number
from blueprints3d.client.scene.script_text import (
    CJK_FONT,
    PERSIAN_FONT,
    is_rtl,
    picture_script,
    picture_text,
)
from blueprints3d.i18n import bidi
from blueprints3d.presentation.words import title_word

RGB = tuple[float, float, float]
Box = tuple[int, int, int, int]  # x, y from the top left, width, height (pixels)

FONT = card_model.CARD_FONT  # DejaVu Sans: every Latin word of the card
PICTURE_FONTS = {"latin": FONT, "persian": PERSIAN_FONT, "cjk": CJK_FONT}  # by the words' letters
# The program's design language (client/render/style.py): this card is where it comes from.
PANEL: RGB = style.PANEL_RGB  # the panel's ground
PANEL_ALPHA = style.PANEL_ALPHA  # over the table: the walnut shows faintly through
INK: RGB = style.INK_RGB  # the headline, the table's words
MUTED: RGB = style.MUTED_RGB  # small print
GOLD: RGB = style.GOLD_RGB  # the total, the Prize discs
RULE_ALPHA = style.RULE_ALPHA  # the thin lines between the panel's parts
WIDE = 1.2  # from this aspect up the panel stands at the right
BOLD = 0.035  # a bold line's extra stroke, a share of its size
MATERIAL_WORDS = {
    Material.WOOD: N_("Wood"),
    Material.RECYCLED: N_("Recycled"),
    Material.STONE: N_("Stone"),
    Material.GLASS: N_("Glass"),
}


@dataclass(frozen=True)
class Item:
    """One thing on the card. ``kind``: "text" (``what`` its words; ``box`` its line from the
    cap height to the baseline), "chip" (a material's die, ``what`` its label, ``colour`` its
    fill), "badge" (a Prize's disc, ``what`` its icon's name), "face" (the blueprint card),
    "rule" (a thin line) or "scrim" (a darkened band behind words)."""

    kind: str
    what: str
    box: Box
    colour: RGB = INK
    px: float = 0.0
    bold: bool = False
    font: str = FONT
    alpha: float = 1.0
    role: str = ""  # what it is on the card: "headline", "total", ...

    def moved(self, dx: int, dy: int) -> Item:
        x, y, w, h = self.box
        return replace(self, box=(x + dx, y + dy, w, h))


@dataclass
class Plan:
    """A share card laid out: its size, the panel (``panel``: (x, y, w, h), drawn ``PANEL`` at
    ``PANEL_ALPHA``), the part of the picture the building is framed in (``region``: left,
    right, bottom, top in -1..1, for ``showcase.frame_box``) and everything drawn over it."""

    size: tuple[int, int]
    panel: Box
    region: tuple[float, float, float, float]
    items: list[Item] = field(default_factory=list)
    prizes: tuple[Prize, ...] = ()

    def find(self, role: str) -> list[Item]:
        return [i for i in self.items if i.role == role]


# -- words ------------------------------------------------------------------------------------------


def text_maker(pixel_size: float, script: str = "latin") -> PNMTextMaker:
    """The cards' text maker (``card_model.text_maker``) at ``pixel_size``, 4 at the least; a
    font that cannot be read is a RuntimeError, never a share card in another font."""
    return card_model.text_maker(max(4.0, pixel_size), script, strict=True)


def _px(size: float) -> float:
    """Font sizes in quarter pixels: few makers, the same one for the same look."""
    return max(4.0, round(size * 4) / 4)


@lru_cache(maxsize=1)
def _cap_ratio() -> float:
    """The height of a capital over the font's pixel size."""
    ink = _ink("H", 200.0)
    rows = np.nonzero(ink.max(axis=1) > 0.5)[0]
    return (
        float(int(rows.max(axis=0)) - int(rows.min(axis=0)) + 1) / 200.0
    )  # axis=0: numpy 2.5's stubs


def text_width(text: str, px: float, bold: bool = False) -> float:
    maker = text_maker(_px(px), picture_script(text))
    return maker.calc_width(picture_text(text)) + (_stroke(px) if bold else 0)


def _stroke(px: float) -> int:
    return max(1, round(BOLD * px)) if px >= 14 else 0


def cap_height(px: float) -> float:
    return _cap_ratio() * px


@lru_cache(maxsize=256)
def _ink(text: str, px: float) -> np.ndarray:
    """``text``'s coverage (float32, 0..1) on a strip, its baseline at row ``_baseline(px)``, its
    pen starting at column ``_pad(px)``. Persian is drawn joined, in screen order (``picture_text``)."""
    maker = text_maker(px, picture_script(text))
    text = picture_text(text)
    pad = _pad(px)
    img = PNMImage(
        int(math.ceil(maker.calc_width(text))) + 2 * pad, _baseline(px) + int(0.45 * px) + pad, 1
    )
    maker.generate_into(text, img, pad, _baseline(px))
    return card_model.pnm_grey(img)


def _pad(px: float) -> int:
    return int(px // 4) + 2


def _baseline(px: float) -> int:
    return _pad(px) + int(math.ceil(1.05 * px))


def text_mask(text: str, px: float, bold: bool = False) -> np.ndarray:
    """Coverage of ``text`` at ``px`` (as ``_ink``), a bold line thickened by ``_stroke``."""
    ink = _ink(text, _px(px))
    k = _stroke(px) if bold else 0
    if k:
        out = np.pad(ink, ((0, 0), (0, k)))
        for s in range(1, k + 1):
            out[:, s : s + ink.shape[1]] = np.maximum(out[:, s : s + ink.shape[1]], ink)
        ink = out
    return ink


def fit_px(text: str, px: float, width: float, bold: bool = False, least: float = 6.0) -> float:
    """``px``, or smaller until ``text`` is at most ``width`` across (never under ``least``)."""
    w = text_width(text, px, bold)
    if w <= width:
        return px
    return max(least, px * width / w * 0.98)


def clipped(text: str, px: float, width: float, bold: bool = False) -> str:
    """``text``, cut with an ellipsis where it would be wider than ``width`` at ``px``."""
    if text_width(text, px, bold) <= width:
        return text
    while len(text) > 1 and text_width(text + "…", px, bold) > width:
        text = text[:-1].rstrip()
    return text + "…"


def words(
    text: str,
    x: float,
    baseline: float,
    px: float,
    colour: RGB = INK,
    bold: bool = False,
    align: str = "left",
    role: str = "",
    alpha: float = 1.0,
) -> Item:
    """A line of text placed by its baseline; ``box`` from its cap height to the baseline."""
    px = _px(px)
    w = text_width(text, px, bold)
    if align == "right":
        x -= w
    elif align == "center":
        x -= w / 2
    cap = cap_height(px)
    return Item(
        "text",
        text,
        (round(x), round(baseline - cap), max(1, round(w)), max(1, round(cap))),
        colour,
        px,
        bold,
        alpha=alpha,
        role=role,
        font=PICTURE_FONTS[picture_script(text)],
    )


# -- the card's parts ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Facts:
    """What a share card says about a build, every number the engine's."""

    headline: str
    subtitle: str
    total: int
    points: tuple[tuple[Material, int], ...]
    bonus: int
    followed: bool
    prizes: tuple[Prize, ...]


def facts(build: Build, name: str | None = None) -> Facts:
    bp = build.blueprint
    score = build.score()
    title = card_model.card_title(bp).replace("  ", " ")
    if name:
        headline, subtitle = (
            name,
            _("{title} \u00b7 {dice}", title=title, dice=n_("{n} die", "{n} dice", build.num_dice)),
        )
    else:
        headline = translate(bp.name_message)
        dice = n_("{n} die", "{n} dice", build.num_dice)
        subtitle = (
            _("Blueprint {id} \u00b7 {dice}", id=bp.id, dice=dice)
            if bp.id.lower() not in bp.name.lower()
            else dice
        )
    return Facts(
        headline=headline,
        subtitle=subtitle,
        total=score.total,
        points=tuple((m, getattr(score, m.label)) for m in Material),
        bonus=score.blueprint,
        followed=score.blueprint > 0,
        prizes=tuple(p for p in Prize if p in score.prizes),
    )


def headline_lines(text: str, px: float, width: float) -> tuple[float, list[str]]:
    """The headline's size and lines: one line at ``px`` or smaller, down to 0.72 of it; else
    two lines, broken between words where they are most even, down to 0.52; what still does
    not fit is cut with an ellipsis."""
    one = fit_px(text, px, width, bold=True)
    if one >= 0.72 * px:
        return one, [text]
    parts = text.split(" ")
    best: tuple[float, list[str]] = (one, [text])
    for k in range(1, len(parts)):
        a, b = " ".join(parts[:k]), " ".join(parts[k:])
        two = min(fit_px(a, px * 0.8, width, bold=True), fit_px(b, px * 0.8, width, bold=True))
        if two > best[0]:
            best = (two, [a, b])
    size, lines = best
    if size < 0.52 * px:
        size = 0.52 * px
        lines = [clipped(line, size, width, bold=True) for line in lines]
    return size, lines


def _header(f: Facts, width: float, u: float) -> tuple[list[Item], float]:
    """ "BLUEPRINTS", the headline and the subtitle, from y = 0; the height used."""
    out = []
    kicker = 15 * u
    y = cap_height(kicker)
    out.append(words(spaced("Blueprints"), 0, y, kicker, GOLD, role="kicker"))
    hp, lines = headline_lines(f.headline, 50 * u, width)
    for k, line in enumerate(lines):
        y += (18 * u if k == 0 else 0.5 * hp) + cap_height(hp)
        out.append(words(line, 0, y, hp, INK, bold=True, role="headline"))
    sp = fit_px(f.subtitle, 20 * u, width, least=12 * u)
    y += 16 * u + cap_height(sp)
    out.append(words(clipped(f.subtitle, sp, width), 0, y, sp, MUTED, role="subtitle"))
    return out, y + 6 * u


def _score(f: Facts, width: float, u: float) -> tuple[list[Item], float]:
    """The total, big, and the materials' table beside it."""
    out = []
    row = 37 * u
    rows = len(f.points)
    table_h = rows * row
    big = 118 * u
    number = i18n_number(f.total)  # Persian digits in Persian
    cap = cap_height(big)
    top = max(0.0, (table_h - cap - 30 * u) / 2)
    out.append(words(number, 0, top + cap, big, GOLD, bold=True, role="total"))
    label = _("building points")
    out.append(words(label, 2 * u, top + cap + 30 * u, 17 * u, MUTED, role="total-label"))
    tw = max(text_width(number, big, bold=True), 2 * u + text_width(label, 17 * u))
    x0 = tw + 34 * u
    x1 = width
    chip = round(24 * u)
    tp = 21 * u
    for k, (m, pts) in enumerate(f.points):
        cy = k * row + row / 2
        out.append(
            Item(
                "chip",
                m.label,
                (round(x0), round(cy - chip / 2), chip, chip),
                chip_colour(m),
                role="chip",
            )
        )
        base = cy + cap_height(tp) / 2
        out.append(
            words(
                _(MATERIAL_WORDS[m]),
                x0 + chip + 14 * u,
                base,
                tp,
                INK,
                role=f"points-label:{m.label}",
            )
        )
        out.append(
            words(
                i18n_number(pts),
                x1,
                base,
                tp,
                INK if pts else MUTED,
                bold=True,
                align="right",
                role=f"points:{m.label}",
            )
        )
    return out, max(table_h, top + cap + 34 * u)


def chip_colour(material: Material) -> RGB:
    """A material's chip: its dice's colour, as every panel's chip (opaque)."""
    r, g, b, _a = material_chip(material)
    return (r, g, b)


def _face_item(build: Build, height: float) -> Item:
    fh, fw = _face_shape(build)
    h = max(8, round(height))
    return Item("face", build.blueprint.id, (0, 0, max(8, round(fw * h / fh)), h), role="face")


def signed(n: int) -> str:
    """A bonus with its sign, in screen order: "+6", and in a right-to-left language the sign
    after the figure as its reader reads it ("+۶" shown "۶+"; the picture's text maker lays
    characters out left to right, and a sign and digits alone are no right-to-left letters)."""
    if not n:
        return i18n_number(0)
    text = f"+{i18n_number(n)}"
    return bidi.display(text, True) if is_rtl() else text


def _bonus(build: Build, f: Facts, width: float, u: float) -> tuple[list[Item], float]:
    """The blueprint card's face and its bonus."""
    face = _face_item(build, 78 * u)
    fw = face.box[2]
    if fw > 0.45 * width:  # a long custom card: no wider than a share of the panel
        fh, fwn = _face_shape(build)
        face = Item(
            "face",
            build.blueprint.id,
            (0, 0, round(0.45 * width), max(8, round(0.45 * width * fh / fwn))),
            role="face",
        )
        fw = face.box[2]
    h = face.box[3]
    x = fw + 20 * u
    tp = 21 * u
    out = [face]
    out.append(words(_("Blueprint bonus"), x, h / 2 - 6 * u, tp, INK, role="bonus-label"))
    out.append(
        words(
            signed(f.bonus),
            width,
            h / 2 - 6 * u,
            tp,
            INK if f.bonus else MUTED,
            bold=True,
            align="right",
            role="bonus",
        )
    )
    note = _("followed exactly") if f.followed else _("not followed")
    out.append(
        words(
            note, x, h / 2 - 6 * u + 10 * u + cap_height(16 * u), 16 * u, MUTED, role="bonus-note"
        )
    )
    return out, h


def _prizes(f: Facts, width: float, u: float) -> tuple[list[Item], float]:
    """ "PRIZES" and a gold disc with its icon for each Prize it qualifies for, titled."""
    out = []
    kp = 15 * u
    y = cap_height(kp)
    out.append(words(spaced(_("Prizes")), 0, y, kp, MUTED, role="prizes-heading"))
    y += 14 * u
    if not f.prizes:
        np_ = 21 * u
        out.append(
            words(
                _("No Prizes this time"),
                0,
                y + cap_height(np_) + 6 * u,
                np_,
                MUTED,
                role="no-prizes",
            )
        )
        return out, y + cap_height(np_) + 10 * u
    slot = width / 4
    d = min(64 * u, 0.72 * slot)
    tp = 15 * u
    for k, p in enumerate(f.prizes):
        cx = k * slot + slot / 2
        out.append(
            Item(
                "badge",
                icons.prize_icon(p),
                (round(cx - d / 2), round(y), round(d), round(d)),
                GOLD,
                role=f"prize:{p.value}",
            )
        )
        title = title_word(p)
        lines = title.split(" ") if text_width(title, tp) > slot - 6 * u else [title]
        for j, line in enumerate(lines):
            px = fit_px(line, tp, slot - 6 * u)
            out.append(
                words(
                    line,
                    cx,
                    y + d + 10 * u + cap_height(tp) + j * 1.45 * tp,
                    px,
                    INK,
                    align="center",
                    role=f"prize-title:{p.value}",
                )
            )
    longest = 2 if any(text_width(title_word(p), tp) > slot - 6 * u for p in f.prizes) else 1
    return out, y + d + 10 * u + cap_height(tp) + (longest - 1) * 1.45 * tp + 4 * u


def _rule(width: float, u: float) -> Item:
    return Item(
        "rule", "", (0, 0, round(width), max(1, round(1.5 * u))), INK, alpha=RULE_ALPHA, role="rule"
    )


def _stack(parts, gap: float) -> tuple[list[Item], float]:
    """Parts (items, height) one under the other, ``gap`` apart."""
    out: list[Item] = []
    y = 0.0
    for k, part in enumerate(parts):
        if k:
            y += gap
        items, h = part
        out += [i.moved(0, round(y)) for i in items]
        y += h
    return out, y


def _ruled(parts, width: float, u: float) -> list:
    """Parts with a thin rule between each two."""
    out: list = []
    for k, part in enumerate(parts):
        if k:
            out.append(([_rule(width, u)], 0.0))
        out.append(part)
    return out


# -- layouts -------------------------------------------------------------------------------------------


def plan(build: Build, size: tuple[int, int], name: str | None = None) -> Plan:
    """Lay out the share card of ``build`` at ``size`` (nothing drawn yet): the panel at the
    right of a wide picture, else along its bottom with the headline over the top."""
    f = facts(build, name)
    w, h = size
    laid = _wide(build, f, size) if w >= WIDE * h else _upright(build, f, size)
    return mirrored(laid) if is_rtl() else laid


def mirrored(p: Plan) -> Plan:
    """A card laid out for a right-to-left language: everything in the mirrored place (the panel
    at the left of a wide card, a label at the right of its figure), nothing drawn mirrored (the
    words, the blueprint card's face and the icons read as they are)."""
    w = p.size[0]
    x, y, pw, ph = p.panel
    left, right, bottom, top = p.region
    items = [replace(i, box=(w - i.box[0] - i.box[2], *i.box[1:])) for i in p.items]
    return Plan(p.size, (w - x - pw, y, pw, ph), (-right, -left, bottom, top), items, p.prizes)


DRAWN = ("text", "chip", "badge", "face")


def _crowded(items: list[Item], width: float) -> bool:
    """Whether any drawn item reaches past 0..``width`` across or over another."""
    drawn = [i.box for i in items if i.kind in DRAWN]
    if any(x < 0 or x + w > width + 0.5 for x, _, w, _ in drawn):
        return True
    for k, a in enumerate(drawn):
        for b in drawn[k + 1 :]:
            if not (
                a[0] + a[2] <= b[0]
                or b[0] + b[2] <= a[0]
                or a[1] + a[3] <= b[1]
                or b[1] + b[3] <= a[1]
            ):
                return True
    return False


def _wide(build: Build, f: Facts, size: tuple[int, int]) -> Plan:
    w, h = size
    pw = round(min(0.4 * w, 0.75 * h))
    u = min(h / 720, pw / 512)
    for _i in range(12):
        pad = 40 * u
        inner = pw - 2 * pad
        gap = 22 * u
        parts = _ruled(
            [
                _header(f, inner, u),
                _score(f, inner, u),
                _bonus(build, f, inner, u),
                _prizes(f, inner, u),
            ],
            inner,
            u,
        )
        items, used = _stack(parts, gap)
        tall = used / (h - 2 * pad)
        if tall <= 1 and not _crowded(items, inner):
            break
        u *= min(1 / tall * 0.99, 0.93) if tall > 1 else 0.93
    # The parts sit a little above the middle of the panel.
    top = max(pad, (h - used) * 0.45)
    x0 = w - pw
    placed = [i.moved(round(x0 + pad), round(top)) for i in items]
    return Plan(size, (x0, 0, pw, h), (-1.0, 1.0 - 2.0 * pw / w, -1.0, 1.0), placed, f.prizes)


def _upright(build: Build, f: Facts, size: tuple[int, int]) -> Plan:
    """A square or tall card: the headline over the top of the picture, the building in the
    middle, the scores and the Prizes on a panel along the bottom in two columns."""
    w, h = size
    u = min(w / 1040, h / 900)
    for _i in range(12):
        pad = 40 * u
        col = (w - 3 * pad) / 2
        head, head_h = _header(f, w - 2 * pad, u)
        left = _score(f, col, u)
        right = _stack(_ruled([_bonus(build, f, col, u), _prizes(f, col, u)], col, u), 22 * u)
        body_h = max(left[1], right[1])
        ph = body_h + 2 * pad
        tall = (head_h + 2 * pad + ph) / (0.62 * h)
        crowded = _crowded(head, w - 2 * pad) or _crowded(left[0], col) or _crowded(right[0], col)
        if tall <= 1 and not crowded:
            break
        u *= min(1 / tall * 0.99, 0.93) if tall > 1 else 0.93
    ph = round(ph)
    items = [i.moved(round(pad), round(pad)) for i in head]
    scrim = Item("scrim", "", (0, 0, w, round(head_h + 2.2 * pad)), PANEL, alpha=0.72, role="scrim")
    y0 = h - ph + pad
    items += [i.moved(round(pad), round(y0 + (body_h - left[1]) / 2)) for i in left[0]]
    items += [i.moved(round(2 * pad + col), round(y0)) for i in right[0]]
    items.append(
        Item(
            "rule",
            "",
            (round(1.5 * pad + col), round(y0), max(1, round(1.5 * u)), round(body_h)),
            INK,
            alpha=RULE_ALPHA,
            role="rule",
        )
    )
    top_free = 1.0 - 2.0 * (head_h + 1.5 * pad) / h
    bottom_free = -1.0 + 2.0 * ph / h
    return Plan(
        size, (0, h - ph, w, ph), (-1.0, 1.0, bottom_free, top_free), [scrim, *items], f.prizes
    )


# -- drawing --------------------------------------------------------------------------------------------


def compose(
    plan_: Plan, building: np.ndarray, build: Build | None = None, words_on: bool = True
) -> np.ndarray:
    """The share card as an (h, w, 3) uint8 array: ``building`` (the render, of the plan's size)
    under the panel and everything the plan holds (``build``: for the card's face; ``words_on``
    False leaves every word out, for comparing)."""
    w, h = plan_.size
    if building.shape[:2] != (h, w):
        raise ValueError(
            f"the building's picture is {building.shape[1]}x{building.shape[0]}, the card {w}x{h}"
        )
    img = building.astype(np.float32) / 255.0
    _vignette(img, plan_)
    x, y, pw, ph = plan_.panel
    _blend(img, (x, y, pw, ph), np.ones((ph, pw), np.float32), PANEL, PANEL_ALPHA)
    _edge_shadow(img, plan_)
    for item in plan_.items:
        if item.kind == "text":
            if words_on:
                _draw_text(img, item)
        elif item.kind == "chip":
            _draw_chip(img, item)
        elif item.kind == "badge":
            _draw_badge(img, item)
        elif item.kind == "face" and build is not None:
            _draw_face(img, item, build)
        elif item.kind == "rule":
            _blend(img, item.box, np.ones(item.box[:1:-1], np.float32), item.colour, item.alpha)
        elif item.kind == "scrim":
            _draw_scrim(img, item)
    return (np.clip(img, 0, 1) * 255 + 0.5).astype(np.uint8)


def _blend(img: np.ndarray, box: Box, mask: np.ndarray, colour: RGB, alpha: float = 1.0) -> None:
    """Paint ``colour`` through ``mask`` (coverage, the box's shape) at ``box``, clipped."""
    x, y = box[0], box[1]
    h, w = mask.shape
    H, W = img.shape[:2]
    x0, y0, x1, y1 = max(0, x), max(0, y), min(W, x + w), min(H, y + h)
    if x1 <= x0 or y1 <= y0:
        return
    m = mask[y0 - y : y1 - y, x0 - x : x1 - x, None] * alpha
    region = img[y0:y1, x0:x1]
    region *= 1.0 - m
    region += m * np.asarray(colour, np.float32)


def _draw_text(img: np.ndarray, item: Item) -> None:
    ink = text_mask(item.what, item.px, item.bold)
    x, y, _, h = item.box
    baseline = y + h
    _blend(
        img, (x - _pad(item.px), baseline - _baseline(item.px), 0, 0), ink, item.colour, item.alpha
    )


def rounded_mask(w: int, h: int, r: float, ss: int = 4) -> np.ndarray:
    """Coverage of a ``w`` x ``h`` box with corners rounded by ``r`` pixels."""
    ys = (np.arange(h * ss) + 0.5) / ss
    xs = (np.arange(w * ss) + 0.5) / ss
    qx = np.abs(xs[None, :] - w / 2) - w / 2 + r
    qy = np.abs(ys[:, None] - h / 2) - h / 2 + r
    d = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0)) + np.minimum(np.maximum(qx, qy), 0) - r
    inside = (d <= 0).astype(np.float32)
    return inside.reshape(h, ss, w, ss).mean(axis=(1, 3))


def disc_mask(d: int, ss: int = 4) -> np.ndarray:
    c = (np.arange(d * ss) + 0.5) / ss - d / 2
    inside = (np.hypot(c[None, :], c[:, None]) <= d / 2).astype(np.float32)
    return inside.reshape(d, ss, d, ss).mean(axis=(1, 3))


def _draw_chip(img: np.ndarray, item: Item) -> None:
    """A material's die face on: its colour, a thin light rim so the dark ones read on the panel."""
    x, y, s, _ = item.box
    r = 0.22 * s
    _blend(img, (x - 1, y - 1, 0, 0), rounded_mask(s + 2, s + 2, r + 1), (0.80, 0.82, 0.86), 0.55)
    _blend(img, (x, y, 0, 0), rounded_mask(s, s, r), item.colour)


def _draw_badge(img: np.ndarray, item: Item) -> None:
    """A gold disc with the Prize's icon on it in the panel's ink."""
    x, y, d, _ = item.box
    _blend(img, (x, y + max(1, d // 24), 0, 0), disc_mask(d), (0.0, 0.0, 0.0), 0.35)  # a soft drop
    _blend(img, (x, y, 0, 0), disc_mask(d), item.colour)
    s = max(4, round(d * 0.64))
    _blend(
        img, (x + (d - s) // 2, y + (d - s) // 2, 0, 0), resize(icons.alpha(item.what), s, s), PANEL
    )


def _draw_face(img: np.ndarray, item: Item, build: Build) -> None:
    x, y, w, h = item.box
    face = from_pnm(_face(build)).astype(np.float32) / 255.0
    small = resize(face, w, h)
    _blend(
        img, (x + 2, y + 3, 0, 0), rounded_mask(w, h, 3), (0.0, 0.0, 0.0), 0.4
    )  # lies on the panel
    mask = rounded_mask(w, h, 2)
    region = img[y : y + h, x : x + w]
    hh, ww = region.shape[:2]
    m = mask[:hh, :ww, None]
    region *= 1 - m
    region += m * small[:hh, :ww]


def _draw_scrim(img: np.ndarray, item: Item) -> None:
    """A band that darkens from its top down to nothing: the headline reads over the table."""
    x, y, w, h = item.box
    t = np.linspace(0.0, 1.0, h, dtype=np.float32)[:, None]
    fade = (1.0 - t) ** 1.6 * np.ones((1, w), np.float32)
    _blend(img, (x, y, 0, 0), fade, item.colour, item.alpha)


def _vignette(img: np.ndarray, plan_: Plan) -> None:
    """The building's part of the picture a little darker towards its edges."""
    h, w = img.shape[:2]
    left, right, bottom, top = plan_.region
    cx, cy = (left + right) / 2, (bottom + top) / 2
    xs = np.linspace(-1, 1, w, dtype=np.float32)[None, :]
    ys = np.linspace(1, -1, h, dtype=np.float32)[:, None]
    rx, ry = max((right - left) / 2, 0.1), max((top - bottom) / 2, 0.1)
    r2 = ((xs - cx) / rx) ** 2 + ((ys - cy) / ry) ** 2
    img *= (1.0 - 0.28 * np.clip(r2 - 0.35, 0, 1.5) / 1.5)[..., None]


def _edge_shadow(img: np.ndarray, plan_: Plan) -> None:
    """A soft shadow the panel casts on the picture beside it."""
    w, h = plan_.size
    x, y, pw, ph = plan_.panel
    reach = max(2, round(0.02 * max(w, h)))
    t = np.linspace(1.0, 0.0, reach, dtype=np.float32) ** 2
    if x > 0:  # the panel at the right: its shadow falls left
        _blend(
            img,
            (x - reach, y, 0, 0),
            np.broadcast_to(t[::-1][None, :], (ph, reach)),
            (0, 0, 0),
            0.45,
        )
    elif y > 0:  # along the bottom: its shadow falls up
        _blend(
            img,
            (x, y - reach, 0, 0),
            np.broadcast_to(t[::-1][:, None], (reach, pw)),
            (0, 0, 0),
            0.45,
        )


def resize(img: np.ndarray, w: int, h: int) -> np.ndarray:
    """``img`` ((h0, w0) or (h0, w0, c) floats) scaled to ``w`` x ``h``: each new pixel the
    area-weighted mean of the old ones it covers (smooth when shrinking, linear when growing)."""

    def weights(n_old: int, n_new: int) -> np.ndarray:
        m = np.zeros((n_new, n_old), np.float32)
        if n_new <= n_old:
            scale = n_old / n_new
            for i in range(n_new):
                a, b = i * scale, (i + 1) * scale
                for j in range(int(a), min(n_old, int(math.ceil(b)))):
                    m[i, j] = min(b, j + 1) - max(a, j)
        else:
            pos = np.clip((np.arange(n_new) + 0.5) * n_old / n_new - 0.5, 0, n_old - 1)
            j0 = np.floor(pos).astype(int)
            j1 = np.minimum(j0 + 1, n_old - 1)
            f = pos - j0
            m[np.arange(n_new), j0] += 1 - f
            m[np.arange(n_new), j1] += f
        return m / m.sum(axis=1, keepdims=True)

    wy, wx = weights(img.shape[0], h), weights(img.shape[1], w)
    out = np.tensordot(wy, img.astype(np.float32), axes=(1, 0))
    out = np.tensordot(out, wx, axes=(1, 1))
    return np.moveaxis(out, -1, 1) if img.ndim == 3 else out


# -- the blueprint card's face --------------------------------------------------------------------


def _face_shape(build: Build) -> tuple[int, int]:
    """(rows, columns) of pixels of the card's face with its drawing's band beside it."""
    w, l = card_model.card_size(build.blueprint)
    return round(l * card_model.PX_PER_CM), round(w * card_model.PX_PER_CM) + card_model.band_shape(
        build.blueprint
    )[1]


def _baked(name: str | None) -> PNMImage | None:
    if name is None:
        return None
    img = PNMImage()
    if not img.read(Filename.from_os_specific(str(assets.texture_path(name)))):
        return None
    if img.has_alpha():
        img.remove_alpha()
    return img


def _face(build: Build) -> PNMImage:
    """The card's printed face and, beside it, its band with the isometric drawing: the baked
    textures of a deck card, else drawn now."""
    bp = build.blueprint
    grid = _baked(card_model.baked_face_name(bp)) or to_pnm(card_model.card_face_image(bp))
    band = _baked(card_model.baked_drawing_name(bp)) or to_pnm(card_model.drawing_face_image(bp))
    face = PNMImage(grid.get_x_size() + band.get_x_size(), grid.get_y_size(), 3)
    face.copy_sub_image(grid, 0, 0)
    face.copy_sub_image(band, grid.get_x_size(), 0)
    return face


def to_pnm(img: np.ndarray) -> PNMImage:
    """An (h, w, 3) uint8 array (top row first) as a PNMImage."""
    h, w = img.shape[:2]
    tex = Texture("share-in")
    tex.setup_2d_texture(w, h, Texture.T_unsigned_byte, Texture.F_rgb)
    tex.set_ram_image(np.ascontiguousarray(img[::-1, :, ::-1]).tobytes())
    pnm = PNMImage()
    tex.store(pnm)
    return pnm


def from_pnm(pnm: PNMImage) -> np.ndarray:
    """A PNMImage as an (h, w, 3) uint8 array, top row first."""
    tex = Texture("share-out")
    tex.load(pnm)
    w, h = pnm.get_x_size(), pnm.get_y_size()
    data = np.frombuffer(bytes(tex.get_ram_image_as("RGB")), np.uint8)
    return data.reshape(h, w, 3)[::-1].copy()
