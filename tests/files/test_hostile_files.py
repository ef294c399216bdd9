"""Nothing a file can hold breaks a reader. Every refusal is one capped line (a
BlueprintsError), never a hang, a memory blow-up or another exception; and what is accepted
is exactly what the file says (strict types)."""

from __future__ import annotations

import json
import os
import time

import pytest

from blueprints3d.engine import GameState
from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.files.errors import BuildFileError, SaveFileError
from blueprints3d.files import jsonfile
from blueprints3d.files.autosave import AutosaveSlot
from blueprints3d.files.buildfile import build_from_dict, load_build
from blueprints3d.files.savefile import game_to_json, load_game
from blueprints3d.text import MESSAGE_LENGTH, display, file_name

EXAMPLE = {
    "format": 1,
    "blueprint": {"grid": [[1, "X"], [2, 1], [2, "X"]]},
    "stacks": [[["stone:2"], []], [["glass:4", "glass:5"], ["wood:2"]], [["recycled:3"], []]],
}


def one_line(err: BaseException) -> str:
    text = str(err)
    assert isinstance(err, BlueprintsError), repr(err)
    assert "\n" not in text and len(text) <= MESSAGE_LENGTH and text.isprintable(), text[:200]
    return text


def write(tmp_path, content, name="f.json"):
    p = tmp_path / name
    if isinstance(content, bytes):
        p.write_bytes(content)
    else:
        p.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return p


def refused(path, match: str, reader=load_build, error=BuildFileError) -> str:
    with pytest.raises(error) as e:
        reader(path)
    text = one_line(e.value)
    assert match in text, text
    return text


# ---- hangs and memory (FIFOs, devices, huge files) -----------------------------------------------


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_devices_are_refused_before_reading(device):
    start = time.monotonic()
    text = refused(device, "is a device")
    assert device in text and time.monotonic() - start < 1.0
    refused(device, "is a device", load_game, SaveFileError)


def test_a_fifo_is_refused_without_opening_it(tmp_path):
    fifo = tmp_path / "build.json"
    os.mkfifo(fifo)
    start = time.monotonic()
    refused(fifo, "named pipe (FIFO)")
    refused(fifo, "named pipe (FIFO)", load_game, SaveFileError)
    assert time.monotonic() - start < 1.0


def test_folders_and_link_loops_are_named_as_such(tmp_path):
    refused(tmp_path, "is a folder")
    loop = tmp_path / "loop.json"
    os.symlink(loop, loop)
    refused(loop, "symbolic link loop")
    dangling = tmp_path / "dangling.json"
    os.symlink(tmp_path / "nowhere", dangling)
    refused(dangling, "a link to a file that does not exist")


def test_the_size_is_capped_before_reading(tmp_path):
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(jsonfile.MAX_BYTES + 1)  # sparse: costs no disk
    refused(big, "at most")


def test_an_autosave_that_is_a_fifo_or_a_link_to_dev_zero_is_refused(tmp_path):
    slot = AutosaveSlot(tmp_path)
    os.mkfifo(slot.current)
    with pytest.raises(SaveFileError) as e:
        slot.load()
    assert "named pipe" in one_line(e.value)
    slot.current.unlink()
    os.symlink("/dev/zero", slot.current)
    with pytest.raises(SaveFileError) as e:
        slot.load()
    assert "is a device" in one_line(e.value)


# ---- tracebacks on bad files ---------------------------------------------------------------------


def test_deep_nesting_is_refused_before_parsing(tmp_path):
    deep = "[" * 100_000 + "]" * 100_000
    refused(write(tmp_path, deep), "nested more than")
    refused(
        write(tmp_path, '{"format": 1, "x": ' + deep + "}"),
        "nested more than",
        load_game,
        SaveFileError,
    )
    # brackets inside strings do not count
    ok = dict(EXAMPLE, note="[" * 5000)
    assert load_build(write(tmp_path, ok)).num_dice == 5


def test_huge_numbers_are_refused(tmp_path):
    refused(write(tmp_path, '{"format": ' + "9" * 5000 + "}"), "digits is far too long")
    refused(write(tmp_path, '{"format": 1e999}'), "too large")
    refused(
        write(tmp_path, '{"kind": "blueprints3d-save", "seed": ' + "1" * 4400 + "}"),
        "far too long",
        load_game,
        SaveFileError,
    )


def test_lone_surrogates_in_a_custom_blueprint_are_refused(tmp_path):
    bad = dict(EXAMPLE, blueprint={"grid": EXAMPLE["blueprint"]["grid"], "name": "\\ud800x"})
    raw = json.dumps(bad).replace("\\\\ud800", "\\ud800")
    refused(write(tmp_path, raw), "lone surrogate")
    bad_id = json.dumps(dict(EXAMPLE, blueprint={"grid": [[6]], "id": "x"})).replace(
        '"x"', '"\\udfff"'
    )
    refused(write(tmp_path, bad_id), "lone surrogate")


def test_undecodable_bytes_are_one_line(tmp_path):
    refused(write(tmp_path, b'{"format": 1, "x": "\xff\xfe"}'), "not UTF-8")


def test_resume_when_the_folder_cannot_be_searched(tmp_path, monkeypatch):
    slot = AutosaveSlot(tmp_path / "home")
    real = os.lstat

    def no_search(path, *a, **k):
        if str(path).startswith(str(tmp_path / "home")):
            raise PermissionError(13, "Permission denied")
        return real(path, *a, **k)

    real_stat = os.stat

    def no_stat(path, *a, **k):
        if str(path).startswith(str(tmp_path / "home")):
            raise PermissionError(13, "Permission denied")
        return real_stat(path, *a, **k)

    monkeypatch.setattr(os, "lstat", no_search)
    monkeypatch.setattr(os, "stat", no_stat)
    with pytest.raises(SaveFileError) as e:
        slot.load()
    text = one_line(e.value)
    assert "Permission denied" in text and "no saved game" not in text


# ---- cost without bound --------------------------------------------------------------------------


def test_custom_grids_are_bounded(tmp_path):
    big = {"format": 1, "blueprint": {"grid": [[1] * 10] * 10}, "stacks": [[[]] * 10] * 10}
    refused(write(tmp_path, big), "at most 8 x 8")
    refused(
        write(tmp_path, dict(EXAMPLE, blueprint={"grid": [[10**6]]}, stacks=[[[]]])), "from 1 to 99"
    )
    eight = {"format": 1, "blueprint": {"grid": [[1] * 8] * 8}, "stacks": [[[]] * 8] * 8}
    assert load_build(write(tmp_path, eight)).blueprint.num_cells == 64


def test_a_huge_name_is_refused_by_the_caps(tmp_path):
    name = "N" * 20_000_000
    refused(
        write(tmp_path, dict(EXAMPLE, blueprint={"grid": [[6]], "name": name}, stacks=[[[]]])),
        "at most",
    )
    long = "N" * 3_000_000  # under the file cap, over the name's
    start = time.monotonic()
    text = refused(
        write(tmp_path, dict(EXAMPLE, blueprint={"grid": [[6]], "name": long}, stacks=[[[]]])),
        "name is at most 60 characters",
    )
    assert len(text) < 400 and time.monotonic() - start < 2.0


# ---- messages ------------------------------------------------------------------------------------


def test_a_30_mb_string_is_not_echoed(tmp_path):
    huge = "x" * 30_000_000
    with pytest.raises(BuildFileError) as e:
        build_from_dict(dict(EXAMPLE, stacks=[[[huge], []], [[], []], [[], []]]))
    assert len(one_line(e.value)) < 300


def test_escape_sequences_in_file_names_are_not_printed_raw(tmp_path):
    p = write(tmp_path, "{", name="\x1b[31mred\x07.json")
    text = refused(p, "not valid JSON")
    assert "\x1b" not in text and "\x07" not in text and "red" in text


def test_an_autosave_link_loop_is_reported_as_such(tmp_path):
    slot = AutosaveSlot(tmp_path)
    os.symlink(slot.current, slot.current)
    with pytest.raises(SaveFileError) as e:
        slot.load()
    text = one_line(e.value)
    assert "symbolic link loop" in text and "no saved game" not in text


# ---- too lenient ---------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["true", "1.0", "1e0", '"1"'])
def test_the_format_is_the_integer_1(tmp_path, fmt):
    raw = json.dumps(EXAMPLE).replace('"format": 1', f'"format": {fmt}')
    refused(write(tmp_path, raw), "unknown build file format")
    save = game_to_json(GameState.new(2, 1))
    raw = json.dumps(save).replace('"format": 1', f'"format": {fmt}')
    refused(write(tmp_path, raw, "s.json"), "unknown save format", load_game, SaveFileError)


@pytest.mark.parametrize(
    "die",
    [
        "recycled: 3",
        "recycled:+3",
        "recycled:03",
        "recycled:\u0663",
        "recycled:\uff13",
        " recycled:3",
        "recycled:3 ",
        "recycled:3.0",
    ],
)
def test_a_die_value_is_one_plain_digit(tmp_path, die):
    bad = dict(
        EXAMPLE, stacks=[[["stone:2"], []], [["glass:4", "glass:5"], ["wood:2"]], [[die], []]]
    )
    refused(write(tmp_path, bad), "row 3, column 1")


def test_blueprint_id_and_name_must_be_text(tmp_path):
    for raw in ('{"grid": [[6]], "id": NaN}', '{"grid": [[6]], "name": Infinity}'):
        text = json.dumps(dict(EXAMPLE, stacks=[[[]]])).replace('"BP"', raw)
        text = text.replace(json.dumps(EXAMPLE["blueprint"]), raw)
        refused(write(tmp_path, text), "not a number JSON allows")
    for bp in ({"grid": [[6]], "id": 7}, {"grid": [[6]], "name": ["a"]}, {"id": 7}):
        refused(write(tmp_path, dict(EXAMPLE, blueprint=bp, stacks=[[[]]])), "must be text")


def test_a_custom_grid_may_not_claim_a_deck_id(tmp_path):
    refused(
        write(tmp_path, dict(EXAMPLE, blueprint={"grid": [[6]], "id": "B07"}, stacks=[[[]]])),
        "may not take the id of deck card B07",
    )
    from blueprints3d.engine.blueprints import card_by_id

    b07 = card_by_id("B07")
    stacks = [[[] for _ in range(b07.cols)] for _ in range(b07.rows)]
    same = load_build(
        write(tmp_path, dict(EXAMPLE, blueprint={"grid": b07.grid(), "id": "B07"}, stacks=stacks))
    )
    assert same.blueprint == b07  # the card itself, written out in full, is that card


def test_duplicate_keys_are_refused(tmp_path):
    refused(write(tmp_path, '{"format": 1, "format": 1}'), "appears twice")


def test_save_names_must_be_printable_text(tmp_path):
    save = game_to_json(GameState.new(2, 1))
    raw = json.dumps(save).replace('"Player 1"', '"A\\u0000B"', 1)
    refused(write(tmp_path, raw), "printable text", load_game, SaveFileError)
    raw = json.dumps(save).replace('"Player 1"', '"\\udcff\\udcfe"', 1)
    refused(write(tmp_path, raw), "lone surrogate", load_game, SaveFileError)


# ---- the text helpers ----------------------------------------------------------------------------


def test_display_and_file_name_are_safe_and_capped():
    assert display("\udcff\udcfeA\x00B\x1b[31m\u202e", 40) == "??A B [31m "
    assert display("x" * 100, 10) == "x" * 9 + "\u2026"
    for name in [
        "/../../outside/pwned",
        "..",
        "%Y%m%d",
        "A\x00B",
        "\udcff",
        "",
        "é" * 230,
        "a/b\\c",
    ]:
        f = file_name(name)
        assert f and "/" not in f and "\\" not in f and ".." not in f and "%" not in f
        assert len(f.encode("utf-8")) <= 60 and f.isprintable()
        f.encode("utf-8")
