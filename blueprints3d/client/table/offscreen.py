"""The table app on an offscreen buffer of any size: for the tests, the benchmarks and screenshots.

It shares the process's one ShowBase (``capture.open_offscreen_base``) and renders through its
own buffer and camera, so it never changes the base's window or default camera.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from panda3d.core import Camera, GraphicsOutput, NodePath, OrthographicLens

from blueprints3d.client.render.capture import grab_frame
from blueprints3d.client.table.app import TableApp
from blueprints3d.client.table.model.options import AppOptions


@dataclass
class OffscreenTable:
    base: Any  # the ShowBase (Panda3D has no type stubs)
    app: TableApp
    buffer: GraphicsOutput
    cam: NodePath
    cam2d: NodePath | None = None  # with overlay=True: the HUD and screens drawn on top

    def render(self, frames: int = 2) -> None:
        for _ in range(frames):
            self.base.graphicsEngine.render_frame()

    def screenshot(self) -> np.ndarray:
        """The table as an (h, w, 3) uint8 picture, top row first, after settling everything."""
        self.app.settle()
        self.render(2)
        return grab_frame(self.buffer)

    def pixel(self, x: float, y: float) -> tuple[int, int]:
        """Mouse coordinates ([-1, 1], +y up) to (column, row) of the screenshot."""
        w, h = self.buffer.get_x_size(), self.buffer.get_y_size()
        return int(round((x + 1) / 2 * (w - 1))), int(round((1 - y) / 2 * (h - 1)))

    def close(self) -> None:
        self.app.destroy()
        self.cam.remove_node()
        if self.cam2d is not None:
            self.cam2d.remove_node()
            win = self.base.win
            self.base.adjustWindowAspectRatio(win.get_x_size() / max(win.get_y_size(), 1))
        self.base.graphicsEngine.remove_window(self.buffer)


def open_table(
    base, width: int, height: int, options: AppOptions, overlay: bool = False
) -> OffscreenTable:
    """The table on a ``width`` x ``height`` buffer. ``overlay``: draw the 2D overlay (HUD and
    screens) into it too, with the base's aspect2d shaped for the buffer (one such table at a
    time: aspect2d is the process's one)."""
    buffer = base.win.make_texture_buffer("blueprints3d-table", width, height, to_ram=False)
    if buffer is None:
        raise RuntimeError("could not open an offscreen buffer")
    buffer.set_sort(-20)  # render before the base's own window
    cam = base.make_camera(buffer)
    cam.node().get_lens().set_aspect_ratio(width / height)
    cam2d = None
    if overlay:
        base.adjustWindowAspectRatio(width / height)
        region = buffer.make_display_region()
        region.set_sort(20)
        region.set_clear_depth_active(True)
        lens = OrthographicLens()
        lens.set_film_size(2, 2)
        lens.set_near_far(-1000, 1000)
        node = Camera("blueprints3d-table-cam2d", lens)
        cam2d = base.render2d.attach_new_node(node)
        region.set_camera(cam2d)
    app = TableApp(base, options, output=buffer, cam=cam)
    return OffscreenTable(base, app, buffer, cam, cam2d)
