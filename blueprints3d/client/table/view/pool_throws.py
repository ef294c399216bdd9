"""Dice thrown out of the bag: a new pool tumbles onto the felt in front of the bag and the
round's two in-demand dice roll onto the scoreboard (client/scene/throw.py simulates each throw,
seeded by the game, so a game always throws the same). Each throw plays on a ``ThrowPlayer``
of its own, ticked every frame; its hits go to ``on_impact`` (the table's sounds)."""

from __future__ import annotations

from collections.abc import Callable

from panda3d.core import NodePath, Point3

from blueprints3d.client.scene import units
from blueprints3d.client.scene.throw import Felt, Impact, ThrowPlayer, simulate
from blueprints3d.client.table.model.layout import (
    CENTRE_BAG,
    POOL_DIE_SCALE,
    POOL_DIE_TILT,
    pool_slots,
)
from blueprints3d.engine.state import GameState

# Where thrown dice may land, in the centre frame: the band of felt around the pool row, in
# front of the Prize cards (whose near edge is at y = -8.7) and clear of the table's rim.
THROW_FELT_Y = (-17.0, -9.0)
THROW_FELT_MARGIN = 4.0  # cm beyond the pool row's ends
BAG_MOUTH_Z = 6.5
# The in-demand dice land on the felt between the Prize cards and the scoreboard, then hop up.
IN_DEMAND_FELT = Felt(-12.0, -3.0, -1.0, 3.0, z=0.0)


def throw_felt(count: int) -> Felt:
    """The felt the pool's dice are thrown onto, in the centre frame."""
    xs = [x for x, _ in pool_slots(max(count, 1))]
    half = units.DIE_SIZE * POOL_DIE_SCALE / 2 + THROW_FELT_MARGIN
    return Felt(min(xs) - half, THROW_FELT_Y[0], max(xs) + half, THROW_FELT_Y[1], z=0.0)


class PoolThrows:
    """The throws in flight: the pool's (by die) and the in-demand dice's (``side_throws``)."""

    def __init__(
        self,
        root: NodePath,
        centre: NodePath,
        dice: dict[int, NodePath],
        on_landed: Callable[[int], None],
        on_impact: Callable[[Impact], None],
    ) -> None:
        self.root = root
        self.centre = centre
        self.dice = dice
        self.on_landed = on_landed  # a die of the pool has come to rest in its place
        self.on_impact = on_impact
        self.throwing: dict[int, ThrowPlayer] = {}  # die -> the throw it is in
        self.side_throws: list[ThrowPlayer] = []  # the in-demand dice's, onto the scoreboard
        self.count = 0

    def throw(
        self,
        thrown: list[tuple[int, Point3]],
        values: list[int],
        still: list[Point3],
        count: int,
        state: GameState,
    ) -> bool:
        """Throw ``thrown`` (die, pool place in the table's frame) from the bag onto the felt;
        they come to rest showing ``values``, then glide to their places. The engine's seed and
        the number of moves so far choose the throw. False when no clean throw was found."""
        ids = [d for d, _ in thrown]
        local = [self.centre.get_relative_point(self.root, p) for _, p in thrown]
        rest = [
            (q.x, q.y, 0.0) for q in (self.centre.get_relative_point(self.root, p) for p in still)
        ]
        seed = (
            (state.seed or 0) * 1_000_003 + state.round * 10_007 + len(state.log) * 101 + ids[0]
        ) & 0xFFFFFFFF
        size = units.DIE_SIZE * POOL_DIE_SCALE
        try:
            mouth = (*CENTRE_BAG, BAG_MOUTH_Z)
            throw = simulate(
                values, seed, mouth, throw_felt(count), size=size, variants=ids, still=rest
            )
        except RuntimeError:  # no clean throw (never seen in the soak test)
            return False
        player = ThrowPlayer(
            throw,
            [self.dice[d] for d in ids],
            self.centre,
            [Point3(q.x, q.y, q.z) for q in local],
            heading=0.0,
            tilt=POOL_DIE_TILT,  # they come to rest leaning back toward the viewer
            on_impact=self.on_impact,
        )
        player.on_done = lambda: self._landed(player)
        self.count += 1
        for d in ids:
            self.throwing[d] = player
        return True

    def throw_in_demand(
        self, nodes: list[NodePath], scoreboard: NodePath, state: GameState
    ) -> None:
        """The round's two in-demand dice roll out of the bag onto the felt beside the
        scoreboard, then hop up onto it."""
        targets = [self.centre.get_relative_point(scoreboard, n.get_pos()) for n in nodes]
        seed = ((state.seed or 0) * 7_919 + state.round * 104_729 + 17) & 0xFFFFFFFF
        try:
            throw = simulate(
                [1, 6][: len(nodes)],
                seed,
                (*CENTRE_BAG, BAG_MOUTH_Z),
                IN_DEMAND_FELT,
                variants=[40 + i for i in range(len(nodes))],
            )
        except RuntimeError:
            return  # they simply lie on the board
        player = ThrowPlayer(
            throw, nodes, self.centre, targets, heading=0.0, lift=3.0, on_impact=self.on_impact
        )
        player.on_done = lambda: (
            self.side_throws.remove(player) if player in self.side_throws else None
        )
        self.side_throws.append(player)

    def _landed(self, player: ThrowPlayer) -> None:
        for d in [d for d, p in self.throwing.items() if p is player]:
            del self.throwing[d]
            self.on_landed(d)

    def finish_stale(self, targets: dict[int, tuple[Point3, float, bool]], animate: bool) -> None:
        """A throw whose dice are no longer all going to the same places (one was taken, the
        pool was sorted anew, a curtain fell) jumps to its end before the dice move on."""
        for player in self._pool_players():
            ids = [d for d, p in self.throwing.items() if p is player]
            # zip: a throw's targets are its dice's, in order; strict=False, as a die taken
            # from the throw is no longer among ``ids`` and the throw is then stale anyway.
            same = animate and all(
                d in targets
                and (self.root.get_relative_point(self.centre, t) - targets[d][0]).length() < 1e-3
                for d, t in zip(ids, player.targets or (), strict=False)
            )
            if not same:
                player.finish()

    def _pool_players(self) -> list[ThrowPlayer]:
        return list({id(p): p for p in self.throwing.values()}.values())

    def update(self, dt: float) -> None:
        for player in self._pool_players() + list(self.side_throws):
            player.update(dt)

    def finish(self) -> None:
        """Every throw at its end: the dice in their pool places (Space skips a throw)."""
        for player in self._pool_players() + list(self.side_throws):
            player.finish()

    @property
    def in_flight(self) -> bool:
        return bool(self.throwing or self.side_throws)
