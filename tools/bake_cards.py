#!/usr/bin/env python3
"""Bake the printed faces of the 24 deck blueprint cards into textures/cards/<id>.png, and the
band beside each grid with the card's isometric drawing into textures/cards/<id>-drawing.png.

    python tools/bake_cards.py [--out textures/cards]

The faces are drawn by ``card_model.card_face_image`` and ``drawing_face_image``, the same code that draws a custom grid
at run time, in DejaVu Sans (client/scene/fonts); the client loads these files instead of drawing the
deck's cards. Deterministic: rerunning gives the same pixels (tests/client/render/test_assets.py checks the
committed files against the drawing code).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout: the package beside this folder

from panda3d.core import Filename  # noqa: E402

from blueprints3d.client.scene import card_model  # noqa: E402
from blueprints3d.engine.blueprints import standard_deck  # noqa: E402


def bake(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for bp in standard_deck():
        for name, rgb in (
            (bp.id, card_model.card_face_image(bp)),
            (f"{bp.id}-drawing", card_model.drawing_face_image(bp)),
        ):
            path = out / f"{name}.png"
            tmp = out / f"tmp-{name}.png"
            if not card_model.face_texture(rgb).write(Filename.from_os_specific(str(tmp))):
                raise OSError(f"cannot write {tmp}")
            tmp.replace(path)
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "textures" / "cards")
    args = parser.parse_args(argv)
    for path in bake(args.out):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
