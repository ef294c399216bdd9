"""`blueprints3d score FILE`: score one building from a build file, in the player's language
(``--lang``, see blueprints3d/i18n)."""

from __future__ import annotations

import argparse
import json
import unicodedata

from blueprints3d.engine.materials import Material
from blueprints3d.engine.rules import (
    DIE_FACES,
    MATERIALS_SAME_COLOUR,
    SKYSCRAPER_HEIGHT,
    STRUCTURAL_SAME_VALUE,
)
from blueprints3d.engine.scoring import (
    Prize,
    explain_building,
)
from blueprints3d.files.buildfile import load_build
from blueprints3d.presentation.words import die_reason
from blueprints3d.i18n import N_, _, join_list, n_, number

HELP = N_("score a building from a build file (see README for the format)")

# The catalogues' ids for the engine's English names (so that a catalogue check sees them all).
MATERIAL_NAMES = {
    Material.WOOD: N_("wood"),
    Material.RECYCLED: N_("recycled"),
    Material.STONE: N_("stone"),
    Material.GLASS: N_("glass"),
}
PRIZE_TITLES = {
    Prize.SKYSCRAPER: N_("Skyscraper"),
    Prize.GEOMETER: N_("Geometer"),
    Prize.STRUCTURAL_INTEGRITY: N_("Structural Integrity"),
    Prize.MATERIALS: N_("Materials"),
}
PRIZE_RULE_IDS = {
    Prize.SKYSCRAPER: N_("a stack of {n} or more dice"),
    Prize.GEOMETER: N_("all six values 1-{n} among the building's dice"),
    Prize.STRUCTURAL_INTEGRITY: N_("{n} or more dice showing the same value"),
    Prize.MATERIALS: N_("{n} or more dice of the same material"),
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help=_("build file (JSON)"))
    parser.add_argument(
        "--json", action="store_true", help=_("print one JSON object instead of text")
    )


PRIZE_NUMBERS = {
    Prize.SKYSCRAPER: SKYSCRAPER_HEIGHT,
    Prize.GEOMETER: DIE_FACES,
    Prize.STRUCTURAL_INTEGRITY: STRUCTURAL_SAME_VALUE,
    Prize.MATERIALS: MATERIALS_SAME_COLOUR,
}


def _pad(text: str, width: int) -> str:
    """``text`` filled out to ``width`` terminal columns (a Chinese character takes two, a joiner none)."""
    cols = sum(
        0
        if unicodedata.category(ch) == "Cf"
        else 2
        if unicodedata.east_asian_width(ch) in "WF"
        else 1
        for ch in text
    )
    return text + " " * max(0, width - cols)


def _prize_rule(p: Prize) -> str:
    """PRIZE_RULES[p] in the player's language (a test checks the English is PRIZE_RULES')."""
    return _(PRIZE_RULE_IDS[p], n=PRIZE_NUMBERS[p])


def run(args: argparse.Namespace) -> int:
    build = load_build(args.file)
    score = build.score()
    if args.json:
        print(json.dumps(score.to_dict()))
        return 0
    bp = build.blueprint
    print(
        n_(
            "Blueprint {id} ({name}), {n} die",
            "Blueprint {id} ({name}), {n} dice",
            build.num_dice,
            id=bp.id,
            name=bp.name_message,
        )
    )
    for line in bp.grid():  # .: nothing printed
        print(
            "   "
            + " ".join(
                f"{'.' if h is None else number(h) if isinstance(h, int) else h!s:>2}" for h in line
            )
        )
    note = (
        _("followed exactly")
        if score.blueprint
        else _("not followed")
        if bp.has_plan
        else _("no height is printed: no plan to follow")
    )
    width = 15
    bonus = _("blueprint bonus")
    print(f"  {bonus} {number(score.blueprint):>3}  " + _("({note})", note=note))
    for m in Material:
        print(
            f"  {_pad(_(MATERIAL_NAMES[m]), width)} {number(getattr(score, MATERIAL_NAMES[m])):>3}"
        )
    total = _pad(_("total"), width)
    print(f"  {total} {number(score.total):>3}")
    n_green = sum(1 for s in build.stacks for m, _v in s if m == Material.RECYCLED)
    for d in explain_building(bp, build.stacks):
        row, col = divmod(d.cell, bp.cols)
        print(
            "    "
            + _(
                "{cell}, level {level}: {material} {value} -> {reason}",
                cell=_("row {row}, column {col}", row=row + 1, col=col + 1),
                level=d.level + 1,
                material=_(MATERIAL_NAMES[d.material]),
                value=d.value,
                reason=die_reason(d, n_green, len(build.stacks[d.cell])),
            )
        )
    won = [p for p in Prize if p in score.prizes]
    listed = join_list(
        [_("{prize} ({rule})", prize=_(PRIZE_TITLES[p]), rule=_prize_rule(p)) for p in won]
    )
    print("  " + _("prizes it qualifies for: {prizes}", prizes=listed if won else _("none")))
    return 0
