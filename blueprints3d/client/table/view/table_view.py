"""The table scene: the table top, each seat's screen, card and building, the pool, the bag, the
scoreboard with the in-demand dice, the Award and Prize cards; kept in step with the game flow.

``TableView.sync(flow)`` puts every one of the 32 dice where the game says it is, gliding it there
if it is visible, and hides what the current viewer may not see. It never decides anything about
the rules: positions come from the engine's state (or the scored round) and the layout maths.

Motion with weight (client/scene/animation.py): a picked-up die rises and follows the pointer
with a little lag (``pick_up`` / ``carry_to`` / ``put_down``); at the next sync a die let go over
its space falls onto it and settles with a hop, one let go elsewhere (or refused) flies back to its
pool place along an arc; a computer's die settles at the end of its glide; a new round's screens
glide down and its cards slide in from the deck. Nothing waits on a motion: any pool die can be
picked while others glide. The animator's ``pace`` halves every time ("short"), ``instant`` ("off")
puts everything in place at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

from panda3d.core import NodePath, Point3

from blueprints3d.client.render import glass, highlight, materials
from blueprints3d.client.render.config import REFRACTION_MASK, SHADOW_MASK
from blueprints3d.client.scene import card_model, dice_model, units
from blueprints3d.client.scene.animation import Animator
from blueprints3d.client.scene.props import make_label, prop
from blueprints3d.client.scene.script_text import panda_text
from blueprints3d.client.scene.symbol_glyphs import glyph
from blueprints3d.client.scene.throw import Felt, Impact, ThrowPlayer, simulate
from blueprints3d.client.table.model.flow import GameFlow, Mode, Pending, RoundEnd
from blueprints3d.client.table.model.layout import (
    CENTRE_AWARDS,
    CENTRE_BAG,
    CENTRE_PRIZES,
    CENTRE_SCOREBOARD,
    LABEL_OFFSET,
    POOL_DIE_SCALE,
    SCREEN_HEIGHT,
    SCREEN_OFFSET,
    SeatPlace,
    award_slots,
    pile_slot,
    pool_slots,
    rotate,
    seat_places,
    stack_z,
)
from blueprints3d.engine.awards import AWARDS_BY_PLAYERS, Award
from blueprints3d.engine.blueprints import Blueprint
from blueprints3d.engine.materials import MATERIAL_OF, NUM_DICE, Material
from blueprints3d.engine.results import round_victory_points
from blueprints3d.engine.rules import PRIZE_SHORT_MESSAGES, PRIZE_VP
from blueprints3d.engine.scoring import Prize
from blueprints3d.engine.state import Phase
from blueprints3d.i18n import N_, _, number, translate

SEAT_COLOURS = [
    (0.20, 0.38, 0.70, 1),
    (0.72, 0.22, 0.20, 1),
    (0.85, 0.66, 0.15, 1),
    (0.45, 0.30, 0.62, 1),
]
TABLE_COLOUR = (0.36, 0.25, 0.16, 1)
FELT_COLOUR = (0.16, 0.34, 0.24, 1)
AWARD_COLOURS = {
    Award.GOLD: (0.86, 0.70, 0.20, 1),
    Award.SILVER: (0.75, 0.76, 0.80, 1),
    Award.BRONZE: (0.70, 0.45, 0.25, 1),
}
PRIZE_COLOUR = (0.93, 0.90, 0.82, 1)
AWARD_KEYS = {a.value for a in Award}
CARD_BACK = (0.30, 0.30, 0.36, 1)
LEGAL_RGBA = (0.25, 0.85, 0.35, 0.45)  # a space where the dragged die may go
HOVER_OK_RGBA = (0.15, 1.0, 0.25, 0.85)  # the space under the pointer, legal
HOVER_BAD_RGBA = (1.0, 0.18, 0.12, 0.80)  # the space under the pointer, illegal
SELECT_RGBA = (1.0, 0.85, 0.2, 0.55)  # keyboard selection of a die or a space
HOVER_DIE_RGBA = (0.92, 0.92, 0.85, 0.35)  # the pool die under the pointer: a pale outline
SET_ASIDE_OFFSET = (-7.5, -3.0)  # where a seat's dice that fitted nowhere wait
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
RANK_WORDS = (N_("1st"), N_("2nd"))  # on the scoreboard, before the in-demand dice
# Where thrown dice may land, in the centre frame: the band of felt around the pool row, in
# front of the Prize cards (whose near edge is at y = -8.7) and clear of the table's rim.
THROW_FELT_Y = (-17.0, -9.0)
THROW_FELT_MARGIN = 4.0  # cm beyond the pool row's ends
BAG_MOUTH_Z = 6.5
# The in-demand dice land on the felt between the Prize cards and the scoreboard, then hop up.
IN_DEMAND_FELT = Felt(-12.0, -3.0, -1.0, 3.0, z=0.0)
DRAG_HEIGHT = units.DIE_SIZE * 2.2  # a dragged die floats this high over the table
CARRY_SCALE = 1.12  # and is drawn this large (a pool die, POOL_DIE_SCALE)
INFO_SCALE = 1.9  # the die info label's type, cm (large: read at a glance)
INFO_LIFT = 2.6  # the label's centre over the die's top face, cm (clear of it)
CHIP_SCALE = 2.1  # a round's VP chip by the name plate, cm of type
CHIP_GAP = 0.8  # between the plate's name and its first chip, cm
CHIP_COLOUR = (0.97, 0.80, 0.32, 1)  # the VP chips: gold, as the HUD's meters
CHIP_TEXT = (0.10, 0.09, 0.08, 1)
INFO_AHEAD = 3.9  # a pool die's label, in front of the die's centre, cm
# Motion with weight (client/scene/animation.py; every time halves with "short", none with "off"):
DROP_TIME = 0.11  # s: a let-go die falls onto its place, speeding up...
DROP_BOUNCE = 0.45  # cm: ...and settles with a hop this high (BOUNCE_TIME)
PLACED_BOUNCE = 0.3  # cm: a computer's die, at the end of its glide
FLY_BACK_TIME = 0.3  # s: a refused die flies back to its pool place...
FLY_BACK_LIFT = 3.0  # cm: ...along an arc this high over the straight line
SCREEN_LOWER_TIME = 0.7  # s: a new round's screens glide down onto the table
SCREEN_LIFT = 40.0  # cm: a screen rises this high at a round's end
DEAL_TIME = 0.55  # s: a dealt card slides from the deck to its place
DEAL_LIFT = 2.5  # cm: over a low arc
DEAL_STAGGER = 0.12  # s: between one dealt card and the next
DECK_POINT = (0.0, 0.0, 1.0)  # where dealt cards come from: the table's centre


@dataclass
class SeatView:
    place: SeatPlace
    root: NodePath
    screen: NodePath
    name_label: NodePath
    card: NodePath | None = None
    blueprint: Blueprint | None = None
    pile: list[NodePath] = field(default_factory=list)
    pile_sig: tuple | None = None  # what the pile shows now, to rebuild it only when that changes
    screen_up: bool = True
    chips: NodePath | None = None  # the round VP beside the name plate, once public
    chips_sig: tuple = ()  # the VP they show


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


class TableView:
    def __init__(self, root: NodePath, names: list[str]) -> None:
        self.root = root.attach_new_node("table")
        self.players = len(names)
        self.animator = Animator(self.root)
        self.centre_heading = 0.0
        self._build_table()
        self.seats = [self._build_seat(p, names[p]) for p in range(self.players)]
        self.centre = self.root.attach_new_node("centre")  # turns to face the viewer
        self._build_centre()
        self.dice_root = self.root.attach_new_node("dice")
        self.dice: dict[int, NodePath] = {}
        self.values: dict[int, int] = {}
        self.in_pool: dict[int, bool] = {}  # where each die was at the last sync
        self.hiding: set[int] = set()  # dice gliding behind a screen, to vanish on arrival
        for d in range(NUM_DICE):
            node = dice_model.make_die(Material(MATERIAL_OF[d]), 1, variant=d)
            node.reparent_to(self.dice_root)
            node.set_tag("die", str(d))
            node.set_pos(self.bag_position())
            node.hide()
            self.dice[d] = node
            self.values[d] = 1
        self.in_demand_nodes: list[NodePath] = []
        self.in_demand_key: tuple = ()
        self.round_cards: dict[str, NodePath] = {}  # "gold" / "skyscraper" ... for this round
        self.round_cards_round = 0
        self.round_card_homes: dict[str, Point3] = {}  # where each lies in the centre
        # The reveal hands out the won cards one step at a time: the keys of those handed out so
        # far (None: all at once, after the screens have lifted).
        self.cards_shown: set[str] | None = None
        self._round_end: RoundEnd | None = None
        self.dragging: int | None = None
        self.dropped: int | None = (
            None  # the die just let go of: the next sync drops it or flies it back
        )
        self.selected_die: int | None = None
        self.hovered_die: int | None = None
        self.highlighted_cells: dict[int, dict[int, tuple | None]] = {}  # seat -> cell -> rgba
        self.info_die: int | None = None
        self.info_label = self._build_info_label("die-info")
        self.space_label = self._build_info_label("space-info")  # the pointed space's height
        self.stacks: Sequence[
            Sequence[Sequence[int]]
        ] = ()  # [seat][cell] die ids, as at the last sync
        # Dice coming out of the bag are thrown (client/scene/throw.py) when ``throws`` is on;
        # otherwise they glide. Each throw plays on its own player; ``on_impact`` hears its hits.
        self.throws = True
        self.throwing: dict[int, ThrowPlayer] = {}  # die -> the throw it is in
        self.side_throws: list[ThrowPlayer] = []  # the in-demand dice's, onto the scoreboard
        self.on_impact: Callable[[Impact], object] | None = None  # what it returns is not used
        self._throw_count = 0

    # ---- building the props -------------------------------------------------------------------
    def _build_table(self) -> None:
        # models/table.bam: the wooden rim (a ring: the felt covers the rest), its edge, the felt.
        table = prop("table", "table-prop", TABLE_COLOUR)
        table.reparent_to(self.root)
        top, edge, felt = (table.find(part) for part in ("table-top", "table-edge", "table-felt"))
        felt.set_color(*FELT_COLOUR)
        # The wooden rim gets the walnut planks; the felt stays cloth (lit, and shadowed).
        materials.apply_surface_material(top, "table")
        materials.apply_surface_material(edge, "table")

    def _build_seat(self, p: int, name: str) -> SeatView:
        place = seat_places(self.players)[p]
        root = self.root.attach_new_node(f"seat-{p}")
        root.set_pos(place.x, place.y, 0.02)
        root.set_h(place.heading)
        screen = prop("screen", f"screen-{p}", SEAT_COLOURS[p])
        screen.reparent_to(root)
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
        plate.reparent_to(root)
        plate.set_pos(LABEL_OFFSET[0], LABEL_OFFSET[1], 0.05)
        return SeatView(place, root, screen, plate)

    def _build_centre(self) -> None:
        board = prop("scoreboard", "scoreboard", (0.85, 0.82, 0.74, 1))
        board.reparent_to(self.centre)
        board.set_pos(CENTRE_SCOREBOARD[0], CENTRE_SCOREBOARD[1], 0)
        # Labels in front of the dice (nearer the viewer), where the dice cannot hide them.
        for i, text in enumerate(RANK_WORDS):
            lab = make_label(f"in-demand-{i}", _(text), (0.15, 0.15, 0.2, 1), 0.9)
            lab.reparent_to(board)
            lab.set_pos(-2.1 + 4.2 * i, -1.75, 0.32)
        self.scoreboard = board
        bag = prop("bag", "bag", (0.36, 0.18, 0.42, 1))
        bag.reparent_to(self.centre)
        bag.set_pos(CENTRE_BAG[0], CENTRE_BAG[1], 0)
        bag.find("bag-neck").set_color(0.30, 0.15, 0.35, 1)
        self.bag = bag
        self.bag_label = make_label("bag-count", "", (1, 1, 1, 1), 1.3, flat=False)
        self.bag_label.reparent_to(bag)
        self.bag_label.set_pos(0, 0, 9.0)
        self.bag_label.set_billboard_point_eye()

    def bag_position(self) -> Point3:
        x, y = rotate(*CENTRE_BAG, self.centre_heading)
        return Point3(x, y, 6.5)

    @staticmethod
    def _card_words(key: str) -> tuple[str, str, str]:
        """An Award or Prize card's words: its name, its big line, the line under it."""
        title = _(CARD_TITLES[key]) if key in CARD_TITLES else key.replace("_", " ").title()
        if key in AWARD_KEYS:
            # An Award's worth is what matters at a glance; a Prize's condition (all are worth the same).
            return title, number(Award(key).victory_points), _("VP")
        return title, translate(PRIZE_GLYPHS[key]), _("{vp} VP", vp=PRIZE_VP)

    def relabel(self, names: list[str]) -> None:
        """Every word on the table again, in the language now spoken (the settings screen's
        Language): the seats' names and cards, the in-demand ranks, the face-up cards' words."""
        for sv, name in zip(self.seats, names):
            if sv.card is not None and sv.blueprint is not None:
                card_model.reprint(sv.card, sv.blueprint)  # the card's printed title
            for label in (sv.screen.find(f"**/screen-name-{sv.place.seat}"), sv.name_label):
                if not label.is_empty():
                    label.node().set_text(panda_text(name))
        for i, text in enumerate(RANK_WORDS):
            label = self.scoreboard.find(f"in-demand-{i}")
            if not label.is_empty():
                label.node().set_text(panda_text(_(text)))
        for card in self.root.find_all_matches("**/=face=up"):
            key = card.get_tag("award")
            for part, words in zip(("text", "big", "unit"), self._card_words(key)):
                label = card.find(f"award-{key}-{part}")
                if not label.is_empty():
                    label.node().set_text(
                        panda_text(
                            words,
                            wordwrap=label.node().get_wordwrap()
                            if label.node().has_wordwrap()
                            else None,
                        )
                    )

    def _make_award_card(self, key: str, face_up: bool) -> NodePath:
        award = key in AWARD_KEYS
        colour = AWARD_COLOURS[Award(key)] if award else PRIZE_COLOUR
        card = prop("award-card", f"award-{key}", colour if face_up else CARD_BACK)
        if face_up:
            # Read at a glance from across the table: the name on top, the VP big below it.
            title, big_text, unit_text = self._card_words(key)
            big_scale = 2.0 if award else 0.85
            ink = (0.1, 0.1, 0.15, 1)
            name = make_label(f"award-{key}-text", title, ink, 0.62 if award else 0.5, wordwrap=6.0)
            name.reparent_to(card)
            name.set_pos(0, 1.35, 0.1)
            big = make_label(f"award-{key}-big", big_text, ink, big_scale, wordwrap=3.6)
            big.reparent_to(card)
            big.set_pos(0, -0.85 if award else -0.1, 0.1)
            unit = make_label(f"award-{key}-unit", unit_text, ink, 0.5)
            unit.reparent_to(card)
            unit.set_pos(0, -1.75, 0.1)
        else:
            # A card back, not a blank slab: it reads as a won card lying face down.
            back = make_label(f"award-{key}-back", "Blueprints", (0.78, 0.78, 0.84, 1), 0.55)
            back.reparent_to(card)
            back.set_pos(0, 0, 0.1)
            back.set_h(90)
        card.set_tag("award", key)
        card.set_tag("face", "up" if face_up else "down")
        return card

    # ---- keeping in step with the game --------------------------------------------------------
    def set_centre_heading(self, heading: float) -> None:
        """Turn the pool, bag and scoreboard to read the right way for the viewer."""
        self.centre_heading = heading
        self.centre.set_h(heading)

    def card_of(self, seat: int) -> NodePath | None:
        return self.seats[seat].card

    def blueprint_of(self, seat: int) -> Blueprint:
        """The blueprint of a seat's card. Every seat has one from the first ``sync`` on, which
        comes before any die, space or pointer is asked about (TableApp.start_game)."""
        bp = self.seats[seat].blueprint
        assert bp is not None, "the table view has not been synced with a game yet"
        return bp

    def cell_world(self, seat: int, cell: int, level: int = 0) -> Point3:
        """Centre of a die at ``level`` on ``cell`` of a seat's card, in the table's frame."""
        sv = self.seats[seat]
        x, y = card_model.cell_position(self.blueprint_of(seat), cell)
        return self.root.get_relative_point(sv.root, Point3(x, y, stack_z(level)))

    def pool_world(self, index: int, count: int) -> Point3:
        x, y = pool_slots(count)[index]
        wx, wy = rotate(x, y, self.centre_heading)
        return Point3(wx, wy, units.DIE_SIZE * POOL_DIE_SCALE / 2)

    def sync(self, flow: GameFlow, animate: bool = True) -> None:
        state = flow.state
        visible = flow.visible_seats()
        re = flow.round_end if flow.mode is Mode.ROUND_END else None
        blueprints = re.result.blueprints if re is not None else tuple(state.blueprints)
        stacks = re.stacks if re is not None else state.stacks
        values = re.values if re is not None else state.values
        set_aside = re.set_aside if re is not None else state.set_aside
        pool = [] if re is not None else list(state.pool)
        self._sync_cards(blueprints, visible, animate)
        self._cover_occupied(flow, stacks, re is None)
        self.stacks = stacks
        self._sync_screens(flow, visible, animate)
        targets: dict[int, tuple[Point3, float, bool]] = {}
        for i, d in enumerate(pool):
            targets[d] = (self.pool_world(i, len(pool)), self.centre_heading, True)
        for p in range(self.players):
            heading = self.seats[p].place.heading
            for cell, st in enumerate(stacks[p]):
                for level, d in enumerate(st):
                    targets[d] = (self.cell_world(p, cell, level), heading, p in visible)
            for i, d in enumerate(set_aside[p]):
                lx, ly = SET_ASIDE_OFFSET[0], SET_ASIDE_OFFSET[1] + 2.0 * i
                wx, wy = self.seats[p].place.to_world(lx, ly)
                targets[d] = (Point3(wx, wy, units.DIE_SIZE / 2), heading, True)
        if flow.pending is not None and re is None:  # a tentative move: shown here, not yet applied
            targets[flow.pending.die] = self._pending_target(
                flow, flow.pending, targets[flow.pending.die][0]
            )
        pool_set = set(pool)
        # Behind the curtain nothing secret may be in flight: the next person must see none of it.
        curtain = flow.mode is Mode.CURTAIN
        self._finish_stale_throws(targets, animate and not curtain)
        thrown: list[tuple[int, Point3]] = []
        dropped, self.dropped = self.dropped, None
        for d, node in self.dice.items():
            if d == self.dragging or d in self.throwing:
                continue
            if values[d] != self.values[d]:
                dice_model.set_die_value(node, values[d])
                self.values[d] = values[d]
            target = targets.get(d)
            # Loose in the pool a die is larger, so its top face reads from the default view.
            in_pool_slot = (
                target is not None
                and d in pool_set
                and (flow.pending is None or flow.pending.die != d)
            )
            scale = POOL_DIE_SCALE if in_pool_slot else 1.0
            if d != dropped or not animate:
                node.set_scale(scale)  # the die just let go grows or shrinks on its way there
            if target is None:  # in the bag, discarded, or not this round's
                self.in_pool[d] = False
                self.animator.cancel(node)
                node.hide()
                node.set_pos(self.bag_position())
                continue
            pos, heading, show = target
            from_pool, self.in_pool[d] = self.in_pool.get(d, False), d in pool_set
            if not show:
                if d in self.hiding and self.animator.target(node) == pos and not curtain:
                    continue  # still on its way behind a screen
                if from_pool and not node.is_hidden() and animate and not curtain:
                    # Taken from the pool by someone else: it travels to their screen, then vanishes.
                    self.hiding.add(d)
                    self.animator.move(
                        node, pos, heading, 0.45, 3.0, on_done=partial(self._hidden, d)
                    )
                else:
                    self._hidden(d)  # never leave a secret die in view
                    node.set_pos(self.root, pos)
                continue
            was_hidden = node.is_hidden()
            self.hiding.discard(d)
            if was_hidden and in_pool_slot and animate and self.throws and not curtain:
                thrown.append((d, pos))  # out of the bag: thrown onto the felt, below
                continue
            node.show()
            if was_hidden:
                node.set_pos(self.root, self.bag_position())
            if (pos - node.get_pos(self.root)).length() < 1e-3:
                self.animator.cancel(node)  # a glide elsewhere, started by an older sync, is stale
                node.set_h(self.root, heading)
                node.set_scale(scale)
                continue
            if not animate:
                self.animator.cancel(node)
                node.set_pos(self.root, pos)
                node.set_h(self.root, heading)
            elif d == dropped and in_pool_slot:
                # Let go off the card, or refused: back to its pool place along a high arc.
                self.animator.move(node, pos, heading, FLY_BACK_TIME, FLY_BACK_LIFT, scale=scale)
            elif d == dropped:
                # Let go over its space: it falls onto the stack and settles with a hop.
                self.animator.move(
                    node, pos, heading, DROP_TIME, blend="easeIn", bounce=DROP_BOUNCE, scale=scale
                )
            elif self.animator.target(node) != pos:
                self.animator.move(
                    node,
                    pos,
                    heading,
                    0.35 if not was_hidden else 0.5,
                    2.0 if was_hidden else 0.8,
                    bounce=0.0 if in_pool_slot or was_hidden else PLACED_BOUNCE,
                )
        if thrown:
            still = [
                targets[d][0]
                for d in pool
                if d not in dict(thrown) and not self.dice[d].is_hidden()
            ]
            self._throw(thrown, still, len(pool), flow)
        self._sync_in_demand(flow, animate and not curtain)
        self._sync_awards(flow, animate)
        self._sync_chips(flow)
        self.bag_label.node().set_text(panda_text(_("bag: {count}", count=len(state.bag))))

    # ---- throws -------------------------------------------------------------------------------
    def throw_felt(self, count: int) -> Felt:
        """The felt the pool's dice are thrown onto, in the centre frame."""
        xs = [x for x, _ in pool_slots(max(count, 1))]
        half = units.DIE_SIZE * POOL_DIE_SCALE / 2 + THROW_FELT_MARGIN
        return Felt(min(xs) - half, THROW_FELT_Y[0], max(xs) + half, THROW_FELT_Y[1], z=0.0)

    def _throw(
        self, thrown: list[tuple[int, Point3]], still: list[Point3], count: int, flow: GameFlow
    ) -> None:
        """Throw ``thrown`` (die, pool place in the table's frame) from the bag onto the felt;
        they come to rest showing their values, then glide to their places. The engine's seed
        and the number of moves so far choose the throw, so a game always throws the same."""
        ids = [d for d, _ in thrown]
        local = [self.centre.get_relative_point(self.root, p) for _, p in thrown]
        rest = [
            (q.x, q.y, 0.0) for q in (self.centre.get_relative_point(self.root, p) for p in still)
        ]
        state = flow.state
        seed = (
            (state.seed or 0) * 1_000_003 + state.round * 10_007 + len(state.log) * 101 + ids[0]
        ) & 0xFFFFFFFF
        size = units.DIE_SIZE * POOL_DIE_SCALE
        try:
            throw = simulate(
                [self.values[d] for d in ids],
                seed,
                (*CENTRE_BAG, BAG_MOUTH_Z),
                self.throw_felt(count),
                size=size,
                variants=ids,
                still=rest,
            )
        except RuntimeError:  # no clean throw (never seen in the soak test): the dice glide instead
            for d, pos in thrown:
                node = self.dice[d]
                node.show()
                node.set_pos(self.root, self.bag_position())
                self.animator.move(node, pos, self.centre_heading, 0.5, 2.0)
            return
        nodes = [self.dice[d] for d in ids]
        for node in nodes:
            self.animator.cancel(node)
        player = ThrowPlayer(
            throw,
            nodes,
            self.centre,
            [Point3(q.x, q.y, q.z) for q in local],
            heading=0.0,
            on_impact=self._impact,
        )
        player.on_done = lambda: self._thrown(player)
        self._throw_count += 1
        for d in ids:
            self.throwing[d] = player

    def throw_pool(self, flow: GameFlow) -> None:
        """The game's first pool comes out of the bag: put its dice back in the bag and let
        sync throw them (a resumed game's pool just lies there)."""
        for d in flow.state.pool:
            self.dice[d].hide()
            self.in_pool[d] = False
        self.in_demand_key = ()  # and the in-demand dice roll onto the scoreboard
        self.sync(flow, animate=True)

    def _throw_in_demand(self, flow: GameFlow) -> None:
        """The round's two in-demand dice roll out of the bag onto the felt beside the
        scoreboard, then hop up onto it."""
        nodes = self.in_demand_nodes
        targets = [self.centre.get_relative_point(self.scoreboard, n.get_pos()) for n in nodes]
        state = flow.state
        seed = ((state.seed or 0) * 7_919 + state.round * 104_729 + 17) & 0xFFFFFFFF
        try:
            throw = simulate(
                [1, 6][: len(nodes)],
                seed,
                (*CENTRE_BAG, BAG_MOUTH_Z),
                IN_DEMAND_FELT,
                variants=[40 + i for i in range(len(nodes))],
            )
        except RuntimeError:
            return  # they simply lie on the board
        player = ThrowPlayer(
            throw, nodes, self.centre, targets, heading=0.0, lift=3.0, on_impact=self._impact
        )
        player.on_done = lambda: (
            self.side_throws.remove(player) if player in self.side_throws else None
        )
        self.side_throws.append(player)

    def _impact(self, event: Impact) -> None:
        if self.on_impact is not None:
            self.on_impact(event)

    def _thrown(self, player: ThrowPlayer) -> None:
        for d in [d for d, p in self.throwing.items() if p is player]:
            del self.throwing[d]
            self.in_pool[d] = True

    def _finish_stale_throws(self, targets, animate: bool) -> None:
        """A throw whose dice are no longer all going to the same places (one was taken, the
        pool was sorted anew, a curtain fell) jumps to its end before the dice move on."""
        for player in {id(p): p for p in self.throwing.values()}.values():
            ids = [d for d, p in self.throwing.items() if p is player]
            same = animate and all(
                d in targets
                and (self.root.get_relative_point(self.centre, t) - targets[d][0]).length() < 1e-3
                for d, t in zip(ids, player.targets or ())
            )
            if not same:
                player.finish()

    # ---- the hand -----------------------------------------------------------------------------
    def pick_up(self, die: int, goal: Point3) -> None:
        """A die is picked up (the pointer's point on the carry plane is ``goal``): it rises, taking
        its carried size, and follows the pointer with a little lag (animation.Carry); a throw it
        is in ends first."""
        player = self.throwing.get(die)
        if player is not None:
            player.finish()
        self.dragging = die
        node = self.dice[die]
        self.animator.carry(node, goal, node.get_h(self.root), CARRY_SCALE)

    def carry_to(self, goal: Point3) -> None:
        """The pointer moved: where the carried die heads now."""
        self.animator.carry_to(goal)

    def put_down(self) -> None:
        """The carried die is let go where it is: the next sync drops it onto its place with a
        settle, or flies it back to the pool."""
        if self.dragging is not None:
            self.dropped = self.dragging
        self.dragging = None
        self.animator.put_down()

    @property
    def carried_goal(self) -> Point3 | None:
        c = self.animator.carried
        return None if c is None else Point3(c.goal)

    def set_animations(self, setting: str) -> None:
        """The "animations" setting: full (dice thrown from the bag, glides), short (quicker
        glides, no throws) or off (everything in place at once)."""
        self.throws = setting == "full"
        self.animator.pace = 0.5 if setting == "short" else 1.0
        self.animator.instant = setting == "off"

    def update(self, dt: float) -> None:
        """Every frame: the glides, the carried die and the throws."""
        self.animator.update(dt)
        for player in list({id(p): p for p in self.throwing.values()}.values()) + list(
            self.side_throws
        ):
            player.update(dt)

    def finish_throws(self) -> None:
        """Every throw at its end: the dice in their pool places (Space skips a throw)."""
        for player in list({id(p): p for p in self.throwing.values()}.values()) + list(
            self.side_throws
        ):
            player.finish()

    def finish_all(self) -> None:
        """Every glide and throw at its end (tests, settle)."""
        self.finish_throws()
        self.animator.finish_all()

    @property
    def throw_in_flight(self) -> bool:
        return bool(self.throwing or self.side_throws)

    @property
    def animating(self) -> bool:
        """Is anything still moving on its own: a throw or a glide (not the carried die)?"""
        return bool(self.throwing or self.side_throws) or self.animator.active

    def _pending_target(
        self, flow: GameFlow, pend: Pending, in_pool: Point3
    ) -> tuple[Point3, float, bool]:
        """Where a tentative move's die waits for the confirm: on top of its space, beside the
        card when set aside, or lifted over its pool place when it is to be discarded."""
        state = flow.state
        p = pend.player
        heading = self.seats[p].place.heading
        if pend.cell is not None:
            return self.cell_world(p, pend.cell, len(state.stacks[p][pend.cell])), heading, True
        if state.phase is Phase.TAKE:  # set aside: it fits nowhere
            lx, ly = SET_ASIDE_OFFSET[0], SET_ASIDE_OFFSET[1] + 2.0 * len(state.set_aside[p])
            wx, wy = self.seats[p].place.to_world(lx, ly)
            return Point3(wx, wy, units.DIE_SIZE / 2), heading, True
        return (
            Point3(in_pool.x, in_pool.y, in_pool.z + units.DIE_SIZE * 1.6),
            self.centre_heading,
            True,
        )

    def _cover_occupied(self, flow: GameFlow, stacks, live: bool) -> None:
        """Paper over the printed height of every space a die stands on (a tentative one too)."""
        pend = flow.pending if live else None
        for p, sv in enumerate(self.seats):
            if sv.card is None:
                continue
            cells = [c for c, st in enumerate(stacks[p]) if st]
            if pend is not None and pend.player == p and pend.cell is not None:
                cells.append(pend.cell)
            card_model.cover_spaces(sv.card, cells)

    def _hidden(self, d: int) -> None:
        node = self.dice[d]
        self.hiding.discard(d)
        self.animator.cancel(node)
        node.hide()

    def _sync_cards(self, blueprints, visible: set[int], animate: bool = False) -> None:
        dealt = 0
        for p, sv in enumerate(self.seats):
            bp = blueprints[p]
            deal = False
            if sv.blueprint is not bp:
                deal = sv.blueprint is not None  # a new round's card (the game's first lie there)
                if sv.card is not None:
                    sv.card.remove_node()
                    sv.card = None
                sv.blueprint = bp
                self.highlighted_cells.pop(p, None)
            if sv.card is None:
                card = self._build_card(
                    sv, bp
                )  # a deck card's face is a baked texture: no wait for it
                if deal and animate:
                    self._deal(sv, card, dealt)
                    dealt += 1
            if sv.card is not None:
                if p in visible:
                    sv.card.show()
                else:
                    sv.card.hide()

    def _build_card(self, sv: SeatView, bp: Blueprint) -> NodePath:
        sv.card = card = card_model.make_card(bp)
        card.reparent_to(sv.root)
        card.hide()
        self._update_ground()
        return card

    def _deal(self, sv: SeatView, card: NodePath, order: int) -> None:
        """A new round's card slides from the deck (the table's centre) to its place."""
        home = self.root.get_relative_point(sv.root, Point3(0, 0, 0))
        card.set_pos(self.root, Point3(*DECK_POINT))
        self.animator.move(
            card,
            home,
            sv.place.heading,
            DEAL_TIME,
            DEAL_LIFT,
            delay=DEAL_STAGGER * order,
            blend="easeOut",
            on_done=self._update_ground,
        )

    def _update_ground(self) -> None:
        """Tell glass what lies under it: the cards (where they are now) and the felt."""
        cards = [sv.card for sv in self.seats if sv.card is not None]
        glass.set_ground(self.root, cards[: materials.MAX_GROUND_CARDS], table=FELT_COLOUR)

    def screen_home(self, seat: int) -> Point3:
        """Where a seat's screen stands on the table, in the table's frame."""
        return self.root.get_relative_point(self.seats[seat].root, Point3(0, SCREEN_OFFSET, 0))

    def _sync_screens(self, flow: GameFlow, visible: set[int], animate: bool = True) -> None:
        lifted = flow.mode in (Mode.ROUND_END, Mode.GAME_OVER)
        for p, sv in enumerate(self.seats):
            if lifted and sv.screen_up:
                # The round is scored: screens rise off the table and vanish.
                sv.screen_up = False
                end = self.screen_home(p) + Point3(0, 0, SCREEN_LIFT)
                if animate:
                    self.animator.move(sv.screen, end, None, 0.8, on_done=sv.screen.hide)
                else:
                    self.animator.cancel(sv.screen)
                    sv.screen.set_pos(self.root, end)
                    sv.screen.hide()
            elif not lifted:
                if not sv.screen_up:
                    # The next round: the screens come back down from where they rose to.
                    sv.screen_up = True
                    if animate and p not in visible:
                        sv.screen.show()
                        self.animator.move(
                            sv.screen,
                            self.screen_home(p),
                            None,
                            SCREEN_LOWER_TIME,
                            bounce=DROP_BOUNCE,
                        )
                    else:
                        self.animator.cancel(sv.screen)
                        sv.screen.set_pos(0, SCREEN_OFFSET, 0)
                # The viewer's own screen would stand between them and the pool: it folds away.
                if p in visible:
                    sv.screen.hide()
                else:
                    sv.screen.show()

    def _sync_in_demand(self, flow: GameFlow, animate: bool = False) -> None:
        if flow.mode is Mode.ROUND_END and flow.round_end is not None:
            mats = flow.round_end.result.in_demand
        else:
            mats = flow.state.in_demand_materials()
        key = tuple(mats)
        if key == self.in_demand_key:
            return
        self.side_throws.clear()  # a throw of the old dice, cut short: they are going
        for n in self.in_demand_nodes:
            n.remove_node()
        self.in_demand_nodes = []
        for i, m in enumerate(mats):
            die = dice_model.make_die(m, 1 + 5 * i, variant=40 + i)
            die.reparent_to(self.scoreboard)
            die.set_pos(-2.1 + 4.2 * i, 0.5, 0.3 + units.DIE_SIZE / 2)
            self.in_demand_nodes.append(die)
        if animate and self.throws:
            self._throw_in_demand(flow)
        self.in_demand_key = key

    def _sync_awards(self, flow: GameFlow, animate: bool) -> None:
        """This round's Award and Prize cards in the centre; at the end of a round the won ones lie
        beside their buildings; won cards wait in each seat's pile, face up only as
        ``pile_face_up`` allows."""
        state = flow.state
        re = flow.round_end if flow.mode is Mode.ROUND_END else None
        rnd = re.result.round if re is not None else state.round
        if self.round_cards_round != rnd or flow.mode is Mode.GAME_OVER and self.round_cards:
            # A later round's cards are dealt: they slide in from the deck (the first lie there).
            deal = animate and self.round_cards_round != 0 and flow.mode is not Mode.GAME_OVER
            for n in self.round_cards.values():
                n.remove_node()
            self.round_cards = {}
            self.round_cards_round = rnd
            if flow.mode is not Mode.GAME_OVER:
                awards = [a.value for a in AWARDS_BY_PLAYERS[self.players]]
                prizes = [p.value for p in Prize]
                slots = list(zip(awards, award_slots(len(awards), CENTRE_AWARDS, 1.0))) + list(
                    zip(prizes, award_slots(len(prizes), CENTRE_PRIZES, 1.0))
                )
                for order, (key, (x, y)) in enumerate(slots):
                    c = self._make_award_card(key, True)
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
                            self.centre_heading,
                            DEAL_TIME,
                            DEAL_LIFT,
                            delay=DEAL_STAGGER / 2 * (order + 1),
                            blend="easeOut",
                        )
        self._round_end = re
        if re is not None:
            self._send_won_cards(re, animate)
        # The piles of won cards, from the engine's record.
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
                c = self._make_award_card(key, sig[1])
                c.reparent_to(self.root)
                x, y = pile_slot(sv.place, i)
                c.set_pos(x, y, 0.05 + 0.09 * i)
                c.set_h(sv.place.heading)
                sv.pile.append(c)

    def _send_won_cards(self, re: RoundEnd, animate: bool) -> None:
        """This round's won cards go to lie beside their buildings (only those the reveal has
        handed out so far, when a reveal is on)."""
        won = [(a.value, pl.player) for a, pl in re.result.awards.items()]
        won += [(z.value, pl.player) for z, pl in re.result.prizes.items()]
        shown = self.cards_shown
        paced = shown is not None
        for order, (key, player) in enumerate(won):
            card = self.round_cards.get(key)
            if card is None or shown is not None and key not in shown:
                continue
            nth = [k for k, p in won if p == player].index(key)
            lx, ly = 8.0 + 3.6 * (nth % 3), 3.0 - 5.0 * (nth // 3)
            wx, wy = self.seats[player].place.to_world(lx, ly)
            end = Point3(wx, wy, 0.1)
            if (
                self.animator.target(card) != end
                and (card.get_pos(self.root) - end).length() > 0.05
            ):
                if card.get_parent() != self.root:
                    card.wrt_reparent_to(self.root)
                if animate:
                    # After the screens have lifted one card after another; in a reveal at once.
                    self.animator.move(
                        card,
                        end,
                        self.seats[player].place.heading,
                        0.9,
                        6.0,
                        delay=0.0 if paced else 0.9 + 0.35 * order,
                    )
                else:
                    card.set_pos(self.root, end)
                    card.set_h(self.root, self.seats[player].place.heading)

    def reveal_cards(self, keys) -> None:
        """The reveal has come to these won cards: they fly to their buildings."""
        self.cards_shown = set(keys)
        if self._round_end is not None:
            self._send_won_cards(self._round_end, animate=True)

    def recall_won_cards(self) -> None:
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

    # ---- highlights ---------------------------------------------------------------------------
    def highlight_cells(self, seat: int, colours: dict[int, tuple | None]) -> None:
        """Light the given cells of a seat's card (cell -> rgba); every other cell goes dark."""
        card = self.seats[seat].card
        if card is None:
            return
        old = self.highlighted_cells.get(seat, {})
        if old == colours:
            return
        for cell in range(self.blueprint_of(seat).num_cells):  # a card is made from its blueprint
            overlay = card.find(f"space-{cell}")
            if overlay.is_empty():
                continue
            highlight.set_highlight(overlay, colours.get(cell))
        self.highlighted_cells[seat] = dict(colours)
        # The space the drop (or the keyboard) would use: its printed height, in large type.
        pointed = next(
            (c for c, rgba in colours.items() if rgba in (HOVER_OK_RGBA, HOVER_BAD_RGBA)), None
        )
        self.show_space_info(seat if pointed is not None else None, pointed)

    def space_info_text(self, seat: int, cell: int) -> str:
        height = self.blueprint_of(seat).heights[cell]
        if height is None:
            return _("no building here")
        on = len(self.stacks[seat][cell]) if seat < len(self.stacks) else 0
        return (
            _("needs {height} ({on} on it)", height=height, on=on)
            if on
            else _("needs {height}", height=height)
        )

    def show_space_info(self, seat: int | None, cell: int | None) -> None:
        """Show over a space of ``seat``'s card the height printed on it; None hides it."""
        if (
            seat is None
            or cell is None
            or self.seats[seat].blueprint is None
            or self.seats[seat].card is None
        ):
            self.space_label.hide()
            return
        self.space_label.node().set_text(panda_text(self.space_info_text(seat, cell)))
        on = len(self.stacks[seat][cell]) if seat < len(self.stacks) else 0
        p = self.cell_world(seat, cell, on)
        self.space_label.set_pos(p.x, p.y, p.z + units.DIE_SIZE / 2 + INFO_LIFT)
        self.space_label.show()
        self.space_label.hide(SHADOW_MASK | REFRACTION_MASK)

    def clear_highlights(self) -> None:
        for seat in list(self.highlighted_cells):
            self.highlight_cells(seat, {})

    def highlight_die(self, die: int | None, rgba: tuple | None = SELECT_RGBA) -> None:
        if self.selected_die is not None and self.selected_die != die:
            highlight.set_highlight(self.dice[self.selected_die], None)
        self.selected_die = die
        if die is not None:
            highlight.set_highlight(self.dice[die], rgba)
        if self.hovered_die == die:
            self.hovered_die = None
        self.show_die_info(die if die is not None else self.hovered_die)

    def hover_die(self, die: int | None) -> None:
        """A soft glow on the pool die under the pointer: this one can be picked up."""
        if die == self.hovered_die:
            return
        if self.hovered_die is not None and self.hovered_die != self.selected_die:
            highlight.set_highlight(self.dice[self.hovered_die], None)
        self.hovered_die = None
        if die is not None and die != self.selected_die:
            highlight.set_highlight(self.dice[die], HOVER_DIE_RGBA)
            self.hovered_die = die
        self.show_die_info(die if die is not None else self.selected_die)

    # ---- the die info label -------------------------------------------------------------------
    def _build_info_label(self, name: str) -> NodePath:
        """Large type over a die (its value and material: hover, keyboard cursor, selection) or
        over the space a drop would use (the height printed there, which a die may cover)."""
        label = make_label(name, "", (1, 1, 1, 1), INFO_SCALE, flat=False)
        tn = label.node()
        tn.set_card_color(0.05, 0.06, 0.10, 0.82)
        tn.set_card_as_margin(0.25, 0.25, 0.12, 0.12)
        tn.set_card_decal(True)
        label.reparent_to(self.root)
        label.set_billboard_point_eye()
        materials.draw_on_top(label, 70)
        label.hide()
        return label

    def die_info_text(self, die: int) -> str:
        m = Material(MATERIAL_OF[die])
        return _(
            "{value}  {glyph}{material}",
            value=self.values[die],
            glyph=glyph(m),
            material=_(m.label),
        )

    def show_die_info(self, die: int | None) -> None:
        """Name ``die`` (its value and material) in large type just above it (a pool die: just in
        front of it); None hides it."""
        if die is None or self.dice[die].is_hidden():
            self.info_die = None
            self.info_label.hide()
            return
        node = self.dice[die]
        if die != self.info_die or self.info_label.node().get_text() != self.die_info_text(die):
            self.info_label.node().set_text(panda_text(self.die_info_text(die)))
            self.info_die = die
        p = node.get_pos(self.root)
        if self.in_pool.get(die, False):
            # A pool die's label stands in front of it, on the viewer's side: above it, it would
            # hide the Prize cards that lie behind the pool.
            dx, dy = rotate(0.0, -INFO_AHEAD, self.centre_heading)
            self.info_label.set_pos(p.x + dx, p.y + dy, p.z)
        else:
            top = p.z + units.DIE_SIZE * node.get_sz(self.root) / 2
            self.info_label.set_pos(p.x, p.y, top + INFO_LIFT)
        self.info_label.show()
        self.info_label.hide(SHADOW_MASK | REFRACTION_MASK)

    def put_away(self, away: bool) -> None:
        """Clear the table for the end of the game (the podium takes the middle): the seats,
        the dice and the centre go; the table itself stays."""
        for n in [sv.root for sv in self.seats] + [self.dice_root, self.centre]:
            n.hide() if away else n.show()
        for sv in self.seats:
            for card in sv.pile:
                card.hide() if away else card.show()
        for card in self.round_cards.values():
            card.hide() if away else card.show()

    def _sync_chips(self, flow: GameFlow) -> None:
        """Each scored round's VP as a chip beside the player's name plate, once they are public
        (at a round's end, at the game's end, or with open scores): round 1's first."""
        state = flow.state
        public = flow.open_scores or flow.mode in (Mode.ROUND_END, Mode.GAME_OVER)
        per_round = [round_victory_points(rr) for rr in state.round_results] if public else []
        for p, sv in enumerate(self.seats):
            sig = tuple(vp[p] for vp in per_round)
            if sig == sv.chips_sig:
                continue
            sv.chips_sig = sig
            if sv.chips is not None:
                sv.chips.remove_node()
                sv.chips = None
            if not sig:
                continue
            sv.chips = sv.root.attach_new_node(f"vp-chips-{p}")
            tn = sv.name_label.node()
            half = tn.get_width() * sv.name_label.get_sx() / 2
            x = LABEL_OFFSET[0] + half + CHIP_GAP
            for r, vp in enumerate(sig):
                chip = make_label(f"vp-chip-{p}-{r + 1}", number(vp), CHIP_TEXT, CHIP_SCALE)
                chip.node().set_card_color(*CHIP_COLOUR)
                chip.node().set_card_as_margin(0.3, 0.3, 0.15, 0.15)
                chip.node().set_card_decal(True)
                chip.reparent_to(sv.chips)
                chip.set_pos(x + CHIP_SCALE * 0.6, LABEL_OFFSET[1], 0.06)
                x += CHIP_SCALE * 1.7

    def destroy(self) -> None:
        self.animator.glides.clear()
        self.root.remove_node()
