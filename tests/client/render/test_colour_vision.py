"""The colour measures behind the colour-blind safe materials (client/render/colour_vision.py):
CIEDE2000 against the published test data, CIELAB of known colours, the dichromat simulations."""

from __future__ import annotations

import numpy as np
import pytest

from blueprints3d.client.render import colour_vision as cv

# Sharma, Wu and Dalal (2005), Table 1: the 34 pairs (L*a*b* 1, L*a*b* 2) and their CIEDE2000.
SHARMA_2005 = [
    ((50.0000, 2.6772, -79.7751), (50.0000, 0.0000, -82.7485), 2.0425),
    ((50.0000, 3.1571, -77.2803), (50.0000, 0.0000, -82.7485), 2.8615),
    ((50.0000, 2.8361, -74.0200), (50.0000, 0.0000, -82.7485), 3.4412),
    ((50.0000, -1.3802, -84.2814), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, -1.1848, -84.8006), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, -0.9009, -85.5211), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, 0.0000, 0.0000), (50.0000, -1.0000, 2.0000), 2.3669),
    ((50.0000, -1.0000, 2.0000), (50.0000, 0.0000, 0.0000), 2.3669),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0009), 7.1792),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0010), 7.1792),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0011), 7.2195),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0012), 7.2195),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0009, -2.4900), 4.8045),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0010, -2.4900), 4.8045),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0011, -2.4900), 4.7461),
    ((50.0000, 2.5000, 0.0000), (50.0000, 0.0000, -2.5000), 4.3065),
    ((50.0000, 2.5000, 0.0000), (73.0000, 25.0000, -18.0000), 27.1492),
    ((50.0000, 2.5000, 0.0000), (61.0000, -5.0000, 29.0000), 22.8977),
    ((50.0000, 2.5000, 0.0000), (56.0000, -27.0000, -3.0000), 31.9030),
    ((50.0000, 2.5000, 0.0000), (58.0000, 24.0000, 15.0000), 19.4535),
    ((50.0000, 2.5000, 0.0000), (50.0000, 3.1736, 0.5854), 1.0000),
    ((50.0000, 2.5000, 0.0000), (50.0000, 3.2972, 0.0000), 1.0000),
    ((50.0000, 2.5000, 0.0000), (50.0000, 1.8634, 0.5757), 1.0000),
    ((50.0000, 2.5000, 0.0000), (50.0000, 3.2592, 0.3350), 1.0000),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((63.0109, -31.0961, -5.8663), (62.8187, -29.7946, -4.0864), 1.2630),
    ((61.2901, 3.7196, -5.3901), (61.4292, 2.2480, -4.9620), 1.8731),
    ((35.0831, -44.1164, 3.7933), (35.0232, -40.0716, 1.5901), 1.8645),
    ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
    ((36.4612, 47.8580, 18.3852), (36.2715, 50.5065, 21.2231), 1.4146),
    ((90.8027, -2.0831, 1.4410), (91.1528, -1.6435, 0.0447), 1.4441),
    ((90.9257, -0.5406, -0.9208), (88.6381, -0.8985, -0.7239), 1.5381),
    ((6.7747, -0.2908, -2.4247), (5.8714, -0.0985, -2.2286), 0.6377),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
]


def test_ciede2000_gives_the_published_differences_of_all_34_pairs():
    lab1 = np.array([p[0] for p in SHARMA_2005])
    lab2 = np.array([p[1] for p in SHARMA_2005])
    want = np.array([p[2] for p in SHARMA_2005])
    np.testing.assert_allclose(cv.ciede2000(lab1, lab2), want, atol=5e-5)
    # Symmetric, and nothing between a colour and itself.
    np.testing.assert_allclose(cv.ciede2000(lab2, lab1), want, atol=5e-5)
    assert np.all(cv.ciede2000(lab1, lab1) == 0)
    assert float(cv.ciede2000(lab1[0], lab2[0])) == pytest.approx(
        2.0425, abs=5e-5
    )  # one pair alone


def test_cielab_of_known_srgb_colours():
    np.testing.assert_allclose(cv.lab_from_srgb([255, 255, 255]), (100, 0, 0), atol=1e-3)
    np.testing.assert_allclose(cv.lab_from_srgb([0, 0, 0]), (0, 0, 0), atol=1e-9)
    np.testing.assert_allclose(cv.lab_from_srgb([255, 0, 0]), (53.24, 80.09, 67.20), atol=0.02)
    np.testing.assert_allclose(cv.lab_from_srgb([0, 0, 255]), (32.30, 79.19, -107.86), atol=0.02)
    np.testing.assert_allclose(cv.lab_from_srgb([[128, 128, 128]]), [(53.59, 0, 0)], atol=0.02)


def test_the_simulations_keep_greys_and_fold_the_confused_colours_together():
    greys = np.array([[0, 0, 0], [128, 128, 128], [255, 255, 255]], np.uint8)
    for vision in cv.VISIONS:
        assert np.abs(cv.simulate(greys, vision).astype(int) - greys).max() <= 2, vision

    # The classic confusions: red and green for protans and deutans (their hues merge), blue
    # and green for tritans (greenish blue and green look alike), none in normal vision.
    def apart(a, b, vision):
        sim = cv.simulate(np.array([a, b], np.uint8), vision)
        return float(cv.ciede2000(cv.lab_from_srgb(sim[0]), cv.lab_from_srgb(sim[1])))

    orange, green = (230, 120, 40), (70, 160, 60)
    assert apart(orange, green, "normal") > 40
    assert apart(orange, green, "protan") < 12 and apart(orange, green, "deutan") < 12
    assert apart(orange, green, "tritan") > 30
    teal, blue = (40, 160, 150), (60, 140, 230)
    assert apart(teal, blue, "tritan") < apart(teal, blue, "normal") / 2
    # Greyscale keeps the luminance only.
    assert cv.simulate(np.array([[255, 0, 0]], np.uint8), "grey")[0].tolist() == [127, 127, 127]
    with pytest.raises(ValueError, match="vision"):
        cv.simulate(greys, "sepia")


def test_median_colours_and_pairs_by_label():
    img = np.zeros((2, 3, 3), np.uint8)
    img[0] = [(10, 20, 30), (12, 22, 32), (200, 0, 0)]
    img[1] = [(11, 21, 31), (0, 0, 255), (0, 0, 250)]
    labels = np.array([[0, 0, -1], [0, 1, 1]])
    med = cv.median_colours(img, labels)
    assert sorted(med) == [0, 1]
    assert med[0].tolist() == [11, 21, 31] and med[1].tolist() == [0, 0, 252.5]
    pairs = cv.pair_differences(med)
    assert list(pairs) == [(0, 1)] and pairs[(0, 1)] > 20
    # Only the dice alone on their space: cell 4 holds two here.
    dice = [(3, 0, 0), (4, 0, 2), (4, 1, 1)]
    got = cv.single_dice(np.array([[0, 1, 2, -1]]), dice)
    assert got.tolist() == [[0, -1, -1, -1]]
