"""What the table marks for the person about to move: lit spaces on a card (legal, the one under
the pointer, the keyboard's choice), a glow on a pool die, and large labels naming a die (its value
and material) or the height a space asks for, read at a glance from the default camera."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from panda3d.core import NodePath, Point3, TextNode

from blueprints3d.client.render import highlight, materials
from blueprints3d.client.render.config import REFRACTION_MASK, SHADOW_MASK
from blueprints3d.client.scene import units
from blueprints3d.client.scene.props import make_label
from blueprints3d.client.scene.script_text import panda_text
from blueprints3d.client.scene.symbol_glyphs import glyph
from blueprints3d.client.table.model.layout import rotate
from blueprints3d.client.table.view.table_props import SeatView
from blueprints3d.engine.blueprints import Blueprint
from blueprints3d.engine.materials import MATERIAL_OF, Material
from blueprints3d.i18n import _

LEGAL_RGBA = (0.25, 0.85, 0.35, 0.45)  # a space where the dragged die may go
HOVER_OK_RGBA = (0.15, 1.0, 0.25, 0.85)  # the space under the pointer, legal
HOVER_BAD_RGBA = (1.0, 0.18, 0.12, 0.80)  # the space under the pointer, illegal
SELECT_RGBA = (1.0, 0.85, 0.2, 0.55)  # keyboard selection of a die or a space
HOVER_DIE_RGBA = (0.92, 0.92, 0.85, 0.35)  # the pool die under the pointer: a pale outline
INFO_SCALE = 1.9  # the die info label's type, cm (large: read at a glance)
INFO_LIFT = 2.6  # the label's centre over the die's top face, cm (clear of it)
INFO_AHEAD = 4.8  # a pool die's label, in front of the die's centre, cm (clear of its lean)


class MarkedTable(Protocol):
    """What the marks read of the table view: where the seats, cards and dice are."""

    root: NodePath
    seats: list[SeatView]
    dice: dict[int, NodePath]
    values: dict[int, int]
    in_pool: dict[int, bool]
    stacks: Sequence[Sequence[Sequence[int]]]
    centre_heading: float

    def blueprint_of(self, seat: int) -> Blueprint: ...

    def cell_world(self, seat: int, cell: int, level: int = 0) -> Point3: ...


class TableMarks:
    """The lit spaces, the die glows and the info labels of one table view."""

    def __init__(self, table: MarkedTable) -> None:
        self.table = table
        self.highlighted_cells: dict[int, dict[int, tuple | None]] = {}  # seat -> cell -> rgba
        self.selected_die: int | None = None
        self.hovered_die: int | None = None
        self.info_die: int | None = None
        self.info_label = self._build_info_label("die-info")
        self.space_label = self._build_info_label("space-info")  # the pointed space's height

    # ---- spaces -------------------------------------------------------------------------------
    def highlight_cells(self, seat: int, colours: dict[int, tuple | None]) -> None:
        """Light the given cells of a seat's card (cell -> rgba); every other cell goes dark."""
        card = self.table.seats[seat].card
        if card is None:
            return
        old = self.highlighted_cells.get(seat, {})
        if old == colours:
            return
        cells = self.table.blueprint_of(seat).num_cells  # a card is made from its blueprint
        for cell in range(cells):
            overlay = card.find(f"space-{cell}")
            if overlay.is_empty():
                continue
            highlight.set_highlight(overlay, colours.get(cell))
        self.highlighted_cells[seat] = dict(colours)
        # The space the drop (or the keyboard) would use: its printed height, in large type.
        pointed = next(
            (c for c, rgba in colours.items() if rgba in (HOVER_OK_RGBA, HOVER_BAD_RGBA)), None
        )
        self.show_space_info(seat if pointed is not None else None, pointed)

    def forget_card(self, seat: int) -> None:
        """A seat's card was replaced: none of its spaces is lit any more."""
        self.highlighted_cells.pop(seat, None)

    def clear_highlights(self) -> None:
        for seat in list(self.highlighted_cells):
            self.highlight_cells(seat, {})

    def _height_on(self, seat: int, cell: int) -> int:
        stacks = self.table.stacks
        return len(stacks[seat][cell]) if seat < len(stacks) else 0

    def space_info_text(self, seat: int, cell: int) -> str:
        height = self.table.blueprint_of(seat).heights[cell]
        if height is None:
            return _("no building here")
        on = self._height_on(seat, cell)
        return (
            _("needs {height} ({on} on it)", height=height, on=on)
            if on
            else _("needs {height}", height=height)
        )

    def show_space_info(self, seat: int | None, cell: int | None) -> None:
        """Show over a space of ``seat``'s card the height printed on it; None hides it."""
        seats = self.table.seats
        if (
            seat is None
            or cell is None
            or seats[seat].blueprint is None
            or seats[seat].card is None
        ):
            self.space_label.hide()
            return
        self.space_label.node().set_text(panda_text(self.space_info_text(seat, cell)))
        p = self.table.cell_world(seat, cell, self._height_on(seat, cell))
        self.space_label.set_pos(p.x, p.y, p.z + units.DIE_SIZE / 2 + INFO_LIFT)
        self.space_label.show()
        self.space_label.hide(SHADOW_MASK | REFRACTION_MASK)

    # ---- dice ---------------------------------------------------------------------------------
    def highlight_die(self, die: int | None, rgba: tuple | None = SELECT_RGBA) -> None:
        dice = self.table.dice
        if self.selected_die is not None and self.selected_die != die:
            highlight.set_highlight(dice[self.selected_die], None)
        self.selected_die = die
        if die is not None:
            highlight.set_highlight(dice[die], rgba)
        if self.hovered_die == die:
            self.hovered_die = None
        self.show_die_info(die if die is not None else self.hovered_die)

    def hover_die(self, die: int | None) -> None:
        """A soft glow on the pool die under the pointer: this one can be picked up."""
        if die == self.hovered_die:
            return
        dice = self.table.dice
        if self.hovered_die is not None and self.hovered_die != self.selected_die:
            highlight.set_highlight(dice[self.hovered_die], None)
        self.hovered_die = None
        if die is not None and die != self.selected_die:
            highlight.set_highlight(dice[die], HOVER_DIE_RGBA)
            self.hovered_die = die
        self.show_die_info(die if die is not None else self.selected_die)

    # ---- the info labels ----------------------------------------------------------------------
    def _build_info_label(self, name: str) -> NodePath[TextNode]:
        """Large type over a die (its value and material: hover, keyboard cursor, selection) or
        over the space a drop would use (the height printed there, which a die may cover)."""
        label = make_label(name, "", (1, 1, 1, 1), INFO_SCALE, flat=False)
        tn = label.node()
        tn.set_card_color(0.05, 0.06, 0.10, 0.82)
        tn.set_card_as_margin(0.25, 0.25, 0.12, 0.12)
        tn.set_card_decal(True)
        label.reparent_to(self.table.root)
        label.set_billboard_point_eye()
        materials.draw_on_top(label, 70)
        label.hide()
        return label

    def die_info_text(self, die: int) -> str:
        m = Material(MATERIAL_OF[die])
        return _(
            "{value}  {glyph}{material}",
            value=self.table.values[die],
            glyph=glyph(m),
            material=_(m.label),
        )

    def show_die_info(self, die: int | None) -> None:
        """Name ``die`` (its value and material) in large type just above it (a pool die: just in
        front of it); None hides it."""
        table = self.table
        if die is None or table.dice[die].is_hidden():
            self.info_die = None
            self.info_label.hide()
            return
        node = table.dice[die]
        if die != self.info_die or self.info_label.node().get_text() != self.die_info_text(die):
            self.info_label.node().set_text(panda_text(self.die_info_text(die)))
            self.info_die = die
        p = node.get_pos(table.root)
        if table.in_pool.get(die, False):
            # A pool die's label stands in front of it, on the viewer's side: above it, it would
            # hide the Prize cards that lie behind the pool.
            dx, dy = rotate(0.0, -INFO_AHEAD, table.centre_heading)
            self.info_label.set_pos(p.x + dx, p.y + dy, p.z)
        else:
            top = p.z + units.DIE_SIZE * node.get_sz(table.root) / 2
            self.info_label.set_pos(p.x, p.y, top + INFO_LIFT)
        self.info_label.show()
        self.info_label.hide(SHADOW_MASK | REFRACTION_MASK)
