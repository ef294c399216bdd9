"""A player's building as a ``buildfile.Build``: what "save my building" writes, from a game in
progress (``GameState``) or from a scored round (``RoundResult``).

The result is checked by the engine's own build-file reader, so every saved building can be
read back by ``blueprints3d score``, ``view`` and ``render``.
"""

from __future__ import annotations

import os
from typing import Sequence

from blueprints3d.files.buildfile import Build, build_from_dict, save_build
from blueprints3d.engine.errors import IllegalAction
from blueprints3d.engine.state import GameState, RoundResult


def build_of(source: GameState | RoundResult, player: int) -> Build:
    """``player``'s building: the current one in a game, or the one a round result revealed."""
    stacks: Sequence[Sequence[tuple[int, int]]]
    if isinstance(source, GameState):
        if not 0 <= player < source.num_players:
            raise IllegalAction(f"there is no player {player}")
        bp = source.blueprints[player]
        stacks = source.building(player)
    elif isinstance(source, RoundResult):
        if not 0 <= player < len(source.buildings):
            raise IllegalAction(f"there is no player {player}")
        bp = source.blueprints[player]
        stacks = source.buildings[player]
    else:
        raise TypeError(f"expected a GameState or RoundResult, not {type(source).__name__}")
    build = Build(bp, tuple(tuple((int(m), int(v)) for m, v in st) for st in stacks))
    # Round-trip through the reader: a building the reader would refuse is a bug, caught here.
    return build_from_dict(build.to_dict())


def save_player_build(path: str | os.PathLike[str], source: GameState | RoundResult, player: int) -> Build:
    """Write ``player``'s building to ``path`` (atomically) and return it."""
    build = build_of(source, player)
    save_build(path, build)
    return build
