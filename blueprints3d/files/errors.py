"""The errors of the files the program reads: build files and save files. They belong here, not
to the engine, which reads no file; each carries a message for a player, naming the problem."""

from __future__ import annotations

from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.i18n.message import Message


class BuildFileError(BlueprintsError):
    """A build file that cannot be read or that describes a building the rules do not allow.

    Raised with a Message (an id and parameters), its str() is the English text and ``message``
    the Message, which the command layer translates; raised with plain text, ``message`` is None."""

    def __init__(self, text: str | Message) -> None:
        self.message: Message | None = text if isinstance(text, Message) else None
        super().__init__(str(text))

    @property
    def msgid(self) -> str | None:
        return self.message.msgid if self.message else None

    @property
    def params(self) -> dict[str, object]:
        return dict(self.message.params) if self.message else {}


class SaveFileError(BlueprintsError):
    """A save file that is corrupt, truncated, tampered with or of an unknown format."""
