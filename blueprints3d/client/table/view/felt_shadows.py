"""The shadows on the table's felt, soft as in the renders, at a price the frame allows.

Looking the key light's shadow up at every pixel of the felt makes the table a quarter slower on
a software renderer (four lookups, soft: 1.8 times; measured as ``benchmarks/client_frame_time.py
--felt-before`` does), and the felt is lit almost everywhere. So the felt itself is drawn lit, and
over it, round each thing that casts a shadow on it (the dice, the bag, the screens, the
scoreboard), lies a patch of the same felt that looks the shadows up: the box the thing's
shadow can fall in, the thing's corners carried down the light onto the felt. A patch computes
the felt's colour as the felt does, so where it is lit it cannot be told from the felt, and
patches that overlap draw the same colour.
"""

from __future__ import annotations

from collections.abc import Iterable

from panda3d.core import CardMaker, DirectionalLight, LMatrix4f, LVector3, NodePath, Point3

from blueprints3d.client.render import materials, shaders

# Just over the felt (0.01, models/table.bam: the depth buffer tells them apart from any view of
# the table) and under the screens' and cards' feet (0.02): they hide the patch, not it them.
PATCH_Z = 0.015
MARGIN = 0.5  # cm round a shadow's box: the soft edge, and a die turning while it flies


class FeltShadows:
    """Patches of ``felt`` under ``casters`` (nodes that may move, hide and show), kept where
    their shadows fall by ``update`` (every frame: only a patch whose caster moved is moved).
    Without shaders there are no shadows, and no patches."""

    def __init__(self, root: NodePath, felt: NodePath, casters: Iterable[NodePath]) -> None:
        self.root = root
        self.node = root.attach_new_node("felt-shadows")
        self.patches: list[tuple[NodePath, NodePath, list[Point3]]] = []
        self.seen: list[tuple[LMatrix4f, bool] | None] = []
        self.light = LVector3(0, 0, -1)
        if not shaders.shaders_enabled() or felt.is_empty():
            return
        self.node.set_color(felt.get_color())
        materials.apply_felt_shadows(self.node, felt)
        cm = CardMaker("felt-shadow")
        cm.set_frame(-0.5, 0.5, -0.5, 0.5)
        cm.set_has_normals(True)
        quad = NodePath(cm.generate())
        quad.set_p(-90)  # lying on the felt, facing up
        self.light = self._light_direction()
        for caster in casters:
            bounds = caster.get_tight_bounds(caster)
            if bounds is None:
                continue
            lo, hi = bounds
            corners = [
                Point3(x, y, z) for x in (lo.x, hi.x) for y in (lo.y, hi.y) for z in (lo.z, hi.z)
            ]
            patch = self.node.attach_new_node(f"felt-shadow-{caster.get_name()}")
            quad.instance_to(patch)
            self.patches.append((caster, patch, corners))
            self.seen.append(None)

    def _light_direction(self) -> LVector3:
        """Which way the key light shines, in the table's frame (down: its z < 0)."""
        scene = self.root.get_parent() if self.root.has_parent() else self.root
        key = scene.find("key-light")
        light = None if key.is_empty() else key.node()
        if not isinstance(light, DirectionalLight):
            return LVector3(0.3, 0.45, -0.85)
        d = self.root.get_relative_vector(key, light.get_direction())
        return LVector3(d.x, d.y, min(d.z, -0.2))

    def update(self) -> None:
        d = self.light
        for i, (caster, patch, corners) in enumerate(self.patches):
            hidden = caster.is_hidden()
            mat = caster.get_mat(self.root)
            if self.seen[i] is not None and self.seen[i] == (mat, hidden):
                continue
            self.seen[i] = (LMatrix4f(mat), hidden)
            if hidden:
                patch.hide()
                continue
            patch.show()
            xs, ys = [], []
            for c in corners:
                p = mat.xform_point(c)
                t = (p.z - PATCH_Z) / -d.z  # down the light onto the felt
                xs.append(p.x + d.x * max(t, 0.0))
                ys.append(p.y + d.y * max(t, 0.0))
                xs.append(p.x)  # and the thing's own foot
                ys.append(p.y)
            x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
            patch.set_pos(self.root, (x0 + x1) / 2, (y0 + y1) / 2, PATCH_Z)
            patch.set_scale(self.root, x1 - x0 + 2 * MARGIN, y1 - y0 + 2 * MARGIN, 1.0)
