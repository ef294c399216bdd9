#!/usr/bin/env python3
"""How far apart the four materials look to colour-blind eyes, in the material test scene.

    python benchmarks/colour_blind.py [--size 1280x720] [--no-shaders] [--symbols]

Renders `blueprints3d render --materials` offscreen (the still's full look, supersampled 2x),
takes the median colour of each die that stands alone on its space (wood, recycled, stone,
glass: ``commands.render.dice_pixels``, outlines left out) after simulating full protanopia and
deuteranopia (Machado 2009), tritanopia (Brettel 1997) or greyscale, and prints the CIEDE2000
difference of every pair (``client/render/colour_vision.py``). The goal: every pair
at least 20 apart under each of the three simulations; greyscale is printed for reference.
Needs the test extra (daltonlens): pip install '.[test]'.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

GOAL = 20.0


def size_arg(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not WxH") from None
    return w, h


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=size_arg, default=(1280, 720))
    parser.add_argument("--no-shaders", action="store_true", help="the plain-colour path")
    parser.add_argument(
        "--symbols", action="store_true", help="with the material symbols on the dice"
    )
    args = parser.parse_args(argv)

    from blueprints3d.client.render import colour_vision as cv, config, materials
    from blueprints3d.client.scene.showcase import material_test_build
    from blueprints3d.commands.render import dice_pixels
    from blueprints3d.engine.materials import Material

    config.MATERIAL_SYMBOLS.set_value(args.symbols)
    start = time.perf_counter()
    img, labels, dice = dice_pixels(
        material_test_build(), args.size, use_shaders=not args.no_shaders
    )
    seconds = time.perf_counter() - start
    singles = cv.single_dice(labels, dice)
    print(
        f"material test scene {args.size[0]}x{args.size[1]}, "
        f"{'plain colours' if args.no_shaders else 'shaders'}{', symbols' if args.symbols else ''} "
        f"(drawn in {seconds:.1f} s)"
    )
    print(
        "base colours: "
        + ", ".join(
            f"{m.label} {tuple(round(c, 3) for c in materials.BASE_COLOUR[m][:3])}"
            for m in Material
        )
    )
    medians = cv.median_colours(img, singles)
    print(
        "median die colours (sRGB): "
        + ", ".join(
            f"{Material(k).label} {tuple(int(round(c)) for c in v)}" for k, v in medians.items()
        )
    )
    table = {v: cv.pair_differences(cv.median_colours(img, singles, v)) for v in cv.VISIONS}
    pairs = list(table["normal"])
    names = [f"{Material(a).label}-{Material(b).label}" for a, b in pairs]
    width = max(len(n) for n in names) + 2
    print("CIEDE2000".ljust(width) + "".join(v.rjust(9) for v in cv.VISIONS))
    for pair, name in zip(pairs, names, strict=True):
        print(name.ljust(width) + "".join(f"{table[v][pair]:9.1f}" for v in cv.VISIONS))
    print("least".ljust(width) + "".join(f"{min(table[v].values()):9.1f}" for v in cv.VISIONS))
    worst = min(min(table[v].values()) for v in ("protan", "deutan", "tritan"))
    print(
        f"least under the three simulations: {worst:.1f} (goal >= {GOAL:g}: "
        f"{'met' if worst >= GOAL else 'NOT met'})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
