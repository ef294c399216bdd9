"""The coach at the table: H (or the Hint button) shows the best moves for the person to move.

The hint engine (``ai.coach.hints``) thinks from the player's view only (``state.view(player)``,
a snapshot: it never peeks), for half a second to two seconds, on a worker thread (``HintJob``,
the pattern of ``bots.BotJob``), so the frame loop only polls it (``Coach.poll``, every frame)
and the window never freezes. While it thinks the HUD says "Thinking... 40%" (its ``progress``)
and the button counts along; then the top three hints are listed in plain words, numbered 1-3,
in the HUD, and drawn on the table:

- a placement as a *ghost die*: a translucent copy of the die (its material, its value) on the
  space, at the height it would land (on top of the stack there), numbered "#1".."#3"; the best
  one is the most solid, with gold brackets round its top, a gold outline and a larger number;
- one number for each hinted space ("#1 #3" when two hints name it), beside its ghost where it
  covers no other space, hatched or not, no other ghost and no other number (ghost_tags.py);
- every hinted die has its number in front of it in the pool, so the ghost is found from the die;
- a discard or a set-aside (no space) puts gold brackets round the pool die instead.

Hints are for the position they were asked for, and only that: they go away when the player
moves (a tentative move too), takes a move back, the turn changes, or on Esc or H again; a job
still thinking is cancelled then (its cancel event), and a result that comes back for another
position is dropped, never shown. Computer seats never get hints (the flow's ``TURN`` mode is a
person's), and nothing happens during the reveal or a summary. With the "hints" setting off, H
and the button only say ``OFF_LINE``.

The count of hints used (``counts``, per seat): a person's turn counts once when hints were
shown on it, however often they asked on that turn (asking again after taking a tentative move
back is the same turn; the two-player discard is a turn of its own). A request that was
cancelled or failed does not count. The app saves the counts in the save's meta ("hints"), so a
resumed game keeps them, and the history keeps them with the finished game (files/history.py).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from panda3d.core import ColorBlendAttrib, LColor, NodePath, Point3, TextNode

from blueprints3d.ai import coach
from blueprints3d.client.render import highlight
from blueprints3d.client.render.config import REFRACTION_MASK, SHADOW_MASK
from blueprints3d.client.render.materials import draw_on_top
from blueprints3d.client.scene import dice_model, units
from blueprints3d.client.scene.geometry import rotate
from blueprints3d.client.scene.picking import Picker
from blueprints3d.client.scene.props import make_label
from blueprints3d.client.table.model.bots import OffFrameJob
from blueprints3d.client.table.model.flow import FlowEvent, GameFlow, Mode
from blueprints3d.client.table.view.cursor import CURSOR_DIE_SIZE, make_cursor
from blueprints3d.client.table.view.ghost_tags import Tag, TagLayout
from blueprints3d.client.table.view.table_view import TableView
from blueprints3d.engine.materials import MATERIAL_OF, Material
from blueprints3d.engine.views import PlayerView
from blueprints3d.i18n import N_, _, explain
from blueprints3d.presentation.words import hint_words

log = logging.getLogger(__name__)

HINT_COUNT = 3
OFF_LINE = N_("Hints are off (Settings)")
GHOST_ALPHA = (
    0.86,
    0.70,
    0.70,
)  # the best ghost is the most solid; see-through, its pips still read
BEST_RGBA = (1.0, 0.80, 0.15, 0.9)  # the best hint's outline, number and brackets: gold
OTHER_RGBA = (0.80, 0.90, 1.0, 1.0)  # the others' numbers: pale blue
TAG_SCALE = (1.15, 0.95, 0.95)  # the numbers' type, cm (the best one larger)
POOL_TAG_NEAR = 2.6  # a pool die's number stands this far in front of it (towards the
POOL_TAG_Z = 0.9  # viewer), low: clear of the die info label over the die, cm
GHOST_TAG_LIFT = 2.1  # over a ghost's top: clear of its face from the default view
GHOST_SORT = 5  # after the opaque scene and the glass, before outlines (10)
# The flow's events after which the hints on show no longer fit the table.
CLEAR_EVENTS = {
    "placed",
    "set_aside",
    "discarded",
    "pending",
    "undone",
    "turn",
    "curtain",
    "round_end",
    "game_over",
    "bot_failed",
}

Hinter = Callable[..., list]


def turn_key(flow: GameFlow | None) -> tuple | None:
    """The position hints may be asked for now, or None: a person to move (the flow's TURN mode
    is only ever a person's), no tentative move waiting. The same key is the same turn."""
    if flow is None or flow.mode is not Mode.TURN or flow.pending is not None:
        return None
    s = flow.state
    p = s.current_player
    if p is None or not flow.seats[p].is_person:
        return None
    return (id(flow), s.round, len(s.log), p, s.phase.value)


@dataclass
class HintJob(OffFrameJob):
    """One request: the hint engine run off the main thread on a snapshot of the player's view,
    collected by ``Coach.poll``. ``cancel`` stops it (the engine raises ``coach.Cancelled``)."""

    hinter: Hinter
    view: PlayerView  # the player's view only: what the hints may know
    player: int
    key: tuple  # the position it was asked for (``turn_key``)
    seed: int = 0
    threaded: bool = True
    progress: float = 0.0  # 0..1, written by the worker thread
    hints: list | None = None
    error: BaseException | None = None
    cancelled: bool = False
    cancel: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = field(default=None, repr=False)

    thread_name = "blueprints3d-hints"

    def _progress(self, fraction: float) -> None:
        self.progress = min(max(float(fraction), 0.0), 1.0)

    def _run(self) -> None:
        try:
            self.hints = list(
                self.hinter(
                    self.view,
                    self.player,
                    count=HINT_COUNT,
                    seed=self.seed,
                    progress=self._progress,
                    cancel=self.cancel,
                )
            )
        except coach.Cancelled:
            self.cancelled = True
        except Exception as e:  # a failing coach must not take the table down
            self.error = e


def hint_lines(flow: GameFlow, player: int, hints: list) -> str:
    """What the HUD lists: a heading, then each hint numbered, best first, in a player's words
    (``presentation.words.hint_words``: what the move does, the space by what is printed on it
    and where, then the Awards and Prizes it changes against the plain best-looking move)."""
    seats = flow.seats
    others = [s.name for i, s in enumerate(seats) if i != player]
    opponent = others[0] if len(others) == 1 else None
    lines = [_("Hints for {name}, best first (H or Esc hides them):", name=seats[player].name)]
    lines += [
        _("{rank}. {hint}", rank=i, hint=hint_words(flow.state, player, h, opponent))
        for i, h in enumerate(hints, 1)
    ]
    return "\n".join(lines)


def set_ghost_look(node: NodePath, alpha: float) -> None:
    """A die drawn see-through: blended at a constant ``alpha`` whatever its shader writes (an
    opaque die's shader writes 1), after the opaque scene and the glass, casting no shadow, seen
    by no glass; it writes depth, so an outline (drawn after it) shows round it, not through it."""
    node.set_attrib(
        ColorBlendAttrib.make(
            ColorBlendAttrib.M_add,
            ColorBlendAttrib.O_constant_alpha,
            ColorBlendAttrib.O_one_minus_constant_alpha,
            LColor(1, 1, 1, alpha),
        ),
        20,
    )
    node.set_bin("fixed", GHOST_SORT, 20)
    node.set_depth_write(True, 20)
    node.hide(SHADOW_MASK | REFRACTION_MASK)


class Coach:
    """The request, the job, the hints on show (words in the HUD, ghosts on the table) and the
    count of hints used. ``hud``: the table's Hud (``show_hints``, ``show_message``); ``button``:
    the Hint button (move_bar.HintButton); ``on_count``: called when a turn is counted (the app
    autosaves, so the count survives a kill)."""

    def __init__(
        self,
        hud,
        button,
        hinter: Hinter | None = None,
        threaded: bool = True,
        on_count: Callable[[], object] | None = None,
        picker: Picker | None = None,
    ) -> None:
        self.hud = hud
        self.button = button
        self.picker = picker  # the table's camera, to set the ghosts' numbers clear (ghost_tags.py)
        self.hinter: Hinter = hinter if hinter is not None else coach.hints
        self.threaded = threaded
        self.on_count = on_count
        self.enabled = True
        self.flow: GameFlow | None = None
        self.view: TableView | None = None  # the table view of the game
        self.counts: list[int] = []
        self._counted: set[tuple] = set()
        self.job: HintJob | None = None
        self.hints: list = []  # on show now
        self.shown_for: tuple | None = None  # the position they are for
        self.ghosts: list[tuple[NodePath, int]] = []  # (ghost die, rank) on the spaces
        self.tags: list[tuple[NodePath, int]] = []  # (number over a pool die, die)
        self.brackets: list[tuple[NodePath, int]] = []  # round a pool die to discard / set aside
        self.ghost_tags: list[Tag] = []  # one number for each hinted space, laid out clear
        self._tags_for: tuple = ()  # the camera they were laid out for
        self._player = 0  # whose hints are on show
        self._progress_shown = -1

    # ---- a game -------------------------------------------------------------------------------
    def attach(self, flow: GameFlow, view: TableView, counts: list[int] | None = None) -> None:
        """A new (or resumed) game: its flow and table view, the hints used so far."""
        self.clear()
        self.flow, self.view = flow, view
        n = len(flow.seats)
        self.counts = list(counts) if counts is not None and len(counts) == n else [0] * n
        self._counted = set()
        self.update()

    @property
    def active(self) -> bool:
        """Thinking, or hints on show (Esc hides them before it opens the menu)."""
        return self.job is not None or bool(self.hints)

    def set_enabled(self, on: bool) -> None:
        self.enabled = bool(on)
        if not self.enabled:
            self.clear()
        self.update()

    # ---- asking -------------------------------------------------------------------------------
    def toggle(self) -> str:
        """H or the Hint button: ask (or, when thinking or shown, stop and hide). Returns what it
        did: "off" (the setting), "none" (no person to move: nothing visible), "hidden",
        "thinking"."""
        if not self.enabled:
            self.hud.show_message(_(OFF_LINE))
            return "off"
        if self.active:
            self.clear()
            return "hidden"
        flow = self.flow
        key = turn_key(flow)
        if key is None:
            return "none"
        # turn_key gives a key only for a game's flow with a person to move.
        assert flow is not None and flow.current is not None
        player = flow.current
        s = flow.state
        seed = ((flow.seed or 0) * 1_000_003 + len(s.log) * 101 + player) & 0x7FFFFFFF
        self.job = HintJob(self.hinter, s.view(player), player, key, seed, threaded=self.threaded)
        self._progress_shown = -1
        self._show_progress(self.job)
        self.job.start()
        if not self.threaded:
            self.poll()  # an unthreaded job (tests) is done already; a thread's is the frame's to collect
        return "thinking"

    def poll(self) -> None:
        """Every frame: the job's progress, or its hints once it is done and still for this
        position (a stale one is dropped); the numbers follow their gliding dice."""
        job = self.job
        if job is not None:
            if job.key != turn_key(self.flow):
                self.clear()  # the table moved on: never show it
            elif not job.done:
                self._show_progress(job)
            else:
                self.job = None
                if job.error is not None:
                    log.error(
                        "the coach failed",
                        exc_info=(type(job.error), job.error, job.error.__traceback__),
                    )
                    self.hud.show_hints("")
                    self.hud.show_message(
                        _(
                            "the coach could not think it through: {reason}",
                            reason=explain(job.error),
                        )[:200]
                    )
                    self.update()
                elif job.hints is not None and not job.cancelled:
                    self._show(job.hints, job.key, job.player)
                else:
                    self.clear()
        self._follow()

    def on_event(self, event: FlowEvent) -> None:
        """The flow's events: a move, a take-back, another turn... hide the hints (and stop
        the thinking); a refused move leaves them."""
        if event.kind in CLEAR_EVENTS:
            self.clear()

    def clear(self) -> None:
        """Stop any thinking and take every hint off the HUD and the table."""
        if self.job is not None:
            self.job.cancel.set()
            self.job = None
        self.hints = []
        self.shown_for = None
        for node, _what in self.ghosts + self.tags + self.brackets:
            node.remove_node()
        self.ghosts, self.tags, self.brackets = [], [], []
        self.ghost_tags, self._tags_for = [], ()
        self.hud.show_hints("")
        self.update()

    # ---- showing ------------------------------------------------------------------------------
    def _game(self) -> GameFlow:
        """The attached game's flow: hints are asked for, and shown, only in one (``attach``;
        a new game or ``destroy`` clears the job and the hints first)."""
        assert self.flow is not None, "the coach has no game"
        return self.flow

    def _show_progress(self, job: HintJob) -> None:
        pct = int(round(job.progress * 100))
        if pct == self._progress_shown:
            return
        self._progress_shown = pct
        name = self._game().seats[job.player].name
        self.hud.show_hints(
            _(
                "Thinking about {name}'s move... {percent}%\n(H or Esc stops)",
                name=name,
                percent=pct,
            )
        )
        self.button.set_label(_("Thinking... {percent}%", percent=pct))

    def _show(self, hints: list, key: tuple, player: int) -> None:
        self.hints = list(hints)[:HINT_COUNT]
        self.shown_for = key
        if key not in self._counted:
            self._counted.add(key)
            self.counts[player] += 1
            if self.on_count is not None:
                self.on_count()
        self.hud.show_hints(
            hint_lines(self._game(), player, self.hints)
            if self.hints
            else _("The coach has no move to suggest here")
        )
        self._draw(player)
        self.update()

    def _draw(self, player: int) -> None:
        view, state = self.view, self._game().state
        if view is None:
            return
        heading = view.seats[player].place.heading
        on_cell: set[int] = set()
        ranks_of_die: dict[int, list[int]] = {}
        for rank, h in enumerate(self.hints, 1):
            ranks_of_die.setdefault(h.die, []).append(rank)
            if h.cell is None:
                colour = BEST_RGBA if rank == 1 else OTHER_RGBA
                mark = make_cursor(view.root, colour)
                self.brackets.append((mark, h.die))
                continue
            if h.cell in on_cell:
                continue  # a better hint's ghost stands there already (its number says both)
            on_cell.add(h.cell)
            level = len(state.stacks[player][h.cell])
            ghost = dice_model.make_die(
                Material(MATERIAL_OF[h.die]), state.values[h.die], variant=h.die
            )
            ghost.set_name(f"hint-ghost-{rank}")
            ghost.set_tag("hint", str(rank))
            ghost.reparent_to(view.root)
            ghost.set_pos(view.root, view.cell_world(player, h.cell, level))
            ghost.set_h(view.root, heading)
            set_ghost_look(ghost, GHOST_ALPHA[min(rank, len(GHOST_ALPHA)) - 1])
            if rank == 1:
                highlight.set_highlight(ghost, BEST_RGBA)
                highlight.outline_of(ghost).set_attrib(
                    ColorBlendAttrib.make_off(), 30
                )  # solid gold
                mark = make_cursor(view.root, BEST_RGBA)
                mark.set_pos(
                    view.root, ghost.get_pos(view.root) + Point3(0, 0, units.DIE_SIZE / 2 + 0.04)
                )
                mark.set_h(view.root, heading)
                mark.set_scale(units.CELL_PITCH * 0.98)
                mark.show()
                self.brackets.append((mark, -1))
            # One number for the space, listing every hint that names it ("#1 #3").
            ranks = [r for r, x in enumerate(self.hints, 1) if x.cell == h.cell]
            label = self._number(view.root, ranks, rank)
            label.set_pos(
                view.root,
                ghost.get_pos(view.root) + Point3(0, 0, units.DIE_SIZE / 2 + GHOST_TAG_LIFT),
            )
            self.ghosts.append((ghost, rank))
            self.tags.append((label, -1))
            self.ghost_tags.append(Tag(label, h.cell, ghost.get_pos(view.root)))
        for die, ranks in ranks_of_die.items():
            self.tags.append((self._number(view.root, ranks, ranks[0]), die))
        self._player = player
        self._follow()

    def _number(self, parent: NodePath, ranks: list[int], best: int) -> NodePath[TextNode]:
        colour = BEST_RGBA[:3] + (1.0,) if best == 1 else OTHER_RGBA
        label = make_label(
            f"hint-number-{best}",
            " ".join(_("#{rank}", rank=r) for r in ranks),
            colour,
            TAG_SCALE[min(best, len(TAG_SCALE)) - 1],
            flat=False,
        )
        tn = label.node()
        tn.set_card_color(0.05, 0.06, 0.10, 0.80)
        tn.set_card_as_margin(0.22, 0.22, 0.10, 0.10)
        tn.set_card_decal(True)
        label.reparent_to(parent)
        label.set_billboard_point_eye()
        draw_on_top(label, 66)
        return label

    def _follow(self) -> None:
        """The numbers and brackets of pool dice follow those dice (they glide, are thrown):
        a number in front of its die, on the viewer's side (the pool faces the viewer)."""
        view = self.view
        if view is None:
            return
        self._lay_out_ghost_tags()
        dx, dy = rotate(0.0, -POOL_TAG_NEAR, view.centre_heading)
        for label, die in self.tags:
            if die < 0:
                continue
            p = view.dice[die].get_pos(view.root)
            label.set_pos(view.root, p.x + dx, p.y + dy, POOL_TAG_Z)
        for mark, die in self.brackets:
            if die < 0:
                continue  # round a ghost: it stays where it is
            node = view.dice[die]
            p = node.get_pos(view.root)
            s = node.get_sz(view.root)
            mark.set_pos(view.root, p.x, p.y, p.z + units.DIE_SIZE * s / 2 + 0.04)
            mark.set_hpr(view.root, node.get_h(view.root), 0, 0)
            mark.set_scale(CURSOR_DIE_SIZE * s)
            mark.show()

    def _lay_out_ghost_tags(self) -> None:
        """The ghosts' numbers clear of every other space, ghost and number on the window
        (ghost_tags.py): again whenever the camera has moved."""
        view, picker = self.view, self.picker
        if view is None or picker is None or not self.ghost_tags:
            return
        key = tuple(round(v, 4) for row in picker.cam.get_mat(view.root) for v in row)
        if key == self._tags_for:
            return
        self._tags_for = key
        stacks = self._game().state.stacks[self._player]
        TagLayout(picker, view, self._player, [len(st) for st in stacks]).place(self.ghost_tags)

    def update(self) -> None:
        """The Hint button: on a person's turn with hints on (and nothing waiting), saying what
        H would do now."""
        show = self.enabled and turn_key(self.flow) is not None
        if self.job is not None:
            self.button.set_label(_("Thinking... {percent}%", percent=max(self._progress_shown, 0)))
        elif self.hints:
            self.button.set_label(_("Hide hints (H)"))
        else:
            self.button.set_label(_("Hint (H)"))
        self.button.set_shown(show or self.job is not None)

    def destroy(self) -> None:
        self.clear()
        self.flow = self.view = None
