"""Where the pointer is on the table, and where the table's dice and spaces show on the window.

A drop names the space whose stack the pointer is over (its top or its sides: each stack is a
column box, the nearest hit wins), else the printed space under the pointer (``space_under``).
The tests press, drag and drop at the very points a player would (``screen_of_die``,
``screen_of_cell``), and the keyboard's brackets stand over a space or a pool die where the
player sees it (``cell_mark``, ``die_mark``). Positions are in Panda3D's mouse coordinates
([-1, 1], +y up); the view's root is the table's frame.
"""

from __future__ import annotations

from dataclasses import dataclass

from panda3d.core import NodePath, Point3

from blueprints3d.client.scene import card_model, units
from blueprints3d.client.scene.picking import Column, Picker
from blueprints3d.client.table.model.flow import GameFlow
from blueprints3d.client.table.view.cursor import CURSOR_DIE_SIZE
from blueprints3d.client.table.view.table_view import TableView

# Where a mark stands: its centre in the table's frame, its size and its heading.
Mark = tuple[Point3, float, float]


@dataclass
class TableAim:
    """The dice and spaces of ``view`` (stacked as ``flow``'s state says) under the pointer and
    on the window, through ``picker``."""

    flow: GameFlow
    view: TableView
    picker: Picker

    def space_under(self, x: float, y: float, seat: int, card: NodePath) -> int | None:
        """The space of ``seat``'s card a drop at (x, y) goes to: the stack the pointer is over,
        else the printed space under it (None: neither)."""
        bp = self.view.blueprint_of(seat)
        return self.picker.cell_under(
            x, y, card, lambda lx, ly: card_model.cell_at(bp, lx, ly), columns=self.columns(seat)
        )

    def columns(self, seat: int) -> list[Column]:
        """The pick boxes of the stacks on a seat's card, in the card's frame (``scene.picking``)."""
        bp = self.view.blueprint_of(seat)
        half = units.DIE_SIZE / 2 * 1.02  # the dice as drawn: a ray between two stacks passes on
        out = []
        for cell, st in enumerate(self.flow.state.stacks[seat]):
            if st:
                x, y = card_model.cell_position(bp, cell)
                out.append(
                    Column(cell, x, y, half, 0.0, units.CARD_THICKNESS + units.DIE_SIZE * len(st))
                )
        return out

    def over_card(self, x: float, y: float, seat: int, card: NodePath) -> bool:
        """Whether the pointer at (x, y) is over ``seat``'s card, on the felt's plane."""
        w, h = card_model.card_size(self.view.blueprint_of(seat))
        hit = self.picker.on_plane(x, y, 0.0)
        if hit is None:
            return False
        local = card.get_relative_point(self.view.root, hit)
        return abs(local.x) <= w / 2 and abs(local.y) <= h / 2

    # ---- marks over the table -----------------------------------------------------------------
    def cell_mark(self, seat: int, cell: int) -> Mark | None:
        """Brackets round the top of a space's stack (None: the seat has no card, or no such
        space)."""
        sv = self.view.seats[seat]
        if sv.card is None:
            return None
        bp = self.view.blueprint_of(seat)
        if cell >= bp.num_cells:
            return None
        x, y = card_model.cell_position(bp, cell)
        height = len(self.flow.state.stacks[seat][cell])
        z = units.CARD_THICKNESS + units.DIE_SIZE * height + card_model.HIGHLIGHT_LIFT * 2
        p = self.view.root.get_relative_point(sv.root, Point3(x, y, z))
        return p, units.CELL_PITCH * 0.98, sv.place.heading

    def die_mark(self, die: int, scaled: bool) -> Mark:
        """Brackets round a die's top face; ``scaled``: as large as the die is drawn (pool dice
        are drawn larger: layout.POOL_DIE_SCALE), else for a die of the usual size."""
        node = self.view.dice[die]
        p = node.get_pos(self.view.root)
        s = node.get_sz(self.view.root) if scaled else 1.0
        return (
            Point3(p.x, p.y, p.z + units.DIE_SIZE * s / 2 + 0.04),
            CURSOR_DIE_SIZE * s,
            node.get_h(self.view.root),
        )

    # ---- on the window ------------------------------------------------------------------------
    def screen_of_die(self, die: int) -> tuple[float, float] | None:
        """Where a die shows on screen (the tests click there)."""
        return self.picker.project(self.view.dice[die].get_pos(self.view.root), self.view.root)

    def screen_of_cell(self, seat: int, cell: int) -> tuple[float, float] | None:
        """Where a space shows on screen: the centre of the top of its stack (of the printed
        space when empty), or, when a nearer stack hides that, another visible point of its top
        or sides that the pointer would pick as this space (the tests drop there). None when
        the space does not show from this view (a taller stack in front hides it all)."""
        sv, bp = self.view.seats[seat], self.view.blueprint_of(seat)
        x, y = card_model.cell_position(bp, cell)
        height = len(self.flow.state.stacks[seat][cell])
        top = units.CARD_THICKNESS + units.DIE_SIZE * height
        first = self.picker.project(Point3(x, y, top), sv.root)
        if first is None or sv.card is None:
            return first
        a = units.DIE_SIZE * 0.4
        tries = [(x, y, top)] + [(x + dx, y + dy, top) for dx in (-a, 0, a) for dy in (-a, 0, a)]
        for z in [top - units.DIE_SIZE * (k + 0.5) for k in range(height)] if height else []:
            tries += [(x + dx, y + dy, z) for dx, dy in ((0, -a), (-a, 0), (a, 0), (0, a))]
        cols = self.columns(seat)
        for p in tries:
            at = self.picker.project(Point3(*p), sv.root)
            if at is None:
                continue
            got = self.picker.cell_under(
                *at, sv.card, lambda lx, ly: card_model.cell_at(bp, lx, ly), columns=cols
            )
            if got == cell:
                return at
        return None

    def screen_of_stack_top(self, seat: int, cell: int) -> tuple[float, float] | None:
        """Where the centre of the top face of a space's stack shows on screen."""
        sv = self.view.seats[seat]
        x, y = card_model.cell_position(self.view.blueprint_of(seat), cell)
        top = units.CARD_THICKNESS + units.DIE_SIZE * len(self.flow.state.stacks[seat][cell])
        return self.picker.project(Point3(x, y, top), sv.root)
