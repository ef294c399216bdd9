"""What a bot starts from: the player's view, never the real state.

Every bot's ``choose`` goes through ``view_of`` first, so a bot handed the real ``GameState``
still only ever reads what its player may see.
"""

from __future__ import annotations

import random

from blueprints3d.engine.determinize import state_from_view
from blueprints3d.engine.errors import IllegalAction
from blueprints3d.engine.state import GameState
from blueprints3d.engine.turns import Phase
from blueprints3d.engine.views import PlayerView
from blueprints3d.i18n.message import Message

View = PlayerView


def view_of(state_or_view: GameState | View, player: int) -> View:
    """``player``'s view of a real state, or a view passed in directly (checked to be theirs)."""
    if isinstance(state_or_view, GameState):
        return state_or_view.view(player)
    if not isinstance(state_or_view, PlayerView):
        raise IllegalAction(
            Message.of(
                "a bot needs a GameState or a PlayerView, not {kind}",
                kind=type(state_or_view).__name__,
            )
        )
    if state_or_view.player != player:
        raise IllegalAction(
            Message.of(
                "this view belongs to player {owner}, not {player}",
                owner=state_or_view.player,
                player=player,
            )
        )
    return state_or_view


def check_turn(view: View, player: int) -> None:
    if view.phase is Phase.OVER:
        raise IllegalAction(Message.of("the game is over: there is nothing to choose"))
    if view.current_player != player:
        raise IllegalAction(
            Message.of(
                "it is player {current}'s turn, not player {player}'s",
                current=view.current_player,
                player=player,
            )
        )


def public_state(view: View) -> GameState:
    """A state to read the mover's own options from. Hidden parts are filled from a fixed seed,
    so whatever reads only the mover's own and the public parts decides the same every time."""
    return state_from_view(view, random.Random(0))
