"""What a blueprint card's face costs: loading a deck card's baked face, and drawing a custom grid
at run time (first time, new glyphs to rasterise; and again, glyphs cached). Prints medians.

    python3 benchmarks/card_faces.py [--runs 24]

No window is needed: the face is an image and a texture in memory (the GPU upload happens at the
first frame that shows the card, the same for both).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from blueprints3d.client.render import assets  # noqa: E402
from blueprints3d.client.scene import card_model  # noqa: E402
from blueprints3d.engine.blueprints import Blueprint, standard_deck  # noqa: E402


def _ms(fn) -> float:
    t = time.perf_counter()
    fn()
    return 1000 * (time.perf_counter() - t)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=24)
    args = parser.parse_args(argv)
    deck = standard_deck()
    baked = []
    for i in range(args.runs):
        bp = deck[i % len(deck)]
        assets.load_texture.cache_clear()
        card_model.forget_card_textures()
        baked.append(_ms(lambda bp=bp: card_model.card_texture(bp)))
    grids = [
        [
            [1 + (r + c + k) % 6 if (r * 3 + c + k) % 4 else "X" for c in range(2 + k % 3)]
            for r in range(2 + (k // 3) % 3)
        ]
        for k in range(args.runs + 1)
    ]  # the first one warms up
    customs = [
        Blueprint.from_grid(g, id=f"C{k}", name=f"Custom {k}", check_total=False)
        for k, g in enumerate(grids)
    ]
    first = _ms(lambda: card_model.card_texture(customs[0]))
    drawn = [_ms(lambda bp=bp: card_model.card_texture(bp)) for bp in customs[1:]]
    print(f"deck card, baked face loaded from textures/: median {statistics.median(baked):6.1f} ms")
    print(f"custom grid, first drawn (font glyphs made): {first:6.1f} ms")
    print(
        f"custom grid, drawn at run time:       median {statistics.median(drawn):6.1f} ms  "
        f"(max {max(drawn):.1f}, {len(drawn)} grids from 2x2 to 4x4)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
