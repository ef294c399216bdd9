"""The player's hands: press, drag and release on dice and spaces, or the same with the keyboard.

Input arrives as plain calls (``press(x, y)``, ``move(x, y)``, ``release(x, y)``, ``key(name)``)
with x, y in Panda3D's mouse coordinates ([-1, 1], +y up), so the app forwards real mouse events
and the tests call the very same methods at the projected screen positions of dice and spaces.
Which die may go where is asked of the game flow, which asks the engine; nothing here knows a rule.

A drop names the space whose stack the pointer is over (its top or its sides: each stack is a
column box, the nearest hit wins), else the printed space under the pointer (``table_aim``,
which also says where dice and spaces show on the window). With the flow's
``confirm_moves`` a drop or a key only proposes the move: Enter (or the Confirm button) applies
it, Backspace / Ctrl+Z (or Undo) takes it back, and grabbing a die again takes it back too.
The keyboard cursor (bright corner brackets, unlike the legal spaces' glow) marks the die or
space the arrows are on from the start of every turn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from panda3d.core import NodePath

from blueprints3d.client.scene.picking import Column, Picker
from blueprints3d.client.table.controls.table_aim import Mark, TableAim
from blueprints3d.client.table.model.flow import GameFlow, Mode, Outcome
from blueprints3d.client.table.model.pending import Pending
from blueprints3d.client.table.view.cursor import make_cursor
from blueprints3d.client.table.view.marks import (
    HOVER_BAD_RGBA,
    HOVER_OK_RGBA,
    LEGAL_RGBA,
    SELECT_RGBA,
)
from blueprints3d.client.table.view.table_view import DRAG_HEIGHT, TableView
from blueprints3d.engine.blueprints import Blueprint
from blueprints3d.engine.state import Phase
from blueprints3d.i18n import N_, _, digits

OFF_CARD = N_("drop the die on a space of your blueprint")
# TRANSLATORS: key names as your keyboards print them (German: Rücktaste, Strg+Z).
PENDING_HINT = N_("Enter to confirm the move, Backspace or Ctrl+Z to take it back")
PENDING_RGBA = (1.0, 1.0, 1.0, 1.0)  # white brackets round a move's die until it is confirmed
UNDO_KEYS = ("backspace", "control-z")
# Row 1 is the far side of the card (the top of the screen from the default view).
ARROW_STEPS = {
    "arrow_left": (0, -1),
    "arrow_right": (0, 1),
    "arrow_up": (-1, 0),
    "arrow_down": (1, 0),
}
# What the number keys choose, in the hint while choosing a space (hud.CONTROLS says the same).
NUMBER_KEYS_RULE = N_("the spaces you can build on, counted row by row from the far side")
CONFIRM_KEYS = ("enter", "space")


@dataclass
class Drag:
    die: int
    legal: list[int]
    fits_nowhere: bool
    hover: int | None = None
    over_card: bool = False


@dataclass
class KeyChoice:
    """The keyboard path: a die chosen in the pool, then (when placing) a space on the card."""

    die_index: int = 0
    choosing_cell: bool = False
    cell: int = 0
    # Whether the keys have chosen anything this turn: until then the cursor's die is not named
    # (the label names the die the player points at or chose, never one they have not touched).
    used: bool = False


@dataclass
class TableControls:
    flow: GameFlow
    view: TableView
    picker: Picker
    on_message: Callable[[str], None] = lambda text: None
    drag: Drag | None = None
    keys: KeyChoice = field(default_factory=KeyChoice)
    _pressed_discard: int | None = None
    last_outcome: Outcome | None = None
    cursor: NodePath = field(init=False)
    pending_mark: NodePath = field(init=False)
    aim: TableAim = field(init=False)

    def __post_init__(self) -> None:
        self.cursor = make_cursor(self.view.root)
        self.pending_mark = make_cursor(self.view.root, PENDING_RGBA)
        self.aim = TableAim(self.flow, self.view, self.picker)

    # ---- pointer ------------------------------------------------------------------------------
    def pool_nodes(self) -> dict:
        return {d: self.view.dice[d] for d in self.flow.state.pool}

    def press(self, x: float, y: float) -> bool:
        """Mouse button down at (x, y). True when it grabbed a die."""
        flow = self.flow
        if flow.mode is not Mode.TURN:
            return False
        die = self.picker.die_under(x, y, self.pool_nodes())
        if die is None:
            return False
        if flow.pending is not None:
            flow.undo()  # grabbing a die again takes the tentative move back
            self.view.sync(flow)
        self._clear_keys()
        if flow.state.phase is Phase.DISCARD:
            self._pressed_discard = die
            self.view.highlight_die(die, SELECT_RGBA)
            return True
        self.view.hover_die(None)
        self.drag = Drag(die, flow.legal_cells(die), flow.fits_nowhere(die))
        node = self.view.dice[die]
        goal = self.picker.on_plane(x, y, DRAG_HEIGHT)
        # Picked up: it rises off the felt and follows the pointer with a little lag (the view's
        # carry); a glide it was in stops where it is.
        self.view.pick_up(die, goal if goal is not None else node.get_pos(self.view.root))
        self.move(x, y)
        if self.drag.fits_nowhere:
            self.on_message(
                _(
                    "the {die} fits nowhere on your building: "
                    "drop it on your card to take it anyway (it leaves the game)",
                    die=flow.state.die_message(die),
                )
            )
        return True

    def hover(self, x: float, y: float) -> None:
        """The pointer rests somewhere (no drag): light the pool die it could pick up."""
        if self.flow.mode is not Mode.TURN or self.drag is not None:
            self.view.hover_die(None)
            return
        pool = self.pool_nodes()
        if self.flow.pending is not None:
            pool.pop(self.flow.pending.die, None)
        self.view.hover_die(self.picker.die_under(x, y, pool))

    def pointer_gone(self) -> None:
        """The pointer left the window (the mouse watcher has no mouse): nothing is under it any
        more, so no die glows or is named for it, and no space is named for a drop (a dragged
        die keeps the legal spaces lit; let go outside the window, it goes back)."""
        self.view.hover_die(None)
        d = self.drag
        if d is None or (d.hover is None and not d.over_card):
            return
        d.hover, d.over_card = None, False
        if self.flow.viewer is not None:
            self.view.highlight_cells(self.flow.viewer, {c: LEGAL_RGBA for c in d.legal})

    def move(self, x: float, y: float) -> None:
        """The pointer moved: the dragged die heads for it (it catches up over the next frames),
        and the space under the pointer lights up: the drop goes there, wherever the die is."""
        d = self.drag
        if d is None:
            return
        p = self.picker.on_plane(x, y, DRAG_HEIGHT)
        if p is not None:
            self.view.carry_to(p)
        seat = self.flow.viewer
        card = self.view.card_of(seat) if seat is not None else None
        if seat is None or card is None:
            return
        d.hover = self.aim.space_under(x, y, seat, card)
        d.over_card = d.hover is not None or self.aim.over_card(x, y, seat, card)
        colours: dict[int, tuple | None] = {c: LEGAL_RGBA for c in d.legal}
        if d.hover is not None and not d.fits_nowhere:  # such a die is set aside, on no space
            colours[d.hover] = HOVER_OK_RGBA if d.hover in d.legal else HOVER_BAD_RGBA
        self.view.highlight_cells(seat, colours)

    def release(self, x: float, y: float) -> Outcome | None:
        """Mouse button up: drop the dragged die (the engine decides), or discard the clicked die."""
        if self._pressed_discard is not None:
            die, self._pressed_discard = self._pressed_discard, None
            self.view.highlight_die(None)
            if self.picker.die_under(x, y, self.pool_nodes()) != die:
                return None  # pressed on one die, let go elsewhere: changed their mind
            return self._done(self.flow.discard(die))
        d = self.drag
        if d is None:
            return None
        self.move(x, y)
        self.drag = None
        self.view.put_down()  # the sync below drops it onto its place, or flies it back
        self.view.clear_highlights()
        if d.fits_nowhere and d.over_card:  # anywhere on the card, a stack's top included
            return self._done(self.flow.set_aside(d.die))
        if d.hover is not None:
            return self._done(self.flow.place(d.die, d.hover))
        self.on_message(_(OFF_CARD))
        out = Outcome(False, _(OFF_CARD))
        self.last_outcome = out
        self.view.sync(self.flow)  # back to the pool it goes
        return out

    def cancel_drag(self) -> None:
        if self.drag is not None:
            self.view.put_down()  # back to the pool it flies
        self.drag = None
        self._pressed_discard = None
        self.view.clear_highlights()
        self.view.highlight_die(None)
        self.view.sync(self.flow)

    def _done(self, out: Outcome) -> Outcome:
        self.last_outcome = out
        if not out.ok:  # a success is told by the flow's own events
            self.on_message(out.message)
        self.view.sync(self.flow)
        self.update_cursor()
        return out

    # ---- keyboard -----------------------------------------------------------------------------
    def key(self, name: str) -> bool:
        """A key for playing: arrows / tab choose, 1-9 pick a space (the Nth one that can be
        built on, row by row from the far side: hatched spaces are skipped, by the arrows too),
        enter / space choose and then confirm, backspace goes back (and takes a tentative move
        back, like Ctrl+Z). True when the key was used."""
        flow = self.flow
        if flow.mode is not Mode.TURN or self.drag is not None:
            return False
        if flow.pending is not None:
            return self._pending_key(name, flow.pending)
        pool = flow.state.pool
        if not pool:
            return False
        k = self.keys
        k.die_index = min(k.die_index, len(pool) - 1)
        k.used = True
        if not k.choosing_cell:
            if name in ("arrow_left", "shift-tab"):
                k.die_index = (k.die_index - 1) % len(pool)
            elif name in ("arrow_right", "tab"):
                k.die_index = (k.die_index + 1) % len(pool)
            elif name in ("enter", "space"):
                return self._confirm_die(pool[k.die_index])
            else:
                return False
            self._show_keys()
            return True
        die = pool[k.die_index]
        bp = self._turn_blueprint()
        open_cells = buildable_cells(bp)
        cell = k.cell
        if name in ARROW_STEPS:
            cell = arrow_step(bp, k.cell, *ARROW_STEPS[name])
        elif name.isdigit() and 1 <= int(name) <= min(len(open_cells), 9):
            cell = open_cells[int(name) - 1]  # the Nth space that can be built on
        elif name.isdigit():
            self.on_message(self._space_hint(die))
            return True
        elif name in ("backspace", "escape"):
            k.choosing_cell = False
            self._show_keys()
            return True
        elif name in ("enter", "space"):
            out = self.flow.place(die, k.cell)
            if out.ok:
                self._clear_keys()
            self._done(out)
            if not out.ok:
                self._show_keys()
            return True
        else:
            return False
        k.cell = cell
        self._show_keys()
        return True

    def _pending_key(self, name: str, pend: Pending) -> bool:
        """Keys while ``pend`` waits: Enter confirms, Backspace / Ctrl+Z takes it back (the keyboard
        then stands where it was: on the space, for a placement)."""
        if name in CONFIRM_KEYS:
            self.confirm()
            return True
        if name in UNDO_KEYS:
            self.undo()
            pool = self.flow.state.pool
            if pend.die in pool:
                self.keys = KeyChoice(
                    pool.index(pend.die), pend.cell is not None, pend.cell or 0, used=True
                )
                self._show_keys()
            return True
        self.on_message(_(PENDING_HINT))
        return (
            name in ("arrow_left", "arrow_right", "arrow_up", "arrow_down", "tab", "shift-tab")
            or name.isdigit()
        )

    def confirm(self) -> Outcome:
        """Apply the tentative move (Enter, or the Confirm button)."""
        out = self.flow.confirm()
        self._clear_keys()
        return self._done(out)

    def undo(self) -> Outcome:
        """Take the tentative move back (Backspace, Ctrl+Z, or the Undo button)."""
        out = self.flow.undo()
        self._clear_keys()
        return self._done(out)

    def _confirm_die(self, die: int) -> bool:
        flow = self.flow
        if flow.state.phase is Phase.DISCARD:
            self._clear_keys()
            self._done(flow.discard(die))
            return True
        if flow.fits_nowhere(die):
            self._clear_keys()
            self._done(flow.set_aside(die))
            return True
        self.keys.choosing_cell = True
        legal = flow.legal_cells(die)
        open_cells = buildable_cells(self._turn_blueprint())
        self.keys.cell = legal[0] if legal else (open_cells[0] if open_cells else 0)
        self._show_keys()
        self.on_message(self._space_hint(die))
        return True

    def _space_hint(self, die: int) -> str:
        """What the keys do while choosing a space (the help screen's CONTROLS say the same)."""
        flow = self.flow
        n = min(len(buildable_cells(self._turn_blueprint())), 9)
        # The number keys, in the reader's digits (a Persian keyboard prints both on each key).
        keys = digits("1" if n == 1 else f"1-{n}")
        return _(
            "the {die}: choose a space with the arrows or {keys} ({rule}), enter to place, "
            "backspace to choose another die",
            die=flow.state.die_message(die),
            keys=keys,
            rule=_(NUMBER_KEYS_RULE),
        )

    def _turn_blueprint(self) -> Blueprint:
        """The card of the person to move, for the keys (which act only on a person's turn)."""
        seat = self.flow.viewer
        # The flow's TURN mode always has its viewer: the person to move (flow._begin_turn).
        assert seat is not None, "a person's turn without a viewer"
        return self.view.blueprint_of(seat)

    def _show_keys(self) -> None:
        flow, k = self.flow, self.keys
        pool = flow.state.pool
        die = pool[min(k.die_index, len(pool) - 1)]
        # The cursor's brackets say where the arrows are; the selection glow, which die was chosen.
        self.view.highlight_die(die if k.choosing_cell else None, SELECT_RGBA)
        self.update_cursor()
        seat = flow.viewer
        if seat is None:
            return
        if k.choosing_cell:
            legal = flow.legal_cells(die)
            colours: dict[int, tuple | None] = {c: LEGAL_RGBA for c in legal}
            colours[k.cell] = HOVER_OK_RGBA if k.cell in legal else HOVER_BAD_RGBA
            self.view.highlight_cells(seat, colours)
        else:
            self.view.highlight_cells(seat, {})

    def _clear_keys(self) -> None:
        self.keys = KeyChoice()
        self.view.highlight_die(None)
        self.view.clear_highlights()

    def cursor_target(self) -> Mark | None:
        """Where the keyboard cursor stands now (centre in the table's frame, size, heading),
        or None when it is not shown: only on a person's turn, with nothing dragged or waiting."""
        flow, k = self.flow, self.keys
        pool = flow.state.pool
        if (
            flow.mode is not Mode.TURN
            or self.drag is not None
            or self._pressed_discard is not None
            or flow.pending is not None
            or not pool
            or flow.viewer is None
        ):
            return None
        if k.choosing_cell:
            return self.aim.cell_mark(flow.viewer, k.cell)
        return self.aim.die_mark(pool[min(k.die_index, len(pool) - 1)], scaled=True)

    def update_cursor(self) -> None:
        """Move the keyboard cursor to where it stands, and the white brackets to a waiting
        move's die (every frame: the dice glide)."""
        if self.cursor.is_empty():
            return
        target = self.cursor_target()
        _place(self.cursor, self.view.root, target)
        # The die info label (value and material, large): the pointer's die, else the cursor's.
        info = (
            self.view.hovered_die if self.view.hovered_die is not None else self.view.selected_die
        )
        if info is None and target is not None and not self.keys.choosing_cell and self.keys.used:
            pool = self.flow.state.pool
            info = pool[min(self.keys.die_index, len(pool) - 1)]
        self.view.show_die_info(info if self.drag is None else None)
        pend = self.flow.pending
        mark = None
        if pend is not None and self.flow.mode is Mode.TURN:
            mark = self.aim.die_mark(pend.die, scaled=False)
        _place(self.pending_mark, self.view.root, mark)

    # ---- where things are (the tests press and drop there) ------------------------------------
    def columns(self, seat: int) -> list[Column]:
        """The pick boxes of the stacks on a seat's card, in the card's frame (``scene.picking``)."""
        return self.aim.columns(seat)

    def screen_of_die(self, die: int) -> tuple[float, float] | None:
        """Where a die shows on screen (the tests click there)."""
        return self.aim.screen_of_die(die)

    def screen_of_cell(self, seat: int, cell: int) -> tuple[float, float] | None:
        """Where a space shows on screen, at a point the pointer would pick as that space."""
        return self.aim.screen_of_cell(seat, cell)

    def screen_of_stack_top(self, seat: int, cell: int) -> tuple[float, float] | None:
        """Where the centre of the top face of a space's stack shows on screen."""
        return self.aim.screen_of_stack_top(seat, cell)


def buildable_cells(blueprint) -> list[int]:
    """The spaces of a card a die may ever go on (not hatched), row by row from the far row,
    left to right: the number keys 1-9 choose the first nine of them in this order."""
    return [c for c in range(blueprint.num_cells) if not blueprint.is_hatched(c)]


def arrow_step(blueprint, cell: int, d_row: int, d_col: int) -> int:
    """The space an arrow goes to from ``cell``, stepping over hatched spaces: Left / Right the
    next open space in that direction along the row; Up / Down the open space nearest in column
    in the next row that has one. ``cell`` itself when there is none that way."""
    rows, cols = blueprint.rows, blueprint.cols
    r, c = divmod(cell, cols)
    if d_col:
        c += d_col
        while 0 <= c < cols:
            if not blueprint.is_hatched(r * cols + c):
                return r * cols + c
            c += d_col
        return cell
    r += d_row
    while 0 <= r < rows:
        open_here = [k for k in range(cols) if not blueprint.is_hatched(r * cols + k)]
        if open_here:
            return r * cols + min(open_here, key=lambda k: (abs(k - c), k))
        r += d_row
    return cell


def _place(mark: NodePath, root: NodePath, where: Mark | None) -> None:
    """Stand ``mark`` where ``where`` says in ``root``'s frame, or hide it (None)."""
    if where is None:
        mark.hide()
        return
    pos, size, heading = where
    mark.set_pos(root, pos)
    mark.set_hpr(root, heading, 0, 0)
    mark.set_scale(size)
    mark.show()
