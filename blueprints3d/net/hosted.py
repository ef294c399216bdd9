"""The room this machine's ``host`` opened last, on its own server or on another: its code, and
the host's seat and token, so that ``host`` run again (after a crash, a kill, a closed window)
takes its own seat back in that room rather than opening a new one.

One small JSON file in the data folder (``hosted.json``): one record for this machine's own
server ("local") and one for each other server used (its address), the newest kept. Written
atomically; a damaged one is treated as empty (the worst that happens: a new room). Its tokens
are seats' keys: never shown or printed.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from blueprints3d.files.jsonfile import write_atomic
from blueprints3d.net import protocol

FILE = "hosted.json"
LOCAL = "local"  # the key of a room on the server ``host`` runs itself
MOST = 16  # servers remembered; the oldest go first


@dataclass(frozen=True)
class Hosted:
    room: str
    seat: int | None = None  # None: the host sat nowhere (``host --headless`` serves only)
    token: str | None = None


def _path(data_folder: str | os.PathLike[str] | None) -> Path:
    from blueprints3d.files.places import default_dir

    return (Path(data_folder) if data_folder is not None else default_dir()) / FILE


def _read(path: Path) -> dict[str, Hosted]:
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    out: dict[str, Hosted] = {}
    if not isinstance(data, dict):
        return out
    for key, rec in data.items():
        if not isinstance(key, str) or not isinstance(rec, dict):
            continue
        room, seat, token = rec.get("room"), rec.get("seat"), rec.get("token")
        if not isinstance(room, str) or not protocol.is_room_code(room):
            continue
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4
        ):
            continue
        if token is not None and (not isinstance(token, str) or not protocol.is_token(token)):
            continue
        out[key] = Hosted(room, seat, token)
    return out


def recall(where: str, data_folder: str | os.PathLike[str] | None = None) -> Hosted | None:
    """The room last hosted on ``where`` (``LOCAL``, or a server's address), if any."""
    return _read(_path(data_folder)).get(where)


def remember(where: str, hosted: Hosted, data_folder: str | os.PathLike[str] | None = None) -> None:
    """Keep ``hosted`` as the room hosted on ``where``; OSError when the folder cannot be
    written."""
    path = _path(data_folder)
    records = _read(path)
    records.pop(where, None)
    records[where] = hosted
    while len(records) > MOST:
        records.pop(next(iter(records)))
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {k: {"room": h.room, "seat": h.seat, "token": h.token} for k, h in records.items()}
    write_atomic(path, json.dumps(data, indent=1))


def forget(where: str, data_folder: str | os.PathLike[str] | None = None) -> None:
    """The room hosted on ``where`` is done (over, or gone)."""
    path = _path(data_folder)
    records = _read(path)
    if records.pop(where, None) is not None:
        data = {k: {"room": h.room, "seat": h.seat, "token": h.token} for k, h in records.items()}
        write_atomic(path, json.dumps(data, indent=1))
