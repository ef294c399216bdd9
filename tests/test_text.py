"""blueprints3d.text.plural: the count and the word in the right number."""

from blueprints3d.text import plural


def test_plural_regular_words():
    assert plural(1, "point") == "1 point"
    assert plural(2, "point") == "2 points"
    assert plural(0, "point") == "0 points"
    assert plural(1, "round") == "1 round"
    assert plural(5, "round") == "5 rounds"
    assert plural(-1, "point") == "-1 point"


def test_plural_known_irregular_words():
    assert plural(1, "die") == "1 die"
    assert plural(3, "die") == "3 dice"
    assert plural(0, "die") == "0 dice"


def test_plural_passed_irregular_word_and_endings():
    assert plural(2, "person", "people") == "2 people"
    assert plural(1, "person", "people") == "1 person"
    assert plural(2, "match") == "2 matches"
    assert plural(2, "penalty") == "2 penalties"
    assert plural(2, "play") == "2 plays"
