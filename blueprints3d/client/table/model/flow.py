"""The game-flow controller: turns players' choices into engine actions and tracks whose eyes see what.

It knows nothing about Panda3D. Legality is only ever asked of the engine (``legal_actions`` and
``apply``, whose IllegalAction message is passed on to the player word for word, its spaces named
as the player sees them: ``presentation.words``). What it adds is the flow around the rules:
whose turn it is to look at the table (the hot-seat curtain), computer opponents with a visible
delay, the pause at the end of a round, the end of the game. What it says in words is
``flow_words``'s; the round's moves for "since your last turn" are ``move_history``'s.

A person's move can be tentative (``confirm_moves``): the flow asks the engine whether it is legal
and holds it as ``pending`` without applying it, so no replacement die is drawn and nothing hidden
is revealed; ``confirm`` applies it (and only then do listeners hear "placed" / "discarded", which
is when the app autosaves), ``undo`` drops it. Computer players' moves are never tentative.

A computer player that fails (raises, or answers an illegal move) does not move the game: its
turn stays open, the failure is logged and shown ("Computer 2 failed: ...") until the game is
saved, left or started anew from the menu; resuming the save lets that computer try again.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import ClassVar

from blueprints3d.client.table.model import flow_words as words
from blueprints3d.client.table.model.bots import Bot, BotJob, level_word, make_bot
from blueprints3d.client.table.model.flow_words import both
from blueprints3d.client.table.model.move_history import History, history_of, remember
from blueprints3d.client.table.model.move_history import since_last_turn as since
from blueprints3d.client.table.model.pending import Pending
from blueprints3d.engine import actions as A
from blueprints3d.engine.errors import IllegalAction
from blueprints3d.engine.results import RoundResult
from blueprints3d.engine.rules import NUM_ROUNDS
from blueprints3d.engine.scoring import DiePoints, explain_building
from blueprints3d.engine.state import GameState
from blueprints3d.engine.turns import Phase
from blueprints3d.i18n import LANGUAGES, _, speaking, translate
from blueprints3d.text import clean_name

# ``both`` and ``history_of`` live with the words and the history; callers find them here too.
__all__ = [
    "Mode",
    "SeatConfig",
    "Outcome",
    "Pending",
    "RoundEnd",
    "FlowEvent",
    "Listener",
    "GameFlow",
    "both",
    "history_of",
    "plate_name",
]

log = logging.getLogger(__name__)


class Mode(Enum):
    TURN = "turn"  # a person at the table is to act
    BOT = "bot"  # a computer opponent is thinking (or waiting out its visible delay)
    CURTAIN = "curtain"  # "pass to <name>": everything secret is hidden until they click
    ROUND_END = "round_end"  # screens lifted, scores shown, waiting for "continue"
    GAME_OVER = "game_over"


@dataclass(frozen=True)
class SeatConfig:
    """A seat at the table: a person with a name, or a computer opponent of some level."""

    name: str
    bot: str | None = None  # None: a person

    def __post_init__(self) -> None:
        # A name from the command line, the new-game screen or a save is shown by Panda3D's
        # TextNode (which aborts on invalid text) and written to saves: make it safe once, here.
        object.__setattr__(self, "name", clean_name(self.name, _("Player")))

    @property
    def is_person(self) -> bool:
        return self.bot is None


@dataclass(frozen=True)
class Outcome:
    ok: bool
    message: str
    action: int | None = None
    tentative: bool = False  # held for the person's confirm, not yet applied


@dataclass(frozen=True)
class RoundEnd:
    """A scored round with the engine's result (which has the dice by id, so the view can keep
    them where they stood) and per-die explanations."""

    result: RoundResult
    explanations: tuple[tuple[DiePoints, ...], ...]

    @property
    def stacks(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """[seat][cell] die ids bottom to top."""
        return self.result.stacks

    @property
    def values(self) -> tuple[int, ...]:
        """Every die's value at the end of the round."""
        return self.result.values

    @property
    def set_aside(self) -> tuple[tuple[int, ...], ...]:
        return self.result.set_aside_dice

    @classmethod
    def explained(cls, result: RoundResult, players: int) -> RoundEnd:
        """``result`` with the engine's explanation of each of the ``players`` buildings."""
        expl = tuple(
            tuple(explain_building(result.blueprints[p], result.buildings[p]))
            for p in range(players)
        )
        return cls(result, expl)


@dataclass(frozen=True)
class FlowEvent:
    """What just happened, for the view to animate and the HUD to say."""

    kind: str  # placed / set_aside / discarded / pending / undone / rejected / turn / curtain / bot_failed / round_end / game_over
    player: int | None = None
    die: int | None = None
    cell: int | None = None
    message: str = ""


Listener = Callable[[FlowEvent], None]
# The event that tells a move of each kind, once applied.
EVENT_OF_ACTION = {
    A.Kind.PLACE: "placed",
    A.Kind.SET_ASIDE: "set_aside",
    A.Kind.DISCARD: "discarded",
}


def not_your_move(mode: Mode, who: str) -> str:
    """Why a person cannot move while the flow is in ``mode`` (``who``: whose turn it is)."""
    return {
        Mode.BOT: _("wait: it is {name}'s turn", name=who),
        Mode.CURTAIN: _("the table is passed to {name}: click to continue", name=who),
        Mode.ROUND_END: _("the round is over: continue to the next one"),
        Mode.GAME_OVER: _("the game is over"),
    }[mode]


@dataclass
class GameFlow:
    """One game at one table: the engine's state, whose turn it is and who may see what, the
    person's tentative move, the computer players' moves, and the events that tell it all to
    the view, the HUD and the sounds (``listeners``)."""

    # The autosave holds this game (not a network game: its server does).
    saves_locally: ClassVar[bool] = True
    seats: list[SeatConfig]
    seed: int | None = None
    open_scores: bool = False
    bot_delay: float = 0.8  # seconds a computer's move stays "thinking" so people can follow
    threaded_bots: bool = True
    start_player: int | None = 0  # round 1's start player; None: drawn by lot from the seed
    initial: GameState | None = None  # given: continue this game (a resumed autosave)
    bot_factory: Callable[[str, int], Bot] = make_bot  # (level, seed) -> bot; tests pass their own
    confirm_moves: bool = False  # a person's move waits for confirm() (undo() takes it back)
    state: GameState = field(init=False)
    mode: Mode = field(init=False)
    viewer: int | None = field(init=False, default=None)
    message: str = field(init=False, default="")
    round_end: RoundEnd | None = field(init=False, default=None)
    pending: Pending | None = field(init=False, default=None)  # a tentative move, not yet applied
    # Shown while a failed bot's turn stays open.
    bot_failure: str | None = field(init=False, default=None)
    listeners: list[Listener] = field(init=False, default_factory=list)
    _bots: dict[int, Bot] = field(init=False, default_factory=dict)
    _job: BotJob | None = field(init=False, default=None)
    _now: float = field(init=False, default=0.0)
    _held: list[FlowEvent] | None = field(init=False, default=None)
    history: History = field(init=False, default_factory=list)  # (player, public text)

    def __post_init__(self) -> None:
        if self.initial is not None:
            if self.initial.num_players != len(self.seats):
                raise IllegalAction(words.seats_mismatch(self.initial.num_players, len(self.seats)))
            self.state, self.initial = self.initial, None
            self.seed = self.state.seed
            # What the others did this round, as it was before the game was saved: a resumed
            # game tells the next person too (the save's move log holds it all).
            self.history = history_of(self.state)
        else:
            if self.seed is None:
                self.seed = random.randrange(2**31)
            if self.start_player is None:
                self.start_player = (
                    random.Random(self.seed).randrange(len(self.seats)) if self.seats else 0
                )
            # GameState.new checks the seat count and seed, raising IllegalAction with a message.
            self.state = GameState.new(
                len(self.seats), self.seed, self.start_player, [s.name for s in self.seats]
            )
        self._bots = {
            i: self.bot_factory(s.bot, self.seed * 31 + i)
            for i, s in enumerate(self.seats)
            if s.bot is not None
        }
        self.mode = Mode.TURN
        self._begin_turn()

    # ---- who sees what ----------------------------------------------------------------------
    @property
    def people(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_person]

    @property
    def current(self) -> int | None:
        return self.state.current_player

    def visible_seats(self) -> set[int]:
        """Seats whose card and building may be shown now."""
        n = len(self.seats)
        if self.mode in (Mode.ROUND_END, Mode.GAME_OVER) or not self.people:
            return set(range(n))  # screens lifted, or nobody at the table has secrets to keep
        if self.mode is Mode.CURTAIN or self.viewer is None:
            return set()
        return {self.viewer}

    # ---- asking the engine ------------------------------------------------------------------
    def legal_cells(self, die: int) -> list[int]:
        """Cells where the current person may place ``die``: the engine's legal actions, filtered."""
        if (
            self.mode is not Mode.TURN
            or self.state.phase is not Phase.TAKE
            or self.pending is not None
        ):
            return []
        out: list[int] = []
        for a in self.state.legal_actions():
            k = A.decode(a)
            if k.die == die and k.kind is A.Kind.PLACE:
                assert k.cell is not None  # a placement always names its space
                out.append(k.cell)
        return out

    def fits_nowhere(self, die: int) -> bool:
        """The engine offers only "set aside" for this die: it may be taken but fits nowhere."""
        return (
            self.mode is Mode.TURN
            and self.state.phase is Phase.TAKE
            and self.pending is None
            and A.set_aside(die) in self.state.legal_actions()
        )

    def discarding(self) -> bool:
        return self.mode is Mode.TURN and self.state.phase is Phase.DISCARD

    # ---- a person's choices -----------------------------------------------------------------
    def place(self, die: int, cell: int) -> Outcome:
        return self._person_action(A.place(die, cell))

    def set_aside(self, die: int) -> Outcome:
        return self._person_action(A.set_aside(die))

    def act(self, action: int) -> Outcome:
        """The person's choice given as an engine action (tools, tests, benchmarks): the
        placement, set-aside or discard it names, as the drag or the keys would make it."""
        k = A.decode(action)
        if k.kind is A.Kind.PLACE:
            assert k.cell is not None  # a placement always names its space
            return self.place(k.die, k.cell)
        return self.set_aside(k.die) if k.kind is A.Kind.SET_ASIDE else self.discard(k.die)

    def discard(self, die: int) -> Outcome:
        return self._person_action(A.discard(die))

    def _person_action(self, action: int) -> Outcome:
        if self.mode is not Mode.TURN:
            who = self.seats[self.current].name if self.current is not None else _("nobody")
            return self._reject(not_your_move(self.mode, who))
        if self.pending is not None:
            return self._reject(_("confirm your move (Enter) or take it back (Backspace) first"))
        if not self.confirm_moves:
            return self._apply(action)
        return self._hold(action)

    def _hold(self, action: int) -> Outcome:
        """A tentative move: the engine says whether it is legal (its own words when not), and
        the state is left as it is, so no die is drawn before the confirm."""
        s = self.state
        k = A.decode(action)
        if action not in s.legal_actions():
            try:  # for the engine's reason; the copy (and its draw) is dropped
                s.clone().apply(action)
            except IllegalAction as e:
                return self._reject(words.refusal(s, e), k.die)
            return self._reject(
                _("that move is not allowed now ({move})", move=s.action_message(action)), k.die
            )
        player = s.current_player
        # Only a person's turn holds a move (_person_action: Mode.TURN), and a turn has a player.
        assert player is not None
        text = words.held_move(s, player, k)
        self.pending = Pending(
            action, player, k.kind, k.die, k.cell if k.kind is A.Kind.PLACE else None, text
        )
        # The viewer's own space, on their own screen.
        self.message = _("not played yet: {move}", move=text)
        self._emit(FlowEvent("pending", player, k.die, self.pending.cell, self.message))
        return Outcome(True, self.message, action, tentative=True)

    def confirm(self) -> Outcome:
        """Apply the tentative move (the engine draws the replacement dice now)."""
        p = self.pending
        if p is None:
            return Outcome(False, _("there is no move to confirm"))
        if self.mode is not Mode.TURN or self.current != p.player:
            self.pending = None
            return self._reject(_("that move is no longer possible"))
        self.pending = None
        return self._apply(p.action)

    def undo(self) -> Outcome:
        """Take back the tentative move: nothing was applied, so nothing else changes."""
        p = self.pending
        if p is None:
            return Outcome(False, _("there is no move to take back"))
        self.pending = None
        self.message = _("taken back: {move}", move=p.message)
        self._emit(FlowEvent("undone", p.player, p.die, p.cell, self.message))
        return Outcome(True, self.message, p.action)

    def _reject(self, message: str, die: int | None = None) -> Outcome:
        self.message = message
        self._emit(FlowEvent("rejected", self.current, die, None, message))
        return Outcome(False, message)

    def _apply(self, action: int) -> Outcome:
        s = self.state
        player = s.current_player
        scored = len(s.round_results)
        text = translate(s.action_message(action)) if player is not None else ""
        shown = words.own_move(s, action) if self.people == [player] else text  # before it moves
        k = A.decode(action)
        try:
            s.apply(action)
        except IllegalAction as e:
            return self._reject(words.refusal(s, e), k.die)
        assert player is not None  # the game was not over: apply raised IllegalAction if it was
        remember(self.history, player, text)
        self.message = shown
        kind = EVENT_OF_ACTION[k.kind]
        if k.kind is A.Kind.SET_ASIDE and self.seats[player].is_person:
            self.message = words.fits_nowhere(s, k.die)
        action_text = self.message
        # Move the flow on first, then tell the listeners: they must never see the engine in the
        # next turn (or the game over) while the flow still says it is this one.
        self._held = []
        if len(s.round_results) > scored:
            self._end_round()
        else:
            self._begin_turn()
        held, self._held = self._held, None
        self._emit(FlowEvent(kind, player, k.die, k.cell, action_text))
        for event in held:
            self._emit(event)
        return Outcome(True, action_text, action)

    def waiting_words(self, seat: int) -> str:
        """What the table says while ``seat``, not a person here, is to move."""
        return _("{name} is thinking...", name=self.seats[seat].name)

    # ---- between turns and rounds -------------------------------------------------------------
    def _begin_turn(self) -> None:
        p = self.state.current_player
        if p is None:
            self.mode = Mode.GAME_OVER
            self._emit(FlowEvent("game_over", message=self.winner_text()))
            return
        if p not in self.people:  # a computer here, or (at a network table) someone elsewhere
            self.mode = Mode.BOT
            self._start_bot(p)
            self._emit(FlowEvent("turn", p, message=self.waiting_words(p)))
            return
        several = len(self.people) > 1
        if several and self.viewer != p:
            self.mode = Mode.CURTAIN
            self._emit(
                FlowEvent("curtain", p, message=_("pass to {name}", name=self.seats[p].name))
            )
            return
        self.viewer = p
        self.mode = Mode.TURN
        self._emit(FlowEvent("turn", p, message=self.prompt()))

    def since_last_turn(self, player: int) -> list[str]:
        """What the others did in the open since ``player`` last acted (no secret spaces named)."""
        return since(self.history, player)

    def pass_curtain(self) -> None:
        """The next person clicked: show them their building."""
        if self.mode is not Mode.CURTAIN:
            return
        self.viewer = self.current
        self.mode = Mode.TURN
        self._emit(FlowEvent("turn", self.current, message=self.prompt()))

    def prompt(self) -> str:
        """What the person to move is asked to do now ("" when the game is over)."""
        p = self.current
        return (
            ""
            if p is None
            else words.turn_prompt(self.seats[p].name, self.pending, self.state.phase)
        )

    def _end_round(self) -> None:
        # The engine has already dealt the next round; the result keeps this one's dice by id.
        result = self.state.round_results[-1]
        self.history.clear()  # the round's moves are all on show now; a new round starts afresh
        self.round_end = RoundEnd.explained(result, len(self.seats))
        self.mode = Mode.ROUND_END
        said = _("round {round} of {rounds} is scored", round=result.round, rounds=NUM_ROUNDS)
        self._emit(FlowEvent("round_end", message=said))

    def continue_after_round(self) -> None:
        if self.mode is not Mode.ROUND_END:
            return
        self.round_end = None
        # Everyone has been looking at the revealed table, and the next round's blueprints are
        # secret: with several people the next one must take the table behind the curtain, even
        # if they were the last to look at it.
        if len(self.people) > 1:
            self.viewer = None
        self._begin_turn()  # the engine has already dealt the next round (or ended the game)

    def winner_text(self) -> str:
        return words.winner_words(self.state, [s.name for s in self.seats])

    # ---- computer opponents -------------------------------------------------------------------
    def _start_bot(self, player: int) -> None:
        self.bot_failure = None
        clone = self.state.clone()
        clone.reseed(random.randrange(2**31))  # a bot must not learn the real future draws
        self._job = BotJob(
            self._bots[player],
            clone,
            player,
            self._now + self.bot_delay,
            threaded=self.threaded_bots,
        )
        self._job.start()

    def tick(self, now: float) -> None:
        """Called every frame: applies a computer's move once it is ready and its delay is over."""
        self._now = now
        job = self._job
        if self.mode is not Mode.BOT or job is None:
            return
        if job.ready_at > now + self.bot_delay:  # the clock was reset (tests, a new timeline)
            job.ready_at = now + self.bot_delay
        if not job.done or now < job.ready_at:
            return
        self._job = None
        action = job.action
        if job.error is None and action in self.state.legal_actions():
            self._apply(action)
            return
        self._bot_failed(job)

    def _bot_failed(self, job: BotJob) -> None:
        """A computer player raised or chose an illegal move: nobody moves for it. Its turn stays
        open (the job is gone, so ``tick`` does nothing more), the reason is logged and shown."""
        name = self.seats[job.player].name
        if job.error is not None:
            log.error(
                "computer player %s (seat %d) failed",
                name,
                job.player,
                exc_info=(type(job.error), job.error, job.error.__traceback__),
            )
        else:
            log.error(
                "computer player %s (seat %d) chose an illegal action %r",
                name,
                job.player,
                job.action,
            )
        self.bot_failure = self.message = words.bot_failure(name, job.error, job.action)
        self._emit(FlowEvent("bot_failed", job.player, message=self.bot_failure))

    def run_bots(self, max_moves: int = 1000) -> None:
        """Play computer moves until a person must act (for tests and tools; ignores the delay)."""
        for _move in range(max_moves):
            if self.mode is not Mode.BOT or self._job is None:
                return
            self._job.wait()
            self._job.ready_at = self._now
            self.tick(self._now)

    # ---- language -----------------------------------------------------------------------------
    def follow_language(self) -> bool:
        """The language changed: a seat's default name ("Spieler 1") becomes the new language's
        ("بازیکن ۱"); a typed name stays. Only before a round is scored: a scored round keeps
        the names it was scored under (in the save's state, checked when it is read). True when
        a name changed."""
        if self.state.round_results:
            return False
        seats = [
            SeatConfig(default_name(i, s.bot is None), s.bot) if is_default_name(s.name, i) else s
            for i, s in enumerate(self.seats)
        ]
        if seats == self.seats:
            return False
        self.seats = seats
        self.state.names = [s.name for s in seats]
        return True

    # ---- events -------------------------------------------------------------------------------
    def _emit(self, event: FlowEvent) -> None:
        if self._held is not None:
            self._held.append(event)
            return
        for fn in list(self.listeners):
            fn(event)


def default_names(seat: int) -> tuple[str, str]:
    """Seat ``seat``'s (0-based) default names, a person's and a computer's: "Player 2",
    "Computer 2", in the language spoken now."""
    return _("Player {n}", n=seat + 1), _("Computer {n}", n=seat + 1)


def is_default_name(name: str, seat: int) -> bool:
    """``name`` is a default name of seat ``seat`` in some language ("Player 2", "Spieler 2",
    "بازیکن ۲"), or blank: nobody typed it, so it follows the language spoken now."""
    name = name.strip()
    if not name:
        return True
    for lang in LANGUAGES:
        with speaking(lang):
            if name in default_names(seat):
                return True
    return False


def default_name(seat: int, person: bool) -> str:
    """A person's default name is "Player N", a computer's "Computer N" (N: the seat)."""
    return default_names(seat)[0 if person else 1]


def plate_name(seat: SeatConfig) -> str:
    """The name on a seat's plate at the table: a computer's level beside its name."""
    return (
        seat.name
        if seat.is_person
        else _("{name} ({level})", name=seat.name, level=level_word(seat.bot or ""))
    )
