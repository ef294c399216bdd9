"""Show scenes: a building on its card on a lit table, the material test scene, and the camera
that frames them. Used by ``blueprints3d render`` and ``view``, the tests and the benchmarks.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from panda3d.core import CardMaker, NodePath, PerspectiveLens

from blueprints3d.client.render import glass, materials, shaders
from blueprints3d.client.render.capture import View, base_view
from blueprints3d.client.render.glass import Refraction, enable_refraction
from blueprints3d.client.render.lighting import Lighting, setup_lighting
from blueprints3d.client.scene import card_model, dice_model, units
from blueprints3d.engine.blueprints import Blueprint
from blueprints3d.engine.materials import Material
from blueprints3d.files.buildfile import Build

BACKGROUND = (0.05, 0.05, 0.06)


@dataclass
class Stage:
    """A lit scene root on a table, with glass refraction when shaders are on."""

    view: View
    root: NodePath
    lighting: Lighting
    refraction: Refraction | None

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


def make_stage(base, view: View | None = None, extent: float = 12.0, table_radius: float = 60.0,
               background: tuple[float, float, float] = BACKGROUND, refraction: str = "ground") -> Stage:
    """A scene root with the table, the lights and (shaded) glass refraction, drawn by ``view``
    (default: the base's window). The view's camera is pointed at this root.

    ``refraction``: "ground" (what the live table uses: glass shows the table and the cards of
    ``Stage.set_cards`` bent, no extra pass), "screen" (also the dice behind glass, through a
    picture of the scene taken each frame: for stills) or "none" (plain blending).
    """
    if refraction not in ("ground", "screen", "none"):
        raise ValueError(f"refraction must be ground, screen or none, not {refraction!r}")
    view = view or base_view(base)
    root = NodePath("showcase-root")
    view.cam.node().set_scene(root)
    view.output.set_clear_color((*background, 1.0))
    # With the task manager, the shadow map is redrawn only in frames where something moved.
    lighting = setup_lighting(root, shadows=shaders.shaders_enabled(), extent=extent,
                              shadow_size=2048 if extent < 30 else 1024,
                              task_mgr=getattr(base, "taskMgr", None), gsg=view.output.get_gsg())
    make_table_top(root, table_radius)
    stage = Stage(view=view, root=root, lighting=lighting, refraction=None)
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
            die = dice_model.make_die(Material(material), value, _variant(cell, level, material, value))
            die.reparent_to(card)
            die.set_pos(x, y, dice_model.die_center_z(level))
            die.set_tag("cell", str(cell))
            die.set_tag("level", str(level))
    return card


def material_test_build() -> Build:
    """The material test scene as a build: one die of each material on a card (wood, recycled,
    stone, glass in cells 2 to 5), and a mixed stack with glass in the middle (stone, glass,
    wood, in cell 1) next to a hatched space."""
    bp = Blueprint.from_grid([["X", 3], [1, 1], [1, 1]], id="MAT", name="Material test",
                             check_total=False)
    # The stack stands at the back right: seen from the front right (the default angle) it
    # hides none of the single dice, and none of them hides it.
    stacks = ((), ((Material.STONE, 2), (Material.GLASS, 3), (Material.WOOD, 6)),
              ((Material.WOOD, 5),), ((Material.RECYCLED, 5),),
              ((Material.STONE, 5),), ((Material.GLASS, 5),))
    return Build(blueprint=bp, stacks=tuple(tuple((int(m), v) for m, v in s) for s in stacks))


def orbit_camera(view: View, target: tuple[float, float, float], distance: float, angle_deg: float,
                 elevation_deg: float = 38.0, fov: float = 35.0) -> None:
    """Put the default camera on a circle around ``target``: ``angle_deg`` 0 = the seated
    player's view from -Y, counter-clockwise seen from above."""
    lens = view.lens
    if not isinstance(lens, PerspectiveLens):
        return
    # The field of view applies to the narrower side, so portrait and wide pictures both fit.
    w, h = view.size
    lens.set_aspect_ratio(w / h)
    lens.set_min_fov(fov)
    lens.set_near_far(1.0, 2000.0)
    a, e = math.radians(angle_deg), math.radians(elevation_deg)
    x = target[0] + distance * math.cos(e) * math.sin(a)
    y = target[1] - distance * math.cos(e) * math.cos(a)
    z = target[2] + distance * math.sin(e)
    view.cam.set_pos(x, y, z)
    view.cam.look_at(*target)


def framing(build: Build) -> tuple[tuple[float, float, float], float]:
    """Camera target and distance that fit ``build``'s card and its tallest stack in view."""
    w, l = card_model.card_size(build.blueprint)
    tallest = max((len(s) for s in build.stacks), default=0)
    height = tallest * units.DIE_SIZE
    radius = math.sqrt((w / 2) ** 2 + (l / 2) ** 2 + (height / 2) ** 2)
    return (0.0, 0.0, height * 0.35), radius / math.sin(math.radians(35.0 / 2)) * 0.8
