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


def test_display_keeps_the_joiners_words_are_spelt_with():
    from blueprints3d.text import display

    persian = (
        "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"  # a Persian word with its half-space
    )
    assert display(persian) == persian
    assert display("\U0001f468\u200d\U0001f469") == "\U0001f468\u200d\U0001f469"  # a joined emoji
    # Every other format character still becomes a space: a name cannot turn the text around it.
    assert display("Ann\u202eBob") == "Ann Bob" and display("\ufeffAnn") == " Ann"
