"""Computer opponents for Blueprints, built on the engine's state API (imports the engine only).

Entry point for the client and the tools::

    from blueprints3d.ai import make_bot, LEVELS
    bot = make_bot("hard", seed=7)          # or "easy", "medium", "random", "greedy", "search"
    action = bot.choose(state, player)      # state: the real GameState, or state.view(player)
    state.apply(action)

``choose`` always decides from ``state.view(player)`` only: a bot never sees another player's
blueprint or building, nor the bag's order, even when handed the real state. It returns one of
``state.legal_actions()`` and raises ``IllegalAction`` if it is not that player's turn. A bot is
deterministic for a given seed and sequence of calls (``hard`` is bounded by a number of
playout moves; its time cap only cuts in on a heavily loaded machine). To keep a window
responsive, hand ``state.view(player)`` (a snapshot) to ``choose`` in a worker thread and apply
the answer on the main thread.

Levels (``LEVELS``) and their budgets:

- ``easy`` = ``random``: any legal move, uniformly.
- ``medium`` = ``greedy``: one move ahead on building points, the blueprint bonus's chance and
  the Prizes' chances (``heuristic``); deterministic; well under a millisecond.
- ``hard`` = ``search`` with ``HARD_BUDGET``: determinized Monte Carlo search (``search``),
  3000 playout moves a decision spread over the 8 best-looking candidate actions by successive
  halving, greedy playouts to the end of the round; a median 0.18 s a decision in two-player
  games and 0.30 s in four-player ones while a tournament kept both cores of the 2-core
  machine busy (``benchmarks/ai_decision_time.py``), capped at 0.8 s. The cap is only a
  safety net: below it the choice depends on the seed alone.
- ``expert``: the same search with ``strategy.EXPERT``; a playout's end is valued by the
  chance of winning the game (``win_chances``), not by points ahead. Two players: softened
  playouts (each move drawn by its greedy rating, so a move is judged over a spread of
  continuations, not greedy's one line), 6000 playout moves over 12 candidates; the same with
  three players. Four players (``strategy.EXPERT.crowd``): 13500 moves over 8 candidates, its
  own playout moves greedy and the three opponents' softened at 0.3, the temperature at which
  greedy's ratings best predict hard's moves. On the idle 2-core machine a median 0.16 s a
  two-player decision (p95 0.21 s) and 0.61 s a four-player one (p95 0.75 s, at most 0.83 s);
  in four-player tournaments, two games at a time, a mean 0.60 s and at most 0.91 s
  (``benchmarks/ai_decision_time.py``, ``blueprints3d tournament``); capped at 0.9 s.

``make_bot`` accepts a level or a bot name, case-insensitive; ``search:N`` is the search bot
with N playout moves a decision, and ``expert:N`` the expert with N (for tournaments between
budgets; its time cap grows with N).
"""

from __future__ import annotations

from dataclasses import replace

from blueprints3d.ai import strategy
from blueprints3d.ai.bots import Bot, GreedyBot, RandomBot, SearchBot
from blueprints3d.ai.search import Budget
from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.i18n.message import Message, N_

# Level -> (bot name, one line for a new-game screen: marked, shown as ``_(LEVELS[level][1])``).
LEVELS: dict[str, tuple[str, str]] = {
    "easy": ("random", N_("Easy: plays any legal move, at random")),
    "medium": ("greedy", N_("Medium: takes the die that looks best for its building now")),
    "hard": ("search", N_("Hard: tries its best moves by playing the round out many times")),
    "expert": (
        "expert",
        N_("Expert: plays the round out over many likely futures, to win the game"),
    ),
}
BOT_NAMES = ("random", "greedy", "search", "expert")
HARD_BUDGET = Budget()


class UnknownBot(BlueprintsError):
    """A bot name or level that does not exist."""


def make_bot(name_or_level: str, seed: int = 0) -> Bot:
    """A bot by level (easy, medium, hard, expert) or name (random, greedy, search, expert).
    ``search:N`` is the search bot with a budget of N playout moves a decision (``hard`` is
    search with ``HARD_BUDGET``), ``expert:N`` the expert with N."""
    key = name_or_level.strip().lower()
    name = LEVELS[key][0] if key in LEVELS else key
    budget = HARD_BUDGET
    expert = strategy.EXPERT
    kind, colon, moves = name.partition(":")
    if colon and kind in ("search", "expert"):
        if not (moves.isascii() and moves.isdigit() and len(moves) <= 7) or int(moves) < 1:
            raise UnknownBot(
                Message.of(
                    "bad bot {name}: {kind}:N needs a whole number of playout moves N >= 1",
                    name=repr(name_or_level),
                    kind=kind,
                )
            )
        if kind == "search":
            budget = replace(HARD_BUDGET, moves=int(moves))
        else:  # the cap scales with the budget, so that twice the moves is twice the thinking
            expert = _scaled(expert, int(moves) / expert.budget.moves)
        name = kind
    if name == "random":
        bot: Bot = RandomBot(seed)
    elif name == "greedy":
        bot = GreedyBot(seed)
    elif name == "search":
        bot = SearchBot(seed, budget)
    elif name == "expert":
        bot = SearchBot(
            seed,
            expert.budget,
            weights=expert.weights,
            temperature=expert.temperature,
            own_temperature=expert.own_temperature,
            value=expert.value,
            crowd=expert.crowd,
        )
    else:
        known = ", ".join([*LEVELS, *BOT_NAMES, "search:N", "expert:N"])
        raise UnknownBot(
            Message.of(
                "unknown bot {name}: expected one of {known}", name=repr(name_or_level), known=known
            )
        )
    bot.name = key
    return bot


def _scaled(s: strategy.Strategy, scale: float) -> strategy.Strategy:
    """``s`` (and its crowd plan) with the playout moves and time cap multiplied by ``scale``."""
    b = s.budget
    cap = None if b.time_cap is None else b.time_cap * scale
    crowd = None if s.crowd is None else _scaled(s.crowd, scale)
    return replace(
        s, budget=replace(b, moves=max(1, round(b.moves * scale)), time_cap=cap), crowd=crowd
    )


__all__ = [
    "Bot",
    "RandomBot",
    "GreedyBot",
    "SearchBot",
    "Budget",
    "LEVELS",
    "BOT_NAMES",
    "HARD_BUDGET",
    "UnknownBot",
    "make_bot",
]
