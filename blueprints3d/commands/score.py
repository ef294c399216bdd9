"""`blueprints3d score FILE`: score one building from a build file."""

from __future__ import annotations

import argparse
import json

from blueprints3d.files.buildfile import load_build
from blueprints3d.engine.scoring import PRIZE_RULES, Prize, explain_building

HELP = "score a building from a build file (see README for the format)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="build file (JSON)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")


def run(args: argparse.Namespace) -> int:
    build = load_build(args.file)
    score = build.score()
    if args.json:
        print(json.dumps(score.to_dict()))
        return 0
    bp = build.blueprint
    print(f"Blueprint {bp.id} ({bp.name}), {build.num_dice} dice")
    for row in bp.grid():
        print("   " + " ".join(f"{'.' if h is None else h!s:>2}" for h in row))   # .: nothing printed
    note = ("followed exactly" if score.blueprint else "not followed" if bp.has_plan else
            "no height is printed: no plan to follow")
    print(f"  blueprint bonus {score.blueprint:>3}  ({note})")
    for name in ("wood", "recycled", "stone", "glass"):
        print(f"  {name:<15} {getattr(score, name):>3}")
    print(f"  {'total':<15} {score.total:>3}")
    for d in explain_building(bp, build.stacks):
        print(f"    {bp.cell_name(d.cell)}, level {d.level + 1}: {d.material.label} {d.value} -> {d.reason}")
    won = [p for p in Prize if p in score.prizes]
    print("  prizes it qualifies for: " + (", ".join(f"{p.title} ({PRIZE_RULES[p]})" for p in won) if won else "none"))
    return 0
