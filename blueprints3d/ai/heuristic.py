"""The one-move-ahead evaluation the greedy bot plays by and the search bot plays out with.

``action_values`` rates each legal action of the player to move by what the building would be
worth after it, in rough victory-point units: building points (which win Awards), the chance of
still earning the blueprint bonus, and the chance of qualifying for each Prize, discounted when
another player already holds that Prize's condition in the open.

It reads only what the mover may see: their own blueprint and building, the pool, the dice every
player has taken (public), the in-demand colours, and which dice are left for the bag (public by
elimination). So it is fair on any state built from the mover's view, and it is cheap enough
(some tens of microseconds a move) to drive thousands of playouts a decision.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from blueprints3d.engine import actions as A
from blueprints3d.engine.materials import MATERIAL_OF, Material
from blueprints3d.engine.rules import (
    BLUEPRINT_BONUS,
    DIE_FACES,
    GEOMETER_VALUES,
    MATERIALS_SAME_COLOUR,
    PRIZE_VP,
    RECYCLED_POINTS,
    SKYSCRAPER_HEIGHT,
    STRUCTURAL_SAME_VALUE,
    TAKES_PER_ROUND,
    WOOD_PER_NEIGHBOUR,
)
from blueprints3d.engine.scoring import stone_points
from blueprints3d.engine.state import GameState
from blueprints3d.engine.turns import Phase

_WOOD, _RECYCLED, _STONE, _GLASS = (int(m) for m in Material)
_STONE_AT = tuple(stone_points(level + 1) for level in range(64))  # by level index
_RP = RECYCLED_POINTS + (RECYCLED_POINTS[-1],) * 32
_DIE_OF, _SLOT_OF, _SET_ASIDE = A.DIE_OF, A.SLOT_OF, A.SET_ASIDE
_MATERIALS = tuple(range(len(Material)))


@dataclass(frozen=True)
class Weights:
    """How much each thing is worth, in victory points. Prizes are worth 2 VP each; a building
    point is worth a fraction of a VP through the Awards it helps to win."""

    point: float = 0.15  # one building point
    bonus: float = BLUEPRINT_BONUS * 0.15  # the blueprint bonus, scaled by its chance
    prize: float = float(PRIZE_VP)  # one Prize
    q_value: float = 0.5  # chance per take of finding a die of a wanted value
    q_material: float = 0.6  # ... of a wanted material
    q_geometer: float = 0.6  # ... of a value not yet in the building
    q_bonus_step: float = 0.92  # chance per die still missing from the blueprint
    contested: float = 0.35  # a Prize another player already qualifies for is worth this share
    deny: float = 1.0  # two players: weight of the opponent's gain when discarding


DEFAULT = Weights()


def _potential(have: int, need: int, left: int, q: float) -> float:
    """Rough chance of getting from ``have`` to ``need`` matching dice with ``left`` takes."""
    missing = need - have
    if missing <= 0:
        return 1.0
    if missing > left:
        return 0.0
    return q**missing


class _Profile:
    """Counts over one player's placed dice: what the Prize conditions look at."""

    __slots__ = ("vc", "mc", "distinct", "placed", "aside", "most_of_a_value")

    def __init__(self, state: GameState, player: int) -> None:
        vc = [0] * (DIE_FACES + 1)
        mc = [0, 0, 0, 0]
        values = state.values
        aside = state.set_aside[player]
        for d in state.taken[player]:
            if aside and d in aside:
                continue
            vc[values[d]] += 1
            mc[MATERIAL_OF[d]] += 1
        self.vc, self.mc = vc, mc
        self.placed = sum(mc)
        self.distinct = len(vc) - vc.count(0)  # the values present (vc[0] is always 0)
        self.aside = len(aside)
        self.most_of_a_value = max(vc)


# Fewer placed dice than any of these Prizes needs cannot qualify for one: most opponents, most
# of a round, which spares building their profile on every move of every playout.
_CONTEST_MIN = min(STRUCTURAL_SAME_VALUE, MATERIALS_SAME_COLOUR, GEOMETER_VALUES)


def _contested(state: GameState, player: int) -> tuple[bool, bool, bool]:
    """Whether another player already qualifies (in the open) for Structural Integrity,
    Materials, Geometer."""
    s = m = g = False
    taken = state.taken
    for p in range(state.num_players):
        if p == player or len(taken[p]) < _CONTEST_MIN:
            continue
        prof = _Profile(state, p)
        s = s or max(prof.vc) >= STRUCTURAL_SAME_VALUE
        m = m or max(prof.mc) >= MATERIALS_SAME_COLOUR
        g = g or prof.distinct == GEOMETER_VALUES
    return s, m, g


# Each die counts as 1 << (8 * its material), so one sum in C counts the dice of every colour in
# a list at once (there are at most 32 of a colour, well under 256), instead of a loop per die.
_MAT_BIT = tuple(1 << (8 * m) for m in MATERIAL_OF)


def _available(state: GameState) -> list[int]:
    """How many dice of each material are still to come: in the bag or in the pool."""
    x = sum(map(_MAT_BIT.__getitem__, state.bag)) + sum(map(_MAT_BIT.__getitem__, state.pool))
    return [x >> (8 * m) & 255 for m in _MATERIALS]


def _type_value(
    prof: _Profile,
    mat: int,
    val: int,
    left: int,
    avail: list[int],
    contested: tuple[bool, bool, bool],
    w: Weights,
) -> float:
    """The part of a die's worth that does not depend on where it goes: Prize chances for
    Structural Integrity, Materials and Geometer, and the recycled set."""
    # The hottest function of every playout, so the chances are written out: ``_potential``
    # grows with what one has (its chance q is below 1), so the best value to collect for
    # Structural Integrity is simply the one with the most dice after this die.
    vc, mc = prof.vc, prof.mc
    have = vc[val] + 1
    if prof.most_of_a_value > have:
        have = prof.most_of_a_value
    missing = STRUCTURAL_SAME_VALUE - have
    if missing <= 0:
        best = 1.0
    elif missing > left:
        best = 0.0
    else:
        best = w.q_value**missing
    total = best * w.prize * (w.contested if contested[0] else 1.0)
    best = 0.0
    for m in _MATERIALS:
        own = m == mat
        have = mc[m] + own
        more = avail[m] - own  # dice of this colour still to come, at most one a take
        if have + (left if left < more else more) < MATERIALS_SAME_COLOUR:
            continue
        missing = MATERIALS_SAME_COLOUR - have
        if missing <= 0:
            p = 1.0
        elif missing > left:
            p = 0.0
        else:
            p = w.q_material**missing
        if p > best:
            best = p
    total += best * w.prize * (w.contested if contested[1] else 1.0)
    if not prof.aside and prof.distinct == prof.placed and not vc[val]:
        total += (
            _potential(prof.distinct + 1, GEOMETER_VALUES, left, w.q_geometer)
            * w.prize
            * (w.contested if contested[2] else 1.0)
        )
    if mat == _RECYCLED:
        total += (_RP[mc[_RECYCLED] + 1] - _RP[mc[_RECYCLED]]) * w.point
    return total


# Per top value: the chance per die that a cell is filled on top of it and that a stack grows
# by one. Tables, so that ``_bonus_factor``, ``_sky`` and the inlined copies of them in
# ``action_values``' loop read one definition.
_BONUS_Q = tuple(1.0 - ((top - 1) / DIE_FACES) ** 3 for top in range(DIE_FACES + 1))
_SKY_Q = tuple(0.45 + 0.45 * (DIE_FACES - top) / (DIE_FACES - 1) for top in range(DIE_FACES + 1))


def _bonus_factor(need: int, top: int) -> float:
    """Chance that a cell still needing ``need`` dice above a top of ``top`` gets them."""
    if need <= 0:
        return 1.0
    if top <= 2:
        return 1.0
    return _BONUS_Q[top] ** need


def _sky(height: int, top: int, left: int) -> float:
    """Chance that a stack of ``height`` with ``top`` on top reaches the Skyscraper's height."""
    missing = SKYSCRAPER_HEIGHT - height
    if missing <= 0:
        return 1.0
    if missing > left or height == 0:
        return 0.0
    return _SKY_Q[top] ** missing


def action_values(
    state: GameState, legal: list[int] | None = None, w: Weights = DEFAULT
) -> dict[int, float]:
    """Each legal action of the player to move, rated (higher is better; only differences
    between actions of one decision mean anything)."""
    if legal is None:
        legal = state.legal_actions()
    player = state.current_player
    if player is None:
        return {}  # the game is over: nobody has an action to rate
    if state.phase is Phase.DISCARD:
        return discard_values(state, legal, w)
    return _placement_values(state, player, legal, w)


# The mover's building summed up once a call, for the rating of every placement: (stacks, tops,
# heights, the blueprint's heights, neighbours, whether the blueprint bonus is still reachable,
# each space's factor of its chance, its chance as the building stands, the dice it still asks
# for, the best Skyscraper chance of a stack as it stands). A plain tuple: this runs on every
# move of every playout, and a NamedTuple costs more to make than the rest of the call saves.
_Building = tuple[
    list[list[int]],
    list[int],
    list[int],
    tuple[int | None, ...],
    tuple[tuple[int, ...], ...],
    bool,
    list[float],
    float,
    int,
    float,
]


def _building(state: GameState, player: int, aside: int, left: int) -> _Building:
    bp = state.blueprints[player]
    targets = bp.heights
    stacks = state.stacks[player]
    tops = state.tops[player]
    heights = [len(st) for st in stacks]
    # The blueprint bonus: still reachable only if no die was set aside and no stack is over.
    bonus_ok = not aside
    if bonus_ok:
        for h, t in zip(heights, targets, strict=True):
            if t is not None and h > t:
                bonus_ok = False
                break
    cell_f = [1.0] * len(stacks)
    base_bonus = 0.0
    missing = 0
    if bonus_ok:
        p = 1.0
        for c, t in enumerate(targets):
            if t is not None and heights[c] < t:
                cell_f[c] = _bonus_factor(t - heights[c], tops[c])
                p *= cell_f[c]
                missing += t - heights[c]
        base_bonus = p
    sky_base = 0.0
    for c in range(len(stacks)):
        if heights[c] >= 2:
            x = _sky(heights[c], tops[c], left)
            if x > sky_base:
                sky_base = x
    return (
        stacks,
        tops,
        heights,
        targets,
        bp.neighbours,
        bonus_ok,
        cell_f,
        base_bonus,
        missing,
        sky_base,
    )


def _cell_infos(
    heights: list[int],
    stacks: list[list[int]],
    targets: tuple[int | None, ...],
    neighbours: tuple[tuple[int, ...], ...],
    bonus_ok: bool,
    cell_f: list[float],
    base_bonus: float,
) -> list[tuple[int, int, int, int, float, int]]:
    """What a die on each space gains whatever it is: (its level, the points it gives the wood
    dice it touches, what a wood die there would gain, the dice the space still needs after it
    for the bonus (-1: no bonus to gain here), the bonus's chance without this space's own
    factor, the dice a Skyscraper there would still need)."""
    out = []
    for c, col in enumerate(neighbours):
        # The points it gives the wood dice it touches (the one below and neighbours standing
        # higher), and what wood would gain.
        level = heights[c]
        base = 0
        if level and MATERIAL_OF[stacks[c][-1]] == _WOOD:
            base += WOOD_PER_NEIGHBOUR
        faces = 1 if level else 0
        # Wood also gains from dice still to come beside it: count empty neighbours a little.
        level_with = 0
        for n in col:
            h = heights[n]
            if h > level:
                faces += 1
                if MATERIAL_OF[stacks[n][level]] == _WOOD:
                    base += WOOD_PER_NEIGHBOUR
            elif h == level and targets[n] is not None:
                level_with += 1
        wood = WOOD_PER_NEIGHBOUR * faces + level_with
        # The blueprint bonus: dice this cell still needs after this one (-1: no bonus to gain
        # here), and the bonus's chance without this cell's own factor.
        t = targets[c]
        need, ratio = -1, 0.0
        if bonus_ok and t is not None and level < t:  # (a legal cell is never hatched)
            need = t - level - 1
            old = cell_f[c]
            ratio = base_bonus / old if old > 0 else -1.0
        out.append((level, base, wood, need, ratio, SKYSCRAPER_HEIGHT - level - 1))
    return out


def _placement_values(
    state: GameState, player: int, legal: list[int], w: Weights
) -> dict[int, float]:
    """``action_values`` of a take: each die on each space it fits, or set aside."""
    values = state.values
    prof = _Profile(state, player)
    left = TAKES_PER_ROUND - len(state.taken[player]) - 1  # takes after this one
    contested = _contested(state, player)
    avail = _available(state)
    stacks, _tops, heights, targets, neighbours, bonus_ok, cell_f, base_bonus, missing, sky_base = (
        _building(state, player, prof.aside, left)
    )

    # The loop below runs for every action of every playout move: what depends only on the die
    # or only on the cell is worked out once per call, and ``_sky`` and ``_bonus_factor`` are
    # written out with their tables, so that the ratings are exactly theirs.
    type_cache: dict[int, float] = {}
    cells = _cell_infos(heights, stacks, targets, neighbours, bonus_ok, cell_f, base_bonus)
    done: dict[int, float] = {}
    out: dict[int, float] = {}
    wp, wprize, wbonus = w.point, w.prize, w.bonus
    qstep = w.q_bonus_step ** (missing - 1) if missing else 0.0
    last_d = -1
    tv = 0.0
    for a in legal:
        d, c = _DIE_OF[a], _SLOT_OF[a]
        if d != last_d:  # the legal actions come grouped by die
            last_d = d
            mat, val = MATERIAL_OF[d], values[d]
            key = mat << 3 | val
            cached = type_cache.get(key)
            if cached is None:
                cached = type_cache[key] = _type_value(prof, mat, val, left, avail, contested, w)
            tv = cached
        if c == _SET_ASIDE:
            out[a] = tv - 99.0  # forced anyway: only ever the sole choice for that die
            continue
        ck = key << A.SLOT_BITS | c
        v = done.get(ck)  # another die of the same colour and value to the same cell
        if v is not None:
            out[a] = v
            continue
        level, pts, wood, need, ratio, sky_missing = cells[c]
        if mat == _WOOD:
            pts += wood
        elif mat == _STONE:
            pts += _STONE_AT[level]
        elif mat == _GLASS:
            pts += val
        v = tv + pts * wp
        # Blueprint bonus after this placement (``_bonus_factor`` of the cell after the die).
        if need >= 0:
            if ratio < 0.0:
                pb = 0.0
            else:
                pb = ratio * (_BONUS_Q[val] ** need if need > 0 and val > 2 else 1.0)
            v += wbonus * pb * qstep
        # Skyscraper: this stack's chance after the die (``_sky``), or the best other one.
        if level == 0:
            sk = 0.0  # a lone die is no tower yet
        elif sky_missing <= 0:
            sk = 1.0
        elif sky_missing > left:
            sk = 0.0
        else:
            sk = _SKY_Q[val] ** sky_missing
        v += (sk if sk > sky_base else sky_base) * wprize * 0.8
        done[ck] = v
        out[a] = v
    return out


def discard_values(state: GameState, legal: list[int], w: Weights = DEFAULT) -> dict[int, float]:
    """Two players: rate each die to discard by how much it would help the other players
    (judged on their open dice only), less a little of what it is worth to the discarder."""
    player = state.current_player
    if player is None:
        return {}  # the game is over
    values = state.values
    avail = _available(state)
    others = []
    for p in range(state.num_players):
        if p != player:
            prof = _Profile(state, p)
            left = TAKES_PER_ROUND - len(state.taken[p]) - 1
            if left >= 0:
                others.append((prof, left, _contested(state, p)))
    mine = _Profile(state, player)
    my_left = TAKES_PER_ROUND - len(state.taken[player]) - 1
    my_contested = _contested(state, player)
    out: dict[int, float] = {}
    for a in legal:
        d = _DIE_OF[a]
        mat, val = MATERIAL_OF[d], values[d]
        gain = 0.0
        for prof, left, cont in others:
            g = (
                _type_value(prof, mat, val, left, avail, cont, w)
                + (val if mat == _GLASS else 0) * w.point
            )
            if g > gain:
                gain = g
        keep = _type_value(mine, mat, val, my_left, avail, my_contested, w) if my_left >= 0 else 0.0
        out[a] = w.deny * gain - 0.3 * keep
    return out


def best_action(state: GameState, legal: list[int] | None = None, w: Weights = DEFAULT) -> int:
    """The highest-rated action; ties go to the lowest action number, so it is deterministic."""
    vals = action_values(state, legal, w)
    best_a, best_v = -1, float("-inf")
    for a, v in vals.items():
        if v > best_v or (v == best_v and a < best_a):
            best_a, best_v = a, v
    return best_a


def sampled_action(state: GameState, u: float, w: Weights, temperature: float) -> int:
    """An action drawn in proportion to exp(rating / temperature), by the uniform number ``u``
    in [0, 1): near-greedy for a small temperature, but a close second choice gets played
    too, so that playouts do not all follow one fixed continuation."""
    vals = action_values(state, None, w)
    top = max(vals.values())
    acts = sorted(vals)
    exp = math.exp
    weights = [exp((vals[a] - top) / temperature) for a in acts]
    x = u * sum(weights)
    for a, p in zip(acts, weights, strict=True):
        x -= p
        if x < 0:
            return a
    return acts[-1]
