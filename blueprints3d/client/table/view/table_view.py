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

from collections.abc import Callable, Iterable, Sequence
from functools import partial

from panda3d.core import NodePath, Point3

from blueprints3d.client.render import glass, materials
from blueprints3d.client.scene import card_model, dice_model, units
from blueprints3d.client.scene.animation import Animator
from blueprints3d.client.scene.script_text import panda_text
from blueprints3d.client.scene.throw import Impact
from blueprints3d.client.table.model.flow import GameFlow, Mode
from blueprints3d.client.table.model.layout import (
    CENTRE_BAG,
    POOL_DIE_SCALE,
    POOL_DIE_TILT,
    POOL_DIE_Z,
    pool_slots,
    rotate,
    stack_z,
)
from blueprints3d.client.table.model.pending import Pending
from blueprints3d.client.table.view.award_cards import (
    DEAL_LIFT,
    DEAL_STAGGER,
    DEAL_TIME,
    DECK_POINT,
    AwardCards,
    relabel_cards,
)
from blueprints3d.client.table.view.marks import SELECT_RGBA, TableMarks
from blueprints3d.client.table.view.pool_throws import PoolThrows
from blueprints3d.client.table.view.felt_shadows import FeltShadows
from blueprints3d.client.table.view.table_props import (
    DROP_BOUNCE,
    FELT_COLOUR,
    SeatView,
    build_centre,
    build_seat,
    build_table,
    in_demand_dice,
    relabel_seats,
    screen_home,
    VPChips,
    sync_screens,
)
from blueprints3d.engine.blueprints import Blueprint
from blueprints3d.engine.materials import MATERIAL_OF, NUM_DICE, Material
from blueprints3d.engine.state import Phase
from blueprints3d.i18n import _

SET_ASIDE_OFFSET = (-7.5, -3.0)  # where a seat's dice that fitted nowhere wait
DRAG_HEIGHT = units.DIE_SIZE * 2.2  # a dragged die floats this high over the table
CARRY_SCALE = 1.12  # and is drawn this large (a pool die, POOL_DIE_SCALE)
# Motion with weight (client/scene/animation.py; every time halves with "short", none with "off"):
DROP_TIME = 0.11  # s: a let-go die falls onto its place, speeding up...
PLACED_BOUNCE = 0.3  # cm: a computer's die, at the end of its glide
FLY_BACK_TIME = 0.3  # s: a refused die flies back to its pool place...
FLY_BACK_LIFT = 3.0  # cm: ...along an arc this high over the straight line

Target = tuple[Point3, float, bool]  # where a die goes: its place, its heading, shown or not


class TableView:
    """The table's scene in step with the game: the dice (this class), the furniture
    (table_props), the Award and Prize cards (``cards``), the throws (``pool_throws``) and the
    marks for the person to move (``marks``)."""

    def __init__(self, root: NodePath, names: list[str]) -> None:
        self.root = root.attach_new_node("table")
        self.players = len(names)
        self.animator = Animator(self.root)
        self.centre_heading = 0.0
        felt = build_table(self.root)
        self.seats = [build_seat(self.root, self.players, p, names[p]) for p in range(self.players)]
        self.centre = self.root.attach_new_node("centre")  # turns to face the viewer
        centre = build_centre(self.centre)
        self.scoreboard, self.bag, self.bag_label = centre.scoreboard, centre.bag, centre.bag_label
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
        self.cards = AwardCards(
            self.root, self.centre, self.seats, self.animator, lambda: self.centre_heading
        )
        self.vp_chips = VPChips(self.seats)  # beside the name plates, once public
        self.dragging: int | None = None
        self.dropped: int | None = None  # the die let go of: the next sync drops or flies it back
        self.stacks: Sequence[
            Sequence[Sequence[int]]
        ] = ()  # [seat][cell] die ids, at the last sync
        self.marks = TableMarks(self)
        # Dice coming out of the bag are thrown (client/scene/throw.py) when ``throws`` is on;
        # otherwise they glide. ``on_impact`` hears the throws' hits.
        self.throws = True
        self.on_impact: Callable[[Impact], object] | None = None  # what it returns is not used
        self.pool_throws = PoolThrows(self.root, self.centre, self.dice, self._landed, self._impact)
        casters = [*self.dice.values(), self.bag, self.scoreboard, *(s.screen for s in self.seats)]
        self.felt_shadows = FeltShadows(self.root, felt, casters)  # soft shadows on the felt

    def bag_position(self) -> Point3:
        x, y = rotate(*CENTRE_BAG, self.centre_heading)
        return Point3(x, y, 6.5)

    def relabel(self, names: list[str]) -> None:
        """Every word on the table again, in the language now spoken (the settings screen's
        Language): the seats' names and cards, the in-demand ranks, the face-up cards' words."""
        relabel_seats(self.seats, self.scoreboard, names)
        relabel_cards(self.root)

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
        return Point3(wx, wy, POOL_DIE_Z)

    def sync(self, flow: GameFlow, animate: bool = True) -> None:
        """Every die, card, screen and label where the game says, gliding what moves when
        ``animate``; nothing the viewer may not see is left in view."""
        state = flow.state
        visible = flow.visible_seats()
        re = flow.round_end if flow.mode is Mode.ROUND_END else None
        blueprints = re.result.blueprints if re is not None else tuple(state.blueprints)
        stacks = re.stacks if re is not None else state.stacks
        self._sync_cards(blueprints, visible, animate)
        self._cover_occupied(flow, stacks, re is None)
        self.stacks = stacks
        sync_screens(self.seats, self.root, self.animator, flow, visible, animate)
        pool = [] if re is not None else list(state.pool)
        targets = self._targets(flow, pool, visible)
        # Behind the curtain nothing secret may be in flight: the next person must see none of it.
        curtain = flow.mode is Mode.CURTAIN
        self.pool_throws.finish_stale(targets, animate and not curtain)
        values = re.values if re is not None else state.values
        placer = _DicePlacer(self, flow, set(pool), animate, curtain)
        for d, node in self.dice.items():
            if d == self.dragging or d in self.pool_throws.throwing:
                continue
            if values[d] != self.values[d]:
                dice_model.set_die_value(node, values[d])
                self.values[d] = values[d]
            placer.place(d, node, targets.get(d))
        if placer.thrown:
            thrown_ids = {d for d, _ in placer.thrown}
            still = [
                targets[d][0] for d in pool if d not in thrown_ids and not self.dice[d].is_hidden()
            ]
            self._throw(placer.thrown, still, len(pool), flow)
        self._sync_in_demand(flow, animate and not curtain)
        self.cards.sync(flow, animate)
        self.vp_chips.sync(flow)
        self.bag_label.node().set_text(panda_text(_("bag: {count}", count=len(state.bag))))

    def _targets(self, flow: GameFlow, pool: list[int], visible: set[int]) -> dict[int, Target]:
        """Where each die on the table goes: its pool place, its stack, beside its card."""
        re = flow.round_end if flow.mode is Mode.ROUND_END else None
        stacks = re.stacks if re is not None else flow.state.stacks
        set_aside = re.set_aside if re is not None else flow.state.set_aside
        targets: dict[int, Target] = {}
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
        return targets

    # ---- throws -------------------------------------------------------------------------------
    def _throw(
        self, thrown: list[tuple[int, Point3]], still: list[Point3], count: int, flow: GameFlow
    ) -> None:
        """Throw ``thrown`` (die, pool place) from the bag; without a clean throw they glide."""
        for d, _pos in thrown:
            self.animator.cancel(self.dice[d])
        values = [self.values[d] for d, _pos in thrown]
        if self.pool_throws.throw(thrown, values, still, count, flow.state):
            return
        for d, pos in thrown:
            node = self.dice[d]
            node.show()
            node.set_pos(self.root, self.bag_position())
            self.animator.move(node, pos, self.centre_heading, 0.5, 2.0, pitch=POOL_DIE_TILT)

    def throw_pool(self, flow: GameFlow) -> None:
        """The game's first pool comes out of the bag: put its dice back in the bag and let
        sync throw them (a resumed game's pool just lies there)."""
        for d in flow.state.pool:
            self.dice[d].hide()
            self.in_pool[d] = False
        self.in_demand_key = ()  # and the in-demand dice roll onto the scoreboard
        self.sync(flow, animate=True)

    def _impact(self, event: Impact) -> None:
        if self.on_impact is not None:
            self.on_impact(event)  # what it returns is not used

    def _landed(self, die: int) -> None:
        self.in_pool[die] = True

    # ---- the hand -----------------------------------------------------------------------------
    def pick_up(self, die: int, goal: Point3) -> None:
        """A die is picked up (the pointer's point on the carry plane is ``goal``): it rises, taking
        its carried size, and follows the pointer with a little lag (animation.Carry); a throw it
        is in ends first."""
        player = self.pool_throws.throwing.get(die)
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
        self.pool_throws.update(dt)
        self.felt_shadows.update()

    def finish_throws(self) -> None:
        """Every throw at its end: the dice in their pool places (Space skips a throw)."""
        self.pool_throws.finish()

    def finish_all(self) -> None:
        """Every glide and throw at its end (tests, settle)."""
        self.finish_throws()
        self.animator.finish_all()
        self.felt_shadows.update()

    @property
    def throw_in_flight(self) -> bool:
        return self.pool_throws.in_flight

    @property
    def animating(self) -> bool:
        """Is anything still moving on its own: a throw or a glide (not the carried die)?"""
        return self.pool_throws.in_flight or self.animator.active

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
                self.marks.forget_card(p)
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
        return screen_home(self.root, self.seats[seat])

    def _sync_in_demand(self, flow: GameFlow, animate: bool = False) -> None:
        if flow.mode is Mode.ROUND_END and flow.round_end is not None:
            mats = flow.round_end.result.in_demand
        else:
            mats = flow.state.in_demand_materials()
        key = tuple(mats)
        if key == self.in_demand_key:
            return
        self.pool_throws.side_throws.clear()  # a throw of the old dice, cut short: they are going
        for n in self.in_demand_nodes:
            n.remove_node()
        self.in_demand_nodes = in_demand_dice(self.scoreboard, mats)
        if animate and self.throws:
            self.pool_throws.throw_in_demand(self.in_demand_nodes, self.scoreboard, flow.state)
        self.in_demand_key = key

    # ---- the parts' doors, for the controls, the reveal and the coach -------------------------
    def highlight_cells(self, seat: int, colours: dict[int, tuple | None]) -> None:
        self.marks.highlight_cells(seat, colours)

    def clear_highlights(self) -> None:
        self.marks.clear_highlights()

    def highlight_die(self, die: int | None, rgba: tuple | None = SELECT_RGBA) -> None:
        self.marks.highlight_die(die, rgba)

    def hover_die(self, die: int | None) -> None:
        self.marks.hover_die(die)

    def show_die_info(self, die: int | None) -> None:
        self.marks.show_die_info(die)

    @property
    def hovered_die(self) -> int | None:
        return self.marks.hovered_die

    @property
    def selected_die(self) -> int | None:
        return self.marks.selected_die

    @property
    def round_cards(self) -> dict[str, NodePath]:
        return self.cards.round_cards

    @property
    def cards_shown(self) -> set[str] | None:
        """The won cards the reveal has handed out so far (None: all, once the screens lift)."""
        return self.cards.shown

    @cards_shown.setter
    def cards_shown(self, keys: set[str] | None) -> None:
        self.cards.shown = keys

    def reveal_cards(self, keys: Iterable[str]) -> None:
        self.cards.reveal(keys)

    def recall_won_cards(self) -> None:
        self.cards.recall()

    def put_away(self, away: bool) -> None:
        """Clear the table for the end of the game (the podium takes the middle): the seats,
        the dice and the centre go; the table itself stays."""
        for n in [sv.root for sv in self.seats] + [self.dice_root, self.centre]:
            n.hide() if away else n.show()
        self.cards.put_away(away)

    def destroy(self) -> None:
        self.animator.glides.clear()
        self.root.remove_node()


class _DicePlacer:
    """One sync's moves of the dice: each die to its target, gliding, dropping, flying back or
    vanishing behind a screen as what happened asks; dice out of the bag are kept in ``thrown``
    for the table to throw together."""

    def __init__(
        self, view: TableView, flow: GameFlow, pool: set[int], animate: bool, curtain: bool
    ) -> None:
        self.view = view
        self.flow = flow
        self.pool = pool
        self.animate = animate
        self.curtain = curtain
        self.dropped, view.dropped = view.dropped, None
        self.thrown: list[tuple[int, Point3]] = []

    def place(self, d: int, node: NodePath, target: Target | None) -> None:
        view, pend = self.view, self.flow.pending
        # Loose in the pool a die is larger, so its top face reads from the default view.
        in_pool_slot = target is not None and d in self.pool and (pend is None or pend.die != d)
        scale = POOL_DIE_SCALE if in_pool_slot else 1.0
        tilt = POOL_DIE_TILT if in_pool_slot else 0.0  # leaning back: its value face to the view
        if d != self.dropped or not self.animate:
            node.set_scale(scale)  # the die just let go grows or shrinks on its way there
        if target is None:  # in the bag, discarded, or not this round's
            view.in_pool[d] = False
            view.animator.cancel(node)
            node.hide()
            node.set_pos(view.bag_position())
            return
        pos, heading, show = target
        from_pool, view.in_pool[d] = view.in_pool.get(d, False), d in self.pool
        if not show:
            self._hide(d, node, pos, heading, from_pool)
            return
        was_hidden = node.is_hidden()
        view.hiding.discard(d)
        if was_hidden and in_pool_slot and self.animate and view.throws and not self.curtain:
            self.thrown.append((d, pos))  # out of the bag: thrown onto the felt, together
            return
        node.show()
        if was_hidden:
            node.set_pos(view.root, view.bag_position())
        if (pos - node.get_pos(view.root)).length() < 1e-3:
            view.animator.cancel(node)  # a glide elsewhere, started by an older sync, is stale
            node.set_hpr(view.root, heading, tilt, 0.0)
            node.set_scale(scale)
            return
        self._move(d, node, pos, (heading, tilt), scale, in_pool_slot, was_hidden)

    def _hide(self, d: int, node: NodePath, pos: Point3, heading: float, from_pool: bool) -> None:
        view = self.view
        if d in view.hiding and view.animator.target(node) == pos and not self.curtain:
            return  # still on its way behind a screen
        if from_pool and not node.is_hidden() and self.animate and not self.curtain:
            # Taken from the pool by someone else: it travels to their screen, then vanishes.
            view.hiding.add(d)
            view.animator.move(node, pos, heading, 0.45, 3.0, on_done=partial(view._hidden, d))
        else:
            view._hidden(d)  # never leave a secret die in view
            node.set_pos(view.root, pos)

    def _move(
        self,
        d: int,
        node: NodePath,
        pos: Point3,
        turn: tuple[float, float],
        scale: float,
        in_pool_slot: bool,
        was_hidden: bool,
    ) -> None:
        """Glide (or, without animations, put) a die to ``pos``, turned to ``turn`` (its heading,
        and its lean back: a pool die's)."""
        animator = self.view.animator
        heading, tilt = turn
        if not self.animate:
            animator.cancel(node)
            node.set_pos(self.view.root, pos)
            node.set_hpr(self.view.root, heading, tilt, 0.0)
        elif d == self.dropped and in_pool_slot:
            # Let go off the card, or refused: back to its pool place along a high arc.
            animator.move(node, pos, heading, FLY_BACK_TIME, FLY_BACK_LIFT, scale=scale, pitch=tilt)
        elif d == self.dropped:
            # Let go over its space: it falls onto the stack and settles with a hop.
            animator.move(
                node, pos, heading, DROP_TIME, blend="easeIn", bounce=DROP_BOUNCE, scale=scale
            )
        elif animator.target(node) != pos:
            animator.move(
                node,
                pos,
                heading,
                0.35 if not was_hidden else 0.5,
                2.0 if was_hidden else 0.8,
                bounce=0.0 if in_pool_slot or was_hidden else PLACED_BOUNCE,
                pitch=tilt,
            )
