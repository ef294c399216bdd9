"""Helpers the demonstrations share: per-die point labels, score lines, tie contexts.

Every number here comes from the engine (``score_building``, ``explain_building``, the award
functions); these helpers only turn its answers into marks and words.
"""

from __future__ import annotations

from collections.abc import Sequence

from blueprints3d.presentation.scene import Mark, Slot, Stack, Tone
from blueprints3d.engine.awards import RoundContext
from blueprints3d.engine.blueprints import Blueprint
from blueprints3d.engine.materials import Material
from blueprints3d.engine.scoring import Score, explain_building, score_building

# The space and die words are the one place's (presentation/words.py); the demos import them here.
from blueprints3d.presentation.words import and_list as and_list, in_player_words as in_player_words
from blueprints3d.presentation.words import refusal_words as refusal_words, space_name as space_name
from blueprints3d.presentation.words import (
    space_names as space_names,
    where_on_card as where_on_card,
)
from blueprints3d.i18n import NP_, N_, _, n_, number, p_, translate
from blueprints3d.presentation.words import (
    colour_word as colour_word,
    material_word as material_word,
)

# Counts said as words up to twelve ("three green dice"), as figures above (``text.number_word``).
# Said in the context "count": a number of things counted (Chinese 两, not 二, before a measure
# word); a language whose singular needs no number word leaves {count} out of the singular form.
NUMBER_WORDS = (
    NP_("count", "no"),
    NP_("count", "one"),
    NP_("count", "two"),
    NP_("count", "three"),
    NP_("count", "four"),
    NP_("count", "five"),
    NP_("count", "six"),
    NP_("count", "seven"),
    NP_("count", "eight"),
    NP_("count", "nine"),
    NP_("count", "ten"),
    NP_("count", "eleven"),
    NP_("count", "twelve"),
)
# The score's categories as ``score_line`` names them.
CATEGORY_WORDS = {
    "blueprint": N_("blueprint"),
    "wood": N_("wood"),
    "recycled": N_("recycled"),
    "stone": N_("stone"),
    "glass": N_("glass"),
}


def number_word(n: int) -> str:
    """``n`` as a word in the player's language ("no" for 0) up to twelve, as figures above."""
    return p_("count", NUMBER_WORDS[n]) if 0 <= n < len(NUMBER_WORDS) else number(n)


W, R, S, G = Material.WOOD, Material.RECYCLED, Material.STONE, Material.GLASS


def points_marks(
    bp: Blueprint, stacks: Sequence[Stack], tone: Tone | None = None
) -> dict[Slot, Mark]:
    """A label on every die saying what it scores and why ("+4 wood, 2 touching", "+3 glass",
    "+5 stone, level 3"); green dice, which score as a set, say which of the set each is
    ("green 1 of 3", "green 2 of 3"...: not the same words on every one)."""
    out: dict[Slot, Mark] = {}
    explained = explain_building(bp, stacks)
    greens = [(d.cell, d.level) for d in explained if d.material is Material.RECYCLED]
    for d in explained:
        slot = (d.cell, d.level)
        text = (
            green_label(greens.index(slot) + 1, len(greens))
            if d.material is Material.RECYCLED
            else die_points_label(d.material, d.points, d.level)
        )
        out[slot] = Mark(text, tone)
    return out


def green_label(k: int, n: int) -> str:
    """The label of the ``k``-th of a building's ``n`` green dice (the set's points are in the
    caption: green dice score together)."""
    return _("green {k} of {n}", k=k, n=n)


def die_points_label(material: Material, points: int, level: int) -> str:
    """What one die's label says it counts: the engine's points, and the material's reason."""
    if material is Material.RECYCLED:
        return _("green, one of a set")  # the set's points are in the caption
    if material is Material.WOOD:
        return n_(
            "+{points} wood, {n} neighbour",
            "+{points} wood, {n} neighbours",
            points // 2,
            points=points,
        )
    if material is Material.STONE:
        return _("+{points} stone, level {level}", points=points, level=level + 1)
    return _("+{points} glass, shows {points}", points=points)


def placement_words(names: Sequence[str], placement) -> str:
    """Who an Award or Prize went to and, when there was a tie, why (the engine's tie words):
    "Ben, tied with Ada (both have 2 recycled dice; Ben has more stone dice ...)"."""
    who = names[placement.player]
    if placement.ties:
        return _(
            "{name}, tied with {others}",
            name=who,
            others=and_list([translate(m) for m in placement.tie_messages]),
        )
    return who


def score_line(score: Score) -> str:
    """ "23 = bonus 6 + wood 4 + ..." listing only the categories that scored."""
    parts = [
        _("{category} {points}", category=_(CATEGORY_WORDS[name]), points=getattr(score, name))
        for name in ("blueprint", "wood", "recycled", "stone", "glass")
        if getattr(score, name)
    ]
    return (
        _("{total} = {parts}", total=score.total, parts=" + ".join(parts)) if parts else number(0)
    )


def material_counts(stacks: Sequence[Stack]) -> tuple[int, int, int, int]:
    c = [0, 0, 0, 0]
    for st in stacks:
        for m, _v in st:
            c[m] += 1
    return (c[0], c[1], c[2], c[3])


def context(
    in_demand: tuple[Material, Material],
    turn_order: Sequence[int],
    buildings: Sequence[Sequence[Stack]],
) -> RoundContext:
    """The tie rule's inputs for staged buildings, as the engine builds them after a round."""
    return RoundContext(in_demand, tuple(turn_order), tuple(material_counts(b) for b in buildings))


def scores(bps: Sequence[Blueprint], buildings: Sequence[Sequence[Stack]]) -> list[Score]:
    return [score_building(bp, st) for bp, st in zip(bps, buildings, strict=True)]


def slots_of(stacks: Sequence[Stack], material: Material) -> list[Slot]:
    return [(c, lv) for c, st in enumerate(stacks) for lv, (m, _) in enumerate(st) if m == material]


def each(items: Sequence[str]) -> str:
    """ "1 and 2 and 3": every one of a few short items, joined by "and"."""
    items = list(items)
    out = items[0] if items else ""
    for item in items[1:]:
        out = _("{first} and {then}", first=out, then=item)
    return out


def describe_building(bp: Blueprint, stacks: Sequence[Stack]) -> str:
    """What scored, in words built from ``explain_building`` and ``score_building``: e.g.
    "one wood die touching 2 dice (4), 3 green dice (10), glass dice showing 1 and 2 (3)"."""
    score = score_building(bp, stacks)
    dice = explain_building(bp, stacks)
    parts = []
    wood = [d for d in dice if d.material is Material.WOOD]
    if wood:
        touching = each([number(d.points // 2) for d in wood])
        many = 1 if len(wood) == 1 and wood[0].points // 2 == 1 else 2
        parts.append(
            n_(
                "{count} wood die touching {touching} ({points})",
                "{count} wood dice touching {touching} ({points})",
                len(wood),
                count=number_word(len(wood)),
                touching=n_("{neighbours} die", "{neighbours} dice", many, neighbours=touching),
                points=score.wood,
            )
        )
    greens = sum(1 for d in dice if d.material is Material.RECYCLED)
    if greens:
        parts.append(
            n_(
                "{count} green die ({points})",
                "{count} green dice ({points})",
                greens,
                count=number_word(greens),
                points=score.recycled,
            )
        )
    stone = [d for d in dice if d.material is Material.STONE]
    if stone:
        parts.append(
            n_(
                "{count} stone die on level {levels} ({points})",
                "{count} stone dice on levels {levels} ({points})",
                len(stone),
                count=number_word(len(stone)),
                levels=each([number(d.level + 1) for d in stone]),
                points=score.stone,
            )
        )
    glass = [d for d in dice if d.material is Material.GLASS]
    if glass:
        parts.append(
            n_(
                "{count} glass die showing {shows} ({points})",
                "{count} glass dice showing {shows} ({points})",
                len(glass),
                count=number_word(len(glass)),
                shows=each([number(d.value) for d in glass]),
                points=score.glass,
            )
        )
    return and_list(parts) if parts else _("no dice")
