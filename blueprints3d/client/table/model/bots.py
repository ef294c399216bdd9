"""Computer opponents for the table: the AI package's bots, run off the frame loop.

The client only needs ``choose(state, player) -> action``. Bots run on a worker thread (see
``BotJob``) so a slow search never stalls the frame loop; the action is applied on the main
thread, through the same ``GameState.apply`` a person's move goes through. A bot that raises is
caught here and reported by the flow; it never takes the table down.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Protocol

from blueprints3d import ai
from blueprints3d.engine.state import GameState
from blueprints3d.i18n import N_, _

# The levels (ai.LEVELS's keys, also the command line's words) as the table names them.
LEVEL_WORDS = {
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "expert": N_("expert"),
}


class Bot(Protocol):
    def choose(self, state: GameState, player: int) -> int: ...


def bot_levels() -> list[str]:
    """The levels offered in the new-game screen, easiest first."""
    return list(ai.LEVELS)


def level_description(level: str) -> str:
    """The level's one line of how it plays, for the new-game screen."""
    return _(ai.LEVELS[level][1]) if level in ai.LEVELS else level


def level_word(level: str) -> str:
    """A level's name in the player's language ("easy"); a name the table does not know, as it is."""
    return _(LEVEL_WORDS[level]) if level in LEVEL_WORDS else level


def make_bot(level: str, seed: int) -> Bot:
    """A bot by level (or any name ``ai.make_bot`` knows, such as "random")."""
    return ai.make_bot(level, seed)


class OffFrameJob:
    """Work run off the frame loop: ``start`` runs ``_run`` on a daemon thread (or at once when
    not ``threaded``, for tests); the frame task polls ``done``. A job class declares the
    ``threaded`` and ``_thread`` fields and a ``thread_name``."""

    thread_name = "blueprints3d-job"
    threaded: bool
    _thread: threading.Thread | None

    def _run(self) -> None:
        raise NotImplementedError

    def start(self) -> None:
        if self.threaded:
            self._thread = threading.Thread(target=self._run, name=self.thread_name, daemon=True)
            self._thread.start()
        else:
            self._run()

    @property
    def done(self) -> bool:
        return self._thread is None or not self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)


@dataclass
class BotJob(OffFrameJob):
    """One pending decision: computed off the main thread, collected by ``poll``."""

    bot: Bot
    state: GameState  # a private clone: the bot may not touch the real game
    player: int
    ready_at: float  # the visible delay: the move is shown no earlier than this
    threaded: bool = True
    action: int | None = None
    error: BaseException | None = None
    _thread: threading.Thread | None = field(default=None, repr=False)

    thread_name = "blueprints3d-bot"

    def _run(self) -> None:
        try:
            self.action = self.bot.choose(self.state, self.player)
        except Exception as e:  # a broken bot must not take the table down with it
            self.error = e
