"""The round's moves in words, for "what the others did since your last turn".

The game flow keeps a short history of (player, public text) of the moves of the round in play:
a person taking the table is told what the others did since they last acted. The texts are the
engine's public words for each move (no secret space is named). A round's end clears it, since
every move is on show then; a resumed game rebuilds it from the save's move log (``history_of``).
"""

from __future__ import annotations

from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.engine.state import GameState
from blueprints3d.i18n import translate

HISTORY_LENGTH = 24  # moves kept for "what the others did since your last turn"

History = list[tuple[int, str]]  # (player, public text), oldest first


def remember(history: History, player: int, text: str) -> None:
    """Add ``player``'s move, said as ``text``; only the last ``HISTORY_LENGTH`` are kept."""
    history.append((player, text))
    del history[:-HISTORY_LENGTH]


def since_last_turn(history: History, player: int) -> list[str]:
    """What the others did in the open since ``player`` last acted, oldest first."""
    out: list[str] = []
    for who, text in reversed(history):
        if who == player:
            break
        out.append(text)
    return out[::-1]


def history_of(state: GameState) -> History:
    """The flow's ``history`` as it stood when ``state`` was reached by play: (player, public
    text) of the last moves of the round in play, rebuilt by replaying the game's move log from
    its seed (so an old save has it too, and it can never disagree with the log). Empty when the
    log does not replay (a state built by hand)."""
    out: History = []
    if not state.log:
        return out
    try:
        s = GameState.new(state.num_players, state.seed, state.start_player, list(state.names))
        for action in state.log:
            player, scored = s.current_player, len(s.round_results)
            text = translate(s.action_message(action)) if player is not None else ""
            s.apply(action)
            assert player is not None  # the game was not over: apply raised IllegalAction if it was
            remember(out, player, text)
            if len(s.round_results) > scored:
                out.clear()  # the round's moves are all on show at its end (flow._end_round)
    except BlueprintsError:
        return []
    if s.to_dict() != state.to_dict():
        return []  # not this state's own game: say nothing rather than something wrong
    return out
