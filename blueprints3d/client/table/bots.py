"""Computer opponents for the table: the AI package's bots when present, else a random legal player.

The client only needs ``choose(state, player) -> action``. Bots run on a worker thread (see
``BotJob``) so a slow search never stalls the frame loop; the action is applied on the main
thread, through the same ``GameState.apply`` a person's move goes through.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass, field
from typing import Protocol

from blueprints3d.engine.state import GameState

RANDOM_LEVEL = "random"


class Bot(Protocol):
    def choose(self, state: GameState, player: int) -> int: ...


class RandomBot:
    """Any legal action, uniformly: the simplest opponent that can finish a game."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState, player: int) -> int:
        legal = state.legal_actions()
        return legal[self.rng.randrange(len(legal))]


def _ai_module():
    try:
        import blueprints3d.ai as ai  # written in parallel; absent until it lands
    except ImportError:
        return None
    return ai if hasattr(ai, "make_bot") else None


def bot_levels() -> list[str]:
    """The levels offered in the new-game screen, easiest first."""
    ai = _ai_module()
    if ai is None:
        return [RANDOM_LEVEL]
    levels = getattr(ai, "LEVELS", None) or ("easy", "medium", "hard")
    return [str(x) for x in levels]


def make_bot(level: str, seed: int) -> Bot:
    ai = _ai_module()
    if ai is None or level == RANDOM_LEVEL:
        return RandomBot(seed)
    return ai.make_bot(level, seed)


@dataclass
class BotJob:
    """One pending decision: computed off the main thread, collected by ``poll``."""

    bot: Bot
    state: GameState          # a private clone: the bot may not touch the real game
    player: int
    ready_at: float           # the visible delay: the move is shown no earlier than this
    threaded: bool = True
    action: int | None = None
    error: BaseException | None = None
    _thread: threading.Thread | None = field(default=None, repr=False)

    def start(self) -> None:
        if self.threaded:
            self._thread = threading.Thread(target=self._run, name="blueprints3d-bot", daemon=True)
            self._thread.start()
        else:
            self._run()

    def _run(self) -> None:
        try:
            self.action = self.bot.choose(self.state, self.player)
        except BaseException as e:  # a broken bot must not take the table down with it
            self.error = e

    @property
    def done(self) -> bool:
        return self._thread is None or not self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)
