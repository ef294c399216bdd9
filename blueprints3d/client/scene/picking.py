"""What is under the pointer: rays from the camera, the table plane, dice, cells; and back again,
where a 3D point shows on the screen (which is how the tests find dice and cells to click on).

Screen points are Panda3D's mouse coordinates: x and y in [-1, 1], +y up, whatever the window size.
Dice are picked by intersecting the ray with each candidate die's box in the die's own frame (a
handful of dice: cheaper and simpler than a collision traversal); cells first by the stacks
standing on them (each stack's column: the space's footprint times the stack's height, so a drop
over a stack's top or sides counts for that space, the nearest column the ray meets winning), then
by intersecting the ray with the card's plane and mapping the hit point to a cell.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable, Mapping, Sequence

from panda3d.core import Lens, NodePath, Plane, Point2, Point3, Vec3

from blueprints3d.client.scene import units

PICK_HALF = units.DIE_SIZE * 0.6  # a die's pick box half-size: a little more forgiving than the die


@dataclass(frozen=True)
class Column:
    """A stack's pick box in its card's frame: the space's square footprint (half-size ``half``
    around ``x``, ``y``) from ``bottom`` up to the stack's ``top``."""

    cell: int
    x: float
    y: float
    half: float
    bottom: float
    top: float


class Picker:
    def __init__(self, cam: NodePath, lens: Lens, root: NodePath) -> None:
        self.cam, self.lens, self.root = cam, lens, root

    def ray(self, x: float, y: float) -> tuple[Point3, Vec3] | None:
        """The pointer's ray in the scene root's frame: (origin, unit direction)."""
        near, far = Point3(), Point3()
        if not self.lens.extrude(Point2(x, y), near, far):
            return None
        a = self.root.get_relative_point(self.cam, near)
        b = self.root.get_relative_point(self.cam, far)
        d = b - a
        d.normalize()
        return a, d

    def on_plane(self, x: float, y: float, z: float) -> Point3 | None:
        """Where the pointer's ray meets the horizontal plane at height ``z`` (None: it does not)."""
        r = self.ray(x, y)
        if r is None:
            return None
        origin, d = r
        hit = Point3()
        if not Plane(Vec3(0, 0, 1), Point3(0, 0, z)).intersects_line(
            hit, origin, origin + d * 2000.0
        ):
            return None
        return hit

    def die_under(self, x: float, y: float, dice: Mapping[int, NodePath]) -> int | None:
        """The nearest of ``dice`` (id -> node) whose box the pointer's ray passes through."""
        r = self.ray(x, y)
        if r is None:
            return None
        origin, d = r
        best, best_t = None, float("inf")
        for die, node in dice.items():
            if node.is_empty() or node.is_hidden():
                continue
            o = node.get_relative_point(self.root, origin)
            v = node.get_relative_vector(self.root, d)
            t = _ray_box(
                o, v, PICK_HALF
            )  # in the die's own frame, so its scale and turn don't matter
            if t is not None and t < best_t:
                best, best_t = die, t
        return best

    def cell_under(
        self,
        x: float,
        y: float,
        card: NodePath,
        locate: Callable[[float, float], int | None],
        top: float = units.CARD_THICKNESS,
        columns: Sequence[Column] = (),
    ) -> int | None:
        """The card's cell under the pointer. First the ``columns`` (card-local boxes of the
        stacks standing on the card): the nearest one the ray passes through names its cell.
        Else the ray meets the card's top, and ``locate`` maps that card-local point to a cell
        (``card_model.cell_at``, so it agrees with the print)."""
        cell = self.column_under(x, y, card, columns)
        if cell is not None:
            return cell
        z = self.root.get_relative_point(card, Point3(0, 0, top)).z
        hit = self.on_plane(x, y, z)
        if hit is None:
            return None
        local = card.get_relative_point(self.root, hit)
        return locate(local.x, local.y)

    def column_under(
        self, x: float, y: float, frame: NodePath, columns: Sequence[Column]
    ) -> int | None:
        """The cell of the nearest of ``columns`` (boxes in ``frame``'s coordinates) that the
        pointer's ray passes through, or None."""
        if not columns:
            return None
        r = self.ray(x, y)
        if r is None:
            return None
        o = frame.get_relative_point(self.root, r[0])
        v = frame.get_relative_vector(self.root, r[1])
        best, best_t = None, float("inf")
        for col in columns:
            t = ray_aabb(
                o,
                v,
                (col.x - col.half, col.y - col.half, col.bottom),
                (col.x + col.half, col.y + col.half, col.top),
            )
            if t is not None and t < best_t:
                best, best_t = col.cell, t
        return best

    def project(
        self, point: Point3, relative_to: NodePath | None = None
    ) -> tuple[float, float] | None:
        """Where a point (in ``relative_to``'s frame, default the root) shows on screen, or None
        when it is behind the camera or outside the view."""
        p = self.cam.get_relative_point(relative_to or self.root, point)
        out = Point2()
        if not self.lens.project(p, out):
            return None
        return out.x, out.y


def _ray_box(o: Point3, v: Vec3, half: float) -> float | None:
    """Distance along the ray to an axis-aligned cube of half-size ``half`` at the origin."""
    return ray_aabb(o, v, (-half, -half, -half), (half, half, half))


def ray_aabb(
    o: Point3,
    v: Vec3,
    lo: Point3 | tuple[float, float, float],
    hi: Point3 | tuple[float, float, float],
) -> float | None:
    """Distance along the ray (origin ``o``, direction ``v``) to the box ``lo``..``hi``, or None."""
    t0, t1 = -float("inf"), float("inf")
    for i in range(3):
        if abs(v[i]) < 1e-12:
            if not lo[i] <= o[i] <= hi[i]:
                return None
            continue
        a, b = (lo[i] - o[i]) / v[i], (hi[i] - o[i]) / v[i]
        if a > b:
            a, b = b, a
        t0, t1 = max(t0, a), min(t1, b)
        if t0 > t1:
            return None
    return t0 if t1 >= 0 else None
