"""What glass bends: a half-size picture of the scene without glass, taken every frame.

A second camera, riding on the main one with the same lens, renders everything except glass
(glass is hidden from ``materials.REFRACTION_MASK``) into a texture before the main window
draws. Glass dice sample it at their own screen position shifted by their surface normal, so
the card and dice behind a glass die show through it bent. Half size costs about a quarter of a
frame on a software renderer; the slight blur reads as glass anyway.
"""

from __future__ import annotations

from panda3d.core import Camera, GraphicsOutput, NodePath, Texture

from blueprints3d.client import materials

# Above the per-die defaults (priority 0) that say "no refraction picture".
_PRIORITY = 10


class Refraction:
    def __init__(self, window: GraphicsOutput, camera: NodePath, scene_root: NodePath,
                 scale: float = 0.5) -> None:
        self.scene_root = scene_root
        self.texture = Texture("refraction")
        w = max(16, int(window.get_x_size() * scale))
        h = max(16, int(window.get_y_size() * scale))
        self.buffer = window.make_texture_buffer("refraction", w, h, self.texture, False)
        if self.buffer is None:
            raise RuntimeError("no offscreen buffer for glass refraction")
        self.buffer.set_sort(-30)  # before the shadow-free main window pass, after shadows
        self.buffer.set_clear_color(window.get_clear_color())
        self.texture.set_wrap_u(Texture.WM_clamp)
        self.texture.set_wrap_v(Texture.WM_clamp)
        self.texture.set_minfilter(Texture.FT_linear)
        self.texture.set_magfilter(Texture.FT_linear)
        cam = Camera("refraction-camera", camera.node().get_lens())  # shared lens: follows zoom
        cam.set_scene(scene_root)
        cam.set_camera_mask(materials.REFRACTION_MASK)
        self.camera = camera.attach_new_node(cam)                   # follows every move
        region = self.buffer.make_display_region()
        region.set_camera(self.camera)
        scene_root.set_shader_input("refraction_tex", self.texture, _PRIORITY)
        scene_root.set_shader_input("refraction_on", 1.0, _PRIORITY)

    def close(self) -> None:
        """Stop taking the picture; glass goes back to plain blending."""
        self.scene_root.clear_shader_input("refraction_tex")
        self.scene_root.clear_shader_input("refraction_on")
        self.camera.remove_node()
        engine = self.buffer.get_engine()
        engine.remove_window(self.buffer)


def enable_refraction(window: GraphicsOutput, camera: NodePath, scene_root: NodePath,
                      scale: float = 0.5) -> Refraction | None:
    """Start refraction for glass under ``scene_root`` seen by ``camera`` in ``window``.

    Returns None (glass keeps plain blending) when shaders are off or no buffer can be made.
    """
    if not materials.shaders_enabled():
        return None
    try:
        return Refraction(window, camera, scene_root, scale)
    except RuntimeError:
        return None
