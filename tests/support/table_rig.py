"""Playing the table's flow by its engine actions, for tests that drive whole rounds."""

from __future__ import annotations

from blueprints3d.engine import actions as A


def play(flow, action: int) -> None:
    """Make ``action`` (an engine action) as a person at the table would: choose it, then
    confirm it (the table's moves wait for the confirm)."""
    k = A.decode(action)
    if k.kind is A.Kind.PLACE:
        flow.place(k.die, k.cell)
    elif k.kind is A.Kind.SET_ASIDE:
        flow.set_aside(k.die)
    else:
        flow.discard(k.die)
    assert flow.confirm().ok
