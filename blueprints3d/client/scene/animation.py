"""Short glides of scene nodes (a die settling on its stack, returning to the pool, a card moving to
its building), built from Panda3D intervals.

The intervals are not started on Panda3D's interval manager: the app's frame task advances them
with ``update(dt)``, so a glide moves with the frames the table draws (tests step it exactly, and
nothing ever waits on an animation). A new glide of a node replaces its old one.
"""

from __future__ import annotations

import math
from typing import Callable

from direct.interval.FunctionInterval import Func, Wait
from direct.interval.LerpInterval import LerpFunc, LerpPosQuatInterval
from direct.interval.MetaInterval import Parallel, Sequence
from panda3d.core import NodePath, Point3, Quat


class _Glide:
    def __init__(self, node: NodePath, interval: Sequence, end: Point3) -> None:
        self.node = node
        self.interval = interval
        self.end = end
        self.t = 0.0


class Animator:
    def __init__(self, root: NodePath) -> None:
        self.root = root
        self.glides: dict[int, _Glide] = {}  # by node key
        self.pace = 1.0  # every glide's time is scaled by this ("short" animations: 0.5)

    def move(self, node: NodePath, end: Point3, heading: float | None = None, duration: float = 0.3,
             lift: float = 0.0, on_done: Callable[[], None] | None = None, delay: float = 0.0) -> None:
        """Glide ``node`` to ``end`` (in the root's frame), turning to ``heading`` if given, eased
        in and out, along an arc ``lift`` cm high at its middle, after ``delay`` seconds."""
        self.cancel(node)
        key = node.get_key()
        quat = Quat(node.get_quat(self.root))
        if heading is not None:
            quat.set_hpr((heading, 0, 0))
        end = Point3(end)
        duration = max(duration * self.pace, 1e-3)
        delay *= self.pace
        # Slerped orientation and eased position in one interval; the arc is added on top of its
        # z in the same frame (Parallel steps its children in order).
        glide = Parallel(LerpPosQuatInterval(node, duration, end, quat, other=self.root,
                                             blendType="easeInOut"),
                         name=f"glide-{key}")
        if lift:
            glide.append(LerpFunc(lambda u: node.set_z(self.root, node.get_z(self.root)
                                                       + lift * math.sin(math.pi * u)),
                                  duration=duration))
        steps = Sequence(Wait(delay), glide, Func(self._finished, key, on_done), name=f"glide-{key}")
        self.glides[key] = _Glide(node, steps, end)

    def busy(self, node: NodePath) -> bool:
        return node.get_key() in self.glides

    def target(self, node: NodePath) -> Point3 | None:
        g = self.glides.get(node.get_key())
        return None if g is None else g.end

    def cancel(self, node: NodePath) -> None:
        """Stop a node's glide where it is (its ``on_done`` is not called)."""
        self.glides.pop(node.get_key(), None)

    def update(self, dt: float) -> None:
        """Advance every glide by ``dt`` seconds; finished ones call their ``on_done``."""
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
        self.glides.pop(key, None)
        if on_done is not None:
            on_done()

    def finish_all(self) -> None:
        """Jump every glide to its end (tests, and when a new game replaces the table)."""
        for _ in range(100):
            if not self.glides:
                return
            self.update(1e9)
