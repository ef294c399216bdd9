"""What the guided first game (``client/table/tutorial.py``) says, as plain words: what to do
now, and each rule the first time it matters (placement, the two-player discard, a die that
fits nowhere, scoring, the tie). Every number is the engine's (``engine.rules``, the round's
result); nothing here imports Panda3D, so the words are checked headless.
"""

from __future__ import annotations

from typing import Sequence

from blueprints3d.engine.materials import Material
from blueprints3d.engine.results import RoundResult
from blueprints3d.engine.rules import (AWARDS_BY_PLAYERS, BLUEPRINT_BONUS, GEOMETER_VALUES,
                                       MATERIALS_SAME_COLOUR, NUM_ROUNDS, POOL_SIZE, RECYCLED_POINTS,
                                       SKYSCRAPER_HEIGHT, STRUCTURAL_SAME_VALUE, REPLACEMENTS_AFTER_DISCARD, STONE_POINTS,
                                       TAKES_PER_ROUND, WOOD_PER_NEIGHBOUR, vp_text)
from blueprints3d.presentation.demos.common import and_list, placement_words
from blueprints3d.presentation.reveal import RevealStep
from blueprints3d.text import number_word, plural

# The rules, each explained once, the first time it matters.
PLACEMENT, DISCARD, NOWHERE, SCORING, TIE = "placement", "discard", "fits nowhere", "scoring", "tie"
RULES = (PLACEMENT, DISCARD, NOWHERE, SCORING, TIE)

TITLE = "Learn to play"


def welcome(you: str, opponent: str, in_demand: tuple[Material, Material]) -> str:
    first, second = in_demand
    # The table's status line says "Round 1 of 3": the lesson says why it stops after one.
    return (f"Welcome! You are {you}, playing against {opponent}, an easy computer player. A game has "
            f"{NUM_ROUNDS} rounds; this lesson plays the first. Each of you "
            f"takes {plural(TAKES_PER_ROUND, 'die')} from the pool in the middle and builds on your "
            f"own blueprint card, behind a screen. This round {first.colour} ({first.label}) and "
            f"{second.colour} ({second.label}) are in demand: they break ties.")


def take(first_time: bool) -> str:
    if first_time:
        return ("Your turn: pick a die from the pool (drag it with the mouse, or Left / Right and "
                "Enter). The spaces where it may go light up on your card: an empty space that is "
                "not hatched, or the top of a stack showing the same number or a lower one. Choose "
                "freely; a die never moves once it is placed.")
    return "Your turn: pick any die from the pool and put it on a lit space of your card."


def choose_space(first_time: bool) -> str:
    if first_time:
        return ("Now put it on a lit space (drop it there, or the arrows or 1-9 and Enter). Each "
                "number printed on the card is how many dice that space wants for the blueprint "
                f"bonus of {BLUEPRINT_BONUS}.")
    return "Put the die on a lit space of your card."


def confirm() -> str:
    return "Enter (or Confirm) plays the move; Backspace (or Undo) takes it back."


def discard(first_time: bool, opponent: str) -> str:
    if first_time:
        return (f"A rule for two players: after placing, you discard one more die from the pool, "
                f"so {opponent} cannot have it. Then {plural(REPLACEMENTS_AFTER_DISCARD, 'new die', 'new dice')} "
                f"are drawn, and the pool is back to {POOL_SIZE[2]}. Pick the die to throw away "
                f"(click it, or Left / Right and Enter).")
    return f"Discard one die from the pool, so {opponent} cannot take it."


def fits_nowhere(first_time: bool) -> str:
    if first_time:
        return ("One die in the pool fits nowhere on your card: no empty space and no stack "
                "it may go on. You may take it only when you want to: it leaves the round, and "
                "still counts as one of your takes.")
    return "A die that fits nowhere may still be taken: it leaves the round."


def waiting(opponent: str) -> str:
    return f"{opponent} is choosing a die. Its card stays behind its screen until the round ends."


def reveal(step: RevealStep, you: int, result: RoundResult, names: Sequence[str], first_time: bool) -> str:
    """The rule behind the reveal step on show, said once per kind."""
    who = "your" if step.player == you else f"{names[step.player]}'s" if step.player is not None else ""
    if step.kind == "lift":
        return ("The round is over: the screens lift and every building is scored. Space shows the "
                "next step, Enter skips to the scores.")
    if step.kind == "building":
        return f"Now {who} building. Each material scores in its own way."
    if step.kind == "material" and step.material is not None:
        m = step.material
        if m is Material.WOOD:
            return (f"Wood ({m.colour}): {WOOD_PER_NEIGHBOUR} points for every die a wood die shares "
                    f"a face with, beside it on its level, below or above.")
        if m is Material.RECYCLED:
            return (f"Recycled ({m.colour}): the green dice score together, more for a bigger set "
                    f"({RECYCLED_POINTS[1]} for one, {RECYCLED_POINTS[3]} for three, "
                    f"{RECYCLED_POINTS[-1]} for {number_word(len(RECYCLED_POINTS) - 1)}).")
        if m is Material.STONE:
            return (f"Stone ({m.colour}): the higher it stands, the more it scores "
                    f"({STONE_POINTS[1]} on the card, {STONE_POINTS[-1]} on level {len(STONE_POINTS) - 1} and up).")
        return f"Glass ({m.colour}): each die scores the number on its top, even when covered."
    if step.kind == "bonus":
        return (f"The blueprint bonus: {BLUEPRINT_BONUS} points when every space holds exactly "
                f"the number of dice printed on it, and hatched spaces none.")
    if step.kind == "total":
        return "Building points only rank the buildings; victory points come from Awards and Prizes."
    if step.kind == "award":
        award = next(iter(result.awards)) if result.awards else None
        line = (f"With {number_word(len(names))} players there is one Award, "
                f"{award.title} ({vp_text(award.victory_points)}), for the higher building score."
                if award is not None and len(AWARDS_BY_PLAYERS[len(names)]) == 1 else
                "Awards go to the highest building scores.")
        return line + " " + tie(result, names)
    if step.kind == "prize":
        return ("Prizes are for shapes and sets, whatever the building's score: a stack of "
                f"{number_word(SKYSCRAPER_HEIGHT)}, all {number_word(GEOMETER_VALUES)} values, "
                f"{number_word(STRUCTURAL_SAME_VALUE)} of a value, {number_word(MATERIALS_SAME_COLOUR)} "
                "of a colour. Each goes to one building.")
    if step.kind == "summary":
        return "That is the round's score. Press Next round (or Enter) to finish the lesson."
    return ""


def tie(result: RoundResult, names: Sequence[str]) -> str:
    """The tie rule: with the engine's words when this round had a tie, else as it would be."""
    first, second = result.in_demand
    tied = [(a, pl) for a, pl in result.awards.items() if pl.ties]
    if tied:
        award, pl = tied[0]
        return (f"A tie! Ties go to more {first.colour} dice (first in demand), then more "
                f"{second.colour}, then the player later in turn order: {award.title} goes to "
                f"{placement_words(names, pl)}.")
    return (f"Had the scores tied, more {first.colour} dice (first in demand) would win, then more "
            f"{second.colour}, then the player later in turn order.")


def closing(result: RoundResult, you: int, names: Sequence[str]) -> str:
    won = [f"{a.title}" for a, pl in result.awards.items() if pl.player == you]
    won += [f"the {p.title} Prize" for p, pl in result.prizes.items() if pl.player == you]
    score = result.scores[you].total
    got = f"You won {and_list(won)}." if won else "No Award or Prize for you this time."
    return (f"Well built! Your building scored {plural(score, 'point')}. {got} A real game has "
            f"{plural(NUM_ROUNDS, 'round')} with new cards each round, and the most victory points "
            f"wins. Start a game from the new-game screen, or watch the rule demonstrations "
            f"(blueprints3d demo).")
