"""What glass bends, for still pictures: a small picture of the scene without glass, every frame.

The live table uses ``materials.set_ground`` instead (rays traced to the table and cards, no
extra pass): on a software renderer any extra render pass costs about 8 ms whatever it draws,
which alone would make the shaded table more than twice as slow as the plain one. The render
command and the viewer, where a frame may take longer, use this for the fuller look: dice
behind glass show bent too.

A second camera, riding on the main one with the same lens, renders everything except glass
(glass is hidden from ``materials.REFRACTION_MASK``) into a texture before the main window
draws. Glass dice sample it at their own screen position shifted by their surface normal, so
the card and dice behind a glass die show through it bent. At 0.3 of the window's size it has
a tenth of the pixels, so it costs about a tenth of a frame on a software renderer (half
size cost a quarter, measured with benchmarks/materials_frame_time.py); the slight blur reads
as glass anyway.
"""

from __future__ import annotations

from panda3d.core import Camera, GraphicsOutput, NodePath, Texture

from blueprints3d.client.render import materials

# Above the per-die defaults (priority 0) and materials.set_ground (10).
_PRIORITY = 20


class Refraction:
    def __init__(self, window: GraphicsOutput, camera: NodePath, scene_root: NodePath,
                 scale: float = 0.3) -> None:
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
        # Dice seen through glass are small and blurred: draw them with the CHEAP variant of
        # their material (no grain, flecks or engraving), which halves this picture's cost.
        cam.set_tag_state_key("material")
        for material, state in materials.cheap_die_states().items():
            cam.set_tag_state(material.label, state)
        self.camera = camera.attach_new_node(cam)                   # follows every move
        region = self.buffer.make_display_region()
        region.set_camera(self.camera)
        # Kept to put back on close (materials.set_ground's mode sits on the same root).
        self._before = [scene_root.get_shader_input(k) for k in ("refraction_tex", "refraction_mode")]
        scene_root.set_shader_input("refraction_tex", self.texture, priority=_PRIORITY)
        scene_root.set_shader_input("refraction_mode", 2.0, priority=_PRIORITY)
        scene_root.set_python_tag("screen_refraction", self)

    def close(self) -> None:
        """Stop taking the picture; glass goes back to plain blending."""
        self.scene_root.clear_python_tag("screen_refraction")
        for name, before in zip(("refraction_tex", "refraction_mode"), self._before):
            self.scene_root.clear_shader_input(name)
            if before is not None and before.get_value_type() != 0:
                self.scene_root.set_shader_input(before)
        self.camera.remove_node()
        engine = self.buffer.get_engine()
        engine.remove_window(self.buffer)


def enable_refraction(window: GraphicsOutput, camera: NodePath, scene_root: NodePath,
                      scale: float = 0.3) -> Refraction | None:
    """Start refraction for glass under ``scene_root`` seen by ``camera`` in ``window``.

    Returns None (glass keeps plain blending) when shaders are off or no buffer can be made.
    """
    if not materials.shaders_enabled():
        return None
    try:
        return Refraction(window, camera, scene_root, scale)
    except RuntimeError:
        return None
