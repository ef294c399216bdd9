"""Short glides of scene nodes (a die settling on its stack, flying back to the pool, a card moving
to its building, a screen lowering), built from Panda3D intervals, and the carry of a picked-up die.

The intervals are not started on Panda3D's interval manager: the app's frame task advances them
with ``update(dt)``, so a glide moves with the frames the table draws (tests step it exactly, and
nothing ever waits on an animation). A new glide of a node replaces its old one.

A glide may end in a settle (``bounce``: a small hop up off its place and a smaller second one,
``BOUNCE_TIME`` long, then exact rest), as a die dropped onto a stack does.

The carried die (``carry``) rises to its goal's height in ``LIFT_TIME`` and follows the goal (the
pointer's point) with an exponential lag of time constant ``FOLLOW_LAG``, leaning its top toward
where it is going by as much as it trails behind (none once it has caught up).

``pace`` scales every time ("short" animations: 0.5); ``instant`` ("off") puts every glide at its
end at once (its ``on_done`` called there and then) and the carried die on its goal.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Literal

from direct.interval.FunctionInterval import Func, Wait
from direct.interval.LerpInterval import LerpFunc, LerpPosQuatInterval, LerpScaleInterval
from direct.interval.MetaInterval import Parallel, Sequence
from panda3d.core import NodePath, Point3, Quat, Vec3

LIFT_TIME = 0.12  # s: a picked-up die rises to the carry height
FOLLOW_LAG = 0.05  # s: the time constant of the carried die's follow (63 % of the way in it)
LEAN_PER_CM = 3.0  # degrees the carried die leans for each cm it trails its goal
LEAN_MAX = 14.0  # degrees, at most
BOUNCE_TIME = 0.12  # s: the settle's two hops after a glide with a bounce
SECOND_HOP = 0.3  # the second hop's height, of the first's
Blend = Literal["easeIn", "easeOut", "easeInOut", "noBlend"]  # how a glide eases in and out


class _Glide:
    def __init__(self, node: NodePath, interval: Sequence, end: Point3) -> None:
        self.node = node
        self.interval = interval
        self.end = end
        self.t = 0.0


def hop(u: float) -> float:
    """The settle's height over the place, as a share of the first hop's, at ``u`` in [0, 1]:
    a hop up and down, then a smaller one, then rest (0 at both ends)."""
    split = 0.62
    if u <= 0.0 or u >= 1.0:
        return 0.0
    if u < split:
        return math.sin(math.pi * u / split)
    return SECOND_HOP * math.sin(math.pi * (u - split) / (1.0 - split))


class Carry:
    """A picked-up node: it rises from where it lay to its goal's height (growing or shrinking to
    ``scale``) in ``lift_time``, and
    follows the goal across with an exponential lag (time constant ``lag``), leaning into its motion."""

    def __init__(
        self,
        node: NodePath,
        root: NodePath,
        goal: Point3,
        heading: float,
        lift_time: float,
        lag: float,
        scale: float | None = None,
    ) -> None:
        self.node, self.root = node, root
        self.start_scale = node.get_sx()
        self.scale = self.start_scale if scale is None else scale
        self.start = Point3(node.get_pos(root))
        self.pos = Point3(self.start)
        self.goal = Point3(goal)
        self.heading = heading
        self.lift_time, self.lag = lift_time, lag
        self.t = 0.0
        self.step(0.0)

    def step(self, dt: float) -> None:
        self.t += dt
        k = 1.0 - math.exp(-dt / self.lag) if self.lag > 0 else 1.0
        self.pos.x += (self.goal.x - self.pos.x) * k
        self.pos.y += (self.goal.y - self.pos.y) * k
        u = min(self.t / self.lift_time, 1.0) if self.lift_time > 0 else 1.0
        ease = u * u * (3.0 - 2.0 * u)
        self.pos.z = self.start.z + (self.goal.z - self.start.z) * ease
        self.node.set_pos(self.root, self.pos)
        self.node.set_scale(self.start_scale + (self.scale - self.start_scale) * ease)
        self.node.set_quat(self.root, self.lean_quat())

    def trail(self) -> Vec3:
        """How far the node trails its goal across the table (cm, in the root's frame)."""
        return Vec3(self.goal.x - self.pos.x, self.goal.y - self.pos.y, 0.0)

    def lean(self) -> float:
        """Degrees the node leans now: with how far it trails, up to ``LEAN_MAX``."""
        return min(self.trail().length() * LEAN_PER_CM, LEAN_MAX)

    def lean_quat(self) -> Quat:
        q = Quat()
        q.set_hpr((self.heading, 0, 0))
        behind = self.trail()
        angle = self.lean()
        if angle > 1e-3:
            behind.normalize()
            tilt = Quat()
            # The top leans toward the goal: a turn about the axis up x (toward the goal).
            tilt.set_from_axis_angle(angle, Vec3(0, 0, 1).cross(behind))
            q = q * tilt  # the heading first, then the lean in the root's frame
        return q

    def snap(self) -> None:
        """On the goal at once, upright."""
        self.t = max(self.t, self.lift_time)
        self.pos = Point3(self.goal)
        self.start.z = self.goal.z
        self.start_scale = self.scale
        self.step(0.0)


class Animator:
    def __init__(self, root: NodePath) -> None:
        self.root = root
        self.glides: dict[int, _Glide] = {}  # by node key
        self.pace = 1.0  # every glide's time is scaled by this ("short" animations: 0.5)
        self.instant = False  # "off": every glide lands at once, the carried die sits on its goal
        self.carried: Carry | None = None

    def move(
        self,
        node: NodePath,
        end: Point3,
        heading: float | None = None,
        duration: float = 0.3,
        lift: float = 0.0,
        on_done: Callable[[], None] | None = None,
        delay: float = 0.0,
        blend: Blend = "easeInOut",
        bounce: float = 0.0,
        scale: float | None = None,
        pitch: float = 0.0,
    ) -> None:
        """Glide ``node`` to ``end`` (in the root's frame), turning to ``heading`` (and
        ``pitch``, about its own x axis: a pool die leans back toward the viewer) if given and
        growing or shrinking to ``scale`` if given, eased by ``blend``, along an arc ``lift`` cm
        high at its middle, after ``delay`` seconds; with a ``bounce``, it settles there with a hop
        that high (and a smaller one) before resting."""
        self.cancel(node)
        if self.carried is not None and self.carried.node == node:
            self.carried = None
        key = node.get_key()
        quat = Quat(node.get_quat(self.root))
        if heading is not None:
            quat.set_hpr((heading, pitch, 0))
        end = Point3(end)
        if self.instant:
            node.set_pos(self.root, end)
            node.set_quat(self.root, quat)
            if scale is not None:
                node.set_scale(scale)
            if on_done is not None:
                on_done()
            return
        duration = max(duration * self.pace, 1e-3)
        delay *= self.pace
        # Slerped orientation and eased position in one interval; the arc is added on top of its
        # z in the same frame (Parallel steps its children in order).
        # (The stubs give Parallel and Sequence CMetaInterval's constructor, not their own.)
        glide = Parallel(  # type: ignore[call-overload]
            LerpPosQuatInterval(node, duration, end, quat, other=self.root, blendType=blend),
            name=f"glide-{key}",
        )
        if scale is not None:
            glide.append(LerpScaleInterval(node, duration, scale, blendType=blend))
        if lift:
            glide.append(
                LerpFunc(
                    lambda u: node.set_z(
                        self.root, node.get_z(self.root) + lift * math.sin(math.pi * u)
                    ),
                    duration=duration,
                )
            )
        steps = Sequence(Wait(delay), glide, name=f"glide-{key}")  # type: ignore[call-overload]
        if bounce:
            steps.append(
                LerpFunc(
                    lambda u: node.set_z(self.root, end.z + bounce * hop(u)),
                    duration=BOUNCE_TIME * self.pace,
                )
            )
        steps.append(Func(self._finished, key, on_done))
        self.glides[key] = _Glide(node, steps, end)

    def carry(
        self, node: NodePath, goal: Point3, heading: float, scale: float | None = None
    ) -> Carry:
        """Pick ``node`` up toward ``goal``, to be drawn at ``scale`` (its glide, if any, stops
        where it is)."""
        self.cancel(node)
        instant = self.instant
        self.carried = Carry(
            node,
            self.root,
            goal,
            heading,
            0.0 if instant else LIFT_TIME * self.pace,
            0.0 if instant else FOLLOW_LAG * self.pace,
            scale,
        )
        return self.carried

    def carry_to(self, goal: Point3) -> None:
        """The carried node's goal moves (the pointer moved); it follows from the next frame on."""
        c = self.carried
        if c is None:
            return
        c.goal = Point3(goal)
        if self.instant:
            c.snap()

    def put_down(self) -> NodePath | None:
        """Let go of the carried node where it is now (the caller glides it on)."""
        c, self.carried = self.carried, None
        return None if c is None else c.node

    @property
    def active(self) -> bool:
        """Is any glide under way (the carry is not one: it lasts as long as the hand holds)?"""
        return bool(self.glides)

    def busy(self, node: NodePath) -> bool:
        return node.get_key() in self.glides

    def target(self, node: NodePath) -> Point3 | None:
        g = self.glides.get(node.get_key())
        return None if g is None else g.end

    def cancel(self, node: NodePath) -> None:
        """Stop a node's glide where it is (its ``on_done`` is not called)."""
        self.glides.pop(node.get_key(), None)

    def update(self, dt: float) -> None:
        """Advance every glide and the carry by ``dt`` seconds; finished glides call their ``on_done``."""
        if self.carried is not None:
            if self.carried.node.is_empty():
                self.carried = None
            else:
                self.carried.step(dt)
        for key, g in list(self.glides.items()):
            if self.glides.get(key) is not g:
                continue  # replaced or cancelled by an earlier glide's on_done this frame
            if g.node.is_empty():  # removed from the scene meanwhile (a new round's cards)
                self.glides.pop(key, None)
                continue
            g.t += dt
            if g.t >= g.interval.get_duration():
                g.interval.finish()  # fires _finished, which removes it
            else:
                g.interval.set_t(g.t)

    def _finished(self, key: int, on_done: Callable[[], None] | None) -> None:
        g = self.glides.pop(key, None)
        if g is not None and not g.node.is_empty():
            g.node.set_pos(self.root, g.end)  # exact rest, whatever the arc or the hops left
        if on_done is not None:
            on_done()

    def finish_all(self) -> None:
        """Jump every glide to its end, and the carried node onto its goal (tests, Space, and
        when a new game replaces the table)."""
        if self.carried is not None and not self.carried.node.is_empty():
            self.carried.snap()
        for _ in range(100):
            if not self.glides:
                return
            self.update(1e9)
