"""Table lighting: one key light that casts shadows, a soft fill from the other side, ambient.

The key is a DirectionalLight whose orthographic shadow camera covers the table; our shaders read
its shadow map through Panda3D's ``p3d_LightSource`` inputs. Without shaders the same lights
light the scene per vertex (no shadows), so the plain-colour fallback still shows shapes.
"""

from __future__ import annotations

from dataclasses import dataclass

from panda3d.core import (
    AmbientLight,
    AsyncTask,
    ColorWriteAttrib,
    CullFaceAttrib,
    DirectionalLight,
    GraphicsOutput,
    NodePath,
    RenderState,
    ShaderAttrib,
)

from blueprints3d.client.render import shaders
from blueprints3d.client.render.config import SHADOW_MASK

# The key light's shadow camera draws only what can cast a shadow worth seeing; flat things
# (table top, card paper) are hidden from it with ``hide_from_shadows``: on a software renderer
# filling the shadow map with the whole table costs more than all the dice together.


def hide_from_shadows(nodepath: NodePath) -> None:
    """Keep a flat surface out of the shadow map (it still receives shadows)."""
    nodepath.hide(SHADOW_MASK)


@dataclass
class Lighting:
    root: NodePath
    key: NodePath[DirectionalLight]
    fill: NodePath
    ambient: NodePath
    shadows: bool

    _last: tuple = ()
    _pending: bool = False  # something moved since the map was last drawn
    _drew_last: bool = False  # the map was drawn in the previous frame
    _seen: tuple = ()  # the root's bounding volume, net transform and hiddenness at _last
    task: AsyncTask | None = None

    def update_shadows(self, gsg) -> bool:
        """Redraw the shadow map this frame only if something that casts a shadow moved,
        appeared or vanished; call once per frame before rendering (the ``task_mgr`` argument
        of ``setup_lighting`` does it for you). Returns whether it redraws.

        The key light never moves, so a still table needs no new shadow map: skipping the pass
        saves about a fifth of a frame on a software renderer. While things keep moving (a die
        dragged), the map is redrawn every other frame, and always once more when they stop,
        so shadows lag at most one frame and always settle where the dice rest.
        """
        if not self.shadows or gsg is None:
            return False
        buffer = self.key.node().get_shadow_buffer(gsg)
        if not isinstance(buffer, GraphicsOutput):  # None: made on the first frame that uses it
            return True
        # Only its depth is ever read: clearing its colour buffer is a wasted full-size fill.
        buffer.set_clear_color_active(False)
        if self._changed_below():
            casters = self.root.find_all_matches("**/+GeomNode")
            # What the shadow camera never draws (the keyboard cursor, outlines, flat surfaces)
            # may move as it likes: only whether it is hidden from that camera counts.
            now = tuple(
                (c.node(), None if hidden else c.get_net_transform(), hidden)
                for c in casters
                for hidden in (c.is_hidden(SHADOW_MASK),)
            )
            if now != self._last:
                self._pending = True
            self._last = now
        draw = self._pending and not self._drew_last
        if draw:
            self._pending = False
        self._drew_last = draw
        buffer.set_active(draw)
        return draw

    def _changed_below(self) -> bool:
        """Can anything that casts a shadow have moved, appeared, vanished, been hidden or shown
        since the casters were last looked at? False only when nothing can have.

        Searching the scene for its casters and reading each one's transform costs about a
        microsecond per node (0.2 ms a frame at the end of a round, twice that with 96 dice:
        benchmarks/dice_frame_cost.py), and on most frames nothing has moved. Panda3D makes
        a node's bounding volume anew (a new object) whenever anything below it is moved, added,
        removed, hidden or shown, so while the root's volume is still the object kept here no
        caster below it changed; what lies above the root counts through its own net transform
        and hiddenness. A change that moves no caster (a label's text, a colour) also makes a
        new volume: then the casters are compared as before, and nothing is redrawn for it.
        """
        bounds = self.root.node().get_bounds()
        # ``this`` is the C++ object's address; holding ``bounds`` keeps it from being reused.
        seen = (
            bounds,
            bounds.this,  # type: ignore[attr-defined]  # every Panda3D object has it; the stubs omit it
            self.root.get_net_transform(),
            self.root.is_hidden(SHADOW_MASK),
        )
        if self._seen and seen[1:] == self._seen[1:]:
            return False
        self._seen = seen
        return True

    def remove(self) -> None:
        """Take the lights off ``root`` again (e.g. when a screen closes)."""
        if self.task is not None:
            self.task.remove()
            self.task = None
        for light in (self.key, self.fill, self.ambient):
            self.root.clear_light(light)
            light.remove_node()


KEY_COLOUR = (0.86, 0.82, 0.74)  # warm, like a lamp over the table
FILL_COLOUR = (0.16, 0.19, 0.26)  # cool bounce from the room
AMBIENT_COLOUR = (0.24, 0.24, 0.27)


def depth_only_state():
    """Render state for the key light's shadow camera: depth only, through a trivial shader.

    Without it the shadow pass would run every material's full fragment shader just to throw
    the colour away, which on a software renderer costs as much as a second frame.
    """
    return RenderState.make(
        CullFaceAttrib.make_reverse(),
        ColorWriteAttrib.make(ColorWriteAttrib.C_off),
        ShaderAttrib.make(shaders.program("depth")),
        1000,
    )


def setup_lighting(
    scene_root: NodePath,
    extent: float,
    shadows: bool = True,
    shadow_size: int = 1024,
    key_hpr: tuple[float, float, float] = (35.0, -58.0, 0.0),
    center: tuple[float, float, float] = (0.0, 0.0, 0.0),
    task_mgr=None,
    gsg=None,
) -> Lighting:
    """Light everything under ``scene_root``.

    Shadows only show with shaders on (``shaders.configure(True)`` first); without them the
    shadow map is never rendered, so asking for shadows costs nothing.

    ``extent`` is the radius (cm) the key light's shadow must cover, e.g. the whole table;
    a smaller one (a single card) gives sharper shadows from the same map size.
    With ``task_mgr`` and ``gsg`` (``base.taskMgr``, ``base.win.get_gsg()``), the shadow map is
    redrawn only in frames where something moved (see ``Lighting.update_shadows``); without,
    every frame.
    """
    key = DirectionalLight("key-light")
    key.set_color((*KEY_COLOUR, 1.0))
    # Highest priority: Panda hands shaders their lights sorted by priority, and ours read the
    # key light's shadow map from slot 0 only.
    key.set_priority(100)
    key_np = scene_root.attach_new_node(key)
    key_np.set_pos(*center)
    key_np.set_hpr(*key_hpr)
    if shadows:
        key.set_shadow_caster(True, shadow_size, shadow_size)
        key.set_camera_mask(SHADOW_MASK)
        if shaders.shaders_enabled():
            key.set_initial_state(depth_only_state())
        lens = key.get_lens()
        lens.set_film_size(2.2 * extent, 2.2 * extent)
        lens.set_near_far(-4.0 * extent, 4.0 * extent)
    scene_root.set_light(key_np)

    fill = DirectionalLight("fill-light")
    fill.set_color((*FILL_COLOUR, 1.0))
    fill_np = scene_root.attach_new_node(fill)
    fill_np.set_hpr(key_hpr[0] + 160.0, -25.0, 0.0)
    scene_root.set_light(fill_np)

    amb = AmbientLight("ambient-light")
    amb.set_color((*AMBIENT_COLOUR, 1.0))
    amb_np = scene_root.attach_new_node(amb)
    scene_root.set_light(amb_np)
    lighting = Lighting(root=scene_root, key=key_np, fill=fill_np, ambient=amb_np, shadows=shadows)
    if shadows and task_mgr is not None and gsg is not None:

        def update(task):
            lighting.update_shadows(gsg)
            return task.cont

        # Before the render loop's own task (sort 50), so this frame's choice applies.
        lighting.task = task_mgr.add(update, "blueprints3d-shadow-map", sort=45)
    return lighting
