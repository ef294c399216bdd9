"""Offscreen rendering and show scenes: a building on its card, the material test scene.

Used by ``blueprints3d render``, the tests and the benchmarks; the viewer reuses
``build_showcase``. Nothing here touches ShowBase's global builtins.
"""

from __future__ import annotations

import numpy as np
from panda3d.core import NodePath, Texture, load_prc_file_data

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
    size they ask for; render at another size through ``OffscreenView``.
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
        raise OSError(f"could not write {path}")


def frame_scene(base, target: NodePath) -> None:
    """Attach ``target`` under a fresh scene root in place of whatever was shown before."""
    for child in base.render.get_children():
        if child.get_name() == "showcase-root":
            child.remove_node()
    target.reparent_to(base.render)


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
