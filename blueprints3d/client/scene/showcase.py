"""Show scenes: a building on its card on a lit table, the material test scene, and the camera
that frames them (``frame_build``: the building's bounding box fitted with a margin by
``camera.fit_distance``, from any angle and elevation, in any picture shape). Used by ``blueprints3d render`` and ``view``, the tests and the benchmarks.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from panda3d.core import CardMaker, NodePath, PerspectiveLens

from blueprints3d.client.render import glass, materials, shaders, stills
from blueprints3d.client.render.capture import View, base_view
from blueprints3d.client.render.glass import Refraction, enable_refraction
from blueprints3d.client.render.lighting import Lighting, setup_lighting
from blueprints3d.client.scene import card_model, dice_model, units
from blueprints3d.client.scene.camera import View as CameraView
from blueprints3d.client.scene.camera import fit_distance, project
from blueprints3d.engine.blueprints import Blueprint
from blueprints3d.engine.materials import Material
from blueprints3d.files.buildfile import Build

BACKGROUND = (0.05, 0.05, 0.06)
FOV = 35.0  # degrees across the picture's narrower side
FRAME_MARGIN = 0.92  # the building may fill this share of the half-width and half-height:
# 4% of the picture stays clear on each side


@dataclass
class Stage:
    """A lit scene root on a table, with glass refraction when shaders are on."""

    view: View
    root: NodePath
    lighting: Lighting
    refraction: Refraction | None
    extent: float = 12.0  # the key light's shadow covers this radius (cm)

    def set_cards(self, cards: list[NodePath]) -> None:
        """Cards lying on this stage's table, for glass to show through (glass.set_ground)."""
        glass.set_ground(self.root, cards)

    def close(self) -> None:
        if self.refraction is not None:
            self.refraction.close()
        self.lighting.remove()
        self.root.remove_node()


def make_table_top(parent: NodePath, radius: float) -> NodePath:
    """A square table top on z=0, ``radius`` cm from its centre to each edge."""
    cm = CardMaker("table-top")
    cm.set_frame(-radius, radius, -radius, radius)
    cm.set_has_normals(True)
    top = parent.attach_new_node(cm.generate())
    top.set_p(-90)  # CardMaker cards face -Y; lie it down facing up
    materials.apply_surface_material(top, "table")
    return top


SHADOW_EXTENT = 12.0  # cm: the key light's shadow radius round a deck card's building


def shadow_extent(build: Build) -> float:
    """The radius (cm) round the card's centre the key light's shadow map must cover for
    ``build``: never less than ``SHADOW_EXTENT``, and enough for every die of it to lie inside
    the light's film (``lighting.setup_lighting``: 2.2 extents a side). A point's place on the
    film is its distance across the light's beam, never more than its distance from the centre,
    and a shadow lands on the film where its caster is: a die outside the film casts nothing,
    so a large grid's corner stack lost its shadow, cut off where the film ended."""
    x0, x1, y0, y1 = card_model.paper_bounds(build.blueprint)
    reach = 0.0
    for cell, stack in enumerate(build.stacks):
        if not stack:
            continue
        x, y = card_model.cell_position(build.blueprint, cell)
        h = units.DIE_SIZE / 2
        top = dice_model.die_top_z(len(stack) - 1)
        reach = max(reach, math.hypot(abs(x) + h, abs(y) + h, top))
    # The film's half side is 1.1 extents; a margin of a die for the shadow filter's reach.
    return max(SHADOW_EXTENT, (reach + units.DIE_SIZE) / 1.1)


def make_stage(
    base,
    view: View | None = None,
    extent: float = SHADOW_EXTENT,
    table_radius: float = 60.0,
    background: tuple[float, float, float] = BACKGROUND,
    refraction: str = "ground",
    table: bool = True,
) -> Stage:
    """A scene root with the table, the lights and (shaded) glass refraction, drawn by ``view``
    (default: the base's window). The view's camera is pointed at this root.

    ``refraction``: "ground" (what the live table uses: glass shows the table and the cards of
    ``Stage.set_cards`` bent, no extra pass), "screen" (also the dice behind glass, through a
    picture of the scene taken each frame: for stills) or "none" (plain blending). ``table``
    False: the building stands on the plain background (a cut-out).
    """
    if refraction not in ("ground", "screen", "none"):
        raise ValueError(f"refraction must be ground, screen or none, not {refraction!r}")
    view = view or base_view(base)
    root = NodePath("showcase-root")
    view.cam.node().set_scene(root)
    view.output.set_clear_color((*background, 1.0))
    # With the task manager, the shadow map is redrawn only in frames where something moved.
    lighting = setup_lighting(
        root,
        shadows=shaders.shaders_enabled(),
        extent=extent,
        shadow_size=2048 if extent < 30 else 1024,
        task_mgr=getattr(base, "taskMgr", None),
        gsg=view.output.get_gsg(),
    )
    if table:
        make_table_top(root, table_radius)
    stage = Stage(view=view, root=root, lighting=lighting, refraction=None, extent=extent)
    if refraction != "none":
        stage.set_cards([])
    if refraction == "screen":
        # A still can afford a sharper picture than the live table would.
        stage.refraction = enable_refraction(view.output, view.cam, root, scale=0.6)
    return stage


def _variant(cell: int, level: int, material: int, value: int) -> int:
    """A stable per-die look: the same building always renders the same."""
    return cell * 31 + level * 7 + material * 3 + value


def build_showcase(parent: NodePath, build: Build) -> NodePath:
    """A building (a ``buildfile.Build``) on its blueprint card, under ``parent``; the card is
    centred on the parent's origin."""
    bp: Blueprint = build.blueprint
    card = card_model.make_card(bp)
    card.reparent_to(parent)
    card_model.cover_spaces(card, [cell for cell, stack in enumerate(build.stacks) if stack])
    if shaders.shaders_enabled():
        glass.set_ground(parent, [card])  # glass on it shows the print bent
    for cell, stack in enumerate(build.stacks):
        x, y = card_model.cell_position(bp, cell)
        for level, (material, value) in enumerate(stack):
            die = dice_model.make_die(
                Material(material), value, _variant(cell, level, material, value)
            )
            die.reparent_to(card)
            die.set_pos(x, y, dice_model.die_center_z(level))
            die.set_tag("cell", str(cell))
            die.set_tag("level", str(level))
    return card


def still_boxes(card: NodePath) -> list[tuple[float, float, float, float]]:
    """The dice of a ``build_showcase`` model as boxes for a still's contact darkening: (x, y, z,
    half side, negative for glass) in the card's space, each die tagged ``still_index`` with its
    place in the list."""
    boxes: list[tuple[float, float, float, float]] = []
    for die in card.find_all_matches("**/=level"):  # the dice (a card's spaces have cells too)
        p = die.get_pos(card)
        die.set_tag("still_index", str(len(boxes)))
        glassy = die.get_python_tag("material") == int(Material.GLASS)
        boxes.append((p.x, p.y, p.z, -units.DIE_SIZE / 2 if glassy else units.DIE_SIZE / 2))
    return boxes


def dress_still(
    stage: Stage, card: NodePath, options: stills.StillOptions
) -> stills.StillLook | None:
    """Give ``stage``'s building (``card``, from ``build_showcase``) a still's shading: soft
    shadows, contact darkening, glass reflecting the room (``stills.apply_still_look``)."""
    return stills.apply_still_look(
        stage.root, card, still_boxes(card), options, stage.extent, ground_z=units.CARD_THICKNESS
    )


def material_test_build() -> Build:
    """The material test scene as a build: one die of each material on a card (wood, recycled,
    stone, glass in cells 2 to 5), and a mixed stack with glass in the middle (stone, glass,
    wood, in cell 1) next to a hatched space."""
    bp = Blueprint.from_grid(
        [["X", 3], [1, 1], [1, 1]], id="MAT", name="Material test", check_total=False
    )
    # The stack stands at the back right: seen from the front right (the default angle) it
    # hides none of the single dice, and none of them hides it.
    stacks = (
        (),
        ((Material.STONE, 2), (Material.GLASS, 3), (Material.WOOD, 6)),
        ((Material.WOOD, 5),),
        ((Material.RECYCLED, 5),),
        ((Material.STONE, 5),),
        ((Material.GLASS, 5),),
    )
    return Build(blueprint=bp, stacks=tuple(tuple((int(m), v) for m, v in s) for s in stacks))


def set_lens(view: View, fov: float = FOV) -> tuple[float, float]:
    """Shape ``view``'s lens to its picture: ``fov`` degrees across the narrower side, so portrait
    and wide pictures both hold the scene. Returns the lens's (horizontal, vertical) fields of
    view in degrees."""
    lens = view.lens
    w, h = view.size
    lens.set_aspect_ratio(w / max(h, 1))
    lens.set_min_fov(fov)
    lens.set_near_far(1.0, 2000.0)
    f = lens.get_fov()
    return f[0], f[1]


def orbit_camera(
    view: View,
    target: tuple[float, float, float],
    distance: float,
    angle_deg: float,
    elevation_deg: float = 38.0,
    fov: float = FOV,
) -> None:
    """Put the default camera on a circle around ``target``: ``angle_deg`` 0 = the seated
    player's view from -Y, counter-clockwise seen from above."""
    if not isinstance(view.lens, PerspectiveLens):
        return
    set_lens(view, fov)
    eye = CameraView(*target, angle_deg, elevation_deg, distance).eye()
    view.cam.set_pos(*eye)
    view.cam.look_at(*target)


def building_box(build: Build) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
    """The building's bounding box (lowest and highest corners, relative to its card's centre):
    the card with its drawing's band, and the dice up to the top of the tallest stack."""
    x0, x1, y0, y1 = card_model.paper_bounds(build.blueprint)
    tallest = max((len(s) for s in build.stacks), default=0)
    top = dice_model.die_top_z(tallest - 1) if tallest else units.CARD_THICKNESS
    # The dice's rounded edges and the ghost's glow stay inside a die's own box; a hair more
    # for the supersampled edge.
    pad = 0.02
    return (x0 - pad, y0 - pad, 0.0), (x1 + pad, y1 + pad, top + pad)


def box_corners(lo, hi) -> list[tuple[float, float, float]]:
    return [(x, y, z) for x in (lo[0], hi[0]) for y in (lo[1], hi[1]) for z in (lo[2], hi[2])]


def _centring_offset(f: Callable[[float], float | None], span: float) -> float:
    """The aim offset ``o`` at which ``f(o)`` (the picture's offset from centre along one axis,
    falling as ``o`` grows that way; None where a corner leaves the picture) is about 0: widen
    from 0 in steps of ``span``/8, doubling, until the sign changes, then bisect. 0 where the
    picture is centred already or no sign change is found."""
    f0 = f(0.0)
    if f0 is None or abs(f0) < 1e-3:
        return 0.0
    step = span * (1 if f0 > 0 else -1) / 8
    lo_o, hi_o = 0.0, step
    for _ in range(20):  # widen until the offset changes sign
        fh = f(hi_o)
        if fh is None:
            return 0.0
        if (fh > 0) != (f0 > 0):
            break
        lo_o, hi_o = hi_o, hi_o * 2
    else:
        return 0.0
    for _ in range(24):
        mid = (lo_o + hi_o) / 2
        fm = f(mid)
        if fm is None:
            break
        if abs(fm) < 1e-3:  # centred to a thousandth of the picture: done
            return mid
        if (fm > 0) == (f0 > 0):
            lo_o = mid
        else:
            hi_o = mid
    return (lo_o + hi_o) / 2


def fit_box(
    lo, hi, angle: float, elevation: float, fov_h: float, fov_v: float, margin: float = FRAME_MARGIN
) -> CameraView:
    """The camera (a ``camera.View``) from ``angle``/``elevation`` that holds the box's eight
    corners within ``margin`` of the picture's half-width and half-height (``camera.fit_distance``),
    aimed so that the box's picture is centred: the aim moves from the box's centre across the
    view until the projected corners reach as far left as right and as far up as down; the
    distance is solved for each aim, so every corner fits exactly."""
    pts = box_corners(lo, hi)
    target = [(a + b) / 2 for a, b in zip(lo, hi, strict=True)]
    # The view's right and up directions (as camera.View and fit_distance define them).
    a, e = math.radians(angle), math.radians(elevation)
    right = (math.cos(a), math.sin(a), 0.0)
    forward = (-math.cos(e) * math.sin(a), math.cos(e) * math.cos(a), -math.sin(e))
    up = (
        right[1] * forward[2] - right[2] * forward[1],
        right[2] * forward[0] - right[0] * forward[2],
        right[0] * forward[1] - right[1] * forward[0],
    )
    centre = target

    def aimed(ox: float, oy: float) -> tuple[float, float, float]:
        x, y, z = (c + right[i] * ox + up[i] * oy for i, c in enumerate(centre))
        return x, y, z

    def off_centre(ox: float, oy: float) -> tuple[float, float] | None:
        """How far the corners' picture is off centre (x, y in -1..1) aiming at (ox, oy)."""
        aim = aimed(ox, oy)
        d = fit_distance(pts, aim, angle, elevation, fov_h, fov_v, margin)
        projected = [project(CameraView(*aim, angle, elevation, d), p, fov_h, fov_v) for p in pts]
        shown = [s for s in projected if s is not None]
        if len(shown) < len(projected):
            return None
        return (
            (max(s[0] for s in shown) + min(s[0] for s in shown)) / 2,
            (max(s[1] for s in shown) + min(s[1] for s in shown)) / 2,
        )

    # The picture's offset falls as the aim moves the same way (monotonic, but with kinks where
    # another corner becomes the outermost): each offset is found by bisection, one axis at a
    # time, a few rounds.
    span = max(h - l for l, h in zip(lo, hi, strict=True)) or 1.0
    ox = oy = 0.0

    def across(o: float, oy: float) -> float | None:
        return (off_centre(o, oy) or (None,))[0]

    def upward(o: float, ox: float) -> float | None:
        return (off_centre(ox, o) or (None, None))[1]

    for _ in range(3):
        ox = _centring_offset(partial(across, oy=oy), span)
        oy = _centring_offset(partial(upward, ox=ox), span)
        now = off_centre(ox, oy)
        if now is None or max(abs(now[0]), abs(now[1])) < 2e-3:
            break
    aim = aimed(ox, oy)
    d = fit_distance(pts, aim, angle, elevation, fov_h, fov_v, margin)
    return CameraView(*aim, angle, elevation, d)


def frame_build(
    view: View,
    build: Build,
    angle: float,
    elevation: float,
    zoom: float = 1.0,
    fov: float = FOV,
    free: float = 1.0,
) -> CameraView:
    """Point ``view``'s camera at ``build`` (on its card at the origin) from ``angle`` and
    ``elevation`` so that its whole bounding box shows with a margin (``fit_box``), whatever its
    height and the picture's shape; ``zoom`` > 1 steps back, < 1 comes nearer.

    ``free`` < 1: only the left ``free`` share of the picture is for the building (a panel
    covers the rest); the box is fitted in that part, and the lens's centre is moved there."""
    return frame_box(
        view,
        *building_box(build),
        angle,
        elevation,
        zoom,
        fov,
        regions=[(-1.0, 2.0 * free - 1.0, -1.0, 1.0)],
    )


def frame_box(
    view: View,
    lo,
    hi,
    angle: float,
    elevation: float,
    zoom: float = 1.0,
    fov: float = FOV,
    regions=None,
) -> CameraView:
    """Frame the box ``lo``-``hi`` (scene coordinates) as ``frame_build`` does, within one of
    ``regions``: rectangles (left, right, bottom, top) of the picture in -1..1 that nothing
    covers (default: the whole picture). The box is fitted in each (the fields of view narrowed
    to it) and the one that shows it largest is kept; the lens's film is shifted so that the
    camera's aim lands in that rectangle's middle."""
    fov_h, fov_v = set_lens(view, fov)
    th, tv = math.tan(math.radians(fov_h) / 2), math.tan(math.radians(fov_v) / 2)
    best = None
    for left, right, bottom, top in regions or [(-1.0, 1.0, -1.0, 1.0)]:
        if right - left < 0.05 or top - bottom < 0.05:
            continue
        fit = fit_box(
            lo,
            hi,
            angle,
            elevation,
            2 * math.degrees(math.atan(th * (right - left) / 2)),
            2 * math.degrees(math.atan(tv * (top - bottom) / 2)),
        )
        # The lens is the same for every rectangle: the nearest camera shows the box largest.
        if best is None or fit.distance < best[0].distance:
            best = (fit, (left + right) / 2, (bottom + top) / 2)
    if best is None:
        best = (fit_box(lo, hi, angle, elevation, fov_h, fov_v), 0.0, 0.0)
    fit, cx, cy = best
    film = view.lens.get_film_size()
    view.lens.set_film_offset(-cx * film[0] / 2, -cy * film[1] / 2)
    fit.distance *= zoom
    aim(view, fit)
    return fit


def aim(view: View, camera: CameraView) -> None:
    """Put ``view``'s camera where ``camera`` (a ``camera.View``) says."""
    view.cam.set_pos(*camera.eye())
    view.cam.look_at(camera.tx, camera.ty, camera.tz)


def framing(
    build: Build, angle: float = 35.0, elevation: float = 36.0, aspect: float = 16 / 9
) -> tuple[tuple[float, float, float], float]:
    """Camera target and distance that fit ``build``'s bounding box from ``angle``/``elevation``
    in a picture of ``aspect`` (see ``fit_box``)."""
    t = math.tan(math.radians(FOV) / 2)
    th, tv = (t * aspect, t) if aspect >= 1 else (t, t / aspect)
    fit = fit_box(
        *building_box(build),
        angle,
        elevation,
        2 * math.degrees(math.atan(th)),
        2 * math.degrees(math.atan(tv)),
    )
    return (fit.tx, fit.ty, fit.tz), fit.distance
