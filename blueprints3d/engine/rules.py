"""Every rule number of Blueprints and its wording, in one place (RULES.md).

The engine, the bots and everything that shows the game take their numbers from here, so a rule
changed once is changed everywhere: on the table, on the cards, in the rules summary and in the
demo captions. The Award and Prize cards are defined here too, because their worth and their
conditions are rule numbers.
"""

from __future__ import annotations

from collections.abc import Sequence

from enum import Enum

from blueprints3d.i18n.message import NP_, N_, Message

# ---- components (p. 1) ---------------------------------------------------------------------
DICE_PER_MATERIAL = 8  # 32 dice, 8 of each colour
DIE_FACES = 6  # a die shows 1..6
CARD_TOTAL = 6  # every blueprint's numbers add up to 6

# ---- a game and a round (pp. 2-3) ----------------------------------------------------------
PLAYER_COUNTS = (2, 3, 4)
NUM_ROUNDS = 3
TAKES_PER_ROUND = 6  # every player takes 6 dice a round
IN_DEMAND_COUNT = 2  # two in-demand materials of different colours
POOL_SIZE: dict[int, int] = {2: 8, 3: 9, 4: 7}  # dice in the pool, by number of players
# Two players (p. 6): after the take, discard a second pool die; then two replacements.
DISCARDING_PLAYER_COUNTS = frozenset({2})
REPLACEMENTS_AFTER_DISCARD = 2

# ---- building points (pp. 3-4) -------------------------------------------------------------
BLUEPRINT_BONUS = 6
WOOD_PER_NEIGHBOUR = 2
RECYCLED_POINTS = (0, 2, 5, 10, 15, 20, 30)  # by number of green dice, 0..6 (more: as 6)
STONE_POINTS = (0, 2, 3, 5, 8)  # by level 1, 2, 3, 4 or higher (index 0 unused)


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
        """The English name, the catalogue's id: show it as ``_(award.title)``."""
        return AWARD_TITLES[self]


class Prize(Enum):
    SKYSCRAPER = "skyscraper"
    GEOMETER = "geometer"
    STRUCTURAL_INTEGRITY = "structural_integrity"
    MATERIALS = "materials"

    @property
    def title(self) -> str:
        """The English name, the catalogue's id: show it as ``_(prize.title)``."""
        return PRIZE_TITLES[self]


# The cards' names (ids of the catalogue, translated where they are shown).
AWARD_TITLES: dict[Award, str] = {
    Award.GOLD: N_("Gold"),
    Award.SILVER: N_("Silver"),
    Award.BRONZE: N_("Bronze"),
}
PRIZE_TITLES: dict[Prize, str] = {
    Prize.SKYSCRAPER: N_("Skyscraper"),
    Prize.GEOMETER: N_("Geometer"),
    Prize.STRUCTURAL_INTEGRITY: N_("Structural Integrity"),
    Prize.MATERIALS: N_("Materials"),
}


AWARD_VP: dict[Award, int] = {Award.GOLD: 3, Award.SILVER: 2, Award.BRONZE: 1}
AWARDS_BY_PLAYERS: dict[int, tuple[Award, ...]] = {
    2: (Award.SILVER,),
    3: (Award.GOLD, Award.SILVER),
    4: (Award.GOLD, Award.SILVER, Award.BRONZE),
}
PRIZE_VP = 2
SKYSCRAPER_HEIGHT = 5  # a stack of 5 or more dice
GEOMETER_VALUES = DIE_FACES  # all six values among the building's dice
STRUCTURAL_SAME_VALUE = 4  # 4 or more dice showing the same value
MATERIALS_SAME_COLOUR = 5  # 5 or more dice of the same material

# What each Prize asks for, as Messages (the ids translated where shown, score.PRIZE_RULE_IDS too)
# and in English.
PRIZE_RULE_MESSAGES: dict[Prize, Message] = {
    Prize.SKYSCRAPER: Message.of("a stack of {n} or more dice", n=SKYSCRAPER_HEIGHT),
    Prize.GEOMETER: Message.of("all six values 1-{n} among the building's dice", n=DIE_FACES),
    Prize.STRUCTURAL_INTEGRITY: Message.of(
        "{n} or more dice showing the same value", n=STRUCTURAL_SAME_VALUE
    ),
    Prize.MATERIALS: Message.of("{n} or more dice of the same material", n=MATERIALS_SAME_COLOUR),
}
PRIZE_RULES: dict[Prize, str] = {p: str(m) for p, m in PRIZE_RULE_MESSAGES.items()}
# What a Prize card asks for, short enough for its face ("\n" where a card breaks the line).
PRIZE_SHORT_MESSAGES: dict[Prize, Message] = {
    Prize.SKYSCRAPER: Message.of("{n}+\nhigh", n=SKYSCRAPER_HEIGHT),
    Prize.GEOMETER: Message.of("1-{n}", n=DIE_FACES),
    Prize.STRUCTURAL_INTEGRITY: Message.of("{n} of a\nvalue", n=STRUCTURAL_SAME_VALUE),
    Prize.MATERIALS: Message.of("{n} of a\ncolour", n=MATERIALS_SAME_COLOUR),
}
PRIZE_SHORT: dict[Prize, str] = {p: str(m) for p, m in PRIZE_SHORT_MESSAGES.items()}


def vp_message(points: int) -> Message:
    return Message.of("{points} VP", points=points)


def vp_text(points: int) -> str:
    """Victory points as a card or the HUD writes them: "2 VP" (``vp_message``, in English)."""
    return str(vp_message(points))


def round_message(round_number: int) -> Message:
    return Message.of("round {round} of {rounds}", round=round_number, rounds=NUM_ROUNDS)


def round_text(round_number: int) -> str:
    """ "round 2 of 3": where the game stands, with the number of rounds from the rules."""
    return str(round_message(round_number))


def turn_message(take: int) -> Message:
    return Message.of("turn {take} of {takes}", take=take, takes=TAKES_PER_ROUND)


def turn_text(take: int) -> str:
    """ "turn 4 of 6": a player's take within the round."""
    return str(turn_message(take))


_NUMBER_WORDS = {
    1: NP_("count", "one"),
    2: NP_("count", "two"),
    3: NP_("count", "three"),
    4: NP_("count", "four"),
    5: NP_("count", "five"),
    6: NP_("count", "six"),
}
_CAPITAL_WORDS = {
    1: NP_("count", "One"),
    2: NP_("count", "Two"),
    3: NP_("count", "Three"),
    4: NP_("count", "Four"),
    5: NP_("count", "Five"),
    6: NP_("count", "Six"),
}


def _word(n: int, words: dict[int, str] = _NUMBER_WORDS) -> Message | int:
    return Message.in_context("count", words[n]) if n in words else n


def _listed(numbers: Sequence[int]) -> Message | int:
    """Numbers as a list in the reader's language ("2, 5, 10"; "۲، ۵، ۱۰"), never "2/5/10", which
    a Persian reader takes for a fraction."""
    out: Message | int = numbers[0]
    for n in numbers[1:]:
        out = Message.in_context("list", "{first}, {second}", first=out, second=n)
    return out


def rules_summary_lines() -> tuple[Message, ...]:
    """The rules on one screen, a Message a line (translated where shown), every number taken
    from this module."""
    aw = Message.of(
        "{gold} {gold_vp}, {silver} {silver_vp}, {bronze} {bronze_vp}",
        **{
            k: v
            for a in Award
            for k, v in ((a.value, Message.of(a.title)), (f"{a.value}_vp", a.victory_points))
        },
    )
    prizes = Message.of(
        "Skyscraper (a stack of {height}+), Geometer (all values 1-{faces}), "
        "Structural Integrity ({same}+ dice of one value), "
        "Materials ({colour}+ dice of one colour)",
        height=SKYSCRAPER_HEIGHT,
        faces=DIE_FACES,
        same=STRUCTURAL_SAME_VALUE,
        colour=MATERIALS_SAME_COLOUR,
    )
    counts = len(RECYCLED_POINTS) - 1
    recycled = _listed(RECYCLED_POINTS[1:])
    stone = _listed(STONE_POINTS[1:])
    return (
        Message.of(
            "{Rounds} rounds. Each round every player secretly builds with {takes} dice on their "
            "blueprint card.",
            Rounds=_word(NUM_ROUNDS, _CAPITAL_WORDS),
            takes=TAKES_PER_ROUND,
        ),
        Message.of(
            "Your turn: take one die from the pool and place it on an empty space, or on top of a die "
            "showing the same value or lower (a 3 goes on a 1, 2 or 3). Hatched spaces stay empty. A die "
            "that fits nowhere leaves the game. Two players: after placing, discard one more pool die."
        ),
        Message.of(
            "Building points: blueprint followed exactly +{bonus}; wood +{wood} for each die touching it; "
            "recycled by count (1-{counts} dice: {recycled}); stone by level ({stone}); glass its top value.",
            bonus=BLUEPRINT_BONUS,
            wood=WOOD_PER_NEIGHBOUR,
            counts=counts,
            recycled=recycled,
            stone=stone,
        ),
        Message.of(
            "Awards go to the best buildings ({awards} VP). Prizes, {vp} VP each: {prizes}. Ties: more "
            "dice of the 1st in-demand colour, then the 2nd, then later in turn order.",
            awards=aw,
            vp=PRIZE_VP,
            prizes=prizes,
        ),
        Message.of("Most victory points after {rounds} rounds wins.", rounds=_word(NUM_ROUNDS)),
    )


def rules_summary() -> str:
    """The rules on one screen, in English (``rules_summary_lines`` to translate them)."""
    return "\n".join(str(m) for m in rules_summary_lines())


__all__ = [
    "DICE_PER_MATERIAL",
    "DIE_FACES",
    "CARD_TOTAL",
    "PLAYER_COUNTS",
    "NUM_ROUNDS",
    "TAKES_PER_ROUND",
    "IN_DEMAND_COUNT",
    "POOL_SIZE",
    "DISCARDING_PLAYER_COUNTS",
    "REPLACEMENTS_AFTER_DISCARD",
    "BLUEPRINT_BONUS",
    "WOOD_PER_NEIGHBOUR",
    "RECYCLED_POINTS",
    "STONE_POINTS",
    "Award",
    "Prize",
    "AWARD_VP",
    "AWARDS_BY_PLAYERS",
    "PRIZE_VP",
    "SKYSCRAPER_HEIGHT",
    "GEOMETER_VALUES",
    "STRUCTURAL_SAME_VALUE",
    "MATERIALS_SAME_COLOUR",
    "PRIZE_RULES",
    "PRIZE_SHORT",
    "vp_text",
    "round_text",
    "turn_text",
    "rules_summary",
    "AWARD_TITLES",
    "PRIZE_TITLES",
    "PRIZE_RULE_MESSAGES",
    "PRIZE_SHORT_MESSAGES",
    "vp_message",
    "round_message",
    "turn_message",
    "rules_summary_lines",
]
