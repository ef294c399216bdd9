"""The data folder: where saves, the history, settings, pictures and the server's rooms live.

$BLUEPRINTS3D_HOME when set; else the platform's own place for an application's data, as
``platformdirs`` knows it: $XDG_DATA_HOME/blueprints3d or ~/.local/share/blueprints3d on Linux,
~/Library/Application Support/blueprints3d on macOS, %LOCALAPPDATA%\\blueprints3d on Windows.

Versions up to 1.0 used the Linux place on every system. ``adopt_old_folder`` moves such a
folder to the platform's place once (or, when it cannot be moved, keeps using it), and returns a
line for the player; the command line says it.
"""

from __future__ import annotations

import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

from platformdirs.api import PlatformDirsABC
from platformdirs.macos import MacOS
from platformdirs.unix import Unix
from platformdirs.windows import Windows

from blueprints3d.i18n.message import Message
from blueprints3d.files.jsonfile import os_reason, where

APP = "blueprints3d"
HOME_VARIABLE = "BLUEPRINTS3D_HOME"

# Set by adopt_old_folder when the old folder could not be moved: it is used as it is.
_kept_old: Path | None = None


def _dirs(platform: str) -> PlatformDirsABC:
    # Chosen here rather than through platformdirs.user_data_path, which decides by the running
    # system once at import: naming the class keeps every platform's answer testable anywhere.
    if platform == "win32":
        return Windows(APP, appauthor=False, roaming=False)
    if platform == "darwin":
        return MacOS(APP, appauthor=False)
    return Unix(APP, appauthor=False)


def platform_dir(platform: str | None = None) -> Path:
    """The platform's place for the program's data (no $BLUEPRINTS3D_HOME, no old folder)."""
    return Path(_dirs(platform or sys.platform).user_data_dir)


def old_dir() -> Path:
    """Where versions up to 1.0 kept the data on every system."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / APP


def default_dir() -> Path:
    """The data folder: $BLUEPRINTS3D_HOME, else the platform's place (or an old folder that
    could not be moved there; see adopt_old_folder)."""
    if os.environ.get(HOME_VARIABLE):
        return Path(os.environ[HOME_VARIABLE])
    return _kept_old or platform_dir()


@dataclass(frozen=True)
class Adopted:
    """What adopt_old_folder did, in a line for the player."""

    message: Message


def _is_folder(path: Path) -> bool:
    try:
        return path.is_dir() and not path.is_symlink()
    except OSError:
        return False


def adopt_old_folder(platform: str | None = None) -> Adopted | None:
    """Move the data of a version that kept it in the Linux place to this platform's place, once.

    Nothing to do (None) when $BLUEPRINTS3D_HOME decides, when the two places are one (Linux),
    when there is no old folder, or when the platform's place already exists (the player has
    moved on: the old folder is left alone). When the move fails, the old folder stays the data
    folder for this run, and the line says why."""
    global _kept_old
    if os.environ.get(HOME_VARIABLE):
        return None
    old, new = old_dir(), platform_dir(platform)
    try:
        if old.resolve() == new.resolve() or not _is_folder(old) or os.path.lexists(new):
            return None
    except OSError:
        return None
    try:
        _move(old, new)
    except OSError as e:
        _kept_old = old
        return Adopted(
            Message.of(
                "your saves stay in {old}: they could not be moved to {new} ({reason})",
                old=where(old),
                new=where(new),
                reason=os_reason(e),
            )
        )
    return Adopted(
        Message.of(
            "your saves, settings and history moved from {old} to {new}, this system's place "
            "for them",
            old=where(old),
            new=where(new),
        )
    )


def _move(old: Path, new: Path) -> None:
    """Move the folder ``old`` to ``new`` so that ``new`` is either whole or absent: a rename
    where both are on one file system, else a copy under a temporary name renamed into place,
    and only then the old folder removed (what of it cannot be removed stays: nothing is lost)."""
    new.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.rename(old, new)
        return
    except OSError as e:
        if os.path.lexists(new):
            raise
        moving = new.with_name(f".{new.name}.moving")
        shutil.rmtree(moving, ignore_errors=True)
        try:
            shutil.copytree(old, moving, symlinks=True)
            os.rename(moving, new)
        except OSError:
            shutil.rmtree(moving, ignore_errors=True)
            raise e from None
    shutil.rmtree(old, ignore_errors=True)
