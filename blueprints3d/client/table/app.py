"""The table app: one ShowBase (passed in, never a global), the scene, the screens, and the frame task.

``TableApp`` wires the parts, each with one job: the game flow (engine + bots, flow.py), the table
view (table_view.py), the controls (controls.py), the input (table_input.py), the camera rig
(camera_rig.py), the screens (overlays.py), the files (saving.py), the HUD, the reveal and the
podium. It keeps the game's course (start, resume, a round's end, the game's end) and the
frame task. The `play` command's window is client/table/run.py; its options are options.py.
"""

from __future__ import annotations

import time

from direct.showbase.ShowBase import ShowBase
from direct.task.Task import Task
from panda3d.core import Camera, ClockObject, GraphicsOutput, NodePath, PerspectiveLens

from blueprints3d.client.render import config, lighting, shaders
from blueprints3d.client.render.audio import SoundBank
from blueprints3d.client.scene import dice_model, units
from blueprints3d.client.scene.camera import OrbitCamera
from blueprints3d.client.scene.picking import Picker
from blueprints3d.client.scene.script_text import panda_text
from blueprints3d.client.table.appearance import apply_looks, apply_settings
from blueprints3d.client.table.controls.table_controls import TableControls
from blueprints3d.client.table.controls.table_input import TableInput
from blueprints3d.client.table.hud.between_turns import BetweenTurns
from blueprints3d.client.table.hud.hud import Hud
from blueprints3d.client.table.hud.move_bar import HintButton, MoveBar
from blueprints3d.client.table.hud.overlays import TableScreens
from blueprints3d.client.table.hud.score_panel import ScorePanel
from blueprints3d.client.table.hud.screens import Overlay
from blueprints3d.client.table.hud.tutorial import Tutorial
from blueprints3d.client.table.model.bots import bot_levels
from blueprints3d.client.table.model.flow import FlowEvent, GameFlow, Mode, SeatConfig, plate_name
from blueprints3d.client.table.model.options import AppOptions, saved_words, seats_from_meta
from blueprints3d.client.table.model.pointer import MousePointer
from blueprints3d.client.table.model.saving import TableSaving
from blueprints3d.client.table.net.net_table import NetTable
from blueprints3d.client.table.view.camera_rig import CameraRig
from blueprints3d.client.table.view.coach_view import Coach
from blueprints3d.client.table.view.podium import Podium
from blueprints3d.client.table.view.reveal import RevealPlayer
from blueprints3d.client.table.view.table_sounds import TableSounds
from blueprints3d.client.table.view.table_view import TableView
from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.engine.state import GameState
from blueprints3d.files.autosave import Resumed
from blueprints3d.files.history import hints_from_meta
from blueprints3d.files.settings import Settings
from blueprints3d.i18n import clauses, explain


class TableApp:
    """The game on one ShowBase. ``output`` and ``cam`` default to the base's window and camera;
    tests pass an offscreen buffer and its camera."""

    def __init__(
        self,
        base: ShowBase,
        options: AppOptions,
        output: GraphicsOutput | None = None,
        cam: NodePath[Camera] | None = None,
    ) -> None:
        self.base, self.options = base, options
        self.output = output if output is not None else base.win
        self.cam = cam if cam is not None else base.cam
        self._build_stage()
        self._build_screens()
        self._build_play()
        self._start()

    def _build_stage(self) -> None:
        """The 3D side: the scene and its lights, the camera and what is under the pointer, the
        settings and the looks they ask for (set before anything is drawn)."""
        base, options = self.base, self.options
        lens = self.cam.node().get_lens()
        assert isinstance(lens, PerspectiveLens)  # the orbit camera's distances are a perspective's
        self.lens = lens
        self.clock = options.clock if options.clock is not None else ClockObject.get_global_clock()
        self.scene = base.render.attach_new_node("blueprints3d-scene")
        # Shadows need the shader path; the plain-colour path lights per vertex without them.
        # With the task manager and the GSG the shadow map is redrawn only when something moved.
        self.lighting = lighting.setup_lighting(
            self.scene,
            extent=units.TABLE_RADIUS,
            shadows=shaders.shaders_enabled(),
            shadow_size=config.SHADOW_SIZE.get_value(),
            task_mgr=base.taskMgr,
            gsg=self.output.get_gsg(),
        )
        self.output.set_clear_color((0.11, 0.12, 0.14, 1))
        self.camera = OrbitCamera(self.cam, self.lens, self.scene)
        self.camera.set_aspect(self._aspect())
        self.picker = Picker(self.cam, self.lens, self.scene)
        # None read: the defaults.
        self.settings = options.settings or Settings(confirm_moves=options.confirm_moves)
        apply_looks(options, self.settings)
        self.camera_rig = CameraRig(
            self.camera, self.picker, self._aspect, lambda: self.settings.camera_sensitivity
        )

    def _build_screens(self) -> None:
        """The 2D side and what it shows: the HUD, the screens, the sounds, the files, the podium
        and the curtain, reveal and standings between the turns."""
        base, options = self.base, self.options
        self.overlay = Overlay(
            base.aspect2d,
            base.a2dTopLeft,
            base.a2dTopRight,
            base.a2dBottomLeft,
            base.a2dBottomRight,
            size=self.size,
        )
        self.hud = Hud(base.aspect2d, size=self.size())
        self.camera_rig.on_keep_out = self.hud.keep_clear  # the top lines wrap short of it
        self.sounds = TableSounds(
            SoundBank.for_base(
                base, volume=self.settings.loudness, muted=options.mute or self.settings.mute
            )
        )
        self.screens = TableScreens(
            self.overlay,
            new_game=self.show_new_game,
            quit=self.quit,
            in_game=self.in_game,
            before_help=self._drop_drag,
            settings=lambda: self.settings,
            change_settings=self.change_settings,
            settings_path=options.settings_path,
            autosave=options.autosave,
            saves_folder=lambda: self.saving.folder(),
            replay=lambda number: self.saving.replay_kept(number),
            leave_words=lambda: self.net.leave_words(),
        )
        self.flow: GameFlow | None = None
        self.saving = TableSaving(
            options.autosave,
            lambda: self.flow,
            lambda: self.coach.counts,
            say=lambda text: self.hud.show_message(text),  # late-bound: tests listen in
            say_at_end=lambda text: self.screens.standings.say(text),
            settings_path=options.settings_path,
            launch=options.launch,
            symbols=dice_model.symbols_shown,
        )
        self.reveal: RevealPlayer | None = None  # made with each game's table view
        # The end of the game: one player's buildings side by side, to view or save.
        self.podium = Podium(
            self.scene,
            base.aspect2d,
            self.camera,
            self.cam,
            self.size,
            self.saving.view_kept_building,
            self.saving.save_kept_building,
        )
        self.between = BetweenTurns(
            self.screens,
            self.hud,
            self.podium,
            go_on=lambda: self.continue_round(),  # the lesson's summary goes on to its end
            lift_curtain=self.pass_curtain,
            new_game=self.show_new_game,
            quit=self.quit,
            drop_drag=self._drop_drag,
        )

    def _build_play(self) -> None:
        """The hand on the game: the move bar and Hint button, the coach, the keys and mouse, the
        network side and the frame task."""
        base, options = self.base, self.options
        self.move_bar = MoveBar(
            base.a2dBottomRight, lambda: self.input.confirm_move(), lambda: self.input.undo_move()
        )
        self.hint_button = HintButton(base.a2dBottomRight, lambda: self.input.toggle_hints())
        self.score_panel = ScorePanel(base.a2dTopRight)
        self.hud.dock(self.score_panel.text, self.move_bar.root, self.hint_button.root)
        # The coach (H, the Hint button): its hints used are saved at once (view/coach_view.py).
        self.coach = Coach(
            self.hud, self.hint_button, on_count=lambda: self.saving.autosave(), picker=self.picker
        )
        self.coach.enabled = self.settings.hints
        self.tutorial: Tutorial | None = None  # the guided first game, while it is on
        self.view: TableView | None = None
        self.controls: TableControls | None = None
        self.frames = 0
        self._startup_note = options.settings_note
        self.input = TableInput(
            self, options.pointer if options.pointer is not None else MousePointer(base)
        )
        self.task = base.taskMgr.add(self._frame_task, "blueprints3d-frame", sort=-10)
        self.net = NetTable(self, options.local_server)  # host / join: a seat of a room on a server

    def _start(self) -> None:
        """What the options ask the table to open with: a network seat, a saved game, a new game,
        the lesson, or else the new-game screen."""
        options = self.options
        if options.network is not None:
            self.net.join(options.network)
        elif options.resumed is not None:
            self.resume(options.resumed)
        elif options.seats:
            self.start_game(options.seats, options.seed, options.open_scores, options.start)
        elif options.tutorial:
            self.start_tutorial()
        else:
            self.show_new_game()

    def size(self) -> tuple[int, int]:
        """The window's (or buffer's) size in pixels."""
        return self.output.get_x_size(), self.output.get_y_size()

    def _aspect(self) -> float:
        w, h = self.size()
        return w / h if h else 16 / 9

    # ---- games --------------------------------------------------------------------------------
    def show_new_game(self) -> None:
        self.screens.close_all()
        defaults = self.flow.seats if self.flow is not None else None
        # At launch, before any game here: the saved game, to continue.
        saved = self.saving.saved_game() if self.flow is None else None
        self.screens.new_game_screen.enter(
            bot_levels(),
            self.net.or_host(self.start_game),
            self.quit,
            defaults,
            self.options.seed,
            self.options.open_scores,
            on_past_games=self.screens.show_past_games,
            on_learn=self.start_tutorial,
            saved=None if saved is None else (saved_words(saved), lambda: self.resume(saved)),
            on_join=self.net.show_join,
        )
        self.hud.set_visible(False)

    def resume(self, saved: Resumed) -> None:
        """Continue a saved game (--resume, or the new-game screen's Continue)."""
        seats, open_scores = seats_from_meta(saved.meta)
        self.start_game(
            seats,
            open_scores=open_scores,
            initial=saved.state,
            hints=hints_from_meta(saved.meta, len(seats)),
        )
        if saved.note:
            self.hud.show_message(saved.note)

    def start_tutorial(self) -> Tutorial:
        """ "Learn to play" (and `blueprints3d tutorial`): one coached round (client/table/hud/tutorial.py)."""
        self.tutorial = Tutorial(self)
        return self.tutorial

    def start_game(
        self,
        seats: list[SeatConfig],
        seed: int | None = None,
        open_scores: bool = False,
        start: int | None = 0,
        initial: GameState | None = None,
        hints: list[int] | None = None,
        flow: GameFlow | None = None,
    ) -> None:
        """A new game (``start``: round 1's start player, None by lot), or ``initial`` resumed
        (``hints``: the hints each seat had used, from its save), or ``flow``'s (a network game's)."""
        try:
            flow = flow or local_flow(
                self.options, self.settings, seats, seed, open_scores, start, initial
            )
        except BlueprintsError as e:
            if self.screens.new_game_screen.active:
                self.screens.new_game_screen.error["text"] = panda_text(explain(e))
                return
            raise
        self.screens.close_all()
        self.podium.hide()
        if self.reveal is not None:
            self.reveal.destroy()
        if self.view is not None:
            self.view.destroy()
        self.net.replaced(self.flow, flow)
        self.flow = flow
        self.saving.kept_game = None
        self.view = TableView(self.scene, [plate_name(s) for s in seats])  # "Bob (hard)"
        self.view.on_impact = self.sounds.bank.play_impact  # the throws' hits: felt, die, wall
        self.view.set_animations(self.settings.animations)
        self.controls = TableControls(flow, self.view, self.picker, self.hud.show_message)
        self.coach.attach(flow, self.view, hints)
        self.reveal = RevealPlayer(
            self.base.aspect2d,
            self.view,
            self.camera,
            self.cam,
            self.size,
            on_summary=self.between.show_summary,
        )
        self.reveal.avoid = lambda: [self.screens.summary.rect_px()]
        self.reveal.on_card = lambda step: self.sounds.card(step.kind)  # "award" / "prize"
        self.between.attach(flow, self.view, self.reveal)
        flow.listeners.append(self.on_flow_event)
        self.camera_rig.forget_framing()
        self.hud.set_visible(True)
        self.hud.show_message(opening_words(flow, self._startup_note))
        self._startup_note = ""  # said once, at the first game's start
        self.refresh(animate=False)
        if initial is None and self.settings.animations == "full" and flow.mode is not Mode.CURTAIN:
            self.view.throw_pool(flow)  # the first pool tumbles out of the bag
        self.sounds.start(flow)
        self.camera.snap()
        self.saving.started(new=initial is None)

    def on_flow_event(self, event: FlowEvent) -> None:
        """The game flow's news (a move, a take-back, a new turn, a round's end), to every part."""
        flow = self.flow
        assert flow is not None  # it listens to the game's flow only (start_game), set before it
        self.coach.on_event(event)  # a move, a take-back, a new turn: the hints go
        self.sounds.on_event(flow, event)
        if event.kind in ("placed", "set_aside", "discarded"):
            self.saving.autosave()  # after every action: a crash or a kill loses nothing
            self.saving.keep_finished()  # the game's last action: it goes into the history
        # What just happened goes on the message line; what to do now is the HUD's prompt line.
        if event.kind != "turn" and event.message:
            self.hud.show_message(event.message)
        if event.kind == "turn" and flow.mode is Mode.TURN:
            # A person sits down: tell them what the others did in the open meanwhile.
            assert event.player is not None  # a turn's event names whose it is
            done = flow.since_last_turn(event.player)
            if done:
                self.hud.show_message(clauses(done))
        self.refresh()

    def refresh(self, animate: bool = True) -> None:
        """Bring the view, the screens and the camera in line with the game flow."""
        flow, view, reveal = self.flow, self.view, self.reveal
        if flow is None or view is None or reveal is None:
            return
        animate = animate and self.settings.animations != "off"
        self.between.before_sync(flow, reveal)
        self.camera_rig.frame(flow, view, held=self.between.holds_camera)
        view.sync(flow, animate)
        for part in (self.hud, self.move_bar, self.score_panel, self.net):
            part.update(flow)
        self.coach.update()  # the Hint button
        self.hud.place()  # the docked score panel's text changed: keep it inside the window
        if self.controls is not None:
            self.controls.update_cursor()
        self.between.after_sync(flow)

    # ---- between the turns -------------------------------------------------------------------
    def pass_curtain(self) -> None:
        if self.flow is not None:
            self.flow.pass_curtain()

    def continue_round(self) -> None:
        """Go on after a round's summary: the next round, or in the lesson its closing words."""
        if self.tutorial is not None and self.tutorial.on:
            self.tutorial.finish()
            return
        if self.flow is not None:
            self.hud.show_message("")
            self.flow.continue_after_round()

    # ---- the settings, and the way out -------------------------------------------------------
    def _drop_drag(self) -> None:
        if self.controls is not None:
            self.controls.cancel_drag()

    def change_settings(self, settings: Settings) -> None:
        """The settings screen changed a value: applied now (shaders: at the next start), saved."""
        self.settings = settings
        apply_settings(self, settings)  # client/table/appearance.py
        self.saving.save_settings(settings)

    def in_game(self) -> bool:
        return self.flow is not None and self.flow.mode is not Mode.GAME_OVER

    def quit(self) -> None:
        self.base.taskMgr.stop()

    def on_window_event(self, window: GraphicsOutput) -> None:
        if window != self.output:  # wrappers of one window are not always the same object
            return
        self.camera.set_aspect(self._aspect())
        self.hud.layout(*self.size())  # text sizes and wrapping follow the window's pixels
        if self.flow is not None and self.view is not None:
            self.camera_rig.forget_framing()  # the framing distance depends on the window's shape
            self.camera_rig.frame(self.flow, self.view, held=self.between.holds_camera)
            self.between.relayout()

    # ---- every frame --------------------------------------------------------------------------
    def _frame_task(self, task: Task) -> int:
        self.step()
        return task.cont

    def step(self) -> None:
        """One frame's work (the frame task): the computers, the pointer, the animations, the
        camera. The render is the base's own task."""
        dt = min(self.clock.get_dt(), 0.25)  # a slow frame still moves animations on
        now = self.clock.get_frame_time()
        if self.flow is not None and not self.screens.pauses():
            self.flow.tick(now)  # the menu pauses the computers too
        self.coach.poll()  # the hints' thinking runs on its own thread: only looked at here
        self.net.poll()  # a network game's first view, once it has come (net_table.py)
        self.input.each_frame()
        if self.view is not None:
            self.view.update(dt)  # glides and throws
        if self.reveal is not None:
            self.reveal.update(dt)
        self.podium.layout()  # the labels and buttons follow the camera as it glides
        self.camera.update(dt)
        if self.flow is not None and self.view is not None:
            self.camera_rig.plate_for_close_up(self.flow, self.view)
        self.frames += 1
        if self.frames == 1:
            self.options.stats["first_frame_task"] = time.perf_counter()
        if self.options.quit_after and self.frames >= self.options.quit_after:
            self.quit()

    # ---- for tests and tools ------------------------------------------------------------------
    def settle(self) -> None:
        """Finish every animation and card and point the camera at its goal, at once."""
        if self.view is not None:
            if self.flow is not None:
                self.view.sync(self.flow, animate=False)
            self.view.finish_all()
        self.camera.snap()
        self.podium.layout()
        if self.reveal is not None:
            self.reveal.layout()  # the labels follow the camera's new place
        if self.controls is not None:
            self.controls.update_cursor()

    def destroy(self) -> None:
        self.net.destroy()
        self.input.destroy()
        self.base.taskMgr.remove(self.task)
        if self.tutorial is not None:
            self.tutorial.destroy()
        self.sounds.bank.destroy()
        self.screens.close_all()
        for part in (self.coach, self.hud, self.move_bar, self.hint_button, self.score_panel):
            part.destroy()
        self.podium.hide()
        if self.reveal is not None:
            self.reveal.destroy()
        if self.view is not None:
            self.view.destroy()
        self.lighting.remove()
        self.scene.remove_node()


def local_flow(
    options: AppOptions,
    settings: Settings,
    seats: list[SeatConfig],
    seed: int | None,
    open_scores: bool,
    start: int | None,
    initial: GameState | None,
) -> GameFlow:
    """A game played at this table (not over the network): the computers' pace from the command
    line, else from the settings. BlueprintsError when the seats or the saved state are wrong."""
    delay = options.bot_delay
    if delay is None:
        delay = settings.bot_delay(config.BOT_DELAY.get_value())
    return GameFlow(
        list(seats),
        seed,
        open_scores,
        delay,
        options.threaded_bots,
        start_player=start,
        initial=initial,
        confirm_moves=settings.confirm_moves,
    )


def opening_words(flow: GameFlow, startup_note: str) -> str:
    """What the message line says as a game opens: a bad settings file's note (also on stderr),
    and, for a resumed game on a person's turn (its history rebuilt from the save), what the
    others did since that person last moved, as a turn that began in play does."""
    done: list[str] = []
    if flow.mode is Mode.TURN:
        assert flow.current is not None  # a person's turn: someone is to move
        done = flow.since_last_turn(flow.current)
    return clauses(([startup_note] if startup_note else []) + done)
