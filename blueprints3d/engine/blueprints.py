"""Blueprint cards: a top-down grid of spaces, each with an intended stack height or hatched.

The grid's size comes from the card data; nothing in the engine assumes 3 x 2. Cells are
numbered row-major, ``cell = row * cols + col``, and shown to players 1-based.

A card from outside the deck (the sandbox's blank grid, a build file's custom grid) may leave
spaces unprinted (``UNPRINTED``; ``null`` in a build file's grid): such a space takes dice like
any open space and asks for no height. The blueprint bonus checks the numbered and hatched
spaces only (RULES.md: "every numbered space's stack height equals its number"), and a card
with no number printed at all has no plan to follow, so no bonus (``Blueprint.has_plan``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from typing import Any

from blueprints3d import resources
from blueprints3d.engine.errors import CardDataError
from blueprints3d.engine.rules import CARD_TOTAL
from blueprints3d.i18n.message import N_, Message
from blueprints3d.text import shown

HATCHED = "X"
UNPRINTED = 0  # ``heights[cell]`` of a space with nothing printed (a blank grid's); null in a grid
# Bounds of a card from outside the deck (build files, the sandbox): the table has room for an
# 8 x 8 grid, and a face is printed in time only when its words and numbers are short.
MAX_SIDE = 8
MAX_HEIGHT = 99
MAX_ID_LENGTH = 16
MAX_NAME_LENGTH = 60

# The names of the 24 cards of data/blueprints.json, marked for the catalogue (a test checks they
# are the file's): a card's ``name`` is the English id, shown as ``_(card.name)`` (a custom card's
# name, in no catalogue, is shown as it is).
CARD_NAMES = (
    N_("Row Houses"),
    N_("Corner Loft"),
    N_("Courtyard"),
    N_("Gatehouse"),
    N_("Side Wing"),
    N_("Bell Tower"),
    N_("Twin Gables"),
    N_("Terrace"),
    N_("Chapel"),
    N_("Split Level"),
    N_("Watchpost"),
    N_("Duplex"),
    N_("Lighthouse"),
    N_("Stepped Tower"),
    N_("Three Pillars"),
    N_("Keep"),
    N_("Staircase"),
    N_("Block"),
    N_("Pagoda"),
    N_("Twin Towers"),
    N_("Spire"),
    N_("High Rise"),
    N_("Skyline"),
    N_("Tower and Annex"),
)
# The name of a card from outside the deck, when it has none of its own.
CUSTOM_NAME = N_("Custom blueprint")


@dataclass(frozen=True)
class Blueprint:
    """One blueprint card. ``heights[cell]`` is the printed height, None for a hatched space,
    or ``UNPRINTED`` (0) for a space with nothing printed (only on cards from outside the deck)."""

    id: str
    name: str
    rows: int
    cols: int
    heights: tuple[int | None, ...]

    @classmethod
    def from_grid(
        cls, grid: Any, id: str = "custom", name: str = CUSTOM_NAME, check_total: bool = True
    ) -> Blueprint:
        """A card from ``grid[row][col]`` = height, "X" (hatched) or, where ``check_total`` is
        off (a card from outside the deck), None (nothing printed); raises CardDataError naming
        the fault. ``id`` and ``name`` are short printable text; the grid at most ``MAX_SIDE`` a
        side."""
        _check_label(id, name)
        cols = _grid_columns(grid, id)
        heights = _grid_heights(grid, id, check_total)
        return cls(id=id, name=name, rows=len(grid), cols=cols, heights=tuple(heights))

    @property
    def title(self) -> str:
        """The card as named to players: "B07 Twin Gables"; the name alone where it already
        says the id ("Blank 3x2 grid", not "blank Blank 3x2 grid")."""
        return str(self.title_message)

    @property
    def name_message(self) -> Message:
        """The card's name as a Message: a deck card's (CARD_NAMES) is translated where shown; a
        name a player gave a card of their own is not in the catalogue and shows as written."""
        return Message.of(self.name)

    @property
    def title_message(self) -> Message:
        """``title`` as a Message: the card's name translated where it is shown."""
        if re.search(rf"(?<!\w){re.escape(self.id)}(?!\w)", self.name, re.IGNORECASE):
            return Message.of(self.name)
        return Message.of("{id} {name}", id=self.id, name=Message.of(self.name))

    @property
    def num_cells(self) -> int:
        return self.rows * self.cols

    def is_hatched(self, cell: int) -> bool:
        return self.heights[cell] is None

    def is_printed(self, cell: int) -> bool:
        """Whether the space shows a height or hatching (a blank grid's spaces show neither)."""
        return self.heights[cell] != UNPRINTED

    @cached_property
    def has_plan(self) -> bool:
        """Whether some space has a height printed: a card with none has no blueprint bonus."""
        return any(self.heights)

    @cached_property
    def bonus_checks(self) -> tuple[tuple[int, int], ...]:
        """(cell, stack height) of every space the blueprint bonus checks: a numbered space its
        number, a hatched one 0 (unprinted spaces are not checked); none at all without a plan."""
        if not self.has_plan:
            return ()
        return tuple((c, h or 0) for c, h in enumerate(self.heights) if h != UNPRINTED)

    def grid(self) -> list[list[int | str | None]]:
        """The card as ``grid[row][col]``, in the build-file form (None: nothing printed)."""
        return [
            [
                HATCHED if h is None else None if h == UNPRINTED else h
                for h in self.heights[r * self.cols : (r + 1) * self.cols]
            ]
            for r in range(self.rows)
        ]

    def cell_name(self, cell: int) -> str:
        return cell_name(*divmod(cell, self.cols))

    def cell_message(self, cell: int) -> Message:
        return cell_message(*divmod(cell, self.cols))

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the orthogonally adjacent cells (dice there share a face on one level)."""
        return grid_neighbours(self.rows, self.cols)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "grid": self.grid()}


def _check_label(id: str, name: str) -> None:
    """A card's id and name: short printable text."""
    for what, text, most in (
        (Message.of("id"), id, MAX_ID_LENGTH),
        (Message.of("name"), name, MAX_NAME_LENGTH),
    ):
        if not isinstance(text, str) or not text.strip() or not text.isprintable():
            raise CardDataError(
                Message.of(
                    "a blueprint's {what} must be printable text, not {text}",
                    what=what,
                    text=shown(text),
                )
            )
        if len(text) > most:
            raise CardDataError(
                Message.of(
                    "a blueprint's {what} is at most {most} characters, not {n} ({text})",
                    what=what,
                    most=most,
                    n=f"{len(text):,}",
                    text=shown(text, 30),
                )
            )


def _grid_columns(grid: Any, id: str) -> int:
    """The width of a grid of rows, each as long, at most MAX_SIDE by MAX_SIDE."""
    if not isinstance(grid, list) or not grid or not all(isinstance(r, list) for r in grid):
        raise CardDataError(
            Message.of("blueprint {id}: grid must be a non-empty list of rows", id=id)
        )
    cols = len(grid[0])
    if cols == 0 or any(len(r) != cols for r in grid):
        raise CardDataError(
            Message.of(
                "blueprint {id}: every row of the grid must have the same, non-zero length",
                id=id,
            )
        )
    if len(grid) > MAX_SIDE or cols > MAX_SIDE:
        raise CardDataError(
            Message.of(
                "blueprint {id}: a grid is at most {most} x {most} spaces, not {rows} x {cols}",
                id=id,
                most=MAX_SIDE,
                rows=len(grid),
                cols=cols,
            )
        )
    return cols


def _grid_heights(grid: list[list[Any]], id: str, check_total: bool) -> list[int | None]:
    """Each space's height, row by row: None for hatched, UNPRINTED for nothing printed (only
    where ``check_total`` is off); with ``check_total``, adding up to CARD_TOTAL."""
    heights: list[int | None] = []
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            if v == HATCHED:
                heights.append(None)
            elif v is None and not check_total:
                heights.append(UNPRINTED)
            elif isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= MAX_HEIGHT:
                heights.append(v)
            else:
                said = dict(id=id, cell=cell_message(r, c), most=MAX_HEIGHT, value=shown(v))
                if check_total:
                    raise CardDataError(
                        Message.of(
                            'blueprint {id}: space at {cell} must be a height from 1 to {most} or "X" for '
                            "hatched, not {value}",
                            **said,
                        )
                    )
                raise CardDataError(
                    Message.of(
                        "blueprint {id}: space at {cell} must be a height from 1 to {most}, null for nothing "
                        'printed or "X" for hatched, not {value}',
                        **said,
                    )
                )
    total = sum(h for h in heights if h is not None)
    if check_total and total != CARD_TOTAL:
        raise CardDataError(
            Message.of(
                "blueprint {id}: heights add up to {total}, a card's must add up to {card}",
                id=id,
                total=total,
                card=CARD_TOTAL,
            )
        )
    return heights


def placement_error(blueprint: Blueprint, top: int | None, value: int, cell: int) -> str | None:
    """Why a die showing ``value`` may not go on ``cell`` whose top die shows ``top`` (None when
    the space is empty), or None when it may (p. 3), in English (``placement_message``)."""
    message = placement_message(blueprint, top, value, cell)
    return None if message is None else str(message)


def placement_message(
    blueprint: Blueprint, top: int | None, value: int, cell: int
) -> Message | None:
    """``placement_error`` as a Message, to be translated where shown. The one statement of the
    placement rule: games, build files and the sandbox all ask it."""
    if not 0 <= cell < blueprint.num_cells:
        return Message.of(
            "the blueprint has no space {cell} (it has {n} spaces)",
            cell=cell,
            n=blueprint.num_cells,
        )
    where = blueprint.cell_message(cell)
    if blueprint.is_hatched(cell):
        return Message.of("{where} is hatched: no die may ever be placed there", where=where)
    if top is not None and top > value:
        return Message.of(
            "a {value} cannot go on a {top} at {where}: only an equal or higher value may go on top",
            value=value,
            top=top,
            where=where,
        )
    return None


def cell_name(row: int, col: int) -> str:
    """How a space is named to players: 1-based row and column (in English; ``cell_message``)."""
    return str(cell_message(row, col))


def cell_message(row: int, col: int) -> Message:
    return Message.of("row {row}, column {col}", row=row + 1, col=col + 1)


@cache
def grid_neighbours(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    out = []
    for r in range(rows):
        for c in range(cols):
            n = []
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < rows and 0 <= cc < cols:
                    n.append(rr * cols + cc)
            out.append(tuple(n))
    return tuple(out)


@lru_cache(maxsize=1)
def standard_deck() -> tuple[Blueprint, ...]:
    """The 24 cards shipped with the game, in id order."""
    raw = json.loads(resources.read_text("blueprints3d.engine", "data/blueprints.json"))
    return tuple(Blueprint.from_grid(c["grid"], id=c["id"], name=c["name"]) for c in raw["cards"])


def card_by_id(card_id: str) -> Blueprint:
    for card in standard_deck():
        if card.id == card_id:
            return card
    ids = ", ".join(c.id for c in standard_deck())
    raise CardDataError(
        Message.of(
            "no blueprint card with id {id} (the deck has {ids})", id=shown(card_id), ids=ids
        )
    )
