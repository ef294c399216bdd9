"""The tutorial's words, for the tests that measure its bubbles (tests/client/table/test_tutorial.py
in English, test_layout_languages.py in every language)."""

from __future__ import annotations


def every_bubble():
    """Everything the coach can say in the lesson's round, in the current language: each
    situation's words, the reveal of a real round (its steps, each kind), the tie words with and
    without a tie, the closing words."""
    from dataclasses import replace

    from blueprints3d.presentation.demos import coach

    from blueprints3d.engine.materials import Material
    from blueprints3d.engine.state import GameState
    from blueprints3d.presentation.reveal import reveal_steps

    out = []
    for first in (True, False):
        out += [
            coach.take(first),
            coach.choose_space(first),
            coach.discard(first, "Computer"),
            coach.fits_nowhere(first),
        ]
    out += [coach.confirm(), coach.waiting("Computer")]
    for a in Material:
        for b in Material:
            if a is not b:
                out.append(coach.welcome("Alex", "Computer", (a, b)))
    names = ["Alex", "Computer"]
    for seed in (11, 3, 5):
        s = GameState.new(2, seed=seed, names=names)
        while not s.round_results:
            s.apply(s.legal_actions()[0])
        result = s.round_results[0]
        for step in reveal_steps(result, names):
            for first in (True, False):
                out.append(coach.reveal(step, 0, result, names, first))
        tied = {a: pl._replace(ties=("Alex",)) for a, pl in result.awards.items()}
        for r in (result, replace(result, awards=tied)):
            out += [coach.tie(r, names), coach.closing(r, 0, names), coach.closing(r, 1, names)]
    return out
