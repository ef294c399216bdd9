"""Build files: one building on one blueprint, as JSON (read by `score`, `render`, `view`).

    {"format": 1,
     "blueprint": {"grid": [[1, "X"], [2, 1], [2, "X"]]},   # or a card id: "B07" / {"id": "B07"}
     "stacks": [[["recycled:5"], []], ...]}                 # stacks[row][col], bottom to top

Reading checks every rule a finished building must obey and names the first fault it finds.
Writing goes to a temporary file renamed into place, so a failed write never leaves half a file.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from blueprints3d.engine.blueprints import Blueprint, card_by_id, placement_error
from blueprints3d.engine.errors import BlueprintsError, BuildFileError, CardDataError
from blueprints3d.engine.materials import DICE_PER_MATERIAL, Material
from blueprints3d.engine.rules import TAKES_PER_ROUND
from blueprints3d.engine.scoring import Score, score_building

FORMAT = 1


@dataclass(frozen=True)
class Build:
    blueprint: Blueprint
    stacks: tuple[tuple[tuple[int, int], ...], ...]  # per cell, (material, value) bottom to top

    def score(self) -> Score:
        return score_building(self.blueprint, self.stacks)

    @property
    def num_dice(self) -> int:
        return sum(len(s) for s in self.stacks)

    def to_dict(self) -> dict[str, Any]:
        bp = self.blueprint
        bp_json: Any = bp.id if _is_deck_card(bp) else {"grid": bp.grid()}
        return {"format": FORMAT, "blueprint": bp_json,
                "stacks": [[[f"{Material(m).label}:{v}" for m, v in self.stacks[r * bp.cols + c]]
                            for c in range(bp.cols)] for r in range(bp.rows)]}


def _is_deck_card(bp: Blueprint) -> bool:
    try:
        return card_by_id(bp.id) == bp
    except CardDataError:
        return False


def parse_die(text: Any, where: str) -> tuple[int, int]:
    if not isinstance(text, str) or text.count(":") != 1:
        raise BuildFileError(f"{where}: a die must be written \"material:value\", like \"glass:3\", not {text!r}")
    mat_s, val_s = text.split(":")
    try:
        mat = Material.parse(mat_s)
    except ValueError as e:
        raise BuildFileError(f"{where}: {e}") from None
    try:
        val = int(val_s.strip())
    except ValueError:
        raise BuildFileError(f"{where}: the value of {text!r} is not a number") from None
    if not 1 <= val <= 6:
        raise BuildFileError(f"{where}: a die shows 1 to 6, not {val}")
    return int(mat), val


def _blueprint(raw: Any) -> Blueprint:
    try:
        if isinstance(raw, str):
            return card_by_id(raw)
        if isinstance(raw, dict) and "grid" in raw:
            # A custom grid need not add up to 6: the sandbox allows blank and house-rule grids.
            return Blueprint.from_grid(raw["grid"], id=str(raw.get("id", "custom")),
                                       name=str(raw.get("name", "Custom blueprint")), check_total=False)
        if isinstance(raw, dict) and "id" in raw:
            return card_by_id(str(raw["id"]))
    except CardDataError as e:
        raise BuildFileError(str(e)) from None
    raise BuildFileError("\"blueprint\" must be a card id like \"B07\" or an object with a \"grid\"")


def build_from_dict(data: Any) -> Build:
    """A Build from parsed JSON, or BuildFileError naming the first problem."""
    if not isinstance(data, dict):
        raise BuildFileError("a build file must hold one JSON object")
    if data.get("format") != FORMAT:
        raise BuildFileError(f"unknown build file format {data.get('format')!r} (this version reads format {FORMAT})")
    if "blueprint" not in data:
        raise BuildFileError("the build file has no \"blueprint\"")
    if "stacks" not in data:
        raise BuildFileError("the build file has no \"stacks\"")
    bp = _blueprint(data["blueprint"])
    rows = data["stacks"]
    if not isinstance(rows, list) or len(rows) != bp.rows or not all(
            isinstance(r, list) and len(r) == bp.cols for r in rows):
        raise BuildFileError(f"\"stacks\" must have {bp.rows} rows of {bp.cols} spaces each, like the blueprint's grid")
    stacks: list[tuple[tuple[int, int], ...]] = []
    per_material = [0] * len(Material)
    for r, row in enumerate(rows):
        for c, stack in enumerate(row):
            where = bp.cell_name(r * bp.cols + c)
            if not isinstance(stack, list):
                raise BuildFileError(f"{where}: a stack must be a list of dice, bottom to top")
            dice = [parse_die(d, where) for d in stack]
            for i, (_, value) in enumerate(dice):
                error = placement_error(bp, dice[i - 1][1] if i else None, value, r * bp.cols + c)
                if error:
                    raise BuildFileError(error)
            for m, _ in dice:
                per_material[m] += 1
            stacks.append(tuple(dice))
    total = sum(len(s) for s in stacks)
    if total > TAKES_PER_ROUND:
        raise BuildFileError(f"the building has {total} dice; a player takes only {TAKES_PER_ROUND} in a round")
    for m, n in enumerate(per_material):
        if n > DICE_PER_MATERIAL:
            raise BuildFileError(f"the building has {n} {Material(m).label} dice; the game has only {DICE_PER_MATERIAL}")
    return Build(bp, tuple(stacks))


def read_json(path: str | os.PathLike[str], error: type[BlueprintsError], what: str) -> Any:
    """Parse the JSON file at ``path``; any failure raises ``error`` with one line naming it."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise error(f"{p}: no such {what}") from None
    except IsADirectoryError:
        raise error(f"{p}: is a directory, not a {what}") from None
    except (OSError, UnicodeDecodeError) as e:
        raise error(f"{p}: cannot be read ({e.__class__.__name__})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise error(f"{p}: not valid JSON, the file is damaged or truncated "
                    f"({e.msg}: line {e.lineno}, column {e.colno})") from None


def load_build(path: str | os.PathLike[str]) -> Build:
    data = read_json(path, BuildFileError, "file")
    try:
        return build_from_dict(data)
    except BuildFileError as e:
        raise BuildFileError(f"{Path(path)}: {e}") from None


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder, renamed into
    place: a crash or a kill leaves either the old file or the new one, never half of one."""
    p = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, p)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def save_build(path: str | os.PathLike[str], build: Build) -> None:
    write_atomic(path, json.dumps(build.to_dict(), indent=1) + "\n")
