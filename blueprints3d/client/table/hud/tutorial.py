"""The guided first game (`blueprints3d tutorial`, "Learn to play" on the new-game screen).

One round of a two-player game against the easy computer on a fixed seed, on the real table and
engine: a coach beside the table says what to do next and explains each rule the first time it
matters (the words are ``presentation.demos.coach``'s), and a pointer line runs from it to what
it speaks of (the pool, the card, the computer's screen). The coach speaks in short bubbles of at
most two lines, one at a time: Space, Enter or a click on the bubble shows the next, and the
last one stays (until then Space and Enter are the bubbles', not the game's). The learner plays
freely with the table's own mouse and keys; the coach only watches the game flow. The round's
reveal, explained step by step, waits for the reader at every step (Space, a click on the table
or its Next button; ``RevealPlayer.wait_for_reader``); the summary's Continue then closes the
lesson instead of dealing round 2.
"""

from __future__ import annotations

from typing import Literal, Protocol

from direct.gui.DirectGui import DGG, DirectButton
from direct.showbase.DirectObject import DirectObject
from direct.showbase.ShowBase import ShowBase
from direct.task.Task import Task
from panda3d.core import LineSegs, TextNode

from blueprints3d.client.render import style
from blueprints3d.client.scene.picking import Picker
from blueprints3d.client.scene.script_text import ScriptText, is_rtl, panda_text
from blueprints3d.client.table.hud.overlays import TableScreens
from blueprints3d.client.table.model.flow import GameFlow, Mode, SeatConfig
from blueprints3d.client.table.model.options import AppOptions
from blueprints3d.client.table.view import coach_subjects as subjects
from blueprints3d.client.table.view.reveal import RevealPlayer
from blueprints3d.client.table.view.table_view import TableView
from blueprints3d.engine.results import RoundResult
from blueprints3d.engine.state import Phase
from blueprints3d.i18n import N_, _
from blueprints3d.presentation.demos import coach

SEED = 11  # a fixed deal: the same first game for every learner
SEATS = (
    ("Alex", None),
    (N_("Computer"), "easy"),
)  # the learner is Alex; the opponent's name is translated


def every(bubbles: coach.Bubbles, subject: str) -> tuple[str, ...]:
    """Each of ``bubbles`` speaks of ``subject``."""
    return (subject,) * len(bubbles)


def seats() -> list[SeatConfig]:
    """The lesson's two seats, the computer named in the player's language."""
    return [SeatConfig(_(name) if bot else name, bot) for name, bot in SEATS]


YOU = 0
PANEL_LINES = 24.0  # the coach's bubble: this many lines of its type wide (the
# longest German bubble fits on two lines), on the left
PANEL_MAX_SHARE = 0.38  # of the window's width at most: a narrower window, smaller type
LINE_SHARE, LINE_MIN_PX = style.BODY.share, style.BODY.min_px  # the coach's type
PANEL_TOP_SHARE = 0.15  # of the height: below the HUD's status lines
POINTER_RGBA = style.GOLD
PANEL_RGBA = style.PANEL_OVER


class KeyChoice(Protocol):
    @property
    def choosing_cell(self) -> bool: ...  # a die chosen with the keys, its space being chosen


class DieInHand(Protocol):
    """The table's controls, as far as the coach looks: whether a die is in hand."""

    @property
    def drag(self) -> object | None: ...  # a die dragged with the mouse
    @property
    def keys(self) -> KeyChoice: ...


class LessonTable(Protocol):
    """What of the table the coach watches and works (the app is one). The game's parts are
    there from the lesson's start (it starts the game); the controls are None between games."""

    @property
    def base(self) -> ShowBase: ...  # the 2D overlay the coach draws on, and its frame task
    @property
    def options(self) -> AppOptions: ...  # the lesson's game is never autosaved
    @property
    def screens(self) -> TableScreens: ...
    @property
    def picker(self) -> Picker: ...  # where the pointer's target is on the screen
    @property
    def flow(self) -> GameFlow | None: ...
    @property
    def view(self) -> TableView | None: ...
    @property
    def reveal(self) -> RevealPlayer | None: ...
    @property
    def controls(self) -> DieInHand | None: ...

    def size(self) -> tuple[int, int]:
        """The window's size in pixels."""
        ...

    def start_game(
        self,
        seats: list[SeatConfig],
        seed: int | None = None,
        open_scores: bool = False,
        start: int | None = 0,
    ) -> None:
        """A new local game."""

    def show_new_game(self) -> None:
        """The new-game screen ("Play a game" after the lesson)."""

    def quit(self) -> None:
        """The way out ("Quit" after the lesson)."""


class Tutorial(DirectObject):
    """Coaches one round on ``app``. ``finished`` once the lesson is over; while it is ``on``, the
    round's summary goes on to ``finish`` (the table asks it), not to round 2."""

    def __init__(self, app: LessonTable) -> None:
        super().__init__()
        self.app = app
        self.explained: set[str] = set()  # the rules said in full already
        self.saying: str = ""  # the rule being explained now (marked explained when it changes)
        self.bubbles: coach.Bubbles = ()  # what the coach says now, one bubble after another
        self.at = 0  # the bubble on show
        self.text = ""  # all of it (the bubbles, one paragraph each)
        self.bubble = ""  # the one on show
        self.target: str = ""  # what the bubble on show speaks of (coach_subjects): "pool"...
        self.subjects: tuple[str, ...] = ()  # ...and each of its bubbles
        self.finished = False
        self.closing = False
        # The tutorial game is not the player's own: it is neither autosaved nor kept.
        self._autosave, app.options.autosave = app.options.autosave, None
        app.start_game(seats(), SEED, open_scores=False, start=YOU)
        assert app.flow is not None and app.reveal is not None  # made by start_game
        self.flow: GameFlow = app.flow
        app.reveal.wait_for_reader(self.next)  # each step of the reveal waits for the reader
        # The reveal's labels keep clear of the coach's panel as of the summary's.
        others = app.reveal.avoid
        app.reveal.avoid = lambda: (others() if others else []) + [self.panel_rect()]
        self.root = app.base.aspect2d.attach_new_node("tutorial")
        self.title = ScriptText(
            parent=self.root,
            text=_(coach.TITLE),
            fg=style.GOLD,
            align=TextNode.A_left,
            mayChange=True,
            shadow=(0, 0, 0, 1),
        )
        self.panel = ScriptText(
            parent=self.root, text="", fg=style.INK, align=TextNode.A_left, mayChange=True
        )
        tn = self.panel.textNode
        tn.set_card_color(*PANEL_RGBA)
        tn.set_card_as_margin(0.6, 0.6, 0.4, 0.4)
        self.pointer = self.root.attach_new_node("tutorial-pointer")
        self.buttons: list[DirectButton] = []
        self.task = app.base.taskMgr.add(self._frame, "blueprints3d-tutorial", sort=-5)
        self.update()

    @property
    def on(self) -> bool:
        """The lesson is on: from its start until it is put away (``destroy``)."""
        return not self.root.is_empty()

    # ---- what to say -----------------------------------------------------------------------
    def situation(self) -> tuple[str, coach.Bubbles, tuple[str, ...]]:
        """(rule explained, bubbles, what each bubble points at) for the table as it stands."""
        flow, app = self.app.flow, self.app
        assert flow is not None  # the lesson's game, or the one that ends it (``_frame``)
        opponent = flow.seats[1 - YOU].name
        if self.closing:
            end = self._result()
            return "", coach.closing(end, YOU, [s.name for s in flow.seats]) if end else (), ()
        if flow.mode is Mode.ROUND_END and flow.round_end is not None:
            step = app.reveal.step if app.reveal is not None else None
            result = flow.round_end.result
            names = [s.name for s in flow.seats]
            if step is None:
                return coach.SCORING, (), ()
            rule = coach.TIE if step.kind == "award" else coach.SCORING
            said = coach.reveal(step, YOU, result, names, rule not in self.explained)
            return rule, said, every(said, subjects.reveal_subject(step))
        if flow.mode is Mode.BOT:
            said = coach.waiting(opponent)
            return "", said, every(said, subjects.OPPONENT)
        if flow.mode is not Mode.TURN or flow.current != YOU:
            return "", (), ()
        if flow.pending is not None:
            return "", coach.confirm(), every(coach.confirm(), subjects.CARD)
        if flow.state.phase is Phase.DISCARD:
            said = coach.discard(coach.DISCARD not in self.explained, opponent)
            return coach.DISCARD, said, every(said, subjects.POOL)
        controls = app.controls
        holding = controls is not None and (
            controls.drag is not None or controls.keys.choosing_cell
        )
        if holding:
            said = coach.choose_space(coach.PLACEMENT not in self.explained)
            return coach.PLACEMENT, said, every(said, subjects.CARD)
        if any(flow.fits_nowhere(d) for d in flow.state.pool):
            said = coach.fits_nowhere(coach.NOWHERE not in self.explained)
            return coach.NOWHERE, said, every(said, subjects.POOL)
        if flow.state.turns_done == 0:
            hello = coach.welcome(flow.seats[YOU].name, opponent, flow.state.in_demand_materials())
            take = coach.take(True)
            return (
                "",
                hello + take,
                subjects.per_bubble(hello, subjects.WELCOME, subjects.POOL)
                + subjects.per_bubble(take, subjects.TAKE_FIRST, subjects.POOL),
            )
        first = coach.PLACEMENT not in self.explained
        said = coach.take(first)
        usual = subjects.TAKE_FIRST if first else (subjects.POOL,)
        return coach.PLACEMENT, said, subjects.per_bubble(said, usual, subjects.POOL)

    def _result(self) -> RoundResult | None:
        flow = self.app.flow
        assert flow is not None
        if flow.round_end is not None:
            return flow.round_end.result
        return flow.state.round_results[0] if flow.state.round_results else None

    # ---- every frame -------------------------------------------------------------------------
    def _frame(self, task: Task) -> int:
        if self.app.flow is not self.flow:  # a new game was started from the menu: the lesson ends
            self.destroy()
            return task.DS_done
        self.update()
        return task.cont

    def update(self) -> None:
        rule, bubbles, about = self.situation()
        if rule != self.saying:
            if self.saying:
                self.explained.add(self.saying)  # said in full while it mattered: short from now on
            self.saying = rule
            rule, bubbles, about = self.situation()
        if bubbles != self.bubbles:  # new words: from their first bubble
            self.bubbles, self.at = bubbles, 0
        self.text = "\n\n".join(bubbles)
        self.bubble = bubbles[self.at] if bubbles else ""
        self.subjects = about
        self.target = about[self.at] if self.at < len(about) else ""
        if self.panel.textNode.get_text() != self.bubble:
            self.panel.setText(self.bubble)
        title = _(coach.TITLE)
        if len(bubbles) > 1:
            if self.bubbles_left():
                title = _(
                    "{title}    {at} of {count}  (Space: more)",
                    title=title,
                    at=self.at + 1,
                    count=len(bubbles),
                )
            else:
                title = _(
                    "{title}    {at} of {count}", title=title, at=self.at + 1, count=len(bubbles)
                )
        if self.title.textNode.get_text() != title:
            self.title.setText(title)
        self.layout()

    # ---- one bubble after another ----------------------------------------------------------------
    def bubbles_left(self) -> bool:
        """More bubbles wait after the one on show."""
        return self.at < len(self.bubbles) - 1

    def next_bubble(self) -> bool:
        """Show the next bubble; False when the one on show is the last (it stays)."""
        if not self.bubbles_left():
            return False
        self.at += 1
        self.update()
        return True

    def next(self) -> None:
        """Going on in the reveal (Space, a click, its Next button): the next bubble, else the
        reveal's next step."""
        if not self.next_bubble() and self.app.reveal is not None and self.app.reveal.active:
            self.app.reveal.next_step()
            self.update()

    def key(self, name: str) -> bool:
        """Space and Enter step the bubbles until the last; on the closing words Enter then plays a
        game. True when the key was the coach's (the table's input asks first: table_input.py)."""
        if self.root.is_empty() or name not in ("space", "enter") or self.app.screens.pauses():
            return False
        if self.next_bubble():
            return True
        if self.closing and name == "enter":
            self.play_a_game()
            return True
        return False

    def click(self, x: float, y: float) -> bool:
        """A click at (x, y) in mouse units: on the bubble, the next one. True when it was."""
        rect = self.panel_rect()
        if self.root.is_empty() or rect is None:
            return False
        _, w, h = self._px()
        px, py = (x + 1) / 2 * w, (1 - y) / 2 * h
        if not (rect[0] <= px <= rect[2] and rect[1] <= py <= rect[3]):
            return False
        return self.next_bubble()

    def rows(self, text: str) -> int:
        """How many lines ``text`` takes in the bubble at the window's size now."""
        tn = self.panel.textNode
        shown = tn.get_text()
        tn.set_text(text)
        n = tn.get_wordwrapped_text().count("\n") + 1
        tn.set_text(shown)
        return n

    def _px(self) -> tuple[float, int, int]:
        w, h = self.app.size()
        return min(w, h) / 2.0, w, h

    def layout(self) -> None:
        """The panel in a column on the left (on the right in a right-to-left interface, where
        the HUD mirrors), below the HUD's status lines; the pointer from its inner edge to the
        target's place on the screen. The column is PANEL_LINES lines of type wide: the type as
        large as the window's height asks, smaller where the window is too narrow for that."""
        u, w, h = self._px()
        line_px = max(LINE_MIN_PX, min(LINE_SHARE * h, PANEL_MAX_SHARE * w / PANEL_LINES))
        tn = self.panel.textNode
        scale = line_px / u / tn.get_line_height()
        self.panel.setScale(scale)
        self.title.setScale(scale * 1.15)
        align: Literal[0, 1] = TextNode.A_right if is_rtl() else TextNode.A_left
        wrap = PANEL_LINES * line_px / u / scale
        if not tn.has_wordwrap() or abs(tn.get_wordwrap() - wrap) > 1e-6 or tn.get_align() != align:
            tn.set_wordwrap(wrap)
            for t in (self.panel, self.title):
                t.textNode.set_align(align)
            self.panel.setText(
                self.bubble
            )  # wrapped again (a right-to-left text is wrapped as it is set)
        edge = w / 2 / u - 0.6 * scale - 12.0 / u  # the card's margin and 12 px inside the window
        x = edge if align == TextNode.A_right else -edge
        top = h / 2 / u - PANEL_TOP_SHARE * h / u
        self.title.setPos(x, top)
        self.panel.setPos(x, top - line_px * 1.9 / u)
        if self.closing:
            self._place_buttons()
        self._draw_pointer()

    def panel_rect(self) -> tuple[float, float, float, float] | None:
        """The bubble's rectangle in pixels (left, top, right, bottom), None when it says nothing."""
        if not self.bubble:
            return None
        u, w, h = self._px()
        bounds = self.panel.get_tight_bounds(self.app.base.aspect2d)
        if bounds is None:  # nothing drawn yet
            return None
        lo, hi = bounds
        return lo.x * u + w / 2, h / 2 - hi.z * u, hi.x * u + w / 2, h / 2 - lo.z * u

    def target_point(self) -> tuple[float, float] | None:
        """Where the pointer ends, in mouse coordinates ([-1, 1]), or None."""
        app, view = self.app, self.app.view
        if view is None or not self.target or app.flow is None:
            return None
        reveal = app.reveal
        step = reveal.step if reveal is not None and reveal.active else None
        points = subjects.SubjectPoints(view, app.picker, YOU, 1 - YOU)
        return points.point(self.target, app.flow.state, step)

    def _draw_pointer(self) -> None:
        self.pointer.get_children().detach()
        rect, end = self.panel_rect(), self.target_point()
        if rect is None or end is None or not self.bubble:
            return
        u, w, h = self._px()
        to_a2d = lambda px, py: ((px - w / 2) / u, (h / 2 - py) / u)  # noqa: E731
        sx, sy = to_a2d(rect[0] if is_rtl() else rect[2], (rect[1] + rect[3]) / 2)  # its inner edge
        ex, ey = end[0] * (w / 2) / u, end[1] * (h / 2) / u
        ls = LineSegs("tutorial-pointer-line")
        ls.set_thickness(3.0)
        ls.set_color(*POINTER_RGBA)
        ls.move_to(sx, 0, sy)
        ls.draw_to(ex, 0, ey)
        # An arrow head at the target.
        dx, dy = sx - ex, sy - ey
        d = max((dx * dx + dy * dy) ** 0.5, 1e-6)
        ux, uy = dx / d * 0.05, dy / d * 0.05
        for s in (1, -1):
            ls.move_to(ex, 0, ey)
            ls.draw_to(ex + ux - s * uy * 0.6, 0, ey + uy + s * ux * 0.6)
        self.pointer.attach_new_node(ls.create())

    # ---- the end -------------------------------------------------------------------------------
    def finish(self) -> None:
        """The summary's Continue: the lesson's last words, and a way on."""
        app = self.app
        app.screens.summary.exit()
        if app.reveal is not None:
            app.reveal.stop()
        self.closing = True
        self.finished = True
        for label, fn in ((_("Play a game"), self.play_a_game), (_("Quit"), app.quit)):
            b = DirectButton(
                parent=self.root,
                text=panda_text(label),
                command=fn,
                relief=DGG.FLAT,
                pad=(0.5, 0.3),
                frameColor=style.BUTTON,
                text_fg=style.BUTTON_INK,
            )
            self.buttons.append(b)
        self.update()

    def _place_buttons(self) -> None:
        rect = self.panel_rect()
        if rect is None:
            return
        u, w, h = self._px()
        rtl = is_rtl()  # from the panel's right edge leftwards, the first at the right
        x = (rect[2] - w / 2) / u - 0.1 if rtl else (rect[0] - w / 2) / u + 0.1
        y = (h / 2 - rect[3]) / u - 0.08
        for b in self.buttons:
            scale = self.panel.getScale()[0] * 1.1
            b.setScale(scale)
            left, right, _bottom, _top = b.getBounds()
            b.setPos(x - (right if rtl else left) * scale, 0, y)
            x += ((left - right) * scale - 0.06) if rtl else ((right - left) * scale + 0.06)

    def play_a_game(self) -> None:
        """The closing panel's "Play a game": the new-game screen, the lesson put away."""
        app = self.app
        self.destroy()
        app.show_new_game()

    def destroy(self) -> None:
        if self.root.is_empty():
            return
        self.ignore_all()
        self.app.base.taskMgr.remove(self.task)
        self.app.options.autosave = self._autosave
        for b in self.buttons:
            b.destroy()
        self.root.remove_node()


def start_tutorial(app: LessonTable) -> Tutorial:
    """The lesson on ``app``'s table (the new-game screen's "Learn to play", `blueprints3d tutorial`)."""
    return Tutorial(app)
