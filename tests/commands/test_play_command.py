"""The `play` command's options: checked before any window opens, wrong ones give exit status 2."""

from __future__ import annotations

import argparse

import pytest

from blueprints3d.cli import build_parser, main
from blueprints3d.client.table.model.options import options_from_args, parse_seats
from blueprints3d.engine.errors import BlueprintsError


def parse(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(["play", *argv])


def test_defaults_open_a_1280x720_window_with_the_new_game_screen():
    o = options_from_args(parse())
    assert o.size == (1280, 720) and not o.fullscreen and o.use_shaders and o.seats is None


def test_size_fullscreen_and_no_shaders():
    o = options_from_args(parse("--size", "1600x900", "--fullscreen", "--no-shaders"))
    assert o.size == (1600, 900) and o.fullscreen and not o.use_shaders


@pytest.mark.parametrize("size", ["big", "1280", "100x100", "0x0", "12x-3"])
def test_a_bad_size_is_refused_by_name(size, capsys):
    # Checked by the option's argparse type, before any window or option object exists.
    with pytest.raises(SystemExit) as exit_:
        parse("--size", size)
    assert exit_.value.code == 2
    assert "--size" in capsys.readouterr().err


def test_bad_size_exits_with_status_2_before_any_window(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--size", "tiny"])
    assert exit_.value.code == 2
    assert "--size" in capsys.readouterr().err


def test_seats_people_and_computers():
    seats = parse_seats("Ann, Bob@hard ,@easy")
    assert [s.name for s in seats] == ["Ann", "Bob", "Computer 3"]
    assert [s.bot for s in seats] == [None, "hard", "easy"]


@pytest.mark.parametrize(
    "spec,words",
    [("Ann", "2 to 4"), ("A,B,C,D,E", "2 to 4"), ("Ann,@genius", "unknown computer level")],
)
def test_bad_seats_are_refused(spec, words):
    with pytest.raises(BlueprintsError, match=words):
        parse_seats(spec)


def test_empty_seats_are_refused_not_taken_for_the_new_game_screen():
    for spec in ("", "  "):
        with pytest.raises(BlueprintsError, match="no seats given"):
            options_from_args(parse("--seats", spec))
    assert options_from_args(parse()).seats is None  # no --seats at all: the new-game screen


def test_bad_seed_and_delay_are_usage_errors(capsys):
    with pytest.raises(SystemExit) as e:
        parse("--seed", "-1")
    assert e.value.code == 2
    with pytest.raises(SystemExit):
        parse("--bot-delay", "soon")
