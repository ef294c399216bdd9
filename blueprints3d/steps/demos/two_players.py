"""The two-player turn (p. 6): take and place a die, then discard a second one, then draw two.

Played on a real ``GameState``: every caption is the engine's description of what happened.
"""

from __future__ import annotations

from blueprints3d.steps.scene import BuildingView, Demo, Die, Ghost, Mark, Step, Tone
from blueprints3d.engine import actions as A
from blueprints3d.engine.errors import IllegalAction
from blueprints3d.engine.rules import POOL_SIZE
from blueprints3d.engine.state import GameState
from blueprints3d.engine.turns import Phase

SEED = 7
NAMES = ("Ada", "Ben")


def _pool(s: GameState) -> tuple[Die, ...]:
    return tuple((int(s.material(d)), s.values[d]) for d in s.pool)


def _building(s: GameState, player: int, ghost: Ghost | None = None) -> BuildingView:
    bp = s.blueprints[player]
    return BuildingView(f"{s.names[player]}'s building", bp,
                        tuple(tuple(st) for st in s.building(player)), ghost=ghost)


def build() -> Demo:
    s = GameState.new(2, SEED, start_player=0, names=list(NAMES))
    me = s.current_player
    in_demand = s.in_demand_materials()
    steps: list[Step] = []
    steps.append(Step(
        f"Two players: the pool starts with {len(s.pool)} dice (the engine's pool size for 2 is "
        f"{POOL_SIZE[2]}), rolled and sorted by value. It is {s.names[me]}'s turn.",
        (_building(s, me),), pool=_pool(s), in_demand=in_demand,
        facts={"pool": len(s.pool), "player": me}))
    # A discard before taking is refused, and the state is left as it was.
    try:
        s.apply(A.discard(s.pool[0]))
        refusal = None
    except IllegalAction as e:
        refusal = str(e)
    steps.append(Step(f"Discarding first is not allowed. Engine: {refusal}.",
                      (_building(s, me),), pool=_pool(s), pool_marks={0: Mark("no", Tone.BAD)},
                      in_demand=in_demand, facts={"refusal": refusal}))
    # Take: the first legal placement the engine offers.
    take = next(a for a in s.legal_actions() if A.cell_of(a) is not None)
    die, cell = A.die_of(take), A.cell_of(take)
    i = s.pool.index(die)
    said = s.describe_action(take, reveal=True)  # the demo shows the building anyway
    steps.append(Step(f"{said}.", (_building(s, me, Ghost(s.material(die), s.values[die], cell, Tone.GOOD)),),
                      pool=_pool(s), pool_marks={i: Mark("take", Tone.FOCUS)}, in_demand=in_demand,
                      facts={"action": said}))
    s.apply(take)
    assert s.phase is Phase.DISCARD and s.current_player == me
    drop = s.pool[-1]  # the highest die, so the opponent cannot have it
    steps.append(Step(
        f"Still {s.names[me]}'s turn: with two players the engine now asks for a discard "
        f"({len(s.pool)} dice left in the pool). {s.names[me]} throws away the highest die so that "
        f"{s.names[1 - me]} cannot take it.",
        (_building(s, me),), pool=_pool(s), pool_marks={len(s.pool) - 1: Mark("discard", Tone.BAD)},
        in_demand=in_demand, facts={"phase": s.phase.value, "pool": len(s.pool)}))
    said = s.describe_action(A.discard(drop))
    before = set(s.pool)
    s.apply(A.discard(drop))
    new = [k for k, d in enumerate(s.pool) if d not in before]
    steps.append(Step(
        f"{said}. Two replacements are drawn and rolled, so the pool is back to {len(s.pool)} dice; "
        f"the discarded die is out of the round. Now it is {s.names[s.current_player]}'s turn.",
        (_building(s, me),), pool=_pool(s), pool_marks={k: Mark("new", Tone.GOOD) for k in new},
        discarded=tuple((int(s.material(d)), s.values[d]) for d in s.discarded), in_demand=in_demand,
        facts={"new": len(new), "pool": len(s.pool), "discarded": len(s.discarded),
               "next": s.current_player}))
    return Demo("two-players", "The two-player turn",
                "take and place a die, discard a second, draw two replacements", tuple(steps))
