"""The translations: the catalogues are complete and agree with their ids, the
committed .mo files are what tools/compile_catalogues.py makes, `score` and the refusals of build
files speak English, German, Chinese and Persian, and the language is chosen by --lang, else
the environment, else English."""

from __future__ import annotations

import gettext
import json
import re
import sys
from pathlib import Path

import pytest

import blueprints3d.i18n as i18n
from blueprints3d import resources
from blueprints3d.cli import main
from blueprints3d.i18n import Message, language_from_environment, n_, number, set_language

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import compile_catalogues  # noqa: E402
from compile_catalogues import entries  # noqa: E402

TRANSLATED = ("de", "zh", "fa")
EXAMPLE_A = {
    "format": 1,  # README's example build, both buildings score 23
    "blueprint": {"grid": [[1, "X"], [2, 1], [2, "X"]]},
    "stacks": [
        [["recycled:5"], []],
        [["glass:2", "recycled:4"], ["recycled:6"]],
        [["glass:1", "wood:3"], []],
    ],
}
EXAMPLE_B = {
    "format": 1,
    "blueprint": "B07",
    "stacks": [
        [["green:1", "black:2"], ["orange:3"]],
        [["green:2"], ["orange:4", "green:5"]],
        [[], []],
    ],
}


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


def po_path(lang: str) -> Path:
    return resources.folder("blueprints3d.locale") / lang / "LC_MESSAGES" / "blueprints3d.po"


_PLACEHOLDER = re.compile(r"\{(\w*)\}")
# argparse's own ids (commands/argtypes.py) keep its %-placeholders, which argparse fills in.
# argparse's %-style placeholders (a conversion type after %, no space flag: "95% CI" is prose).
_NAMED_PERCENT = re.compile(r"%\((\w+)\)[#0+-]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]")
_BARE_PERCENT = re.compile(r"%[#0+-]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]")


def percent_placeholders(text: str) -> tuple[set[str], int]:
    """The named %(x)s placeholders of ``text`` and how many bare ones (%s, %r) it has."""
    text = text.replace("%%", "")
    return set(_NAMED_PERCENT.findall(text)), len(
        _BARE_PERCENT.findall(_NAMED_PERCENT.sub("", text))
    )


def problems(po: Path | str) -> list[str]:
    """What is wrong with a catalogue: an untranslated or fuzzy id, placeholders that differ
    from the id's, a missing plural form."""
    nplurals = compile_catalogues.read(po).num_plurals
    out = []
    for e in entries(po):
        wanted = set(_PLACEHOLDER.findall(e.msgid)) | set(_PLACEHOLDER.findall(e.plural or ""))
        forms = nplurals if e.plural is not None else 1
        if e.fuzzy:
            out.append(f"{e.msgid!r} is fuzzy")
        if len(e.strings) != forms:
            out.append(f"{e.msgid!r} has {len(e.strings)} forms, not {forms}")
        for s in e.strings:
            if not s:
                out.append(f"{e.msgid!r} is not translated")
            elif set(_PLACEHOLDER.findall(s)) != wanted and not (
                e.plural and set(_PLACEHOLDER.findall(s)) <= wanted
            ):
                out.append(
                    f"{e.msgid!r}: placeholders {sorted(set(_PLACEHOLDER.findall(s)))} "
                    f"are not the id's {sorted(wanted)}"
                )
            elif percent_placeholders(s) != percent_placeholders(e.msgid) and not (
                e.plural and percent_placeholders(s) == percent_placeholders(e.plural)
            ):
                out.append(
                    f"{e.msgid!r}: %-placeholders {percent_placeholders(s)} are not the id's "
                    f"{percent_placeholders(e.msgid)}"
                )
    return out


# (a) the catalogues


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_id_is_translated_with_its_placeholders_and_plural_forms(lang):
    assert problems(po_path(lang)) == []


def test_the_catalogues_have_the_same_ids():
    ids = {
        lang: {(e.context, e.msgid, e.plural) for e in entries(po_path(lang))}
        for lang in TRANSLATED
    }
    assert ids["de"] == ids["zh"] == ids["fa"]


def test_the_check_can_fail(tmp_path):
    bad = tmp_path / "bad.po"
    bad.write_text(
        'msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "stone on level {level}"\nmsgstr "Stein auf Ebene {stufe}"\n\n'
        'msgid "total"\nmsgstr ""\n\n'
        'msgid "{n} die"\nmsgid_plural "{n} dice"\nmsgstr[0] "{n} Würfel"\n\n'
        'msgid "unrecognized arguments: %s"\nmsgstr "unbekannte Argumente"\n\n'
        'msgid "invalid choice: %(value)r (choose from %(choices)s)"\n'
        'msgstr "ungültige Wahl: %(wert)r (Auswahl: %(choices)s)"\n\n'
        'msgid "expected %s argument"\nmsgid_plural "expected %s arguments"\n'
        'msgstr[0] "%s Argument erwartet"\nmsgstr[1] "%s Argumente erwartet"\n\n'
        'msgid "usage: "\nmsgstr "Aufruf: "\n',
        "utf-8",
    )
    found = problems(bad)
    assert len(found) == 5, found
    assert any("placeholders" in p and "stone" in p for p in found)
    assert any("not translated" in p for p in found)
    assert any("'{n} die' is not translated" in p for p in found)  # a plural form missing
    assert any("%-placeholders" in p and "unrecognized" in p for p in found)  # a %s lost
    assert any("%-placeholders" in p and "invalid choice" in p for p in found)  # %(value)r renamed


def test_the_plural_rules_are_the_languages():
    rules = {
        lang: dict(compile_catalogues.read(po_path(lang)).mime_headers)["Plural-Forms"]
        for lang in TRANSLATED
    }
    assert rules == {
        "de": "nplurals=2; plural=(n != 1);",
        "zh": "nplurals=1; plural=0;",
        "fa": "nplurals=2; plural=(n > 1);",
    }


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_committed_mo_is_what_the_tool_makes(lang):
    po = po_path(lang)
    assert po in compile_catalogues.catalogues()
    assert po.with_suffix(".mo").read_bytes() == compile_catalogues.compiled(po), (
        "run python3 tools/compile_catalogues.py"
    )


def test_the_compiled_catalogue_is_read_back_by_gettext(tmp_path):
    po = tmp_path / "t.po"
    po.write_text(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
        'msgid "glass"\nmsgstr "شیشه"\n\n'
        'msgid "a \\"b\\""\nmsgstr "c \\"d\\"\\n"\n\n'
        'msgctxt "count"\nmsgid "one"\nmsgstr "یک"\n\n'
        '#, fuzzy\nmsgid "stone"\nmsgstr "old words"\n\n'
        'msgid "{n} die"\nmsgid_plural "{n} dice"\nmsgstr[0] "x{n}"\nmsgstr[1] "y{n}"\n',
        "utf-8",
    )
    (tmp_path / "t.mo").write_bytes(compile_catalogues.compiled(po))
    with open(tmp_path / "t.mo", "rb") as f:
        t = gettext.GNUTranslations(f)
    assert t.gettext("glass") == "شیشه" and t.gettext('a "b"') == 'c "d"\n'
    assert t.pgettext("count", "one") == "یک" and t.gettext("one") == "one"
    assert t.gettext("stone") == "stone"  # a fuzzy translation waits for its translator
    assert [t.ngettext("{n} die", "{n} dice", n) for n in (0, 1, 2)] == ["x{n}", "x{n}", "y{n}"]


# (e) numbers and plural forms


def test_number_in_each_language():
    assert [number(n, lang) for lang, n in (("en", 23), ("de", 23), ("zh", 23))] == ["23"] * 3
    assert number(1234567890, "fa") == "۱۲۳۴۵۶۷۸۹۰"
    set_language("fa")
    assert number(10) == "۱۰" and i18n._("stone on level {level}", level=3) == "سنگ در طبقه ۳"


def test_plural_forms_follow_each_language():
    args = ("wood touching {n} die: +{each} each", "wood touching {n} dice: +{each} each")
    said = {}
    for lang in ("en", "de", "zh", "fa"):
        set_language(lang)
        said[lang] = [n_(*args, n, each=2) for n in (0, 1, 2)]
    assert said["en"] == [
        "wood touching 0 dice: +2 each",
        "wood touching 1 die: +2 each",
        "wood touching 2 dice: +2 each",
    ]
    assert said["de"][1] == "Holz berührt 1 Würfel: je +2"
    assert said["zh"] == [
        "木材与 0 个骰子相邻：每个+2",
        "木材与 1 个骰子相邻：每个+2",
        "木材与 2 个骰子相邻：每个+2",
    ]
    assert said["fa"][2] == "چوب در تماس با ۲ تاس: هر کدام +۲"
    # Which form each rule picks (the catalogue's index), through gettext itself.
    picks = {
        lang: [i18n.catalogue(lang).ngettext("{n} widget", "{n} widgets", n) for n in (0, 1, 2)]
        for lang in TRANSLATED
    }
    assert picks["de"] == [
        "{n} widgets",
        "{n} widget",
        "{n} widgets",
    ]  # not in the catalogue: the English rule
    assert i18n.catalogue("fa")._catalog[
        ("Blueprint {id} ({name}), {n} die", 0)
    ]  # two forms, both there
    assert i18n.catalogue("fa").plural(0) == 0 and i18n.catalogue("fa").plural(2) == 1
    assert i18n.catalogue("de").plural(0) == 1 and i18n.catalogue("de").plural(1) == 0
    assert i18n.catalogue("zh").plural(5) == 0


def test_a_message_is_english_until_translated():
    where = Message.of("row {row}, column {col}", row=1, col=2)
    m = Message.of("{where}: a die shows 1 to 6, not {value}", where=where, value="7")
    assert str(m) == "row 1, column 2: a die shows 1 to 6, not 7"
    set_language("de")
    assert i18n.translate(m) == "Reihe 1, Spalte 2: ein Würfel zeigt 1 bis 6, nicht 7"


# (b) score in each language


def write(tmp_path, data, name="build.json"):
    p = tmp_path / name
    p.write_text(json.dumps(data))
    return str(p)


WORDS = {
    "en": ["Blueprint", "blueprint bonus", "wood", "recycled", "stone", "glass", "Geometer", "23"],
    "de": ["Bauplan", "Bauplan-Bonus", "Holz", "Recycling", "Stein", "Glas", "Geometer", "23"],
    "zh": ["蓝图", "蓝图奖励", "木材", "循环材料", "石料", "玻璃", "几何学家奖", "骰子", "23"],
    "fa": ["نقشه", "پاداش نقشه", "چوب", "بازیافتی", "سنگ", "شیشه", "تاس", "۲۳"],
}


@pytest.mark.parametrize("lang", list(WORDS))
def test_score_speaks_the_language_with_the_glossarys_words(tmp_path, capsys, lang):
    assert main(["--lang", lang, "score", write(tmp_path, EXAMPLE_A)]) == 0
    out = capsys.readouterr().out
    for word in WORDS[lang]:
        assert word in out, (lang, word, out)
    if lang == "fa":
        assert not re.search(r"[0-9]", out.replace("1-6", "")), (
            out
        )  # every number in Persian digits
        assert "۱۰" in out and "۶" in out
    if lang != "en":
        assert "recycled" not in out and "total" not in out


@pytest.mark.parametrize("lang", TRANSLATED)
def test_score_uses_no_untranslated_id(tmp_path, capsys, monkeypatch, lang):
    missed: list[str] = []

    class Recording(gettext.NullTranslations):
        def gettext(self, message):
            missed.append(message)
            return message

        def ngettext(self, msgid1, msgid2, n):
            missed.append(msgid1)
            return msgid1 if n == 1 else msgid2

    real = i18n.catalogue(lang)
    with open(
        resources.folder("blueprints3d.locale") / lang / "LC_MESSAGES" / "blueprints3d.mo", "rb"
    ) as f:
        recording = gettext.GNUTranslations(f)
    recording.add_fallback(Recording())
    monkeypatch.setattr(i18n, "catalogue", lambda code: recording if code == lang else real)
    for data in (
        EXAMPLE_A,
        EXAMPLE_B,
        {
            "format": 1,
            "blueprint": {"grid": [[1, 1], [2, 2]]},
            "stacks": [[["stone:1"], ["wood:1"]], [["glass:2", "stone:2"], []]],
        },
    ):
        assert main(["--lang", lang, "score", write(tmp_path, data)]) == 0
    for bad in REFUSALS:
        main(["--lang", lang, "score", write(tmp_path, bad)])
    capsys.readouterr()
    assert missed == []


# (c) refusals of bad build files: one line, in each language


def _stack(*dice):
    return {
        "format": 1,
        "blueprint": {"grid": [[1, "X"], [2, 1], [2, "X"]]},
        "stacks": [[list(dice), []], [[], []], [[], []]],
    }


REFUSALS = [
    [1, 2],
    {"format": 2, "blueprint": "B07", "stacks": []},
    {"format": 1, "stacks": []},
    {"format": 1, "blueprint": "B07"},
    {"format": 1, "blueprint": 5, "stacks": []},
    {"format": 1, "blueprint": "Z99", "stacks": []},
    {"format": 1, "blueprint": {"grid": [[1]], "id": "B07"}, "stacks": [[[]]]},
    {"format": 1, "blueprint": {"grid": [[1]], "name": 5}, "stacks": [[[]]]},
    {"format": 1, "blueprint": "B07", "stacks": [[]]},
    {"format": 1, "blueprint": {"grid": [[1]]}, "stacks": [["glass:1"]]},
    _stack("glass:7"),
    _stack("glass:x"),
    _stack("glass"),
    _stack("metal:3"),
    {"format": 1, "blueprint": {"grid": [[1, "X"]]}, "stacks": [[[], ["glass:1"]]]},
    _stack("glass:5", "glass:2"),
    _stack("glass:1", "glass:1", "glass:1", "glass:1", "glass:1", "glass:1", "glass:1"),
]


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_a_refusal_is_one_line_in_each_language(tmp_path, capsys, lang):
    english = []
    for bad in REFUSALS:
        path = write(tmp_path, bad)
        assert main(["score", path, "--lang", "en"]) == 2
        english.append(capsys.readouterr().err)
        assert main(["score", path, "--lang", lang]) == 2
        captured = capsys.readouterr()
        assert (
            captured.out == ""
            and captured.err.count("\n") == 1
            and captured.err.startswith("blueprints3d: ")
        )
        assert "Traceback" not in captured.err
        if lang != "en":
            assert captured.err != english[-1], captured.err  # said in the language, not in English
    assert len(set(english)) == len(REFUSALS)  # each one a different fault


def test_refusals_say_the_glossarys_words(tmp_path, capsys):
    hatched = write(tmp_path, REFUSALS[14])
    said = {}
    for lang in TRANSLATED:
        main(["--lang", lang, "score", hatched])
        said[lang] = capsys.readouterr().err
    assert "schraffiertes Feld" in said["de"] and "Reihe 1, Spalte 2" in said["de"]
    assert "有阴影的位置" in said["zh"]
    assert "ردیف ۱، ستون ۲" in said["fa"]


def test_the_exception_carries_its_id_and_stays_english(tmp_path):
    from blueprints3d.files.buildfile import load_build
    from blueprints3d.files.errors import BuildFileError

    with pytest.raises(BuildFileError) as e:
        load_build(write(tmp_path, _stack("glass:7")))
    assert e.value.msgid == "{file}: {error}"
    assert e.value.params["error"].msgid == "{where}: a die shows 1 to 6, not {value}"
    assert str(e.value).endswith("build.json: row 1, column 1: a die shows 1 to 6, not 7")


# (d) choosing the language


@pytest.mark.parametrize(
    "env, lang",
    [
        ({}, None),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "C.UTF-8"}, None),
        ({"LC_ALL": "C", "LANG": "zh_CN.UTF-8"}, "zh"),  # the first that names a supported one
        ({"LANGUAGE": "fa_IR:en", "LANG": "de_DE"}, "fa"),
        ({"LANGUAGE": "it:de", "LANG": "en_GB"}, "de"),  # LANGUAGE's list, in order
        ({"LC_MESSAGES": "zh_TW", "LANG": "fa_IR"}, "zh"),
        ({"LC_ALL": "de_AT@euro", "LC_MESSAGES": "fa"}, "de"),
    ],
)
def test_language_from_the_environment(env, lang):
    assert language_from_environment(env) == lang


def test_lang_option_wins_over_the_environment_before_or_after_the_command(
    tmp_path, capsys, monkeypatch
):
    path = write(tmp_path, EXAMPLE_A)
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    first = {}
    for argv in (
        ["score", path],
        ["--lang", "zh", "score", path],
        ["score", path, "--lang", "fa"],
        ["--lang=en", "score", path],
        ["score", "--lang", "de", path],
    ):
        assert main(argv) == 0
        first[" ".join(argv).replace(path, "F")] = capsys.readouterr().out.splitlines()[0]
    assert first == {
        "score F": "Bauplan custom (Eigener Bauplan), 6 Würfel",
        "--lang zh score F": "蓝图 custom（自定义蓝图），6 个骰子",
        # A Latin id inside Persian is marked left to right (LRM, invisible) at its ends.
        "score F --lang fa": "نقشه \u200ecustom\u200e (نقشهٔ دلخواه)، ۶ تاس",
        "--lang=en score F": "Blueprint custom (Custom blueprint), 6 dice",
        "score --lang de F": "Bauplan custom (Eigener Bauplan), 6 Würfel",
    }
    monkeypatch.setenv("LANG", "C")
    assert main(["score", path]) == 0
    assert capsys.readouterr().out.startswith("Blueprint custom")


@pytest.mark.parametrize(
    "argv",
    [["--lang", "xx", "score", "f.json"], ["score", "f.json", "--lang", "klingon"], ["--lang"]],
)
def test_a_bad_lang_is_refused_in_one_line(capsys, argv):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--lang" in err and "Traceback" not in err, err
    if argv[1:2] != [] and argv[1] != "f.json" or "klingon" in argv:
        assert "en" in err and "fa" in err


def test_set_language_refuses_an_unknown_one():
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        set_language("xx")


def test_the_catalogues_use_the_glossarys_terms():
    from test_glossary import entry, rows

    table = rows()
    terms = {
        "wood": "wood",
        "recycled": "recycled",
        "stone": "stone",
        "glass": "glass",
        "blueprint bonus": "blueprint bonus",
        "Skyscraper": "Skyscraper",
        "Geometer": "Geometer",
        "Structural Integrity": "Structural Integrity",
        "Materials (the Prize)": "Materials",
    }
    for term, msgid in terms.items():
        for lang, cell in zip(TRANSLATED, entry(term, table)[:3], strict=True):
            word = (
                re.split(r"[ ,（(]", cell.strip())[0]
                if lang != "fa"
                else cell.split(" (")[0].split("،")[0]
            )
            assert i18n.catalogue(lang).gettext(msgid) == word, (term, lang, word)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_file_that_cannot_be_read_is_refused_in_the_language(tmp_path, capsys, lang):
    truncated = tmp_path / "cut.json"
    truncated.write_text('{"format": 1,')
    words = {
        "de": ["keine solche Datei", "ist ein Ordner, keine Bau-Datei", "kein gültiges JSON"],
        "zh": ["没有这个文件", "是文件夹，不是建筑文件", "不是有效的 JSON"],
        "fa": ["چنین فایلی وجود ندارد", "یک پوشه است، نه یک فایل ساختمان", "JSON معتبر نیست"],
    }[lang]
    for path, word in zip((tmp_path / "missing.json", tmp_path, truncated), words, strict=True):
        assert main(["--lang", lang, "score", str(path)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and word in err, err
    assert main(["score", str(truncated)]) == 2
    assert "not valid JSON, the file is damaged or truncated" in capsys.readouterr().err


# (f) the template: every id the code marks is in every catalogue

import extract_messages  # noqa: E402


def test_the_template_holds_what_the_code_marks():
    # The ids, not the "#:" lines that say where each is used (they move with every edit).
    marked = {(f.context, f.msgid, f.plural) for f in extract_messages.messages()}
    template = {(e.context, e.msgid, e.plural) for e in entries(extract_messages.TEMPLATE)}
    assert marked == template, "run python3 tools/extract_messages.py"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_catalogue_has_exactly_the_ids_the_code_marks(lang):
    marked = {(f.context, f.msgid, f.plural) for f in extract_messages.messages()}
    have = {(e.context, e.msgid, e.plural) for e in entries(po_path(lang))}
    assert not marked - have, f"missing in {lang}: {sorted(marked - have)[:5]}"
    assert not have - marked, f"no longer in the code, still in {lang}: {sorted(have - marked)[:5]}"


def test_the_extractor_finds_every_marker(tmp_path):
    (tmp_path / "m.py").write_text(
        'A = N_("constant")\n_("said {x}", x=1)\nn_("{n} die", "{n} dice", 2)\n'
        'Message.of("of it")\nMessage.counted("one {n}", "many {n}", 3)\n_refusal(E, "refused")\n'
        'p_("count", "one")\nnp_("key", "{n} key", "{n} keys", 2)\n'
        'Message.in_context("article", "one")\n'
        "# TRANSLATORS: {points} is a number; the unit is in this message.\n"
        '_("{points} points", points=3)\n'
        '_(A)\nprint("not marked")\n',
        "utf-8",
    )
    found = {(f.context, f.msgid, f.plural) for f in extract_messages.messages(tmp_path)}
    assert found == {
        (None, "constant", None),
        (None, "said {x}", None),
        (None, "{n} die", "{n} dice"),
        (None, "of it", None),
        (None, "one {n}", "many {n}"),
        (None, "refused", None),
        ("count", "one", None),
        ("key", "{n} key", "{n} keys"),
        ("article", "one", None),
        (None, "{points} points", None),
    }
    noted = {f.msgid: f.comments for f in extract_messages.messages(tmp_path)}
    assert noted["{points} points"] == ("{points} is a number; the unit is in this message.",)


def test_a_changed_english_message_marks_its_translation_fuzzy(tmp_path, monkeypatch):
    # The tool's update, on a copy: the code's "{n} dice in the bag" became "{n} dice left in the
    # bag"; the German translation stays, marked fuzzy, and is left out of the compiled catalogue.
    (tmp_path / "m.py").write_text(
        '_("The bag holds {n} dice of every colour now")\n_("glass")\n', "utf-8"
    )
    po = tmp_path / "de.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: de\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "The bag holds {n} dice of every colour"\nmsgstr "Im Beutel sind {n} Würfel jeder Farbe"\n\n'
        'msgid "glass"\nmsgstr "Glas"\n',
        "utf-8",
    )
    catalog = extract_messages.update(po, extract_messages.template_catalog(tmp_path))
    po.write_text(extract_messages.text_of(catalog, include_previous=True), "utf-8")
    changed = next(e for e in entries(po) if e.msgid.startswith("The bag"))
    assert changed.fuzzy and changed.strings == ("Im Beutel sind {n} Würfel jeder Farbe",)
    assert '#| msgid "The bag holds {n} dice of every colour"' in po.read_text("utf-8")
    assert problems(po) == ["'The bag holds {n} dice of every colour now' is fuzzy"]
    (tmp_path / "de.mo").write_bytes(compile_catalogues.compiled(po))
    with open(tmp_path / "de.mo", "rb") as f:
        t = gettext.GNUTranslations(f)
    assert t.gettext("glass") == "Glas"
    assert t.gettext("The bag holds {n} dice of every colour now").endswith("now")


def test_every_placeholder_is_explained_to_translators():
    # What a placeholder holds is said in the catalogue, from tools/translator_notes.py or a
    # "# TRANSLATORS:" note beside the code: "{points}" may be "6" or "6 points".
    unexplained = []
    for f in extract_messages.messages():
        notes = " ".join(f.comments)
        for name in set(_PLACEHOLDER.findall(f.msgid + (f.plural or ""))):
            if name and f"{{{name}}}" not in notes:
                unexplained.append(f"{{{name}}} in {f.msgid!r}")
    assert not unexplained, unexplained[:10]
    # and the catalogues carry the notes and where each message is used
    text = po_path("de").read_text("utf-8")
    assert "#. {points}:" in text and "#: blueprints3d/presentation/reveal.py:" in text
    assert "#. a card's title, printed on its 3D card" in text  # where a label stands


def test_no_marked_call_hides_in_an_f_string():
    # Babel reads the calls inside an f-string on Python 3.12 and later, not on 3.11: one marked
    # there would make the template differ by Python version.
    import ast

    calls = set(extract_messages.KEYWORDS)
    hidden = []
    for path in sorted((ROOT / "blueprints3d").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.JoinedStr):
                for inner in ast.walk(node):
                    f = getattr(inner, "func", None)
                    name = getattr(f, "id", None) or getattr(f, "attr", None)
                    literal = isinstance(inner, ast.Call) and any(
                        isinstance(a, ast.Constant) and isinstance(a.value, str) for a in inner.args
                    )
                    if literal and name in calls:
                        hidden.append(f"{path.relative_to(ROOT)}:{inner.lineno}")
    assert not hidden, f"a marked call inside an f-string: {hidden}"


# (g) the command line's help and argparse's own words, in the player's language

from blueprints3d.commands.argtypes import ARGPARSE_COUNTED, ARGPARSE_MESSAGES  # noqa: E402
from blueprints3d.engine.blueprints import CARD_NAMES, standard_deck  # noqa: E402


def _help(capsys, argv):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        ["score", "--help"],
        ["render", "--help"],
        ["history", "--help"],
        ["tournament", "--help"],
        ["play", "--help"],
    ],
)
def test_help_is_in_the_language_before_or_after_the_command(capsys, argv):
    english = _help(capsys, argv)
    assert english.startswith("usage: ") and "show this help message and exit" in english
    for given in (
        ["--lang", "de", *argv],
        [*argv[:-1], "--lang", "de", argv[-1]],
        [*argv, "--lang=de"],
    ):
        german = _help(capsys, given)
        assert german != english, given
        assert (
            not german.startswith("usage: ") and "show this help message and exit" not in german
        ), german
        set_language("en")


def test_help_in_the_language_of_the_environment(capsys, monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C")
    english = _help(capsys, ["score", "--help"])
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert _help(capsys, ["score", "--help"]) != english


@pytest.mark.parametrize(
    "argv",
    [
        ["score"],
        ["score", "a.json", "--bogus"],
        ["simulate", "--players", "7"],
        ["nonsense-command"],
    ],
)
def test_argparse_refuses_in_the_language(capsys, argv):
    with pytest.raises(SystemExit):
        main(argv)
    english = capsys.readouterr().err
    assert ": error: " in english
    with pytest.raises(SystemExit) as e:
        main(["--lang", "de", *argv])
    assert e.value.code == 2
    german = capsys.readouterr().err
    assert german.count("\n") == 1 and german != english, german
    for words in (
        "the following arguments are required",
        "unrecognized arguments",
        "invalid choice",
        "error:",
    ):
        assert words not in german, german


def test_argparse_speaks_only_ids_the_catalogue_has():
    """Every message argparse says (this Python's argparse.py) is one of ARGPARSE_MESSAGES."""
    import argparse
    import ast

    tree = ast.parse(Path(argparse.__file__).read_text("utf-8"))
    said = {
        node.args[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("_", "ngettext")
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    }
    marked = (
        set(ARGPARSE_MESSAGES)
        | {m.msgid for m in ARGPARSE_COUNTED}
        | {m.plural for m in ARGPARSE_COUNTED}
    )
    programming = {
        ".__call__() not defined",
        "conflicting subparser: %s",
        "conflicting subparser alias: %s",
        'argument "-" with mode %r',
        "cannot merge actions - two groups are named %r",
        "'required' is an invalid argument for positionals",
        "dest= is required for options like %r",
        "invalid conflict_resolution value: %r",
        "mutually exclusive arguments must be optional",
        "cannot have multiple subparser arguments",
        "%r is not callable",
        "invalid option string %(option)r: must start with a character %(prefix_chars)r",
        "conflicting option string: %s",
        "subcommands",
    }
    missing = said - marked - programming
    assert not missing, missing


def test_the_card_names_are_marked():
    assert tuple(c.name for c in standard_deck()) == CARD_NAMES


def test_the_settings_screens_language_is_used_unless_lang_says_otherwise(
    tmp_path, capsys, monkeypatch
):
    # --lang, else the language chosen on the settings screen (settings.json), else the environment.
    import os
    from blueprints3d.files.settings import Settings, save_settings, settings_path

    path = write(tmp_path, EXAMPLE_A)
    monkeypatch.setenv("LANGUAGE", "de")
    assert main(["score", path]) == 0 and capsys.readouterr().out.startswith("Bauplan")
    save_settings(settings_path(os.environ["BLUEPRINTS3D_HOME"]), Settings(language="zh"))
    assert main(["score", path]) == 0 and capsys.readouterr().out.startswith("蓝图")
    assert main(["--lang", "fa", "score", path]) == 0 and capsys.readouterr().out.startswith("نقشه")
    # A settings file that cannot be used leaves the choice to the environment (the table says why).
    settings_path(os.environ["BLUEPRINTS3D_HOME"]).write_text(
        '{"format": 1, "language": "klingon"}'
    )
    assert main(["score", path]) == 0 and capsys.readouterr().out.startswith("Bauplan")


def test_a_settings_language_must_be_one_the_program_speaks():
    from blueprints3d.files.settings import Settings, SettingsError

    assert Settings(language="fa").language == "fa" and Settings().language == ""
    for bad in ("klingon", 3, None):
        with pytest.raises(SettingsError):
            Settings(language=bad)


def test_formatted_figures_in_persian_digits(capsys):
    from blueprints3d.i18n import digits

    assert digits("4.75 ± 12.5%", "fa") == "۴٫۷۵ ± ۱۲٫۵٪" and digits("4.75", "de") == "4.75"
    assert main(["--lang", "fa", "simulate", "--games", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    stats = [line for line in out.splitlines() if "±" in line]
    assert stats and not any(re.search(r"[0-9]", line) for line in stats), stats


def test_a_counted_message_is_translated_whole():
    from blueprints3d.i18n import translate
    from blueprints3d.i18n.message import Message

    one, many = (
        "your address has opened {n} room on this server, as many as it may; finish it, or try again "
        "later",
        "your address has opened {n} rooms on this server, as many as it may; finish one, or "
        "try again later",
    )
    try:
        set_language("de")
        assert translate(Message.counted(one, many, 1)).startswith("deine Adresse hat 1 Raum ")
        assert translate(Message.counted(one, many, 3)).startswith("deine Adresse hat 3 Räume ")
        set_language("en")
        assert translate(Message.counted(one, many, 3)).startswith(
            "your address has opened 3 rooms"
        )
    finally:
        set_language("en")


def test_a_path_with_persian_letters_is_one_left_to_right_run_in_persian():
    # "/home/علی/a.json" in a Persian sentence: marked at both ends like a Latin path, or its
    # slashes would be put in right-to-left order with the folder's Persian name.
    set_language("fa")
    for path in ("/home/علی/a.json", "C:\\Users\\علی\\a.json", "~/بازی/a.json"):
        said = i18n._("Saved at once in {where}", where=path)
        assert f"\u200e{path}\u200e" in said, said
    # a Persian word, or words with a slash in running text, are not paths
    assert "\u200e" not in i18n._("Saved at once in {where}", where="پوشهٔ بازی")
    assert "\u200e" not in i18n._("Saved at once in {where}", where="چوب/سنگ")
