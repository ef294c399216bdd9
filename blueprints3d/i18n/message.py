"""A message for a player, not yet in words: a message id and its named parameters.

The layers below the commands (files, engine) raise errors that carry a Message; they hold no
catalogue. ``str(message)`` is the English text (the ids are English); the command layer turns it
into the player's language with ``blueprints3d.i18n.translate``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping


@dataclass(frozen=True)
class Message:
    msgid: str
    params: Mapping[str, object] = field(default_factory=dict)
    plural: str | None = None   # the plural msgid, for a message counted by ``n``
    n: int = 1

    @classmethod
    def of(cls, msgid: str, **params: object) -> Message:
        return cls(msgid, params)

    @classmethod
    def counted(cls, singular: str, plural: str, n: int, **params: object) -> Message:
        return cls(singular, {"n": n, **params}, plural, n)

    def __str__(self) -> str:
        text = self.msgid if self.plural is None or self.n == 1 else self.plural
        return text.format(**{k: str(v) for k, v in self.params.items()})


def N_(msgid: str) -> str:
    """Marks ``msgid`` for the catalogue without translating it: for a constant defined at import
    time (before the language is chosen) and translated where it is shown, ``_(CONSTANT)``. Here,
    beside Message, so that the layers holding no catalogue (engine, files) can mark theirs."""
    return msgid
