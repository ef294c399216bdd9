"""Where the sandbox saves its building, and the "Save as" name entry.

Saves go to one file (``out_path``); a file that was there before the session is never
replaced: the first save then goes to a new name beside it, and later saves update that one.
"Save as" writes ``<name>.json`` beside it, never over a file (``<name>-2.json`` when taken).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from direct.gui.DirectGui import DirectEntry
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import TextNode

from blueprints3d.client.scene.script_text import ScriptText
from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.files.buildfile import build_bytes
from blueprints3d.files.jsonfile import make_folder, os_reason, where, write_new
from blueprints3d.i18n import _, explain
from blueprints3d.presentation.sandbox_model import SandboxBuilding
from blueprints3d.text import file_name


def _not_saved(e: BlueprintsError | OSError) -> str:
    return _(
        "Not saved: {reason}.",
        reason=os_reason(e) if isinstance(e, OSError) else explain(e),
    )


def _saved(path: Path) -> str:
    return _("Saved {path} (open it with: blueprints3d view {path}).", path=where(path.resolve()))


class SandboxFiles:
    """The file the sandbox saves to (``out_path``) and whether this session wrote it. Each
    save returns the path written (None when nothing was) and the words to show."""

    def __init__(self, out_path: Path) -> None:
        self.out_path = out_path
        self.own_file = False  # out_path is this session's own file once it has saved there

    def save(self, model: SandboxBuilding) -> tuple[Path | None, str]:
        """Save to ``out_path``, or beside it (``sandbox-2.json``...) when a file that this
        session did not write is there."""
        kept: str | None = None
        try:
            make_folder(self.out_path.parent)
            if not self.own_file and self.out_path.exists():
                old = self.out_path
                self.out_path = write_new(
                    old.parent, old.stem, old.suffix or ".json", build_bytes(model.checked())
                )
                kept = old.name
            else:
                model.save(self.out_path)
        except (BlueprintsError, OSError) as e:
            return None, _not_saved(e)
        self.own_file = True
        if kept is None:
            return self.out_path, _saved(self.out_path)
        return self.out_path, _(
            "Saved {path}; {old} was there already and is kept (open it with: blueprints3d view {path}).",
            path=where(self.out_path.resolve()),
            old=kept,
        )

    def save_as(self, name: str, model: SandboxBuilding) -> tuple[Path | None, str]:
        """Save under ``name`` (made a safe file name) beside the current file, which it then
        becomes for the session's later saves."""
        name = name.strip()
        if not name:
            return None, _("Not saved: type a name for the file.")
        stem = file_name(name[:-5] if name.lower().endswith(".json") else name, "sandbox")
        try:
            make_folder(self.out_path.parent)
            path = write_new(self.out_path.parent, stem, ".json", build_bytes(model.checked()))
        except (BlueprintsError, OSError) as e:
            return None, _not_saved(e)
        self.out_path, self.own_file = path, True
        return path, _saved(path)


class NameEntry:
    """The "Save as" box: a line to type the file's name in (Enter hands it to ``on_enter``).
    While it is open the keys are letters, not the sandbox's commands: the button events get the
    prefix "naming-" (Esc arrives as "naming-escape") until it closes."""

    def __init__(self, base) -> None:
        self.base = base
        self.entry: DirectEntry | None = None  # the name being typed, while open
        self._label: OnscreenText | None = None

    def open(self, initial: str, on_enter: Callable[[str], object]) -> None:
        if self.entry is not None:
            return
        self._label = ScriptText(
            parent=self.base.aspect2d,
            text=_("Save as (Enter saves, Esc cancels):"),
            pos=(0, 0.12),
            scale=0.055,
            fg=(1, 1, 1, 1),
            bg=(0.05, 0.06, 0.08, 0.9),
            align=TextNode.A_center,
        )
        self.entry = DirectEntry(
            parent=self.base.aspect2d,
            initialText=initial,
            scale=0.06,
            width=16,
            numLines=1,
            focus=1,
            pos=(-0.5, 0, 0),
            command=on_enter,
            frameColor=(0.95, 0.95, 0.9, 1),
        )
        thrower = self._thrower()
        if thrower is not None:
            thrower.set_prefix("naming-")

    def _thrower(self):
        throwers = getattr(self.base, "buttonThrowers", None)
        return throwers[0].node() if throwers else None

    def close(self) -> None:
        for w in (self.entry, self._label):
            if w is not None:
                w.destroy()
        self.entry = self._label = None
        thrower = self._thrower()
        if thrower is not None:
            thrower.set_prefix("")
