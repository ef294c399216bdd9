"""A frozen picture, remembered: ``stalled.json`` in the data folder.

The table's watchdog (client/table/model/watchdog.py) writes it when the frame loop has not come
round for a while, which is how a stall inside the graphics driver shows (the main thread
waits on the GL and can do nothing else; a player then ends the program). The next start reads
it, says what happened in one line, and removes it. Nothing of the game is in it: the game was
saved after its last move by the autosave.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from pathlib import Path
from typing import Any

from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.files.jsonfile import make_folder, read_json, write_bytes_atomic
from blueprints3d.i18n.message import Message
from blueprints3d.text import display

FILE_NAME = "stalled.json"
FORMAT = 1


class StallFileError(BlueprintsError):
    """A stall note that cannot be read (it is removed all the same)."""


def stall_path(folder: str | os.PathLike[str]) -> Path:
    return Path(folder) / FILE_NAME


def record_stall(
    folder: str | os.PathLike[str], seconds: float, renderer: str, when: float | None = None
) -> None:
    """Note that the picture has not moved for ``seconds`` (atomically; OSError when the
    folder cannot take it)."""
    data = {
        "format": FORMAT,
        "since": time.time() - seconds if when is None else when,
        "seconds": round(float(seconds), 1),
        "renderer": display(renderer, 80),
    }
    make_folder(folder)
    write_bytes_atomic(stall_path(folder), (json.dumps(data) + "\n").encode("utf-8"))


def clear_stall(folder: str | os.PathLike[str]) -> None:
    """The picture moved again: the note is no longer true."""
    with contextlib.suppress(FileNotFoundError):
        stall_path(folder).unlink()


def _note(data: Any) -> Message:
    if not (
        isinstance(data, dict)
        and data.get("format") == FORMAT
        and isinstance(data.get("since"), (int, float))
        and not isinstance(data.get("since"), bool)
        and isinstance(data.get("renderer"), str)
    ):
        raise StallFileError(Message.of("not a stall note"))
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(data["since"]))
    renderer = display(data["renderer"].split(" (")[0], 40)  # "llvmpipe", not its LLVM details
    if renderer:
        return Message.of(
            "the last session's picture stopped at {when}, waiting on the graphics driver ({renderer}); "
            "nothing was lost: the game was saved after its last move (Continue or --resume takes it "
            "up)",
            when=when,
            renderer=renderer,
        )
    return Message.of(
        "the last session's picture stopped at {when}, waiting on the graphics driver; nothing was "
        "lost: the game was saved after its last move (Continue or --resume takes it up)",
        when=when,
    )


def take_stall_note(folder: str | os.PathLike[str]) -> str | None:
    """What the last session's stall was, in one line (English), and the note removed; None when
    there was none. A damaged note still says that the picture stopped."""
    note = take_stall_message(folder)
    return None if note is None else str(note)


def take_stall_message(folder: str | os.PathLike[str]) -> Message | None:
    """``take_stall_note`` as a Message, to be said in the player's language."""
    path = stall_path(folder)
    if not os.path.lexists(path):
        return None
    try:
        note = _note(read_json(path, StallFileError, "stall note"))
    except StallFileError:
        note = Message.of(
            "the last session's picture stopped, waiting on the graphics driver; nothing "
            "was lost: the game was saved after its last move"
        )
    with contextlib.suppress(OSError):
        path.unlink()
    return note
