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


def periodic_noise(
    rng: np.random.Generator, shape: tuple[int, int], scale_x: float, scale_y: float
) -> np.ndarray:
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


# The walnut's real scale: one repeat of table_walnut.png covers WALNUT_REPEAT_CM (its entry in
# client/render/textures.py SURFACE_TEXTURE must say the same), BOARDS boards side by side.
WALNUT_SIZE = 1024
WALNUT_REPEAT_CM = 96.0
WALNUT_BOARDS = 8  # 12 cm wide boards
# The felt's nap: one repeat of felt_nap.png covers FELT_REPEAT_CM.
FELT_SIZE = 128
FELT_REPEAT_CM = 8.0  # 16 px a cm: fibres about 0.6 mm, finer than the screen shows


def table_walnut(rng: np.random.Generator, size: int = WALNUT_SIZE) -> np.ndarray:
    """Oiled walnut boards running along x, WALNUT_BOARDS to a repeat (12 cm each), every board
    in two or three lengths butted end to end at staggered joints; each length has its own tone,
    its own figure (grain lines arching along it) and dark pores in dashes."""
    h = w = size
    boards = WALNUT_BOARDS
    bh = h // boards
    ys, xs = np.mgrid[0:h, 0:w].astype(float)
    board = (ys // bh).astype(int)
    yb = (ys + 0.5 - board * bh) / bh  # 0..1 across a board
    # End joints: each board is cut into lengths at staggered places (periodic along x).
    seg_id = np.zeros((h, w), int)
    joint_dist = np.full((h, w), 1e9)
    for b in range(boards):
        cuts = int(rng.integers(2, 4))
        start = rng.uniform(0, w)
        lengths = rng.uniform(0.7, 1.3, cuts)
        joints = (start + np.cumsum(np.concatenate([[0.0], lengths[:-1]])) / lengths.sum() * w) % w
        rows = slice(b * bh, (b + 1) * bh)
        x = xs[rows]
        rel = (x[..., None] - joints[None, None, :]) % w  # distance past each joint
        seg_id[rows] = b * 4 + np.argmin(rel, axis=-1)
        d = np.abs(((x[..., None] - joints + w / 2) % w) - w / 2)
        joint_dist[rows] = d.min(axis=-1)
    n_seg = boards * 4
    tone = rng.uniform(0.82, 1.15, n_seg)[seg_id]
    hue = rng.uniform(-0.04, 0.04, n_seg)[seg_id]
    # Figure: grain lines that arch slowly along the length (flat-sawn "cathedrals").
    centre = rng.uniform(0.2, 0.8, n_seg)[seg_id]
    arch_len = w / rng.integers(2, 5, n_seg)[seg_id]  # whole arches a repeat: it tiles
    arch_phase = rng.uniform(0, 2 * np.pi, n_seg)[seg_id]
    rings = rng.uniform(5.0, 9.0, n_seg)[seg_id]  # grain lines across a board
    warp = periodic_noise(rng, (h, w), 120, 30)
    arch = 0.35 * np.cos(2 * np.pi * xs / arch_len + arch_phase)
    r = np.abs(yb - centre + 0.15 * (warp - 0.5)) + 0.25 * arch
    wave = 0.5 + 0.5 * np.sin(2 * np.pi * r * rings)
    lines = wave**6  # thin dark late-wood lines
    streak = periodic_noise(rng, (h, w), 80, 1.0)  # fine fibre streaks along the board
    pores = np.clip((periodic_noise(rng, (h, w), 6, 0.8) - 0.72) / 0.1, 0, 1)
    light = np.array([0.40, 0.26, 0.155])
    dark = np.array([0.19, 0.11, 0.065])
    t = np.clip(0.32 * lines + 0.5 * streak + 0.3 * pores, 0, 1)[..., None]
    img = (light * (1 - t) + dark * t) * tone[..., None]
    img[..., 0] *= 1 + hue
    img[..., 2] *= 1 - hue
    # The joints: a thin dark groove between boards (along x) and at the butt joints.
    seam = np.minimum(yb, 1 - yb) * bh
    groove = np.minimum(np.clip(seam / 1.5, 0.3, 1.0), np.clip(joint_dist / 1.2, 0.4, 1.0))
    img *= groove[..., None]
    return np.clip(img, 0, 1)


def felt_nap(rng: np.random.Generator, size: int = FELT_SIZE) -> np.ndarray:
    """The felt's nap as a near-white grey (it multiplies the felt's colour): fine fibres
    criss-crossing, a faint mottle of the nap's direction, mean about 0.94, small amplitude.
    Pure noise (no periodic pattern): sampled without mipmaps at the table (they cost a tenth
    of the frame on a software renderer) it can only alias into noise, never into moiré."""
    fibres = (
        periodic_noise(rng, (size, size), 0.8, 3.0)
        + periodic_noise(rng, (size, size), 3.0, 0.8)
        + periodic_noise(rng, (size, size), 0.7, 0.7)
    ) / 3.0
    mottle = periodic_noise(rng, (size, size), 40, 40)
    f = (fibres - fibres.mean()) / max(fibres.std(), 1e-9)
    m = (mottle - mottle.mean()) / max(mottle.std(), 1e-9)
    g = 0.94 + 0.028 * f + 0.015 * m
    return np.repeat(np.clip(g, 0, 1)[..., None], 3, axis=2)


def paper_fibre(rng: np.random.Generator, size: int = 256) -> np.ndarray:
    """Grey card-stock detail around 0.5: soft clouds plus fine fibres in every direction."""
    clouds = periodic_noise(rng, (size, size), 24, 24)
    fibres = (
        periodic_noise(rng, (size, size), 1.0, 6) * 0.5
        + periodic_noise(rng, (size, size), 6, 1.0) * 0.5
    )
    g = 0.5 + 0.6 * (clouds - 0.5) + 0.8 * (fibres - 0.5)
    return np.repeat(np.clip(g, 0, 1)[..., None], 3, axis=2)


CLOTH_SIZE = 128
CLOTH_REPEAT_CM = 2.0  # 16 threads a repeat: 0.125 cm threads, a coarse cotton


def bag_cloth(rng: np.random.Generator, size: int = CLOTH_SIZE) -> np.ndarray:
    """The bag's cloth as a near-white grey (it multiplies the bag's colour): a plain weave of
    16 threads a repeat each way, over and under, with slubs (threads thicker here and there)."""
    threads = 16
    ys, xs = np.mgrid[0:size, 0:size].astype(float)
    px = (xs + 0.5) * threads / size
    py = (ys + 0.5) * threads / size
    over = ((np.floor(px) + np.floor(py)) % 2).astype(bool)  # which thread lies on top
    across = np.sin(np.pi * (px % 1.0))  # bulge across a warp thread
    along = np.sin(np.pi * (py % 1.0))  # and across a weft thread
    slub = (
        periodic_noise(rng, (size, size), 1.0, 12.0) * 0.5
        + periodic_noise(rng, (size, size), 12.0, 1.0) * 0.5
    )
    shade = np.where(over, across, along) ** 0.6
    g = 0.72 + 0.24 * shade + 0.10 * (slub - 0.5)
    return np.repeat(np.clip(g, 0, 1)[..., None], 3, axis=2)


# A screen's board: SCREEN_W_CM wide, SCREEN_H_CM high (client/table/model/layout.py). The screen
# shader maps the board's face by its model x, z over one repeat (SURFACE_TEXTURE["screen"] =
# SCREEN_W_CM): x = 0 (the middle) falls on the texture's left edge, the board's ends on its
# middle column, and z = 0..SCREEN_H_CM on the lower half of the picture.
SCREEN_W_CM = 18.0
SCREEN_H_CM = 9.0
SCREEN_SIZE = 512


def screen_layout(size: int = SCREEN_SIZE) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The board face's cm coordinates at each texel: (x from the middle, z from the foot, on the
    face: z <= SCREEN_H_CM)."""
    ys, xs = np.mgrid[0:size, 0:size].astype(float)
    u = (xs + 0.5) / size  # texture s
    v = 1.0 - (ys + 0.5) / size  # texture t (image row 0 is the top)
    x = ((u + 0.5) % 1.0 - 0.5) * SCREEN_W_CM  # the wrap puts the board's middle at s=0
    z = v * SCREEN_W_CM
    return x, z, z <= SCREEN_H_CM


def screen_board(rng: np.random.Generator, size: int = SCREEN_SIZE) -> np.ndarray:
    """Printed cardboard for the player screens. The shader tints it with the seat's colour by
    its brightness (mean about 0.24): kraft board with fibres and a mottle, a printed border (a
    dark band and a light rule inside it, 0.6 cm in from the edge) and, high in the middle, the
    game's mark (a stack of three dice drawn isometrically, light lines), symmetric so that it
    reads the same from either side of the board."""
    x, z, face = screen_layout(size)
    mottle = periodic_noise(rng, (size, size), 30, 30)
    fibre = periodic_noise(rng, (size, size), 1.2, 1.2)
    kraft = np.array([0.30, 0.235, 0.16])  # brightness 0.24: the seat's own colour
    base = kraft * (0.92 + 0.16 * mottle[..., None] + 0.12 * (fibre[..., None] - 0.5))
    # Distance (cm) inside the board's edge.
    inset = np.minimum(SCREEN_W_CM / 2 - np.abs(x), np.minimum(z, SCREEN_H_CM - z))
    px = SCREEN_W_CM / size  # cm a texel
    band = np.clip((0.45 - np.abs(inset - 0.55)) / px, 0, 1)  # the dark printed band
    rule = np.clip((0.05 - np.abs(inset - 1.25)) / px + 0.5, 0, 1)  # a light rule inside it
    # The mark: three cubes in a stack, drawn as isometric outlines round (0, 6.2) cm.
    mark = np.zeros_like(x)
    c30, s30 = np.cos(np.pi / 6), 0.5
    for k in range(3):
        cz = 4.9 + 1.15 * k
        for ax, az, bx, bz in (
            (0, 0, c30, s30),
            (0, 0, -c30, s30),
            (0, 0, 0, -1),
            (c30, s30, 0, 1),
            (-c30, s30, 0, 1),
            (c30, s30, c30, -s30),
            (-c30, s30, -c30, -s30),
            (0, -1, c30, -s30),
            (0, -1, -c30, -s30),
        ):
            r = 0.66
            p0 = np.array([ax * r, cz + az * r])
            p1 = np.array([bx * r, cz + bz * r])
            d = p1 - p0
            t = np.clip(((x - p0[0]) * d[0] + (z - p0[1]) * d[1]) / (d @ d), 0, 1)
            dist = np.hypot(x - p0[0] - t * d[0], z - p0[1] - t * d[1])
            mark = np.maximum(mark, np.clip((0.06 - dist) / px + 0.5, 0, 1))
    light = 1.55 * base  # the light ink: a paler seat colour
    img = base * (1 - 0.55 * band[..., None])
    img = img * (1 - rule[..., None]) + light * rule[..., None]
    img = img * (1 - mark[..., None]) + light * mark[..., None]
    img = np.where(face[..., None], img, base)
    return np.clip(img, 0, 1)


TEXTURES = {
    "table_walnut.png": table_walnut,
    "paper_fibre.png": paper_fibre,
    "screen_board.png": screen_board,
    "felt_nap.png": felt_nap,
    "bag_cloth.png": bag_cloth,
}


def write_png(path: Path, rgb: np.ndarray) -> None:
    """A plain 8-bit RGB PNG written with zlib, so this script needs numpy only."""
    img = (np.clip(rgb, 0, 1) * 255 + 0.5).astype(np.uint8)
    h, w = img.shape[:2]
    raw = b"".join(b"\x00" + img[y].tobytes() for y in range(h))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            len(data).to_bytes(4, "big") + kind + data + zlib.crc32(kind + data).to_bytes(4, "big")
        )

    header = w.to_bytes(4, "big") + h.to_bytes(4, "big") + bytes([8, 2, 0, 0, 0])
    tmp = path.with_suffix(".png.tmp")
    tmp.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )
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
