"""How far apart colours look, to people with normal colour vision and without it.

``ciede2000`` is the CIE's colour difference of 2000 (Sharma, Wu and Dalal 2005, "The CIEDE2000
color-difference formula: implementation notes, supplementary test data and mathematical
observations"; tests/client/render/test_colour_vision.py checks it against their 34 pairs).
``simulate`` shows sRGB pixels as a full dichromat sees them: protanopia and deuteranopia by
Machado, Oliveira and Fernandes 2009, tritanopia by Brettel, Viénot and Mollon 1997 (Machado's
model is not meant for tritans), both from the ``daltonlens`` package (the test extra: it is
needed to measure, never to play); "grey" keeps only the luminance.

``benchmarks/colour_blind.py`` and tests/client/render/test_colour_blind.py measure the material
test scene with these (``commands.render.material_pixels`` finds each die's pixels).
"""

from __future__ import annotations

import numpy as np

# How each picture is seen: as drawn, by the three full dichromacies, and in greyscale.
VISIONS = ("normal", "protan", "deutan", "tritan", "grey")
SIMULATED = VISIONS[1:]

# sRGB (D65) to CIE XYZ, and the D65 white (IEC 61966-2-1).
_XYZ_FROM_LINEAR = np.array(
    [
        [0.4124564, 0.3575761, 0.1804375],
        [0.2126729, 0.7151522, 0.0721750],
        [0.0193339, 0.1191920, 0.9503041],
    ]
)
_WHITE = np.array([0.95047, 1.0, 1.08883])


def linear_from_srgb(rgb: np.ndarray) -> np.ndarray:
    """sRGB values 0..255 (any shape ending in 3) as linear light 0..1."""
    c = np.asarray(rgb, dtype=float) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def srgb_from_linear(lin: np.ndarray) -> np.ndarray:
    c = np.clip(np.asarray(lin, dtype=float), 0.0, 1.0)
    return 255.0 * np.where(c <= 0.0031308, c * 12.92, 1.055 * c ** (1 / 2.4) - 0.055)


def lab_from_srgb(rgb: np.ndarray) -> np.ndarray:
    """CIE L*a*b* (D65) of sRGB values 0..255 (any shape ending in 3)."""
    xyz = linear_from_srgb(rgb) @ _XYZ_FROM_LINEAR.T / _WHITE
    e = 216 / 24389
    f = np.where(xyz > e, np.cbrt(xyz), (24389 / 27 * xyz + 16) / 116)
    return np.stack(
        [116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])],
        axis=-1,
    )


def ciede2000(lab1: np.ndarray, lab2: np.ndarray) -> np.ndarray:
    """CIEDE2000 difference of L*a*b* colours (arrays ending in 3; kL = kC = kH = 1)."""
    L1, a1, b1 = np.moveaxis(np.asarray(lab1, dtype=float), -1, 0)
    L2, a2, b2 = np.moveaxis(np.asarray(lab2, dtype=float), -1, 0)
    c_mean7 = ((np.hypot(a1, b1) + np.hypot(a2, b2)) / 2) ** 7
    g = 0.5 * (1 - np.sqrt(c_mean7 / (c_mean7 + 25.0**7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = np.hypot(a1p, b1), np.hypot(a2p, b2)
    # Hue angles in degrees, 0 for a neutral colour (a' = b = 0).
    h1p = np.where((a1p == 0) & (b1 == 0), 0.0, np.degrees(np.arctan2(b1, a1p)) % 360)
    h2p = np.where((a2p == 0) & (b2 == 0), 0.0, np.degrees(np.arctan2(b2, a2p)) % 360)
    chroma = c1p * c2p
    dh = h2p - h1p
    dh = np.where(chroma == 0, 0.0, np.where(dh > 180, dh - 360, np.where(dh < -180, dh + 360, dh)))
    d_l = L2 - L1
    d_c = c2p - c1p
    d_h = 2 * np.sqrt(chroma) * np.sin(np.radians(dh / 2))
    l_mean = (L1 + L2) / 2
    c_mean = (c1p + c2p) / 2
    h_sum = h1p + h2p
    h_mean = np.where(
        chroma == 0,
        h_sum,
        np.where(
            np.abs(h1p - h2p) <= 180,
            h_sum / 2,
            np.where(h_sum < 360, (h_sum + 360) / 2, (h_sum - 360) / 2),
        ),
    )
    t = (
        1
        - 0.17 * np.cos(np.radians(h_mean - 30))
        + 0.24 * np.cos(np.radians(2 * h_mean))
        + 0.32 * np.cos(np.radians(3 * h_mean + 6))
        - 0.20 * np.cos(np.radians(4 * h_mean - 63))
    )
    d_theta = 30 * np.exp(-(((h_mean - 275) / 25) ** 2))
    c_mean7p = c_mean**7
    r_c = 2 * np.sqrt(c_mean7p / (c_mean7p + 25.0**7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / np.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * c_mean
    s_h = 1 + 0.015 * c_mean * t
    r_t = -np.sin(np.radians(2 * d_theta)) * r_c
    l, c, h = d_l / s_l, d_c / s_c, d_h / s_h
    return np.sqrt(l * l + c * c + h * h + r_t * c * h)


def simulate(rgb: np.ndarray, vision: str) -> np.ndarray:
    """sRGB pixels (uint8, any shape ending in 3) as seen with ``vision`` (one of ``VISIONS``)."""
    pixels = np.asarray(rgb, dtype=np.uint8)
    if vision == "normal":
        return pixels
    if vision == "grey":
        y = linear_from_srgb(pixels) @ _XYZ_FROM_LINEAR[1]
        return np.repeat(np.round(srgb_from_linear(y))[..., None], 3, axis=-1).astype(np.uint8)
    if vision not in VISIONS:
        raise ValueError(f"unknown vision {vision!r}: expected one of {', '.join(VISIONS)}")
    try:
        from daltonlens import simulate as dl
    except ImportError:
        raise ImportError(
            "simulating colour blindness needs daltonlens: pip install '.[test]'"
        ) from None

    kind = {
        "protan": dl.Deficiency.PROTAN,
        "deutan": dl.Deficiency.DEUTAN,
        "tritan": dl.Deficiency.TRITAN,
    }[vision]
    model = dl.Simulator_Brettel1997() if vision == "tritan" else dl.Simulator_Machado2009()
    image = pixels.reshape(-1, 1, 3)  # daltonlens takes an image, (rows, columns, 3)
    return np.asarray(model.simulate_cvd(image, kind, severity=1.0), dtype=np.uint8).reshape(
        pixels.shape
    )


def median_colours(
    img: np.ndarray, labels: np.ndarray, vision: str = "normal"
) -> dict[int, np.ndarray]:
    """Per label (>= 0) of ``labels`` (h, w), the per-channel median of the pixels of ``img``
    (h, w, 3) that carry it, after ``simulate(vision)``."""
    out = {}
    for label in sorted(int(v) for v in np.unique(labels) if v >= 0):
        out[label] = np.median(simulate(img[labels == label], vision).astype(float), axis=0)
    return out


def single_dice(labels: np.ndarray, dice) -> np.ndarray:
    """``labels`` of ``commands.render.dice_pixels`` as the material (an int) of each die that
    stands alone on its space, -1 elsewhere: the scene's one die of each material."""
    cells = [cell for cell, _level, _m in dice]
    table = np.array([int(m) if cells.count(cell) == 1 else -1 for cell, _level, m in dice] + [-1])
    return table[labels]  # labels -1 picks the last entry: -1


def pair_differences(colours: dict[int, np.ndarray]) -> dict[tuple[int, int], float]:
    """CIEDE2000 between every pair of the sRGB colours of ``colours``, keyed (lower, higher)."""
    keys = sorted(colours)
    labs = {k: lab_from_srgb(colours[k]) for k in keys}
    return {
        (a, b): float(ciede2000(labs[a], labs[b]))
        for i, a in enumerate(keys)
        for b in keys[i + 1 :]
    }
