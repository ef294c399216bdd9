"""Sentences as a native speaker writes them, in every language: every demo caption and label,
every reveal and replay sentence (the standings included), every refusal the engine gives and
the coach's hints, made from real game states, are read for the faults that glued fragments
leave: a unit said twice, Latin punctuation beside Han or Persian letters, Latin digits or "%" in
Persian, "二个", a German number word used as an article, English words left in a translated
sentence, and each language's spacing rule."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import pytest

from blueprints3d.ai.coach import hints
from blueprints3d.engine.blueprints import card_by_id, placement_message
from blueprints3d.engine.playout import random_game
from blueprints3d.i18n import speaking
from blueprints3d.presentation.demos import all_demos
from blueprints3d.presentation.replay import game_steps
from blueprints3d.presentation.reveal import reveal_steps
from blueprints3d.presentation.words import hint_words, move_words, refusal_words

LANGS = ("de", "zh", "fa")
NAMES = ("Ann", "Ben", "Cleo")  # names stay as they are typed, in every language

HAN = "\u3400-\u4dbf\u4e00-\u9fff"
PERSIAN = "\u0600-\u06ff"


@cache
def finished_game():
    return random_game(3, 11)


def _step_texts(step) -> Iterator[str]:
    yield step.caption
    for b in getattr(step, "buildings", ()):
        yield from (b.title, b.footer, b.aside_label)
        for m in (*b.die_marks.values(), *b.cell_marks.values(), *b.aside_marks.values()):
            yield m.text
        if b.ghost is not None:
            yield b.ghost.text
    for m in getattr(step, "pool_marks", {}).values():
        yield m.text
    yield getattr(step, "header", "")
    for tag in getattr(step, "tags", ()):
        yield tag.text


def sentences(lang: str) -> list[tuple[str, str]]:
    """(where, text) for what a player reads, made in ``lang``."""
    out: list[tuple[str, str]] = []
    with speaking(lang):
        for demo in all_demos():
            for i, step in enumerate(demo.steps):
                out += [(f"demo {demo.name} {i + 1}", t) for t in _step_texts(step) if t]
        game = finished_game()
        game.names = list(NAMES)
        for r, rr in enumerate(game.round_results, 1):
            for step in reveal_steps(rr, NAMES):
                out += [(f"reveal round {r} {step.kind}", t) for t in _step_texts(step) if t]
        for step in game_steps(game, open_=True):
            out += [("replay", t) for t in _step_texts(step) if t]
        out += _summary_texts(game)
        bp = card_by_id("B13")
        for top in (None, 1, 3, 6):
            for value in range(1, 7):
                for cell in range(bp.num_cells):
                    m = placement_message(bp, top, value, cell)
                    if m is not None:
                        out.append((f"refusal {top}/{value}/{cell}", refusal_words(bp, m)))
        out += _coach_texts()
        out += _action_refusals()
        out += _viewer_texts(game)
    return out


def _viewer_texts(game) -> list[tuple[str, str]]:
    """The viewer's breakdown of every building of the game (client/apps/viewer), and the
    table's message line of several moves in a row (``clauses``)."""
    from blueprints3d.client.apps.viewer import breakdown_parts
    from blueprints3d.files.buildfile import Build
    from blueprints3d.i18n import clauses

    out = []
    for rr in game.round_results:
        for bp, stacks in zip(rr.blueprints, rr.buildings, strict=True):
            b = breakdown_parts(Build(bp, stacks))
            out += [("viewer", t) for t in (b.dice_count, b.bonus_note, *b.prizes)]
            out += [("viewer die", t) for pair in b.dice for t in pair]
    moves = [t for where, t in _coach_texts() if where == "coach move"][:3]
    out.append(("table message", clauses(moves)))
    return out


def _action_refusals() -> list[tuple[str, str]]:
    """Every distinct refusal the engine gives to an action at a few moments of a game: a die
    that is not in the pool, a space that is hatched or too high, a set-aside die that fits, a
    discard out of turn, an action that is no action at all."""
    import copy

    from blueprints3d.engine import actions as A
    from blueprints3d.engine.errors import IllegalAction
    from blueprints3d.presentation.words import in_player_words
    from support.engine_rig import fresh

    out: dict[str, tuple[str, str]] = {}
    for players in (2, 3):
        s = fresh(players, seed=7)
        for _turn in range(8):
            bp = s.blueprints[s.current_player]
            for action in (*range(0, A.NUM_ACTIONS, 11), -1, A.NUM_ACTIONS, "x"):
                if action in s.legal_actions():
                    continue
                try:
                    copy.deepcopy(s).apply(action)  # type: ignore[arg-type]
                except IllegalAction as e:
                    if e.message is not None and e.message.msgid not in out:
                        out[e.message.msgid] = ("refused action", in_player_words(bp, e.message))
            s.apply(s.legal_actions()[-1])
    return list(out.values())


def _summary_texts(game) -> list[tuple[str, str]]:
    """The table's round summaries and final standings, in words (client/table/hud/summary)."""
    from blueprints3d.client.table.hud.summary import round_table, standings_table

    out = []
    for rr in game.round_results:
        out += [("round summary", w.strip()) for w in round_table(rr, NAMES)[1] if w.strip()]
    _rows, words = standings_table(game.round_results, game.result(), NAMES)
    return out + [("standings", w.strip()) for w in words if w.strip()]


def _coach_texts() -> list[tuple[str, str]]:
    from support.engine_rig import fresh

    s = fresh(3, seed=5)
    out = []
    for _turn in range(2):
        player = s.current_player
        for h in hints(s, player, count=3, seed=1):
            out.append(("coach hint", hint_words(s, player, h, "Ben")))
            out.append(("coach move", move_words(s, player, h.action)))
        s.apply(s.legal_actions()[0])
    return out


@cache
def _english_only_words() -> frozenset[str]:
    """Words of the English messages that are not also words of a translation (German "die",
    "in", "Name" are German too)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    from compile_catalogues import catalogues, entries

    def words(text: str) -> set[str]:
        return {w.lower() for w in re.findall(r"[A-Za-z]{3,}", re.sub(r"\{\w*\}", " ", text))}

    english: set[str] = set()
    translated: set[str] = set()
    for po in catalogues():
        for e in entries(po):
            english |= words(e.msgid) | words(e.plural or "")
            for s in e.strings:
                translated |= words(s)
    return frozenset(english - translated - {n.lower() for n in NAMES})


def faults(lang: str, text: str) -> list[str]:
    found = []
    if lang == "zh":
        if re.search("(?<!第)二个", text):
            found.append("二个 (write 两个)")
        if re.search(f"[{HAN}][,.;:!?]|[,.;:!?] ?[{HAN}]", text):
            found.append("Latin punctuation beside Han")
        if re.search(f"[{HAN}][A-Za-z0-9]|[A-Za-z0-9][{HAN}]", text):
            found.append("no space between Han and Latin or a digit")
        if re.search(f"[{HAN}，。；：、（）] +[{HAN}，。；：、（）]", text):
            found.append("a space between Han characters")
        if re.search(r"(分|点|个|颗|次)\s*\1(?!\1)", text) or re.search(r"(\d+) ?分 ?分", text):
            found.append("a unit said twice")
    if lang == "fa":
        if re.search(r"[0-9%]", _outside_latin_words(text)):
            found.append("a Latin digit or % in Persian")
        if re.search(f"[{PERSIAN}][,;?]|[,;?] ?[{PERSIAN}]", text):
            found.append("Latin punctuation beside Persian")
        if re.search(r"(امتیاز|تاس)\s+\1(?!\S)", text):
            found.append("a unit said twice")
    if lang == "de":
        if re.search(r"\beins\s+[A-ZÄÖÜ]", text):
            found.append('"eins" before a noun')
        if re.search(r"\b(Punkte|Siegpunkte|SP)\s+\1\b", text):
            found.append("a unit said twice")
    english = [
        w
        for w in re.findall(r"[A-Za-z]{3,}", _outside_commands(text))
        if w.lower() in _english_only_words()
    ]
    if english:
        found.append(f"English words left: {english}")
    return found


def _outside_latin_words(text: str) -> str:
    """``text`` without its Latin words (names, commands), whose figures are theirs."""
    return re.sub(r"[A-Za-z][\w./-]*", " ", text)


def _outside_commands(text: str) -> str:
    return re.sub(r"`[^`]*`|--[\w-]+|blueprints3d\S*|\bB\d\d\b", " ", text)


@pytest.mark.parametrize("lang", LANGS)
def test_every_sentence_reads_as_the_language_writes(lang):
    made = sentences(lang)
    assert len(made) > 400, len(made)  # every family of sentences above was made
    bad = [(where, text, f) for where, text in made if (f := faults(lang, text))]
    shown = "\n".join(f"{w}: {f}: {t!r}" for w, t, f in bad[:25])
    assert not bad, f"{len(bad)} sentences with faults in {lang}:\n{shown}"


@pytest.mark.parametrize(
    "lang, text",
    [
        ("zh", "得 6 分 分"),
        ("zh", "二个玻璃骰子"),
        ("zh", "拒绝, 因为"),
        ("zh", "第1回合"),
        ("zh", "玻璃 骰子"),
        ("fa", "۶ امتیاز امتیاز"),
        ("fa", "دور 1"),
        ("fa", "۵۰%"),
        ("fa", "تاس; سنگ"),
        ("de", "Ann hat eins Holzwürfel"),
        ("de", "6 Punkte Punkte"),
        ("de", "Abgelehnt, weil the die fits"),
    ],
)
def test_the_reader_finds_each_fault(lang, text):
    assert faults(lang, text), text


@pytest.mark.parametrize(
    "lang, text",
    [
        ("zh", "第 1 回合：轮到 Ann，得 6 分。"),
        ("fa", "دور ۱: نوبت Ann است، ۶ امتیاز."),
        ("de", "Runde 1: Ann ist am Zug und bekommt 6 Punkte."),
    ],
)
def test_the_reader_passes_good_sentences(lang, text):
    assert faults(lang, text) == []
