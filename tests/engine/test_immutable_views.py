"""Views and round results are immutable all the way down: whatever a bot, the client or a
test does with a view, the game it came from is unchanged."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random
from collections.abc import Mapping
from enum import Enum

import pytest

from blueprints3d.engine import GameState
from blueprints3d.engine.playout import random_playout
from blueprints3d.engine.results import FrozenMap


def _state() -> GameState:
    s = GameState.new(3, 21)
    random_playout(s, random.Random(4), max_rounds=2)  # two rounds scored, the third under way
    for _ in range(4):
        s.apply(s.legal_actions()[0])
    return s


def _mutate_everything(obj, seen=None) -> int:
    """Try every way to change ``obj`` and everything in it; the number of parts tried. Any
    change that succeeds on a container is a failure of immutability (raised)."""
    seen = set() if seen is None else seen
    if id(obj) in seen or isinstance(obj, (str, int, float, bool, type(None), Enum, frozenset)):
        return 0
    seen.add(id(obj))
    tried = 1
    if isinstance(obj, list | dict | set | bytearray):
        raise AssertionError(f"a mutable {type(obj).__name__} inside a view: {obj!r:.80}")
    if isinstance(obj, Mapping):
        for name in (
            "clear",
            "pop",
            "popitem",
            "update",
            "setdefault",
            "__setitem__",
            "__delitem__",
        ):
            assert not hasattr(obj, name), f"{type(obj).__name__}.{name} exists"
        for k, v in obj.items():
            tried += _mutate_everything(k, seen) + _mutate_everything(v, seen)
        return tried
    if isinstance(obj, tuple):
        for x in obj:
            tried += _mutate_everything(x, seen)
        return tried
    fields = getattr(obj, "__dataclass_fields__", None)
    if fields is not None:
        for name in fields:
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(obj, name, None)
            tried += _mutate_everything(getattr(obj, name), seen)
        return tried
    if hasattr(obj, "__dict__") and not isinstance(obj, type):
        raise AssertionError(f"a {type(obj).__name__} with a changeable __dict__ inside a view")
    raise AssertionError(f"an unknown {type(obj).__name__} inside a view")


def test_every_part_of_a_view_is_immutable_and_the_state_is_unchanged():
    s = _state()
    before = s.to_dict()
    results = [copy.copy(rr) for rr in s.round_results]
    for p in range(3):
        v = s.view(p)
        assert _mutate_everything(v) > 100
        # The report's own case: the game's record of the Awards must not be emptied by a view.
        with pytest.raises(AttributeError):
            v.round_results[0].awards.clear()
        with pytest.raises(TypeError):
            v.round_results[0].prizes[next(iter(v.round_results[0].prizes), None)] = None
    assert s.to_dict() == before and list(s.round_results) == results
    # A clone's results cannot be changed from its views either.
    c = s.clone()
    with pytest.raises((AttributeError, TypeError)):
        c.view(0).round_results[1].awards.update({})
    assert c.to_dict() == before


def test_a_frozen_map_is_a_mapping_equal_hashable_and_pickles():
    m = FrozenMap({"a": 1, "b": 2})
    assert m == {"a": 1, "b": 2} and m == FrozenMap({"b": 2, "a": 1}) and m != {"a": 1}
    assert hash(m) == hash(FrozenMap({"b": 2, "a": 1})) and dict(m) == {"a": 1, "b": 2}
    assert pickle.loads(pickle.dumps(m)) == m
    source = {"x": 1}
    frozen = FrozenMap(source)
    source["x"] = 2  # the map made from a dict is a copy
    assert frozen["x"] == 1


def test_round_results_survive_pickling_with_their_maps_frozen():
    s = _state()
    again = pickle.loads(pickle.dumps(s.round_results[0]))
    assert again == s.round_results[0] and isinstance(again.awards, FrozenMap)
