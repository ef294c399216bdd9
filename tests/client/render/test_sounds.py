"""The table's sounds, listen-free: the committed WAVs are what tools/make_sounds.py makes (and it
makes the same bytes twice), each is of a sensible length, not silent and not clipped, Panda3D's
own decoder reads it, and the SoundBank plays, schedules, mutes and reports a missing device in
one line. The tests run with null audio (the shipped .prc, through the offscreen base); one test
plays through the real OpenAL library into OpenAL Soft's WAV writer, in a process of its own."""

from __future__ import annotations

import importlib.util
import os
import struct
import subprocess
import sys
import wave
from pathlib import Path

import numpy as np
import pytest
from panda3d.core import Datagram, Filename, MovieAudio

from blueprints3d.client.render import audio

ROOT = Path(__file__).resolve().parents[3]
RATE = 22050
# Seconds each sound may last: impacts are short, the bag a moment, the cues under two seconds.
LENGTHS = {
    "die_felt": (0.08, 0.4),
    "die_die": (0.05, 0.3),
    "die_card": (0.05, 0.3),
    "bag_draw": (0.3, 1.2),
    "turn": (0.3, 1.5),
    "award": (0.5, 2.0),
    "prize": (0.8, 2.5),
}
FULL = 32767


def _tool():
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def samples(path: Path) -> np.ndarray:
    with wave.open(str(path)) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, RATE), path
        return np.frombuffer(w.readframes(w.getnframes()), "<i2").astype(np.int32)


def test_every_sound_has_a_committed_file_and_nothing_else_is_there():
    names = sorted(p.stem for p in audio.sound_folder().glob("*.wav"))
    assert names == sorted(audio.SOUNDS) == sorted(_tool().SOUNDS)
    assert set(LENGTHS) == set(audio.SOUNDS)
    for name in audio.SOUNDS:
        assert audio.sound_path(name).stat().st_size < 100_000, name


def test_the_generator_is_deterministic_and_made_the_committed_files(tmp_path):
    tool = _tool()
    assert tool.main(["--out", str(tmp_path / "a")]) == 0
    assert tool.main(["--out", str(tmp_path / "b")]) == 0
    for name in audio.SOUNDS:
        a, b = (
            (tmp_path / "a" / f"{name}.wav").read_bytes(),
            (tmp_path / "b" / f"{name}.wav").read_bytes(),
        )
        assert a == b, f"{name}: two runs of tools/make_sounds.py differ"
        fresh, committed = samples(tmp_path / "a" / f"{name}.wav"), samples(audio.sound_path(name))
        # Another numpy may round an FFT a little differently: a sample or two of 32767 apart.
        assert len(fresh) == len(committed) and np.max(np.abs(fresh - committed)) <= 2, (
            f"blueprints3d/sounds/{name}.wav differs from what tools/make_sounds.py makes: rerun it"
        )


@pytest.mark.parametrize("name", audio.SOUNDS)
def test_each_sound_is_of_its_length_audible_and_not_clipped(name):
    x = samples(audio.sound_path(name))
    lo, hi = LENGTHS[name]
    assert lo <= len(x) / RATE <= hi, f"{name}: {len(x) / RATE:.3f} s"
    peak = np.max(np.abs(x))
    rms = np.sqrt(np.mean((x / FULL) ** 2))
    assert rms > 0.03 and peak > 0.3 * FULL, f"{name}: too quiet (rms {rms:.4f}, peak {peak})"
    assert peak < 0.95 * FULL, f"{name}: peak {peak} at full scale"
    hot = np.abs(x) >= FULL - 1
    assert not np.any(hot[:-1] & hot[1:]), f"{name}: clipped samples in a row"
    # No click at either end: it starts and ends at (nearly) zero.
    assert abs(x[0]) < 0.01 * FULL and np.max(np.abs(x[-10:])) < 0.01 * FULL, name
    # Its loud part comes first: the last tenth is much quieter than the loudest tenth.
    tenths = [np.sqrt(np.mean(c.astype(float) ** 2)) for c in np.array_split(x, 10)]
    assert tenths[-1] < 0.25 * max(tenths), name


@pytest.mark.parametrize("name", audio.SOUNDS)
def test_panda3d_reads_every_sound_as_written(name):
    path = audio.sound_path(name)
    cursor = MovieAudio.get(Filename.from_os_specific(str(path))).open()
    assert cursor is not None, name
    assert (cursor.audio_rate(), cursor.audio_channels()) == (RATE, 1)
    want = samples(path)
    assert abs(cursor.length() - len(want) / RATE) < 1e-3
    data = Datagram()
    cursor.read_samples(len(want), data)
    assert np.array_equal(np.frombuffer(bytes(data), "<i2"), want)


def test_the_impacts_are_told_apart_by_their_spectra():
    """Felt thuds low, a die on a die clicks high, the card's tap in between (centroids in Hz)."""

    def centroid(name):
        x = samples(audio.sound_path(name)).astype(float)
        mag = np.abs(np.fft.rfft(x))
        f = np.fft.rfftfreq(len(x), 1 / RATE)
        return float(np.sum(f * mag) / np.sum(mag))

    felt, card, die = centroid("die_felt"), centroid("die_card"), centroid("die_die")
    assert felt < 1200 < card < die and die > 3000, (felt, card, die)


# ---- the bank ------------------------------------------------------------------------------------


def test_impact_loudness_follows_the_speed():
    assert audio.impact_volume(0.0) == 0.0 and audio.impact_volume(audio.QUIET_SPEED - 0.1) == 0.0
    assert audio.impact_volume(float("nan")) == 0.0
    speeds = [audio.QUIET_SPEED, 10, 40, 80, audio.LOUD_SPEED]
    volumes = [audio.impact_volume(s) for s in speeds]
    assert volumes == sorted(volumes) and len(set(volumes)) == len(volumes)
    assert volumes[0] == pytest.approx(audio.SOFTEST) and volumes[-1] == 1.0
    assert audio.impact_volume(10 * audio.LOUD_SPEED) == 1.0
    assert all(abs(audio.die_rate(d) - 1) <= audio.RATE_SPREAD + 1e-12 for d in range(32))
    assert len({audio.die_rate(d) for d in range(7)}) > 3  # seven dice do not all sound alike


class FakeTasks:
    """Panda3D's task manager as far as the bank uses it: delayed calls by name."""

    def __init__(self):
        self.later: dict[str, tuple[float, object, list]] = {}

    def do_method_later(self, delay, fn, name, extraArgs):
        self.later[name] = (delay, fn, extraArgs)

    def remove(self, name):
        self.later.pop(name, None)

    def run_all(self):
        for _name, (_, fn, args) in sorted(self.later.items(), key=lambda kv: kv[1][0]):
            fn(*args)
        self.later.clear()


def test_the_bank_loads_every_sound_once_and_plays_with_null_audio(offscreen_base):
    manager = offscreen_base.sfxManagerList[0]
    assert not manager.is_valid()  # the tests' null audio
    bank = audio.SoundBank(manager, volume=0.5)
    assert bank.silent and {n: len(v) for n, v in bank._voices.items()} == audio.VOICES
    assert bank.play("die_felt", speed=80) and bank.play("turn")
    assert [name for name, *_ in bank.log] == ["die_felt", "turn"]
    assert bank.log[0][1] == pytest.approx(audio.impact_volume(80)) and bank.log[1][1] == 1.0
    assert not bank.play("die_die", speed=0.5)  # too slow to be heard
    with pytest.raises(ValueError, match="no sound 'bang'"):
        bank.play("bang")
    bank.set_volume(3)
    assert bank.volume == 1.0
    bank.set_volume(-1)
    assert bank.volume == 0.0 and not bank.audible
    bank.destroy()


def test_master_volume_and_mute_reach_the_manager():
    class Manager:
        volume = None

        def is_valid(self):
            return True

        def get_sound(self, path, positional):
            return Sound()

        def set_volume(self, v):
            self.volume = v

    class Sound:
        played = 0

        def stop(self):
            pass

        def set_volume(self, v):
            self.volume = v

        def set_play_rate(self, r):
            self.rate = r

        def play(self):
            Sound.played += 1

    m = Manager()
    bank = audio.SoundBank(m, volume=0.6)
    assert m.volume == 0.6 and bank.audible
    assert bank.play("die_card", speed=audio.LOUD_SPEED, rate=1.1)
    voice = bank._voices["die_card"][0]
    assert (voice.volume, voice.rate, Sound.played) == (1.0, 1.1, 1)
    bank.set_muted(True)
    assert m.volume == 0.0 and not bank.play("die_card") and Sound.played == 1
    bank.set_muted(False)
    assert m.volume == 0.6
    # Voices take turns, so quick impacts overlap instead of cutting each other off.
    for _ in range(audio.VOICES["die_felt"]):
        bank.play("die_felt")
    assert bank._next["die_felt"] == 0 and Sound.played == 1 + audio.VOICES["die_felt"]


def test_a_throws_impacts_are_scheduled_thinned_and_cancelled():
    tasks = FakeTasks()
    bank = audio.SoundBank(None, tasks)
    events = [
        (0.10, 0, 120.0, "felt"),
        (0.11, 0, 60.0, "felt"),  # one impact (the louder kept)
        (0.30, 0, 20.0, "die"),
        (0.20, 1, 90.0, "card"),
        (0.40, 1, 1.0, "felt"),  # too slow: dropped
        (0.25, 2, 50.0, "wall"),
    ]
    assert bank.play_impacts(events, start=0.5) == 4 and bank.waiting == 4
    delays = sorted(round(d, 3) for d, _, _ in tasks.later.values())
    assert delays == [0.6, 0.7, 0.75, 0.8]
    tasks.run_all()
    heard = sorted((name, round(loud, 3)) for name, loud, _ in bank.log)
    assert heard == sorted(
        [
            ("die_felt", round(audio.impact_volume(120), 3)),
            ("die_die", round(audio.impact_volume(20), 3)),
            ("die_card", round(audio.impact_volume(90), 3)),
            ("die_die", round(audio.impact_volume(50), 3)),
        ]
    )
    wall = [rate for name, loud, rate in bank.log if loud == audio.impact_volume(50)]
    assert wall == [pytest.approx(0.7 * audio.die_rate(2))]  # the rim knocks lower
    bank.play_impacts(events)
    bank.cancel()
    assert not tasks.later and bank.waiting == 0
    with pytest.raises(ValueError, match="surface 'sky'"):
        bank.play_impacts([(0.0, 0, 50.0, "sky")])

    class Impact:  # as scene.throw reports them: the surface is ``other``
        time, die, speed, other = 0.0, 3, 70.0, "die"

    assert bank.play_impact(Impact())
    assert bank.log[-1][:2] == ("die_die", audio.impact_volume(70))


def test_muting_drops_the_scheduled_plays():
    tasks = FakeTasks()
    bank = audio.SoundBank(None, tasks)
    bank.play("prize", delay=0.9)
    bank.set_muted(True)
    assert not tasks.later
    bank.set_muted(False)
    bank.play("prize", delay=0.9)
    name = next(iter(tasks.later))
    bank.set_muted(True)
    tasks.later[name] = (0.9, bank._start, ["prize", 1.0, 1.0, name])  # a task already due
    tasks.run_all()
    assert not bank.log


def test_no_device_is_one_line_and_null_audio_is_none(offscreen_base, capsys, monkeypatch):
    # The tests' null audio asked for no device: nothing said.
    audio.SoundBank.for_base(offscreen_base)
    assert capsys.readouterr().err == ""

    class Invalid:  # what Panda3D gives when OpenAL found no device
        def is_valid(self):
            return False

        def get_sound(self, path, positional):
            return offscreen_base.sfxManagerList[0].get_null_sound()

        def set_volume(self, v):
            pass

    class Base:
        sfxManagerList = [Invalid()]
        taskMgr = None

    monkeypatch.setattr(audio, "asked_for_device", lambda: True)
    bank = audio.SoundBank.for_base(Base(), volume=0.7)
    assert capsys.readouterr().err == audio.no_device_line() + "\n"
    assert bank.silent and bank.play("die_felt", 50)  # plays on, silently


def test_no_sound_device_is_said_in_the_players_language(monkeypatch, capsys):
    """Issue 42: the line was English in every language."""
    from support.pseudo_language import pseudo

    class Base:
        sfxManagerList = [None]
        taskMgr = None

    monkeypatch.setattr(audio, "asked_for_device", lambda: True)
    with pseudo(monkeypatch):
        audio.SoundBank.for_base(Base())
    assert capsys.readouterr().err == "blueprints3d: «no sound device; playing silently»\n"


def test_captured_stderr_catches_what_c_libraries_write(capfd):
    with audio.captured_stderr() as caught:
        os.write(2, b"ALSA lib pcm.c: Unknown PCM default\n")
    os.write(2, b"after\n")
    assert caught.text == "ALSA lib pcm.c: Unknown PCM default\n"
    assert capfd.readouterr().err == "after\n"


# ---- through the real OpenAL library (a process of its own: the library is chosen once) ---------

OPENAL_SCRIPT = """
import sys, time
from blueprints3d.client.render import audio
from blueprints3d.client.render.window import open_base
base = open_base(size=(64, 64), offscreen=True, shaders_on=False, sound=True)
bank = audio.SoundBank.for_base(base, volume=1.0)
print("valid", not bank.silent, base.sfxManagerList[0].get_type().get_name())
bank.play("die_die", speed=audio.LOUD_SPEED)
bank.play("die_die", speed=10.0, delay=0.4)
end = time.time() + 0.9
while bank.waiting or time.time() < end:   # a slow machine may run the delayed play late
    if bank.waiting:
        end = time.time() + 0.5
    base.taskMgr.step()   # ShowBase's audio task updates the manager; the delayed play is a task
    time.sleep(0.01)
base.destroy()
"""


def _wav_floats(path: Path) -> np.ndarray:
    """OpenAL Soft's WAV writer output (PCM 16 or float 32, any channel count) as mono floats."""
    raw = path.read_bytes()
    channels, bits = struct.unpack("<H", raw[22:24])[0], struct.unpack("<H", raw[34:36])[0]
    data = raw[raw.index(b"data") + 8 :]
    x = (
        np.frombuffer(data[: len(data) // 4 * 4], "<f4")
        if bits == 32
        else np.frombuffer(data[: len(data) // 2 * 2], "<i2") / 32768
    )
    return x[: len(x) // channels * channels].reshape(-1, channels).mean(axis=1)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="OpenAL Soft's WAV writer backend")
def test_openal_plays_the_bank_and_loudness_follows_speed(tmp_path):
    out = tmp_path / "openal-out.wav"
    conf = tmp_path / "alsoft.conf"
    conf.write_text(
        f"[general]\ndrivers = wave\nchannels = mono\nfrequency = 22050\n[wave]\nfile = {out}\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT), ALSOFT_CONF=str(conf))
    run = subprocess.run(
        [sys.executable, "-c", OPENAL_SCRIPT],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    assert "valid True OpenALAudioManager" in run.stdout, run.stdout + run.stderr
    assert run.stderr == "", run.stderr  # OpenAL's own start-up words are kept off the terminal
    x = _wav_floats(out)
    assert np.max(np.abs(x)) > 0.02, "OpenAL wrote only silence"
    # The two plays, found as runs of 10 ms blocks that are not silent.
    block = 220
    peaks = np.abs(x[: len(x) // block * block]).reshape(-1, block).max(axis=1)
    on = peaks > 0.003
    starts = np.flatnonzero(on & ~np.concatenate([[False], on[:-1]]))
    ends = np.flatnonzero(on & ~np.concatenate([on[1:], [False]]))
    bursts = [peaks[a : b + 1].max() for a, b in zip(starts, ends, strict=True)]
    assert len(bursts) == 2, f"expected the loud and the delayed quiet impact, heard {bursts}"
    gap = (starts[1] - starts[0]) * block / 22050
    # The second came later, on the task manager (0.4 s asked; a loaded machine's real-time
    # mixing and frame steps shift both, so only roughly).
    assert 0.1 < gap < 1.5, gap
    want = audio.impact_volume(audio.LOUD_SPEED) / audio.impact_volume(10.0)
    assert 0.5 * want < bursts[0] / bursts[1] < 2 * want, (bursts, want)
