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
from collections.abc import Callable
from typing import NamedTuple

from blueprints3d.engine.blueprints import Blueprint, card_by_id, standard_deck
from blueprints3d.engine.errors import CardDataError, IllegalAction
from blueprints3d.engine.legal import HATCHED_TOP, empty_tops, fitting_cells
from blueprints3d.engine.materials import MATERIAL_OF, NUM_DICE
from blueprints3d.engine.rules import Award, Prize
from blueprints3d.engine.state import GameState
from blueprints3d.engine.turns import Phase
from blueprints3d.engine.views import DieView, PlayerView
from blueprints3d.i18n.message import Message

# chooser(state, die, legal_cells) -> cell: how a hidden die is placed on a sampled building.
# ``state`` is ``GameState.as_turn_of``: the die's owner about to take it, on the building as
# sampled so far. The default is uniform; a bot may pass a model of how people really build.
CellChooser = Callable[[GameState, int, list[int]], int]

# A sampled arrangement that contradicts the view (a die that was placed but fits nowhere, or
# one set aside that would fit) is redrawn this many times before it is kept anyway.
_MAX_TRIES = 8


def _blueprint(seen: Blueprint) -> Blueprint:
    """The standard card for a seen one, or the seen card itself when it is a custom one (a
    custom card may reuse a standard id: trust the grid the view shows)."""
    try:
        card = card_by_id(seen.id)
    except CardDataError:
        return seen
    return card if card.grid() == seen.grid() else seen


def seen_cards(view: PlayerView) -> set[str]:
    """Ids of every blueprint card the viewing player has seen (see ``PlayerView.seen_cards``)."""
    return view.seen_cards()


def state_from_view(
    view: PlayerView, rng: random.Random, choose_cell: CellChooser | None = None
) -> GameState:
    """A full game state consistent with ``view`` (from ``GameState.view``), hidden parts
    sampled with ``rng``. Its random source is seeded from ``rng`` too, so its future draws are
    the bot's guess, not the real game's. ``round_results`` is left empty (earlier rounds only
    matter through the Award and Prize cards, which are filled in)."""
    state_rng = random.Random(rng.getrandbits(64))
    phase = view.phase
    awards, prizes = _cards_won(view)
    dice = _dice_of(view)
    blueprints, deck = _sample_blueprints(view, rng)
    stacks, tops, hidden = _shown_buildings(view, blueprints, dice.values)

    def restore() -> GameState:
        return GameState.restore(
            names=view.names,
            round=view.round,
            phase=phase,
            turn_order=view.turn_order,
            turns_done=view.turns_done,
            values=dice.values,
            bag=dice.bag,
            pool=dice.pool,
            in_demand=dice.in_demand,
            deck=deck,
            blueprints=blueprints,
            stacks=stacks,
            taken=dice.taken,
            set_aside=dice.set_aside,
            discarded=dice.discarded,
            awards=awards,
            prizes=prizes,
            rng=state_rng,
            tops=tops,
        )

    # A chooser rates cells on a state: the known parts, with hidden buildings still empty.
    base = restore() if hidden and choose_cell is not None else None
    for p in hidden:
        blueprints[p], stacks[p], tops[p] = _arrange(
            base,
            p,
            blueprints[p],
            dice.taken[p],
            set(dice.set_aside[p]),
            dice.values,
            deck,
            phase,
            rng,
            choose_cell,
        )
    return restore()


def _cards_won(view: PlayerView) -> tuple[list[list[Award]], list[list[Prize]]]:
    """Each seat's Award and Prize cards of earlier rounds: public through the round results."""
    awards: list[list[Award]] = [[] for _ in range(view.players)]
    prizes: list[list[Prize]] = [[] for _ in range(view.players)]
    for rr in view.round_results:
        for award, pl in rr.awards.items():
            awards[pl.player].append(award)
        for prize, pl in rr.prizes.items():
            prizes[pl.player].append(prize)
    return awards, prizes


class _Dice(NamedTuple):
    """Every die of a rebuilt state, by id: where it is and the value it shows."""

    values: list[int]
    pool: list[int]
    taken: list[list[int]]
    set_aside: list[list[int]]
    discarded: list[int]
    in_demand: tuple[int, int]
    bag: list[int]


def _dice_of(view: PlayerView) -> _Dice:
    """Everything visible keeps its id and value; the rest is in the bag (whose values are rolled
    again when drawn) or on the scoreboard as an in-demand die."""
    values = [1] * NUM_DICE
    visible: set[int] = set()

    def ids(dice: tuple[DieView, ...]) -> list[int]:
        out = []
        for d in dice:
            values[d.die] = d.value
            visible.add(d.die)
            out.append(d.die)
        return out

    pool = ids(view.pool)
    taken = [ids(t) for t in view.taken]
    set_aside = [[d.die for d in t] for t in view.set_aside]
    discarded = ids(view.discarded)
    unseen = [d for d in range(NUM_DICE) if d not in visible]
    in_demand = []
    for m in view.in_demand:
        d = next((d for d in unseen if MATERIAL_OF[d] == m), None)
        if d is None:
            raise IllegalAction(
                Message.of(
                    "the view shows {material} in demand but no {material} die is unaccounted for",
                    material=Message.of(m.label),
                )
            )
        unseen.remove(d)
        in_demand.append(d)
    bag = unseen
    if view.phase is not Phase.OVER and len(bag) != view.bag_count:
        raise IllegalAction(
            Message.of(
                "the view's dice do not add up: {n} left for the bag, the view says {count}",
                n=len(bag),
                count=view.bag_count,
            )
        )
    return _Dice(values, pool, taken, set_aside, discarded, (in_demand[0], in_demand[1]), bag)


def _sample_blueprints(
    view: PlayerView, rng: random.Random
) -> tuple[list[Blueprint], list[Blueprint]]:
    """Each seat's blueprint and the deck: one's own is known, the others and the deck's order
    come from the cards not seen yet."""
    n, me = view.players, view.player
    own = view.blueprints[me]
    if own is None:
        raise IllegalAction(
            Message.of("the view of player {player} does not show their own blueprint", player=me)
        )
    own = _blueprint(own)
    seen = view.seen_cards()
    unseen_cards = [c for c in standard_deck() if c.id not in seen]
    rng.shuffle(unseen_cards)
    blueprints = [own] * n
    for p in range(n):
        if p != me:
            shown = view.blueprints[p]
            blueprints[p] = _blueprint(shown) if shown is not None else unseen_cards.pop()
    # The deck: the right number of the remaining unseen cards, in a sampled order.
    deck = unseen_cards[: view.deck_count]
    while len(deck) < view.deck_count:  # a custom or larger deck: repeat cards
        deck.append(standard_deck()[len(deck) % len(standard_deck())])
    return blueprints, deck


def _shown_buildings(
    view: PlayerView, blueprints: list[Blueprint], values: list[int]
) -> tuple[list[list[list[int]]], list[list[int]], list[int]]:
    """The buildings the view shows, as stacks and tops, and the seats whose building it hides
    (their stacks and tops left empty, to be sampled)."""
    n = view.players
    stacks: list[list[list[int]]] = [[] for _ in range(n)]
    tops: list[list[int]] = [[] for _ in range(n)]
    hidden = []
    for p in range(n):
        shown_building = view.buildings[p]
        if shown_building is not None:
            stacks[p] = [[d.die for d in st] for st in shown_building]
            tops[p] = [
                HATCHED_TOP if h is None else (values[st[-1]] if st else 0)
                for h, st in zip(blueprints[p].heights, stacks[p], strict=True)
            ]
        else:
            hidden.append(p)
    return stacks, tops, hidden


def _arrange(
    base: GameState | None,
    p: int,
    bp: Blueprint,
    taken: list[int],
    aside: set[int],
    values: list[int],
    deck: list[Blueprint],
    phase: Phase,
    rng: random.Random,
    choose_cell: CellChooser | None,
) -> tuple[Blueprint, list[list[int]], list[int]]:
    """Place player ``p``'s taken dice on their (sampled) blueprint in the order taken; a card
    that cannot explain the dice may be swapped for one from ``deck`` (in place)."""
    for attempt in range(_MAX_TRIES):
        stacks: list[list[int]] = [[] for _ in range(bp.num_cells)]
        tops = empty_tops(bp)
        consistent = True
        for i, d in enumerate(taken):
            v = values[d]
            cells = fitting_cells(tops, v)
            if d in aside:
                consistent &= not cells
                continue
            if not cells:
                # Contradiction: this die was placed, so some cell must have taken it. On the
                # last try keep the sample, stacking it where it breaks the order rule least.
                consistent = False
                cells = [
                    min((c for c, t in enumerate(tops) if t < HATCHED_TOP), key=lambda c: tops[c])
                ]
            if choose_cell is None or base is None or len(cells) == 1:
                c = cells[int(rng.random() * len(cells))]
            else:
                c = choose_cell(base.as_turn_of(p, i, bp, stacks, tops), d, cells)
            stacks[c].append(d)
            tops[c] = max(tops[c], v)
        if consistent:
            break
        if attempt + 1 < _MAX_TRIES and phase is not Phase.OVER and deck:
            # A different card may explain the dice better: swap in another unseen card.
            j = int(rng.random() * len(deck))
            deck[j], bp = bp, deck[j]
    return bp, stacks, tops
