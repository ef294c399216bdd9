"""Dice thrown from the bag onto the felt: simulated ahead of time with Bullet, played back with
intervals.

The engine decides every value first; a throw only decides how the dice get there. ``simulate``
runs the whole throw at once in a private Bullet world (fixed step, no window, the same seed
always gives the same throw), records each die's pose at ``FPS`` frames a second until all of
them lie still, and then turns each die's model under its physics node (the die's ``body``
child, see ``dice_model``) so that the face which ended on top is the engine's value: the
physics never sees the values, the faces are only re-labelled. A throw that ends with a die
cocked (not flat), outside the felt, resting on or in another die, or still moving after
``MAX_SECONDS`` is thrown again with the next sub-seed; the accepted rest pose is snapped exact
(flat on the felt, a whole number of quarter turns from the body's frame) and the last frames
blend into it, so nothing pops.

``ThrowPlayer`` plays a ``Throw`` on the dice's NodePaths (no physics runs while playing: it
costs one ``set_pos_quat`` per die per frame, nothing once the dice rest) and then lets them
glide to their sorted places. Like ``animation.Animator`` it is advanced by the app's frame
task with ``update(dt)``, so tests step it exactly. Impacts (``Throw.events``: time, die,
speed, what it hit) are handed to ``on_impact`` as the playback passes them, for the sounds.

Frames: a ``Felt`` and the bag position are given in one frame (the table's turning centre
node, say) and the tracks come back in it; the player places the dice relative to that frame.
Units are the scene's (cm; gravity 981 cm/s^2).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from collections.abc import Callable, Sequence

import numpy as np
from direct.interval.FunctionInterval import Func
from direct.interval.Interval import Interval
from direct.interval.LerpInterval import LerpFunc, LerpPosQuatInterval
from direct.interval.MetaInterval import Parallel, Sequence as IntervalSequence
from panda3d.bullet import BulletBoxShape, BulletRigidBodyNode, BulletWorld
from panda3d.core import NodePath, Point3, Quat, TransformState, Vec3
from panda3d.direct import CInterval

from blueprints3d.client.scene import units
from blueprints3d.client.scene.dice_model import FACE_NORMAL

FPS = 60  # recorded frames a second
STEPS_PER_FRAME = 4  # physics steps per recorded frame (a 1/240 s step)
GRAVITY = 981.0  # cm/s^2
MAX_SECONDS = 6.0  # a throw still moving after this is thrown again
MAX_ATTEMPTS = 50  # sub-seeds tried before giving up (never reached in the soak test)
FLAT_TOLERANCE_DEG = 2.0  # the up axis within this of vertical counts as flat
REST_LINEAR = 0.6  # cm/s: below this (and REST_ANGULAR) a die is still
REST_ANGULAR = 0.08  # rad/s
REST_FRAMES = 12  # frames every die must stay still to end the throw
BLEND_FRAMES = 10  # the last frames blend into the snapped rest pose
RELEASE_GAP = 0.07  # s between dice leaving the bag
AIM_NEAR, AIM_FAR = 0.15, 1.3  # where a die first lands, as a fraction of the way bag -> middle
SPIN_STOP = 0.85  # per frame: a die sliding slower than 5 cm/s stops spinning on the spot
IMPACT_MIN_SPEED = 15.0  # cm/s: weaker contacts make no sound event
IMPACT_GAP_STEPS = 6  # a pair's hits closer than this (1/40 s) are one hit

FELT = "felt"
DIE = "die"
WALL = "wall"


@dataclass(frozen=True)
class Felt:
    """The rectangle the dice land in (in the throw's frame), fenced by invisible walls
    ``wall`` cm high; its top is at height ``z``. The bag may stand outside it (the dice's
    flight from its mouth over the felt's edge is drawn, not simulated)."""

    x0: float
    y0: float
    x1: float
    y1: float
    z: float = 0.0
    wall: float = 40.0

    def __post_init__(self) -> None:
        if not (self.x1 > self.x0 and self.y1 > self.y0):
            raise ValueError(f"a felt needs x0 < x1 and y0 < y1, not {self}")


@dataclass(frozen=True)
class Impact:
    """A die hitting something: ``time`` (s from the throw's start), the die's index in the
    throw, ``speed`` (cm/s of velocity the hit took away: loudness follows it; about 15 to
    220, a first landing 100 to 200), ``other`` ("felt", "die" or "wall": the invisible fence
    round the felt, best played softly or not at all), and for a hit on another thrown die its
    index (None for a die that was already lying on the felt)."""

    time: float
    die: int
    speed: float
    other: str
    other_die: int | None = None


@dataclass
class Throw:
    """A simulated throw. Tracks are in the felt's frame; quaternions are (w, x, y, z)."""

    values: tuple[int, ...]
    seed: int
    size: float
    positions: np.ndarray  # (frames, dice, 3)
    quats: np.ndarray  # (frames, dice, 4), the physics node's orientation
    release: np.ndarray  # (dice,) first frame each die is out of the bag
    body_quats: np.ndarray  # (dice, 4): the model's fixed turn under its physics node
    events: list[Impact]
    attempts: int  # 1 = the first sub-seed was accepted
    steps: int  # physics steps taken, all attempts together
    seconds: float  # wall time the simulation took, all attempts together
    fps: int = FPS

    @property
    def count(self) -> int:
        return len(self.values)

    @property
    def frames(self) -> int:
        return self.positions.shape[0]

    @property
    def duration(self) -> float:
        return (self.frames - 1) / self.fps

    def rest_positions(self) -> np.ndarray:
        return self.positions[-1]

    def top_values(self) -> list[int]:
        """The value each die shows on top at rest (read from the pose, for checks)."""
        out = []
        for i in range(self.count):
            world = _quat_mul(self.quats[-1, i], self.body_quats[i])
            up = _rotate(_quat_conj(world), np.array([0.0, 0.0, 1.0]))
            out.append(max(FACE_NORMAL, key=lambda v: float(np.dot(up, FACE_NORMAL[v]))))
        return out


# ---- small quaternion helpers (w, x, y, z), numpy ---------------------------------------------
def _quat_mul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The rotation ``b`` then ``a`` (Hamilton product a*b acting on column vectors)."""
    aw, ax, ay, az = a
    bw, bx, by, bz = b
    return np.array(
        [
            aw * bw - ax * bx - ay * by - az * bz,
            aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw,
        ]
    )


def _quat_conj(q: np.ndarray) -> np.ndarray:
    return np.array([q[0], -q[1], -q[2], -q[3]])


def _rotate(q: np.ndarray, v: np.ndarray) -> np.ndarray:
    return _quat_mul(_quat_mul(q, np.array([0.0, *v])), _quat_conj(q))[1:]


def _matrix(q: np.ndarray) -> np.ndarray:
    """3x3 rotation matrix; its columns are the body's axes in the outer frame."""
    return np.stack([_rotate(q, e) for e in np.eye(3)], axis=1)


def _quat_from_matrix(m: np.ndarray) -> np.ndarray:
    # Exact for the signed-permutation and yaw matrices used here (Shepperd's method).
    tr = m[0, 0] + m[1, 1] + m[2, 2]
    if tr > 0:
        s = math.sqrt(tr + 1.0) * 2
        q = [0.25 * s, (m[2, 1] - m[1, 2]) / s, (m[0, 2] - m[2, 0]) / s, (m[1, 0] - m[0, 1]) / s]
    elif m[0, 0] > m[1, 1] and m[0, 0] > m[2, 2]:
        s = math.sqrt(1.0 + m[0, 0] - m[1, 1] - m[2, 2]) * 2
        q = [(m[2, 1] - m[1, 2]) / s, 0.25 * s, (m[0, 1] + m[1, 0]) / s, (m[0, 2] + m[2, 0]) / s]
    elif m[1, 1] > m[2, 2]:
        s = math.sqrt(1.0 + m[1, 1] - m[0, 0] - m[2, 2]) * 2
        q = [(m[0, 2] - m[2, 0]) / s, (m[0, 1] + m[1, 0]) / s, 0.25 * s, (m[1, 2] + m[2, 1]) / s]
    else:
        s = math.sqrt(1.0 + m[2, 2] - m[0, 0] - m[1, 1]) * 2
        q = [(m[1, 0] - m[0, 1]) / s, (m[0, 2] + m[2, 0]) / s, (m[1, 2] + m[2, 1]) / s, 0.25 * s]
    quat = np.array(q)
    quat /= np.linalg.norm(quat)
    return quat if quat[0] >= 0 else -quat


def _yaw_matrix(angle: float) -> np.ndarray:
    c, s = math.cos(angle), math.sin(angle)
    return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


def _slerp(a: np.ndarray, b: np.ndarray, u: float) -> np.ndarray:
    if float(np.dot(a, b)) < 0:
        b = -b
    d = min(1.0, float(np.dot(a, b)))
    if d > 0.9995:
        q = a + u * (b - a)
        return q / np.linalg.norm(q)
    th = math.acos(d)
    return (math.sin((1 - u) * th) * a + math.sin(u * th) * b) / math.sin(th)


def _cube_rotations() -> list[np.ndarray]:
    """The 24 proper rotations of a cube, as signed permutation matrices."""
    out = []
    for perm in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)):
        for signs in np.ndindex(2, 2, 2):
            m = np.zeros((3, 3))
            for row, col in enumerate(perm):
                m[row, col] = 1.0 if signs[row] == 0 else -1.0
            if np.linalg.det(m) > 0:
                out.append(m)
    return out


_CUBE = _cube_rotations()


def model_turn(value: int, up_axis: np.ndarray, choice: int = 0) -> np.ndarray:
    """The model's turn under its physics node (a cube rotation, as a (w, x, y, z) quaternion)
    that brings the face showing ``value`` to ``up_axis`` (a signed unit axis in the physics
    node's frame). Four turns do; ``choice`` picks one of them (the look of the pips)."""
    if value not in FACE_NORMAL:
        raise ValueError(f"a die shows 1 to 6, not {value}")
    n = np.array(FACE_NORMAL[value], dtype=float)
    fits = [m for m in _CUBE if np.allclose(m @ n, up_axis)]
    return _quat_from_matrix(fits[choice % len(fits)])


# ---- the simulation ---------------------------------------------------------------------------
@dataclass
class _Attempt:
    positions: np.ndarray
    quats: np.ndarray
    release: np.ndarray
    events: list[Impact]
    steps: int
    settled: bool


def _still_pose(
    x: float, y: float, heading: float, felt: Felt, size: float
) -> tuple[np.ndarray, np.ndarray]:
    return np.array([x, y, felt.z + size / 2]), _yaw_quat(heading)


def _make_world(
    felt: Felt, still: Sequence[tuple[float, float, float]] = (), size: float = 1.0
) -> BulletWorld:
    """The felt (a thick slab) fenced by four walls, and the dice already lying on it (fixed
    boxes); bodies are told apart by name."""
    world = BulletWorld()
    world.set_gravity(Vec3(0, 0, -GRAVITY))
    ground = BulletRigidBodyNode("felt")
    # A thick slab, not a plane: a box on Bullet's plane can end up spinning pressed into it.
    # (Wide: a die that hops a wall lies still beside it and the throw is thrown again.)
    ground.add_shape(
        BulletBoxShape(Vec3((felt.x1 - felt.x0) / 2 + 50, (felt.y1 - felt.y0) / 2 + 50, 5.0)),
        TransformState.make_pos(
            Vec3((felt.x0 + felt.x1) / 2, (felt.y0 + felt.y1) / 2, felt.z - 5.0)
        ),
    )
    ground.set_friction(0.6)
    ground.set_restitution(0.35)
    world.attach(ground)
    t = 2.0  # wall thickness, cm
    cx, cy = (felt.x0 + felt.x1) / 2, (felt.y0 + felt.y1) / 2
    w, d = felt.x1 - felt.x0, felt.y1 - felt.y0
    for name, pos, half in (
        ("wall-w", (felt.x0 - t / 2, cy), (t / 2, d / 2 + t)),
        ("wall-e", (felt.x1 + t / 2, cy), (t / 2, d / 2 + t)),
        ("wall-s", (cx, felt.y0 - t / 2), (w / 2 + t, t / 2)),
        ("wall-n", (cx, felt.y1 + t / 2), (w / 2 + t, t / 2)),
    ):
        wall = BulletRigidBodyNode(name)
        wall.add_shape(
            BulletBoxShape(Vec3(half[0], half[1], felt.wall / 2)),
            TransformState.make_pos(Vec3(pos[0], pos[1], felt.z + felt.wall / 2)),
        )
        wall.set_friction(0.3)
        wall.set_restitution(0.3)
        world.attach(wall)
    for k, (x, y, heading) in enumerate(still):
        body = BulletRigidBodyNode(f"still-{k}")  # mass 0: it never moves
        body.add_shape(BulletBoxShape(Vec3(size / 2, size / 2, size / 2)))
        body.set_friction(0.5)
        body.set_restitution(0.4)
        at, turn = _still_pose(x, y, heading, felt, size)
        NodePath(body).set_pos_quat(Point3(*at), _np_quat(turn))
        world.attach(body)
    return world


def _axis_angle_quat(w: np.ndarray, t: float) -> np.ndarray:
    """The turn of angular velocity ``w`` (rad/s, outer frame) over ``t`` seconds."""
    rate = float(np.linalg.norm(w))
    if rate < 1e-12:
        return np.array([1.0, 0.0, 0.0, 0.0])
    half = rate * t / 2
    return np.array([math.cos(half), *(math.sin(half) * w / rate)])


DIE_MASS = 1.0  # the dice's mass (a hit's impulse over it is the change of speed it gave)


@dataclass
class _Dice:
    """The dice of one try before the physics runs: their bodies (not yet in the world) and
    NodePaths, the physics step each leaves the bag at, and each one's launch (velocity, spin,
    start position, start turn as a quaternion); ``mouth`` is the bag's mouth, where the drawn
    flight starts."""

    bodies: list[BulletRigidBodyNode]
    nodes: list[NodePath]
    release_steps: list[int]
    launches: list[tuple[Vec3, Vec3, np.ndarray, np.ndarray]]
    mouth: np.ndarray


@dataclass
class _Track:
    """What the physics recorded: a pose per die per frame (frame 0 before the first step), the
    impacts, the physics steps taken and whether every die came to rest in time."""

    positions: np.ndarray
    quats: np.ndarray
    events: list[Impact]
    steps: int
    settled: bool


def _launch_dice(
    count: int,
    rng: np.random.Generator,
    start: tuple[float, float, float],
    felt: Felt,
    size: float,
    dt: float,
) -> _Dice:
    """Each die's body, start pose, launch and release step, drawn from ``rng`` in a fixed order
    (the same generator state, the same dice)."""
    half = size / 2
    # The physics starts each die wholly inside the walls, at the point of the felt nearest the
    # bag's mouth; the flight from the mouth to there is drawn, not simulated (``_with_prelude``).
    inset = min(0.9 * size, (felt.x1 - felt.x0) / 2, (felt.y1 - felt.y0) / 2)
    sx = min(max(start[0], felt.x0 + inset), felt.x1 - inset)
    sy = min(max(start[1], felt.y0 + inset), felt.y1 - inset)
    sz = max(start[2], felt.z + size)
    mouth = np.array([start[0], start[1], max(start[2], felt.z + half)])
    # Where the dice aim: between the bag and the felt's middle, so they roll on into the open.
    cx, cy = (felt.x0 + felt.x1) / 2, (felt.y0 + felt.y1) / 2
    spread_x, spread_y = (felt.x1 - felt.x0) / 4, (felt.y1 - felt.y0) / 4
    dice = _Dice([], [], [], [], mouth)
    bands = rng.permutation(count)
    for i in range(count):
        node = BulletRigidBodyNode(f"die-{i}")
        node.set_mass(DIE_MASS)
        node.add_shape(BulletBoxShape(Vec3(half, half, half)))
        node.set_friction(0.5)
        node.set_restitution(0.4)
        node.set_linear_damping(0.05)
        node.set_angular_damping(0.15)
        node.set_deactivation_enabled(False)  # we decide when the throw is over
        np_ = NodePath(node)
        p0 = Vec3(
            sx + rng.uniform(-0.3, 0.3), sy + rng.uniform(-0.3, 0.3), sz + rng.uniform(0, 0.8)
        )
        q0 = Quat()
        q0.set_hpr(Vec3(*rng.uniform(-180, 180, 3)))
        np_.set_pos_quat(p0, q0)
        # Stratified landing spots (one band of the way each, in a shuffled order) keep the
        # dice from landing on one another.
        u = AIM_NEAR + (AIM_FAR - AIM_NEAR) * (bands[i] + rng.uniform(0.0, 1.0)) / count
        tx = sx + u * (cx - sx) + rng.uniform(-spread_x, spread_x) * 0.5
        ty = sy + u * (cy - sy) + rng.uniform(-spread_y, spread_y)
        target = Vec3(
            min(max(tx, felt.x0 + size), felt.x1 - size),
            min(max(ty, felt.y0 + size), felt.y1 - size),
            felt.z + half,
        )
        flight = rng.uniform(0.22, 0.32)
        vel = (target - p0) / flight
        vel.z += 0.5 * GRAVITY * flight
        spin = Vec3(*rng.normal(0.0, 14.0, 3))
        dice.launches.append(
            (vel, spin, np.array(p0), np.array([q0.get_r(), q0.get_i(), q0.get_j(), q0.get_k()]))
        )
        dice.bodies.append(node)
        dice.nodes.append(np_)
        dice.release_steps.append(int(round((i * RELEASE_GAP + rng.uniform(0, 0.03)) / dt)))
    return dice


class _ImpactLog:
    """Turns the world's contacts, step by step, into ``Impact`` events: a contact whose impulse
    jumps up is a new hit (not resting contact), and one pair's hits closer together than
    ``IMPACT_GAP_STEPS`` count once."""

    def __init__(self) -> None:
        self.events: list[Impact] = []
        self._last_impulse: dict[tuple, float] = {}
        self._last_event: dict[tuple, int] = {}

    @staticmethod
    def _impulses(world: BulletWorld) -> dict[tuple, float]:
        """The impulse this step on each (die, what it touched, the other die or None)."""
        now: dict[tuple, float] = {}
        for m in world.get_manifolds():
            name0, name1 = m.get_node0().get_name(), m.get_node1().get_name()
            if not name0.startswith("die-"):
                name0, name1 = name1, name0
            if not name0.startswith("die-"):
                continue
            imp = sum(p.get_applied_impulse() for p in m.get_manifold_points())
            if imp <= 0:
                continue
            a = int(name0[4:])
            b = int(name1[4:]) if name1.startswith("die-") else None
            if b is not None and b < a:
                a, b = b, a
            kind = (
                DIE
                if b is not None or name1.startswith("still-")
                else (FELT if name1 == "felt" else WALL)
            )
            key = (a, kind, b)
            now[key] = now.get(key, 0.0) + imp
        return now

    def hear(self, world: BulletWorld, step: int, dt: float) -> None:
        """Log the hits of the step just taken (``step`` steps of ``dt`` so far)."""
        now = self._impulses(world)
        for key, imp in now.items():
            speed = (
                imp / DIE_MASS
            )  # the change of speed the hit gave the die (each die, die on die)
            if (
                speed >= IMPACT_MIN_SPEED
                and imp > 2.0 * self._last_impulse.get(key, 0.0)
                and step - self._last_event.get(key, -99) > IMPACT_GAP_STEPS
            ):
                self.events.append(Impact(step * dt, key[0], round(speed, 3), key[1], key[2]))
                self._last_event[key] = step
        self._last_impulse = now


def _all_still(bodies: Sequence[BulletRigidBodyNode]) -> bool:
    return all(
        b.get_linear_velocity().length() < REST_LINEAR
        and b.get_angular_velocity().length() < REST_ANGULAR
        for b in bodies
    )


def _fall(world: BulletWorld, dice: _Dice, dt: float) -> _Track:
    """Step the physics, releasing each die at its step, recording every die's pose each frame
    until all have lain still for ``REST_FRAMES`` frames (or ``MAX_SECONDS`` pass); the still
    run is trimmed to one frame."""
    count = len(dice.bodies)
    max_frames = int(MAX_SECONDS * FPS)
    positions = np.zeros((max_frames + 1, count, 3))
    quats = np.zeros((max_frames + 1, count, 4))

    def record(frame: int) -> None:
        for i, np_ in enumerate(dice.nodes):
            p, q = np_.get_pos(), np_.get_quat()
            positions[frame, i] = (p.x, p.y, p.z)
            quats[frame, i] = (q.get_r(), q.get_i(), q.get_j(), q.get_k())

    record(0)
    impacts = _ImpactLog()
    still_frames = 0
    step = 0
    frame = 0
    settled = False
    attached = [False] * count
    while frame < max_frames:
        for i in range(count):
            if not attached[i] and step >= dice.release_steps[i]:
                world.attach(dice.bodies[i])
                dice.bodies[i].set_linear_velocity(dice.launches[i][0])
                dice.bodies[i].set_angular_velocity(dice.launches[i][1])
                attached[i] = True
        world.do_physics(dt, 0, dt)  # max_substeps 0: exactly one step of dt
        step += 1
        impacts.hear(world, step, dt)
        if step % STEPS_PER_FRAME == 0:
            for i, b in enumerate(dice.bodies):
                # Bullet's box barely feels the felt's drag on a die spinning flat like a top.
                if attached[i] and b.get_linear_velocity().length() < 5.0:
                    b.set_angular_velocity(b.get_angular_velocity() * SPIN_STOP)
            frame += 1
            record(frame)
            if all(attached) and _all_still(dice.bodies):
                still_frames += 1
                if still_frames >= REST_FRAMES:
                    settled = True
                    break
            else:
                still_frames = 0
    # Trim the frames in which nothing moved any more (the still run), keeping one.
    end = frame - (REST_FRAMES - 1 if settled else 0)
    return _Track(positions[: end + 1], quats[: end + 1], impacts.events, step, settled)


def _with_prelude(track: _Track, dice: _Dice, dt: float) -> _Attempt:
    """The recorded track with the prelude put in front: each die flies from the bag's mouth to
    where its physics starts, on its launch path drawn back in time and bent to begin at the
    mouth, turning at its launch spin. The track (and its impacts) move later by as many frames
    as the longest prelude needs before its die's release."""
    count = len(dice.bodies)
    mouth = dice.mouth
    pre = []
    for vel, _spin, p0, _q0 in dice.launches:
        v = np.array(vel)
        speed = max(float(np.linalg.norm(v[:2])), 1.0)
        pre.append(
            int(
                math.ceil(
                    min(max(float(np.linalg.norm((mouth - p0)[:2])) / speed, 0.03), 0.2) * FPS
                )
            )
        )
    release_frames = [math.ceil(s / STEPS_PER_FRAME) for s in dice.release_steps]
    shift = max(0, max(p - r for p, r in zip(pre, release_frames, strict=True)))
    n = track.positions.shape[0] + shift
    all_pos = np.empty((n, count, 3))
    all_quat = np.empty((n, count, 4))
    all_pos[shift:], all_quat[shift:] = track.positions, track.quats
    all_pos[:shift], all_quat[:shift] = track.positions[0], track.quats[0]
    release = np.zeros(count, dtype=int)
    g = np.array([0.0, 0.0, -GRAVITY])
    for i, (vel, spin, p0, q0) in enumerate(dice.launches):
        v, w = np.array(vel), np.array(spin)
        t_launch = dice.release_steps[i] * dt  # physics time of the launch
        first = shift + release_frames[i] - pre[i]  # track frame the die leaves the bag
        release[i] = first
        span = (shift + release_frames[i]) - first
        back = -(span / FPS)
        start_miss = mouth - (p0 + v * back + 0.5 * g * back * back)
        for f in range(first, shift + release_frames[i]):
            tau = (f - shift) / FPS - t_launch  # < 0: before the launch
            k = max(0.0, tau / back) if back else 0.0  # 1 at the mouth, 0 at the launch
            all_pos[f, i] = p0 + v * tau + 0.5 * g * tau * tau + k * start_miss
            all_quat[f, i] = _quat_mul(_axis_angle_quat(w, tau), q0)
    events = [
        Impact(e.time + shift / FPS, e.die, e.speed, e.other, e.other_die) for e in track.events
    ]
    return _Attempt(all_pos, all_quat, release, events, track.steps, track.settled)


def _run(
    count: int,
    rng: np.random.Generator,
    start: tuple[float, float, float],
    felt: Felt,
    size: float,
    still: Sequence[tuple[float, float, float]] = (),
) -> _Attempt:
    """One try at a throw of ``count`` dice: launched (``_launch_dice``), stepped until they rest
    (``_fall``) and given their drawn flight out of the bag (``_with_prelude``)."""
    world = _make_world(felt, still, size)
    dt = 1.0 / (FPS * STEPS_PER_FRAME)
    dice = _launch_dice(count, rng, start, felt, size, dt)
    return _with_prelude(_fall(world, dice, dt), dice, dt)


def _snap(
    pos: np.ndarray,
    quat: np.ndarray,
    felt: Felt,
    size: float,
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """The exact rest pose near a recorded one (position, quaternion, the body's up axis in
    the physics node's frame), or None when the die is not lying flat on the felt."""
    m = _matrix(quat)
    up = m[2]  # the world's +Z seen in the body frame (row 2 of R)
    j_up = int(np.argmax(np.abs(up)))
    if abs(up[j_up]) < math.cos(math.radians(FLAT_TOLERANCE_DEG)):
        return None  # cocked: on an edge or leaning
    if abs(pos[2] - (felt.z + size / 2)) > 0.05 * size:
        return None  # on another die, or sunk into the felt
    s_up = 1.0 if up[j_up] > 0 else -1.0
    j1 = (j_up + 1) % 3
    j2 = (j_up + 2) % 3
    d = m[:2, j1]
    yaw = math.atan2(d[1], d[0])
    # C: body axis j1 -> +x, j_up -> s_up * z, j2 -> whatever keeps it a proper rotation.
    c = np.zeros((3, 3))
    c[0, j1] = 1.0
    c[2, j_up] = s_up
    c[1, j2] = 1.0
    if np.linalg.det(c) < 0:
        c[1, j2] = -1.0
    snapped = _quat_from_matrix(_yaw_matrix(yaw) @ c)
    up_axis = np.zeros(3)
    up_axis[j_up] = s_up
    return np.array([pos[0], pos[1], felt.z + size / 2]), snapped, up_axis


def footprint(pos: np.ndarray, quat: np.ndarray, size: float) -> np.ndarray:
    """The four corners (x, y) of a flat die's square on the felt."""
    m = _matrix(quat)
    half = size / 2
    # The two body axes that lie flat, as world xy directions.
    axes = [m[:2, j] for j in range(3) if abs(m[2, j]) < 0.5]
    a, b = axes[0] * half, axes[1] * half
    c = pos[:2]
    return np.array([c + a + b, c + a - b, c - a - b, c - a + b])


def overlap_depth(p: np.ndarray, q: np.ndarray) -> tuple[float, np.ndarray]:
    """How deep two convex quads (4x2 corners) overlap (<= 0: apart, by that much) and the unit
    axis along which pushing ``q`` moves it out of ``p`` (separating axes)."""
    best, axis = math.inf, np.array([1.0, 0.0])
    for poly in (p, q):
        for k in range(4):
            e = poly[(k + 1) % 4] - poly[k]
            n = np.array([-e[1], e[0]]) / np.linalg.norm(e)
            a, b = p @ n, q @ n
            depth = min(a.max() - b.min(), b.max() - a.min())
            if depth < best:
                best = depth
                axis = n if a.max() - b.min() < b.max() - a.min() else -n
    return best, axis


def squares_overlap(p: np.ndarray, q: np.ndarray, tolerance: float = 0.0) -> bool:
    """Do two convex quads (4x2 corners) overlap by more than ``tolerance`` (cm)?"""
    return overlap_depth(p, q)[0] > tolerance


PUSH_TOLERANCE = 0.08  # cm: dice pressed this far into each other at rest are pushed apart


def _inside(corners: np.ndarray, felt: Felt) -> bool:
    return bool(
        corners[:, 0].min() >= felt.x0 - 1e-9
        and corners[:, 0].max() <= felt.x1 + 1e-9
        and corners[:, 1].min() >= felt.y0 - 1e-9
        and corners[:, 1].max() <= felt.y1 + 1e-9
    )


def _accept(
    att: _Attempt, felt: Felt, size: float, still: Sequence[tuple[float, float, float]] = ()
):
    """The snapped rest poses, or None when the throw must be thrown again."""
    if not att.settled:
        return None
    fixed = [footprint(*_still_pose(x, y, h, felt, size), size) for x, y, h in still]
    snaps = []
    for i in range(att.positions.shape[1]):
        snap = _snap(att.positions[-1, i], att.quats[-1, i], felt, size)
        if snap is None:
            return None
        snaps.append(list(snap))
    # Bullet lets resting boxes sink a hair into each other (and snapping turns them a little):
    # push such pairs apart; a deeper overlap, or one that will not clear, throws again.
    for _ in range(10):
        moved = False
        for s in snaps:  # pressed a hair into a wall: back onto the felt
            c = footprint(s[0], s[1], size)
            dx = max(0.0, felt.x0 - c[:, 0].min()) - max(0.0, c[:, 0].max() - felt.x1)
            dy = max(0.0, felt.y0 - c[:, 1].min()) - max(0.0, c[:, 1].max() - felt.y1)
            if abs(dx) > PUSH_TOLERANCE or abs(dy) > PUSH_TOLERANCE:
                return None
            if dx or dy:
                s[0] = s[0] + np.array(
                    [
                        dx + math.copysign(1e-4, dx) if dx else 0.0,
                        dy + math.copysign(1e-4, dy) if dy else 0.0,
                        0.0,
                    ]
                )
                moved = True
        corners = [footprint(s[0], s[1], size) for s in snaps]
        for i in range(len(snaps)):
            for j in range(i):
                depth, axis = overlap_depth(corners[j], corners[i])
                if depth <= 0:
                    continue
                if depth > PUSH_TOLERANCE:
                    return None
                shift = (depth / 2 + 1e-4) * axis
                snaps[i][0] = snaps[i][0] + np.array([shift[0], shift[1], 0.0])
                snaps[j][0] = snaps[j][0] - np.array([shift[0], shift[1], 0.0])
                corners[i] = footprint(snaps[i][0], snaps[i][1], size)
                corners[j] = footprint(snaps[j][0], snaps[j][1], size)
                moved = True
            for c in fixed:  # a die already lying there does not move: this one does
                depth, axis = overlap_depth(c, corners[i])
                if depth <= 0:
                    continue
                if depth > PUSH_TOLERANCE:
                    return None
                shift = (depth + 1e-4) * axis
                snaps[i][0] = snaps[i][0] + np.array([shift[0], shift[1], 0.0])
                corners[i] = footprint(snaps[i][0], snaps[i][1], size)
                moved = True
        if not moved:
            break
    else:
        return None
    corners = [footprint(s[0], s[1], size) for s in snaps]
    if not all(_inside(c, felt) for c in corners):
        return None
    if any(squares_overlap(corners[i], corners[j]) for i in range(len(snaps)) for j in range(i)):
        return None
    if any(squares_overlap(c, f) for c in corners for f in fixed):
        return None
    return [tuple(s) for s in snaps]


def simulate(
    values: Sequence[int],
    seed: int,
    start: tuple[float, float, float],
    felt: Felt,
    size: float = units.DIE_SIZE,
    variants: Sequence[int] | None = None,
    still: Sequence[tuple[float, float, float]] = (),
) -> Throw:
    """Throw ``len(values)`` dice from ``start`` (the bag's mouth) onto ``felt`` so they end
    showing ``values``; ``seed`` decides the whole throw (the same seed, the same tracks).
    ``size`` is the dice's edge (cm) as drawn; ``variants`` (e.g. die ids) vary which of the
    four equivalent model turns each die gets, as ``dice_model``'s variant does. ``still``:
    dice of the same size already lying flat on the felt, as (x, y, heading in degrees); the
    thrown ones bounce off them (an ``Impact`` with ``other`` "die" and ``other_die`` None) and
    never end inside them."""
    values = tuple(int(v) for v in values)
    for v in values:
        if v not in FACE_NORMAL:
            raise ValueError(f"a die shows 1 to 6, not {v}")
    if not 1 <= len(values) <= 20:
        raise ValueError(f"a throw has 1 to 20 dice, not {len(values)}")
    variants = list(variants) if variants is not None else list(range(len(values)))
    t0 = time.perf_counter()
    steps = 0
    for attempt in range(MAX_ATTEMPTS):
        rng = np.random.default_rng([seed & 0xFFFFFFFF, attempt, len(values)])
        att = _run(len(values), rng, start, felt, size, still)
        steps += att.steps
        snaps = _accept(att, felt, size, still)
        if snaps is None:
            continue
        pos, quats = att.positions, att.quats
        n = pos.shape[0]
        body = np.zeros((len(values), 4))
        for i, (p, q, up_axis) in enumerate(snaps):
            # Blend the last frames into the exact pose (the difference is within tolerance).
            for k in range(min(BLEND_FRAMES, n - 1)):
                f = n - 1 - k
                u = 1.0 - k / BLEND_FRAMES
                pos[f, i] = pos[f, i] + u * (p - pos[f, i])
                quats[f, i] = _slerp(quats[f, i], q, u)
            pos[-1, i], quats[-1, i] = p, q
            body[i] = model_turn(values[i], up_axis, variants[i])
        return Throw(
            values,
            seed,
            size,
            pos,
            quats,
            att.release,
            body,
            att.events,
            attempt + 1,
            steps,
            time.perf_counter() - t0,
        )
    raise RuntimeError(
        f"no clean throw of {len(values)} dice in {MAX_ATTEMPTS} tries "
        f"(felt {felt} too small for them?)"
    )


# ---- playing a throw back ---------------------------------------------------------------------
def _np_quat(q: np.ndarray) -> Quat:
    return Quat(float(q[0]), float(q[1]), float(q[2]), float(q[3]))


@dataclass
class ThrowPlayer:
    """Plays ``throw`` on ``dice`` (NodePaths made by ``dice_model.make_die``, one per value, in
    order) placed relative to ``frame`` (the felt's frame), then glides them to ``targets``
    (points in ``frame``, e.g. the sorted pool places) turned to ``heading`` (degrees in
    ``frame``) and leaning back by ``tilt`` (degrees about their own x axis) over ``glide`` seconds, along arcs ``lift`` cm high so they pass over each
    other. A die is hidden until it leaves the bag. ``on_impact`` gets each ``Impact`` as
    playback passes it; ``on_done`` is called once at the end.
    Advance it with ``update(dt)`` from the frame task; ``finish()`` jumps to the end (Space,
    animations off, tests)."""

    throw: Throw
    dice: Sequence[NodePath]
    frame: NodePath
    targets: Sequence[Point3] | None = None
    heading: float = 0.0
    tilt: float = 0.0
    glide: float = 0.45
    lift: float = 1.5
    on_impact: Callable[[Impact], None] | None = None
    on_done: Callable[[], None] | None = None
    t: float = 0.0
    done: bool = False
    _next_event: int = 0
    _interval: IntervalSequence = field(init=False, repr=False)  # made by __post_init__

    def __post_init__(self) -> None:
        if len(self.dice) != self.throw.count:
            raise ValueError(f"{self.throw.count} dice thrown but {len(self.dice)} nodes given")
        if self.targets is not None and len(self.targets) != self.throw.count:
            raise ValueError(f"{self.throw.count} dice thrown but {len(self.targets)} places given")
        for node, bq in zip(self.dice, self.throw.body_quats, strict=True):
            _model(node).set_quat(_np_quat(bq))
        parts = [
            LerpFunc(
                self._pose,
                fromData=0.0,
                toData=self.throw.duration,
                duration=max(self.throw.duration, 1e-3),
            ),
            Func(self._rest),
        ]
        if self.targets is not None:
            parts.append(Func(self._start_glides))
            parts.append(LerpFunc(lambda u: None, duration=self.glide))  # the glides' time
        parts.append(Func(self._finished))
        # (The stubs give Parallel and Sequence CMetaInterval's constructor, not their own.)
        self._interval = IntervalSequence(*parts, name="throw")  # type: ignore[call-overload]
        # A MetaInterval counts time in whole units of 1/precision s (1 ms by default), which
        # would put the dice off their recorded frames between whole milliseconds.
        self._interval.set_precision(1e6)
        self._glides: Parallel | None = None
        self._glide_t0 = self.throw.duration
        self._pose(0.0)

    @property
    def duration(self) -> float:
        return self.throw.duration + (self.glide if self.targets is not None else 0.0)

    def _pose(self, t: float) -> None:
        th = self.throw
        # (+1e-3 frame: a sum of 1/60 s steps, counted in microseconds, lands a hair short)
        f = min(t * th.fps + 1e-3, th.frames - 1.0)
        f0 = int(f)
        f1 = min(f0 + 1, th.frames - 1)
        u = f - f0
        for i, node in enumerate(self.dice):
            if f0 < th.release[i]:
                node.hide()
                continue
            node.show()
            p = th.positions[f0, i] + u * (th.positions[f1, i] - th.positions[f0, i])
            q = th.quats[f0, i] if u == 0 else _slerp(th.quats[f0, i], th.quats[f1, i], u)
            node.set_pos_quat(self.frame, Point3(*p), _np_quat(q))

    def _rest(self) -> None:
        """The exact rest pose. The physics node's turn below its heading is handed to the model,
        so the node keeps only a heading (what ``Animator.move`` and the table expect); with
        places to go it turns to the heading a whole number of quarter turns from ``heading``
        nearest its own (the glide turns it at most 45 degrees), and ``_finished`` hands those
        quarter turns to the model too."""
        th = self.throw
        self._turns = []
        for i, node in enumerate(self.dice):
            node.show()
            q = th.quats[-1, i]
            d = _heading_dir(_matrix(q))
            yaw = math.degrees(math.atan2(d[1], d[0]))
            below = _quat_mul(_quat_conj(_yaw_quat(yaw)), q)  # C: a cube rotation
            _model(node).set_quat(_np_quat(_quat_mul(below, th.body_quats[i])))
            node.set_pos_quat(self.frame, Point3(*th.positions[-1, i]), _np_quat(_yaw_quat(yaw)))
            self._turns.append(round((yaw - self.heading) / 90.0))

    def _start_glides(self) -> None:
        targets = self.targets
        assert targets is not None  # the glides are queued only with targets
        glides: list[Interval | CInterval] = []
        for i, node in enumerate(self.dice):
            # The quarter turns first (handed to the model at the end), then the lean, then the
            # heading: the pose ``_finished`` leaves, so the glide ends where it will rest.
            end_q = _np_quat(_yaw_quat(90.0 * self._turns[i])) * self._lean()
            glides.append(
                LerpPosQuatInterval(
                    node,
                    self.glide,
                    Point3(*targets[i]),
                    end_q,
                    other=self.frame,
                    blendType="easeInOut",
                )
            )
            if self.lift:  # stepped after the glide above (a Parallel runs in order)
                glides.append(
                    LerpFunc(
                        lambda u, node=node: node.set_z(
                            self.frame, node.get_z(self.frame) + self.lift * math.sin(math.pi * u)
                        ),
                        duration=self.glide,
                    )
                )
        self._glides = Parallel(*glides, name="throw-glides")  # type: ignore[call-overload]
        self._glide_t0 = self.throw.duration

    def _lean(self) -> Quat:
        """A placed die's turn in ``frame``: ``heading``, leaning back by ``tilt``."""
        q = Quat()
        q.set_hpr((self.heading, self.tilt, 0.0))
        return q

    def _finished(self) -> None:
        if self._glides is not None:
            self._glides.finish()
            self._glides = None
            for node, k in zip(self.dice, self._turns, strict=True):
                model = _model(node)
                bq = model.get_quat()
                b = np.array([bq.get_r(), bq.get_i(), bq.get_j(), bq.get_k()])
                model.set_quat(_np_quat(_quat_mul(_yaw_quat(90.0 * k), b)))
                node.set_quat(self.frame, self._lean())
        if not self.done:
            self.done = True
            self._fire_events(math.inf)
            if self.on_done is not None:
                self.on_done()

    def _fire_events(self, until: float) -> None:
        events = self.throw.events
        while self._next_event < len(events) and events[self._next_event].time <= until:
            if self.on_impact is not None:
                self.on_impact(events[self._next_event])
            self._next_event += 1

    def update(self, dt: float) -> None:
        """Advance the playback by ``dt`` seconds."""
        if self.done:
            return
        self.t += dt
        self._fire_events(self.t)
        if self.t >= self._interval.get_duration():
            self._interval.finish()
            return
        self._interval.set_t(self.t)
        if self._glides is not None:
            self._glides.set_t(min(self.t - self._glide_t0, self.glide))

    def finish(self) -> None:
        """Jump to the end: the dice at their places (or at rest), every event passed."""
        if not self.done:
            self.update(math.inf)


def _heading_dir(m: np.ndarray) -> np.ndarray:
    """The xy direction of the first body axis lying flat (a resting die's heading)."""
    for j in range(3):
        if abs(m[2, j]) < 0.5:
            d = m[:2, j]
            return d / np.linalg.norm(d)
    return np.array([1.0, 0.0])


def _yaw_quat(deg: float) -> np.ndarray:
    a = math.radians(deg) / 2
    return np.array([math.cos(a), 0.0, 0.0, math.sin(a)])


def _model(node: NodePath) -> NodePath:
    """The part of a die that carries its faces (``body``; a bare mesh is its own)."""
    body = node.find("body")
    return body if not body.is_empty() else node
