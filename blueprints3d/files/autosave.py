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

from blueprints3d.engine.errors import SaveFileError
from blueprints3d.files.savefile import load_game, save_game
from blueprints3d.engine.state import GameState


def default_dir() -> Path:
    """Where saves live: $BLUEPRINTS3D_HOME, else $XDG_DATA_HOME/blueprints3d, else ~/.local/share."""
    if os.environ.get("BLUEPRINTS3D_HOME"):
        return Path(os.environ["BLUEPRINTS3D_HOME"])
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "blueprints3d"


@dataclass
class Resumed:
    state: GameState
    meta: dict[str, Any]
    note: str | None  # set when the backup was used: says what was wrong with the current save


class AutosaveSlot:
    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or default_dir()
        self.current = self.folder / "autosave.json"
        self.backup = self.folder / "autosave.previous.json"
        # False once load() found the current file damaged: it must not become the backup.
        self._current_ok = True

    def save(self, state: GameState, meta: dict[str, Any] | None = None) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        if self.current.exists() and self._current_ok:
            # The last good save becomes the backup without ever leaving the slot without a
            # current file: link it under a temporary name, then rename that over the backup.
            tmp = self.folder / ".autosave.previous.tmp"
            tmp.unlink(missing_ok=True)
            try:
                os.link(self.current, tmp)
            except OSError:  # a file system without hard links
                shutil.copyfile(self.current, tmp)
            os.replace(tmp, self.backup)
        save_game(self.current, state, meta)
        self._current_ok = True

    def exists(self) -> bool:
        return self.current.exists() or self.backup.exists()

    def load(self) -> Resumed:
        """The saved game; SaveFileError (with the reason) when neither file is usable."""
        try:
            state, meta = load_game(self.current)
            return Resumed(state, meta, None)
        except SaveFileError as current_error:
            self._current_ok = False
            if not self.backup.exists():
                if not self.current.exists():
                    raise SaveFileError(f"there is no saved game to resume (looked in {self.folder})") from None
                raise
            try:
                state, meta = load_game(self.backup)
            except SaveFileError as backup_error:
                raise SaveFileError(f"{current_error}; the previous save is unusable too: {backup_error}") from None
            return Resumed(state, meta, f"{current_error}. Resumed from the previous save instead.")

    def clear(self) -> None:
        """Forget the game (it is over, or a new one replaces it)."""
        for p in (self.current, self.backup):
            p.unlink(missing_ok=True)
