"""The player's hands: press, drag and release on dice and spaces, or the same with the keyboard.

Input arrives as plain calls (``press(x, y)``, ``move(x, y)``, ``release(x, y)``, ``key(name)``)
with x, y in Panda3D's mouse coordinates ([-1, 1], +y up), so the app forwards real mouse events
and the tests call the very same methods at the projected screen positions of dice and spaces.
Which die may go where is asked of the game flow, which asks the engine; nothing here knows a rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from panda3d.core import Point3

from blueprints3d.client.scene import card_model, units
from blueprints3d.client.table.flow import GameFlow, Mode, Outcome
from blueprints3d.client.scene.picking import Picker
from blueprints3d.client.table.table_view import (DRAG_HEIGHT, HOVER_BAD_RGBA, HOVER_OK_RGBA, LEGAL_RGBA,
                                       SELECT_RGBA, TableView)
from blueprints3d.engine.state import Phase

OFF_CARD = "drop the die on a space of your blueprint"


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
        self._clear_keys()
        if flow.state.phase is Phase.DISCARD:
            self._pressed_discard = die
            self.view.highlight_die(die, SELECT_RGBA)
            return True
        self.view.hover_die(None)
        self.drag = Drag(die, flow.legal_cells(die), flow.fits_nowhere(die))
        self.view.dragging = die
        node = self.view.dice[die]
        self.view.animator.cancel(node)
        node.set_scale(1.12)  # picked up: a touch bigger, as if nearer the eye
        self.move(x, y)
        if self.drag.fits_nowhere:
            self.on_message(f"the {flow.state.describe_die(die)} fits nowhere on your building: "
                            f"drop it on your card to take it anyway (it leaves the game)")
        return True

    def hover(self, x: float, y: float) -> None:
        """The pointer rests somewhere (no drag): light the pool die it could pick up."""
        if self.flow.mode is not Mode.TURN or self.drag is not None:
            self.view.hover_die(None)
            return
        self.view.hover_die(self.picker.die_under(x, y, self.pool_nodes()))

    def move(self, x: float, y: float) -> None:
        """The pointer moved: the dragged die follows it, and the space under it lights up."""
        d = self.drag
        if d is None:
            return
        p = self.picker.on_plane(x, y, DRAG_HEIGHT)
        if p is not None:
            self.view.dice[d.die].set_pos(self.view.root, p)
        seat = self.flow.viewer
        card = self.view.card_of(seat) if seat is not None else None
        if card is None:
            return
        bp = self.view.seats[seat].blueprint
        d.hover = self.picker.cell_under(x, y, card, lambda lx, ly: card_model.cell_at(bp, lx, ly))
        d.over_card = d.hover is not None or self._over_card(x, y, seat)
        colours: dict[int, tuple | None] = {c: LEGAL_RGBA for c in d.legal}
        if d.hover is not None:
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
        self.view.dragging = None
        self.view.dice[d.die].set_scale(1.0)
        self.view.clear_highlights()
        if d.hover is not None:
            return self._done(self.flow.place(d.die, d.hover))
        if d.fits_nowhere and d.over_card:
            return self._done(self.flow.set_aside(d.die))
        self.on_message(OFF_CARD)
        out = Outcome(False, OFF_CARD)
        self.last_outcome = out
        self.view.sync(self.flow)  # back to the pool it goes
        return out

    def cancel_drag(self) -> None:
        if self.drag is not None:
            self.view.dice[self.drag.die].set_scale(1.0)
        self.drag = None
        self._pressed_discard = None
        self.view.dragging = None
        self.view.clear_highlights()
        self.view.highlight_die(None)
        self.view.sync(self.flow)

    def _over_card(self, x: float, y: float, seat: int) -> bool:
        sv = self.view.seats[seat]
        w, h = card_model.card_size(sv.blueprint)
        hit = self.picker.on_plane(x, y, 0.0)
        if hit is None:
            return False
        local = sv.card.get_relative_point(self.view.root, hit)
        return abs(local.x) <= w / 2 and abs(local.y) <= h / 2

    def _done(self, out: Outcome) -> Outcome:
        self.last_outcome = out
        if not out.ok:  # a success is told by the flow's own events
            self.on_message(out.message)
        self.view.sync(self.flow)
        return out

    # ---- keyboard -----------------------------------------------------------------------------
    def key(self, name: str) -> bool:
        """A key for playing: arrows / tab choose, 1-9 pick a space, enter / space confirm,
        backspace goes back. True when the key was used."""
        flow = self.flow
        if flow.mode is not Mode.TURN or self.drag is not None:
            return False
        pool = flow.state.pool
        if not pool:
            return False
        k = self.keys
        k.die_index = min(k.die_index, len(pool) - 1)
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
        bp = self.view.seats[flow.viewer].blueprint
        r, c = divmod(k.cell, bp.cols)
        if name == "arrow_left":
            c = max(c - 1, 0)
        elif name == "arrow_right":
            c = min(c + 1, bp.cols - 1)
        elif name == "arrow_up":
            r = max(r - 1, 0)      # row 1 is the far side of the card
        elif name == "arrow_down":
            r = min(r + 1, bp.rows - 1)
        elif name.isdigit() and 1 <= int(name) <= bp.num_cells:
            r, c = divmod(int(name) - 1, bp.cols)
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
        k.cell = r * bp.cols + c
        self._show_keys()
        return True

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
        self.keys.cell = legal[0] if legal else 0
        self._show_keys()
        self.on_message(f"the {flow.state.describe_die(die)}: choose a space with the arrows or 1-"
                        f"{self.view.seats[flow.viewer].blueprint.num_cells}, enter to place, "
                        f"backspace to choose another die")
        return True

    def _show_keys(self) -> None:
        flow, k = self.flow, self.keys
        pool = flow.state.pool
        die = pool[min(k.die_index, len(pool) - 1)]
        self.view.highlight_die(die, SELECT_RGBA)
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

    def screen_of_die(self, die: int) -> tuple[float, float] | None:
        """Where a die shows on screen (the tests click there)."""
        return self.picker.project(self.view.dice[die].get_pos(self.view.root), self.view.root)

    def screen_of_cell(self, seat: int, cell: int) -> tuple[float, float] | None:
        """Where a space's centre shows on screen, at the top of the card."""
        sv = self.view.seats[seat]
        x, y = card_model.cell_position(sv.blueprint, cell)
        return self.picker.project(Point3(x, y, units.CARD_THICKNESS), sv.root)
