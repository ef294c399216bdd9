"""Short glides of scene nodes (a die settling on its stack, returning to the pool, a card moving to
its building), advanced once per frame by the app's task: nothing ever waits on an animation.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from panda3d.core import NodePath, Point3, Quat


@dataclass
class Glide:
    node: NodePath
    start: Point3
    end: Point3
    q0: Quat
    q1: Quat
    duration: float
    lift: float                      # height of the arc over the straight path, at its middle
    on_done: Callable[[], None] | None = None
    t: float = 0.0


class Animator:
    def __init__(self, root: NodePath) -> None:
        self.root = root
        self.glides: dict[int, Glide] = {}  # by node key: a new glide of a node replaces its old one

    def move(self, node: NodePath, end: Point3, heading: float | None = None, duration: float = 0.3,
             lift: float = 0.0, on_done: Callable[[], None] | None = None, delay: float = 0.0) -> None:
        q1 = Quat()
        if heading is None:
            q1 = node.get_quat(self.root)
        else:
            q1.set_hpr((heading, 0, 0))
        self.glides[node.get_key()] = Glide(node, node.get_pos(self.root), Point3(end),
                                             node.get_quat(self.root), q1, max(duration, 1e-3), lift, on_done,
                                             t=-delay)

    def busy(self, node: NodePath) -> bool:
        return node.get_key() in self.glides

    def target(self, node: NodePath) -> Point3 | None:
        g = self.glides.get(node.get_key())
        return None if g is None else g.end

    def cancel(self, node: NodePath) -> None:
        self.glides.pop(node.get_key(), None)

    def update(self, dt: float) -> None:
        done = []
        for key, g in list(self.glides.items()):
            if g.node.is_empty():  # removed from the scene meanwhile (a new round's cards)
                self.glides.pop(key, None)
                continue
            g.t = min(g.t + dt, g.duration)
            if g.t < 0:
                continue  # still waiting for its turn (a sequence: screens first, then cards)
            u = g.t / g.duration
            s = u * u * (3 - 2 * u)  # ease in and out
            p = g.start + (g.end - g.start) * s
            p.z += g.lift * math.sin(math.pi * u)
            g.node.set_pos(self.root, p)
            q = Quat()
            # Quaternion slerp keeps the die's turn smooth; dice only turn about the vertical.
            _slerp(g.q0, g.q1, s, q)
            g.node.set_quat(self.root, q)
            if u >= 1.0:
                done.append(key)
        for key in done:
            g = self.glides.pop(key, None)
            if g is not None and g.on_done is not None:
                g.on_done()

    def finish_all(self) -> None:
        """Jump every glide to its end (tests, and when a new game replaces the table)."""
        for _ in range(100):
            if not self.glides:
                return
            self.update(1e9)


def _slerp(a: Quat, b: Quat, t: float, out: Quat) -> None:
    dot = a.get_r() * b.get_r() + a.get_i() * b.get_i() + a.get_j() * b.get_j() + a.get_k() * b.get_k()
    if dot < 0:
        b = Quat(-b.get_r(), -b.get_i(), -b.get_j(), -b.get_k())
        dot = -dot
    if dot > 0.9995:
        r = a + (b - a) * t
    else:
        th = math.acos(dot)
        r = a * (math.sin((1 - t) * th) / math.sin(th)) + b * (math.sin(t * th) / math.sin(th))
    r.normalize()
    out.set(r.get_r(), r.get_i(), r.get_j(), r.get_k())
