"""How far a building is on its way to each Prize: what the table shows beside the player's card.

``prize_progress`` counts what each Prize asks for (the tallest stack, the values shown, the
dice of one value, the dice of one material) against the number the rules ask (engine/rules.py);
a Prize is won exactly when its count reaches that number, as ``score_building`` decides.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from blueprints3d.engine.rules import (
    GEOMETER_VALUES,
    MATERIALS_SAME_COLOUR,
    SKYSCRAPER_HEIGHT,
    STRUCTURAL_SAME_VALUE,
    Prize,
)
from blueprints3d.engine.scoring import Stack


@dataclass(frozen=True)
class Progress:
    have: int  # the building's count (capped at ``need``: more than enough is enough)
    need: int  # what the Prize asks for

    @property
    def done(self) -> bool:
        return self.have >= self.need

    @property
    def share(self) -> float:
        """How full its meter is, 0 to 1."""
        return self.have / self.need


def prize_progress(stacks: Sequence[Stack]) -> dict[Prize, Progress]:
    """Each Prize's count for a building (``stacks[cell]`` bottom to top, (material, value) each)."""
    values: dict[int, int] = {}
    materials: dict[int, int] = {}
    for stack in stacks:
        for mat, val in stack:
            values[val] = values.get(val, 0) + 1
            materials[mat] = materials.get(mat, 0) + 1
    counts = {
        Prize.SKYSCRAPER: (max((len(s) for s in stacks), default=0), SKYSCRAPER_HEIGHT),
        Prize.GEOMETER: (
            sum(1 for v in range(1, GEOMETER_VALUES + 1) if values.get(v)),
            GEOMETER_VALUES,
        ),
        Prize.STRUCTURAL_INTEGRITY: (max(values.values(), default=0), STRUCTURAL_SAME_VALUE),
        Prize.MATERIALS: (max(materials.values(), default=0), MATERIALS_SAME_COLOUR),
    }
    return {prize: Progress(min(have, need), need) for prize, (have, need) in counts.items()}


__all__ = ["Progress", "prize_progress"]
