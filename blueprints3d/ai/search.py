"""Determinized Monte Carlo search: the `search` bot's thinking, fair by construction.

For one decision: sample states consistent with the player's view (other players' blueprints
and buildings, the bag's future draws), try each promising action on every sample, play the
rest of the round out with the greedy policy for everyone, and score the round with the real
rules. Rounds are scored independently of one another, so a round's end is a natural horizon:
the value of a playout is the player's victory points after it minus the best opponent's.

Every candidate is tried on the same samples with the same dice to come (common random
numbers), so the comparison between actions is not drowned by the luck of the draw, and
candidates are thinned by successive halving so the budget goes to the close calls.
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass, field
from collections.abc import Callable

from blueprints3d.ai.heuristic import DEFAULT, Weights, action_values, best_action, sampled_action
from blueprints3d.ai.observe import View
from blueprints3d.ai.win_chances import points_ahead, win_value
from blueprints3d.engine import actions as A
from blueprints3d.engine.awards import Placement
from blueprints3d.engine.determinize import CellChooser, state_from_view
from blueprints3d.engine.materials import MATERIAL_OF
from blueprints3d.engine.results import round_victory_points
from blueprints3d.engine.rules import DISCARDING_PLAYER_COUNTS, Award, Prize
from blueprints3d.engine.state import GameState
from blueprints3d.engine.turns import turns_in_round


@dataclass(frozen=True)
class Budget:
    """How hard the search thinks, in playout moves: ``moves`` is the number of moves played
    out over all samples of one decision, whatever the point in the round, so early decisions
    (long playouts) get fewer samples than late ones and the time per decision stays level.
    ``candidates`` is how many of the greedy policy's favourites are searched; each stage of
    successive halving gets an equal share of the moves, and every candidate at least
    ``min_samples`` samples a stage. ``time_cap`` (seconds) stops the search however far it
    got; as that makes the choice depend on the machine's speed, it is a safety net set well
    above the usual time, not the budget."""

    moves: int = 3000
    candidates: int = 8
    min_samples: int = 3
    time_cap: float | None = 0.8


def _greedy_cell(w: Weights) -> CellChooser:
    """A model of how an opponent put their hidden dice down: the greedy rating of the cell.
    The engine hands it the state as it stood when that player took the die."""

    def choose(state: GameState, die: int, cells: list[int]) -> int:
        vals = action_values(state, [A.place(die, c) for c in cells], w)
        best = max(vals, key=lambda a: (vals[a], -a))
        return A.slot_of(best)

    return choose


def playout_round(
    state: GameState,
    rounds: int,
    w: Weights = DEFAULT,
    player: int | None = None,
    others: Weights | None = None,
    temperature: float = 0.0,
    rng: random.Random | None = None,
    own_temperature: float | None = None,
) -> None:
    """Play greedy moves for everyone (in place) until ``rounds`` round results exist: the
    caller fixes that target before applying the searched action, which may itself be the
    move that ends the round. With ``others``, every seat but ``player`` plays by those weights
    (a model of the opponents apart from the player's own policy). A ``temperature`` above 0
    plays each move drawn by ``sampled_action`` from ``rng`` instead of the best-rated one;
    ``own_temperature`` 0 plays ``player``'s own moves greedily all the same (the opponents
    softened as a model of how unsure their moves are, one's own as one would play them)."""
    if temperature > 0.0:
        assert rng is not None
        own_greedy = own_temperature is not None and own_temperature <= 0.0
        while not state.is_over and len(state.round_results) < rounds:
            mine = state.current_player == player
            u = rng.random()  # drawn for every move, so that the draws stay in step whoever moves
            if mine and own_greedy:
                state.apply(best_action(state, None, w))
                continue
            mw = w if others is None or mine else others
            state.apply(sampled_action(state, u, mw, temperature))
        return
    if others is None or others == w:
        while not state.is_over and len(state.round_results) < rounds:
            state.apply(best_action(state, None, w))
        return
    while not state.is_over and len(state.round_results) < rounds:
        state.apply(best_action(state, None, w if state.current_player == player else others))


def utility(state: GameState, player: int, win: float = 2.0) -> float:
    """Victory points ahead of the best opponent; a won game counts ``win`` more, a shared one
    ``win`` shared among its winners."""
    u = float(points_ahead(state, player))
    res = state.result()
    if res is not None and player in res.winners:
        u += win / len(res.winners)
    return u


# How a playout's end is valued: victory points ahead (``utility``, the hard bot) or the
# chance of winning the game (``win_chances.win_value``, the expert).
POINTS = "points"
CHANCES = "chances"


class Cancelled(Exception):
    """The caller asked the search to stop (``cancel`` was set): there is no answer."""


@dataclass
class Tally:
    """What the playouts of one candidate action came to, summed over its samples: the search's
    utility, and (with ``detail``) the player's building score at the round's end, the victory
    points the round gave them and how often each Award and Prize went to them (by title)."""

    count: int = 0
    utility: float = 0.0
    points: float = 0.0
    vp: float = 0.0
    won: dict[str, int] = field(default_factory=dict)

    def mean(self) -> float:
        return self.utility / max(self.count, 1)


def search(
    view: View,
    player: int,
    rng: random.Random,
    budget: Budget,
    w: Weights = DEFAULT,
    others: Weights | None = None,
    win: float = 2.0,
    temperature: float = 0.0,
    value: str = POINTS,
    own_temperature: float | None = None,
) -> int:
    """The action ``player`` should take, judged from ``view`` alone."""
    return analyse(
        view,
        player,
        rng,
        budget,
        w,
        others=others,
        win=win,
        temperature=temperature,
        value=value,
        own_temperature=own_temperature,
    ).best


@dataclass
class Analysis:
    """One decision's search: the candidates still in the running at the end (best first, by
    mean utility), every candidate's tally, and the greedy policy's own choice (the obvious move)."""

    best: int
    finalists: list[int]
    tallies: dict[int, Tally]
    obvious: int


def analyse(
    view: View,
    player: int,
    rng: random.Random,
    budget: Budget,
    w: Weights = DEFAULT,
    *,
    others: Weights | None = None,
    win: float = 2.0,
    temperature: float = 0.0,
    value: str = POINTS,
    keep: int = 1,
    pin_obvious: bool = False,
    detail: bool = False,
    progress: Callable[[float], None] | None = None,
    cancel: threading.Event | None = None,
    own_temperature: float | None = None,
) -> Analysis:
    """Search one decision of ``player`` from ``view``. Successive halving stops when ``keep``
    candidates remain; ``pin_obvious`` keeps the greedy policy's choice in every stage (the coach
    compares with it); ``others`` are the opponents' weights in the playouts (default: ``w``),
    ``win`` what winning the game adds to the utility; ``value`` how a playout's end is
    valued (POINTS: ``utility``; CHANCES: ``win_chances.win_value``); ``detail`` tallies building points, victory points and Awards and Prizes;
    ``progress`` hears the fraction of the budget spent; a set ``cancel`` raises Cancelled."""
    if value not in (POINTS, CHANCES):
        raise ValueError(f"unknown value {value!r}: expected {POINTS!r} or {CHANCES!r}")
    deadline = None if budget.time_cap is None else time.perf_counter() + budget.time_cap
    base = state_from_view(view, random.Random(rng.getrandbits(64)))
    legal = base.legal_actions()
    rated = action_values(base, legal, w)
    order = sorted(legal, key=lambda a: (-rated[a], a))
    obvious = order[0]
    if len(legal) == 1:
        return Analysis(legal[0], [legal[0]], {legal[0]: Tally()}, obvious)
    cands = _distinct(base, order)[: budget.candidates]
    tallies = {a: Tally() for a in cands}
    if len(cands) <= keep:
        return Analysis(cands[0], cands, tallies, obvious)
    chooser = _greedy_cell(w if others is None else others)
    # Halving down to ``keep`` candidates: what is left of the budget is shared among the
    # stages still to run, counted from the candidates left (pinning the obvious move can
    # add a stage, so the count is taken again at every stage).
    length = _moves_left(base)
    left = float(budget.moves)
    stage = 0
    while len(cands) > keep:
        stages_left = halving_stages(len(cands), keep)
        samples, cost = _stage_samples(len(cands), length, left / stages_left, budget.min_samples)
        left -= cost
        for i in range(samples):
            if cancel is not None and cancel.is_set():
                raise Cancelled()
            if not _one_sample(
                view,
                player,
                rng,
                chooser,
                cands,
                tallies,
                deadline,
                w,
                detail,
                others,
                win,
                temperature,
                value,
                own_temperature,
            ):
                break
            if progress is not None:
                progress(min(1.0, (stage + (i + 1) / samples) / (stage + stages_left)))
        else:
            cands, last = _halve(cands, tallies, rated, keep, obvious if pin_obvious else None)
            if last:
                break
            stage += 1
            continue
        break  # out of time
    finalists = _ranked(cands, tallies, rated)
    return Analysis(finalists[0], finalists, tallies, obvious)


def _stage_samples(cands: int, length: int, share: float, least: int) -> tuple[int, float]:
    """How many samples a stage of ``cands`` candidates takes from its ``share`` of the budget
    (``least`` at least), playouts ``length`` moves long, and what they cost in moves."""
    # A sample costs its sampling and, per candidate, the playout and the round's scoring.
    cost = _SAMPLE_COST + cands * (length + _SCORING_COST)
    samples = max(least, int(max(0.0, share) / cost))
    return samples, samples * cost


def _distinct(base: GameState, order: list[int]) -> list[int]:
    """``order`` without the actions that do the same thing as an earlier one (equal dice to the
    same cell): those need searching only once."""
    seen: dict[tuple[int, int, int], int] = {}
    for a in order:
        d, slot = A.split(a)
        seen.setdefault((MATERIAL_OF[d], base.values[d], slot), a)
    return list(seen.values())


def _ranked(cands: list[int], tallies: dict[int, Tally], rated: dict[int, float]) -> list[int]:
    """Best first: the playouts' mean, then the one-move rating, then the action's number."""
    return sorted(cands, key=lambda a: (-tallies[a].mean(), -rated[a], a))


def _halve(
    cands: list[int],
    tallies: dict[int, Tally],
    rated: dict[int, float],
    keep: int,
    pinned: int | None,
) -> tuple[list[int], bool]:
    """The better half of ``cands`` (``keep`` at least) and whether the halving is over: when
    keeping the ``pinned`` action too leaves nothing to drop, all of them, ranked."""
    n_keep = max(keep, len(cands) // 2)
    ranked = _ranked(cands, tallies, rated)
    kept = ranked[:n_keep]
    if pinned is not None and pinned in tallies and pinned not in kept:
        kept.append(pinned)
    if len(kept) >= len(cands):  # pinning left nothing to drop: this was the last stage
        return ranked, True
    return kept, False


def halving_stages(n: int, keep: int = 1) -> int:
    """How many stages successive halving runs to bring ``n`` candidates down to ``keep``:
    each stage keeps the better half (at least ``keep``), as ``analyse``'s loop does."""
    stages = 0
    while n > keep:
        n = max(keep, n // 2)
        stages += 1
    return stages


# Costs in playout moves (about 45 microseconds each): sampling a state from the view, and
# scoring a round plus setting up the next one. They keep late-round decisions, whose playouts
# are short, from spending the budget on thousands of samples.
_SAMPLE_COST = 5
_SCORING_COST = 6


def _one_sample(
    view: View,
    player: int,
    rng: random.Random,
    chooser: CellChooser,
    cands: list[int],
    tallies: dict[int, Tally],
    deadline: float | None,
    w: Weights,
    detail: bool = False,
    others: Weights | None = None,
    win: float = 2.0,
    temperature: float = 0.0,
    value: str = POINTS,
    own_temperature: float | None = None,
) -> bool:
    """Play every candidate on one sampled state with the same dice to come; False (and no
    change to the tallies) if time ran out before all of them were played."""
    det = state_from_view(view, rng, chooser)
    dice_seed = rng.getrandbits(64)
    rounds = len(det.round_results) + 1
    got = []
    for a in cands:
        # Checked per playout, not per sample, so that a slow machine overshoots the cap by
        # at most one playout.
        if deadline is not None and time.perf_counter() > deadline:
            return False
        s = det.clone()
        s.reseed(dice_seed)
        s.apply(a)
        # The same draws for every candidate's playout (common random numbers), as the dice.
        playout_round(
            s,
            rounds,
            w,
            player,
            others,
            temperature,
            random.Random(dice_seed) if temperature > 0.0 else None,
            own_temperature,
        )
        u = utility(s, player, win) if value == POINTS else win_value(s, player)
        got.append((u, s.round_results[rounds - 1] if detail else None))
    for a, (u, rr) in zip(cands, got, strict=True):
        t = tallies[a]
        t.utility += u
        t.count += 1
        if rr is not None:
            t.points += rr.scores[player].total
            t.vp += round_victory_points(rr)[player]
            cards: list[tuple[Award | Prize, Placement]] = [*rr.awards.items(), *rr.prizes.items()]
            for card, pl in cards:
                if pl.player == player:
                    t.won[card.title] = t.won.get(card.title, 0) + 1
    return True


def _moves_left(state: GameState) -> int:
    """Moves still to play in this round (two players: each turn is a take and a discard)."""
    n = state.num_players
    turns = turns_in_round(n) - state.turns_done
    return max(1, turns * (2 if n in DISCARDING_PLAYER_COUNTS else 1))
