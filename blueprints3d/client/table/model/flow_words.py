"""What the game flow (``client/table/model/flow.py``) says to the players, in their language.

The words of a move held for the person's confirm, the engine's refusals with their spaces
named as the player sees them (``presentation.words``), the prompt of a turn, the end of the
game and a computer player's failure. Nothing here changes the game: each function makes the
words of what the flow has decided.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from blueprints3d.engine import actions as A
from blueprints3d.engine.errors import IllegalAction
from blueprints3d.engine.state import GameState
from blueprints3d.engine.turns import Phase
from blueprints3d.i18n import Message, _, explain, n_
from blueprints3d.presentation.words import in_player_words, space_name

if TYPE_CHECKING:
    from blueprints3d.client.table.model.pending import Pending


def seats_mismatch(players: int, seats: int) -> Message:
    """Why a saved game of ``players`` cannot be played at a table of ``seats``."""
    return Message.counted(
        "the saved game has {players} players, but {n} seat was given",
        "the saved game has {players} players, but {n} seats were given",
        seats,
        players=players,
    )


def held_move(state: GameState, player: int, k: A.Decoded) -> str:
    """A move of ``player``'s held for the confirm, in words: no secret drawn is named."""
    if k.kind is A.Kind.PLACE:
        assert k.cell is not None  # a placement always names its space
        return _(
            "the {die} on {space}",
            die=state.die_message(k.die),
            space=space_name(state.blueprints[player], k.cell),
        )
    if k.kind is A.Kind.DISCARD:
        return _("discard the {die}", die=state.die_message(k.die))
    return _("set the {die} aside (it fits nowhere)", die=state.die_message(k.die))


def own_move(state: GameState, action: int) -> str:
    """The move of the one person at this table, said to them ("You take the glass 3"), of the
    state before it; the others' moves are said by name (``GameState.action_message``)."""
    k = A.decode(action)
    die = state.die_message(k.die)
    if k.kind is A.Kind.PLACE:
        return _("You take the {die}", die=die)
    if k.kind is A.Kind.SET_ASIDE:
        return _("You take the {die}, which fits nowhere: it leaves the round", die=die)
    return _("You discard the {die}", die=die)


def fits_nowhere(state: GameState, die: int) -> str:
    """What a person hears when the die they took fits nowhere and leaves the round."""
    return _(
        "the {die} fits nowhere on your building: it leaves the game for this round",
        die=state.die_message(die),
    )


def refusal(state: GameState, e: IllegalAction) -> str:
    """The engine's refusal of the mover's action, its spaces named as the player sees them
    ("the 2 at the top left", ``presentation.words``), not by row and column."""
    p = state.current_player
    return (
        explain(e) if p is None else in_player_words(state.blueprints[p], e.message or explain(e))
    )


def turn_prompt(name: str, pending: Pending | None, phase: Phase) -> str:
    """What the person to move, ``name``, is asked to do now."""
    if pending is not None and pending.sent:
        return _("{name}: your move is on its way to the server", name=name)
    if pending is not None:
        return _("{name}: Enter plays it, Backspace takes it back", name=name)
    if phase is Phase.DISCARD:
        return _("{name}: two players - pick a pool die to discard", name=name)
    return _("{name}: drag a die from the pool onto your blueprint", name=name)


def winner_words(state: GameState, names: Sequence[str]) -> str:
    """Who won the game over, with their victory points ("" while it goes on)."""
    res = state.result()
    if res is None:
        return ""
    winners = [names[w] for w in res.winners]
    if len(winners) == 1:
        return n_(
            "{name} wins with {n} victory point",
            "{name} wins with {n} victory points",
            res.victory_points[res.winners[0]],
            name=winners[0],
        )
    return n_(
        "shared victory: {names} with {n} point each",
        "shared victory: {names} with {n} points each",
        res.victory_points[res.winners[0]],
        names=both(winners),
    )


def both(names: list[str]) -> str:
    """ "Ann and Bob", "Ann and Bob and Cy": names together, in the language's words."""
    if len(names) < 2:
        return "".join(names)
    return _("{some} and {last}", some=both(names[:-1]), last=names[-1])


def bot_failure(name: str, error: BaseException | None, action: int | None) -> str:
    """What the table shows while the computer player ``name`` cannot move: it raised ``error``,
    or (no error) it chose ``action``, which the rules do not allow."""
    if error is not None:
        reason = explain(error) or type(error).__name__
    else:
        reason = _("it chose an action the rules do not allow ({action})", action=repr(action))
    return _(
        "{name} failed: {reason}. The game cannot go on for it; Esc for the menu",
        name=name,
        reason=reason,
    )
