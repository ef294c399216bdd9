"""Every rule number of Blueprints and its wording, in one place (RULES.md).

The engine, the bots and everything that shows the game take their numbers from here, so a rule
changed once is changed everywhere: on the table, on the cards, in the rules summary and in the
demo captions. The Award and Prize cards are defined here too, because their worth and their
conditions are rule numbers.
"""

from __future__ import annotations

from enum import Enum

# ---- components (p. 1) ---------------------------------------------------------------------
DICE_PER_MATERIAL = 8           # 32 dice, 8 of each colour
DIE_FACES = 6                   # a die shows 1..6
CARD_TOTAL = 6                  # every blueprint's numbers add up to 6

# ---- a game and a round (pp. 2-3) ----------------------------------------------------------
PLAYER_COUNTS = (2, 3, 4)
NUM_ROUNDS = 3
TAKES_PER_ROUND = 6             # every player takes 6 dice a round
IN_DEMAND_COUNT = 2             # two in-demand materials of different colours
POOL_SIZE: dict[int, int] = {2: 8, 3: 9, 4: 7}  # dice in the pool, by number of players
# Two players (p. 6): after the take, discard a second pool die; then two replacements.
DISCARDING_PLAYER_COUNTS = frozenset({2})
REPLACEMENTS_AFTER_DISCARD = 2

# ---- building points (pp. 3-4) -------------------------------------------------------------
BLUEPRINT_BONUS = 6
WOOD_PER_NEIGHBOUR = 2
RECYCLED_POINTS = (0, 2, 5, 10, 15, 20, 30)  # by number of green dice, 0..6 (more: as 6)
STONE_POINTS = (0, 2, 3, 5, 8)               # by level 1, 2, 3, 4 or higher (index 0 unused)


# ---- Awards and Prizes (pp. 4-5) -----------------------------------------------------------
class Award(Enum):
    GOLD = "gold"
    SILVER = "silver"
    BRONZE = "bronze"

    @property
    def victory_points(self) -> int:
        return AWARD_VP[self]

    @property
    def title(self) -> str:
        return self.value.capitalize()


class Prize(Enum):
    SKYSCRAPER = "skyscraper"
    GEOMETER = "geometer"
    STRUCTURAL_INTEGRITY = "structural_integrity"
    MATERIALS = "materials"

    @property
    def title(self) -> str:
        return self.value.replace("_", " ").title()


AWARD_VP: dict[Award, int] = {Award.GOLD: 3, Award.SILVER: 2, Award.BRONZE: 1}
AWARDS_BY_PLAYERS: dict[int, tuple[Award, ...]] = {
    2: (Award.SILVER,),
    3: (Award.GOLD, Award.SILVER),
    4: (Award.GOLD, Award.SILVER, Award.BRONZE),
}
PRIZE_VP = 2
SKYSCRAPER_HEIGHT = 5           # a stack of 5 or more dice
GEOMETER_VALUES = DIE_FACES     # all six values among the building's dice
STRUCTURAL_SAME_VALUE = 4       # 4 or more dice showing the same value
MATERIALS_SAME_COLOUR = 5       # 5 or more dice of the same material

PRIZE_RULES: dict[Prize, str] = {
    Prize.SKYSCRAPER: f"a stack of {SKYSCRAPER_HEIGHT} or more dice",
    Prize.GEOMETER: f"all six values 1-{DIE_FACES} among the building's dice",
    Prize.STRUCTURAL_INTEGRITY: f"{STRUCTURAL_SAME_VALUE} or more dice showing the same value",
    Prize.MATERIALS: f"{MATERIALS_SAME_COLOUR} or more dice of the same material",
}
# What a Prize card asks for, short enough for its face ("\n" where a card breaks the line).
PRIZE_SHORT: dict[Prize, str] = {
    Prize.SKYSCRAPER: f"{SKYSCRAPER_HEIGHT}+\nhigh",
    Prize.GEOMETER: f"1-{DIE_FACES}",
    Prize.STRUCTURAL_INTEGRITY: f"{STRUCTURAL_SAME_VALUE} of a\nvalue",
    Prize.MATERIALS: f"{MATERIALS_SAME_COLOUR} of a\ncolour",
}


def vp_text(points: int) -> str:
    """Victory points as a card or the HUD writes them: "2 VP"."""
    return f"{points} VP"


def round_text(round_number: int) -> str:
    """"round 2 of 3": where the game stands, with the number of rounds from the rules."""
    return f"round {round_number} of {NUM_ROUNDS}"


def turn_text(take: int) -> str:
    """"turn 4 of 6": a player's take within the round."""
    return f"turn {take} of {TAKES_PER_ROUND}"


_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def _word(n: int) -> str:
    return _NUMBER_WORDS.get(n, str(n))


def rules_summary() -> str:
    """The rules on one screen, every number taken from this module."""
    aw = ", ".join(f"{a.title} {a.victory_points}" for a in Award)
    prizes = (f"Skyscraper (a stack of {SKYSCRAPER_HEIGHT}+), Geometer (all values 1-{DIE_FACES}), "
              f"Structural Integrity ({STRUCTURAL_SAME_VALUE}+ dice of one value), "
              f"Materials ({MATERIALS_SAME_COLOUR}+ dice of one colour)")
    counts = len(RECYCLED_POINTS) - 1
    recycled = "/".join(str(p) for p in RECYCLED_POINTS[1:])
    stone = "/".join(str(p) for p in STONE_POINTS[1:])
    return (
        f"{_word(NUM_ROUNDS).capitalize()} rounds. Each round every player secretly builds with "
        f"{TAKES_PER_ROUND} dice on their blueprint card.\n"
        "Your turn: take one die from the pool and place it on an empty space, or on top of a die "
        "showing the same value or lower (a 3 goes on a 1, 2 or 3). Hatched spaces stay empty. A die "
        "that fits nowhere leaves the game. Two players: after placing, discard one more pool die.\n"
        f"Building points: blueprint followed exactly +{BLUEPRINT_BONUS}; wood +{WOOD_PER_NEIGHBOUR} "
        f"for each die touching it; recycled by count (1-{counts} dice: {recycled}); stone by level "
        f"({stone}); glass its top value.\n"
        f"Awards go to the best buildings ({aw} VP). Prizes, {PRIZE_VP} VP each: {prizes}. "
        "Ties: more dice of the 1st in-demand colour, then the 2nd, then later in turn order.\n"
        f"Most victory points after {_word(NUM_ROUNDS)} rounds wins.")


__all__ = [
    "DICE_PER_MATERIAL", "DIE_FACES", "CARD_TOTAL", "PLAYER_COUNTS", "NUM_ROUNDS", "TAKES_PER_ROUND",
    "IN_DEMAND_COUNT", "POOL_SIZE", "DISCARDING_PLAYER_COUNTS", "REPLACEMENTS_AFTER_DISCARD",
    "BLUEPRINT_BONUS", "WOOD_PER_NEIGHBOUR", "RECYCLED_POINTS", "STONE_POINTS", "Award", "Prize",
    "AWARD_VP", "AWARDS_BY_PLAYERS", "PRIZE_VP", "SKYSCRAPER_HEIGHT", "GEOMETER_VALUES",
    "STRUCTURAL_SAME_VALUE", "MATERIALS_SAME_COLOUR", "PRIZE_RULES", "PRIZE_SHORT", "vp_text",
    "round_text", "turn_text", "rules_summary",
]
