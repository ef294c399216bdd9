"""Labels that never hide what they explain: the demo stage's labels laid out on the screen.

After a step is framed, every label's rectangle is measured on the screen (in pixels). A label
that explains a die or a space keeps its place beside it when nothing is in the way; else it
moves to the nearest free place around its die (never on a die, never on another label, inside
the picture) and a leader line joins it to the die. Titles, footers and row labels stay where
they are unless something overlaps them. ``layout`` is plain 2D (tested without a window);
``arrange`` applies it to a drawn stage through its camera.

On a stage of several buildings each building's labels keep to its own column of the screen
(``columns``: split halfway between neighbouring cards, a gutter kept clear), so labels of two
cards never run into each other. A label points at a part of its die the camera sees
(``visible_point``): a die's centre may lie behind the die above it or a die in front; where
none of the die shows, the label points at its stack, the nearest die of it in sight.

(The reveal's ``client/table/view/reveal.py`` has its own column layout, for one building at a time;
both measure with ``client/scene/screen_rects``.)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from collections.abc import Sequence

from panda3d.core import LineSegs, NodePath, Point2, Point3

from blueprints3d.client.render import style
from blueprints3d.client.scene.picking import ray_aabb
from blueprints3d.client.scene.screen_rects import Rect, inside, overlaps

ANCHOR_TAG = (
    "label-anchor"  # python tag on a label: the NodePath (or Point3 in its parent) it explains
)
POINT_TAG = "label-points-at"  # python tag set by ``arrange``: the pixel the label points at
LEADER_RGBA = style.LEADER
GAP_PX = 4.0  # between two labels, and between a label and a die
NEAR_PX = 6.0  # a label this close to its die needs no leader line
GUTTER_PX = 16.0  # kept clear between the label columns of two buildings
BUILDING_PREFIX = "building-"  # demo_stage's node of one building (its card, dice and labels)


@dataclass
class Callout:
    rect: Rect  # where it is drawn now
    anchor: Rect | None = None  # the die or space it explains (None: a title or footer)
    leader: bool = False  # after layout: joined to its anchor by a line
    point: tuple[float, float] | None = None  # the anchor's centre on the screen (the line's end)
    region: Rect | None = None  # the part of the screen it must stay in (None: anywhere)


def _candidates(c: Callout, step: float, rings: int):
    """Places for ``c`` around its anchor, nearest first: right, left, below, above, the
    corners, then rings further out."""
    w, h = c.rect[2] - c.rect[0], c.rect[3] - c.rect[1]
    if c.anchor is None:
        yield c.rect
        ax0, ay0, ax1, ay1 = c.rect
    else:
        yield c.rect
        ax0, ay0, ax1, ay1 = c.anchor
    cx, cy = (ax0 + ax1) / 2, (ay0 + ay1) / 2
    for ring in range(rings):
        d = GAP_PX + ring * step
        places = [
            (ax1 + d, cy - h / 2),
            (ax0 - d - w, cy - h / 2),  # beside
            (cx - w / 2, ay1 + d),
            (cx - w / 2, ay0 - d - h),  # below, above
            (ax1 + d, ay1 + d),
            (ax0 - d - w, ay1 + d),  # corners
            (ax1 + d, ay0 - d - h),
            (ax0 - d - w, ay0 - d - h),
        ]
        for x, y in places:
            yield (x, y, x + w, y + h)


def layout(
    callouts: Sequence[Callout], obstacles: Sequence[Rect], bounds: Rect, rings: int = 40
) -> list[Callout]:
    """Place every callout so no two overlap, none covers an obstacle (a die) and all stay in
    ``bounds``; anchored ones as near their anchor as they can be. Fixed ones (no anchor) are
    placed first. Returns the callouts, moved (their ``leader`` set when away from the anchor)."""
    placed: list[Rect] = []
    order = sorted(range(len(callouts)), key=lambda i: callouts[i].anchor is not None)
    out = list(callouts)
    for i in order:
        c = callouts[i]
        h = c.rect[3] - c.rect[1]
        best = None
        areas = [bounds] if c.region is None else [_meet(c.region, bounds), bounds]
        # At worst a label may lie over a die, never over a label; it leaves its own column
        # only where the column has no room at all.
        for area, strict in [(a, st) for a in areas for st in (True, False)]:
            for r in _candidates(c, max(h * 0.6, 6.0), rings):
                if not inside(r, area) or any(overlaps(r, p, GAP_PX) for p in placed):
                    continue
                covers = [o for o in obstacles if overlaps(r, o)]
                if strict and covers:
                    continue
                best = r
                break
            if best is not None:
                break
        if best is None:  # nowhere free: keep it in the picture at least
            best = _clamp(c.rect, bounds)
        placed.append(best)
        # A leader line to the die's centre, unless the label is right at it.
        point = (
            c.point
            if c.point is not None
            else (
                ((c.anchor[0] + c.anchor[2]) / 2, (c.anchor[1] + c.anchor[3]) / 2)
                if c.anchor
                else None
            )
        )
        leader = c.anchor is not None and (_distance(best, c.anchor) > NEAR_PX or point is not None)
        out[i] = Callout(best, c.anchor, leader, point, c.region)
    return out


def _meet(a: Rect, b: Rect) -> Rect:
    return (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))


def columns(
    extents: Sequence[tuple[float, float]], bounds: Rect, gutter: float = GUTTER_PX
) -> list[Rect]:
    """The screen's columns for buildings whose cards span ``extents`` (left, right in pixels,
    in any order): each from halfway to its left neighbour to halfway to its right one, less
    half the ``gutter`` on each inner side, as tall as ``bounds``."""
    order = sorted(range(len(extents)), key=lambda i: extents[i][0] + extents[i][1])
    out: list[Rect] = [bounds] * len(extents)
    for k, i in enumerate(order):
        left, right = bounds[0], bounds[2]
        if k > 0:
            left = (extents[order[k - 1]][1] + extents[i][0]) / 2 + gutter / 2
        if k + 1 < len(order):
            right = (extents[i][1] + extents[order[k + 1]][0]) / 2 - gutter / 2
        out[i] = (left, bounds[1], right, bounds[3])
    return out


def _clamp(r: Rect, b: Rect) -> Rect:
    w, h = r[2] - r[0], r[3] - r[1]
    x = min(max(r[0], b[0]), b[2] - w)
    y = min(max(r[1], b[1]), b[3] - h)
    return (x, y, x + w, y + h)


def _distance(a: Rect, b: Rect) -> float:
    dx = max(b[0] - a[2], a[0] - b[2], 0.0)
    dy = max(b[1] - a[3], a[1] - b[3], 0.0)
    return math.hypot(dx, dy)


# ---- on a drawn stage -----------------------------------------------------------------------------
def screen_rect(node: NodePath, cam: NodePath, lens, size: tuple[int, int]) -> Rect | None:
    """``node``'s tight bounds on the screen in pixels, or None when not in front of the camera."""
    bounds = node.get_tight_bounds(cam)
    if not bounds:
        return None
    lo, hi = bounds
    w, h = size
    xs, ys = [], []
    for x in (lo.x, hi.x):
        for y in (lo.y, hi.y):
            for z in (lo.z, hi.z):
                p = Point2()
                if not lens.project(Point3(x, y, z), p) and y <= 0:
                    return None
                xs.append((p.x + 1) / 2 * w)
                ys.append((1 - p.y) / 2 * h)
    return (min(xs), min(ys), max(xs), max(ys))


def _box(node: NodePath) -> tuple[Point3, Point3]:
    bounds = node.get_tight_bounds(node)
    assert bounds is not None, "a die has geometry"
    return bounds


def _first_hit(
    origin: Point3, direction, dice: Sequence[NodePath], root: NodePath
) -> NodePath | None:
    """The die whose box the ray (in ``root``'s frame) meets first, or None."""
    best, best_t = None, float("inf")
    for die in dice:
        if die.is_empty() or die.is_hidden():
            continue
        lo, hi = _box(die)
        t = ray_aabb(
            die.get_relative_point(root, origin), die.get_relative_vector(root, direction), lo, hi
        )
        if t is not None and t < best_t:
            best, best_t = die, t
    return best


def visible_point(
    die: NodePath, dice: Sequence[NodePath], cam: NodePath, lens, size: tuple[int, int]
) -> tuple[float, float] | None:
    """A pixel where the camera sees ``die`` itself (no other of ``dice`` in front of it): its
    centre if that shows, else the nearest to it of its faces' middles and their corners' way
    points; None when no part of it shows."""
    lo, hi = _box(die)
    c = (lo + hi) / 2
    half = (hi - lo) / 2 * 0.96  # just inside its faces
    points = [c]
    for axis in range(3):
        for sign in (-1.0, 1.0):
            face = Point3(c)
            face[axis] += sign * half[axis]
            points.append(face)
            for other in range(3):  # towards the face's edges: what peeks out past a die in front
                if other == axis:
                    continue
                for s2 in (-0.7, 0.7):
                    q = Point3(face)
                    q[other] += s2 * half[other]
                    points.append(q)
    root = cam
    w, h = size
    centre_px = None
    best, best_d = None, float("inf")
    for k, p in enumerate(points):
        q = cam.get_relative_point(die, p)
        film = Point2()
        if not lens.project(q, film):
            continue
        px = ((film.x + 1) / 2 * w, (1 - film.y) / 2 * h)
        if k == 0:
            centre_px = px
        near, far = Point3(), Point3()
        if not lens.extrude(film, near, far):
            continue
        if _first_hit(near, far - near, dice, root) != die:
            continue
        d = 0.0 if centre_px is None else math.hypot(px[0] - centre_px[0], px[1] - centre_px[1])
        if d < best_d:
            best, best_d = px, d
            if k == 0:
                break
    return best


def _stack_of(die: NodePath, dice: Sequence[NodePath]) -> list[NodePath]:
    """The dice standing in ``die``'s stack (the same building and space), nearest level first."""
    if not die.has_tag("slot"):
        return []
    cell, level = (int(x) for x in die.get_tag("slot").split(":"))
    mates = [
        d
        for d in dice
        if d.has_tag("slot")
        and d.get_parent() == die.get_parent()
        and int(d.get_tag("slot").split(":")[0]) == cell
        and d != die
    ]
    return sorted(mates, key=lambda d: abs(int(d.get_tag("slot").split(":")[1]) - level))


def _anchor(
    label: NodePath, cam: NodePath, lens, size, dice: Sequence[NodePath] = ()
) -> tuple[Rect | None, tuple[float, float] | None]:
    """What ``label`` explains on the screen: its rectangle and the pixel it points at (None,
    None: nothing). The tag holds a die's NodePath, or (parent, Point3) for a space. A die is
    pointed at where it shows (``visible_point``), or where its stack shows when it is hidden."""
    anchor = label.get_python_tag(ANCHOR_TAG) if label.has_python_tag(ANCHOR_TAG) else None
    if anchor is None:
        return None, None
    if isinstance(anchor, NodePath):
        parent, point, rect = anchor, Point3(0, 0, 0), screen_rect(anchor, cam, lens, size)
        if dice:
            for die in (anchor, *_stack_of(anchor, dice)):
                seen = visible_point(die, dice, cam, lens, size)
                if seen is not None:
                    if die != anchor:
                        rect = screen_rect(die, cam, lens, size)
                    return rect, seen
    else:
        parent, point = anchor
        rect = None
    q = cam.get_relative_point(parent, point)
    p = Point2()
    if not lens.project(q, p):
        return rect, None
    w, h = size
    x, y = (p.x + 1) / 2 * w, (1 - p.y) / 2 * h
    return (rect if rect is not None else (x - 2, y - 2, x + 2, y + 2)), (x, y)


def arrange(
    labels: Sequence[NodePath],
    dice: Sequence[NodePath],
    root: NodePath,
    cam: NodePath,
    lens,
    size: tuple[int, int],
    bottom_px: float,
    margin_px: float = 6.0,
) -> list[Callout]:
    """Move ``labels`` (billboards under ``root``'s tree) so their screen rectangles follow
    ``layout``: no overlaps, off the ``dice``, inside the window above ``bottom_px``; a leader
    line (node ``label-leaders`` under ``root``) joins each moved label to what it explains."""
    w, h = size
    old = root.find("label-leaders")
    if not old.is_empty():
        old.remove_node()
    bounds = (margin_px, margin_px, w - margin_px, bottom_px - margin_px)
    region = _building_columns(root, cam, lens, size, bounds)
    items, nodes = [], []
    for label in labels:
        r = screen_rect(label, cam, lens, size)
        if r is None:
            continue
        rect, point = _anchor(label, cam, lens, size, dice)
        building = _building_of(label, root)
        items.append(
            Callout(
                r, rect, point=point, region=region.get(building) if building is not None else None
            )
        )
        nodes.append(label)
        label.set_python_tag(POINT_TAG, point)
    obstacles = [r for d in dice if (r := screen_rect(d, cam, lens, size)) is not None]
    done = layout(items, obstacles, bounds)
    leaders = LineSegs("label-leaders")
    leaders.set_thickness(1.5)
    leaders.set_color(*LEADER_RGBA)
    any_leader = False
    for node, before, after in zip(nodes, items, done, strict=True):
        dx = (after.rect[0] + after.rect[2] - before.rect[0] - before.rect[2]) / 2
        dy = (after.rect[1] + after.rect[3] - before.rect[1] - before.rect[3]) / 2
        if abs(dx) > 0.5 or abs(dy) > 0.5:
            _shift(node, cam, lens, size, dx, dy)
        if after.leader and after.point is not None:
            x, y = after.point
            start = (x, y)
            end = _nearest_edge(after.rect, (x, y, x, y))
            a = _film_to_root(start, node, root, cam, lens, size)
            b = _film_to_root(end, node, root, cam, lens, size)
            if a is not None and b is not None:
                leaders.move_to(a)
                leaders.draw_to(b)
                any_leader = True
    if any_leader:
        line = root.attach_new_node(leaders.create())
        line.set_light_off()
        line.set_depth_test(False)
        line.set_depth_write(False)
        line.set_bin("fixed", 49)  # under the labels, over the dice
    return done


def _building_of(node: NodePath, root: NodePath) -> NodePath | None:
    """The building (demo_stage's ``building-N`` node) ``node`` belongs to, or None."""
    p = node.get_parent()
    while not p.is_empty() and p != root:
        if p.get_name().startswith(BUILDING_PREFIX) and p.get_parent() == root:
            return p
        p = p.get_parent()
    return None


def _building_columns(
    root: NodePath, cam: NodePath, lens, size, bounds: Rect
) -> dict[NodePath, Rect]:
    """Each building's column of the screen (``columns``), from its card's extent on the
    screen (the card, its drawing's band, or the face-down card)."""
    buildings = [b for b in root.get_children() if b.get_name().startswith(BUILDING_PREFIX)]
    if len(buildings) < 2:
        return {}
    extents = []
    for b in buildings:
        xs = []
        for name in ("**/card-paper", "**/card-drawing", "**/hidden-card"):
            for part in b.find_all_matches(name):
                r = screen_rect(part, cam, lens, size)
                if r is not None:
                    xs += [r[0], r[2]]
        if not xs:
            return {}
        extents.append((min(xs), max(xs)))
    return dict(zip(buildings, columns(extents, bounds), strict=True))


def _nearest_edge(r: Rect, towards: Rect) -> tuple[float, float]:
    """The point of ``r``'s edge nearest ``towards``' centre."""
    tx, ty = (towards[0] + towards[2]) / 2, (towards[1] + towards[3]) / 2
    return min(max(tx, r[0]), r[2]), min(max(ty, r[1]), r[3])


def _film_to_root(
    px: tuple[float, float], label: NodePath, root: NodePath, cam: NodePath, lens, size
) -> Point3 | None:
    """The point at ``label``'s depth that shows at pixel ``px``, in ``root``'s frame."""
    depth = label.get_pos(cam).y
    w, h = size
    film = Point2(px[0] / w * 2 - 1, 1 - px[1] / h * 2)
    near, far = Point3(), Point3()
    if not lens.extrude(film, near, far):
        return None
    ray = far - near
    if abs(ray.y) < 1e-9:
        return None
    t = (depth - near.y) / ray.y
    return root.get_relative_point(cam, near + ray * t)


def _shift(label: NodePath, cam: NodePath, lens, size, dx: float, dy: float) -> None:
    """Move a billboard so it shows ``dx, dy`` pixels from where it is, at the same depth."""
    here = label.get_pos(cam)
    w, h = size
    p = Point2()
    if not lens.project(here, p):
        return
    px = ((p.x + 1) / 2 * w + dx, (1 - p.y) / 2 * h + dy)
    target = _film_to_root(px, label, cam, cam, lens, size)
    if target is not None:
        label.set_pos(cam, target)
