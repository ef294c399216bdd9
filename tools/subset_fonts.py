"""Make the fonts the program ships for Chinese and Persian, from their OFL sources.

- Chinese: Noto Sans CJK SC (16 MB whole, as a face of Debian's fonts-noto-cjk collection
  NotoSansCJK-Regular.ttc), cut down to what Simplified Chinese text needs: the 3,755 common
  characters (GB 2312 level 1), every character of the Chinese catalogue, ASCII, Latin-1,
  general punctuation, CJK symbols and full-width forms. About 1.8 MB.
- Persian: Vazirmatn Regular (the npm package vazirmatn, fonts/ttf/Vazirmatn-Regular.ttf),
  copied whole: 120 KB, it needs no cutting.

    apt-get install fonts-noto-cjk && npm pack vazirmatn && tar xzf vazirmatn-*.tgz
    pip install fonttools
    python3 tools/subset_fonts.py --noto /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc \\
        --vazirmatn package/fonts/ttf/Vazirmatn-Regular.ttf

Run it again when the Chinese catalogue gains characters: tests/client/scene/test_script_text.py
fails when a character of the catalogue has no glyph in the shipped font.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "blueprints3d" / "client" / "scene" / "fonts"
CATALOGUE = ROOT / "blueprints3d" / "locale" / "zh" / "LC_MESSAGES" / "blueprints3d.po"
CJK_OUT = FONTS / "NotoSansSC-Subset.otf"
PERSIAN_OUT = FONTS / "Vazirmatn-Regular.ttf"


def gb2312_level1() -> str:
    """The 3,755 characters of GB 2312's first level (rows 16 to 55, the last one 89 long)."""
    out = []
    for row in range(0xB0, 0xD8):
        for cell in range(0xA1, 0xFF):
            try:
                out.append(bytes([row, cell]).decode("gb2312"))
            except UnicodeDecodeError:
                continue
    return "".join(out)


def wanted_characters() -> str:
    chars = set(gb2312_level1())
    chars |= set(CATALOGUE.read_text("utf-8"))
    for lo, hi in (
        (0x20, 0x7E),
        (0xA0, 0xFF),
        (0x2000, 0x206F),
        (0x2190, 0x21FF),
        (0x3000, 0x303F),
        (0xFF00, 0xFFEF),
    ):
        chars |= {chr(c) for c in range(lo, hi + 1)}
    return "".join(sorted(c for c in chars if c.isprintable() or c == " "))


def subset_cjk(collection: Path, out: Path) -> int:
    from fontTools import subset
    from fontTools.ttLib import TTCollection

    faces = TTCollection(str(collection)).fonts
    face = next(i for i, f in enumerate(faces) if f["name"].getDebugName(4) == "Noto Sans CJK SC")
    options = subset.Options()
    options.font_number = face
    options.layout_features = ["*"]  # keep the shaping features HarfBuzz uses
    options.name_languages = ["*"]
    options.notdef_outline = True
    font = subset.load_font(str(collection), options)
    subsetter = subset.Subsetter(options)
    text = wanted_characters()
    subsetter.populate(text=text)
    subsetter.subset(font)
    subset.save_font(font, str(out), options)
    return len(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--noto", type=Path, required=True, help="NotoSansCJK-Regular.ttc")
    parser.add_argument("--vazirmatn", type=Path, required=True, help="Vazirmatn-Regular.ttf")
    args = parser.parse_args(argv)
    n = subset_cjk(args.noto, CJK_OUT)
    print(f"wrote {CJK_OUT}: {n} characters, {CJK_OUT.stat().st_size:,} bytes")
    shutil.copyfile(args.vazirmatn, PERSIAN_OUT)
    print(f"wrote {PERSIAN_OUT}: {PERSIAN_OUT.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
