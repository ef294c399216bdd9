"""A player's action in words, as the table sees it: ``GameState.action_message``."""

from __future__ import annotations

from blueprints3d.engine import actions as A
from blueprints3d.engine.state_data import StateData
from blueprints3d.i18n.message import Message


def action_message(s: StateData, action: int, reveal: bool) -> Message:
    """The current player's ``action`` in ``s`` as a Message; the space a die goes to is named
    only with ``reveal`` (it is behind that player's screen)."""
    k = A.decode(action)
    p = s.current_player
    who: object = s.names[p] if p is not None else Message.of("nobody")
    die = s.die_message(k.die)
    if k.kind is A.Kind.PLACE:
        if reveal and p is not None and k.cell is not None:  # (over: no building to name)
            return Message.of(
                "{who} places the {die} at {cell}",
                who=who,
                die=die,
                cell=s.blueprints[p].cell_message(k.cell),
            )
        return Message.of("{who} takes the {die}", who=who, die=die)
    if k.kind is A.Kind.SET_ASIDE:
        return Message.of(
            "{who} takes the {die}, which fits nowhere: it leaves the round", who=who, die=die
        )
    return Message.of("{who} discards the {die}", who=who, die=die)
