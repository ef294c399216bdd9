"""Build files: one building on one blueprint, as JSON (read by `score`, `render`, `view`).

    {"format": 1,
     "blueprint": {"grid": [[1, "X"], [2, 1], [2, "X"]]},   # or a card id: "B07" / {"id": "B07"}
     "stacks": [[["recycled:5"], []], ...]}                 # stacks[row][col], bottom to top

Reading (through ``jsonfile.read_json``: regular files of sensible size only) checks every rule a
finished building must obey and names the first fault it finds. Types are strict: the format is
the number 1, a die is ``"material:value"`` with one digit 1 to 6, a custom grid's id and name
are short text and its id is no deck card's. Writing goes to a temporary file renamed into place,
so a failed write never leaves half a file.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from typing import Any

from blueprints3d.engine.blueprints import (
    CUSTOM_NAME,
    Blueprint,
    card_by_id,
    placement_error,
    standard_deck,
)
from blueprints3d.engine.errors import CardDataError
from blueprints3d.files.errors import BuildFileError
from blueprints3d.engine.materials import COLOUR_NAMES, Material
from blueprints3d.engine.rules import DICE_PER_MATERIAL, DIE_FACES, TAKES_PER_ROUND
from blueprints3d.engine.scoring import Score, score_building
from blueprints3d.files.jsonfile import read_json, where, write_bytes_atomic
from blueprints3d.i18n.message import Message
from blueprints3d.text import shown

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
        bp_json: Any = (
            bp.id if _is_deck_card(bp) else {"grid": bp.grid(), "id": bp.id, "name": bp.name}
        )
        return {
            "format": FORMAT,
            "blueprint": bp_json,
            "stacks": [
                [
                    [f"{Material(m).label}:{v}" for m, v in self.stacks[r * bp.cols + c]]
                    for c in range(bp.cols)
                ]
                for r in range(bp.rows)
            ],
        }


def _is_deck_card(bp: Blueprint) -> bool:
    try:
        return card_by_id(bp.id) == bp
    except CardDataError:
        return False


_DIE = re.compile(rf"([A-Za-z]{{1,12}}):([1-{DIE_FACES}])")  # (one digit: the rules' faces)


def _cell(bp: Blueprint, cell: int) -> Message:
    """A space's name as a message (``row 1, column 2``, as ``Blueprint.cell_name`` says it)."""
    row, col = divmod(cell, bp.cols)
    return Message.of("row {row}, column {col}", row=row + 1, col=col + 1)


def parse_die(text: Any, where: str | Message) -> tuple[int, int]:
    """``"material:value"``, written plainly: a material's name, a colon, one digit 1 to 6."""
    m = _DIE.fullmatch(text) if isinstance(text, str) else None
    if m is None:
        if isinstance(text, str) and text.count(":") == 1:
            mat_s, val_s = text.split(":")
            if _DIE.fullmatch(f"{mat_s}:1"):
                if re.fullmatch(r"[1-9][0-9]{0,5}|0", val_s):
                    raise BuildFileError(
                        Message.of(
                            "{where}: a die shows 1 to 6, not {value}", where=where, value=val_s
                        )
                    )
                raise BuildFileError(
                    Message.of(
                        "{where}: a die's value is one digit 1 to 6, written plainly, not {value} (in {text})",
                        where=where,
                        value=shown(val_s),
                        text=shown(text),
                    )
                )
        raise BuildFileError(
            Message.of(
                '{where}: a die must be written "material:value", like "glass:3", not {text}',
                where=where,
                text=shown(text),
            )
        )
    try:
        mat = Material.parse(m.group(1))
    except ValueError:
        known = (
            ", ".join(m.label for m in Material) + " (or " + ", ".join(COLOUR_NAMES.values()) + ")"
        )
        raise BuildFileError(
            Message.of(
                "{where}: unknown material {name}: expected one of {known}",
                where=where,
                name=repr(m.group(1)),
                known=known,
            )
        ) from None
    return int(mat), int(m.group(2))


def _text_field(raw: dict[str, Any], key: str, default: str) -> str:
    value = raw.get(key, default)
    if not isinstance(value, str):
        raise BuildFileError(
            Message.of(
                'the blueprint\'s "{key}" must be text, not {value}', key=key, value=shown(value)
            )
        )
    return value


def _blueprint(raw: Any) -> Blueprint:
    try:
        if isinstance(raw, str):
            return _card(raw)
        if isinstance(raw, dict) and "grid" in raw:
            # A custom grid need not add up to 6: the sandbox allows blank and house-rule grids.
            bp = Blueprint.from_grid(
                raw["grid"],
                id=_text_field(raw, "id", "custom"),
                name=_text_field(raw, "name", CUSTOM_NAME),
                check_total=False,
            )
            card = next((c for c in standard_deck() if c.id == bp.id), None)
            if card is None:
                return bp
            if card.grid() != bp.grid():  # it would be shown and scored as that card
                raise BuildFileError(
                    Message.of(
                        "a custom grid may not take the id of deck card {id} "
                        '(its grid differs): give it another "id"',
                        id=bp.id,
                    )
                )
            return card
        if isinstance(raw, dict) and "id" in raw:
            return _card(_text_field(raw, "id", ""))
    except (
        CardDataError
    ) as e:  # a custom grid the card rules refuse: the engine's words (its Message)
        raise BuildFileError(e.said) from None
    raise BuildFileError(
        Message.of('"blueprint" must be a card id like "B07" or an object with a "grid"')
    )


def _card(card_id: str) -> Blueprint:
    """The deck card ``card_id``; a missing one said as card_by_id says it (its Message)."""
    try:
        return card_by_id(card_id)
    except CardDataError as e:
        raise BuildFileError(e.said) from None


def build_from_dict(data: Any) -> Build:
    """A Build from parsed JSON, or BuildFileError naming the first problem."""
    _check_header(data)
    bp = _blueprint(data["blueprint"])
    rows = data["stacks"]
    if (
        not isinstance(rows, list)
        or len(rows) != bp.rows
        or not all(isinstance(r, list) and len(r) == bp.cols for r in rows)
    ):
        raise BuildFileError(
            Message.of(
                '"stacks" must have {rows} rows of {cols} spaces each, like the blueprint\'s grid',
                rows=bp.rows,
                cols=bp.cols,
            )
        )
    stacks = [
        _stack(bp, r * bp.cols + c, stack)
        for r, row in enumerate(rows)
        for c, stack in enumerate(row)
    ]
    _check_dice_counts(stacks)
    return Build(bp, tuple(stacks))


def _check_header(data: Any) -> None:
    """One JSON object of this format, with a blueprint and stacks."""
    if not isinstance(data, dict):
        raise BuildFileError(Message.of("a build file must hold one JSON object"))
    if type(data.get("format")) is not int or data["format"] != FORMAT:
        raise BuildFileError(
            Message.of(
                "unknown build file format {value} "
                "(this version reads format {format}, written as the number {format})",
                value=shown(data.get("format")),
                format=str(FORMAT),
            )
        )  # as written: Latin digits
    if "blueprint" not in data:
        raise BuildFileError(Message.of('the build file has no "blueprint"'))
    if "stacks" not in data:
        raise BuildFileError(Message.of('the build file has no "stacks"'))


def _stack(bp: Blueprint, cell: int, stack: Any) -> tuple[tuple[int, int], ...]:
    """The dice of one space, bottom to top, each placed as the rules allow."""
    where = _cell(bp, cell)
    if not isinstance(stack, list):
        raise BuildFileError(
            Message.of("{where}: a stack must be a list of dice, bottom to top", where=where)
        )
    dice = [parse_die(d, where) for d in stack]
    for i, (_, value) in enumerate(dice):
        top = dice[i - 1][1] if i else None
        if placement_error(bp, top, value, cell):  # the rule's one statement
            raise BuildFileError(
                Message.of("{where} is hatched: no die may ever be placed there", where=where)
                if top is None or bp.is_hatched(cell)
                else Message.of(
                    "a {value} cannot go on a {top} at {where}: only an equal or higher value may go on top",
                    value=value,
                    top=top,
                    where=where,
                )
            )
    return tuple(dice)


def _check_dice_counts(stacks: list[tuple[tuple[int, int], ...]]) -> None:
    """No more dice than a player takes in a round, nor of a material than the game has."""
    total = sum(len(s) for s in stacks)
    if total > TAKES_PER_ROUND:
        raise BuildFileError(
            Message.of(
                "the building has {n} dice; a player takes only {most} in a round",
                n=total,
                most=TAKES_PER_ROUND,
            )
        )
    per_material = [0] * len(Material)
    for s in stacks:
        for m, _ in s:
            per_material[m] += 1
    for m, n in enumerate(per_material):
        if n > DICE_PER_MATERIAL:
            raise BuildFileError(
                Message.of(
                    "the building has {n} {material} dice; the game has only {most}",
                    n=n,
                    material=Message.of(Material(m).label),
                    most=DICE_PER_MATERIAL,
                )
            )


def load_build(path: str | os.PathLike[str]) -> Build:
    data = read_json(path, BuildFileError, "build file")
    try:
        return build_from_dict(data)
    except BuildFileError as e:
        raise BuildFileError(
            Message.of("{file}: {error}", file=where(path), error=e.said)
        ) from None


def build_bytes(build: Build) -> bytes:
    """The build file of ``build``, as written."""
    return (json.dumps(build.to_dict(), indent=1) + "\n").encode("utf-8")


def save_build(path: str | os.PathLike[str], build: Build) -> None:
    write_bytes_atomic(path, build_bytes(build))
