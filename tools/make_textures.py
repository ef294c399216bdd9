#!/usr/bin/env python3
"""Regenerate the surface textures in textures/ from a seed (numpy only).

    python tools/make_textures.py [--seed 4] [--out textures]

Every texture tiles seamlessly: its noise is shaped in the frequency domain, which is periodic.
The same seed always gives the same PNGs, so the committed files can be checked by rerunning.
"""

from __future__ import annotations

import argparse
import sys
import zlib
from pathlib import Path

import numpy as np

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "textures"


def periodic_noise(rng: np.random.Generator, shape: tuple[int, int], scale_x: float, scale_y: float) -> np.ndarray:
    """Smooth tileable noise in [0, 1]: white noise low-passed by a Gaussian of the given
    feature sizes (pixels) along x and y."""
    h, w = shape
    white = rng.standard_normal(shape)
    fy = np.fft.fftfreq(h)[:, None]
    fx = np.fft.fftfreq(w)[None, :]
    filt = np.exp(-((fx * scale_x) ** 2 + (fy * scale_y) ** 2) * 2.0)
    out = np.real(np.fft.ifft2(np.fft.fft2(white) * filt))
    out -= out.min()
    return out / max(out.max(), 1e-9)


def table_walnut(rng: np.random.Generator, size: int = 1024) -> np.ndarray:
    """Oiled walnut planks running along x, 8 to a repeat, each with its own tone and grain."""
    h = w = size
    planks = 8
    ys, xs = np.mgrid[0:h, 0:w].astype(float)
    plank = (ys * planks // h).astype(int)
    warp = periodic_noise(rng, (h, w), 90, 25)
    fine = periodic_noise(rng, (h, w), 60, 1.2)
    # Grain: stretched rings whose phase drifts along the plank; an integer number of waves per
    # repeat keeps the texture seamless across its edges.
    phase = rng.uniform(0, 2 * np.pi, planks)[plank]
    wave = np.sin(2 * np.pi * (ys * planks / h) * 9 + 2.4 * np.pi * warp + phase)
    grain = 0.5 + 0.5 * wave
    grain = grain ** 2.5
    tone = rng.uniform(0.85, 1.12, planks)[plank]
    light = np.array([0.36, 0.23, 0.14])
    dark = np.array([0.21, 0.13, 0.08])
    t = np.clip(0.4 * grain + 0.6 * fine, 0, 1)[..., None]
    img = (light * (1 - t) + dark * t) * tone[..., None]
    # Seams between planks: a thin dark groove.
    seam = np.abs(((ys + 0.5) * planks / h) % 1.0 - 0.0)
    seam = np.minimum(seam, 1.0 - seam) * h / planks
    img *= np.clip(seam / 2.0, 0.35, 1.0)[..., None]
    return np.clip(img, 0, 1)


def paper_fibre(rng: np.random.Generator, size: int = 256) -> np.ndarray:
    """Grey card-stock detail around 0.5: soft clouds plus fine fibres in every direction."""
    clouds = periodic_noise(rng, (size, size), 24, 24)
    fibres = periodic_noise(rng, (size, size), 1.0, 6) * 0.5 + periodic_noise(rng, (size, size), 6, 1.0) * 0.5
    g = 0.5 + 0.6 * (clouds - 0.5) + 0.8 * (fibres - 0.5)
    return np.repeat(np.clip(g, 0, 1)[..., None], 3, axis=2)


def screen_board(rng: np.random.Generator, size: int = 512) -> np.ndarray:
    """Blueprint-blue board for the player screens: mottled card with a faint drafting grid."""
    ys, xs = np.mgrid[0:size, 0:size].astype(float)
    mottle = periodic_noise(rng, (size, size), 40, 40)
    fibre = periodic_noise(rng, (size, size), 1.5, 1.5)
    base = np.array([0.13, 0.25, 0.47]) * (0.9 + 0.2 * mottle[..., None] + 0.1 * (fibre[..., None] - 0.5))
    cells = 16  # grid squares per repeat
    fx = np.abs(((xs + 0.5) * cells / size) % 1.0 - 0.5)
    fy = np.abs(((ys + 0.5) * cells / size) % 1.0 - 0.5)
    line = np.clip((np.maximum(fx, fy) - 0.46) / 0.04, 0, 1)[..., None]
    return np.clip(base * (1 - 0.35 * line) + np.array([0.75, 0.82, 0.92]) * 0.35 * line, 0, 1)


TEXTURES = {
    "table_walnut.png": table_walnut,
    "paper_fibre.png": paper_fibre,
    "screen_board.png": screen_board,
}


def write_png(path: Path, rgb: np.ndarray) -> None:
    """A plain 8-bit RGB PNG written with zlib, so this script needs numpy only."""
    img = (np.clip(rgb, 0, 1) * 255 + 0.5).astype(np.uint8)
    h, w = img.shape[:2]
    raw = b"".join(b"\x00" + img[y].tobytes() for y in range(h))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (len(data).to_bytes(4, "big") + kind + data
                + zlib.crc32(kind + data).to_bytes(4, "big"))

    header = w.to_bytes(4, "big") + h.to_bytes(4, "big") + bytes([8, 2, 0, 0, 0])
    tmp = path.with_suffix(".png.tmp")
    tmp.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                    + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
    tmp.replace(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for i, (name, make) in enumerate(TEXTURES.items()):
        # One generator per texture, so changing one texture leaves the others as they were.
        rng = np.random.default_rng([args.seed, i])
        write_png(args.out / name, make(rng))
        print(f"wrote {args.out / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
