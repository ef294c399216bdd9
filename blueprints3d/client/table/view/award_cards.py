"""The Award and Prize cards on the table: this round's in the centre (dealt from the deck), the
won ones flying to the buildings that won them (one by one as the reveal hands them out), and each
seat's pile of cards won in earlier rounds, face up only where that seat's points may be seen."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from panda3d.core import NodePath, Point3, TextNode

from blueprints3d.client.scene.animation import Animator
from blueprints3d.client.scene.props import fit_label, make_label, prop
from blueprints3d.client.table.model.flow import GameFlow, Mode, RoundEnd
from blueprints3d.client.table.model.layout import (
    CENTRE_AWARDS,
    CENTRE_PRIZES,
    award_slots,
    pile_slot,
)
from blueprints3d.client.table.view.table_props import SeatView
from blueprints3d.engine.awards import AWARDS_BY_PLAYERS, Award
from blueprints3d.engine.rules import PRIZE_SHORT_MESSAGES, PRIZE_VP
from blueprints3d.engine.scoring import Prize
from blueprints3d.i18n import N_, _, number, translate

AWARD_COLOURS = {
    Award.GOLD: (0.86, 0.70, 0.20, 1),
    Award.SILVER: (0.75, 0.76, 0.80, 1),
    Award.BRONZE: (0.70, 0.45, 0.25, 1),
}
PRIZE_COLOUR = (0.93, 0.90, 0.82, 1)
AWARD_KEYS = {a.value for a in Award}
CARD_BACK = (0.30, 0.30, 0.36, 1)
# What each Prize asks for, big on its card: the engine's wording of the rule (pp. 4-5).
PRIZE_GLYPHS = {prize.value: message for prize, message in PRIZE_SHORT_MESSAGES.items()}
# The names on the Award and Prize cards, by their keys (a long one on two lines).
CARD_TITLES = {
    "gold": N_("Gold"),
    "silver": N_("Silver"),
    "bronze": N_("Bronze"),
    "skyscraper": N_("Skyscraper"),
    "geometer": N_("Geometer"),
    "structural_integrity": N_("Structural\nIntegrity"),
    "materials": N_("Materials"),
}
DEAL_TIME = 0.55  # s: a dealt card slides from the deck to its place
DEAL_LIFT = 2.5  # cm: over a low arc
DEAL_STAGGER = 0.12  # s: between one dealt card and the next
DECK_POINT = (0.0, 0.0, 1.0)  # where dealt cards come from: the table's centre


def pile_face_up(flow: GameFlow, seat: int) -> bool:
    """May ``seat``'s won Award and Prize cards lie face up now? Victory points stay secret during
    play (RULES.md, "End of the game"): with several people at the device each one sees their own
    only on their own turn, behind the curtain; a single person against computers may keep theirs
    face up; everyone's are open at the game's end (or with open scores)."""
    if flow.open_scores or flow.mode is Mode.GAME_OVER:
        return True
    people = flow.people
    if not people:
        return True  # only computers: nobody at the device has secrets
    if len(people) == 1:
        return seat == people[0]
    return flow.mode is Mode.TURN and flow.viewer == seat == flow.current


def card_words(key: str) -> tuple[str, str, str]:
    """An Award or Prize card's words: its name, its big line, the line under it."""
    title = _(CARD_TITLES[key]) if key in CARD_TITLES else key.replace("_", " ").title()
    if key in AWARD_KEYS:
        # An Award's worth is what matters at a glance; a Prize's condition (all are worth the same).
        return title, number(Award(key).victory_points), _("VP")
    return title, translate(PRIZE_GLYPHS[key]), _("{vp} VP", vp=PRIZE_VP)


# Where each of a face-up card's three texts lies on it (left, right, bottom, top, cm; the card
# is 3.2 x 4.4 cm about its middle) and its largest size: the name on top, the VP (an Award) or
# the condition (a Prize) big below it, the line under it. Each text is fitted to its box.
CARD_MARGIN = 0.18
AWARD_BOXES = {
    "text": ((-1.6 + CARD_MARGIN, 1.6 - CARD_MARGIN, 0.85, 2.2 - CARD_MARGIN), 0.62),
    "big": ((-1.6 + CARD_MARGIN, 1.6 - CARD_MARGIN, -1.4, 0.75), 2.0),
    "unit": ((-1.6 + CARD_MARGIN, 1.6 - CARD_MARGIN, -2.2 + CARD_MARGIN, -1.45), 0.5),
}
PRIZE_BOXES = {
    "text": ((-1.6 + CARD_MARGIN, 1.6 - CARD_MARGIN, 0.95, 2.2 - CARD_MARGIN), 0.5),
    "big": ((-1.6 + CARD_MARGIN, 1.6 - CARD_MARGIN, -1.2, 0.8), 0.85),
    "unit": ((-1.6 + CARD_MARGIN, 1.6 - CARD_MARGIN, -2.2 + CARD_MARGIN, -1.5), 0.5),
}


def card_boxes(key: str) -> dict[str, tuple[tuple[float, float, float, float], float]]:
    """A card's text boxes and their texts' largest sizes, by part ("text", "big", "unit")."""
    return AWARD_BOXES if key in AWARD_KEYS else PRIZE_BOXES


def make_card(key: str, face_up: bool) -> NodePath:
    award = key in AWARD_KEYS
    colour = AWARD_COLOURS[Award(key)] if award else PRIZE_COLOUR
    card = prop("award-card", f"award-{key}", colour if face_up else CARD_BACK)
    if face_up:
        # Read at a glance from across the table: the name on top, the VP big below it; each
        # text as large as its box allows, on whole words (never "Wolken-/kratzer").
        ink = (0.1, 0.1, 0.15, 1)
        for part, words in zip(("text", "big", "unit"), card_words(key), strict=True):
            box, most = card_boxes(key)[part]
            label = make_label(f"award-{key}-{part}", "", ink, most)
            label.reparent_to(card)
            label.set_pos(0, 0, 0.1)
            fit_label(label, words, box, most)
    else:
        # A card back, not a blank slab: it reads as a won card lying face down.
        back = make_label(f"award-{key}-back", "Blueprints", (0.78, 0.78, 0.84, 1), 0.55)
        back.reparent_to(card)
        back.set_pos(0, 0, 0.1)
        back.set_h(90)
    card.set_tag("award", key)
    card.set_tag("face", "up" if face_up else "down")
    return card


def relabel_cards(root: NodePath) -> None:
    """Every face-up card under ``root`` in the language now spoken."""
    for card in root.find_all_matches("**/=face=up"):
        key = card.get_tag("award")
        for part, words in zip(("text", "big", "unit"), card_words(key), strict=True):
            label = card.find(f"award-{key}-{part}")
            node = None if label.is_empty() else label.node()
            if not isinstance(node, TextNode):
                continue
            box, most = card_boxes(key)[part]
            fit_label(label, words, box, most)


class AwardCards:
    """This round's cards in the centre, the won ones by their buildings, and the seats' piles."""

    def __init__(
        self,
        root: NodePath,
        centre: NodePath,
        seats: list[SeatView],
        animator: Animator,
        centre_heading: Callable[[], float],
    ) -> None:
        self.root = root
        self.centre = centre
        self.seats = seats
        self.animator = animator
        self.centre_heading = centre_heading
        self.round_cards: dict[str, NodePath] = {}  # "gold" / "skyscraper" ... for this round
        self.round_cards_round = 0
        self.round_card_homes: dict[str, Point3] = {}  # where each lies in the centre
        # The reveal hands out the won cards one step at a time: the keys of those handed out so
        # far (None: all at once, after the screens have lifted).
        self.shown: set[str] | None = None
        self._round_end: RoundEnd | None = None

    def sync(self, flow: GameFlow, animate: bool) -> None:
        """This round's Award and Prize cards in the centre; at the end of a round the won ones lie
        beside their buildings; won cards wait in each seat's pile, face up only as
        ``pile_face_up`` allows."""
        re = flow.round_end if flow.mode is Mode.ROUND_END else None
        rnd = re.result.round if re is not None else flow.state.round
        if self.round_cards_round != rnd or flow.mode is Mode.GAME_OVER and self.round_cards:
            # A later round's cards are dealt: they slide in from the deck (the first lie there).
            deal = animate and self.round_cards_round != 0 and flow.mode is not Mode.GAME_OVER
            for n in self.round_cards.values():
                n.remove_node()
            self.round_cards = {}
            self.round_cards_round = rnd
            if flow.mode is not Mode.GAME_OVER:
                self._lay_out_round(len(self.seats), deal)
        self._round_end = re
        if re is not None:
            self._send_won(re, animate)
        self._sync_piles(flow, re)

    def _lay_out_round(self, players: int, deal: bool) -> None:
        awards = [a.value for a in AWARDS_BY_PLAYERS[players]]
        prizes = [p.value for p in Prize]
        slots = list(zip(awards, award_slots(len(awards), CENTRE_AWARDS, 1.0), strict=True))
        slots += zip(prizes, award_slots(len(prizes), CENTRE_PRIZES, 1.0), strict=True)
        for order, (key, (x, y)) in enumerate(slots):
            c = make_card(key, True)
            c.reparent_to(self.centre)
            home = Point3(x, y, 0.02)
            c.set_pos(home)
            self.round_cards[key] = c
            self.round_card_homes[key] = home
            if deal:
                c.set_pos(self.root, Point3(*DECK_POINT))
                self.animator.move(
                    c,
                    self.root.get_relative_point(self.centre, home),
                    self.centre_heading(),
                    DEAL_TIME,
                    DEAL_LIFT,
                    delay=DEAL_STAGGER / 2 * (order + 1),
                    blend="easeOut",
                )

    def _sync_piles(self, flow: GameFlow, re: RoundEnd | None) -> None:
        """The piles of won cards, from the engine's record."""
        state = flow.state
        for p, sv in enumerate(self.seats):
            keys = [a.value for a in state.awards[p]] + [z.value for z in state.prizes[p]]
            if re is not None:
                # This round's cards still lie by the building; the pile holds the earlier ones.
                this = {a.value for a, pl in re.result.awards.items() if pl.player == p} | {
                    z.value for z, pl in re.result.prizes.items() if pl.player == p
                }
                for k in this:
                    if k in keys:
                        keys.remove(k)
            sig = (tuple(keys), pile_face_up(flow, p))
            if sv.pile_sig == sig:
                continue
            sv.pile_sig = sig
            for n in sv.pile:
                n.remove_node()
            sv.pile = []
            for i, key in enumerate(keys):
                c = make_card(key, sig[1])
                c.reparent_to(self.root)
                x, y = pile_slot(sv.place, i)
                c.set_pos(x, y, 0.05 + 0.09 * i)
                c.set_h(sv.place.heading)
                sv.pile.append(c)

    def _send_won(self, re: RoundEnd, animate: bool) -> None:
        """This round's won cards go to lie beside their buildings (only those the reveal has
        handed out so far, when a reveal is on)."""
        won = [(a.value, pl.player) for a, pl in re.result.awards.items()]
        won += [(z.value, pl.player) for z, pl in re.result.prizes.items()]
        shown = self.shown
        paced = shown is not None
        for order, (key, player) in enumerate(won):
            card = self.round_cards.get(key)
            if card is None or shown is not None and key not in shown:
                continue
            nth = [k for k, p in won if p == player].index(key)
            lx, ly = 8.0 + 3.6 * (nth % 3), 3.0 - 5.0 * (nth // 3)
            place = self.seats[player].place
            wx, wy = place.to_world(lx, ly)
            end = Point3(wx, wy, 0.1)
            if (
                self.animator.target(card) == end
                or (card.get_pos(self.root) - end).length() <= 0.05
            ):
                continue
            if card.get_parent() != self.root:
                card.wrt_reparent_to(self.root)
            if animate:
                # After the screens have lifted one card after another; in a reveal at once.
                delay = 0.0 if paced else 0.9 + 0.35 * order
                self.animator.move(card, end, place.heading, 0.9, 6.0, delay=delay)
            else:
                card.set_pos(self.root, end)
                card.set_h(self.root, place.heading)

    def reveal(self, keys: Iterable[str]) -> None:
        """The reveal has come to these won cards: they fly to their buildings."""
        self.shown = set(keys)
        if self._round_end is not None:
            self._send_won(self._round_end, animate=True)

    def recall(self) -> None:
        """Every card of this round back to its place in the centre (to watch the reveal again)."""
        for key, card in self.round_cards.items():
            home = self.round_card_homes.get(key)
            if home is None:
                continue
            self.animator.cancel(card)
            if card.get_parent() != self.centre:
                card.wrt_reparent_to(self.centre)
            card.set_pos(home)
            card.set_hpr(0, 0, 0)

    def put_away(self, away: bool) -> None:
        """Hide (or show again) every card: the piles and this round's."""
        for card in [c for sv in self.seats for c in sv.pile] + list(self.round_cards.values()):
            card.hide() if away else card.show()
