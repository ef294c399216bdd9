"""Table lighting: one key light that casts shadows, a soft fill from the other side, ambient.

The key is a DirectionalLight whose orthographic shadow camera covers the table; our shaders read
its shadow map through Panda3D's ``p3d_LightSource`` inputs. Without shaders the same lights
light the scene per vertex (no shadows), so the plain-colour fallback still shows shapes.
"""

from __future__ import annotations

from dataclasses import dataclass

from panda3d.core import AmbientLight, DirectionalLight, NodePath

from blueprints3d.client import units


@dataclass
class Lighting:
    root: NodePath
    key: NodePath
    fill: NodePath
    ambient: NodePath
    shadows: bool

    def remove(self) -> None:
        """Take the lights off ``root`` again (e.g. when a screen closes)."""
        for light in (self.key, self.fill, self.ambient):
            self.root.clear_light(light)
            light.remove_node()


KEY_COLOUR = (0.86, 0.82, 0.74)    # warm, like a lamp over the table
FILL_COLOUR = (0.16, 0.19, 0.26)   # cool bounce from the room
AMBIENT_COLOUR = (0.24, 0.24, 0.27)


def setup_lighting(scene_root: NodePath, shadows: bool = True, extent: float | None = None,
                   shadow_size: int = 1024, key_hpr: tuple[float, float, float] = (35.0, -58.0, 0.0),
                   center: tuple[float, float, float] = (0.0, 0.0, 0.0)) -> Lighting:
    """Light everything under ``scene_root``.

    Shadows only show with shaders on (``materials.configure(True)`` first); without them the
    shadow map is never rendered, so asking for shadows costs nothing.

    ``extent`` is the radius (cm) the key light's shadow must cover, by default the whole table;
    a smaller one (a single card) gives sharper shadows from the same map size.
    """
    if extent is None:
        extent = units.TABLE_RADIUS
    key = DirectionalLight("key-light")
    key.set_color((*KEY_COLOUR, 1.0))
    key_np = scene_root.attach_new_node(key)
    key_np.set_pos(*center)
    key_np.set_hpr(*key_hpr)
    if shadows:
        from blueprints3d.client import materials
        key.set_shadow_caster(True, shadow_size, shadow_size)
        if materials.shaders_enabled():
            key.set_initial_state(materials.depth_only_state())
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
    return Lighting(root=scene_root, key=key_np, fill=fill_np, ambient=amb_np, shadows=shadows)
