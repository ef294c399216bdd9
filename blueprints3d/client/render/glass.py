"""What glass bends: the ground under it on the live table, the whole scene in still pictures.

``set_ground`` lets glass show the table and cards beneath it, bent: rays traced in the shader,
no extra pass. For stills, ``Refraction`` takes a small picture of the scene without glass every
frame, which glass samples.

The live table uses ``set_ground`` (rays traced to the table and cards, no
extra pass): on a software renderer any extra render pass costs about 8 ms whatever it draws,
which alone would make the shaded table more than twice as slow as the plain one. The render
command and the viewer, where a frame may take longer, use this for the fuller look: dice
behind glass show bent too.

A second camera, riding on the main one with the same lens, renders everything except glass
(glass is hidden from ``config.REFRACTION_MASK``) into a texture before the main window
draws. Glass dice sample it at their own screen position shifted by their surface normal, so
the card and dice behind a glass die show through it bent. At 0.3 of the window's size it has
a tenth of the pixels, so it costs about a tenth of a frame on a software renderer (half
size cost a quarter, measured with benchmarks/materials_frame_time.py); the slight blur reads
as glass anyway.
"""

from __future__ import annotations

from collections.abc import Sequence

from panda3d.core import Camera, GraphicsOutput, LMatrix4f, NodePath, SamplerState, Texture

from blueprints3d.client.render import materials
from blueprints3d.client.render.config import REFRACTION_MASK
from blueprints3d.client.render.shaders import shaders_enabled
from blueprints3d.client.render.textures import SURFACE_TEXTURE, flat_texture, surface_texture

RGBA = tuple[float, float, float, float]


# -- what glass shows on the live table ----------------------------------------------------------

GROUND_PRIORITY = 10  # above the per-die defaults; Refraction's picture uses 20


def _ground_sampler():
    """Sampling for what glass shows: mipmapped but never anisotropic. Glass pixels side by side
    can look at ground points far apart, and llvmpipe's anisotropic filter then takes so many
    probes that a single glass die cost seconds a frame (measured with the benchmark)."""
    sampler = SamplerState()
    sampler.set_minfilter(SamplerState.FT_linear_mipmap_linear)
    sampler.set_magfilter(SamplerState.FT_linear)
    sampler.set_wrap_u(SamplerState.WM_repeat)
    sampler.set_wrap_v(SamplerState.WM_repeat)
    sampler.set_anisotropic_degree(1)
    return sampler


def set_ground(
    scene_root: NodePath,
    cards: Sequence[NodePath] = (),
    table: Texture | RGBA | None = None,
    table_scale: float | None = None,
    ground_z: float = 0.0,
) -> None:
    """Let glass dice under ``scene_root`` show the table and the cards through them, bent.

    Each glass pixel follows its refracted view ray down to the table top (z = ``ground_z``) and
    looks up the card lying there (``cards``: up to four from ``card_model.make_card``, placed
    where they will stay; call again if they move) or else the table (``table``, default our
    walnut texture, one repeat per ``table_scale`` cm; an RGBA tuple for a plain cloth). This
    needs no extra render pass, so it is
    what the live table uses; ``Refraction`` gives the full picture for stills.
    """
    if not shaders_enabled():
        return
    if len(cards) > materials.MAX_GROUND_CARDS:
        raise ValueError(
            f"glass can show at most {materials.MAX_GROUND_CARDS} cards, not {len(cards)}"
        )
    if table is None:
        table, table_scale = surface_texture("table"), SURFACE_TEXTURE["table"][1]
    elif not isinstance(table, Texture):
        table = flat_texture((table[0], table[1], table[2], 1.0), "table-colour")
    # priority= by keyword: passed third, a number would become the value's second component.
    p = GROUND_PRIORITY
    if not scene_root.has_python_tag("screen_refraction"):  # Refraction's mode 2 stays
        scene_root.set_shader_input("refraction_mode", 1.0, priority=p)
    scene_root.set_shader_input("table_tex", table, _ground_sampler(), priority=p)
    scene_root.set_shader_input("table_scale", float(table_scale or 1.0), priority=p)
    scene_root.set_shader_input("ground_z", float(ground_z), priority=p)
    scene_root.set_shader_input("card_count", float(len(cards)), priority=p)
    top = scene_root.get_top()
    for i, card in enumerate(cards):
        size = card.get_python_tag("card_size")
        assert size is not None, "a card is tagged with its size (card_model.make_card)"
        width, length = size
        # World (the graph's top, as p3d_ModelMatrix) -> card -> face (u, v) in [0, 1].
        to_card = LMatrix4f(card.get_mat(top))
        to_card.invert_in_place()
        to_uv = (
            to_card
            * LMatrix4f.scale_mat(1.0 / width, 1.0 / length, 1.0)
            * LMatrix4f.translate_mat(0.5, 0.5, 0.0)
        )
        scene_root.set_shader_input(f"card_from_world{i}", to_uv, priority=p)
        scene_root.set_shader_input(
            f"card_tex{i}", card.find("card-paper").get_texture(), _ground_sampler(), priority=p
        )


# -- the full picture, for stills ---------------------------------------------------------------

# Above the per-die defaults (priority 0) and set_ground (10).
_PRIORITY = 20


class Refraction:
    def __init__(
        self,
        window: GraphicsOutput,
        camera: NodePath[Camera],
        scene_root: NodePath,
        scale: float = 0.3,
    ) -> None:
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
        cam.set_camera_mask(REFRACTION_MASK)
        # Dice seen through glass are small and blurred: draw them with the CHEAP variant of
        # their material (no grain, flecks or engraving), which halves this picture's cost.
        cam.set_tag_state_key("material")
        for material, state in materials.cheap_die_states().items():
            cam.set_tag_state(material.label, state)
        self.camera = camera.attach_new_node(cam)  # follows every move
        region = self.buffer.make_display_region()
        region.set_camera(self.camera)
        # Kept to put back on close (set_ground's mode sits on the same root).
        self._before = [
            scene_root.get_shader_input(k) for k in ("refraction_tex", "refraction_mode")
        ]
        scene_root.set_shader_input("refraction_tex", self.texture, priority=_PRIORITY)
        scene_root.set_shader_input("refraction_mode", 2.0, priority=_PRIORITY)
        scene_root.set_python_tag("screen_refraction", self)

    def close(self) -> None:
        """Stop taking the picture; glass goes back to plain blending."""
        self.scene_root.clear_python_tag("screen_refraction")
        for name, before in zip(("refraction_tex", "refraction_mode"), self._before, strict=True):
            self.scene_root.clear_shader_input(name)
            if before is not None and before.get_value_type() != 0:
                self.scene_root.set_shader_input(before)
        self.camera.remove_node()
        engine = self.buffer.get_engine()
        engine.remove_window(self.buffer)


def enable_refraction(
    window: GraphicsOutput, camera: NodePath[Camera], scene_root: NodePath, scale: float = 0.3
) -> Refraction | None:
    """Start refraction for glass under ``scene_root`` seen by ``camera`` in ``window``.

    Returns None (glass keeps plain blending) when shaders are off or no buffer can be made.
    """
    if not shaders_enabled():
        return None
    try:
        return Refraction(window, camera, scene_root, scale)
    except RuntimeError:
        return None
