"""The settings file: round trip, defaults for a missing file, defaults and one line for a bad one."""

from __future__ import annotations

import json

import pytest

from blueprints3d.files import settings as S


def test_round_trip(tmp_path):
    path = S.settings_path(tmp_path)
    assert path == tmp_path / "settings.json"
    want = S.Settings(
        bot_speed="fast",
        confirm_moves=False,
        camera_sensitivity=2.5,
        shaders=False,
        volume=35,
        mute=True,
        animations="short",
        hints=False,
        material_symbols=True,
    )
    S.save_settings(path, want)
    got, note = S.load_settings(path)
    assert note is None
    assert got == want
    assert json.loads(path.read_text())["format"] == S.FORMAT


def test_missing_file_is_the_defaults_quietly(tmp_path):
    got, note = S.load_settings(tmp_path / "nothing" / "settings.json")
    assert got == S.Settings() and note is None


def test_save_makes_the_folder(tmp_path):
    path = tmp_path / "a" / "b" / "settings.json"
    S.save_settings(path, S.Settings(bot_speed="slow"))
    assert S.load_settings(path)[0].bot_speed == "slow"
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]  # no temp left


@pytest.mark.parametrize(
    "text, why",
    [
        ("{not json", "JSON"),
        ("[1, 2]", "not a settings object"),
        ('{"format": 0, "bot_speed": "fast"}', "format"),
        ('{"format": true}', "format"),
        ('{"format": 1, "bot_speed": "warp"}', "bot_speed"),
        ('{"format": 1, "confirm_moves": "yes"}', "confirm_moves"),
        ('{"format": 1, "camera_sensitivity": 99}', "camera_sensitivity"),
        ('{"format": 1, "camera_sensitivity": true}', "camera_sensitivity"),
        ('{"format": 1, "volume": 300}', "volume"),
        ('{"format": 1, "volume": -1}', "volume"),
        ('{"format": 1, "volume": 50.5}', "volume"),
        ('{"format": 1, "volume": true}', "volume"),
        ('{"format": 1, "volume": "80"}', "volume"),
        ('{"format": 1, "mute": 1}', "mute"),
        ('{"format": 1, "animations": "fast"}', "animations"),
        ('{"format": 1, "animations": false}', "animations"),
        ('{"format": 1, "hints": "off"}', "hints"),
        ('{"format": 1, "hints": 0}', "hints"),
        ('{"format": 1, "material_symbols": "on"}', "material_symbols"),
        ('{"format": 1, "material_symbols": 1}', "material_symbols"),
        ('{"format": 1, "loudness": 3}', "unknown setting 'loudness'"),
        ('{"format": 1.0}', "format"),
        ('{"format": "1"}', "format"),
        # Every field of the wrong JSON type, each named in the one line (a list or an object
        # in bot_speed was a TypeError traceback: unhashable).
        *[
            (f'{{"format": 1, "{name}": {bad}}}', name)
            for name in (
                "bot_speed",
                "confirm_moves",
                "camera_sensitivity",
                "shaders",
                "volume",
                "mute",
                "animations",
                "hints",
                "material_symbols",
            )
            for bad in ("[]", "{}", "null", '"x"', "[1]", '{"a": 1}', "1.5", "true")
            if not (
                bad == "true"
                and name in ("confirm_moves", "shaders", "mute", "hints", "material_symbols")
            )
            and not (bad == "1.5" and name == "camera_sensitivity")
        ],
        ("", "JSON"),
    ],
)
def test_bad_or_old_file_gives_defaults_and_one_line(tmp_path, text, why):
    path = tmp_path / "settings.json"
    path.write_text(text)
    got, note = S.load_settings(path)
    assert got == S.Settings()
    assert note is not None and "\n" not in note and why in note and "default" in note
    assert "settings.json" in note


def test_a_file_from_before_volume_and_mute_still_loads(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(
        '{"format": 1, "bot_speed": "slow", "confirm_moves": false, '
        '"camera_sensitivity": 1.5, "shaders": true}'
    )
    got, note = S.load_settings(path)
    assert note is None
    assert got == S.Settings(bot_speed="slow", confirm_moves=False, camera_sensitivity=1.5)
    assert (got.volume, got.mute, got.animations) == (80, False, "full")


def test_a_file_from_before_material_symbols_still_loads_with_them_off(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(
        '{"format": 1, "bot_speed": "fast", "confirm_moves": true, "camera_sensitivity": 1.0, '
        '"shaders": true, "volume": 60, "mute": false, "animations": "short", "hints": false}'
    )
    got, note = S.load_settings(path)
    assert note is None
    assert got == S.Settings(bot_speed="fast", volume=60, animations="short", hints=False)
    assert got.material_symbols is False
    S.save_settings(path, got.changed(material_symbols=True))
    assert json.loads(path.read_text())["material_symbols"] is True
    assert S.load_settings(path) == (got.changed(material_symbols=True), None)


def test_volume_is_a_percent_and_loudness_its_fraction():
    assert S.Settings(volume=0).loudness == 0.0 and S.Settings(volume=100).loudness == 1.0
    assert S.Settings().loudness == 0.8
    with pytest.raises(S.SettingsError, match="volume"):
        S.Settings(volume=101)


def test_a_folder_in_its_place_gives_defaults_and_one_line(tmp_path):
    (tmp_path / "settings.json").mkdir()
    got, note = S.load_settings(tmp_path / "settings.json")
    assert got == S.Settings() and note and "folder" in note


def test_bot_speed_scales_the_delay():
    assert S.Settings(bot_speed="instant").bot_delay(0.8) == 0
    assert (
        S.Settings(bot_speed="slow").bot_delay(0.8)
        > S.Settings().bot_delay(0.8)
        > S.Settings(bot_speed="fast").bot_delay(0.8)
    )
    assert S.Settings().bot_delay(0.8) == 0.8


def test_settings_are_typed():
    with pytest.raises(S.SettingsError):
        S.Settings(camera_sensitivity=float("nan"))
    assert S.Settings(camera_sensitivity=2).camera_sensitivity == 2.0
    assert isinstance(S.Settings(camera_sensitivity=2).camera_sensitivity, float)


def test_hints_are_on_by_default_and_a_file_from_before_them_still_loads(tmp_path):
    """The coach's setting (H and the Hint button at the table): on unless the player turns it off."""
    assert S.Settings().hints is True
    path = tmp_path / "settings.json"
    path.write_text(
        '{"format": 1, "bot_speed": "fast", "volume": 50, "mute": false, "animations": "off"}'
    )
    got, note = S.load_settings(path)
    assert note is None and got.hints is True and got.bot_speed == "fast"
    S.save_settings(path, got.changed(hints=False))
    assert json.loads(path.read_text())["hints"] is False
    assert S.load_settings(path) == (
        S.Settings(bot_speed="fast", volume=50, animations="off", hints=False),
        None,
    )
