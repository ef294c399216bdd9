"""The four dice colours, which are the four building materials, and the 32 dice of the game.

A die is identified by an int 0..31; its material is fixed by its id (8 dice per material), so
the material of die ``d`` is ``MATERIAL_OF[d]``. Only its rolled value changes, and that lives in
the game state.
"""

from __future__ import annotations

from enum import IntEnum

from blueprints3d.engine.rules import DICE_PER_MATERIAL
from blueprints3d.i18n.message import N_


class Material(IntEnum):
    WOOD = 0  # orange
    RECYCLED = 1  # green
    STONE = 2  # black
    GLASS = 3  # clear

    @property
    def colour(self) -> str:
        return COLOUR_NAMES[self]

    @property
    def label(self) -> str:
        """The material's name: a token of the files, and the catalogue's id (``_(m.label)``)."""
        return MATERIAL_NAMES[self]

    @classmethod
    def parse(cls, text: str) -> Material:
        """A material from its name or its colour name ("wood" or "orange"), case-insensitive."""
        key = text.strip().lower()
        if key in _BY_NAME:
            return _BY_NAME[key]
        known = ", ".join(m.label for m in cls) + " (or " + ", ".join(COLOUR_NAMES.values()) + ")"
        raise ValueError(f"unknown material {text!r}: expected one of {known}")


# The names and colours, tokens of the files and the catalogue's ids (translated where shown).
MATERIAL_NAMES: dict[Material, str] = {
    Material.WOOD: N_("wood"),
    Material.RECYCLED: N_("recycled"),
    Material.STONE: N_("stone"),
    Material.GLASS: N_("glass"),
}
COLOUR_NAMES: dict[Material, str] = {
    Material.WOOD: N_("orange"),
    Material.RECYCLED: N_("green"),
    Material.STONE: N_("black"),
    Material.GLASS: N_("clear"),
}
_BY_NAME: dict[str, Material] = {m.label: m for m in Material} | {
    c: m for m, c in COLOUR_NAMES.items()
}

NUM_DICE = DICE_PER_MATERIAL * len(Material)
# Material of each die id, as a plain tuple of ints for the hot loops (IntEnum lookups are slow).
MATERIAL_OF: tuple[int, ...] = tuple(d // DICE_PER_MATERIAL for d in range(NUM_DICE))
