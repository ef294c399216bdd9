"""What the guided first game (``client/table/hud/tutorial.py``) says, as plain words: what to do
now, and each rule the first time it matters (placement, the two-player discard, a die that
fits nowhere, scoring, the tie). Every number is the engine's (``engine.rules``, the round's
result); nothing here imports Panda3D, so the words are checked headless.

Each function gives ``Bubbles``: short messages of a sentence or two, which the tutorial shows one
at a time (Space, Enter or a click on the bubble shows the next; the last one stays), each at
most two lines in the coach's column. Materials are named by the engine's word for them
(``Material.label``: "wood", "recycled", "stone", "glass"), as everywhere at the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from blueprints3d.engine.materials import Material
from blueprints3d.engine.results import RoundResult
from blueprints3d.engine.rules import (
    AWARDS_BY_PLAYERS,
    BLUEPRINT_BONUS,
    GEOMETER_VALUES,
    MATERIALS_SAME_COLOUR,
    NUM_ROUNDS,
    POOL_SIZE,
    RECYCLED_POINTS,
    SKYSCRAPER_HEIGHT,
    STRUCTURAL_SAME_VALUE,
    REPLACEMENTS_AFTER_DISCARD,
    STONE_POINTS,
    TAKES_PER_ROUND,
    WOOD_PER_NEIGHBOUR,
)
from blueprints3d.i18n import N_, _, n_
from blueprints3d.presentation.words import and_list, material_word, title_word
from blueprints3d.presentation.reveal import RevealStep
from blueprints3d.presentation.demos.common import number_word

Bubbles = tuple[str, ...]  # one message after another; the last one stays

# The rules, each explained once, the first time it matters.
PLACEMENT, DISCARD, NOWHERE, SCORING, TIE = "placement", "discard", "fits nowhere", "scoring", "tie"
RULES = (PLACEMENT, DISCARD, NOWHERE, SCORING, TIE)

TITLE = N_("Learn to play")  # shown as _(TITLE)


def welcome(you: str, opponent: str, in_demand: tuple[Material, Material]) -> Bubbles:
    first, second = in_demand
    # The table's status line says "Round 1 of 3": the lesson says why it stops after one.
    return (
        _(
            "Welcome, {you}! You play against {opponent}, an easy computer player.",
            you=you,
            opponent=opponent,
        ),
        _("A game has {rounds} rounds; this lesson plays the first.", rounds=NUM_ROUNDS),
        n_(
            "Each of you takes {n} die from the pool and builds on your own card.",
            "Each of you takes {n} dice from the pool and builds on your own card.",
            TAKES_PER_ROUND,
        ),
        _(
            "This round {first} and {second} are in demand: they break ties.",
            first=material_word(first),
            second=material_word(second),
        ),
    )


def take(first_time: bool) -> Bubbles:
    if first_time:
        return (
            _("Your turn: drag a die from the pool, or use Left / Right and Enter."),
            _("The spaces where it may go light up on your card."),
            _("A die may go on an empty space that is not hatched."),
            _("It may also top a stack showing the same number or a lower one."),
            _("Choose freely; a die never moves once it is placed."),
        )
    return (_("Your turn: pick any die from the pool and put it on a lit space of your card."),)


def choose_space(first_time: bool) -> Bubbles:
    if first_time:
        return (
            _("Now drop it on a lit space, or choose one with the arrows and Enter."),
            _("The number printed on a space is how many dice it wants."),
            _(
                "Every space built to its number earns the blueprint bonus of {bonus}.",
                bonus=BLUEPRINT_BONUS,
            ),
        )
    return (_("Put the die on a lit space of your card."),)


def confirm() -> Bubbles:
    return (_("Enter (or Confirm) plays the move; Backspace (or Undo) takes it back."),)


def discard(first_time: bool, opponent: str) -> Bubbles:
    if first_time:
        return (
            _("A rule for two players: after placing, you discard one more die."),
            n_(
                "That keeps it from {opponent}. Then {n} new die is drawn, back to {pool}.",
                "That keeps it from {opponent}. Then {n} new dice are drawn, back to {pool}.",
                REPLACEMENTS_AFTER_DISCARD,
                opponent=opponent,
                pool=POOL_SIZE[2],
            ),
            _("Pick the die to throw away: click it, or Left / Right and Enter."),
        )
    return (_("Discard one die from the pool, so {opponent} cannot take it.", opponent=opponent),)


def fits_nowhere(first_time: bool) -> Bubbles:
    if first_time:
        return (
            _("One die in the pool fits nowhere on your card."),
            _("You may still take it if you want to: it leaves the round."),
            _("It counts as one of your takes all the same."),
        )
    return (_("A die that fits nowhere may still be taken: it leaves the round."),)


def waiting(opponent: str) -> Bubbles:
    return (
        _(
            "{opponent} is choosing a die. Its card stays hidden until the round ends.",
            opponent=opponent,
        ),
    )


def reveal(
    step: RevealStep, you: int, result: RoundResult, names: Sequence[str], first_time: bool
) -> Bubbles:
    """The rule behind the reveal step on show, said once per kind."""
    if step.kind == "lift":
        return (
            _("The round is over: the screens lift and every building is scored."),
            _("Space, a click or Next shows the next step; Enter skips to the scores."),
        )
    if step.kind == "building":
        return _building_bubbles(step, you, names)
    if step.kind == "material" and step.material is not None:
        return _material_bubbles(step.material)
    if step.kind == "bonus":
        return (
            _(
                "The blueprint bonus: {bonus} points for a building that follows its card.",
                bonus=BLUEPRINT_BONUS,
            ),
            _("Each space holds just its number of dice, a hatched one none."),
        )
    if step.kind == "total":
        return (
            _("Building points only rank the buildings."),
            _("Victory points come from Awards and Prizes."),
        )
    if step.kind == "award":
        return _award_bubbles(result, names)
    if step.kind == "prize":
        return (
            _("Prizes are for shapes and sets, whatever the building's score."),
            _(
                "A stack of {height}, all {values} values, {same} of a value, {colour} of a material.",
                height=number_word(SKYSCRAPER_HEIGHT),
                values=number_word(GEOMETER_VALUES),
                same=number_word(STRUCTURAL_SAME_VALUE),
                colour=number_word(MATERIALS_SAME_COLOUR),
            ),
            _("Each Prize goes to one building."),
        )
    if step.kind == "summary":
        return (_("That is the round's score."), _("Next round (or Enter) finishes the lesson."))
    return ()


def _building_bubbles(step: RevealStep, you: int, names: Sequence[str]) -> Bubbles:
    """A building about to be scored: yours or whose."""
    if step.player == you:
        return (_("Now your building. Each material scores in its own way."),)
    if step.player is not None:
        return (
            _(
                "Now {name}'s building. Each material scores in its own way.",
                name=names[step.player],
            ),
        )
    return (_("Now the building. Each material scores in its own way."),)


def _material_bubbles(m: Material) -> Bubbles:
    """How one material scores."""
    if m is Material.WOOD:
        return (
            _(
                "Wood: {points} points for every die a wood die shares a face with.",
                points=WOOD_PER_NEIGHBOUR,
            ),
            _("That is a die beside it on its level, below it or above it."),
        )
    if m is Material.RECYCLED:
        return (
            _("Recycled dice score together: the bigger the set, the more."),
            _(
                "{one} for one, {three} for three, {most} for {count}.",
                one=RECYCLED_POINTS[1],
                three=RECYCLED_POINTS[3],
                most=RECYCLED_POINTS[-1],
                count=number_word(len(RECYCLED_POINTS) - 1),
            ),
        )
    if m is Material.STONE:
        return (
            _("Stone scores more the higher it stands."),
            _(
                "{low} on the card, {high} on level {level} and up.",
                low=STONE_POINTS[1],
                high=STONE_POINTS[-1],
                level=len(STONE_POINTS) - 1,
            ),
        )
    return (_("Glass scores the number on its top, even when covered."),)


def _award_bubbles(result: RoundResult, names: Sequence[str]) -> Bubbles:
    """What the Awards go to, and the round's ties."""
    award = next(iter(result.awards)) if result.awards else None
    line = (
        (
            _(
                "With {count} players there is one Award: {award}, worth {vp} VP.",
                count=number_word(len(names)),
                award=title_word(award),
                vp=award.victory_points,
            ),
            _("It goes to the higher building score."),
        )
        if award is not None and len(AWARDS_BY_PLAYERS[len(names)]) == 1
        else (_("Awards go to the highest building scores."),)
    )
    return line + tie(result, names)


def tie(result: RoundResult, names: Sequence[str]) -> Bubbles:
    """The tie rule: with this round's winner when it had a tie, else as it would be."""
    first, second = result.in_demand
    tied = [(a, pl) for a, pl in result.awards.items() if pl.ties]
    if tied:
        award, pl = tied[0]
        return (
            _(
                "A tie! It goes to more {material} dice, the first in demand.",
                material=material_word(first),
            ),
            _(
                "Then to more {material} dice, then to the player later in turn order.",
                material=material_word(second),
            ),
            _("{award} goes to {name}.", award=title_word(award), name=names[pl.player]),
        )
    return (
        _(
            "Had the scores tied, more {material} dice would win: the first in demand.",
            material=material_word(first),
        ),
        _(
            "Then more {material} dice, then the player later in turn order.",
            material=material_word(second),
        ),
    )


def closing(result: RoundResult, you: int, names: Sequence[str]) -> Bubbles:
    won = [title_word(a) for a, pl in result.awards.items() if pl.player == you]
    won += [
        _("the {prize} Prize", prize=title_word(p))
        for p, pl in result.prizes.items()
        if pl.player == you
    ]
    score = result.scores[you].total
    got = (
        _("You won {cards}.", cards=and_list(won))
        if won
        else _("No Award or Prize for you this time.")
    )
    return (
        n_(
            "Well built! Your building scored {n} point.",
            "Well built! Your building scored {n} points.",
            score,
        ),
        got,
        n_(
            "A real game has {n} round, with new cards each round.",
            "A real game has {n} rounds, with new cards each round.",
            NUM_ROUNDS,
        ),
        _("The most victory points wins."),
        _("Now play a game, or watch the rule demos (blueprints3d demo)."),
    )
