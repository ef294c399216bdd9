"""A move a person has made and not yet confirmed: what the table shows and the words use."""

from __future__ import annotations

from dataclasses import dataclass

from blueprints3d.engine import actions as A


@dataclass(frozen=True)
class Pending:
    """A person's move, legal by the engine's word, not yet applied: the view shows the die where
    it will go, the engine has not moved (no die drawn)."""

    action: int
    player: int
    kind: A.Kind
    die: int
    cell: int | None  # the space of a placement; None for a set-aside or a discard
    message: str  # what the move will be, in words (no secret drawn)
    # At a table across the network: on its way to the server, no longer to confirm.
    sent: bool = False
