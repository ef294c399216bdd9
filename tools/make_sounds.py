#!/usr/bin/env python3
"""Synthesise the table's sounds into blueprints3d/sounds/ (numpy and the standard library only).

    python tools/make_sounds.py [--out blueprints3d/sounds]

Nothing is recorded: every sound is a sum of decaying sine modes (an impact's ring) and noise
shaped in the frequency domain (contact, paper, cloth), written as 16-bit mono WAV at 22050 Hz
with the standard library's ``wave``. Each sound draws its noise from its own fixed seed, so a
rerun writes the same bytes; tests/client/render/test_sounds.py checks that, and that the
committed files are what this tool makes now.

  die_felt.wav   a die landing on the felt: a soft thud. Four low modes (150-1020 Hz) that die
                 within 10-45 ms (the felt damps them), over a 6 ms burst of noise low-passed
                 at 900 Hz (the cloth giving way).
  die_die.wav    a die landing on another die: a bright click. Five inharmonic modes of a small
                 hard cube (2.3-9 kHz, 8-35 ms), a 1.5 ms high-passed noise tick, and a second,
                 quieter click 19 ms later (the bounce).
  die_card.wav   a die landing on a blueprint card: a papery tap. Noise band-passed to
                 0.8-5 kHz decaying in 7 ms, over a faint low mode of the table under the card.
  bag_draw.wav   a hand in the cloth bag drawing dice: seven bursts of grainy noise (noise
                 times a cubed, smoothed random envelope: crackle, not hiss) band-passed to
                 1.5-7 kHz, 40-110 ms each with smooth envelopes, over a quiet low rustle, and
                 two muffled clacks of dice knocking inside (low-passed modes).
  turn.wav       your turn: a soft two-note chime, G5 then C6 0.15 s later, each a sine with
                 weak 2nd and 3rd harmonics decaying over about a second.
  award.wav      an Award: a rising C major arpeggio (C5 E5 G5 C6, 0.11 s apart) of bell-like
                 notes (inharmonic partials 1, 2.76, 5.4 of a struck bar).
  prize.wav      a Prize: a quick D major arpeggio (D5 F#5 A5 D6) that lands on the full chord,
                 longer bells, and a faint shimmer of high noise (6-10 kHz) fading with it.
"""

from __future__ import annotations

import argparse
import sys
import wave
from pathlib import Path
from collections.abc import Callable, Sequence

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "blueprints3d" / "sounds"
RATE = 22050
SEED = 20260613

Sound = np.ndarray  # float64 samples in -1..1


# -- building blocks ------------------------------------------------------------------------------


def times(seconds: float) -> np.ndarray:
    return np.arange(int(round(seconds * RATE))) / RATE


def modes(
    t: np.ndarray, freqs: Sequence[float], amps: Sequence[float], decays: Sequence[float]
) -> Sound:
    """Struck modes: sines starting at zero phase, each decaying with its own time constant (s)."""
    out = np.zeros_like(t)
    for f, a, tau in zip(freqs, amps, decays, strict=True):
        out += a * np.sin(2 * np.pi * f * t) * np.exp(-t / tau)
    return out


def noise(n: int, rng: np.random.Generator) -> Sound:
    return rng.uniform(-1.0, 1.0, n)


def band(x: Sound, lo: float, hi: float, edge: float = 0.35) -> Sound:
    """``x`` band-passed to lo..hi Hz in the frequency domain, the edges smoothed over ``edge``
    octaves (raised cosine), so there is no ringing of a brick-wall filter. lo=0: a low-pass."""
    spec = np.fft.rfft(x)
    f = np.fft.rfftfreq(len(x), 1 / RATE)
    octs = np.log2(np.maximum(f, 1.0))
    gain = np.ones_like(f)
    if lo > 0:
        u = np.clip((octs - (np.log2(lo) - edge / 2)) / edge, 0, 1)
        gain *= 0.5 - 0.5 * np.cos(np.pi * u)
    u = np.clip(((np.log2(hi) + edge / 2) - octs) / edge, 0, 1)
    gain *= 0.5 - 0.5 * np.cos(np.pi * u)
    return np.fft.irfft(spec * gain, len(x))


def attack(x: Sound, seconds: float) -> Sound:
    """A raised-cosine fade-in over ``seconds`` (no click at the start)."""
    n = max(1, int(seconds * RATE))
    out = x.copy()
    out[:n] *= 0.5 - 0.5 * np.cos(np.pi * np.arange(n) / n)
    return out


def fade_out(x: Sound, seconds: float = 0.01) -> Sound:
    n = max(1, int(seconds * RATE))
    out = x.copy()
    out[-n:] *= 0.5 + 0.5 * np.cos(np.pi * np.arange(n) / n)
    return out


def place(total: Sound, part: Sound, at: float) -> None:
    """Add ``part`` into ``total`` starting at ``at`` seconds (cut at the end)."""
    i = int(round(at * RATE))
    n = min(len(part), len(total) - i)
    total[i : i + n] += part[:n]


def normalise(x: Sound, peak: float) -> Sound:
    return x * (peak / np.max(np.abs(x)))


def bell(t: np.ndarray, f: float, partials: Sequence[tuple[float, float, float]]) -> Sound:
    """A struck note: partials (ratio, amplitude, decay in s) of ``f``, with a 4 ms attack."""
    return attack(
        modes(
            t,
            [f * r for r, _, _ in partials],
            [a for _, a, _ in partials],
            [d for _, _, d in partials],
        ),
        0.004,
    )


# -- the sounds -----------------------------------------------------------------------------------


def die_felt(rng: np.random.Generator) -> Sound:
    t = times(0.20)
    ring = modes(t, [150, 330, 610, 1020], [1.0, 0.55, 0.3, 0.12], [0.045, 0.03, 0.018, 0.010])
    contact = band(noise(len(t), rng), 0, 900) * np.exp(-t / 0.006)
    x = attack(ring + 2.5 * contact, 0.0015)
    return normalise(fade_out(x), 0.8)


def _click(t: np.ndarray, rng: np.random.Generator) -> Sound:
    ring = modes(
        t,
        [2350, 3710, 5260, 7130, 9020],
        [1.0, 0.8, 0.55, 0.35, 0.2],
        [0.035, 0.025, 0.018, 0.012, 0.008],
    )
    tick = band(noise(len(t), rng), 3000, 10000) * np.exp(-t / 0.0015)
    return attack(ring + 1.5 * tick, 0.0003)


def die_die(rng: np.random.Generator) -> Sound:
    t = times(0.16)
    x = _click(t, rng)
    place(x, 0.35 * _click(t, rng), 0.019)  # the bounce
    return normalise(fade_out(x), 0.8)


def die_card(rng: np.random.Generator) -> Sound:
    t = times(0.14)
    paper = band(noise(len(t), rng), 800, 5000) * np.exp(-t / 0.007)
    table = modes(t, [220, 1200], [0.35, 0.2], [0.02, 0.008])
    x = attack(paper / np.max(np.abs(paper)) + table, 0.0005)
    return normalise(fade_out(x), 0.7)


def bag_draw(rng: np.random.Generator) -> Sound:
    t = times(0.75)
    x = np.zeros_like(t)
    starts = np.sort(rng.uniform(0.0, 0.55, 7))
    for start in starts:
        length = rng.uniform(0.04, 0.11)
        tb = times(length)
        env = np.sin(np.pi * tb / length) ** 2
        # Cloth crackles rather than hisses: the noise comes in grains a few ms long (a smoothed
        # random envelope, cubed, so a few grains stand out).
        grain = band(np.abs(noise(len(tb), rng)), 0, 300) ** 3
        grain /= np.max(np.abs(grain))
        burst = band(noise(len(tb), rng) * grain, 1500, 7000) * env * rng.uniform(0.4, 1.0)
        place(x, burst, start)
    body = band(noise(len(t), rng), 300, 1200) * np.sin(np.pi * t / t[-1]) ** 2
    x = x / np.max(np.abs(x)) + 0.25 * body / np.max(np.abs(body))
    for at in (0.18, 0.41):  # dice knocking inside, muffled by the cloth
        tc = times(0.05)
        # Filtered first, then faded at both ends (the FFT filter wraps a short piece around).
        clack = attack(
            fade_out(band(modes(tc, [1800, 2900], [1.0, 0.6], [0.008, 0.005]), 0, 2500), 0.01),
            0.001,
        )
        place(x, 0.3 * clack / np.max(np.abs(clack)), at)
    return normalise(fade_out(attack(x, 0.005), 0.03), 0.6)


CHIME = ((1.0, 1.0, 0.35), (2.0, 0.18, 0.12), (3.0, 0.06, 0.07))
BAR = ((1.0, 1.0, 0.5), (2.76, 0.25, 0.18), (5.4, 0.08, 0.07))


def turn(rng: np.random.Generator) -> Sound:
    t = times(0.9)
    x = np.zeros_like(t)
    place(x, bell(t, 783.99, CHIME), 0.0)  # G5
    place(x, bell(t, 1046.50, CHIME), 0.15)  # C6
    return normalise(fade_out(x, 0.05), 0.45)


def award(rng: np.random.Generator) -> Sound:
    t = times(1.2)
    x = np.zeros_like(t)
    for i, f in enumerate((523.25, 659.25, 783.99, 1046.50)):  # C5 E5 G5 C6
        place(x, bell(t, f, BAR) * (1.0 if i < 3 else 1.2), 0.11 * i)
    return normalise(fade_out(x, 0.08), 0.55)


def prize(rng: np.random.Generator) -> Sound:
    t = times(1.6)
    x = np.zeros_like(t)
    notes = (587.33, 739.99, 880.00, 1174.66)  # D5 F#5 A5 D6
    for i, f in enumerate(notes):
        place(x, bell(t, f, BAR), 0.08 * i)
    long_bar = tuple((r, a, d * 1.6) for r, a, d in BAR)
    for f in notes:  # the chord it lands on
        place(x, 0.6 * bell(t, f, long_bar), 0.40)
    shimmer = (
        band(noise(len(t), rng), 6000, 10000)
        * np.exp(-t / 0.5)
        * (0.6 + 0.4 * np.sin(2 * np.pi * 7 * t))
    )
    place(x, 0.15 * shimmer / np.max(np.abs(shimmer)), 0.40)
    return normalise(fade_out(x, 0.1), 0.6)


SOUNDS: dict[str, Callable[[np.random.Generator], Sound]] = {
    "die_felt": die_felt,
    "die_die": die_die,
    "die_card": die_card,
    "bag_draw": bag_draw,
    "turn": turn,
    "award": award,
    "prize": prize,
}


# -- writing --------------------------------------------------------------------------------------


def pcm16(x: Sound) -> bytes:
    """Samples in -1..1 as little-endian 16-bit PCM (rounded; the generator keeps peaks < 0.9)."""
    return np.round(np.clip(x, -1.0, 1.0) * 32767).astype("<i2").tobytes()


def write_wav(path: Path, x: Sound) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm16(x))


def make(name: str) -> Sound:
    """One sound, from its own seed (the same whichever others are made)."""
    index = list(SOUNDS).index(name)
    return SOUNDS[name](np.random.default_rng(SEED + index))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="synthesise the table's sounds as WAV files")
    parser.add_argument("--out", type=Path, default=OUT, help=f"folder to write (default {OUT})")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name in SOUNDS:
        write_wav(args.out / f"{name}.wav", make(name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
