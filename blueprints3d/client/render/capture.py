"""Pictures without a screen: the process's offscreen ShowBase, offscreen views of any size,
frame grabs as numpy arrays, PNG writing, and where a point lands on the picture.

Used by ``blueprints3d render``, the demo and replay ``--render``, the tests and the benchmarks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

import numpy as np
from numpy.typing import DTypeLike
from panda3d.core import (
    Camera,
    ConstPointerToArray_unsigned_char,
    GraphicsOutput,
    Lens,
    NodePath,
    OrthographicLens,
    PerspectiveLens,
    PNMImage,
    Point2,
    Point3,
    StringStream,
    Texture,
)

from blueprints3d.client.render.window import open_base
from blueprints3d.files.jsonfile import write_bytes_atomic

if TYPE_CHECKING:
    from typing_extensions import Buffer  # collections.abc has it from Python 3.12 only

_bases: list = []


def open_offscreen_base(width: int, height: int, multisamples: int = 0):
    """The process's one offscreen ShowBase (Mesa's software GL), opened on first call.

    Panda3D allows a single ShowBase per process, so later calls return the same one whatever
    size they ask for; render at another size through ``open_view``.
    """
    if _bases:
        return _bases[0]
    # Shaders start off: each test or command that wants them says so (shaders.configure).
    base = open_base(
        size=(width, height),
        title="blueprints3d offscreen",
        offscreen=True,
        multisamples=multisamples,
        shaders_on=False,
    )
    _bases.append(base)
    return base


def max_buffer_side(base) -> int:
    """The largest side (pixels) of a texture, and so of an offscreen buffer, the GL of ``base``
    draws into."""
    gsg = base.win.get_gsg()
    side = gsg.get_max_texture_dimension() if gsg is not None else -1
    return side if side > 0 else 4096  # (unknown: OpenGL 3's promise, to be safe)


def render_frames(base, count: int = 2) -> None:
    """Render ``count`` frames; the first one after a scene change may not be complete yet."""
    for _ in range(count):
        base.graphicsEngine.render_frame()


def ram_array(image: ConstPointerToArray_unsigned_char, dtype: DTypeLike) -> np.ndarray:
    """A texture's RAM image as a flat array over the same memory (no copy)."""
    # Panda3D's array has the buffer protocol, which its stubs leave out: the cast says so. The
    # memoryview (no copy either) is a buffer that every numpy's stubs for frombuffer accept.
    return np.frombuffer(memoryview(cast("Buffer", image)), dtype=dtype)


def grab_frame(output) -> np.ndarray:
    """The last rendered frame of a window or buffer as an (h, w, 3) uint8 array, top row first."""
    tex: Texture = output.get_screenshot()
    data = ram_array(tex.get_ram_image_as("RGB"), np.uint8)
    img = data.reshape(tex.get_y_size(), tex.get_x_size(), 3)
    return np.ascontiguousarray(img[::-1])


def png_bytes(img: np.ndarray) -> bytes:
    """An (h, w, 3) uint8 array (top row first) encoded as PNG by Panda3D's PNMImage."""
    h, w = img.shape[:2]
    pnm = PNMImage(w, h, 3)
    tex = Texture("out")
    tex.setup_2d_texture(w, h, Texture.T_unsigned_byte, Texture.F_rgb)
    # Panda wants bottom row first and BGR byte order in RAM images.
    tex.set_ram_image(np.ascontiguousarray(img[::-1, :, ::-1]).tobytes())
    tex.store(pnm)
    stream = StringStream()
    if not pnm.write(stream, "picture.png"):
        raise OSError("the PNG writer failed")
    return stream.get_data()


def save_png(img: np.ndarray, path: str) -> None:
    """Write an (h, w, 3) uint8 array as PNG atomically (temporary file, then rename): a kill
    never leaves half a picture."""
    write_bytes_atomic(path, png_bytes(img))


def snapshot(
    base,
    scene: NodePath,
    cam_pos: tuple[float, float, float],
    look_at: tuple[float, float, float] = (0.0, 0.0, 0.0),
    ortho_size: float | None = None,
    fov: float = 40.0,
    background: tuple[float, float, float] = (0.5, 0.5, 0.5),
) -> np.ndarray:
    """Render ``scene`` alone from ``cam_pos`` on the base's window and return the picture.

    The default camera is pointed at ``scene`` for two frames and then handed back to
    ``base.render``, so tests can share one ShowBase without seeing each other's nodes.
    ``ortho_size`` (cm across the shorter side) gives an orthographic view, as for counting pips.
    """
    cam_node = base.camNode
    old_lens = cam_node.get_lens()
    w, h = base.win.get_x_size(), base.win.get_y_size()
    lens: Lens
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


@dataclass
class View:
    """Where a scene is drawn: a window or offscreen buffer, and the camera drawing into it."""

    output: GraphicsOutput  # a window or buffer
    cam: NodePath[Camera]

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


def screen_point(view: View, node: NodePath, point=(0.0, 0.0, 0.0)) -> tuple[int, int] | None:
    """Pixel (column, row from the top) where ``point`` of ``node`` appears, or None off screen."""
    p3 = view.cam.get_relative_point(node, Point3(*point))
    p2 = Point2()
    if not view.lens.project(p3, p2):
        return None
    w, h = view.size
    return int((p2.x + 1) / 2 * w), int((1 - p2.y) / 2 * h)
