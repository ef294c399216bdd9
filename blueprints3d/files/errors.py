"""The errors of the files the program reads: build files and save files. They belong here, not
to the engine, which reads no file; each carries a message for a player, naming the problem."""

from __future__ import annotations

from blueprints3d.engine.errors import BlueprintsError


class BuildFileError(BlueprintsError):
    """A build file that cannot be read or that describes a building the rules do not allow
    (raised with a Message or plain text, like every BlueprintsError)."""


class SaveFileError(BlueprintsError):
    """A save file that is corrupt, truncated, tampered with or of an unknown format."""
