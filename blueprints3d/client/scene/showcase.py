"""Offscreen rendering and show scenes: a building on its card, the material test scene.

Used by ``blueprints3d render``, the tests and the benchmarks; the viewer reuses
``build_showcase``. Nothing here touches ShowBase's global builtins.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from panda3d.core import NodePath, Texture, load_prc_file_data

from blueprints3d.engine.blueprints import Blueprint
from blueprints3d.engine.materials import Material

OFFSCREEN_PRC = """
window-type offscreen
load-display p3headlessgl
aux-display p3headlessgl
framebuffer-hardware false
audio-library-name null
sync-video false
textures-power-2 none
"""

_bases: list = []


def open_offscreen_base(width: int, height: int, multisamples: int = 0):
    """The process's one offscreen ShowBase (Mesa's software GL), opened on first call.

    Panda3D allows a single ShowBase per process, so later calls return the same one whatever
    size they ask for; render at another size through ``open_view``.
    """
    if _bases:
        return _bases[0]
    load_prc_file_data("blueprints3d-offscreen", OFFSCREEN_PRC + f"win-size {width} {height}\n"
                       + (f"framebuffer-multisample 1\nmultisamples {multisamples}\n" if multisamples else ""))
    from direct.showbase.ShowBase import ShowBase

    base = ShowBase(windowType="offscreen")
    base.disable_mouse()
    _bases.append(base)
    return base


def render_frames(base, count: int = 2) -> None:
    """Render ``count`` frames; the first one after a scene change may not be complete yet."""
    for _ in range(count):
        base.graphicsEngine.render_frame()


def grab_frame(output) -> np.ndarray:
    """The last rendered frame of a window or buffer as an (h, w, 3) uint8 array, top row first."""
    tex: Texture = output.get_screenshot()
    data = np.frombuffer(tex.get_ram_image_as("RGB"), dtype=np.uint8)
    img = data.reshape(tex.get_y_size(), tex.get_x_size(), 3)
    return np.ascontiguousarray(img[::-1])


def save_png(img: np.ndarray, path: str) -> None:
    """Write an (h, w, 3) uint8 array (top row first) as PNG through Panda3D's PNMImage."""
    from panda3d.core import PNMImage

    h, w = img.shape[:2]
    pnm = PNMImage(w, h, 3)
    tex = Texture("out")
    tex.setup_2d_texture(w, h, Texture.T_unsigned_byte, Texture.F_rgb)
    # Panda wants bottom row first and BGR byte order in RAM images.
    tex.set_ram_image(np.ascontiguousarray(img[::-1, :, ::-1]).tobytes())
    tex.store(pnm)
    if not pnm.write(path):
        raise OSError("the PNG writer failed (folder missing or not writable?)")


def snapshot(base, scene: NodePath, cam_pos: tuple[float, float, float],
             look_at: tuple[float, float, float] = (0.0, 0.0, 0.0),
             ortho_size: float | None = None, fov: float = 40.0,
             background: tuple[float, float, float] = (0.5, 0.5, 0.5)) -> np.ndarray:
    """Render ``scene`` alone from ``cam_pos`` on the base's window and return the picture.

    The default camera is pointed at ``scene`` for two frames and then handed back to
    ``base.render``, so tests can share one ShowBase without seeing each other's nodes.
    ``ortho_size`` (cm across the shorter side) gives an orthographic view, as for counting pips.
    """
    from panda3d.core import OrthographicLens, PerspectiveLens

    cam_node = base.camNode
    old_lens = cam_node.get_lens()
    w, h = base.win.get_x_size(), base.win.get_y_size()
    if ortho_size is not None:
        lens = OrthographicLens()
        scale = ortho_size / min(w, h)
        lens.set_film_size(w * scale, h * scale)
    else:
        lens = PerspectiveLens()
        lens.set_fov(fov)
        lens.set_aspect_ratio(w / h)
    lens.set_near_far(0.5, 2000.0)
    cam_node.set_lens(lens)
    old_scene = cam_node.get_scene()
    cam_node.set_scene(scene)
    base.cam.set_pos(*cam_pos)
    base.cam.look_at(*look_at)
    base.win.set_clear_color((*background, 1.0))
    try:
        render_frames(base, 2)
        return grab_frame(base.win)
    finally:
        cam_node.set_scene(old_scene)
        cam_node.set_lens(old_lens)


# -- scenes ---------------------------------------------------------------------------------------


BACKGROUND = (0.05, 0.05, 0.06)


@dataclass
class View:
    """Where a scene is drawn: a window or offscreen buffer, and the camera drawing into it."""

    output: object   # GraphicsOutput
    cam: NodePath

    @property
    def lens(self):
        return self.cam.node().get_lens()

    @property
    def size(self) -> tuple[int, int]:
        return self.output.get_x_size(), self.output.get_y_size()

    def grab(self) -> np.ndarray:
        return grab_frame(self.output)


def base_view(base) -> View:
    """The base's own window and default camera."""
    return View(base.win, base.cam)


def open_view(base, width: int, height: int, name: str = "showcase") -> View:
    """An offscreen buffer of any size with its own camera, drawn before the base's window."""
    buffer = base.win.make_texture_buffer(name, width, height, None, False)
    if buffer is None:
        raise RuntimeError(f"could not open a {width}x{height} offscreen buffer")
    buffer.set_sort(-20)
    cam = base.make_camera(buffer)
    cam.node().get_lens().set_aspect_ratio(width / height)
    return View(buffer, cam)


def close_view(base, view: View) -> None:
    view.cam.remove_node()
    base.graphicsEngine.remove_window(view.output)


@dataclass
class Stage:
    """A lit scene root on a table, with glass refraction when shaders are on."""

    view: View
    root: NodePath
    lighting: object
    refraction: object | None

    def set_cards(self, cards: list[NodePath]) -> None:
        """Cards lying on this stage's table, for glass to show through (materials.set_ground)."""
        from blueprints3d.client.render import materials
        materials.set_ground(self.root, cards)

    def close(self) -> None:
        if self.refraction is not None:
            self.refraction.close()
        self.lighting.remove()
        self.root.remove_node()


def make_table_top(parent: NodePath, radius: float) -> NodePath:
    """A square table top on z=0, ``radius`` cm from its centre to each edge."""
    from panda3d.core import CardMaker

    from blueprints3d.client.render import materials

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
    from blueprints3d.client.render import materials
    from blueprints3d.client.render.lighting import setup_lighting
    from blueprints3d.client.render.glass import enable_refraction

    view = view or base_view(base)
    root = NodePath("showcase-root")
    view.cam.node().set_scene(root)
    view.output.set_clear_color((*background, 1.0))
    # With the task manager, the shadow map is redrawn only in frames where something moved.
    lighting = setup_lighting(root, shadows=materials.shaders_enabled(), extent=extent,
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


def build_showcase(parent: NodePath, build) -> NodePath:
    """A building (a ``buildfile.Build``) on its blueprint card, under ``parent``; the card is
    centred on the parent's origin."""
    from blueprints3d.client.scene import card_model, dice_model
    from blueprints3d.client.render import materials

    bp: Blueprint = build.blueprint
    card = card_model.make_card(bp)
    card.reparent_to(parent)
    if materials.shaders_enabled():
        materials.set_ground(parent, [card])  # glass on it shows the print bent
    for cell, stack in enumerate(build.stacks):
        x, y = card_model.cell_position(bp, cell)
        for level, (material, value) in enumerate(stack):
            die = dice_model.make_die(Material(material), value, _variant(cell, level, material, value))
            die.reparent_to(card)
            die.set_pos(x, y, dice_model.die_center_z(level))
            die.set_tag("cell", str(cell))
            die.set_tag("level", str(level))
    return card


def material_test_build():
    """The material test scene as a build: one die of each material on a card (wood, recycled,
    stone, glass in cells 2 to 5), and a mixed stack with glass in the middle (stone, glass,
    wood, in cell 1) next to a hatched space."""
    from blueprints3d.files.buildfile import Build

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
    import math

    from panda3d.core import PerspectiveLens

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


def screen_point(view: View, node: NodePath, point=(0.0, 0.0, 0.0)) -> tuple[int, int] | None:
    """Pixel (column, row from the top) where ``point`` of ``node`` appears, or None off screen."""
    from panda3d.core import Point2, Point3

    p3 = view.cam.get_relative_point(node, Point3(*point))
    p2 = Point2()
    if not view.lens.project(p3, p2):
        return None
    w, h = view.size
    return int((p2.x + 1) / 2 * w), int((1 - p2.y) / 2 * h)


def framing(build) -> tuple[tuple[float, float, float], float]:
    """Camera target and distance that fit ``build``'s card and its tallest stack in view."""
    import math

    from blueprints3d.client.scene import card_model, units

    w, l = card_model.card_size(build.blueprint)
    tallest = max((len(s) for s in build.stacks), default=0)
    height = tallest * units.DIE_SIZE
    radius = math.sqrt((w / 2) ** 2 + (l / 2) ** 2 + (height / 2) ** 2)
    return (0.0, 0.0, height * 0.35), radius / math.sin(math.radians(35.0 / 2)) * 0.8
