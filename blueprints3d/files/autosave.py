"""The autosave slot: the game in progress, saved after every action, for `blueprints3d --resume`.

Each save is written atomically (temporary file renamed into place), so a crash or a kill never
leaves a broken file. Before a new save replaces the current one, the current one is kept as the
backup: should the current file be damaged anyway (a full disk, an editor), resuming falls back to
the previous good save and says so, and the damaged file is left where it is for inspection.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout

from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.files.errors import SaveFileError
from blueprints3d.i18n.message import Message
from blueprints3d.engine.state import GameState
from blueprints3d.files.jsonfile import (
    clean_stray_temps,
    make_folder,
    os_reason,
    stamp,
    where,
    write_atomic,
    write_new,
)
from blueprints3d.files.places import default_dir
from blueprints3d.files.savefile import load_game, save_game
from blueprints3d.text import display, file_name


@dataclass
class Resumed:
    state: GameState
    meta: dict[str, Any]
    note: str | None  # set when the backup was used: says what was wrong with the current save


def _present(path: Path) -> bool:
    """Whether anything (a link to nowhere, a link loop included) is at ``path``; a folder that
    cannot be searched is an OSError, never "nothing there"."""
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return False
    return True


class SlotInUse(BlueprintsError):
    """Another running table holds this save slot."""


class SlotLock:
    """The lock a table holds while it plays in a slot: an OS lock on ``path`` (``filelock``:
    flock on POSIX, LockFileEx on Windows), which the system drops when the process ends however
    it ends, so a killed table's lock is simply taken over; no process is ever signalled or
    asked after. The holder's pid is written beside it (``.pid``), for the refusal's words:
    on Windows a locked byte cannot be read by anyone else.

    On Windows filelock removes the lock file on release; on POSIX it stays (an empty hidden
    file), because removing a flock'ed file races with a table that has just opened it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.pid_path = path.with_suffix(".pid")
        self._lock: FileLock | None = None

    @property
    def held(self) -> bool:
        return self._lock is not None

    def holder(self) -> int | None:
        try:
            return int(self.pid_path.read_text(encoding="ascii").strip() or 0) or None
        except (OSError, ValueError):
            return None

    def acquire(self) -> None:
        """Take the lock, or SlotInUse naming the process that holds it."""
        make_folder(self.path.parent)
        lock = FileLock(self.path, timeout=0, thread_local=False)
        try:
            lock.acquire()
        except Timeout:
            raise SlotInUse(self._busy(self.holder())) from None
        try:
            write_atomic(self.pid_path, f"{os.getpid()}\n")
        except BaseException:
            lock.release()
            raise
        self._lock = lock

    def _busy(self, pid: int | None) -> Message:
        folder = where(self.path.parent)
        if pid:
            return Message.of(
                "another table (process {pid}) is already playing with the saves in {folder}; close "
                "it, or play this game in a separate slot with --slot NAME (or --no-autosave)",
                pid=pid,
                folder=folder,
            )
        return Message.of(
            "another table is already playing with the saves in {folder}; close it, or play this "
            "game in a separate slot with --slot NAME (or --no-autosave)",
            folder=folder,
        )

    def release(self) -> None:
        if self._lock is None:
            return
        self.pid_path.unlink(missing_ok=True)  # while still held: no newer holder's pid is removed
        self._lock.release()
        self._lock = None


class AutosaveSlot:
    """The autosave files of one slot: ``autosave.json`` (and its backup) in the folder, or
    ``autosave-NAME.json`` for a named slot (a second table on the same data folder)."""

    def __init__(self, folder: Path | None = None, name: str | None = None) -> None:
        self.folder = folder or default_dir()
        self.name = file_name(name, "slot") if name is not None else None
        stem = "autosave" if self.name is None else f"autosave-{self.name}"
        self.current = self.folder / f"{stem}.json"
        self.backup = self.folder / f"{stem}.previous.json"
        self._backup_tmp = self.folder / f".{stem}.previous.tmp"
        self.lock = SlotLock(
            self.folder / (".table.lock" if self.name is None else f".table-{self.name}.lock")
        )
        # False once load() found the current file damaged: it must not become the backup.
        self._current_ok = True

    def acquire(self) -> int:
        """Hold the slot for this table (SlotInUse when another table does) and remove the
        temporary files that killed saves left; returns how many were removed."""
        try:
            self.lock.acquire()
        except SlotInUse:
            raise
        except OSError as e:
            raise SaveFileError(
                Message.of(
                    "cannot use the save folder {folder}: {reason}",
                    folder=where(self.folder),
                    reason=os_reason(e),
                )
            ) from None
        stem = self.current.stem
        # This slot's own temporary files have no other writer now; F5/F6 copies' only when old.
        removed = clean_stray_temps(self.folder, prefix=f".{stem}.")
        removed += clean_stray_temps(self.folder, older_than_s=3600.0)
        return removed

    def release(self) -> None:
        self.lock.release()

    def save(self, state: GameState, meta: dict[str, Any] | None = None) -> None:
        make_folder(self.folder)
        if self.current.exists() and self._current_ok:
            # The last good save becomes the backup without ever leaving the slot without a
            # current file: link it under a temporary name, then rename that over the backup.
            tmp = self._backup_tmp
            tmp.unlink(missing_ok=True)
            try:
                os.link(self.current, tmp)
            except OSError:  # a file system without hard links
                shutil.copyfile(self.current, tmp)
            os.replace(tmp, self.backup)
        save_game(self.current, state, meta)
        self._current_ok = True

    def exists(self) -> bool:
        try:
            return _present(self.current) or _present(self.backup)
        except OSError:
            return True  # something is there that load() will name

    def load(self) -> Resumed:
        """The saved game; SaveFileError (with the reason) when neither file is usable."""
        try:
            return self._load()
        except OSError as e:  # the folder itself cannot be searched (permissions)
            raise SaveFileError(
                Message.of(
                    "cannot look for a saved game in {folder}: {reason}",
                    folder=where(self.folder),
                    reason=display(e.strerror or e, 80),
                )
            ) from None

    def _load(self) -> Resumed:
        try:
            state, meta = load_game(self.current)
            return Resumed(state, meta, None)
        except SaveFileError as current_error:
            self._current_ok = False
            if not _present(self.backup):
                if not _present(self.current):
                    raise SaveFileError(
                        Message.of(
                            "there is no saved game to resume (looked in {folder})",
                            folder=where(self.folder),
                        )
                    ) from None
                raise
            try:
                state, meta = load_game(self.backup)
            except SaveFileError as backup_error:
                raise SaveFileError(
                    Message.of(
                        "{error}; the previous save is unusable too: {backup_error}",
                        error=current_error.said,
                        backup_error=backup_error.said,
                    )
                ) from None
            # (English: Resumed.note is a line of text for the table, which shows it as it is.)
            return Resumed(state, meta, f"{current_error}. Resumed from the previous save instead.")

    def keep_unfinished(self) -> Path | None:
        """Before a new game takes the slot: copy an unfinished game in it to a file of its own
        in the folder (``unfinished-<stamp>.json``, never over a file) so it is not lost, and
        return that file; None when the slot holds no unfinished game. The slot itself is left
        as it is (the new game's first save rotates it as usual)."""
        try:
            resumed = self._load()
        except (SaveFileError, OSError):
            return None  # nothing usable to keep (load() would say why on --resume)
        if resumed.state.is_over:
            return None
        source = self.current if self._current_ok else self.backup
        data = source.read_bytes()
        return write_new(self.folder, f"unfinished-{stamp()}", ".json", data)

    def clear(self) -> None:
        """Forget the game (it is over, or a new one replaces it)."""
        for p in (self.current, self.backup):
            p.unlink(missing_ok=True)
