"""The table's sounds through Panda3D's audio manager (OpenAL), or silence.

The sounds are WAV files in ``blueprints3d/sounds/`` made by ``tools/make_sounds.py`` (see its
docstring for what each is and how it is synthesised); they are package data, so an installed
copy carries them.

Opening: Panda3D picks its audio library once per process, at the first audio manager, which
ShowBase makes while it opens. The shipped .prc says ``audio-library-name null`` (tests,
offscreen renders and tools are silent and say nothing); the table asks for
``p3openal_audio`` (``config.load_config(sound=True)``, through ``window.open_base``). OpenAL
probes PulseAudio and ALSA as it opens and both print to the terminal on a machine without a
sound device, so ``open_base`` opens the managers inside ``captured_stderr`` (their messages are
shown only with --verbose). ``SoundBank.for_base`` then takes ShowBase's sound-effects manager
(``base.sfxManagerList[0]``, updated every frame by ShowBase's audio task): when OpenAL was
asked for and the manager is not valid (Panda3D fell back to its NullAudioManager), it prints
the one line ``NO_DEVICE`` and every ``play`` is silent.

Playing: every sound is loaded once (``AudioManager.get_sound``; a few voices of the dice
sounds so that impacts can overlap), ``play(name, speed)`` starts one with a loudness that
follows the impact speed (``impact_volume``), the master volume (0..1) is the manager's
``set_volume`` and mute stops every ``play``. A physics throw's impacts (time, die, speed,
surface: scene/throw.Impact) play one by one as its playback passes them (``play_impact``, e.g.
as the playback's ``on_impact``), or all scheduled ahead on the task manager (``play_impacts``;
tasks rather than ``SoundInterval``, which reaches for the global ``base``).
"""

from __future__ import annotations

import math
import os
import sys
import tempfile
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, TextIO
from collections.abc import Iterable, Iterator

from panda3d.core import ConfigVariableString, Filename

from blueprints3d import resources
from blueprints3d.i18n import N_, _


# The sounds, by name (blueprints3d/sounds/<name>.wav), and how many can sound at once.
VOICES: dict[str, int] = {
    "die_felt": 4,
    "die_die": 4,
    "die_card": 4,
    "bag_draw": 1,
    "turn": 1,
    "award": 1,
    "prize": 1,
}
SOUNDS = tuple(VOICES)
# What a die hits (a physics impact's surface) -> its sound and a pitch factor: the walnut rim
# knocks like a die, lower.
SURFACES: dict[str, tuple[str, float]] = {
    "felt": ("die_felt", 1.0),
    "die": ("die_die", 1.0),
    "card": ("die_card", 1.0),
    "wall": ("die_die", 0.7),
}

NO_DEVICE = N_("no sound device; playing silently")  # said as no_device_line()
OPENAL = "p3openal_audio"


def no_device_line() -> str:
    """The one line a table without a sound device prints, in the player's language."""
    return f"blueprints3d: {_(NO_DEVICE)}"


# Impact loudness (speeds in scene units, cm, per second; see impact_volume).
QUIET_SPEED = 3.0  # slower than this an impact is not heard
LOUD_SPEED = 150.0  # this fast or faster: full loudness
SOFTEST = 0.12  # the loudness of an impact just above QUIET_SPEED
PLACE_SPEED = 45.0  # a die set down by hand (no physics): a medium tap
IMPACT_GAP = 0.03  # s: a die's impacts closer than this are one sound (the louder)
RATE_SPREAD = 0.05  # dice differ in pitch by up to this fraction, so seven are not one


def sound_folder() -> Path:
    return resources.folder("blueprints3d.sounds")


def sound_path(name: str) -> Path:
    """``blueprints3d/sounds/<name>.wav``; an unknown name or a missing file is an error naming it."""
    if name not in VOICES:
        raise ValueError(f"no sound {name!r}: expected one of {', '.join(SOUNDS)}")
    try:
        return resources.file_path("blueprints3d.sounds", f"{name}.wav")
    except FileNotFoundError:
        raise FileNotFoundError(
            f"blueprints3d: sound sounds/{name}.wav is missing (made by tools/make_sounds.py)"
        ) from None


def impact_volume(speed: float) -> float:
    """The loudness (0..1) of an impact at ``speed`` cm/s: 0 below QUIET_SPEED, then rising in
    proportion to the speed (a struck body's amplitude follows its impact velocity) from
    SOFTEST to 1 at LOUD_SPEED, and 1 beyond."""
    if math.isnan(speed) or speed < QUIET_SPEED:  # NaN or too slow: not heard
        return 0.0
    u = min(1.0, (speed - QUIET_SPEED) / (LOUD_SPEED - QUIET_SPEED))
    return SOFTEST + (1.0 - SOFTEST) * u


def die_rate(die: int) -> float:
    """A die's own pitch factor, within 1 +- RATE_SPREAD (fixed per die, no randomness)."""
    return 1.0 + RATE_SPREAD * (((die * 37) % 9) - 4) / 4


class Captured:
    """What ``captured_stderr`` caught: ``text`` once the block has ended."""

    text = ""


@contextmanager
def captured_stderr() -> Iterator[Captured]:
    """Catch what C libraries write to file descriptor 2 inside the block (OpenAL, ALSA and
    Panda3D's notify write there directly, past ``sys.stderr``); ``text`` holds it afterwards.
    Where descriptor 2 cannot be duplicated the block runs uncaught."""
    cap = Captured()
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, AttributeError, ValueError):
        yield cap
        return
    with tempfile.TemporaryFile() as tmp:
        os.dup2(tmp.fileno(), 2)
        try:
            yield cap
        finally:
            with suppress(OSError, ValueError):
                sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            tmp.seek(0)
            cap.text = tmp.read().decode("utf-8", "replace")


def asked_for_device() -> bool:
    """Whether this process asked Panda3D for a real audio library (not ``null``)."""
    name = ConfigVariableString("audio-library-name", "null").get_value().strip()
    return name not in ("", "null")


def _impact(e: Any) -> tuple[float, int, float, str]:
    """(time, die, speed, surface) of an impact tuple or object; an unknown surface is a ValueError."""
    if hasattr(e, "speed"):
        t, die, speed = getattr(e, "time", 0.0), e.die, e.speed
        surface = getattr(e, "surface", None) or getattr(e, "other", None)
    else:
        t, die, speed, surface = e
    if surface not in SURFACES:
        raise ValueError(f"no impact surface {surface!r}: expected one of {', '.join(SURFACES)}")
    return float(t), int(die), float(speed), surface


class SoundBank:
    """Every table sound, loaded once from ``manager`` (an ``AudioManager``); ``task_mgr``
    (Panda3D's task manager) runs the delayed plays, without it they play at once.

    ``volume`` is the master volume 0..1, ``muted`` silences every play. ``log`` lists what was
    played, as (name, loudness, rate), newest last (the last 64): for tests and tools.
    """

    def __init__(
        self, manager: Any, task_mgr: Any = None, *, volume: float = 1.0, muted: bool = False
    ) -> None:
        self.manager = manager
        self.task_mgr = task_mgr
        self.silent = manager is None or not manager.is_valid()
        self.volume = 1.0
        self.muted = False
        self.log: list[tuple[str, float, float]] = []
        self._voices: dict[str, list[Any]] = {}
        self._next: dict[str, int] = {}
        self._pending: set[str] = set()  # names of the delayed plays' tasks
        self._serial = 0
        for name, count in VOICES.items():
            path = Filename.from_os_specific(str(sound_path(name)))
            self._voices[name] = (
                [] if manager is None else [manager.get_sound(path, False) for _ in range(count)]
            )
            self._next[name] = 0
        self.set_volume(volume)
        self.set_muted(muted)

    @classmethod
    def for_base(
        cls, base: Any, *, volume: float = 1.0, muted: bool = False, stream: TextIO | None = None
    ) -> SoundBank:
        """The bank on ShowBase's sound-effects manager. When a real audio library was asked
        for and there is no working device, one line (NO_DEVICE) goes to ``stream`` (stderr)."""
        managers = getattr(base, "sfxManagerList", None) or [None]
        bank = cls(managers[0], getattr(base, "taskMgr", None), volume=volume, muted=muted)
        if bank.silent and asked_for_device():
            print(no_device_line(), file=stream if stream is not None else sys.stderr)
        return bank

    # ---- settings -----------------------------------------------------------------------------
    def set_volume(self, volume: float) -> None:
        """The master volume, 0..1 (clamped)."""
        self.volume = min(1.0, max(0.0, float(volume))) if volume == volume else 0.0
        self._apply()

    def set_muted(self, muted: bool) -> None:
        self.muted = bool(muted)
        if self.muted:
            self.cancel()
        self._apply()

    def _apply(self) -> None:
        if self.manager is not None:
            self.manager.set_volume(0.0 if self.muted else self.volume)

    @property
    def audible(self) -> bool:
        """Whether a play can be heard at all: a device, not muted, the volume above zero."""
        return not self.silent and not self.muted and self.volume > 0.0

    # ---- playing ------------------------------------------------------------------------------
    def play(
        self, name: str, speed: float | None = None, rate: float = 1.0, delay: float = 0.0
    ) -> bool:
        """Play ``name`` (after ``delay`` seconds on the task manager): at full loudness, or as
        loud as an impact at ``speed`` cm/s (``impact_volume``); ``rate`` scales its pitch and
        speed. Returns whether it was played or scheduled (not when muted, unknown to be
        heard, or too slow to hear). An unknown name is a ValueError."""
        if name not in VOICES:
            raise ValueError(f"no sound {name!r}: expected one of {', '.join(SOUNDS)}")
        loud = 1.0 if speed is None else impact_volume(speed)
        if self.muted or loud <= 0.0:
            return False
        if delay > 0.0 and self.task_mgr is not None:
            self._serial += 1
            task_name = f"blueprints3d-sound-{self._serial}"
            self._pending.add(task_name)
            self.task_mgr.do_method_later(
                delay, self._start, task_name, extraArgs=[name, loud, rate, task_name]
            )
            return True
        self._start(name, loud, rate)
        return True

    def _start(self, name: str, loud: float, rate: float, task_name: str = "") -> None:
        self._pending.discard(task_name)
        if self.muted:
            return
        voices = self._voices[name]
        if voices:
            i = self._next[name]
            self._next[name] = (i + 1) % len(voices)
            sound = voices[i]
            sound.stop()
            sound.set_volume(loud)
            sound.set_play_rate(rate)
            sound.play()
        self.log.append((name, loud, rate))
        del self.log[:-64]

    def place(self, on_die: bool, die: int | None = None, delay: float = 0.0) -> bool:
        """A die set down by hand or by a glide (no physics): on a card, or on another die."""
        return self.play(
            "die_die" if on_die else "die_card",
            PLACE_SPEED,
            die_rate(die) if die is not None else 1.0,
            delay,
        )

    def play_impact(self, event: Any, delay: float = 0.0) -> bool:
        """One impact now (or after ``delay``): a (time, die, speed, surface) tuple or an object
        with ``die``, ``speed`` and ``surface`` (or ``other``, as scene.throw.Impact has), the
        surface one of SURFACES. For a throw's playback that reports impacts as it passes them."""
        _, die, speed, surface = _impact(event)
        sound, pitch = SURFACES[surface]
        return self.play(sound, speed, pitch * die_rate(die), delay)

    def play_impacts(self, events: Iterable[Any], start: float = 0.0) -> int:
        """Schedule a whole throw's impacts ahead: ``events`` as for ``play_impact``, their
        ``time`` in seconds from the throw's start, which is ``start`` seconds from now. A die's
        impacts closer than IMPACT_GAP are one (the louder); inaudible ones are dropped. Returns
        how many were scheduled."""
        kept: dict[int, list[tuple[float, float, str]]] = {}
        for e in events:
            t, die, speed, surface = _impact(e)
            hits = kept.setdefault(die, [])
            if hits and t - hits[-1][0] < IMPACT_GAP:
                if speed > hits[-1][1]:
                    hits[-1] = (hits[-1][0], speed, surface)
                continue
            hits.append((float(t), float(speed), surface))
        count = 0
        for die, hits in sorted(kept.items()):
            for t, speed, surface in hits:
                count += self.play_impact((t, die, speed, surface), max(0.0, start + t))
        return count

    def cancel(self) -> None:
        """Drop every play still waiting on the task manager (a skipped throw)."""
        if self.task_mgr is not None:
            for task_name in self._pending:
                self.task_mgr.remove(task_name)
        self._pending.clear()

    @property
    def waiting(self) -> int:
        """How many delayed plays are still to come."""
        return len(self._pending)

    def destroy(self) -> None:
        self.cancel()
        for voices in self._voices.values():
            for sound in voices:
                sound.stop()
