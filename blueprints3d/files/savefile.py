"""Save files: a game in progress or finished, as JSON, written atomically.

A save holds the game's settings, its move log, a snapshot of the state and a checksum. Loading
replays the log from the seed (the only source of randomness) and insists that the replay gives
exactly the saved snapshot: a file whose log and state disagree has been tampered with or
damaged, and is refused with a message naming what is wrong. Loading never changes the file.
"""

from __future__ import annotations

import hashlib
import json
import os
from typing import Any

from blueprints3d.engine import actions as A
from blueprints3d.files.jsonfile import first_difference, read_json, same_json, write_bytes_atomic
from blueprints3d.files.jsonfile import where as file_where
from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.files.errors import SaveFileError
from blueprints3d.i18n.message import Message
from blueprints3d.engine.state import GameState
from blueprints3d.text import NAME_LENGTH, clean_name, shown

FORMAT = 1
KIND = "blueprints3d-save"


def action_to_json(action: int) -> dict[str, Any]:
    k = A.decode(action)
    out: dict[str, Any] = {"action": k.kind.value, "die": k.die}
    if k.cell is not None:
        out["cell"] = k.cell
    return out


def action_from_json(entry: Any, index: int) -> int:
    where = Message.of("move {n}", n=index + 1)
    if not isinstance(entry, dict):
        raise SaveFileError(
            Message.of(
                "{where}: must be an object like {example}",
                where=where,
                example='{"action": "place", "die": 3, "cell": 0}',
            )
        )
    kind, die = entry.get("action"), entry.get("die")
    if not isinstance(die, int) or isinstance(die, bool) or not 0 <= die < 64:
        raise SaveFileError(
            Message.of(
                '{where}: "die" must be a die number, not {value}', where=where, value=shown(die)
            )
        )
    if kind == A.Kind.PLACE.value:
        cell = entry.get("cell")
        if not isinstance(cell, int) or isinstance(cell, bool) or not 0 <= cell < A.MAX_CELLS:
            raise SaveFileError(
                Message.of(
                    '{where}: "cell" must be a space number, not {value}',
                    where=where,
                    value=shown(cell),
                )
            )
        return A.place(die, cell)
    if kind == A.Kind.SET_ASIDE.value:
        return A.set_aside(die)
    if kind == A.Kind.DISCARD.value:
        return A.discard(die)
    raise SaveFileError(
        Message.of(
            "{where}: unknown action {action} (expected place, set_aside or discard)",
            where=where,
            action=shown(kind),
        )
    )


def _checksum(body: dict[str, Any]) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def game_to_json(state: GameState, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """The save-file object for ``state``; ``meta`` is the caller's own JSON data (seat kinds...)."""
    body = {
        "format": FORMAT,
        "kind": KIND,
        "players": state.num_players,
        "seed": state.seed,
        "start_player": state.start_player,
        "names": list(state.names),
        "log": [action_to_json(a) for a in state.log],
        "state": state.to_dict(),
        "meta": meta or {},
    }
    return {**body, "checksum": _checksum(body)}


def replay(
    players: int, seed: int, start_player: int, names: list[str], log: list[int]
) -> GameState:
    """The state reached by playing ``log`` from a new game; an illegal move raises SaveFileError."""
    state = GameState.new(players, seed, start_player, names)
    for i, action in enumerate(log):
        try:
            state.apply(action)
        except BlueprintsError as e:
            raise SaveFileError(
                Message.of("move {n} of the log is illegal: {error}", n=i + 1, error=e.said)
            ) from None
    return state


def game_from_json(data: Any) -> tuple[GameState, dict[str, Any]]:
    """Check and rebuild a saved game; SaveFileError names the first problem found."""
    if not isinstance(data, dict):
        raise SaveFileError(Message.of("a save file must hold one JSON object"))
    if data.get("kind") != KIND:
        raise SaveFileError(Message.of('not a blueprints3d save file ("kind" is missing or wrong)'))
    if type(data.get("format")) is not int or data["format"] != FORMAT:
        raise SaveFileError(
            Message.of(
                "unknown save format {format} (this version reads format {wanted}, written "
                "as the number {wanted})",
                format=shown(data.get("format")),
                wanted=FORMAT,
            )
        )
    for key, typ in (
        ("players", int),
        ("seed", int),
        ("start_player", int),
        ("names", list),
        ("log", list),
        ("state", dict),
        ("meta", dict),
        ("checksum", str),
    ):
        if not isinstance(data.get(key), typ) or isinstance(data.get(key), bool):
            raise SaveFileError(
                Message.of(
                    'the save file\'s "{key}" is missing or not a {type}',
                    key=key,
                    type=typ.__name__,
                )
            )
    if not all(isinstance(n, str) and clean_name(n, "") == n for n in data["names"]):
        raise SaveFileError(
            Message.of(
                'the save file\'s "names" must be short printable text (at most {most} '
                "characters each)",
                most=NAME_LENGTH,
            )
        )
    log = [action_from_json(e, i) for i, e in enumerate(data["log"])]
    try:
        state = replay(data["players"], data["seed"], data["start_player"], data["names"], log)
    except SaveFileError:
        raise
    except BlueprintsError as e:
        raise SaveFileError(
            Message.of("the save file's settings are invalid: {error}", error=e.said)
        ) from None
    rebuilt = state.to_dict()
    if not same_json(rebuilt, data["state"]):
        field = first_difference(rebuilt, data["state"], "state")
        raise SaveFileError(
            Message.of(
                "the saved state does not match its move log (first difference at {field}): "
                "the file was modified or damaged",
                field=field,
            )
        )
    body = {k: v for k, v in data.items() if k != "checksum"}
    if _checksum(body) != data["checksum"]:
        raise SaveFileError(
            Message.of(
                "the save file's checksum does not match its contents: the file was modified "
                "or damaged"
            )
        )
    return state, data["meta"]


def save_game(
    path: str | os.PathLike[str], state: GameState, meta: dict[str, Any] | None = None
) -> None:
    """Write the game atomically: the old save stays intact until the new one is complete."""
    write_bytes_atomic(path, game_bytes(state, meta))


def game_bytes(state: GameState, meta: dict[str, Any] | None = None) -> bytes:
    """The save file of ``state``, as written."""
    return (json.dumps(game_to_json(state, meta), separators=(",", ":")) + "\n").encode("utf-8")


def load_game(path: str | os.PathLike[str]) -> tuple[GameState, dict[str, Any]]:
    data = read_json(path, SaveFileError, "save file")
    try:
        return game_from_json(data)
    except SaveFileError as e:
        raise SaveFileError(
            Message.of("{file}: {error}", file=file_where(path), error=e.said)
        ) from None
