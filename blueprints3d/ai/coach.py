"""The coach: the best moves for the player to move, as the strongest bot sees them, in words.

A hint is the search of one decision (``search.analyse``) from the player's own view, so the
coach knows exactly what the player knows and no more: handed the real state it still reads
only ``state.view(player)``, and twin states that differ only in what the player cannot see get
the same hints. The search keeps its best three candidates to the end, and the obvious move
(what the plain greedy policy would play) in every stage, so each hint can say what it changes
against the obvious move: building points and victory points expected at the round's end, and
the chance of each Award and Prize going to this player, and the chance of winning the game,
which is what the expert's search weighs (``win_chances``).

Thinking takes about a second; callers run ``hints`` on a worker thread, follow it with
``progress`` and stop it with ``cancel``.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass
from collections.abc import Callable

from blueprints3d.ai import strategy
from blueprints3d.ai.observe import View, check_turn, public_state, view_of
from blueprints3d.ai.search import Analysis, Cancelled, Tally, analyse
from blueprints3d.engine import actions as A
from blueprints3d.engine.rules import AWARDS_BY_PLAYERS, Prize
from blueprints3d.engine.state import GameState

# A chance that moves by less than this (against the obvious move) is not worth a word.
NOTABLE_CHANGE = 0.05
# "likely" from this chance up.
LIKELY = 0.8
# The chance of winning the game is said when it moves by this much or more.
NOTABLE_WIN = 0.02


@dataclass(frozen=True)
class Change:
    """One Award or Prize whose chance the move changes."""

    name: str  # "Silver", "Skyscraper", "Structural Integrity", ...
    before: float  # 0..1: the chance with the obvious move
    after: float  # 0..1: the chance with this move


@dataclass(frozen=True)
class Hint:
    action: int  # an engine action (``blueprints3d.engine.actions``)
    die: int  # the pool die to take, or in the two-player discard to discard
    cell: int | None  # the cell it goes on; None for a discard or a set-aside
    kind: str  # "place", "set_aside" or "discard"
    building_points: float  # expected building points at the round's end, over the obvious move
    victory_points: float  # expected victory points from the round, over the obvious move
    changes: tuple[Change, ...]  # the notable ones, biggest change first
    words: str  # one plain line (the table says it with presentation.words.hint_words)
    win: Change | None = None  # the chance of winning the game, the obvious move's and this one's


def hints(
    state_or_view: GameState | View,
    player: int,
    *,
    count: int = 3,
    seed: int = 0,
    progress: Callable[[float], None] | None = None,
    cancel: threading.Event | None = None,
) -> list[Hint]:
    """The ``count`` best moves for ``player`` (whose turn it must be), best first. Deterministic
    for a seed; raises ``Cancelled`` as soon as ``cancel`` is set."""
    view = view_of(state_or_view, player)
    check_turn(view, player)
    cfg = strategy.COACH.for_players(view.players)
    # Twice as many finalists as hints, so that the hints can show different dice (below).
    found = analyse(
        view,
        player,
        random.Random(seed),
        cfg.budget,
        cfg.weights,
        temperature=cfg.temperature,
        own_temperature=cfg.own_temperature,
        value=cfg.value,
        keep=2 * count,
        pin_obvious=True,
        detail=True,
        progress=progress,
        cancel=cancel,
    )
    if progress is not None:
        progress(1.0)
    return explain(found, view, player, count)


def explain(found: Analysis, view: View, player: int, count: int = 3) -> list[Hint]:
    """The search's finalists as hints, compared with the obvious move."""
    state = public_state(view)  # the mover's own blueprint, building and the pool: all in view
    base = found.tallies.get(found.obvious)
    cards = [a.title for a in AWARDS_BY_PLAYERS[view.players]] + [z.title for z in Prize]
    out = []
    for a in _varied(found.finalists, state, count):
        t = found.tallies[a]
        ref = base if base is not None and base.count else t
        pts = _mean(t.points, t) - _mean(ref.points, ref)
        vp = _mean(t.vp, t) - _mean(ref.vp, ref)
        changes = []
        for name in cards:
            before = ref.won.get(name, 0) / max(ref.count, 1)
            after = t.won.get(name, 0) / max(t.count, 1)
            if abs(after - before) >= NOTABLE_CHANGE:
                changes.append(Change(name, before, after))
        changes.sort(key=lambda c: -abs(c.after - c.before))
        # The search's own value: the chance of winning the game from the round's end.
        win = Change("the game", _chance(ref), _chance(t))
        k = A.decode(a)
        out.append(
            Hint(
                a,
                k.die,
                k.cell,
                k.kind.value,
                pts,
                vp,
                tuple(changes),
                _words(state, player, a, pts, vp, changes, a == found.obvious, win),
                win,
            )
        )
    return out


def _varied(finalists: list[int], state: GameState, count: int) -> list[int]:
    """The best move first, then the best moves with other dice, then the rest: three places
    for one die teach less than three different choices, so a die already shown waits."""
    shown: set[tuple[int, int]] = set()
    first: list[int] = []
    later: list[int] = []
    for a in finalists:
        d = A.die_of(a)
        kind = (int(state.material(d)), state.values[d])
        (later if kind in shown else first).append(a)
        shown.add(kind)
    return (first + later)[:count]


def _mean(total: float, t: Tally) -> float:
    return total / max(t.count, 1)


def _chance(t: Tally) -> float:
    return min(1.0, max(0.0, t.mean()))  # less the search's hair of points ahead, at the ends


def move_words(state: GameState, player: int, action: int) -> str:
    """``action`` as the coach says it: the die by colour and value, and where it goes."""
    k = A.decode(action)
    die = f"the {state.describe_die(k.die)}"  # the engine's material word: "the glass 4"
    if k.kind is A.Kind.DISCARD:
        return f"discard {die}"
    if k.kind is A.Kind.SET_ASIDE:
        return f"take {die} (it fits nowhere)"
    assert k.cell is not None  # a placement names its cell
    bp = state.blueprints[player]
    stack = state.stacks[player][k.cell]
    where = bp.cell_name(k.cell)
    if not stack:
        return f"{die} on {where}"
    if len(stack) == 1:
        below = stack[-1]
        return f"{die} on the {state.describe_die(below)} ({where})"
    return f"{die} on the {len(stack)}-high stack ({where})"


def _pct(x: float) -> str:
    return f"{round(100 * x)}%"


def _words(
    state: GameState,
    player: int,
    action: int,
    pts: float,
    vp: float,
    changes: list[Change],
    obvious: bool,
    win: Change | None = None,
) -> str:
    parts = []
    if win is not None and abs(win.after - win.before) >= NOTABLE_WIN:
        parts.append(f"chance to win {_pct(win.before)} -> {_pct(win.after)}")
    for c in changes[:2]:  # the two biggest: a hint is read at a glance
        if c.after >= LIKELY > c.before:
            parts.append(f"{c.name} likely ({_pct(c.before)} -> {_pct(c.after)})")
        else:
            parts.append(f"{c.name} {_pct(c.before)} -> {_pct(c.after)}")
    if abs(vp) >= 0.05:
        parts.append(f"{vp:+.1f} VP")
    if abs(pts) >= 0.5:
        parts.append(f"{pts:+.1f} building {'point' if round(abs(pts), 1) == 1 else 'points'}")
    if not parts:
        parts.append("the obvious move" if obvious else "as good as the obvious move")
    return f"{move_words(state, player, action)}: " + ", ".join(parts)


__all__ = ["Change", "Hint", "Cancelled", "hints", "explain", "move_words"]
