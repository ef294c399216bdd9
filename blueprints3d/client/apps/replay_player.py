"""The replay player: a saved game move by move on the table, stepped, played and paused.

Steps come from ``blueprints3d.presentation.replay`` (the engine replays the save's move log); this
module draws them with the demo player's ``StepView``. Keys: Right/Left step, Space play or
pause, Home/End first and last step, +/- faster or slower, Q or Escape quits.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

from direct.gui.DirectGui import DirectButton
from direct.showbase.DirectObject import DirectObject
from panda3d.core import GraphicsWindow

from blueprints3d.client.apps.demo_player import StepView, _button, render_steps
from blueprints3d.i18n import _, language
from blueprints3d.presentation.scene import Step
from blueprints3d.client.render.window import NO_WINDOW_HINT, open_base
from blueprints3d.client.scene.script_text import panda_text, use_language

SECONDS_PER_STEP = 1.2


class ReplayPlayer(DirectObject):
    def __init__(
        self, base, steps: Sequence[Step], title: str, on_quit: Callable[[], None] | None = None
    ) -> None:
        use_language(language())  # its font the default of every text it makes
        super().__init__()
        if not steps:
            raise ValueError("a replay needs at least one step")
        self.base, self.steps, self.title, self.on_quit = base, list(steps), title, on_quit
        self.view = StepView(base)
        self.index = 0
        self.playing = False
        self.seconds_per_step = SECONDS_PER_STEP
        self._wait = 0.0
        nav = self.view.panel
        self.buttons: list[DirectButton] = [
            _button(nav, "|<", (-0.75, 0.06), self.first),
            _button(nav, _("< Back"), (-0.45, 0.06), self.back),
            _button(nav, _("Play"), (0.0, 0.06), self.toggle_play),
            _button(nav, _("Next >"), (0.45, 0.06), self.forward),
            _button(nav, ">|", (0.75, 0.06), self.last),
        ]
        self.play_button = self.buttons[2]
        for key, fn in (
            ("arrow_right", self.forward),
            ("arrow_left", self.back),
            ("space", self.toggle_play),
            ("home", self.first),
            ("end", self.last),
            ("+", self.faster),
            ("=", self.faster),
            ("-", self.slower),
            ("q", self.quit),
            ("escape", self.quit),
        ):
            self.accept(key, fn)
        self.task = base.task_mgr.add(self._update, "replay-update")
        self.show_step(0)

    def show_step(self, index: int) -> None:
        self.index = max(0, min(index, len(self.steps) - 1))
        if self.index == len(self.steps) - 1:
            self.playing = False
            self.play_button["text"] = panda_text(_("Play"))
        counter = _("step {step} of {steps}", step=self.index + 1, steps=len(self.steps))
        if self.playing:
            counter = _(
                "{counter}   ({seconds} s a step)",
                counter=counter,
                seconds=f"{self.seconds_per_step:.1f}",
            )
        self.view.show(self.steps[self.index], self.title, counter)

    def forward(self) -> None:
        self.show_step(self.index + 1)

    def back(self) -> None:
        self.set_playing(False)
        self.show_step(self.index - 1)

    def first(self) -> None:
        self.set_playing(False)
        self.show_step(0)

    def last(self) -> None:
        self.set_playing(False)
        self.show_step(len(self.steps) - 1)

    def set_playing(self, playing: bool) -> None:
        self.playing = playing and self.index < len(self.steps) - 1
        self._wait = 0.0
        self.play_button["text"] = panda_text(_("Pause") if self.playing else _("Play"))
        self.show_step(self.index)  # the counter shows the speed only while playing

    def toggle_play(self) -> None:
        self.set_playing(not self.playing)

    def faster(self) -> None:
        self.seconds_per_step = max(0.2, self.seconds_per_step / 1.5)

    def slower(self) -> None:
        self.seconds_per_step = min(6.0, self.seconds_per_step * 1.5)

    def advance(self, dt: float) -> None:
        """Let ``dt`` seconds pass: while playing, step on every ``seconds_per_step``."""
        if not self.playing:
            return
        self._wait += dt
        while self.playing and self._wait >= self.seconds_per_step:
            self._wait -= self.seconds_per_step
            self.forward()

    def _update(self, task):
        self.advance(self.base.clock.get_dt())
        return task.cont

    def quit(self) -> None:
        if self.on_quit is not None:
            self.on_quit()

    def destroy(self) -> None:
        self.ignore_all()
        self.base.task_mgr.remove(self.task)
        for b in self.buttons:
            b.destroy()
        self.view.destroy()


def render_replay(
    base, steps: Sequence[Step], title: str, out_dir: str | os.PathLike[str], prefix: str = "replay"
) -> list[str]:
    """Write every step to ``out_dir/<prefix>-NNN.png`` on ``base``'s window."""
    player = ReplayPlayer(base, steps, title)
    return render_steps(base, player, len(steps), out_dir, lambda i: f"{prefix}-{i + 1:03d}.png")


def run_window(
    steps: Sequence[Step],
    title: str,
    width: int,
    height: int,
    shaders: bool,
    autoplay: bool = False,
) -> int:
    base = open_base(
        size=(width, height),
        title=_("Blueprints - replay of {title}", title=title),
        sync_video=True,
        shaders_on=shaders,
        no_window_hint=NO_WINDOW_HINT,
    )
    player = ReplayPlayer(base, steps, title, on_quit=base.userExit)
    assert isinstance(base.win, GraphicsWindow)  # a window, not an offscreen buffer
    player.accept(base.win.get_window_event(), lambda win: player.show_step(player.index))
    if autoplay:
        player.set_playing(True)
    base.run()
    return 0
