"""A message for a player, not yet in words: a message id and its named parameters.

The layers below the commands (files, engine) raise errors that carry a Message; they hold no
catalogue. ``str(message)`` is the English text (the ids are English); the command layer turns it
into the player's language with ``blueprints3d.i18n.translate``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field


class Params(Mapping[str, object]):
    """A message's parameters, which nothing can change: a Message may travel inside the engine's
    frozen results (a tie's reason), and copies and pickles as they do."""

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[str, object] | None = None) -> None:
        self._items = tuple((items or {}).items())

    def __getitem__(self, key: str) -> object:
        for k, v in self._items:
            if k == key:
                return v
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return (k for k, _v in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mapping) and dict(self.items()) == dict(other.items())

    def __hash__(self) -> int:
        return hash(self._items)

    def __repr__(self) -> str:
        return repr(dict(self._items))

    def __reduce__(self) -> tuple[type, tuple[dict[str, object]]]:
        return Params, (dict(self._items),)


@dataclass(frozen=True)
class Message:
    msgid: str
    params: Mapping[str, object] = field(default_factory=Params)
    plural: str | None = None  # the plural msgid, for a message counted by ``n``
    n: int = 1
    context: str | None = None  # the message context (gettext's msgctxt), for ``p_``

    def __post_init__(self) -> None:
        # ``type() is``, not isinstance: Params is an ABC, whose isinstance is slow, and the engine
        # makes a Message for every tie it breaks.
        if type(self.params) is not Params:
            object.__setattr__(self, "params", Params(self.params))

    @classmethod
    def of(cls, msgid: str, **params: object) -> Message:
        return cls(msgid, Params(params))

    @classmethod
    def in_context(cls, context: str, msgid: str, **params: object) -> Message:
        """A message as it reads in ``context`` ("one" as an article, "one" counted)."""
        return cls(msgid, Params(params), context=context)

    @classmethod
    def counted(cls, singular: str, plural: str, n: int, **params: object) -> Message:
        return cls(singular, {"n": n, **params}, plural, n)

    def __str__(self) -> str:
        text = self.msgid if self.plural is None or self.n == 1 else self.plural
        return text.format(**{k: str(v) for k, v in _pairs(self.params)})


def _pairs(params: Mapping[str, object]) -> tuple[tuple[str, object], ...]:
    """The parameters' (name, value) pairs; a Params' own, without the Mapping's item view, which
    looks each value up again by a linear search."""
    if type(params) is Params:
        return params._items
    return tuple(params.items())


def N_(msgid: str) -> str:
    """Marks ``msgid`` for the catalogue without translating it: for a constant defined at import
    time (before the language is chosen) and translated where it is shown, ``_(CONSTANT)``. Here,
    beside Message, so that the layers holding no catalogue (engine, files) can mark theirs."""
    return msgid


def NP_(context: str, msgid: str) -> str:
    """``N_`` for a message with a context: marks ``msgid`` as said in ``context``; where it is
    shown, ``p_(context, CONSTANT)`` translates it."""
    return msgid
