"""Captions a player would say: every caption and label of every demo, and every answer a
try-it-yourself step can give, checked against a small style list."""

from __future__ import annotations

import re

import pytest

from blueprints3d.engine.materials import Material
from blueprints3d.presentation.demos import all_demos, get_demo
from blueprints3d.presentation.demos.common import in_player_words, space_name, where_on_card
from blueprints3d.presentation.demos.tasks import TASK
from blueprints3d.engine.blueprints import card_by_id, placement_message
from support.caption_style import style_problems


def all_texts():
    """(where, text) for every caption, label and footer of every demo, and every answer."""
    for demo in all_demos():
        for i, step in enumerate(demo.steps):
            yield from _step_texts(f"{demo.name} step {i + 1}", step)
            task = step.facts.get(TASK)
            if task is not None:
                view = step.buildings[task.building]
                for k in range(len(step.pool)):
                    for cell in range(view.blueprint.num_cells):
                        ans = task.answer(k, cell)
                        yield from _step_texts(
                            f"{demo.name} step {i + 1} answer {k}/{cell}", ans.step
                        )


def _step_texts(where: str, step):
    yield where + " caption", step.caption
    for b in step.buildings:
        for m in (*b.die_marks.values(), *b.cell_marks.values(), *b.aside_marks.values()):
            if m.text:
                yield where + " label", m.text
        if b.footer:
            yield where + " footer", b.footer
    for m in step.pool_marks.values():
        if m.text:
            yield where + " pool label", m.text


def test_style_list_catches_what_it_should():
    bad = [
        "The engine allows it.",
        "the 3 at row 2, column 1",
        "touching 1 dice",
        "worth 1 points",
        "B: building score 23; tie (x: 1 to 0).",
        "it goes.. here",
        "so do Ada",
        "3 point",
        "Silver to B: B: building score 23",
    ]
    for text in bad:
        assert style_problems(text), text
    good = [
        "Silver goes to B, tied with A (both have 3 green; B has more black: 1 to 0).",
        "It touches 1 die, so it scores 2 points.",
    ]
    for text in good:
        assert not style_problems(text), (text, style_problems(text))
    assert not style_problems("1 die of 2", caption=False)
    assert style_problems("it scores", caption=True)


def test_every_caption_and_label_reads_as_a_player_would_say_it():
    problems = [
        (where, text, p)
        for where, text in all_texts()
        if (p := style_problems(text, where.endswith("caption")))
    ]
    assert not problems, "\n".join(f"{w}: {p}: {t}" for w, t, p in problems[:20])


def test_labels_say_what_they_count():
    for where, text in all_texts():
        if where.endswith("label"):
            assert not re.fullmatch(r"[+-]?\d+(/\d+)?", text.strip()), (where, text)


# "the orange 3", "a green 5", "the wood 1" (not a score line's "wood 4").
DIE_WORDS = re.compile(
    r"\b(?:the|a|an) ("
    + "|".join(sorted({m.colour for m in Material} | {m.label for m in Material}))
    + r") (\d)\b"
)


def _on_screen(step) -> set[tuple[int, int]]:
    dice = set(step.pool) | set(step.discarded)
    for b in step.buildings:
        dice |= {d for st in b.stacks for d in st} | set(b.aside)
        if b.ghost is not None:
            dice.add((int(b.ghost.material), b.ghost.value))
    return dice


@pytest.mark.parametrize("demo", [d.name for d in all_demos()])
def test_a_caption_speaks_only_of_dice_on_screen(demo):
    """'the orange 3' in a caption is a die the learner can see (step 1 of the placement demo
    spoke of one before it was shown)."""
    names = {**{m.colour: m for m in Material}, **{m.label: m for m in Material}}
    for i, step in enumerate(get_demo(demo).steps):
        shown = _on_screen(step)
        for word, value in DIE_WORDS.findall(step.caption):
            assert (int(names[word]), int(value)) in shown, (
                demo,
                i + 1,
                f"{word} {value}",
                step.caption,
            )


def test_spaces_are_named_by_what_is_printed_and_where():
    bp = card_by_id("B03")  # [[1, 1], [X, 2], [1, 1]]
    assert space_name(bp, 0) == "the 1 at the top left"
    assert space_name(bp, 2) == "the hatched space at the middle left"
    assert space_name(bp, 3) == "the 2 at the middle right"
    assert where_on_card(bp, 5) == "bottom right"
    # The engine's refusals (Messages, as placement_message and IllegalAction carry them) with
    # their spaces put in a player's words; a text without a Message is shown as it is.
    said = in_player_words(bp, placement_message(bp, 5, 2, 3))
    assert said == (
        "a 2 cannot go on a 5 at the middle right (the space marked 2): only an equal or higher "
        "value may go on top"
    )
    assert (
        in_player_words(bp, placement_message(bp, None, 3, 2))
        == "the middle left space is hatched: no die may ever be placed there"
    )
    assert in_player_words(bp, "row 2, column 1 is hatched") == "row 2, column 1 is hatched"


def test_three_before_and_after_captions():
    """The issue's three examples, now said as a player would (the closing note quotes them)."""
    placement = get_demo("placement").steps
    assert "The engine allows" not in placement[1].caption
    assert (
        "Allowed: the orange 3 goes on the 2 at the middle right, an empty space."
        in placement[1].caption
    )
    assert "orange" not in placement[0].caption
    example = [s for s in get_demo("example").steps if "ties" in s.facts][0]
    assert (
        "Silver goes to B, tied with A (" in example.caption
        and "B: building" not in example.caption
    )
    assert "so do" not in [s for s in get_demo("prizes").steps if "ties" in s.facts][0].caption
