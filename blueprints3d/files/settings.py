"""The player's settings: ``settings.json`` in the data folder (beside the autosave).

Panda-free: a typed, frozen ``Settings`` and its strict load and atomic save. A file that is
missing gives the defaults quietly; a file that is damaged, of another format or holds a value
out of range gives the defaults and one line saying why (the caller shows it once).
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.files.places import default_dir
from blueprints3d.files.jsonfile import make_folder, read_or_default, write_atomic
from blueprints3d.i18n import LANGUAGES
from blueprints3d.i18n.message import Message

FORMAT = 1
FILE_NAME = "settings.json"

# How long a computer's move stays on show, as a factor of the blueprints3d-bot-delay setting.
BOT_SPEEDS: dict[str, float] = {"slow": 2.0, "normal": 1.0, "fast": 0.4, "instant": 0.0}
SENSITIVITY_RANGE = (0.25, 4.0)  # camera: times the default orbit speed
VOLUME_RANGE = (0, 100)  # the master volume of the table's sounds, in percent
# How the table moves: "full" throws dice from the bag with physics and glides everything;
# "short" glides, quicker, and throws nothing; "off" puts everything in place at once (slow machines).
ANIMATIONS = ("full", "short", "off")


class SettingsError(BlueprintsError):
    """A settings file that cannot be used (the defaults are used instead)."""


@dataclass(frozen=True)
class Settings:
    bot_speed: str = "normal"  # a key of BOT_SPEEDS
    confirm_moves: bool = True  # a placement stays tentative (undo) until confirmed
    camera_sensitivity: float = 1.0  # orbit and zoom speed factor, within SENSITIVITY_RANGE
    shaders: bool = True  # takes effect at the next start
    volume: int = 80  # the sounds' master volume, a whole percent in VOLUME_RANGE
    mute: bool = False  # no sound at all (the command line's --mute: for one run)
    animations: str = "full"  # one of ANIMATIONS
    hints: bool = True  # the coach at the table: H and the Hint button show the best moves
    material_symbols: bool = (
        False  # colour-blind help: each material's symbol on its dice and names
    )
    language: str = ""  # "en", "de", "zh", "fa"; "": --lang, else the environment's
    # Rooms on the local network: a hosting table announces its room, the Join screen lists the
    # rooms it hears of (multicast DNS, net/discovery.py). Off: nothing is sent or listened for.
    discovery: bool = True

    def __post_init__(self) -> None:
        # The type first: a list or an object from a file is not hashable, and ``in`` on a
        # dict would raise TypeError instead of naming the setting.
        for name, choices in (("bot_speed", tuple(BOT_SPEEDS)), ("animations", ANIMATIONS)):
            value = getattr(self, name)
            if not isinstance(value, str) or value not in choices:
                shown_value = repr(value) if isinstance(value, str) else _json_kind(value)
                raise SettingsError(
                    Message.of(
                        "{name} must be one of {choices}, not {value}",
                        name=name,
                        choices=", ".join(choices),
                        value=shown_value,
                    )
                )
        if not isinstance(self.language, str) or self.language not in ("", *LANGUAGES):
            raise SettingsError(
                Message.of(
                    "{name} must be one of {choices}, not {value}",
                    name="language",
                    choices=", ".join(LANGUAGES),
                    value=repr(self.language)
                    if isinstance(self.language, str)
                    else _json_kind(self.language),
                )
            )
        for name in ("confirm_moves", "shaders", "mute", "hints", "material_symbols", "discovery"):
            if not isinstance(getattr(self, name), bool):
                raise SettingsError(Message.of("{name} must be true or false", name=name))
        s = self.camera_sensitivity
        lo, hi = SENSITIVITY_RANGE
        if (
            isinstance(s, bool)
            or not isinstance(s, (int, float))
            or not math.isfinite(s)
            or not lo <= s <= hi
        ):
            raise SettingsError(
                Message.of("camera_sensitivity must be a number from {lo} to {hi}", lo=lo, hi=hi)
            )
        object.__setattr__(self, "camera_sensitivity", float(s))
        v = self.volume
        lo, hi = VOLUME_RANGE
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise SettingsError(
                Message.of("volume must be a whole number from {lo} to {hi}", lo=lo, hi=hi)
            )

    @property
    def loudness(self) -> float:
        """The master volume as a fraction, 0..1 (what the sound bank takes)."""
        return self.volume / VOLUME_RANGE[1]

    def bot_delay(self, normal: float) -> float:
        """Seconds a computer's move stays on show, ``normal`` being the "normal" speed's."""
        return normal * BOT_SPEEDS[self.bot_speed]

    def changed(self, **values: Any) -> Settings:
        return replace(self, **values)


def _json_kind(value: Any) -> str:
    """What a parsed JSON value is, in the file's own words (for a message)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return {
        dict: "an object",
        list: "a list",
        str: "a string",
        int: "a number",
        float: "a number",
    }.get(type(value), f"a {type(value).__name__}")


def settings_path(folder: str | os.PathLike[str] | None = None) -> Path:
    """Where the settings live: ``settings.json`` in ``folder``, else in the data folder."""
    return (Path(folder) if folder is not None else default_dir()) / FILE_NAME


def from_data(data: Any) -> Settings:
    """Settings from parsed JSON; SettingsError (one line) when it is not a settings object of
    this format. Keys this version does not know are refused, so a newer file is not half read."""
    if not isinstance(data, dict):
        raise SettingsError(Message.of("not a settings object"))
    if type(data.get("format")) is not int or data.get("format") != FORMAT:
        raise SettingsError(
            Message.of(
                "settings format {format}, this version reads {wanted}",
                format=repr(data.get("format")),
                wanted=FORMAT,
            )
        )
    known = {f.name for f in fields(Settings)}
    extra = sorted(set(data) - known - {"format"})
    if extra:
        raise SettingsError(Message.of("unknown setting {key}", key=repr(extra[0])))
    return Settings(**{k: v for k, v in data.items() if k in known})


def load_settings(path: str | os.PathLike[str]) -> tuple[Settings, str | None]:
    """The settings at ``path`` and None; or the defaults and one line saying why they are used
    (None as well when there is simply no file yet)."""
    settings, why = read_or_default(path, SettingsError, "settings file", from_data, Settings())
    return settings, None if why is None else f"settings: {why}; using the default settings"


def saved_language(folder: str | os.PathLike[str] | None = None) -> str | None:
    """The language chosen on the settings screen, or None (none chosen, or no usable file: the
    table says what is wrong with a bad one when it opens)."""
    try:
        settings, _why = load_settings(settings_path(folder))
    except (OSError, ValueError):
        return None
    return settings.language or None


def saved_material_symbols(folder: str | os.PathLike[str] | None = None) -> bool:
    """Whether the settings screen turned the material symbols on (the colour-blind help): the
    viewer, the demos and the replay show them then too. False without a usable file."""
    try:
        settings, _why = load_settings(settings_path(folder))
    except (OSError, ValueError):
        return False
    return settings.material_symbols


def settings_text(settings: Settings) -> str:
    return json.dumps({"format": FORMAT, **asdict(settings)}, indent=2) + "\n"


def save_settings(path: str | os.PathLike[str], settings: Settings) -> None:
    """Write the settings atomically (the folder is made if needed); OSError when it cannot be."""
    p = Path(path)
    make_folder(p.parent)
    write_atomic(p, settings_text(settings))
