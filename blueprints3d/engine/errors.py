"""The errors the engine raises (the files' own are in files/errors.py). Each carries a message meant for a player, naming the problem."""

from blueprints3d.text import one_line


class BlueprintsError(Exception):
    """Base of every error the engine raises on bad input; the CLI turns it into one line.

    Its text is always one printable, capped line, whatever a file or a name put into it."""

    def __str__(self) -> str:
        return one_line(super().__str__())


class IllegalAction(BlueprintsError):
    """An action that breaks a rule. The state it was applied to is left exactly as it was."""


class CardDataError(BlueprintsError):
    """Blueprint card data that breaks the card rules (heights must add up to 6, ...)."""
