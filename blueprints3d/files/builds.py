"""A player's building as a ``buildfile.Build``: what "save my building" writes, from a game in
progress (``GameState``) or from a scored round (``RoundResult``).

The result is checked by the engine's own build-file reader, so every saved building can be
read back by ``blueprints3d score``, ``view`` and ``render``.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from collections.abc import Sequence

from blueprints3d.files.buildfile import Build, build_from_dict, save_build
from blueprints3d.engine.errors import IllegalAction
from blueprints3d.engine.state import GameState, RoundResult
from blueprints3d.files.jsonfile import write_new
from blueprints3d.i18n.message import Message

VIEWER_COPY_PREFIX = "viewing-"
STALE_COPY_S = 3600.0  # a copy this old was never read: its viewer did not start


def build_of(source: GameState | RoundResult, player: int) -> Build:
    """``player``'s building: the current one in a game, or the one a round result revealed."""
    stacks: Sequence[Sequence[tuple[int, int]]]
    if isinstance(source, GameState):
        if not 0 <= player < source.num_players:
            raise IllegalAction(Message.of("there is no player {player}", player=player))
        bp = source.blueprints[player]
        stacks = source.building(player)
    elif isinstance(source, RoundResult):
        if not 0 <= player < len(source.buildings):
            raise IllegalAction(Message.of("there is no player {player}", player=player))
        bp = source.blueprints[player]
        stacks = source.buildings[player]
    else:
        raise TypeError(f"expected a GameState or RoundResult, not {type(source).__name__}")
    build = Build(bp, tuple(tuple((int(m), int(v)) for m, v in st) for st in stacks))
    # Round-trip through the reader: a building the reader would refuse is a bug, caught here.
    return build_from_dict(build.to_dict())


def save_player_build(
    path: str | os.PathLike[str], source: GameState | RoundResult, player: int
) -> Build:
    """Write ``player``'s building to ``path`` (atomically) and return it."""
    build = build_of(source, player)
    save_build(path, build)
    return build


def write_viewer_copy(folder: str | os.PathLike[str], stem: str, data: bytes) -> Path:
    """A build file for one viewer to read and remove (``blueprints3d view FILE --temporary``):
    ``viewing-<stem>.json`` in ``folder``, a new name for each viewer (``-2``, ``-3``... while
    one is taken), so a viewer never removes another's copy, nor is its own replaced before it
    reads it. Copies an hour old, whose viewers never started, are removed on the way."""
    folder = Path(folder)
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        entries = []
    for e in entries:
        if e.name.startswith(VIEWER_COPY_PREFIX) and e.name.endswith(".json"):
            try:
                if (
                    e.is_file(follow_symlinks=False)
                    and now - e.stat(follow_symlinks=False).st_mtime > STALE_COPY_S
                ):
                    os.unlink(e.path)
            except OSError:
                pass
    return write_new(folder, f"{VIEWER_COPY_PREFIX}{stem}", ".json", data)
