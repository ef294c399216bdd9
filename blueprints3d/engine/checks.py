"""The engine's refusals: a new game's arguments, a restored state's parts and a player's action
checked against the rules, each broken rule raised as IllegalAction with a Message naming it.

``GameState`` calls these before it changes anything, so a refused call leaves it as it was.
"""

from __future__ import annotations

from collections.abc import Sequence, Sized
from typing import Any

from blueprints3d.engine import actions as A
from blueprints3d.engine.blueprints import Blueprint, placement_message
from blueprints3d.engine.errors import IllegalAction
from blueprints3d.engine.materials import NUM_DICE
from blueprints3d.engine.rules import NUM_ROUNDS, POOL_SIZE
from blueprints3d.engine.state_data import StateData
from blueprints3d.engine.turns import Phase
from blueprints3d.i18n.message import N_, Message


def check_new_game(players: int, seed: int, start_player: int) -> None:
    """A new game's player count, start player and seed."""
    if players not in POOL_SIZE:
        raise IllegalAction(
            Message.of("Blueprints is for 2 to 4 players, not {players}", players=players)
        )
    if not 0 <= start_player < players:
        raise IllegalAction(
            Message.of(
                "start player must be a seat from 0 to {last}, not {seat}",
                last=players - 1,
                seat=start_player,
            )
        )
    if not isinstance(seed, int) or seed < 0:
        raise IllegalAction(
            Message.of("seed must be a whole number of 0 or more, not {seed}", seed=repr(seed))
        )


def check_names(players: int, names: Sequence[object]) -> None:
    """One name a player, each of them text."""
    if len(names) != players:
        raise IllegalAction(
            Message.of(
                "{players} players need {players} names, got {n}", players=players, n=len(names)
            )
        )
    if not all(isinstance(n, str) for n in names):
        raise IllegalAction(Message.of("players' names must be text"))


def check_deck(players: int, cards: Sequence[Blueprint]) -> None:
    """A deck with a blueprint for every player in every round."""
    if len(cards) < players * NUM_ROUNDS:
        raise IllegalAction(
            Message.of(
                "a deck of {n} blueprints is too small for {players} players",
                n=len(cards),
                players=players,
            )
        )


def check_parts(
    n: int,
    values: Sized,
    *,
    turn_order: Sized,
    blueprints: Sized,
    stacks: Sized,
    taken: Sized,
    set_aside: Sized,
    awards: Sized,
    prizes: Sized,
) -> None:
    """A restored state's parts: one entry per player in each, one value per die."""
    for what, part in (
        (N_("turn orders"), turn_order),
        (N_("blueprints"), blueprints),
        (N_("buildings"), stacks),
        (N_("taken lists"), taken),
        (N_("set-aside lists"), set_aside),
        (N_("Award lists"), awards),
        (N_("Prize lists"), prizes),
    ):
        if len(part) != n:
            raise IllegalAction(
                Message.of(
                    "{n} players need {n} {what}, got {got}",
                    n=n,
                    what=Message.of(what),
                    got=len(part),
                )
            )
    if len(values) != NUM_DICE:
        raise IllegalAction(
            Message.of("the game has {dice} dice, got {n} values", dice=NUM_DICE, n=len(values))
        )


def check_action(s: StateData, action: Any) -> None:
    """``action`` as the current player's next one in ``s``: refused with the rule it breaks."""
    if s.phase is Phase.OVER:
        raise IllegalAction(Message.of("the game is over: no more actions"))
    if not isinstance(action, int) or isinstance(action, bool) or action < 0:
        # A whole number is said as a number (in the reader's digits), anything else as written.
        said = action if type(action) is int else repr(action)
        raise IllegalAction(Message.of("not an action: {action}", action=said))
    die, slot = A.split(action)
    if not 0 <= die < NUM_DICE:
        raise IllegalAction(
            Message.of(
                "there is no die {die} (dice are numbered 0-{last})", die=die, last=NUM_DICE - 1
            )
        )
    if die not in s.pool:
        raise IllegalAction(Message.of("the {die} is not in the pool", die=s.die_message(die)))
    if s.phase is Phase.DISCARD:
        if slot != A.DISCARD:
            raise IllegalAction(
                Message.of("two players: after placing you must discard a die from the pool")
            )
        return
    if slot == A.DISCARD:
        raise IllegalAction(
            Message.of("you may only discard a die after taking one, in a two-player game")
        )
    _check_take(s, die, slot)


def _check_take(s: StateData, die: int, slot: int) -> None:
    """A pool die taken onto a space of the current player's building, or set aside."""
    player = s.turn_order[s.turns_done % s.num_players]
    tops, v = s.tops[player], s.values[die]
    if slot < len(tops) and tops[slot] <= v:
        return  # the common case: a legal placement
    bp = s.blueprints[player]
    if slot == A.SET_ASIDE:
        fits = s.legal_cells(player, v)
        if fits:
            raise IllegalAction(
                Message.of(
                    "the {die} fits on your building (at {cell}), so it must be placed, "
                    "not set aside",
                    die=s.die_message(die),
                    cell=bp.cell_message(fits[0]),
                )
            )
        return
    error = placement_message(bp, tops[slot] if slot < len(tops) else None, v, slot)
    if error:
        raise IllegalAction(error)
