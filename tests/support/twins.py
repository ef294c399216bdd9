"""Twin states for fairness tests: two real states that agree in everything one player sees and
differ in what is hidden from them (other players' blueprints and where their dice stand, the
deck's order, the bag's future draws)."""

from __future__ import annotations

import random

from blueprints3d.ai.heuristic import best_action
from blueprints3d.engine.legal import HATCHED_TOP
from blueprints3d.engine.state import GameState


def build(players: int, seed: int, moves: int) -> GameState:
    s = GameState.new(players, seed, start_player=seed % players)
    for _ in range(moves):
        s.apply(best_action(s))
    return s


def rearranged(s: GameState, q: int, rng: random.Random) -> bool:
    """Give player ``q`` another card from the deck and re-place their taken dice on it, in
    the order taken, at random legal cells. False if that card cannot hold their dice."""
    i = rng.randrange(len(s.deck))
    old = s.blueprints[q]
    card = s.deck[i]
    stacks = [[] for _ in range(card.num_cells)]
    tops = [HATCHED_TOP if h is None else 0 for h in card.heights]
    for d in s.taken[q]:
        cells = [c for c, t in enumerate(tops) if t <= s.values[d]]
        if d in s.set_aside[q]:
            if cells:
                return False
            continue
        if not cells:
            return False
        c = rng.choice(cells)
        stacks[c].append(d)
        tops[c] = s.values[d]
    s.deck[i], s.blueprints[q] = old, card
    s.stacks[q], s.tops[q] = stacks, tops
    return True


def twin(s: GameState, viewer: int, seed: int) -> GameState:
    """A state ``viewer`` cannot tell from ``s``, differing in everything hidden from them."""
    rng = random.Random(seed)
    t = s.clone()
    t.reseed(seed + 1)  # the bag's future draws
    for q in range(s.num_players):
        if q != viewer:
            for _ in range(100):  # until the dice stand differently, where there are any
                if rearranged(t, q, rng) and (t.stacks[q] != s.stacks[q] or not s.taken[q]):
                    break
    rng.shuffle(t.deck)
    return t


def situations():
    for players in (2, 3, 4):
        for seed, moves in ((1, 3), (2, 9), (3, 14), (4, 30)):
            s = build(players, seed, moves)
            yield players, seed, s


def hidden_differs(a: GameState, b: GameState, viewer: int) -> bool:
    others = [q for q in range(a.num_players) if q != viewer]
    return (
        any(a.blueprints[q] != b.blueprints[q] for q in others)
        and a.rng.getstate() != b.rng.getstate()
    )
