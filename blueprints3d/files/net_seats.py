"""The seats this machine holds in rooms on game servers: a join address and the seat's secret
token, so that a table closed (or killed) in the middle of a network game takes the same seat
again when it joins that address once more, rather than asking for a free one.

One small JSON file in the data folder (``net-seats.json``), written atomically; a damaged one is
treated as empty (the worst that happens is a new seat being asked for). Its tokens are the
seats' keys: never shown on the table or printed.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from blueprints3d.files.jsonfile import write_atomic

FILE = "net-seats.json"
MOST = 64  # seats remembered; the oldest go first


def _path(data_folder: str | os.PathLike[str] | None) -> Path:
    from blueprints3d.files.places import default_dir

    return (Path(data_folder) if data_folder is not None else default_dir()) / FILE


def _read(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}


def recall(address: str, data_folder: str | os.PathLike[str] | None = None) -> str | None:
    """The token of the seat this machine holds at ``address`` (ws://HOST:PORT/ROOM), if any."""
    return _read(_path(data_folder)).get(address)


def remember(address: str, token: str, data_folder: str | os.PathLike[str] | None = None) -> None:
    """Keep ``token`` for ``address``; OSError when the data folder cannot be written."""
    path = _path(data_folder)
    seats = _read(path)
    seats.pop(address, None)
    seats[address] = token
    while len(seats) > MOST:
        seats.pop(next(iter(seats)))
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps(seats, indent=1))


def forget(address: str, data_folder: str | os.PathLike[str] | None = None) -> None:
    """The seat at ``address`` is no longer held (refused, or its game is over)."""
    path = _path(data_folder)
    seats = _read(path)
    if seats.pop(address, None) is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps(seats, indent=1))


def last_server(data_folder: str | os.PathLike[str] | None = None) -> str | None:
    """The server ("ws://HOST:PORT") of the seat this machine took last, if any: where a room
    code typed alone is looked for."""
    seats = _read(_path(data_folder))
    if not seats:
        return None
    address = list(seats)[-1]
    server, _slash, _code = address.rpartition("/")
    return server or None
