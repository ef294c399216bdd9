"""Draws a demonstration step (``blueprints3d.presentation.scene.Step``) as a 3D scene.

Buildings stand in a row on a plain table, each on its card, with highlights and floating labels;
loose dice (the pool, the in-demand pair, discards) lie in a row in front. Used by the demo
player and the replay player; every node hangs under one root so a step is swapped in one move.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from panda3d.core import (
    CardMaker,
    LineSegs,
    NodePath,
    PerspectiveLens,
    Point3,
    TextNode,
    TransparencyAttrib,
    VBase3,
    Vec3,
)

from blueprints3d.client.apps.demo_callouts import ANCHOR_TAG
from blueprints3d.client.render import highlight, style
from blueprints3d.client.scene import card_model, dice_model, units
from blueprints3d.client.scene import props
from blueprints3d.client.scene.camera import fit_distance
from blueprints3d.engine.blueprints import Blueprint
from blueprints3d.engine.materials import Material
from blueprints3d.i18n import _
from blueprints3d.presentation.scene import BuildingView, Die, Mark, Slot, Step, Tone


RGBA = tuple[float, float, float, float]

TONE_RGBA: dict[Tone, RGBA] = {
    Tone.GOOD: (0.15, 0.85, 0.25, 0.6),
    Tone.BAD: (1.0, 0.15, 0.1, 0.7),
    Tone.INFO: (0.3, 0.6, 1.0, 0.6),
    Tone.FOCUS: (1.0, 0.8, 0.05, 0.75),
}
# On dice the glow is gentler than on a card's spaces, so a die keeps its material's look.
DIE_GLOW = 0.45
# Label backgrounds: the tone darkened, so white text stays readable on any of them.
LABEL_BG: dict[Tone | None, RGBA] = {
    Tone.GOOD: (0.05, 0.4, 0.1, 0.9),
    Tone.BAD: (0.6, 0.05, 0.05, 0.9),
    Tone.INFO: (0.1, 0.25, 0.55, 0.9),
    Tone.FOCUS: (0.55, 0.4, 0.0, 0.92),
    None: (0.1, 0.1, 0.12, 0.85),
}
TABLE_RGBA: RGBA = (0.20, 0.27, 0.24, 1.0)  # felt green-grey: neither a die colour nor the paper
BACKGROUND = (0.09, 0.10, 0.13)
LABEL_SIZE = 0.8  # cm: a label's text height in the scene, as drawn (see size_labels)
# On screen every label keeps its type size in pixels whatever the step's framing: an ordinary
# label's line is this share of the window's height (24 px at 720), never below LABEL_MIN_PX,
# and smaller or larger labels keep their ratio to LABEL_SIZE (as the HUD sizes its lines).
LABEL_LINE_SHARE = style.LEAD.share  # the scale's lead step (client/render/style.py)
LABEL_MIN_PX = style.SMALL.min_px
LABEL_TAG = "label-cm"  # a label's size as asked, in cm (its ratio to LABEL_SIZE)
GAP = 4.0  # cm between cards
FRAME_TAG = "frame-item"  # nodes the camera must keep in view
GHOST_LIFT = 1.3  # cm a held die floats above the stack it is tried on


@dataclass
class StageNodes:
    """What one drawn step is made of, kept so tests and players can find things."""

    root: NodePath
    buildings: list[NodePath] = field(default_factory=list)
    dice: dict[tuple[int, Slot], NodePath] = field(default_factory=dict)  # (building, slot) -> die
    pool: list[NodePath] = field(default_factory=list)
    labels: list[NodePath] = field(default_factory=list)
    ghosts: list[NodePath] = field(default_factory=list)
    grow: float = 1.0  # how much larger than usual the labels were asked (a wide scene)


def make_label(
    parent: NodePath,
    text: str,
    pos: tuple[float, float, float],
    tone: Tone | None = None,
    size: float = LABEL_SIZE,
) -> NodePath:
    """A billboard label drawn over everything, on a dark card tinted by ``tone``."""
    np_ = props.make_label("label", text, (1, 1, 1, 1), size, flat=False)
    tn = np_.node()
    tn.set_card_color(*LABEL_BG[tone])
    tn.set_card_as_margin(0.25, 0.25, 0.12, 0.08)
    tn.set_card_decal(True)
    np_.reparent_to(parent)
    np_.set_pos(*pos)
    np_.set_billboard_point_eye()
    np_.set_light_off()
    np_.set_depth_test(False)
    np_.set_depth_write(False)
    np_.set_bin("fixed", 50)
    np_.set_transparency(TransparencyAttrib.M_alpha)
    np_.set_tag(FRAME_TAG, "1")
    np_.set_tag(LABEL_TAG, repr(float(size)))
    return np_


def label_px(size_cm: float, height_px: float) -> float:
    """The line height in pixels of a label asked at ``size_cm`` in a window ``height_px`` tall."""
    return max(LABEL_MIN_PX, LABEL_LINE_SHARE * height_px) * size_cm / LABEL_SIZE


def size_labels(stage: StageNodes, cam: NodePath, lens: PerspectiveLens, height_px: float) -> None:
    """Scale every label of ``stage`` so its type is ``label_px`` tall on screen from ``cam``:
    the same size in pixels at every step, however near or far the step's framing is."""
    tan_v = math.tan(math.radians(lens.get_fov()[1]) / 2)
    for label in stage.root.find_all_matches(f"**/={LABEL_TAG}"):
        depth = label.get_pos(cam).y
        if depth <= 1e-3:
            continue
        asked = float(label.get_tag(LABEL_TAG)) / stage.grow  # grow once stood in for the distance
        world_per_px = 2 * depth * tan_v / max(height_px, 1.0)
        text = label.node()
        assert isinstance(text, TextNode)  # every LABEL_TAG node is a make_label
        label.set_scale(label_px(asked, height_px) * world_per_px / text.get_line_height())


def _variant(*key: int) -> int:
    return abs(hash(key)) % 997


def place_die(
    parent: NodePath, die: Die, pos: tuple[float, float, float], variant: int
) -> NodePath:
    m, v = die
    node = dice_model.make_die(Material(m), v, variant)
    node.reparent_to(parent)
    node.set_pos(*pos)
    node.set_tag(FRAME_TAG, "1")
    return node


def _hidden_card(width: float, length: float) -> NodePath:
    """A face-down card: the building behind a player's screen is not shown."""
    cm = CardMaker("hidden-card")
    cm.set_frame(-width / 2, width / 2, -length / 2, length / 2)
    card = NodePath(cm.generate())
    card.set_p(-90)
    card.set_z(units.CARD_THICKNESS)
    card.set_color(0.16, 0.22, 0.42, 1)
    return card


def building_width(view: BuildingView) -> float:
    """How much of the row ``view`` takes: its card and the dice set beside it."""
    if view.blueprint is None:
        width = 2 * units.CELL_PITCH + 2 * units.CARD_MARGIN
    else:
        x0, x1, _, _ = card_model.paper_bounds(view.blueprint)  # the card and its drawing's band
        width = x1 - x0
    return width + (2 * (1.4 + units.POOL_PITCH) if view.aside else 0.0)


def paper_shift(view: BuildingView) -> float:
    """How far right of its card's centre the middle of ``view``'s paper lies (the band)."""
    return card_model.band_width(view.blueprint) / 2 if view.blueprint is not None else 0.0


def draw_building(
    stage: StageNodes, index: int, view: BuildingView, x0: float, grow: float = 1.0
) -> float:
    """Draw ``view`` centred at x0 on the table, its labels ``grow`` times the usual size;
    returns the width it takes."""
    root = stage.root.attach_new_node(f"building-{index}")
    root.set_x(x0)
    stage.buildings.append(root)
    if view.blueprint is None:
        width, length = _draw_hidden_card(root, grow)
    else:
        width, length = _draw_card(stage, root, index, view, view.blueprint, grow)
    # Title and footer in front of the card: behind it they would collide with held dice.
    if view.title:
        stage.labels.append(
            make_label(root, view.title, (0, -length / 2 - 0.9 * grow, 0.2), None, 0.7 * grow)
        )
    if view.footer:
        stage.labels.append(
            make_label(root, view.footer, (0, -length / 2 - 1.9 * grow, 0.2), None, 0.7 * grow)
        )
    if view.aside:
        width += _draw_aside(stage, root, index, view, width, length, grow)
    return width


def _draw_hidden_card(root: NodePath, grow: float) -> tuple[float, float]:
    """A face-down card of a 2x3 blueprint's size, labelled "hidden"; returns its size."""
    width, length = (
        2 * units.CELL_PITCH + 2 * units.CARD_MARGIN,
        3 * units.CELL_PITCH + 2 * units.CARD_MARGIN,
    )
    _hidden_card(width, length).reparent_to(root)
    root.find("hidden-card").set_tag(FRAME_TAG, "1")
    make_label(root, _("hidden"), (0, 0, 0.5), None, 0.7 * grow)
    return width, length


def _draw_card(
    stage: StageNodes,
    root: NodePath,
    index: int,
    view: BuildingView,
    bp: Blueprint,
    grow: float,
) -> tuple[float, float]:
    """The blueprint's card with its spaces' marks, the stacks on it and the held (ghost) die;
    returns the card's size."""
    width, length = card_model.card_size(bp)
    card = card_model.make_card(bp)
    card.reparent_to(root)
    card.find("card-paper").set_tag(FRAME_TAG, "1")
    card.find("card-drawing").set_tag(FRAME_TAG, "1")
    card_model.cover_spaces(card, [cell for cell, stack in enumerate(view.stacks) if stack])
    for cell, mark in view.cell_marks.items():
        space = card.find(f"space-{cell}")
        if mark.tone is not None and not space.is_empty():
            highlight.set_highlight(space, TONE_RGBA[mark.tone])
        if mark.text:
            x, y = card_model.cell_position(bp, cell)
            z = (
                dice_model.die_top_z(len(view.stacks[cell])) + 0.5
                if cell < len(view.stacks)
                else 0.5
            )
            label = make_label(root, mark.text, (x, y, z), mark.tone, LABEL_SIZE * grow)
            label.set_python_tag(
                ANCHOR_TAG, (root, Point3(x, y, units.CARD_THICKNESS))
            )  # its space
            stage.labels.append(label)
    for cell, stack in enumerate(view.stacks):
        x, y = card_model.cell_position(bp, cell)
        for level, die in enumerate(stack):
            node = place_die(
                root, die, (x, y, dice_model.die_center_z(level)), _variant(index, cell, level)
            )
            node.set_tag("slot", f"{cell}:{level}")
            stage.dice[(index, (cell, level))] = node
            die_mark = view.die_marks.get((cell, level))
            if die_mark is not None:
                _mark_die(stage, root, node, die_mark, (x, y, dice_model.die_center_z(level)), grow)
    if view.ghost is not None:
        _draw_ghost(stage, root, index, view, bp, grow)
    return width, length


def _draw_ghost(
    stage: StageNodes,
    root: NodePath,
    index: int,
    view: BuildingView,
    bp: Blueprint,
    grow: float,
) -> None:
    """The held die floating over its space, a drop line down to where it would land, and its
    label beside it."""
    g = view.ghost
    assert g is not None
    x, y = card_model.cell_position(bp, g.cell)
    h = len(view.stacks[g.cell]) if g.cell < len(view.stacks) else 0
    z = dice_model.die_center_z(h) + GHOST_LIFT
    node = place_die(root, (int(g.material), g.value), (x, y, z), _variant(index, 99))
    highlight.set_highlight(node, TONE_RGBA[g.tone])
    stage.ghosts.append(node)
    _drop_line(
        root,
        (x, y, z - units.DIE_SIZE / 2),
        (x, y, dice_model.die_top_z(h - 1) if h else units.CARD_THICKNESS),
        g.tone,
    )
    if g.text:
        label = make_label(
            root, g.text, (x + units.DIE_SIZE * 1.1, y, z), g.tone, LABEL_SIZE * grow
        )
        label.set_python_tag(ANCHOR_TAG, node)  # the held die
        stage.labels.append(label)


def _draw_aside(
    stage: StageNodes,
    root: NodePath,
    index: int,
    view: BuildingView,
    width: float,
    length: float,
    grow: float,
) -> float:
    """The dice set aside to the right of the card's drawing band, two to a row, with their
    marks and label; returns the width they add."""
    ax = width / 2 + 1.4 + (2 * paper_shift(view))  # right of the card's drawing band
    for k, die in enumerate(view.aside):
        row, col = divmod(k, 2)
        pos = (
            ax + col * units.POOL_PITCH,
            length / 2 - 1.2 - row * units.POOL_PITCH,
            units.DIE_SIZE / 2,
        )
        node = place_die(root, die, pos, _variant(index, 50 + k))
        aside_mark = view.aside_marks.get(k)
        if aside_mark is not None:
            _mark_die(stage, root, node, aside_mark, pos, grow)
    if view.aside_label:
        stage.labels.append(
            make_label(
                root,
                view.aside_label,
                (ax + units.POOL_PITCH / 2, length / 2 + 0.1 + 0.6 * grow, 0.3),
                None,
                0.6 * grow,
            )
        )
    return 2 * (1.4 + units.POOL_PITCH)


def _mark_die(
    stage: StageNodes,
    parent: NodePath,
    node: NodePath,
    mark: Mark,
    pos: tuple[float, float, float],
    grow: float = 1.0,
) -> None:
    if mark.tone is not None and mark.glow:
        r, g, b, a = TONE_RGBA[mark.tone]
        highlight.set_highlight(node, (r, g, b, a * DIE_GLOW))
    if mark.text:
        # In front of the die (towards the usual camera), so stacked labels do not overlap.
        x, y, z = pos
        label = make_label(
            parent, mark.text, (x, y - units.DIE_SIZE * 0.75, z), mark.tone, 0.55 * grow
        )
        label.set_python_tag(ANCHOR_TAG, node)  # demo_callouts keeps it beside this die
        stage.labels.append(label)


def _drop_line(
    parent: NodePath,
    top: tuple[float, float, float],
    bottom: tuple[float, float, float],
    tone: Tone,
) -> None:
    """A thin vertical bar showing where a held die would land."""
    ls = LineSegs("drop-line")
    ls.set_thickness(2.0)
    ls.set_color(*TONE_RGBA[tone][:3], 1.0)
    ls.move_to(*top)
    ls.draw_to(*bottom)
    node = parent.attach_new_node(ls.create())
    node.set_light_off()


def _die_row(
    stage: StageNodes,
    dice: tuple[Die, ...],
    x0: float,
    y: float,
    label: str,
    marks: dict[int, Mark] | None = None,
    key: int = 0,
    grow: float = 1.0,
) -> list[NodePath]:
    out = []
    for k, die in enumerate(dice):
        pos = (x0 + k * units.POOL_PITCH, y, units.DIE_SIZE / 2)
        node = place_die(stage.root, die, pos, _variant(key, k))
        out.append(node)
        mark = (marks or {}).get(k)
        if mark is not None:
            _mark_die(stage, stage.root, node, mark, pos, grow)
    if label:
        stage.labels.append(
            make_label(
                stage.root,
                label,
                (x0 + (len(dice) - 1) * units.POOL_PITCH / 2, y + 1.5 * grow, 0.2),
                None,
                0.7 * grow,
            )
        )
    return out


def draw_step(parent: NodePath, step: Step) -> StageNodes:
    """Draw ``step`` under a new node of ``parent`` (the table, cards, dice, labels)."""
    stage = StageNodes(parent.attach_new_node("demo-step"))
    widths = [building_width(v) for v in step.buildings]
    total = sum(widths) + GAP * max(0, len(widths) - 1)
    loose = len(step.pool) + len(step.discarded) + (2 if step.in_demand else 0)
    # A wide scene is seen from further away: its labels grow with it to stay readable.
    grow = min(1.8, max(1.0, max(total, loose * units.POOL_PITCH) / 30.0))
    stage.grow = grow
    for i, view in enumerate(step.buildings):
        draw_building(stage, i, view, 0.0, grow)
    x = -total / 2
    for node, w, view in zip(stage.buildings, widths, step.buildings, strict=True):
        node.set_x(x + w / 2 - paper_shift(view))  # the whole paper, band included, in its place
        x += w + GAP
    lengths = [
        card_model.card_size(v.blueprint)[1]
        if v.blueprint
        else 3 * units.CELL_PITCH + 2 * units.CARD_MARGIN
        for v in step.buildings
    ]
    front = -(max(lengths) / 2 if lengths else 0.0) - 4.6 * grow - 1.0
    rows: list[tuple[tuple[Die, ...], str, dict[int, Mark], int]] = []
    if step.in_demand is not None:
        first, second = step.in_demand
        rows.append((((int(first), 1), (int(second), 1)), _("In demand: 1st, 2nd"), {}, 1))
    if step.pool:
        rows.append((step.pool, step.pool_label, dict(step.pool_marks), 2))
    if step.discarded:
        rows.append((step.discarded, _("Discarded"), {}, 3))
    if rows:
        gap = 2.5
        span = sum(len(d) * units.POOL_PITCH for d, *_ in rows) + gap * (len(rows) - 1)
        x = -span / 2 + units.POOL_PITCH / 2
        for dice, label, marks, key in rows:
            nodes = _die_row(stage, dice, x, front, label, marks, key, grow)
            if key == 2:
                stage.pool = nodes
            x += len(dice) * units.POOL_PITCH + gap
    _table(stage.root)
    return stage


def _table(root: NodePath) -> None:
    """A plain table top under everything drawn so far."""
    bounds = root.get_tight_bounds() if root.get_num_children() else None
    lo, hi = bounds if bounds is not None else ((-10, -10, 0), (10, 10, 0))
    cm = CardMaker("table")
    m = 40.0
    cm.set_frame(lo[0] - m, hi[0] + m, lo[1] - m, hi[1] + m)
    table = root.attach_new_node(cm.generate())
    table.set_p(-90)
    table.set_z(-0.01)
    table.set_color(*TABLE_RGBA)


def frame_camera(
    cam: NodePath,
    lens: PerspectiveLens,
    target: NodePath,
    aspect: float,
    elevation: float = 55.0,
    heading: float = 0.0,
    fill: float = 0.9,
    top_share: float = 1.0,
) -> None:
    """Point ``cam`` at everything under ``target`` except the table, from ``heading`` and
    ``elevation``, as close as it can while every corner of the bounds stays inside ``fill`` of
    the view (any window shape). ``top_share`` < 1 keeps the picture in the window's top part,
    for a caption panel below."""
    ref = target.get_parent()
    points: list[Vec3] = []
    # The corners of each item's own box: far tighter than one box around everything, whose
    # empty top corners would push the camera back.
    for item in target.find_all_matches(f"**/={FRAME_TAG}"):
        bounds = item.get_tight_bounds(ref)
        if not bounds:
            continue
        lo, hi = bounds
        points += [
            Vec3(x, y, z) for x in (lo[0], hi[0]) for y in (lo[1], hi[1]) for z in (lo[2], hi[2])
        ]
    if not points:
        points = [Vec3(-5, -5, 0), Vec3(5, 5, 0)]
    low = Vec3(*(min(p[i] for p in points) for i in range(3)))
    high = Vec3(*(max(p[i] for p in points) for i in range(3)))
    centre = (low + high) / 2
    vfov = 40.0 * top_share
    hfov = 2 * math.degrees(math.atan(math.tan(math.radians(20.0)) * aspect))
    e, h = math.radians(elevation), math.radians(heading)
    forward = Vec3(
        math.cos(e) * math.sin(h), math.cos(e) * math.cos(h), -math.sin(e)
    )  # eye -> target
    right = Vec3(math.cos(h), -math.sin(h), 0)
    up = right.cross(forward)
    pts = [tuple(q) for q in points]

    def fit(c: VBase3) -> float:
        # The table camera's solver; this heading turns clockwise, scene.camera's counter-clockwise.
        return max(10.0, fit_distance(pts, tuple(c), -heading, elevation, hfov, vfov, margin=fill))

    # Fit sideways and upward offsets about the centre; then recentre on what the eye sees.
    for _i in range(2):
        distance = fit(centre)
        eye = centre - forward * distance
        xs = [(q - eye).dot(right) / (q - eye).dot(forward) for q in points]
        ys = [(q - eye).dot(up) / (q - eye).dot(forward) for q in points]
        # Shift the aim so the projected extents are symmetric.
        sx, sy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
        centre = centre + right * (sx * distance) + up * (sy * distance)
    distance = fit(centre)
    cam.set_pos(centre - forward * distance)
    cam.look_at(centre, up)
    lens.set_near_far(1.0, 2000.0)
    if top_share < 1.0:
        # Widen the lens downwards by the covered share and shift its centre, so the framed
        # part lands in the top of the window.
        full = 2 * math.degrees(math.atan(math.tan(math.radians(vfov / 2)) / top_share))
        lens.set_fov(hfov, full)
        fh = lens.get_film_size()[1]
        lens.set_film_offset(0, -fh * (1 - top_share) / 2)
    else:
        lens.set_fov(hfov, vfov)
        lens.set_film_offset(0, 0)
