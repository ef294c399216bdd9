"""Game states rebuilt from one player's view: how a fair bot gets a state it may search.

``state_from_view`` turns ``GameState.view(player)`` into a full ``GameState`` that agrees with
everything that player sees. What the view hides is filled in by sampling from the bot's own
random source: the other players' blueprints (from the cards the player has not seen), how
their taken dice stand on those blueprints, which dice of the in-demand colours sit on the
scoreboard, the order of the deck and the bag's future draws. Because nothing but the view goes
in, a bot that searches such states cannot learn what it may not see.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping

from blueprints3d.engine.awards import Award
from blueprints3d.engine.blueprints import Blueprint, card_by_id, standard_deck
from blueprints3d.engine.errors import CardDataError, IllegalAction
from blueprints3d.engine.materials import MATERIAL_OF, NUM_DICE, Material
from blueprints3d.engine.scoring import Prize
from blueprints3d.engine.state import HATCHED_TOP, GameState, Phase

# chooser(state, player, die, legal_cells) -> cell: how a hidden die is placed on a sampled
# building. The default is uniform; a bot may pass a model of how people really build.
CellChooser = Callable[[GameState, int, int, list[int]], int]

# A sampled arrangement that contradicts the view (a die that was placed but fits nowhere, or
# one set aside that would fit) is redrawn this many times before it is kept anyway.
_MAX_TRIES = 8


def _blueprint(data: Mapping[str, Any]) -> Blueprint:
    try:
        card = card_by_id(data["id"])
    except CardDataError:
        return Blueprint.from_grid(data["grid"], id=data["id"], name=data.get("name", data["id"]),
                                   check_total=False)
    # A custom card may reuse a standard id: trust the grid the view shows.
    return card if card.grid() == data["grid"] else Blueprint.from_grid(
        data["grid"], id=data["id"], name=data.get("name", data["id"]), check_total=False)


def seen_cards(view: Mapping[str, Any]) -> set[str]:
    """Ids of every blueprint card the viewing player has seen: their own, and every card
    revealed at the end of an earlier round."""
    seen = {bp["id"] for bp in view["blueprints"] if bp is not None}
    for rr in view["round_results"]:
        seen.update(bp["id"] for bp in rr["blueprints"])
    return seen


def _uniform(_state: GameState, _player: int, _die: int, cells: list[int], rng: random.Random) -> int:
    return cells[int(rng.random() * len(cells))]


def state_from_view(view: Mapping[str, Any], rng: random.Random,
                    choose_cell: CellChooser | None = None) -> GameState:
    """A full game state consistent with ``view`` (from ``GameState.view``), hidden parts
    sampled with ``rng``. Its random source is seeded from ``rng`` too, so its future draws are
    the bot's guess, not the real game's. ``round_results`` is left empty (earlier rounds only
    matter through the Award and Prize cards, which are filled in)."""
    n = view["players"]
    me = view["player"]
    s = GameState.__new__(GameState)
    s.num_players, s.seed, s.start_player = n, 0, view["turn_order"][0]
    s.names = list(view["names"])
    s.rng = random.Random(rng.getrandbits(64))
    s.round = view["round"]
    s.phase = Phase(view["phase"])
    s.log, s.round_results, s._result = [], [], None

    # Award and Prize cards of earlier rounds are public through the round results.
    s.awards = [[] for _ in range(n)]
    s.prizes = [[] for _ in range(n)]
    for rr in view["round_results"]:
        for award, pl in rr["awards"].items():
            s.awards[pl["player"]].append(Award(award))
        for prize, pl in rr["prizes"].items():
            s.prizes[pl["player"]].append(Prize(prize))

    # Dice: everything visible keeps its id and value; the rest is in the bag (whose values
    # are rolled again when drawn) or on the scoreboard as an in-demand die.
    values = [1] * NUM_DICE
    visible: set[int] = set()

    def ids(dice: list[Mapping[str, Any]]) -> list[int]:
        out = []
        for d in dice:
            values[d["die"]] = d["value"]
            visible.add(d["die"])
            out.append(d["die"])
        return out

    s.pool = ids(view["pool"])
    s.taken = [ids(t) for t in view["taken"]]
    s.set_aside = [[d["die"] for d in t] for t in view["set_aside"]]
    s.discarded = ids(view["discarded"])
    s.values = values
    unseen = [d for d in range(NUM_DICE) if d not in visible]
    in_demand = []
    for label in view["in_demand"]:
        m = Material.parse(label)
        d = next((d for d in unseen if MATERIAL_OF[d] == m), None)
        if d is None:
            raise IllegalAction(f"the view shows {label} in demand but no {label} die is unaccounted for")
        unseen.remove(d)
        in_demand.append(d)
    s.in_demand = (in_demand[0], in_demand[1])
    s.bag = unseen
    if s.phase is not Phase.OVER and len(s.bag) != view["bag_count"]:
        raise IllegalAction(f"the view's dice do not add up: {len(s.bag)} left for the bag, "
                            f"the view says {view['bag_count']}")

    s.turn_order = list(view["turn_order"])
    s.turns_done = view["turns_done"]

    # Blueprints: one's own is known; the others come from the cards not seen yet.
    own = _blueprint(view["blueprints"][me])
    unseen_cards = [c for c in standard_deck() if c.id not in seen_cards(view)]
    rng.shuffle(unseen_cards)
    s.blueprints = [own] * n
    for p in range(n):
        if p != me:
            s.blueprints[p] = (_blueprint(view["blueprints"][p]) if view["blueprints"][p] is not None
                               else unseen_cards.pop())
    # The deck: the right number of the remaining unseen cards, in a sampled order.
    s.deck = unseen_cards[:view["deck_count"]]
    while len(s.deck) < view["deck_count"]:  # a custom or larger deck: repeat cards
        s.deck.append(standard_deck()[len(s.deck) % len(standard_deck())])

    # Buildings: one's own as seen; the others' taken dice placed on their sampled cards.
    s.stacks = [[] for _ in range(n)]
    s.tops = [[] for _ in range(n)]
    for p in range(n):
        bp = s.blueprints[p]
        if view["buildings"][p] is not None:
            s.stacks[p] = [[d["die"] for d in st] for st in view["buildings"][p]]
            s.tops[p] = [HATCHED_TOP if h is None else (values[st[-1]] if st else 0)
                         for h, st in zip(bp.heights, s.stacks[p])]
        else:
            _arrange(s, p, rng, choose_cell)
    return s


def _arrange(s: GameState, p: int, rng: random.Random, choose_cell: CellChooser | None) -> None:
    """Place player ``p``'s taken dice on their (sampled) blueprint in the order taken."""
    bp = s.blueprints[p]
    aside = set(s.set_aside[p])
    values = s.values
    for attempt in range(_MAX_TRIES):
        s.stacks[p] = [[] for _ in range(bp.num_cells)]
        s.tops[p] = tops = [HATCHED_TOP if h is None else 0 for h in bp.heights]
        consistent = True
        for d in s.taken[p]:
            v = values[d]
            cells = [c for c, t in enumerate(tops) if t <= v]
            if d in aside:
                consistent &= not cells
                continue
            if not cells:
                # Contradiction: this die was placed, so some cell must have taken it. On the
                # last try keep the sample, stacking it where it breaks the order rule least.
                consistent = False
                cells = [min((c for c, t in enumerate(tops) if t < HATCHED_TOP), key=lambda c: tops[c])]
            if choose_cell is None or len(cells) == 1:
                c = _uniform(s, p, d, cells, rng)
            else:
                c = choose_cell(s, p, d, cells)
            s.stacks[p][c].append(d)
            tops[c] = max(tops[c], v)
        if consistent:
            return
        if attempt + 1 < _MAX_TRIES and s.phase is not Phase.OVER:
            # A different card may explain the dice better: swap in another unseen card.
            spare = [c for c in s.deck]
            if spare:
                i = int(rng.random() * len(spare))
                s.deck[i], s.blueprints[p] = s.blueprints[p], s.deck[i]
                bp = s.blueprints[p]
