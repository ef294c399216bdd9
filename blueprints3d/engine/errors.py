"""The errors the engine raises (the files' own are in files/errors.py). Each carries a message meant for a player, naming the problem."""

from __future__ import annotations

from blueprints3d.i18n.message import Message
from blueprints3d.text import one_line


class BlueprintsError(Exception):
    """Base of every error the engine raises on bad input; the CLI turns it into one line.

    Raised with a Message (an id and parameters: ``IllegalAction(Message.of("...{x}", x=1))``),
    its str() is the English text and ``message`` the Message, which the layers above translate
    (``blueprints3d.i18n.explain``); the engine itself holds no catalogue. Raised with plain text,
    ``message`` is None and the text is shown as it is. Either way str() is one printable,
    capped line, whatever a file or a name put into it."""

    def __init__(self, text: str | Message = "") -> None:
        self.message: Message | None = text if isinstance(text, Message) else None
        super().__init__(str(text))

    def __str__(self) -> str:
        return one_line(super().__str__())

    @property
    def msgid(self) -> str | None:
        return self.message.msgid if self.message else None

    @property
    def params(self) -> dict[str, object]:
        return dict(self.message.params) if self.message else {}

    @property
    def said(self) -> Message | str:
        """What the error says, as a parameter of another Message: its Message (translated with
        the message that names it), else its text."""
        return self.message if self.message is not None else str(self)


class IllegalAction(BlueprintsError):
    """An action that breaks a rule. The state it was applied to is left exactly as it was."""


class CardDataError(BlueprintsError):
    """Blueprint card data that breaks the card rules (heights must add up to 6, ...)."""
