"""A hypothesis-driven fuzz of the build-file and save-file readers. Whatever bytes a
file holds (mutated valid files, random JSON, deep nesting, huge numbers, odd text), reading
it either gives a correct result or refuses it with one capped line (a BlueprintsError):
never another exception, never a hang."""

from __future__ import annotations

import json
import os
import random
import tempfile

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from blueprints3d.engine import GameState
from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.files.buildfile import build_from_dict, load_build
from blueprints3d.files.savefile import game_to_json, load_game
from blueprints3d.text import MESSAGE_LENGTH

BUILD = {
    "format": 1,
    "blueprint": {"grid": [[1, "X"], [2, 1], [2, "X"]], "id": "mine", "name": "My card"},
    "stacks": [[["stone:2"], []], [["glass:4", "glass:5"], ["wood:2"]], [["recycled:3"], []]],
}
DECK_BUILD = {"format": 1, "blueprint": "B07", "stacks": None}


def _save() -> dict:
    s = GameState.new(3, 11, names=["Ann", "Bob", "Cy"])
    r = random.Random(3)
    for _ in range(14):
        s.apply(s.legal_actions()[int(r.random() * len(s.legal_actions()))])
    return game_to_json(s, {"seats": [{"name": n, "bot": None} for n in s.names]})


SAVE = _save()

odd_text = st.one_of(
    st.text(max_size=40),
    st.sampled_from(
        [
            "\ud800",
            "\udcff\udcfe",
            "\x00",
            "\x1b[2J",
            "%s%n%Y",
            "../../x",
            "\u202e",
            "٣",
            "３",
            "+3",
            "03",
            " 3",
            "NaN",
            "B07",
            "x" * 5000,
        ]
    ),
)
# Numbers too long for Python's int() (and for hypothesis' own repr) go in as markers, replaced
# by their digits once the JSON text is written.
HUGE = {
    '"#huge5000"': "9" * 5000,
    '"#huge4400"': "-" + "1" * 4400,
    '"#e999"': "1e999",
    '"#long-float"': "0." + "1" * 400,
}
huge_numbers = st.one_of(
    st.integers(min_value=-(10**40), max_value=10**40),
    st.sampled_from([1e308, 2**64, *(k.strip('"') for k in HUGE)]),
)
json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        huge_numbers,
        st.floats(allow_nan=False, allow_infinity=False),
        odd_text,
    ),
    lambda kids: st.one_of(st.lists(kids, max_size=5), st.dictionaries(odd_text, kids, max_size=5)),
    max_leaves=30,
)


def _paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, prefix + (i,))


def _replace(data, path, value):
    if not path:
        return value
    data = json.loads(json.dumps(data))
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


def _dumps(value) -> str:
    text = json.dumps(value, ensure_ascii=False)
    for marker, digits in HUGE.items():
        text = text.replace(marker, digits)
    return text


@st.composite
def file_bytes(draw, base: dict) -> bytes:
    kind = draw(
        st.sampled_from(["replace", "delete", "bytes", "truncate", "random", "deep", "text"])
    )
    if kind == "random":
        return _dumps(draw(json_values)).encode("utf-8", "surrogatepass")
    if kind == "deep":
        n = draw(st.sampled_from([31, 33, 500, 1100, 50_000]))
        open_, close = draw(st.sampled_from([("[", "]"), ('{"a":', "}")]))
        return (open_ * n + "1" + close * n).encode()
    if kind == "text":
        return draw(st.binary(max_size=200))
    paths = list(_paths(base))
    path = draw(st.sampled_from(paths))
    if kind == "replace":
        return _dumps(_replace(base, path, draw(json_values))).encode("utf-8", "surrogatepass")
    if kind == "delete" and path:
        data = json.loads(json.dumps(base))
        node = data
        for key in path[:-1]:
            node = node[key]
        del node[path[-1]]
        return json.dumps(data).encode()
    raw = bytearray(json.dumps(base).encode())
    if kind == "truncate":
        return bytes(raw[: draw(st.integers(0, len(raw)))])
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(raw) - 1))
        raw[i] = draw(st.integers(0, 255))
    return bytes(raw)


def _read(reader, data: bytes):
    with tempfile.TemporaryDirectory() as d:
        p = os.path.join(d, "f.json")
        with open(p, "wb") as f:
            f.write(data)
        try:
            return reader(p), None
        except BlueprintsError as e:
            text = str(e)
            assert "\n" not in text and len(text) <= MESSAGE_LENGTH and text.isprintable(), text[
                :300
            ]
            text.encode("utf-8")  # printable on any UTF-8 terminal: no lone surrogates
            return None, e


FUZZ = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "250")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@FUZZ
@given(file_bytes(BUILD))
def test_fuzzed_build_files_are_read_correctly_or_refused_in_one_line(data):
    build, _ = _read(load_build, data)
    if build is not None:  # accepted: it is a real building, and it writes back the same
        assert build_from_dict(build.to_dict()) == build
        assert 1 <= build.blueprint.rows <= 8 and 1 <= build.blueprint.cols <= 8
        for stack in build.stacks:
            for m, v in stack:
                assert 0 <= m < 4 and 1 <= v <= 6


@FUZZ
@given(file_bytes(SAVE))
def test_fuzzed_save_files_are_read_correctly_or_refused_in_one_line(data):
    got, _ = _read(load_game, data)
    if got is not None:
        state, meta = got
        assert isinstance(meta, dict)
        assert game_to_json(state, meta)["state"] == state.to_dict()
        for name in state.names:
            assert name.isprintable() and name.strip()


def test_the_unmutated_files_are_accepted():
    assert _read(load_build, json.dumps(BUILD).encode())[0] is not None
    assert _read(load_game, json.dumps(SAVE).encode())[0][0].log
