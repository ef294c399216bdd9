"""The demonstration player: a menu of demos, each stepped forward and back with the arrow keys
or on-screen buttons, a caption for every step, and offscreen rendering of each step to PNG.

The steps come from ``blueprints3d.presentation.demos`` (engine answers, no Panda3D); this module only draws
them with ``demo_stage``. The objects it needs (the ShowBase) are passed in, never taken from
ShowBase's builtins.

The menu lists every demo, one row each: its number and title, then its summary in smaller type,
wrapped to the row's width (the window's width less a margin), so no row's words ever run past
its button, and the rows shrink together when the window is too short for them. A demo counts as
finished (kept in ``demos.json``, marked on the menu) once every one of its try-it-yourself steps
was answered right; only a demo with no such step counts when it is seen to its end.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

from direct.gui.DirectGui import DGG, DirectButton, DirectFrame
from direct.showbase.DirectObject import DirectObject
from panda3d.core import (
    GraphicsWindow,
    NodePath,
    PerspectiveLens,
    TextNode,
    TextProperties,
    TextPropertiesManager,
)

from blueprints3d.client.render import style
from blueprints3d.client.apps import demo_callouts, demo_stage
from blueprints3d.client.apps.demo_try import TryIt
from blueprints3d.client.render.lighting import setup_lighting
from blueprints3d.client.render.window import NO_WINDOW_HINT, open_base
from blueprints3d.client.scene import units
from blueprints3d.client.render.capture import grab_frame, render_frames, save_png
from blueprints3d.i18n import N_, _, language, number
from blueprints3d.files.demo_progress import load_progress, progress_path, save_progress
from blueprints3d.presentation.demos.tasks import TASK, Answer
from blueprints3d.presentation.scene import Demo, Step
from blueprints3d.client.scene.script_text import ScriptText, is_rtl, panda_text, use_language

CAPTION_SCALE = 0.056
PANEL_HEIGHT = 0.46  # of aspect2d's 2.0 height: the caption panel at the bottom
TEXT_FG = style.INK
DIM_FG = style.MUTED
FINISHED_MARK = N_("[finished]")  # on the menu: a demo whose try-it steps the learner answered
MENU_SCALE = 0.045  # a menu row's type, in aspect2d units (the window is 2 high)
MENU_WIDTH_SHARE = 0.92  # of the window's width: a row is at most this wide...
MENU_MAX_WIDTH = 2.7  # ...and no wider than this on a wide window (aspect2d units)
MENU_PAD = (0.6, 0.3)  # a row's padding round its words, in its type's units
MENU_GAP = 0.022  # between rows, aspect2d units
MENU_TOP = 0.62  # the first row's top edge, below the heading and the hint
MENU_BOTTOM = -0.93  # the last row's lowest bottom edge (the note goes below the rows)
SUMMARY = "demo-summary"  # the text properties of a row's second line: smaller, dimmer
SUMMARY_SCALE = 0.8


def _summary_properties() -> None:
    tpm = TextPropertiesManager.get_global_ptr()
    if not tpm.has_properties(SUMMARY):
        tp = TextProperties()
        tp.set_text_scale(SUMMARY_SCALE)
        tp.set_text_color(*style.COACH)
        tpm.set_properties(SUMMARY, tp)


def _button(
    parent: NodePath,
    text: str,
    pos: tuple[float, float],
    command: Callable[[], object],
    scale: float = 0.05,
) -> DirectButton:
    """A button of the players' bar; in Persian the bar reads from the right (Back at the right)."""
    x = -pos[0] if is_rtl() else pos[0]
    return DirectButton(
        parent=parent,
        text=panda_text(text),
        pos=(x, 0, pos[1]),
        scale=scale,
        command=command,
        text_fg=style.INK,
        frameColor=style.PANEL_RAISED,
        pad=(0.5, 0.3),
        relief=DGG.FLAT,
        pressEffect=1,
        text_align=TextNode.A_center,
    )


class StepView:
    """A 3D scene of steps plus the caption panel: shared by the demo and replay players."""

    def __init__(self, base, size: Callable[[], tuple[int, int]] | None = None) -> None:
        use_language(language())  # its font the default of every text it makes
        self.base = base
        # The picture's size in pixels (the window's; tests lay the labels out for another size).
        self.size = (
            size if size is not None else (lambda: (base.win.get_x_size(), base.win.get_y_size()))
        )
        self.root = base.render.attach_new_node("step-view")
        self.lights = setup_lighting(self.root, extent=units.TABLE_RADIUS, shadows=False)
        self.lens = PerspectiveLens()
        self._old_lens = base.camNode.get_lens()
        base.camNode.set_lens(self.lens)
        base.win.set_clear_color((*demo_stage.BACKGROUND, 1))
        self.gui = base.aspect2d.attach_new_node("step-view-gui")
        self.panel = DirectFrame(
            parent=base.a2dBottomCenter,
            frameColor=style.PANEL_OVER,
            frameSize=(-4, 4, 0, PANEL_HEIGHT),
        )
        self.caption = ScriptText(
            parent=self.panel,
            text="",
            pos=(0, PANEL_HEIGHT - 0.08),
            scale=CAPTION_SCALE,
            fg=TEXT_FG,
            align=TextNode.A_center,
            mayChange=True,
        )
        # The title where reading starts (top left; top right in Persian), the counter opposite.
        rtl = is_rtl()
        start, end = (
            (base.a2dTopRight, base.a2dTopLeft) if rtl else (base.a2dTopLeft, base.a2dTopRight)
        )
        inward = -1 if rtl else 1
        start_align, end_align = (
            (TextNode.A_right, TextNode.A_left) if rtl else (TextNode.A_left, TextNode.A_right)
        )
        self.title = ScriptText(
            parent=start,
            text="",
            pos=(0.05 * inward, -0.09),
            scale=0.065,
            fg=TEXT_FG,
            align=start_align,
            mayChange=True,
            shadow=(0, 0, 0, 1),
        )
        self.header = ScriptText(
            parent=start,
            text="",
            pos=(0.05 * inward, -0.17),
            scale=0.045,
            fg=DIM_FG,
            align=start_align,
            mayChange=True,
            shadow=(0, 0, 0, 1),
        )
        self.counter = ScriptText(
            parent=end,
            text="",
            pos=(-0.05 * inward, -0.09),
            scale=0.05,
            fg=DIM_FG,
            align=end_align,
            mayChange=True,
        )
        self.stage: demo_stage.StageNodes | None = None

    def aspect(self) -> float:
        w, h = self.size()
        return w / max(1, h)

    def show(
        self, step: Step, title: str, counter: str, reframe: bool = True
    ) -> demo_stage.StageNodes:
        """Draw ``step``; ``reframe`` False keeps the camera where it is (e.g. while building)."""
        if self.stage is not None:
            self.stage.root.remove_node()
        self.stage = demo_stage.draw_step(self.root, step)
        aspect = self.aspect()
        width, height = self.size()
        for _i in range(2 if reframe else 1):
            if reframe:
                # The caption panel covers the bottom of the window: the picture goes above it.
                demo_stage.frame_camera(
                    self.base.cam,
                    self.lens,
                    self.stage.root,
                    aspect,
                    heading=0.0,
                    fill=0.85,
                    top_share=1.0 - PANEL_HEIGHT / 2.0,
                )
            # Labels keep their size in pixels from step to step (then the frame holds them).
            demo_stage.size_labels(self.stage, self.base.cam, self.lens, height)
        # No label hides a die or another label: moved beside its die, with a leader line.
        st = self.stage
        demo_callouts.arrange(
            st.labels,
            [*st.dice.values(), *st.pool, *st.ghosts],
            st.root,
            self.base.cam,
            self.lens,
            (width, height),
            height * (1.0 - PANEL_HEIGHT / 2.0),
        )
        wrap = 2 * aspect * 0.94 / CAPTION_SCALE
        self.caption.setWordwrap(wrap)
        self.caption.setText(step.caption)
        self.title.setText(title)
        self.header.setText(step.header)
        self.counter.setText(counter)
        return self.stage

    def clear(self) -> None:
        if self.stage is not None:
            self.stage.root.remove_node()
            self.stage = None
        for t in (self.caption, self.title, self.header, self.counter):
            t.setText("")

    def destroy(self) -> None:
        self.clear()
        self.lights.remove()
        self.root.remove_node()
        for t in (self.caption, self.title, self.header, self.counter):
            t.destroy()
        self.panel.destroy()
        self.gui.remove_node()
        self.base.camNode.set_lens(self._old_lens)


class DemoPlayer(DirectObject):
    """The `blueprints3d demo` screen: a menu, then one demo stepped with keys and buttons."""

    def __init__(
        self,
        base,
        demos: Sequence[Demo],
        on_quit: Callable[[], None] | None = None,
        progress: str | os.PathLike[str] | None = None,
        size: Callable[[], tuple[int, int]] | None = None,
    ) -> None:
        use_language(language())  # its font the default of every text it makes
        super().__init__()
        self.base = base
        self.demos = list(demos)
        self.on_quit = on_quit
        # Which demos were finished (files/demo_progress.py); None: not kept.
        self.progress = progress
        self.finished, note = (
            load_progress(progress) if progress is not None else (frozenset(), None)
        )
        self.note = note or ""
        self.trying: TryIt | None = None  # a try-it-yourself step on show
        self._nav: dict[str, Callable[[], None]] = {}  # key -> stepping, after the try step's keys
        self.view = StepView(base, size)  # ``size``: the window's pixels (tests lay out for others)
        self.demo: Demo | None = None
        self.index = 0
        self.nav = self.view.panel.attach_new_node("nav")
        self.back_button = _button(self.nav, _("< Back"), (-0.55, 0.06), self.back)
        self.menu_button = _button(self.nav, _("Menu"), (0.0, 0.06), self.show_menu)
        self.next_button = _button(self.nav, _("Next >"), (0.55, 0.06), self.forward)
        self._make_menu()
        self.answered: set[int] = set()  # the open demo's try-it steps answered right
        self._bind_keys()
        self.show_menu()

    def _make_menu(self) -> None:
        """The menu's node, its heading and hint, and the note under the rows (the rows
        themselves are made by ``layout_menu``, for the window's shape)."""
        self.menu = self.base.aspect2d.attach_new_node("demo-menu")
        self.menu_buttons: list[DirectButton] = []
        self.heading = ScriptText(
            parent=self.menu,
            text=_("Blueprints - rule demonstrations"),
            pos=(0, MENU_TOP + 0.2),
            scale=0.08,
            fg=TEXT_FG,
            align=TextNode.A_center,
        )
        self.menu_hint = ScriptText(
            parent=self.menu,
            text=_(
                "Pick one (or press its number). In a demo: "
                "Left / Right to step, M for this menu, Q to quit."
            ),
            pos=(0, MENU_TOP + 0.1),
            scale=0.04,
            fg=DIM_FG,
            align=TextNode.A_center,
            mayChange=True,
        )
        self.note_text = ScriptText(
            parent=self.menu,
            text=self.note,
            pos=(0, MENU_BOTTOM),
            scale=0.035,
            fg=style.BAD,
            align=TextNode.A_center,
            mayChange=True,
        )

    def _bind_keys(self) -> None:
        """Stepping keys (kept in ``_nav``, tried after a try-it step's own keys), the try-it
        step's keys and the mouse."""
        for key, fn in (
            ("arrow_right", self.forward),
            ("space", self.forward),
            ("arrow_left", self.back),
            ("backspace", self.back),
            ("home", self.first),
            ("end", self.last),
            ("m", self.show_menu),
            ("escape", self.escape),
            ("q", self.quit),
        ):
            self._nav[key] = fn
            self.accept(key, self.key, [key])
        # A try-it-yourself step takes these keys first (as at the table), then the mouse.
        for key in (
            "arrow_up",
            "arrow_down",
            "enter",
            "tab",
            "shift-tab",
            "control-z",
            "r",
            *[str(i) for i in range(1, 10)],
        ):
            self.accept(key, self.key, [key])
        self.accept("mouse1", self._mouse, [self.press])
        self.accept("mouse1-up", self._mouse, [self.release])

    def _menu_text(self, k: int, demo: Demo, wordwrap: float | None = None) -> str:
        """A row's text as its button is given it: the title line, and the summary in its own
        smaller style. Each line goes through ``panda_text`` alone, the style's markup around it
        (``panda_text`` takes its text as plain letters). ``wordwrap``: the row's, in its units."""
        done = "   " + _(FINISHED_MARK) if demo.name in self.finished else ""
        title = panda_text(f"{number(k + 1)}.  {demo.title}{done}", wordwrap=wordwrap)
        summary = panda_text(demo.summary, wordwrap=wordwrap / SUMMARY_SCALE if wordwrap else None)
        return f"{title}\n\1{SUMMARY}\1{summary}\2"

    def menu_width(self) -> float:
        """A row's width in aspect2d units: the window's width less a margin, capped."""
        w, h = self.view.size()
        return min(2 * (w / max(h, 1)) * MENU_WIDTH_SHARE, MENU_MAX_WIDTH)

    def layout_menu(self) -> None:
        """The rows, made afresh for the window's shape: each wraps its words to the row's width
        (its frame is the row's, its words always inside it); when the rows do not fit between
        the hint and the note, their type shrinks until they do."""
        _summary_properties()
        for b in self.menu_buttons:
            b.destroy()
        self.menu_buttons = []
        width = self.menu_width()
        self.menu_hint.setWordwrap(width / 0.04)
        scale = MENU_SCALE
        for _i in range(8):
            rows = []
            for k, demo in enumerate(self.demos):
                wrap = width / scale - 2 * MENU_PAD[0]
                b = DirectButton(
                    parent=self.menu,
                    text=self._menu_text(k, demo, wrap),
                    scale=scale,
                    text_align=TextNode.A_center,
                    text_wordwrap=wrap,
                    frameColor=style.PANEL_RAISED,
                    text_fg=style.INK,
                    relief=DGG.FLAT,
                    pad=MENU_PAD,
                    command=self.open,
                    extraArgs=[demo.name],
                )
                rows.append(b)
            heights = [(b.getBounds()[3] - b.getBounds()[2]) * scale for b in rows]
            if (
                MENU_TOP - sum(heights) - MENU_GAP * (len(rows) - 1) >= MENU_BOTTOM + 0.06
                or scale < 0.02
            ):
                break
            for b in rows:
                b.destroy()
            scale *= 0.9
        top = MENU_TOP
        for b, hh in zip(rows, heights, strict=True):
            _, _, bottom, up = b.getBounds()
            b["frameSize"] = (-width / 2 / scale, width / 2 / scale, bottom, up)
            b.setPos(0, 0, top - up * scale)
            top -= hh + MENU_GAP
        self.menu_buttons = rows
        self.note_text.setPos(0, min(MENU_BOTTOM, top - 0.02))
        self.note_text.setWordwrap(width / 0.035)

    # ---- input ----------------------------------------------------------------------------
    def key(self, name: str) -> None:
        """A key: the try-it-yourself step's first (choosing a die and a space), else stepping."""
        if self.demo is not None and self.trying is not None and self.trying.key(name):
            self._say_try()
            return
        fn = self._nav.get(name)
        if fn is not None:
            fn()
        elif name.isdigit() and int(name) <= len(self.demos):  # a demo by its number on the menu
            self.open(self.demos[int(name) - 1].name)

    def _mouse(self, fn: Callable[[float, float], bool]) -> None:
        mw = getattr(self.base, "mouseWatcherNode", None)
        if mw is None or not mw.has_mouse() or mw.is_over_region():
            return
        m = mw.get_mouse()
        fn(m.x, m.y)

    def press(self, x: float, y: float) -> bool:
        """A click at (x, y) in mouse units: on a try-it step, takes a die or answers."""
        got = self.trying is not None and self.trying.press(x, y)
        if got:
            self._say_try()
        return got

    def release(self, x: float, y: float) -> bool:
        got = self.trying is not None and self.trying.release(x, y)
        if got:
            self._say_try()
        return got

    def _say_try(self) -> None:
        """The caption panel says what the step asks (or what the answer did) and, below, how."""
        t = self.trying
        if t is None:
            return
        if t.answer is None:
            said, how = t.step.caption, t.hint
        else:
            more = self.demo is not None and self.index < len(self.demo.steps) - 1
            said, how = (
                t.answer.caption,
                (_("Backspace: try again    Right: go on") if more else _("Backspace: try again")),
            )
        self.view.caption.setText(f"{said}\n\n{how}")

    # ---- navigation -----------------------------------------------------------------------
    def show_menu(self) -> None:
        self.demo = None
        self.trying = None
        self.layout_menu()
        self.view.clear()
        self.nav.hide()
        self.view.panel.hide()
        self.menu.show()

    def open(self, name: str) -> None:
        demo = next((d for d in self.demos if d.name == name), None)
        if demo is None:
            return
        self.demo = demo
        self.answered = set()
        self.menu.hide()
        self.view.panel.show()
        self.nav.show()
        self.show_step(0)

    def show_step(self, index: int) -> None:
        if self.demo is None:
            return
        self.index = max(0, min(index, len(self.demo.steps) - 1))
        n = len(self.demo.steps)
        step, title, counter = (
            self.demo.steps[self.index],
            self.demo.title,
            _("step {step} of {steps}", step=self.index + 1, steps=n),
        )
        task = step.facts.get(TASK)
        if task is not None:  # the learner's turn: the die and the space are theirs to choose
            index = self.index
            self.trying = TryIt(
                step,
                task,
                lambda s: self.view.show(s, title, counter),
                self.base.cam,
                self.view.lens,
                on_answer=lambda answer: self._answered(index, answer),
            )
            self._say_try()
        else:
            self.trying = None
            self.view.show(step, title, counter)
        if self.index == n - 1 and not self.task_steps(self.demo):
            self._finished(self.demo.name)  # nothing to try in it: seen to its end is finished
        for button, active in (
            (self.back_button, self.index > 0),
            (self.next_button, self.index < n - 1),
        ):
            button["state"] = DGG.NORMAL if active else DGG.DISABLED
            button["text_fg"] = style.INK if active else style.BUTTON_OFF

    @staticmethod
    def task_steps(demo: Demo) -> list[int]:
        """The steps of ``demo`` that hand the learner a die to try (``Step.facts[TASK]``)."""
        return [i for i, st in enumerate(demo.steps) if TASK in st.facts]

    def _answered(self, index: int, answer: Answer) -> None:
        """A try-it step answered: right, it counts; every one answered right, the demo is
        finished."""
        if self.demo is None or not answer.ok:
            return
        self.answered.add(index)
        if set(self.task_steps(self.demo)) <= self.answered:
            self._finished(self.demo.name)

    def _finished(self, name: str) -> None:
        """Every try-it step of the demo was answered right (a demo without one: it was seen to
        its end): kept for the menu (a failed save is said there)."""
        if name in self.finished:
            return
        self.finished = self.finished | {name}
        if self.progress is None:
            return
        try:
            save_progress(self.progress, self.finished)
        except OSError as e:
            self.note = _("could not keep the finished demos: {reason}", reason=e.strerror or e)
            self.note_text.setText(self.note)

    def refresh(self) -> None:
        """Draw the current step again, or lay the menu out again (after a window resize)."""
        if self.demo is not None:
            self.show_step(self.index)
        else:
            self.layout_menu()

    def forward(self) -> None:
        if self.demo is not None:
            self.show_step(self.index + 1)

    def back(self) -> None:
        if self.demo is not None:
            self.show_step(self.index - 1)

    def first(self) -> None:
        self.show_step(0)

    def last(self) -> None:
        if self.demo is not None:
            self.show_step(len(self.demo.steps) - 1)

    def escape(self) -> None:
        if self.demo is not None:
            self.show_menu()
        else:
            self.quit()

    def quit(self) -> None:
        if self.on_quit is not None:
            self.on_quit()

    def destroy(self) -> None:
        self.ignore_all()
        for b in (self.back_button, self.menu_button, self.next_button, *self.menu_buttons):
            b.destroy()
        self.menu.remove_node()
        self.view.destroy()


def render_demo(base, demo: Demo, out_dir: str | os.PathLike[str]) -> list[str]:
    """Write every step of ``demo`` to ``out_dir/<name>-NN.png`` on ``base``'s (offscreen)
    window; returns the paths. The scene is removed again afterwards."""
    player = DemoPlayer(base, [demo])
    player.open(demo.name)
    return render_steps(
        base, player, len(demo.steps), out_dir, lambda i: f"{demo.name}-{i + 1:02d}.png"
    )


def render_steps(
    base, player, count: int, out_dir: str | os.PathLike[str], name_of: Callable[[int], str]
) -> list[str]:
    """Show each of ``player``'s ``count`` steps, write it to ``out_dir/name_of(i)`` and return
    the paths; the player is destroyed afterwards (the demo and replay --render share this)."""
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    try:
        for i in range(count):
            player.show_step(i)
            render_frames(base, 2)
            path = os.path.join(os.fspath(out_dir), name_of(i))
            save_png(grab_frame(base.win), path)
            paths.append(path)
    finally:
        player.destroy()
    return paths


def run_window(
    demos: Sequence[Demo], width: int, height: int, start: str | None = None, shaders: bool = True
) -> int:
    """`blueprints3d demo`: the menu (or ``start`` directly) in a window, until closed or Q."""
    base = open_base(
        size=(width, height),
        title=_("Blueprints - rule demonstrations"),
        sync_video=True,
        shaders_on=shaders,
        no_window_hint=NO_WINDOW_HINT,
    )
    player = DemoPlayer(base, demos, on_quit=base.userExit, progress=progress_path())
    if start is not None:
        player.open(start)
    # Re-frame when the window changes shape, so captions wrap and nothing is cut off.
    assert isinstance(base.win, GraphicsWindow)  # a window, not an offscreen buffer
    player.accept(base.win.get_window_event(), lambda win: player.refresh())
    base.run()
    return 0
