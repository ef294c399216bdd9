"""What a demonstration step shows, as plain data: buildings, loose dice, marks and a caption.

A step is built from the engine's answers (scores, placement errors, award reasons); a player
(``blueprints3d.client.apps.demo_player``) only draws it. Nothing here imports Panda3D, so every
step can be checked headless.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any
from collections.abc import Mapping, Sequence

from blueprints3d.engine.blueprints import Blueprint
from blueprints3d.engine.materials import Material
from blueprints3d.i18n import _

Die = tuple[int, int]  # (material, value)
Stack = tuple[Die, ...]  # bottom to top
Slot = tuple[int, int]  # (cell, level), level 0 = standing on the card


class Tone(Enum):
    """How a mark reads: the player picks the colour, the demo picks the meaning."""

    GOOD = "good"  # allowed, scores, wins
    BAD = "bad"  # refused, does not count, loses
    INFO = "info"  # worth looking at
    FOCUS = "focus"  # the subject of this step


@dataclass(frozen=True)
class Mark:
    """A highlight and/or a short label ("+2", "L3") floated over a die, space or pool die."""

    text: str = ""
    tone: Tone | None = Tone.INFO
    glow: bool = True  # False: only the label shows the tone (a glow would hide the die's colour)


@dataclass(frozen=True)
class Ghost:
    """A die held above a space: a drop being tried. ``tone`` says whether the engine allows it."""

    material: Material
    value: int
    cell: int
    tone: Tone
    text: str = ""


@dataclass(frozen=True)
class BuildingView:
    """One building on its card. ``blueprint`` None: the card is hidden behind its screen."""

    title: str
    blueprint: Blueprint | None
    stacks: tuple[Stack, ...] = ()
    die_marks: Mapping[Slot, Mark] = field(default_factory=dict)
    cell_marks: Mapping[int, Mark] = field(default_factory=dict)
    ghost: Ghost | None = None
    aside: tuple[Die, ...] = ()  # taken dice not shown on the card (hidden, or set aside)
    aside_label: str = ""
    aside_marks: Mapping[int, Mark] = field(default_factory=dict)
    footer: str = ""  # a line under the card, e.g. the score

    @property
    def hidden(self) -> bool:
        return self.blueprint is None

    @property
    def shown_blueprint(self) -> Blueprint:
        """The blueprint of a building on show: what a die dropped on it is judged by."""
        if self.blueprint is None:
            raise ValueError(f"{self.title}: the card is hidden behind its screen")
        return self.blueprint


@dataclass(frozen=True)
class Step:
    caption: str  # plain words, computed from the engine
    buildings: tuple[BuildingView, ...] = ()
    pool: tuple[Die, ...] = ()
    pool_marks: Mapping[int, Mark] = field(default_factory=dict)
    pool_label: str = field(
        default_factory=lambda: _("Pool")
    )  # in the language when the step is made
    in_demand: tuple[Material, Material] | None = None
    discarded: tuple[Die, ...] = ()
    header: str = ""  # a status line above the scene
    facts: Mapping[str, Any] = field(default_factory=dict)  # the engine answers behind the caption


@dataclass(frozen=True)
class Demo:
    name: str
    title: str
    summary: str
    steps: tuple[Step, ...]


def stacks_of(rows: Sequence[Sequence[Sequence[Die]]]) -> tuple[Stack, ...]:
    """Stacks per cell from ``rows[row][col]`` = dice bottom to top (the build-file layout)."""
    return tuple(tuple((int(m), int(v)) for m, v in st) for row in rows for st in row)
