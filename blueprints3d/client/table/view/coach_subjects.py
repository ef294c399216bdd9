"""What each of the tutorial coach's bubbles speaks of, and where on the window its pointer line
ends: the pool, the learner's card, the in-demand board, the opponent's place, the Prize or Award
cards (client/table/hud/tutorial.py draws the line).

The words are ``presentation.demos.coach``'s, one tuple of bubbles per situation; the subjects
below follow those tuples bubble for bubble. Where a tuple's length is not the one expected (the
words were changed), every bubble of it points at the situation's usual subject.
"""

from __future__ import annotations

from collections.abc import Sequence

from panda3d.core import NodePath, Point3

from blueprints3d.client.scene import card_model, units
from blueprints3d.client.scene.picking import Picker
from blueprints3d.client.table.view.table_view import TableView
from blueprints3d.engine.rules import Award, Prize
from blueprints3d.engine.state import GameState
from blueprints3d.presentation.reveal import RevealStep

POOL, CARD, OPPONENT, IN_DEMAND, PRIZES, AWARDS = (
    "pool",
    "card",
    "opponent",
    "in_demand",
    "prizes",
    "awards",
)
NOTHING = ""  # a bubble about the game as a whole: no pointer

# Bubble for bubble, as coach.welcome and coach.take(first_time=True) say them.
WELCOME = (OPPONENT, NOTHING, POOL, IN_DEMAND)  # who you play, rounds, take and build, in demand
TAKE_FIRST = (POOL, CARD, CARD, CARD, CARD)  # from the pool; lit spaces, hatched, stacks, final
CARD_INSIDE = 0.5  # cm inside the card's left edge: the line's end is on the card, off its spaces


def per_bubble(bubbles: Sequence[str], subjects: Sequence[str], usual: str) -> tuple[str, ...]:
    """``subjects`` for ``bubbles`` when they are as many, else ``usual`` for each."""
    if len(subjects) == len(bubbles):
        return tuple(subjects)
    return (usual,) * len(bubbles)


def reveal_subject(step: RevealStep) -> str:
    """The card a reveal step hands out is what its bubbles speak of; the others need none (the
    camera shows the building being scored)."""
    if step.kind == "prize":
        return PRIZES
    if step.kind == "award":
        return AWARDS
    return NOTHING


class SubjectPoints:
    """Where each subject shows on the window, in mouse coordinates ([-1, 1], +y up)."""

    def __init__(self, view: TableView, picker: Picker, you: int, opponent: int) -> None:
        self.view, self.picker, self.you, self.opponent = view, picker, you, opponent

    def point(
        self, subject: str, state: GameState, step: RevealStep | None = None
    ) -> tuple[float, float] | None:
        """The end of the pointer line for ``subject`` (None: nothing to point at, or it is
        off the window)."""
        view, project = self.view, self.picker.project
        if subject == POOL:
            n = len(state.pool)
            if n == 0:
                return None
            p = view.pool_world(0, n)  # the first die's top
            return project(Point3(p.x, p.y, p.z + units.DIE_SIZE / 2), view.root)
        if subject == CARD:  # just inside the card's left edge: the arrow never covers a space
            w, _h = card_model.card_size(state.blueprints[self.you])
            at = Point3(-w / 2 + CARD_INSIDE, 0, units.CARD_THICKNESS)
            return project(at, view.seats[self.you].root)
        if subject == OPPONENT:
            at = Point3(0, 0, units.CARD_THICKNESS)
            return project(at, view.seats[self.opponent].root)
        if subject == IN_DEMAND:  # the board's middle, between its two dice
            return project(Point3(0, 0, 0.3), view.scoreboard)
        if subject in (PRIZES, AWARDS):
            card = self._card(subject, step)
            if card is None:
                return None
            bounds = card.get_tight_bounds(view.root)
            if bounds is None:  # nothing drawn yet
                return None
            lo, hi = bounds
            return project(Point3((lo + hi) / 2), view.root)
        return None

    def _card(self, subject: str, step: RevealStep | None) -> NodePath | None:
        """The step's card when it hands one out, else the first of the round's cards of that
        kind where they lie."""
        cards = self.view.round_cards
        if step is not None and step.card is not None and step.card in cards:
            return cards[step.card]
        kind = Prize if subject == PRIZES else Award
        return next((cards[k.value] for k in kind if k.value in cards), None)
