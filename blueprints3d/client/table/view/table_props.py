"""The table's furniture, built once per game: the table top and its felt, each seat's screen and
name plate (with the VP chips beside it once a round's scores are public), and the centre's
scoreboard and bag. ``TableView`` moves the dice and cards over them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from panda3d.core import NodePath, Point3, TextNode

from blueprints3d.client.render import materials, style
from blueprints3d.client.scene import card_model, dice_model, units
from blueprints3d.client.scene.animation import Animator
from blueprints3d.client.scene.props import make_label, prop
from blueprints3d.client.scene.script_text import panda_text
from blueprints3d.client.table.model.flow import GameFlow, Mode
from blueprints3d.client.table.model.layout import (
    CENTRE_BAG,
    CENTRE_SCOREBOARD,
    LABEL_OFFSET,
    SCREEN_HEIGHT,
    SCREEN_OFFSET,
    SeatPlace,
    seat_places,
)
from blueprints3d.engine.blueprints import Blueprint
from blueprints3d.engine.materials import Material
from blueprints3d.engine.awards import Placement
from blueprints3d.engine.results import RoundResult, round_victory_points, victory_points
from blueprints3d.engine.rules import Award, Prize
from blueprints3d.i18n import N_, _, join_list, number
from blueprints3d.presentation.words import title_word

SEAT_COLOURS = [
    (0.20, 0.38, 0.70, 1),
    (0.72, 0.22, 0.20, 1),
    (0.85, 0.66, 0.15, 1),
    (0.45, 0.30, 0.62, 1),
]
TABLE_COLOUR = (0.36, 0.25, 0.16, 1)
FELT_COLOUR = (0.16, 0.34, 0.24, 1)
RANK_WORDS = (N_("1st"), N_("2nd"))  # on the scoreboard, before the in-demand dice
CHIP_SCALE = 2.1  # a round's VP chip by the name plate, cm of type
CHIP_GAP = 0.8  # between the plate's name and its first chip, cm
CHIP_COLOUR = (0.97, 0.80, 0.32, 1)  # the VP chips: gold, as the HUD's meters
CHIP_TEXT = (0.10, 0.09, 0.08, 1)
SCREEN_LOWER_TIME = 0.7  # s: a new round's screens glide down onto the table
SCREEN_LIFT = 40.0  # cm: a screen rises this high at a round's end
DROP_BOUNCE = 0.45  # cm: a let-go die, or a lowered screen, settles with a hop this high


@dataclass
class SeatView:
    place: SeatPlace
    root: NodePath
    screen: NodePath
    name_label: NodePath[TextNode]
    card: NodePath | None = None
    blueprint: Blueprint | None = None
    pile: list[NodePath] = field(default_factory=list)
    pile_sig: tuple | None = None  # what the pile shows now, to rebuild it only when that changes
    screen_up: bool = True
    chips: NodePath | None = None  # the round VP beside the name plate, once public
    chips_sig: tuple = ()  # the VP and the cards they show


@dataclass
class Centre:
    """The middle of the table, turned to face the viewer: the scoreboard and the bag."""

    scoreboard: NodePath
    bag: NodePath
    bag_label: NodePath[TextNode]


def build_table(root: NodePath) -> NodePath:
    """The table top under ``root``; returns its felt."""
    # models/table.bam: the wooden rim (a ring: the felt covers the rest), its edge, the felt.
    table = prop("table", "table-prop", TABLE_COLOUR)
    table.reparent_to(root)
    top, edge, felt = (table.find(part) for part in ("table-top", "table-edge", "table-felt"))
    felt.set_color(*FELT_COLOUR)
    # The wooden rim gets the walnut planks; the felt stays cloth, its nap in the lamp's pool of
    # light, the dice's shadows soft on it, as in the renders.
    materials.apply_surface_material(top, "table")
    materials.apply_surface_material(edge, "table")
    materials.apply_surface_material(felt, "felt")
    return felt


def build_seat(root: NodePath, players: int, p: int, name: str) -> SeatView:
    place = seat_places(players)[p]
    seat = root.attach_new_node(f"seat-{p}")
    seat.set_pos(place.x, place.y, 0.02)
    seat.set_h(place.heading)
    screen = prop("screen", f"screen-{p}", SEAT_COLOURS[p])
    screen.reparent_to(seat)
    materials.apply_surface_material(screen, "screen")
    screen.set_y(SCREEN_OFFSET)
    sign = make_label(f"screen-name-{p}", name, (1, 1, 1, 1), 2.2, flat=False)
    sign.reparent_to(screen)
    sign.set_shader_off(1)  # text keeps its own rendering, not the screen board's shader
    sign.set_color_scale_off(1)  # nor the board's dimming on the plain path: white stays white
    # On the screen's outer face (+Y), readable from the table centre.
    sign.set_pos(0, 0.3, SCREEN_HEIGHT * 0.1)  # low on the board: clear of the HUD's top lines
    sign.set_h(180)
    plate = make_label(f"name-{p}", name, (0.95, 0.95, 0.95, 1), 1.8)
    plate.reparent_to(seat)
    plate.set_pos(LABEL_OFFSET[0], LABEL_OFFSET[1], 0.05)
    return SeatView(place, seat, screen, plate)


def build_centre(centre: NodePath) -> Centre:
    board = prop("scoreboard", "scoreboard", (0.85, 0.82, 0.74, 1))
    board.reparent_to(centre)
    board.set_pos(CENTRE_SCOREBOARD[0], CENTRE_SCOREBOARD[1], 0)
    # Labels in front of the dice (nearer the viewer), where the dice cannot hide them.
    for i, text in enumerate(RANK_WORDS):
        lab = make_label(f"in-demand-{i}", _(text), (0.15, 0.15, 0.2, 1), 0.9)
        lab.reparent_to(board)
        lab.set_pos(-2.1 + 4.2 * i, -1.75, 0.32)
    bag = prop("bag", "bag", (0.36, 0.18, 0.42, 1))
    bag.reparent_to(centre)
    bag.set_pos(CENTRE_BAG[0], CENTRE_BAG[1], 0)
    bag.find("bag-neck").set_color(0.30, 0.15, 0.35, 1)
    # On the bag's front, facing the eye: over the bag, the count never stands over a seat's
    # screen board (above the bag it ran into the screen behind it, the longer words the more).
    bag_label = make_label("bag-count", "", (1, 1, 1, 1), 1.1, flat=False)
    bag_label.reparent_to(bag)
    bag_label.set_pos(0, -3.6, 4.2)
    bag_label.set_billboard_point_eye()
    return Centre(board, bag, bag_label)


def public_rounds(flow: GameFlow) -> list[RoundResult]:
    """The rounds whose VP the plates' chips may show: all scored ones at a round's end, at the
    game's end, or with open scores; none while a round is played."""
    public = flow.open_scores or flow.mode in (Mode.ROUND_END, Mode.GAME_OVER)
    return list(flow.state.round_results) if public else []


def earned_so_far(result: RoundResult, counted: set[str]) -> tuple[int | None, ...]:
    """Each player's VP from the ``counted`` cards of ``result`` (the Awards and Prizes the
    reveal has handed out so far); None for a player none of them has gone to yet."""
    out: list[int | None] = []
    for p in range(len(result.scores)):
        awards = [a for a, pl in result.awards.items() if pl.player == p and a.value in counted]
        prizes = [z for z, pl in result.prizes.items() if pl.player == p and z.value in counted]
        out.append(victory_points(awards, prizes) if awards or prizes else None)
    return tuple(out)


class VPChips:
    """The plates' VP chips: the public rounds' (``sync``, at every sync of the table), and while
    a reveal hands the last round's cards out, that round's counted from those cards (``count``:
    the reveal at each step; None, the whole round, at its summary and end)."""

    def __init__(self, seats: list[SeatView]) -> None:
        self.seats = seats
        self.rounds: list[RoundResult] = []
        self.counted: set[str] | None = None

    def sync(self, flow: GameFlow) -> None:
        self.rounds = public_rounds(flow)
        sync_chips(self.seats, self.rounds, self.counted)

    def count(self, keys: Iterable[str] | None) -> None:
        self.counted = None if keys is None else set(keys)
        sync_chips(self.seats, self.rounds, self.counted)


def cards_won(rounds: Sequence[RoundResult], counted: set[str] | None) -> list[list[str]]:
    """Each player's Award and Prize titles won so far, in the player's language, round by round
    (the last round's only as far as ``counted`` has handed them out)."""
    out: list[list[str]] = [[] for _p in (rounds[0].scores if rounds else ())]
    for i, rr in enumerate(rounds):
        shown = None if counted is None or i < len(rounds) - 1 else counted
        cards: list[tuple[Award | Prize, Placement]] = [*rr.awards.items(), *rr.prizes.items()]
        for card, pl in cards:
            if shown is None or card.value in shown:
                out[pl.player].append(title_word(card))
    return out


def sync_chips(
    seats: list[SeatView], rounds: Sequence[RoundResult], counted: set[str] | None = None
) -> None:
    """Each of ``rounds``' VP as a chip beside the player's name plate, round 1's first, and
    after them the cards won so far by name (handed out in the open: "Gold, Skyscraper"). While
    the reveal hands the last round's cards out (``counted``: those handed out so far), its chip
    appears at the first Award or Prize step that earns the player VP and shows what the steps so
    far earned: a chip never gives the round's end away before its step."""
    per_round: list[tuple[int | None, ...]] = [round_victory_points(rr) for rr in rounds]
    if counted is not None and rounds:
        per_round[-1] = earned_so_far(rounds[-1], counted)
    won = cards_won(rounds, counted)
    for p, sv in enumerate(seats):
        vps = tuple(v for vp in per_round if (v := vp[p]) is not None)
        sig = (vps, tuple(won[p]) if p < len(won) else ())
        if sig == sv.chips_sig:
            continue
        sv.chips_sig = sig
        if sv.chips is not None:
            sv.chips.remove_node()
            sv.chips = None
        if not vps:
            continue
        sv.chips = sv.root.attach_new_node(f"vp-chips-{p}")
        tn = sv.name_label.node()
        half = tn.get_width() * sv.name_label.get_sx() / 2
        x = LABEL_OFFSET[0] + half + CHIP_GAP
        for r, vp in enumerate(vps):
            chip = make_label(f"vp-chip-{p}-{r + 1}", number(vp), CHIP_TEXT, CHIP_SCALE)
            chip.node().set_card_color(*CHIP_COLOUR)
            chip.node().set_card_as_margin(0.3, 0.3, 0.15, 0.15)
            chip.node().set_card_decal(True)
            chip.reparent_to(sv.chips)
            chip.set_pos(x + CHIP_SCALE * 0.6, LABEL_OFFSET[1], 0.06)
            x += CHIP_SCALE * 1.7
        if sig[1]:
            names = make_label(f"won-{p}", join_list(list(sig[1])), style.INK, CHIP_SCALE * 0.8)
            names.node().set_align(TextNode.A_left)
            names.node().set_card_color(*style.PANEL_OVER)
            names.node().set_card_as_margin(0.3, 0.3, 0.15, 0.15)
            names.node().set_card_decal(True)
            names.reparent_to(sv.chips)
            names.set_pos(x + CHIP_SCALE * 0.2, LABEL_OFFSET[1], 0.06)


def screen_home(root: NodePath, sv: SeatView) -> Point3:
    """Where a seat's screen stands on the table, in ``root``'s frame."""
    return root.get_relative_point(sv.root, Point3(0, SCREEN_OFFSET, 0))


def sync_screens(
    seats: list[SeatView],
    root: NodePath,
    animator: Animator,
    flow: GameFlow,
    visible: set[int],
    animate: bool = True,
) -> None:
    """The screens stand before the buildings the viewer may not see; they rise off the table
    when the round is scored and come back down for the next."""
    lifted = flow.mode in (Mode.ROUND_END, Mode.GAME_OVER)
    for p, sv in enumerate(seats):
        if lifted and sv.screen_up:
            # The round is scored: screens rise off the table and vanish.
            sv.screen_up = False
            end = Point3(screen_home(root, sv) + Point3(0, 0, SCREEN_LIFT))
            if animate:
                animator.move(sv.screen, end, None, 0.8, on_done=sv.screen.hide)
            else:
                animator.cancel(sv.screen)
                sv.screen.set_pos(root, end)
                sv.screen.hide()
        elif not lifted:
            if not sv.screen_up:
                # The next round: the screens come back down from where they rose to.
                sv.screen_up = True
                if animate and p not in visible:
                    sv.screen.show()
                    home = screen_home(root, sv)
                    animator.move(sv.screen, home, None, SCREEN_LOWER_TIME, bounce=DROP_BOUNCE)
                else:
                    animator.cancel(sv.screen)
                    sv.screen.set_pos(0, SCREEN_OFFSET, 0)
            # The viewer's own screen would stand between them and the pool: it folds away.
            if p in visible:
                sv.screen.hide()
            else:
                sv.screen.show()


def relabel_seats(seats: list[SeatView], scoreboard: NodePath, names: list[str]) -> None:
    """The seats' names, their cards' printed titles and the in-demand ranks, in the language
    now spoken."""
    for sv, name in zip(seats, names, strict=True):
        if sv.card is not None and sv.blueprint is not None:
            card_model.reprint(sv.card, sv.blueprint)  # the card's printed title
        for label in (sv.screen.find(f"**/screen-name-{sv.place.seat}"), sv.name_label):
            set_label_text(label, panda_text(name))
    for i, text in enumerate(RANK_WORDS):
        set_label_text(scoreboard.find(f"in-demand-{i}"), panda_text(_(text)))


def set_label_text(label: NodePath, text: str) -> None:
    """A label found by name says ``text`` (a label not there: nothing to do)."""
    node = label.node() if not label.is_empty() else None
    if isinstance(node, TextNode):
        node.set_text(text)


def in_demand_dice(scoreboard: NodePath, mats: Sequence[Material]) -> list[NodePath]:
    """The round's in-demand materials as dice on the scoreboard: the 1st shows 1, the 2nd 6."""
    nodes = []
    for i, m in enumerate(mats):
        die = dice_model.make_die(m, 1 + 5 * i, variant=40 + i)
        die.reparent_to(scoreboard)
        die.set_pos(-2.1 + 4.2 * i, 0.5, 0.3 + units.DIE_SIZE / 2)
        nodes.append(die)
    return nodes
