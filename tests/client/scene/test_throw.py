"""Dice throws (client/scene/throw.py): simulated ahead of time with Bullet, headless.

Every accepted throw must end with the engine's value on top of each die, every die flat on the
felt, inside it, and no two dice inside each other; the same seed gives the same throw. The
checks here are independent of the module's own acceptance test (they read the poses afresh).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from panda3d.core import NodePath, Point3, Vec3

from blueprints3d.client.scene import dice_model, throw, units
from blueprints3d.engine.materials import Material

SIZE = units.DIE_SIZE * 1.4  # pool dice are drawn 1.4x (layout.POOL_DIE_SCALE)
FELT = throw.Felt(-15.0, -16.0, 15.0, -8.8)  # the pool's strip of felt, in the centre frame
BAG = (13.5, -6.5, 6.5)  # the bag's mouth (beside the felt's corner)


def _rot(q: np.ndarray) -> np.ndarray:
    """Rotation matrix of a (w, x, y, z) quaternion, written out (not the module's helper)."""
    w, x, y, z = q / np.linalg.norm(q)
    return np.array(
        [
            [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
            [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
            [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
        ]
    )


def _quat_mul(a, b):
    aw, av = a[0], np.asarray(a[1:])
    bw, bv = b[0], np.asarray(b[1:])
    return np.array([aw * bw - av @ bv, *(aw * bv + bw * av + np.cross(av, bv))])


def _check_throw(th: throw.Throw, values, felt: throw.Felt = FELT, size: float = SIZE) -> None:
    n = len(values)
    assert th.count == n and th.positions.shape == (th.frames, n, 3)
    half = size / 2
    rest_p, rest_q = th.positions[-1], th.quats[-1]
    frames = []
    for i, v in enumerate(values):
        phys = _rot(rest_q[i])
        model = phys @ _rot(th.body_quats[i])
        # The engine's value on top: its face's normal, carried to the felt's frame, is +Z.
        up = model @ np.array(dice_model.FACE_NORMAL[v], dtype=float)
        assert np.allclose(up, (0, 0, 1), atol=1e-9), (i, v, up)
        # Flat: every body axis is vertical or horizontal, exactly (the rest pose is snapped).
        assert np.allclose(np.sort(np.abs(phys[2])), (0, 0, 1), atol=1e-9)
        # On the felt, not on another die.
        assert rest_p[i][2] == pytest.approx(felt.z + half, abs=1e-9)
        # Its whole square inside the felt.
        ax = [phys[:2, j] for j in range(3) if abs(phys[2, j]) < 0.5]
        for sa in (-1, 1):
            for sb in (-1, 1):
                cx, cy = rest_p[i][:2] + sa * half * ax[0] + sb * half * ax[1]
                assert (
                    felt.x0 - 1e-9 <= cx <= felt.x1 + 1e-9
                    and felt.y0 - 1e-9 <= cy <= felt.y1 + 1e-9
                )
        frames.append((rest_p[i][:2], np.stack(ax)))
    # No two dice inside each other.
    for i in range(n):
        for j in range(n):
            assert i == j or not _inside_each_other(frames[i], frames[j], half), (
                f"dice {i} and {j} overlap"
            )
    # Read back the way the module reports it, too.
    assert th.top_values() == list(values)


def _inside_each_other(a, b, half: float) -> bool:
    """Does a point of square ``a``'s outline lie strictly inside square ``b``? (Two equal
    squares that overlap always have such a point, one way or the other.) A square is (centre,
    its two flat axes as rows)."""
    ts = np.linspace(-1, 1, 41)
    ca, aa = a
    outline = np.concatenate(
        [ca + half * (np.outer(ts, aa[0]) + s * aa[1]) for s in (-1, 1)]
        + [ca + half * (s * aa[0] + np.outer(ts, aa[1])) for s in (-1, 1)]
    )
    cb, ab = b
    local = (outline - cb) @ ab.T
    return bool((np.abs(local) < half - 1e-6).all(axis=1).any())


def _throws(count: int, first_seed: int = 0):
    rng = np.random.default_rng(12345 + first_seed)
    for k in range(count):
        n = 1 + int(rng.integers(0, 9))
        values = [int(v) for v in rng.integers(1, 7, n)]
        yield first_seed + k, values


def _run_many(count: int) -> dict:
    attempts = []
    for seed, values in _throws(count):
        th = throw.simulate(
            values, seed, BAG, FELT, size=SIZE, variants=range(seed, seed + len(values))
        )
        _check_throw(th, values)
        attempts.append(th.attempts)
    return {
        "throws": count,
        "resimulated": sum(a - 1 for a in attempts),
        "max_attempts": max(attempts),
    }


def test_a_hundred_throws_show_the_engines_values_flat_inside_and_apart():
    stats = _run_many(100)
    assert stats["max_attempts"] < throw.MAX_ATTEMPTS


@pytest.mark.slow
def test_a_thousand_throws_show_the_engines_values_flat_inside_and_apart():
    stats = _run_many(1000)
    print(stats)
    assert stats["resimulated"] < 300  # a re-throw is rare (about one in ten)


def test_the_check_can_fail():
    th = throw.simulate([3, 5], 7, BAG, FELT, size=SIZE)
    with pytest.raises(AssertionError):
        _check_throw(th, [3, 4])  # a wrong value on top
    moved = throw.Throw(**{**th.__dict__, "positions": th.positions.copy()})
    moved.positions[-1, 1, :2] = moved.positions[-1, 0, :2] + (0.5 * SIZE, 0.0)
    with pytest.raises(AssertionError):
        _check_throw(moved, [3, 5])  # inside each other
    moved.positions[-1, 1, :2] = (FELT.x1, -12.0)
    with pytest.raises(AssertionError):
        _check_throw(moved, [3, 5])  # half off the felt
    tilted = throw.Throw(**{**th.__dict__, "quats": th.quats.copy()})
    a = math.radians(5) / 2
    tilted.quats[-1, 0] = _quat_mul(np.array([math.cos(a), math.sin(a), 0, 0]), th.quats[-1, 0])
    with pytest.raises(AssertionError):
        _check_throw(tilted, [3, 5])  # cocked


def test_the_same_seed_gives_the_same_throw_and_another_seed_another():
    a = throw.simulate([1, 2, 3, 4, 5], 42, BAG, FELT, size=SIZE)
    b = throw.simulate([1, 2, 3, 4, 5], 42, BAG, FELT, size=SIZE)
    assert np.array_equal(a.positions, b.positions) and np.array_equal(a.quats, b.quats)
    assert a.events == b.events and np.array_equal(a.body_quats, b.body_quats)
    c = throw.simulate([1, 2, 3, 4, 5], 43, BAG, FELT, size=SIZE)
    assert a.positions.shape != c.positions.shape or not np.allclose(a.positions, c.positions)
    assert not np.allclose(a.rest_positions(), c.rest_positions())
    # The values only re-label faces: the tracks do not depend on them.
    d = throw.simulate([6, 6, 6, 6, 6], 42, BAG, FELT, size=SIZE)
    assert np.array_equal(a.positions, d.positions) and not np.array_equal(
        a.body_quats, d.body_quats
    )


def test_a_throw_tumbles_from_the_bag_and_comes_to_rest():
    th = throw.simulate([2, 4, 6, 1, 3, 5, 2], 5, BAG, FELT, size=SIZE)
    assert 0.3 < th.duration < throw.MAX_SECONDS
    first = th.positions[th.release, range(th.count)]
    assert (np.linalg.norm(first[:, :2] - np.array(BAG[:2]), axis=1) < 6.0).all()  # out of the bag
    assert (first[:, 2] > FELT.z + SIZE).all()  # in the air
    # It turns: each die's orientation changes by more than a quarter turn on its way.
    for i in range(th.count):
        dots = np.abs(th.quats[th.release[i] :, i] @ th.quats[th.release[i], i])
        assert dots.min() < math.cos(math.radians(45) / 2)
    # At its end nothing moves.
    assert np.allclose(th.positions[-1], th.positions[-2], atol=0.02)
    # Released one after another, not all at once.
    assert len(set(th.release.tolist())) > 1


def test_impacts_come_with_time_die_speed_and_what_was_hit():
    th = throw.simulate([1, 2, 3, 4, 5, 6, 1], 3, BAG, FELT, size=SIZE)
    assert th.events
    times = [e.time for e in th.events]
    assert times == sorted(times) and times[0] > 0 and times[-1] <= th.duration + 1e-9
    kinds = {e.other for e in th.events}
    assert throw.FELT in kinds and throw.DIE in kinds
    for e in th.events:
        assert 0 <= e.die < th.count and e.speed >= throw.IMPACT_MIN_SPEED
        assert (e.other_die is not None) == (e.other == throw.DIE)
        if e.other_die is not None:
            assert e.die < e.other_die < th.count
    # Every die lands on the felt, and the landing is loud (dice fall from the bag's height).
    for i in range(th.count):
        assert max(e.speed for e in th.events if e.die == i and e.other == throw.FELT) > 50.0


def test_a_replacement_die_lands_among_the_dice_already_in_the_pool():
    # Six dice lie in their pool places (layout.pool_slots for 7: 3.47 cm apart on y = -11).
    pitch = units.POOL_PITCH * 1.4
    still = [((i - 3) * pitch, -11.0, 15.0 * i) for i in range(7) if i != 2]
    hits = 0
    for seed in range(30):
        th = throw.simulate([1 + seed % 6], seed, BAG, FELT, size=SIZE, still=still)
        _check_throw(th, [1 + seed % 6])
        # Not inside any of the lying dice.
        phys = _rot(th.quats[-1, 0])
        thrown = (
            th.positions[-1, 0, :2],
            np.stack([phys[:2, j] for j in range(3) if abs(phys[2, j]) < 0.5]),
        )
        for x, y, h in still:
            a = math.radians(h)
            lying = (
                np.array([x, y]),
                np.array([[math.cos(a), math.sin(a)], [-math.sin(a), math.cos(a)]]),
            )
            assert not _inside_each_other(thrown, lying, SIZE / 2), (seed, x, y)
            assert not _inside_each_other(lying, thrown, SIZE / 2), (seed, x, y)
        hits += sum(1 for e in th.events if e.other == throw.DIE and e.other_die is None)
    assert hits > 0  # the thrown die knocks against the lying ones now and then


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="1 to 6"):
        throw.simulate([7], 1, BAG, FELT)
    with pytest.raises(ValueError, match="1 to 20"):
        throw.simulate([], 1, BAG, FELT)
    with pytest.raises(ValueError, match="x0 < x1"):
        throw.Felt(1, 0, 0, 1)


# ---- playing a throw on dice nodes ------------------------------------------------------------
def _scene(count: int):
    root = NodePath("root")
    frame = root.attach_new_node("centre")
    frame.set_pos(2.0, -1.0, 0.0)
    frame.set_h(35.0)  # the centre frame turns to face the viewer
    dice = []
    for i in range(count):
        d = dice_model.make_die(Material(list(Material)[i % 4]), 1, variant=i)
        d.reparent_to(root)
        d.set_scale(1.4)
        dice.append(d)
    return root, frame, dice


def _top_value(die: NodePath, reference: NodePath) -> int:
    body = die.find("body")
    ups = {
        v: reference.get_relative_vector(body, Vec3(*n)) for v, n in dice_model.FACE_NORMAL.items()
    }
    v = max(ups, key=lambda k: ups[k].z)
    up = ups[v]
    up.normalize()
    assert up.z > 1 - 1e-5
    return v


def test_the_player_follows_the_track_and_ends_at_rest_showing_the_values():
    values = [6, 1, 4, 4, 2]
    th = throw.simulate(values, 11, BAG, FELT, size=SIZE)
    root, frame, dice = _scene(len(values))
    heard = []
    done = []
    player = throw.ThrowPlayer(
        th, dice, frame, on_impact=heard.append, on_done=lambda: done.append(1)
    )
    late = int(th.release.max())
    assert dice[int(np.argmax(th.release))].is_hidden() or late == 0  # still in the bag
    for k in range(1, th.frames):
        player.update(1.0 / th.fps)
        for i, d in enumerate(dice):
            if k >= th.release[i] and k < th.frames - 1:
                assert not d.is_hidden()
                assert np.allclose(tuple(d.get_pos(frame)), th.positions[k, i], atol=0.01)
        assert all(e.time <= k / th.fps + 1e-9 for e in heard)
    player.update(0.5)
    assert player.done and done == [1]
    assert heard == th.events
    for i, d in enumerate(dice):
        assert _top_value(d, root) == values[i]
        assert np.allclose(tuple(d.get_pos(frame)), th.positions[-1, i], atol=1e-4)
        assert d.get_scale().almost_equal(Vec3(1.4, 1.4, 1.4), 1e-5)
        assert (
            abs(d.get_p(frame)) < 1e-3 and abs(d.get_r(frame)) < 1e-3
        )  # the node keeps a heading only


def test_the_player_glides_the_dice_to_their_places_and_heading():
    values = [3, 3, 5, 1, 6, 2, 4]
    th = throw.simulate(values, 21, BAG, FELT, size=SIZE)
    root, frame, dice = _scene(len(values))
    targets = [Point3(x, -11.0, SIZE / 2) for x in np.linspace(-9, 9, len(values))]
    player = throw.ThrowPlayer(th, dice, frame, targets=targets, heading=0.0, glide=0.4)
    assert player.duration == pytest.approx(th.duration + 0.4)
    t = 0.0
    lifted = False
    while not player.done:
        player.update(1 / 60)
        t += 1 / 60
        if th.duration + 0.15 < t < th.duration + 0.25:
            lifted |= any(d.get_z(frame) > SIZE / 2 + 0.5 for d in dice)
        assert t < player.duration + 0.1
    assert lifted  # an arc, not a slide through the others
    for i, d in enumerate(dice):
        assert (d.get_pos(frame) - targets[i]).length() < 1e-4
        assert _top_value(d, root) == values[i]
        assert abs(((d.get_h(frame) + 180) % 360) - 180) < 1e-3
        assert abs(d.get_p(frame)) < 1e-3 and abs(d.get_r(frame)) < 1e-3


def test_finish_jumps_to_the_end_and_fires_every_impact_once():
    values = [2, 5, 1]
    th = throw.simulate(values, 8, BAG, FELT, size=SIZE)
    root, frame, dice = _scene(3)
    heard = []
    targets = [Point3(-3, -11, SIZE / 2), Point3(0, -11, SIZE / 2), Point3(3, -11, SIZE / 2)]
    player = throw.ThrowPlayer(
        th, dice, frame, targets=targets, heading=90.0, on_impact=heard.append
    )
    player.update(0.2)
    player.finish()
    player.finish()
    player.update(1.0)
    assert player.done and heard == th.events
    for i, d in enumerate(dice):
        assert (d.get_pos(frame) - targets[i]).length() < 1e-4 and not d.is_hidden()
        assert _top_value(d, root) == values[i]
        assert abs(((d.get_h(frame) - 90 + 180) % 360) - 180) < 1e-3


def test_the_player_refuses_a_wrong_number_of_nodes():
    th = throw.simulate([1, 2], 1, BAG, FELT, size=SIZE)
    root, frame, dice = _scene(3)
    with pytest.raises(ValueError, match="2 dice thrown"):
        throw.ThrowPlayer(th, dice, frame)
