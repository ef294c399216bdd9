"""What the guided first game (``client/table/tutorial.py``) says, as plain words: what to do
now, and each rule the first time it matters (placement, the two-player discard, a die that
fits nowhere, scoring, the tie). Every number is the engine's (``engine.rules``, the round's
result); nothing here imports Panda3D, so the words are checked headless.

Each function gives ``Bubbles``: short messages of a sentence or two, which the tutorial shows one
at a time (Space, Enter or a click on the bubble shows the next; the last one stays), each at
most two lines in the coach's column. Materials are named by the engine's word for them
(``Material.label``: "wood", "recycled", "stone", "glass"), as everywhere at the table.
"""

from __future__ import annotations

from typing import Sequence

from blueprints3d.engine.materials import Material
from blueprints3d.engine.results import RoundResult
from blueprints3d.engine.rules import (AWARDS_BY_PLAYERS, BLUEPRINT_BONUS, GEOMETER_VALUES,
                                       MATERIALS_SAME_COLOUR, NUM_ROUNDS, POOL_SIZE, RECYCLED_POINTS,
                                       SKYSCRAPER_HEIGHT, STRUCTURAL_SAME_VALUE, REPLACEMENTS_AFTER_DISCARD, STONE_POINTS,
                                       TAKES_PER_ROUND, WOOD_PER_NEIGHBOUR, vp_text)
from blueprints3d.presentation.words import and_list
from blueprints3d.presentation.reveal import RevealStep
from blueprints3d.text import number_word, plural

Bubbles = tuple[str, ...]   # one message after another; the last one stays

# The rules, each explained once, the first time it matters.
PLACEMENT, DISCARD, NOWHERE, SCORING, TIE = "placement", "discard", "fits nowhere", "scoring", "tie"
RULES = (PLACEMENT, DISCARD, NOWHERE, SCORING, TIE)

TITLE = "Learn to play"


def welcome(you: str, opponent: str, in_demand: tuple[Material, Material]) -> Bubbles:
    first, second = in_demand
    # The table's status line says "Round 1 of 3": the lesson says why it stops after one.
    return (f"Welcome, {you}! You play against {opponent}, an easy computer player.",
            f"A game has {NUM_ROUNDS} rounds; this lesson plays the first.",
            f"Each of you takes {plural(TAKES_PER_ROUND, 'die')} from the pool and builds on your own card.",
            f"This round {first.label} and {second.label} are in demand: they break ties.")


def take(first_time: bool) -> Bubbles:
    if first_time:
        return ("Your turn: drag a die from the pool, or use Left / Right and Enter.",
                "The spaces where it may go light up on your card.",
                "A die may go on an empty space that is not hatched.",
                "It may also top a stack showing the same number or a lower one.",
                "Choose freely; a die never moves once it is placed.")
    return ("Your turn: pick any die from the pool and put it on a lit space of your card.",)


def choose_space(first_time: bool) -> Bubbles:
    if first_time:
        return ("Now drop it on a lit space, or choose one with the arrows and Enter.",
                "The number printed on a space is how many dice it wants.",
                f"Every space built to its number earns the blueprint bonus of {BLUEPRINT_BONUS}.")
    return ("Put the die on a lit space of your card.",)


def confirm() -> Bubbles:
    return ("Enter (or Confirm) plays the move; Backspace (or Undo) takes it back.",)


def discard(first_time: bool, opponent: str) -> Bubbles:
    if first_time:
        return ("A rule for two players: after placing, you discard one more die.",
                f"That keeps it from {opponent}. Then {plural(REPLACEMENTS_AFTER_DISCARD, 'new die', 'new dice')} "
                f"are drawn, back to {POOL_SIZE[2]}.",
                "Pick the die to throw away: click it, or Left / Right and Enter.")
    return (f"Discard one die from the pool, so {opponent} cannot take it.",)


def fits_nowhere(first_time: bool) -> Bubbles:
    if first_time:
        return ("One die in the pool fits nowhere on your card.",
                "You may still take it if you want to: it leaves the round.",
                "It counts as one of your takes all the same.")
    return ("A die that fits nowhere may still be taken: it leaves the round.",)


def waiting(opponent: str) -> Bubbles:
    return (f"{opponent} is choosing a die. Its card stays hidden until the round ends.",)


def reveal(step: RevealStep, you: int, result: RoundResult, names: Sequence[str], first_time: bool) -> Bubbles:
    """The rule behind the reveal step on show, said once per kind."""
    who = "your" if step.player == you else f"{names[step.player]}'s" if step.player is not None else ""
    if step.kind == "lift":
        return ("The round is over: the screens lift and every building is scored.",
                "Space, a click or Next shows the next step; Enter skips to the scores.")
    if step.kind == "building":
        return (f"Now {who} building. Each material scores in its own way.",)
    if step.kind == "material" and step.material is not None:
        m = step.material
        if m is Material.WOOD:
            return (f"Wood: {WOOD_PER_NEIGHBOUR} points for every die a wood die shares a face with.",
                    "That is a die beside it on its level, below it or above it.")
        if m is Material.RECYCLED:
            return ("Recycled dice score together: the bigger the set, the more.",
                    f"{RECYCLED_POINTS[1]} for one, {RECYCLED_POINTS[3]} for three, "
                    f"{RECYCLED_POINTS[-1]} for {number_word(len(RECYCLED_POINTS) - 1)}.")
        if m is Material.STONE:
            return ("Stone scores more the higher it stands.",
                    f"{STONE_POINTS[1]} on the card, {STONE_POINTS[-1]} on level {len(STONE_POINTS) - 1} and up.")
        return ("Glass scores the number on its top, even when covered.",)
    if step.kind == "bonus":
        return (f"The blueprint bonus: {BLUEPRINT_BONUS} points for a building that follows its card.",
                "Each space holds just its number of dice, a hatched one none.")
    if step.kind == "total":
        return ("Building points only rank the buildings.",
                "Victory points come from Awards and Prizes.")
    if step.kind == "award":
        award = next(iter(result.awards)) if result.awards else None
        line = ((f"With {number_word(len(names))} players there is one Award: {award.title}, "
                 f"worth {vp_text(award.victory_points)}.", "It goes to the higher building score.")
                if award is not None and len(AWARDS_BY_PLAYERS[len(names)]) == 1 else
                ("Awards go to the highest building scores.",))
        return line + tie(result, names)
    if step.kind == "prize":
        return ("Prizes are for shapes and sets, whatever the building's score.",
                f"A stack of {number_word(SKYSCRAPER_HEIGHT)}, all {number_word(GEOMETER_VALUES)} values, "
                f"{number_word(STRUCTURAL_SAME_VALUE)} of a value, {number_word(MATERIALS_SAME_COLOUR)} of a material.",
                "Each Prize goes to one building.")
    if step.kind == "summary":
        return ("That is the round's score.", "Next round (or Enter) finishes the lesson.")
    return ()


def tie(result: RoundResult, names: Sequence[str]) -> Bubbles:
    """The tie rule: with this round's winner when it had a tie, else as it would be."""
    first, second = result.in_demand
    tied = [(a, pl) for a, pl in result.awards.items() if pl.ties]
    if tied:
        award, pl = tied[0]
        return (f"A tie! It goes to more {first.label} dice, the first in demand.",
                f"Then to more {second.label} dice, then to the player later in turn order.",
                f"{award.title} goes to {names[pl.player]}.")
    return (f"Had the scores tied, more {first.label} dice would win: the first in demand.",
            f"Then more {second.label} dice, then the player later in turn order.")


def closing(result: RoundResult, you: int, names: Sequence[str]) -> Bubbles:
    won = [f"{a.title}" for a, pl in result.awards.items() if pl.player == you]
    won += [f"the {p.title} Prize" for p, pl in result.prizes.items() if pl.player == you]
    score = result.scores[you].total
    got = f"You won {and_list(won)}." if won else "No Award or Prize for you this time."
    return (f"Well built! Your building scored {plural(score, 'point')}.", got,
            f"A real game has {plural(NUM_ROUNDS, 'round')}, with new cards each round.",
            "The most victory points wins.",
            "Now play a game, or watch the rule demos (blueprints3d demo).")
