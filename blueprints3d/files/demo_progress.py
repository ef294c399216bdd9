"""Which rule demonstrations the learner has finished: ``demos.json`` in the data folder.

Panda-free, like ``settings.py``: a missing file means nothing finished yet (quietly); a damaged
file, one of another format or one naming something that is not a list of demo names gives an
empty record and one line saying why (the caller shows it once). Saved atomically.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any
from collections.abc import Iterable

from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.files.places import default_dir
from blueprints3d.files.jsonfile import make_folder, read_or_default, write_atomic
from blueprints3d.i18n.message import Message

FORMAT = 1
FILE_NAME = "demos.json"
MAX_NAMES = 100  # far more than there are demos: a longer list is not this program's
NAME_LENGTH = 40


class ProgressError(BlueprintsError):
    """A demo progress file that cannot be used (an empty record is used instead)."""


def progress_path(folder: str | os.PathLike[str] | None = None) -> Path:
    return (Path(folder) if folder is not None else default_dir()) / FILE_NAME


def from_data(data: Any) -> frozenset[str]:
    if not isinstance(data, dict):
        raise ProgressError(Message.of("not a demo progress object"))
    if data.get("format") != FORMAT or isinstance(data.get("format"), bool):
        raise ProgressError(
            Message.of(
                "demo progress format {format}, this version reads {wanted}",
                format=repr(data.get("format")),
                wanted=FORMAT,
            )
        )
    extra = sorted(set(data) - {"format", "finished"})
    if extra:
        raise ProgressError(Message.of("unknown key {key}", key=repr(extra[0])))
    names = data.get("finished")
    if not isinstance(names, list) or len(names) > MAX_NAMES:
        raise ProgressError(Message.of('"finished" must be a list of demo names'))
    for n in names:
        if not isinstance(n, str) or not n or len(n) > NAME_LENGTH or not n.isprintable():
            raise ProgressError(Message.of('"finished" must be a list of demo names'))
    return frozenset(names)


def load_progress(path: str | os.PathLike[str]) -> tuple[frozenset[str], str | None]:
    """The finished demos' names and None; or an empty set and one line saying why (None as
    well when there is no file yet)."""
    done, why = read_or_default(path, ProgressError, "demo progress file", from_data, frozenset())
    return done, None if why is None else f"demo progress: {why}; starting afresh"


def save_progress(path: str | os.PathLike[str], finished: Iterable[str]) -> None:
    """Write the record atomically (the folder is made if needed); OSError when it cannot be."""
    p = Path(path)
    make_folder(p.parent)
    write_atomic(
        p, json.dumps({"format": FORMAT, "finished": sorted(set(finished))}, indent=2) + "\n"
    )
