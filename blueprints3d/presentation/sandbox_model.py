"""The sandbox's building: any blueprint card (or a blank grid), any dice, every placement
checked by the engine's ``placement_error``, saved as a build file the score command reads.

No Panda3D here; ``blueprints3d.client.apps.sandbox`` is the window around it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from blueprints3d.engine.blueprints import Blueprint, placement_message, standard_deck
from blueprints3d.files.buildfile import Build, build_from_dict, save_build
from blueprints3d.engine.materials import Material
from blueprints3d.engine.rules import TAKES_PER_ROUND
from blueprints3d.engine.scoring import Score, score_building
from blueprints3d.i18n import _, translate

Die = tuple[int, int]


BLANK_ID = "blank"
CYCLE_TOP = TAKES_PER_ROUND  # the H key cycles a blank space through 1 to this (a round's dice)


def blank_grid(
    rows: int = 3, cols: int = 2, plan: tuple[int | None, ...] | None = None
) -> Blueprint:
    """A card with no hatching and no plan: every space unprinted (the engine's ``UNPRINTED``,
    ``null`` in its build file), so nothing is printed on its face and it has no blueprint
    bonus until the user prints a height. ``plan``: heights the user printed on some spaces
    (None: unprinted), row by row; the card need not add up to 6."""
    plan = plan or (None,) * (rows * cols)
    grid = [[plan[r * cols + c] for c in range(cols)] for r in range(rows)]
    return Blueprint.from_grid(
        grid, id=BLANK_ID, name=f"Blank {rows}x{cols} grid", check_total=False
    )


def card_choices(rows: int = 3, cols: int = 2) -> list[Blueprint]:
    """What the card picker offers: a blank grid (rows x cols), then the 24 cards of the deck."""
    return [blank_grid(rows, cols), *standard_deck()]


@dataclass
class SandboxBuilding:
    blueprint: Blueprint
    stacks: list[list[Die]] = field(default_factory=list)
    history: list[int] = field(default_factory=list)  # cells in the order dice went on
    # On a blank grid: the heights the user printed (None: an unprinted space).
    plan: list[int | None] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.stacks:
            self.stacks = [[] for _ in range(self.blueprint.num_cells)]
        self.plan = [None] * self.blueprint.num_cells

    @property
    def blank(self) -> bool:
        """Whether the card is a blank grid (its spaces unprinted until the user prints them)."""
        return self.blueprint.id == BLANK_ID

    def printed(self) -> tuple[int | None, ...]:
        """The heights the card's face shows, space by space (None: nothing printed, as on a
        blank grid's spaces the user has not given a height; hatched spaces are None too)."""
        if self.blank:
            return tuple(self.plan)
        return self.blueprint.heights

    def set_height(self, cell: int, height: int | None) -> str | None:
        """Print ``height`` (1 to 6, or None to leave it unprinted) on ``cell`` of a blank grid;
        the building stays. Returns why not, or None."""
        if not self.blank:
            return _("only a blank grid's heights can be changed")
        if not 0 <= cell < self.blueprint.num_cells:
            return _("there is no space {cell}", cell=cell)
        self.plan[cell] = height
        bp = self.blueprint
        self.blueprint = blank_grid(bp.rows, bp.cols, tuple(self.plan))
        return None

    def cycle_height(self, cell: int) -> str | None:
        """Unprinted, 1, 2 ... 6, unprinted again: the next height for ``cell``."""
        if not self.blank:
            return self.set_height(cell, None)
        now = self.plan[cell] if 0 <= cell < len(self.plan) else None
        return self.set_height(cell, 1 if now is None else (now + 1 if now < CYCLE_TOP else None))

    def top(self, cell: int) -> int | None:
        return (
            self.stacks[cell][-1][1] if 0 <= cell < len(self.stacks) and self.stacks[cell] else None
        )

    def error(self, value: int, cell: int) -> str | None:
        """The engine's verdict on putting a die showing ``value`` on ``cell``, in the player's
        language."""
        message = placement_message(self.blueprint, self.top(cell), value, cell)
        return None if message is None else translate(message)

    def place(self, material: Material, value: int, cell: int) -> str | None:
        """Put the die on ``cell`` if the engine allows it; returns the refusal, or None."""
        err = self.error(value, cell)
        if err is None:
            self.stacks[cell].append((int(material), value))
            self.history.append(cell)
        return err

    def legal_cells(self, value: int) -> list[int]:
        return [c for c in range(self.blueprint.num_cells) if self.error(value, c) is None]

    def undo(self) -> Die | None:
        """Take the last die off again (the sandbox may; a game may not)."""
        if not self.history:
            return None
        return self.stacks[self.history.pop()].pop()

    def clear(self) -> None:
        self.stacks = [[] for _ in range(self.blueprint.num_cells)]
        self.history = []

    def set_blueprint(self, blueprint: Blueprint) -> None:
        self.blueprint = blueprint
        self.plan = [None] * blueprint.num_cells
        self.clear()

    @property
    def num_dice(self) -> int:
        return sum(len(s) for s in self.stacks)

    def build(self) -> Build:
        return Build(self.blueprint, tuple(tuple(s) for s in self.stacks))

    def score(self) -> Score:
        return score_building(self.blueprint, self.stacks)

    def checked(self) -> Build:
        """The building as the build-file reader sees it (a building of more than 6 dice, or 9
        of one colour, could not come from a game): BuildFileError."""
        return build_from_dict(self.build().to_dict())

    def save(self, path: str | os.PathLike[str]) -> Build:
        """Write the building as a build file, checked first (see ``checked``)."""
        build = self.checked()
        save_build(path, build)
        return build
