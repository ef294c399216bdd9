"""The reveal of a scored round as a list of steps, every number from the engine's round result.

After a round the screens lift and the table visits each building in turn order: one material at
a time, the points appear on the dice that earn them (wood with the dice it touches, stone with
its level, glass with its value, covered or not, the recycled set counted up), then the blueprint
bonus checks each space, then the building's total. Then the Awards and the Prizes go to their
buildings with the reason in words, ties explained as the engine decided them.

Nothing here is recomputed: the points are ``explain_building``'s, the category sums the round
result's ``Score``, the space checks ``blueprint_checks``'s and the reasons the ``Placement``'s.
The client's reveal player (client/table/view/reveal.py) draws these steps; this module has no Panda3D.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Sequence

from blueprints3d.engine.awards import Placement
from blueprints3d.engine.blueprints import Blueprint
from blueprints3d.engine.materials import Material
from blueprints3d.engine.results import RoundResult
from blueprints3d.engine.rules import (
    BLUEPRINT_BONUS,
    PRIZE_RULE_MESSAGES,
    PRIZE_VP,
    WOOD_PER_NEIGHBOUR,
    Award,
    Prize,
)
from blueprints3d.engine.scoring import (
    DiePoints,
    SpaceCheck,
    Stack,
    blueprint_checks,
    explain_building,
)
from blueprints3d.i18n import _, join_list, n_, translate
from blueprints3d.presentation.words import title_word


def _points(n: int) -> str:
    return n_("{n} point", "{n} points", n)


# How long each kind of step stays before the next one, in seconds (Space skips one, Enter all).
DURATIONS = {
    "lift": 1.4,
    "building": 1.0,
    "material": 1.8,
    "bonus": 1.6,
    "total": 1.2,
    "award": 2.2,
    "prize": 2.2,
    "summary": 0.0,
}
# The order materials are counted in: the order of the score sheet.
MATERIAL_ORDER = (Material.WOOD, Material.RECYCLED, Material.STONE, Material.GLASS)


@dataclass(frozen=True)
class Tag:
    """A label on one die of the building being shown."""

    cell: int
    level: int
    text: str


@dataclass(frozen=True)
class RevealStep:
    kind: str  # lift / building / material / bonus / total / award / prize / summary
    caption: str  # what the step shows, in words
    player: int | None = None  # whose building the camera visits
    material: Material | None = None
    tags: tuple[Tag, ...] = ()  # labels on the dice that earn points
    lit: tuple[tuple[int, int], ...] = ()  # dice outlined (cell, level): what a wood die touches
    spaces: tuple[SpaceCheck, ...] = ()  # blueprint bonus: every space checked
    running: int | None = None  # the building's points counted so far
    card: str | None = None  # an Award / Prize card going to ``player`` ("gold", "geometer")

    @property
    def duration(self) -> float:
        return DURATIONS[self.kind]


def _material_step(
    p: int,
    material: Material,
    dice: list[DiePoints],
    points: int,
    running: int,
    name: str,
    heights: Sequence[int],
) -> RevealStep:
    tags: list[Tag] = []
    lit: list[tuple[int, int]] = []
    if material is Material.WOOD:
        for d in dice:
            n = len(d.touching)
            tags.append(
                Tag(
                    d.cell,
                    d.level,
                    n_(
                        "+{points} wood: touches {n} die",
                        "+{points} wood: touches {n} dice",
                        n,
                        points=d.points,
                    ),
                )
            )
            lit += [t for t in d.touching if t not in lit]
        # TRANSLATORS: {points} holds the number with its unit ("6 points"): do not add one.
        caption = _(
            "{name}'s wood: +{each} for every die a wood die touches, {points}",
            name=name,
            each=WOOD_PER_NEIGHBOUR,
            points=_points(points),
        )
    elif material is Material.RECYCLED:
        for i, d in enumerate(dice, 1):
            tags.append(Tag(d.cell, d.level, _("recycled {i} of {n}", i=i, n=len(dice))))
        # TRANSLATORS: {points} holds the number with its unit ("6 points"): do not add one.
        caption = n_(
            "{name}'s recycled set: a single die makes {points}",
            "{name}'s recycled set: {n} dice together make {points}",
            len(dice),
            name=name,
            points=_points(points),
        )
    elif material is Material.STONE:
        for d in dice:
            tags.append(
                Tag(
                    d.cell,
                    d.level,
                    _("+{points} stone on level {level}", points=d.points, level=d.level + 1),
                )
            )
        # TRANSLATORS: {points} holds the number with its unit ("6 points"): do not add one.
        caption = _(
            "{name}'s stone: the higher it stands, the more it scores, {points}",
            name=name,
            points=_points(points),
        )
    else:
        for d in dice:
            if d.level + 1 < heights[d.cell]:
                tag = _("+{points} glass showing {value}, covered", points=d.points, value=d.value)
            else:
                tag = _("+{points} glass showing {value}", points=d.points, value=d.value)
            tags.append(Tag(d.cell, d.level, tag))
        # TRANSLATORS: {points} holds the number with its unit ("6 points"): do not add one.
        caption = _(
            "{name}'s glass: each scores the value it shows, covered or not, {points}",
            name=name,
            points=_points(points),
        )
    return RevealStep("material", caption, p, material, tuple(tags), tuple(lit), running=running)


def reveal_steps(result: RoundResult, names: Sequence[str]) -> list[RevealStep]:
    """The whole reveal of ``result``: the lift, each building in turn order, Awards, Prizes,
    and last the round summary."""
    steps = [RevealStep("lift", _("Round {round} is over: the screens lift", round=result.round))]
    for p in result.turn_order:
        steps += _building_steps(result, p, names[p])
    for award, pl in result.awards.items():
        steps.append(_award_step(result, names, award, pl))
    for prize, pl in result.prizes.items():
        steps.append(_prize_step(names, prize, pl))
    if not result.prizes:
        steps.append(RevealStep("prize", _("No Prizes this round: no building qualified")))
    steps.append(RevealStep("summary", _("Round {round}: the scores", round=result.round)))
    return steps


def _building_steps(result: RoundResult, p: int, name: str) -> list[RevealStep]:
    """Player ``p``'s building: announced, each material scored, the bonus, the total."""
    score = result.scores[p]
    bp, stacks = result.blueprints[p], result.buildings[p]
    dice = explain_building(bp, stacks)
    n = sum(len(s) for s in stacks)
    steps = [
        RevealStep(
            "building",
            n_(
                "{name}'s building: {n} die on {card}",
                "{name}'s building: {n} dice on {card}",
                n,
                name=name,
                card=bp.name_message,
            ),
            p,
            running=0,
        )
    ]
    running = 0
    sums = {
        Material.WOOD: score.wood,
        Material.RECYCLED: score.recycled,
        Material.STONE: score.stone,
        Material.GLASS: score.glass,
    }
    for m in MATERIAL_ORDER:
        of = [d for d in dice if d.material is m]
        if not of:
            continue
        running += sums[m]
        steps.append(_material_step(p, m, of, sums[m], running, name, [len(s) for s in stacks]))
    running += score.blueprint
    steps.append(_bonus_step(p, name, bp, stacks, score.blueprint, running))
    steps.append(
        RevealStep(
            "total",
            # TRANSLATORS: {points} holds the number with its unit ("6 points"): do not add one.
            _("{name}'s building scores {points}", name=name, points=_points(score.total)),
            p,
            running=score.total,
        )
    )
    return steps


def _bonus_step(
    p: int, name: str, bp: Blueprint, stacks: Sequence[Stack], blueprint: int, running: int
) -> RevealStep:
    """The blueprint bonus: earned (``blueprint`` points), or the spaces not as printed."""
    checks = blueprint_checks(bp, stacks)
    spaces = checks
    if blueprint:
        caption = _(
            "{name} built every space as printed: blueprint bonus +{bonus}",
            name=name,
            bonus=blueprint,
        )
    else:
        wrong = sum(1 for c in checks if not c.ok)
        caption = n_(
            "No blueprint bonus (+{bonus}) for {name}: {n} space not as printed",
            "No blueprint bonus (+{bonus}) for {name}: {n} spaces not as printed",
            wrong,
            bonus=BLUEPRINT_BONUS,
            name=name,
        )
    tags = tuple(
        Tag(
            c.cell,
            max(c.built - 1, 0),
            _("needs {needed}, has {built}", needed=c.needed, built=c.built),
        )
        for c in checks
        if not c.ok
    )
    return RevealStep("bonus", caption, p, tags=tags, spaces=spaces, running=running)


def award_sentence(award: Award, pl: Placement, names: Sequence[str], total: int) -> str:
    """An Award handed out, in one sentence: to whom, on what score, tied with whom."""
    if pl.ties:
        return _(
            "{award} Award ({vp} VP) to {name}, building score {total}; tied with {others}",
            award=title_word(award),
            vp=award.victory_points,
            name=names[pl.player],
            total=total,
            others=join_list([translate(m) for m in pl.tie_messages]),
        )
    return _(
        "{award} Award ({vp} VP) to {name}, building score {total}",
        award=title_word(award),
        vp=award.victory_points,
        name=names[pl.player],
        total=total,
    )


def prize_sentence(prize: Prize, pl: Placement, names: Sequence[str]) -> str:
    """A Prize handed out, in one sentence: to whom, for what, who else qualified."""
    # TRANSLATORS: {rule} says what the Prize asks for ("a stack of 5 or more dice").
    if pl.ties:
        return _(
            "{prize} Prize ({vp} VP) to {name}: {rule}; also qualified: {others}",
            prize=title_word(prize),
            vp=PRIZE_VP,
            name=names[pl.player],
            rule=translate(PRIZE_RULE_MESSAGES[prize]),
            others=join_list([translate(m) for m in pl.tie_messages]),
        )
    return _(
        "{prize} Prize ({vp} VP) to {name}: {rule}",
        prize=title_word(prize),
        vp=PRIZE_VP,
        name=names[pl.player],
        rule=translate(PRIZE_RULE_MESSAGES[prize]),
    )


def card_lines(result: RoundResult, names: Sequence[str]) -> list[str]:
    """A round's Awards, then its Prizes, a line each with its reason and ties: the round
    summary's words, at the table (client/table/hud/summary.py) and in `history N`."""
    awards, prizes = card_parts(result, names)
    return [*awards, _("Prizes:"), *prizes]


def card_parts(result: RoundResult, names: Sequence[str]) -> tuple[list[str], list[str]]:
    """A round's Award lines and its Prize lines (none qualified: a line that says so), apart:
    the round summary's panel sets each under its own heading."""
    lines = []
    for award, pl in result.awards.items():
        said = dict(
            award=_(award.title),
            vp=_("{vp} VP", vp=award.victory_points),
            name=names[pl.player],
            score=result.scores[pl.player].total,
        )
        if pl.ties:
            lines.append(
                _(
                    "  {award} ({vp}) to {name}, building score {score}; tied with {ties}",
                    ties=join_list([translate(m) for m in pl.tie_messages]),
                    **said,
                )
            )
        else:
            lines.append(_("  {award} ({vp}) to {name}, building score {score}", **said))
    awards, lines = lines, []
    if not result.prizes:
        lines.append(_("  none: no building qualified"))
    for prize, pl in result.prizes.items():
        said = dict(
            prize=_(prize.title),
            vp=_("{vp} VP", vp=PRIZE_VP),
            name=names[pl.player],
            rule=translate(PRIZE_RULE_MESSAGES[prize]),
        )
        if pl.ties:
            lines.append(
                _(
                    "  {prize} ({vp}) to {name}: {rule}; also qualified: {ties}",
                    ties=join_list([translate(m) for m in pl.tie_messages]),
                    **said,
                )
            )
        else:
            lines.append(_("  {prize} ({vp}) to {name}: {rule}", **said))
    return awards, lines


def _award_step(
    result: RoundResult, names: Sequence[str], award: Award, pl: Placement
) -> RevealStep:
    total = result.scores[pl.player].total
    caption = award_sentence(award, pl, names, total)
    return RevealStep("award", caption, pl.player, card=award.value)


def _prize_step(names: Sequence[str], prize: Prize, pl: Placement) -> RevealStep:
    caption = prize_sentence(prize, pl, names)
    return RevealStep("prize", caption, pl.player, card=prize.value)


def reveal_seconds(steps: Sequence[RevealStep]) -> float:
    """How long the reveal takes when nothing is skipped."""
    return sum(s.duration for s in steps)


__all__ = [
    "Tag",
    "RevealStep",
    "reveal_steps",
    "reveal_seconds",
    "award_sentence",
    "prize_sentence",
    "card_lines",
    "DURATIONS",
    "MATERIAL_ORDER",
]
