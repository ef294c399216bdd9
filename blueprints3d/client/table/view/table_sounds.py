"""Which sound the table makes for what happens in the game (render/audio.SoundBank plays them).

The app hands every game-flow event to ``TableSounds.on_event``:
  - your turn: a soft chime when a person's turn begins (once: at the curtain of a hot-seat
    game, not again when they lift it);
  - a die placed: a tap on the card or a click on the die beneath, asked of the engine's stacks
    (the stack it went to, as the round's result has it when the placement ended the round). A
    person's drop sounds at once; a computer's when its glide lands. A computer's placement in
    a building hidden behind its screen sounds as a soft thud on the felt, whatever it went on,
    so the sound tells nothing the screen hides; a die set aside thuds on the felt;
  - the bag: a rustle when dice are drawn into the pool (the bag holds fewer dice than at the
    last event, or a new round's pool is out);
  - the round's end: the Award cue, and the Prize cue after it when a Prize was won.
"""

from __future__ import annotations

from blueprints3d.client.render.audio import PLACE_SPEED, SoundBank, die_rate
from blueprints3d.client.table.model.flow import FlowEvent, GameFlow, Mode

GLIDE = 0.35  # s: a computer's die glides to its space this long (table_view.sync)
DRAW_DELAY = 0.2  # s: the rustle follows the placement that emptied the pool slot
HIDDEN_SPEED = 0.6 * PLACE_SPEED  # a die going behind a screen: a softer thud


class TableSounds:
    def __init__(self, bank: SoundBank) -> None:
        self.bank = bank
        self._drawn: tuple[int, int] | None = None  # (round, dice in the bag) last heard
        self._dropped: int | None = None  # a person's die already heard at its drop
        self._cued: tuple[int, int, int | None] | None = (
            None  # (round, turns done, player) last cued
        )

    def start(self, flow: GameFlow) -> None:
        """A game starts or resumes: its pool comes out of the bag; a person to move hears the cue."""
        self._drawn = (flow.state.round, len(flow.state.bag))
        self._dropped = self._cued = None
        self.bank.play("bag_draw")
        if flow.mode in (Mode.TURN, Mode.CURTAIN):  # a hot-seat game opens behind the curtain
            self._cue(flow, flow.current)

    def on_event(self, flow: GameFlow, event: FlowEvent) -> None:
        kind, player, die, cell = event.kind, event.player, event.die, event.cell
        if kind == "pending" and cell is not None:
            assert player is not None and die is not None  # a move's events name its player and die
            self._dropped = die
            self._placed(flow, player, die, len(flow.state.stacks[player][cell]) > 0, 0.0)
        elif kind == "placed":
            # A placement's event names its player, its die and its space (flow._apply).
            assert player is not None and die is not None and cell is not None
            if self._dropped != die:
                stacks = (
                    flow.round_end.stacks
                    if flow.mode is Mode.ROUND_END and flow.round_end
                    else flow.state.stacks
                )
                stack = stacks[player][cell]
                below = stack.index(die) if die in stack else 0
                person = flow.seats[player].is_person
                self._placed(flow, player, die, below > 0, 0.0 if person else GLIDE)
            self._dropped = None
        elif kind == "set_aside":
            assert die is not None  # a move's events name its die
            self._dropped = None
            self.bank.play("die_felt", PLACE_SPEED, die_rate(die))
        elif kind in ("undone", "discarded", "rejected"):
            self._dropped = None
        elif kind == "curtain" or (kind == "turn" and flow.mode is Mode.TURN):
            self._cue(flow, player)
        self._check_draw(flow)

    def card(self, kind: str) -> None:
        """An Award or a Prize card goes to its building: the reveal calls this at the card's
        step (the round's end itself is silent: the reveal paces it)."""
        self.bank.play("award" if kind == "award" else "prize")

    def _cue(self, flow: GameFlow, player: int | None) -> None:
        """The turn cue, once a turn: not again when the curtain lifts, nor at a two-player
        turn's second decision (the discard)."""
        key = (flow.state.round, flow.state.turns_done, player)
        if key != self._cued:
            self._cued = key
            self.bank.play("turn")

    def _placed(self, flow: GameFlow, player: int, die: int, on_die: bool, delay: float) -> None:
        # A person's own drop is theirs to hear (the flow may already be behind the next curtain).
        if flow.seats[player].is_person or player in flow.visible_seats():
            self.bank.place(on_die, die, delay)
        else:  # behind a screen: the same thud whatever it landed on
            self.bank.play("die_felt", HIDDEN_SPEED, die_rate(die), delay)

    def _check_draw(self, flow: GameFlow) -> None:
        if flow.mode in (Mode.ROUND_END, Mode.GAME_OVER):
            return  # the next round is dealt but not on show yet
        now = (flow.state.round, len(flow.state.bag))
        if self._drawn is not None and (now[0] != self._drawn[0] or now[1] < self._drawn[1]):
            self.bank.play("bag_draw", delay=DRAW_DELAY)
        self._drawn = now
