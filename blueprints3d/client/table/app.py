"""The table app: one ShowBase (passed in, never a global), the scene, the screens, and the frame task.

``TableApp`` wires the pieces: the game flow (engine + bots), the table view, the controls (mouse
and keyboard), the camera, the HUD and the DirectGUI screens. ``run_app`` is the `play` command:
it loads the .prc settings, opens the window and runs until the player quits.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from typing import Callable
from dataclasses import dataclass, field
from pathlib import Path

from direct.showbase.DirectObject import DirectObject
from panda3d.core import ClockObject, NodePath, Point3, WindowProperties

from blueprints3d.client.render import config, lighting, shaders
from blueprints3d.client.render.audio import SoundBank
from blueprints3d.client.render.window import open_base
from blueprints3d.client.scene import card_model, units
from blueprints3d.client.scene.camera import OrbitCamera
from blueprints3d.client.scene.geometry import rotate
from blueprints3d.client.scene.picking import Picker
from blueprints3d.client.table.bots import bot_levels
from blueprints3d.client.table.coach_view import Coach
from blueprints3d.client.table.controls import TableControls
from blueprints3d.client.table.watchdog import FrameWatchdog
from blueprints3d.client.table.flow import FlowEvent, GameFlow, Mode, SeatConfig
from blueprints3d.client.table.hud import Hud, plate_name
from blueprints3d.client.table.move_bar import HintButton, MoveBar
from blueprints3d.client.table.score_panel import ScorePanel
from blueprints3d.client.table.layout import LABEL_OFFSET, seat_places
from blueprints3d.client.table.past_games import PastGamesScreen
from blueprints3d.client.table.podium import Podium
from blueprints3d.client.table.reveal import RevealPlayer
from blueprints3d.client.table.summary import RoundSummary, StandingsScreen
from blueprints3d.client.table.screens import (ConfirmScreen, CurtainScreen, HelpScreen,
                                         MenuScreen, NewGameScreen, Overlay,
                                         SettingsScreen)
from blueprints3d.client.table.table_sounds import TableSounds
from blueprints3d.client.table.table_view import TableView
from blueprints3d.client.table.tutorial import Tutorial
from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.files.errors import SaveFileError
from blueprints3d.engine.rules import NUM_ROUNDS, POOL_SIZE
from blueprints3d.engine.state import GameState
from blueprints3d.files.autosave import AutosaveSlot, Resumed
from blueprints3d.files.buildfile import build_bytes
from blueprints3d.files.builds import build_of
from blueprints3d.files.history import hints_from_meta, keep_game
from blueprints3d.files.jsonfile import make_folder, os_reason, stamp, where, write_bytes_atomic, write_new
from blueprints3d.files.savefile import game_bytes
from blueprints3d.files.settings import Settings, load_settings, save_settings, settings_path
from blueprints3d.files.stall import take_stall_note
from blueprints3d.text import display, file_name, shown

CLOSE_EVENT = "blueprints3d-close-request"
CAMERA_KEYS = {"q": (-4.0, 0.0), "e": (4.0, 0.0), "w": (0.0, 3.0), "s": (0.0, -3.0)}
PLAY_KEYS = ["arrow_left", "arrow_right", "arrow_up", "arrow_down", "enter", "space", "tab",
             "shift-tab", "backspace", "control-z"] + [str(i) for i in range(1, 10)]
ZOOM_KEYS = {"+": 0.9, "=": 0.9, "shift-=": 0.9, "page_up": 0.9, "-": 1.1, "page_down": 1.1}
HOME_ELEVATION = 52.0      # degrees: the default view, steep enough that a building's rows stand apart
HOME_STACK = units.DIE_SIZE * 4  # the default view has room for a stack this tall on the card's far row
IN_DEMAND_REACH = 3.0      # the in-demand dice stand within this of the scoreboard's middle
CLOSE_UP_KEY = "c"
CLOSE_UP_ELEVATION = 58.0  # degrees: steep enough that the rows of a building stand apart
_NOT_FRAMED = ("moved by the reveal or the podium",)  # a framing key no view ever has


@dataclass
class AppOptions:
    size: tuple[int, int] = (1280, 720)
    size_given: bool = False                # full screen without --size uses the display's size
    fullscreen: bool = False
    use_shaders: bool = True
    seats: list[SeatConfig] | None = None   # given: skip the new-game screen
    seed: int | None = None
    open_scores: bool = False
    bot_delay: float | None = None          # None: the blueprints3d-bot-delay setting
    verbose: bool = False                   # Panda3D's start-up messages
    threaded_bots: bool = True
    quit_after: int = 0                     # frames; 0 = run until the player quits (benchmarks)
    stats: dict = field(default_factory=dict)
    autosave: AutosaveSlot | None = None    # saves the game after every action (None: off)
    resumed: Resumed | None = None          # given: continue this saved game
    start: int | None = 0                   # round 1's start seat with --seats (None: by lot)
    confirm_moves: bool = True              # a person's move waits for Enter / Confirm (Undo takes it back)
    settings: Settings | None = None        # the settings file's (None: none read; confirm_moves above holds)
    settings_path: Path | None = None       # where the settings screen saves (None: not saved)
    mute: bool = False                      # --mute: no sound this run (the settings' mute lasts)
    tutorial: bool = False                  # `blueprints3d tutorial`: the guided first game at once
    settings_note: str = ""                 # why the settings file was not used (shown once in the HUD)
    launch: Callable[[list[str]], object] | None = None  # starts `blueprints3d view` (None: subprocess.Popen)


class TableApp:
    """The game on one ShowBase. ``output`` and ``cam`` default to the base's window and camera;
    tests pass an offscreen buffer and its camera."""

    def __init__(self, base, options: AppOptions, output=None, cam: NodePath | None = None) -> None:
        self.base = base
        self.options = options
        self.output = output if output is not None else base.win
        self.cam = cam if cam is not None else base.cam
        self.lens = self.cam.node().get_lens()
        self.clock = ClockObject.get_global_clock()
        self.scene = base.render.attach_new_node("blueprints3d-scene")
        self._setup_lighting()
        self.camera = OrbitCamera(self.cam, self.lens, self.scene)
        self.camera.set_aspect(self._aspect())
        self.picker = Picker(self.cam, self.lens, self.scene)
        self.overlay = Overlay(base.aspect2d, base.a2dTopLeft, base.a2dTopRight,
                               base.a2dBottomLeft, base.a2dBottomRight, size=self._size)
        self.hud = Hud(base.aspect2d, size=self._size())
        self.settings = options.settings if options.settings is not None else Settings(
            confirm_moves=options.confirm_moves)
        self.sounds = TableSounds(SoundBank.for_base(base, volume=self.settings.loudness,
                                                     muted=options.mute or self.settings.mute))
        self.help = HelpScreen(self.overlay)
        self._help_from_menu = False  # Back on the help screen returns to the menu
        self.settings_screen = SettingsScreen(self.overlay)
        self.new_game_screen = NewGameScreen(self.overlay)
        self.curtain = CurtainScreen(self.overlay)
        self.summary = RoundSummary(self.overlay)      # after a round's reveal
        self.past_games = PastGamesScreen(self.overlay)  # the history, from the new-game screen
        self.standings = StandingsScreen(self.overlay)  # at the end of the game
        self.reveal: RevealPlayer | None = None          # made with each game's table view
        # The end of the game: one player's buildings side by side, to view or save.
        self.podium = Podium(self.scene, base.aspect2d, self.camera, self.cam, self._size,
                             self.view_kept_building, self.save_kept_building)
        self.launch = options.launch if options.launch is not None else subprocess.Popen
        self.menu = MenuScreen(self.overlay)
        self.confirm = ConfirmScreen(self.overlay)
        self.move_bar = MoveBar(base.a2dBottomRight, self.confirm_move, self.undo_move)
        self.hint_button = HintButton(base.a2dBottomRight, self.toggle_hints)
        self.score_panel = ScorePanel(base.a2dTopRight)
        self.hud.dock(self.score_panel.text, self.move_bar.root, self.hint_button.root)
        # The coach (H, the Hint button): its hints used are saved at once (client/table/coach_view.py).
        self.coach = Coach(self.hud, self.hint_button, on_count=self._autosave)
        self.coach.enabled = self.settings.hints
        self.flow: GameFlow | None = None
        self.tutorial: Tutorial | None = None   # the guided first game, while it is on
        self.kept_game: Path | None = None  # the finished game's file in the history
        self.view: TableView | None = None
        self.controls: TableControls | None = None
        self._framed_for: tuple | None = None
        self._orbit_from: tuple[float, float] | None = None
        self.frames = 0
        self._startup_note = options.settings_note
        self.events = DirectObject()
        self._bind_events()
        self.task = base.taskMgr.add(self._frame, "blueprints3d-frame", sort=-10)
        if options.resumed is not None:
            self.resume(options.resumed)
        elif options.seats:
            self.start_game(options.seats, options.seed, options.open_scores, options.start)
        elif options.tutorial:
            self.start_tutorial()
        else:
            self.show_new_game()

    # ---- set-up -------------------------------------------------------------------------------
    def _setup_lighting(self) -> None:
        # Shadows need the shader path; the plain-colour path lights per vertex without them.
        # With the task manager and the GSG the shadow map is redrawn only when something moved.
        self.lighting = lighting.setup_lighting(self.scene, extent=units.TABLE_RADIUS,
                                                shadows=shaders.shaders_enabled(),
                                                shadow_size=config.SHADOW_SIZE.get_value(),
                                                task_mgr=self.base.taskMgr, gsg=self.output.get_gsg())
        self.output.set_clear_color((0.11, 0.12, 0.14, 1))

    def _size(self) -> tuple[int, int]:
        return self.output.get_x_size(), self.output.get_y_size()

    def _aspect(self) -> float:
        w, h = self.output.get_x_size(), self.output.get_y_size()
        return w / h if h else 16 / 9

    def _bind_events(self) -> None:
        ev = self.events
        ev.accept("mouse1", self._on_press)
        ev.accept("mouse1-up", self._on_release)
        ev.accept("mouse3", self._on_orbit_start)
        ev.accept("mouse3-up", self._on_orbit_end)
        ev.accept("wheel_up", self.zoom, [0.9])
        ev.accept("wheel_down", self.zoom, [1.1])
        for key, (dh, dp) in CAMERA_KEYS.items():
            ev.accept(key, self.orbit_by_key, [dh, dp])
            ev.accept(f"{key}-repeat", self.orbit_by_key, [dh, dp])
        for key, f in ZOOM_KEYS.items():
            ev.accept(key, self.zoom, [f])
            ev.accept(f"{key}-repeat", self.zoom, [f])
        ev.accept(CLOSE_UP_KEY, self.toggle_close_up)
        ev.accept("r", self.camera.reset)
        ev.accept("home", self.camera.reset)
        ev.accept("f1", self.toggle_help)
        ev.accept("f2", self.hud.toggle_help)
        ev.accept("f5", self.save_game_copy)
        ev.accept("f6", self.save_building)
        ev.accept("h", self.toggle_hints)
        ev.accept("escape", self.on_escape)
        for key in PLAY_KEYS:
            ev.accept(key, self.on_key, [key])
        ev.accept("window-event", self._on_window_event)
        if hasattr(self.output, "set_close_request_event"):
            self.output.set_close_request_event(CLOSE_EVENT)
            ev.accept(CLOSE_EVENT, self.on_close_request)

    # ---- games --------------------------------------------------------------------------------
    def show_new_game(self) -> None:
        self._close_overlays()
        defaults = self.flow.seats if self.flow is not None else None
        saved = self._saved_game() if self.flow is None else None  # at launch, before any game here
        self.new_game_screen.enter(bot_levels(), self.start_game, self.quit, defaults,
                                   self.options.seed, self.options.open_scores,
                                   on_past_games=self.show_past_games, on_learn=self.start_tutorial,
                                   saved=None if saved is None else (saved_words(saved), lambda: self.resume(saved)))
        self.hud.set_visible(False)

    def _saved_game(self) -> Resumed | None:
        """The unfinished game in this table's autosave slot, if there is one that loads."""
        if self.options.autosave is None or not self.options.autosave.exists():
            return None
        try:
            saved = self.options.autosave.load()
            seats_from_meta(saved.meta)
            hints_from_meta(saved.meta, saved.state.num_players)
        except (BlueprintsError, OSError):
            return None  # a damaged save: --resume says why; Start keeps what can be kept
        return None if saved.state.is_over else saved

    def resume(self, saved: Resumed) -> None:
        """Continue a saved game (--resume, or the new-game screen's Continue)."""
        seats, open_scores = seats_from_meta(saved.meta)
        self.start_game(seats, open_scores=open_scores, initial=saved.state,
                        hints=hints_from_meta(saved.meta, len(seats)))
        if saved.note:
            self.hud.show_message(saved.note)

    def start_tutorial(self) -> Tutorial:
        """"Learn to play" (and `blueprints3d tutorial`): one coached round (client/table/tutorial.py)."""
        self.tutorial = Tutorial(self)
        return self.tutorial

    def show_past_games(self) -> None:
        """The new-game screen's "Past games": the finished games kept in the history."""
        self.new_game_screen.exit()
        try:
            folder = self._saves_folder()
        except OSError as e:
            self.show_new_game()
            self.new_game_screen.error["text"] = f"no past games: {os_reason(e)}"
            return
        self.past_games.enter(folder, self.replay_kept, self.show_new_game)

    def replay_kept(self, number: int) -> list[str] | None:
        """A past game's Replay: `blueprints3d replay N` in a window of its own."""
        command = [sys.executable, "-m", "blueprints3d", "replay", str(number)]
        try:
            self.launch(command)
        except OSError as e:
            self.hud.show_message(f"could not start the replay: {os_reason(e)}")
            return None
        return command

    def start_game(self, seats: list[SeatConfig], seed: int | None = None, open_scores: bool = False,
                   start: int | None = 0, initial: GameState | None = None,
                   hints: list[int] | None = None) -> None:
        """A new game (``start``: round 1's start player, None by lot), or ``initial`` resumed
        (``hints``: the hints each seat had used, from its save)."""
        try:
            delay = self.options.bot_delay
            if delay is None:
                delay = self.settings.bot_delay(config.BOT_DELAY.get_value())
            flow = GameFlow(list(seats), seed, open_scores, delay,
                            self.options.threaded_bots, start_player=start, initial=initial,
                            confirm_moves=self.settings.confirm_moves)
        except BlueprintsError as e:
            if self.new_game_screen.active:
                self.new_game_screen.error["text"] = str(e)
                return
            raise
        self._close_overlays()
        self.podium.hide()
        if self.reveal is not None:
            self.reveal.destroy()
        if self.view is not None:
            self.view.destroy()
        self.flow = flow
        self.kept_game = None
        self.view = TableView(self.scene, [plate_name(s) for s in seats])  # "Bob (hard)"
        self.view.on_impact = self.sounds.bank.play_impact  # the throws' hits: felt, die, wall
        self._apply_animations()
        self.controls = TableControls(flow, self.view, self.picker, self.hud.show_message)
        self.coach.attach(flow, self.view, hints)
        self.reveal = RevealPlayer(self.base.aspect2d, self.view, self.camera, self.cam, self._size,
                                   on_summary=self._show_summary)
        self.reveal.avoid = lambda: [self.summary.rect_px()]
        self.reveal.on_card = lambda step: self.sounds.card(step.kind)  # "award" / "prize"
        flow.listeners.append(self._on_flow_event)
        self._framed_for = None
        self.hud.set_visible(True)
        # A resumed game (its history rebuilt from the save) says what the others did since the
        # person at the table last moved, as a turn that began in play does; a new game: nothing.
        done = flow.since_last_turn(flow.current) if flow.mode is Mode.TURN else []
        # A bad settings file is said once, at the first game's start (and on stderr).
        self.hud.show_message("; ".join(([self._startup_note] if self._startup_note else []) + done))
        self._startup_note = ""
        self._refresh(animate=False)
        if initial is None and self.settings.animations == "full" and flow.mode is not Mode.CURTAIN:
            self.view.throw_pool(flow)  # the first pool tumbles out of the bag
        self.sounds.start(flow)
        self.camera.snap()
        kept = None
        if initial is None and self.options.autosave is not None:
            try:
                kept = self.options.autosave.keep_unfinished()  # a new game never loses an old one
            except OSError as e:
                self.hud.show_message(f"could not keep the unfinished game: {os_reason(e)}")
        self._autosave()
        self._keep_finished()  # a resumed finished game the history missed (a kill at its end)
        if kept is not None:
            self.hud.show_message(f"your unfinished game was kept as {kept} "
                                  f"(blueprints3d replay shows it)")

    # ---- saving -------------------------------------------------------------------------------
    def save_meta(self) -> dict:
        """What the engine's save does not hold: who sits where, and the table's options."""
        return {"seats": [{"name": s.name, "bot": s.bot} for s in self.flow.seats],
                "open_scores": self.flow.open_scores, "hints": list(self.coach.counts)}

    def _autosave(self) -> None:
        if self.options.autosave is None or self.flow is None:
            return
        try:
            self.options.autosave.save(self.flow.state, self.save_meta())
        except OSError as e:  # a full disk must not stop the game; say so once per failure
            self.hud.show_message(f"could not autosave the game: {os_reason(e)}")

    def _keep_finished(self) -> None:
        """Once the game is over (never before: nothing secret is written during play), keep it
        in the history of the data folder (files/history.py), once; a new game cannot lose it."""
        if self.flow is None or not self.flow.state.is_over or self.kept_game is not None:
            return
        try:
            self.kept_game = keep_game(self.flow.state, self.save_meta(), self._saves_folder())
        except (OSError, BlueprintsError) as e:
            why = os_reason(e) if isinstance(e, OSError) else str(e)
            self.hud.show_message(f"could not keep the finished game in the history: {why}")

    def _saves_folder(self) -> Path:
        """Where F5 and F6 write (the autosave's folder); OSError when it cannot be made."""
        folder = (self.options.autosave.folder if self.options.autosave is not None
                  else AutosaveSlot().folder)
        return make_folder(folder)

    def _write_copy(self, stem: str, data: bytes) -> Path:
        """A new file ``stem-<time to the microsecond>.json`` in the saves folder, written
        atomically, never over an existing one; OSError when it cannot be."""
        return write_new(self._saves_folder(), f"{stem}-{stamp()}", ".json", data)

    def save_game_copy(self) -> str | None:
        """F5: the whole game to a file of its own (for `blueprints3d replay`)."""
        if self.flow is None:
            return None
        try:
            path = self._write_copy("game", game_bytes(self.flow.state, self.save_meta()))
        except OSError as e:  # the folder cannot be made or written: the game goes on
            self.hud.show_message(f"could not save the game: {os_reason(e)}")
            return None
        self.hud.show_message(f"game saved to {where(path)}")
        return str(path)

    def save_building(self) -> str | None:
        """F6: the building of the person looking at the table, as a build file (for `score`,
        `view`, `render`). Between rounds it is their building as it was scored."""
        flow = self.flow
        if flow is None:
            return None
        seat = flow.viewer if flow.viewer is not None else (flow.people[0] if flow.people else 0)
        if flow.mode in (Mode.ROUND_END, Mode.GAME_OVER) and flow.state.round_results:
            source = flow.state.round_results[-1]
        elif flow.mode is Mode.CURTAIN or seat not in flow.visible_seats():
            self.hud.show_message("only your own building can be saved, on your turn")
            return None
        else:
            source = flow.state
        name = flow.seats[seat].name
        try:
            data = build_bytes(build_of(source, seat))
            path = self._write_copy(f"building-{file_name(name)}", data)
        except OSError as e:
            self.hud.show_message(f"could not save the building: {os_reason(e)}")
            return None
        except BlueprintsError as e:
            self.hud.show_message(f"could not save the building: {e}")
            return None
        self.hud.show_message(f"{name}'s building saved to {where(path)}")
        return str(path)

    def _on_flow_event(self, event: FlowEvent) -> None:
        self.coach.on_event(event)  # a move, a take-back, a new turn: the hints go
        self.sounds.on_event(self.flow, event)
        if event.kind in ("placed", "set_aside", "discarded"):
            self._autosave()  # after every action: a crash or a kill loses nothing
            self._keep_finished()  # the game's last action: it goes into the history
        # What just happened goes on the message line; what to do now is the HUD's prompt line.
        if event.kind != "turn" and event.message:
            self.hud.show_message(event.message)
        if event.kind == "turn" and self.flow.mode is Mode.TURN:
            # A person sits down: tell them what the others did in the open meanwhile.
            done = self.flow.since_last_turn(event.player)
            if done:
                self.hud.show_message("; ".join(done))
        self._refresh()

    def _apply_animations(self) -> None:
        """The "animations" setting: full (dice thrown from the bag, glides), short (quicker
        glides, no throws) or off (everything in place at once; see _refresh)."""
        if self.view is not None:
            self.view.throws = self.settings.animations == "full"
            self.view.animator.pace = 0.5 if self.settings.animations == "short" else 1.0
            self.view.animator.instant = self.settings.animations == "off"

    def _refresh(self, animate: bool = True) -> None:
        """Bring the view, the screens and the camera in line with the game flow."""
        flow, view = self.flow, self.view
        if flow is None or view is None:
            return
        animate = animate and self.settings.animations != "off"
        if flow.mode is Mode.ROUND_END and flow.round_end is not None:
            if self.reveal.end is not flow.round_end:
                # The round is scored: the paced reveal (before the view moves a card), then
                # the summary (_show_summary).
                self.summary.exit()
                self.hud.set_visible(False)
                self.reveal.start(flow.round_end, [s.name for s in flow.seats])
        else:
            if self.reveal.active:
                self.reveal.stop()
                self.hud.set_visible(True)
            self.summary.exit()
        self._frame_camera()
        view.sync(flow, animate)
        self.hud.update(flow)
        self.move_bar.update(flow)
        self.coach.update()  # the Hint button
        self.score_panel.update(flow)
        self.hud.place()  # the docked score panel's text changed: keep it inside the window
        if self.controls is not None:
            self.controls.update_cursor()
        if flow.mode is Mode.CURTAIN:
            if not self.curtain.active:
                if self.controls is not None:
                    self.controls.cancel_drag()
                self.curtain.enter(flow.seats[flow.current].name, self.pass_curtain)
        else:
            self.curtain.exit()
        if flow.mode is Mode.GAME_OVER:
            if not self.standings.active:
                self._show_standings()
        else:
            self.standings.exit()
            self.podium.hide()

    def _show_standings(self, player: int | None = None) -> None:
        """The final standings beside one player's buildings (the first winner's at first)."""
        flow = self.flow
        res = flow.state.result()
        if player is None:
            player = res.winners[0] if self.podium.player is None else self.podium.player
        self.view.put_away(True)
        self.hud.set_visible(False)
        self.podium.show(flow.state.round_results, player, flow.seats[player].name,
                         self.view.centre_heading)
        after = flow.seats[(player + 1) % len(flow.seats)].name
        self.standings.enter(flow.state.round_results, res, [s.name for s in flow.seats],
                             [(f"{after}'s buildings", self.next_podium), ("New game", self.show_new_game),
                              ("Quit", self.quit)])

    def next_podium(self) -> None:
        """The standings' "<next player>'s buildings": the row shows the next player's three."""
        if self.flow is not None and self.podium.player is not None:
            self.standings.exit()
            self._show_standings((self.podium.player + 1) % len(self.flow.seats))

    def _kept_build(self, round_index: int, player: int) -> tuple[str, bytes]:
        rr = self.flow.state.round_results[round_index]
        name = self.flow.seats[player].name
        return f"building-{file_name(name)}-round{rr.round}", build_bytes(build_of(rr, player))

    def save_kept_building(self, round_index: int, player: int) -> str | None:
        """The podium's "Save": that building as a build file of its own in the saves folder."""
        stem, data = self._kept_build(round_index, player)
        try:
            path = self._write_copy(stem, data)
        except OSError as e:
            self.standings.say(f"could not save the building: {os_reason(e)}")
            return None
        self.standings.say(f"saved to {where(path)}")
        return str(path)

    def view_kept_building(self, round_index: int, player: int) -> list[str] | None:
        """The podium's "View": that building in the showcase viewer (`blueprints3d view`), in a
        window of its own; the game's window stays as it is."""
        stem, data = self._kept_build(round_index, player)
        try:
            path = self._saves_folder() / f"viewing-{stem}.json"
            write_bytes_atomic(path, data)  # the viewer's copy: the same name each time, replaced
        except OSError as e:
            self.standings.say(f"could not open the viewer: {os_reason(e)}")
            return None
        command = [sys.executable, "-m", "blueprints3d", "view", str(path)]
        try:
            self.launch(command)
        except OSError as e:
            self.standings.say(f"could not open the viewer: {os_reason(e)}")
            return None
        self.standings.say(f"opening {where(path)} in the viewer")
        return command

    def _show_summary(self) -> None:
        """The reveal has come to its end: the round's table beside the buildings."""
        end = self.flow.round_end if self.flow is not None else None
        if end is None:
            return
        self.summary.enter(end, [s.name for s in self.flow.seats], end.result.round == NUM_ROUNDS,
                           self.continue_round, self.replay_reveal)

    def replay_reveal(self) -> None:
        """"Watch again" on the round summary."""
        if self.reveal is not None and self.reveal.end is not None:
            self.summary.exit()
            self.reveal.replay()

    def pass_curtain(self) -> None:
        if self.flow is not None:
            self.flow.pass_curtain()

    def continue_round(self) -> None:
        if self.flow is not None:
            self.hud.show_message("")
            self.flow.continue_after_round()

    def _frame_camera(self) -> None:
        """Default view: from behind the viewer, their building and the pool; at the end of a
        round, the whole table."""
        flow, view = self.flow, self.view
        seat = flow.viewer if flow.viewer is not None else (flow.current if flow.current is not None else 0)
        if not flow.people:
            seat = 0
        if self.reveal is not None and self.reveal.active or self.podium.active:
            # The reveal moves the camera from building to building and the podium holds it:
            # the view is no longer framed for anything, so the next turn frames it again
            # (a new round often has the same seat and window as the last, so the same key).
            self._framed_for = _NOT_FRAMED
            return
        whole = flow.mode in (Mode.ROUND_END, Mode.GAME_OVER)
        key = (seat, whole, self._aspect())
        if key == self._framed_for:
            return
        first = self._framed_for is None  # a new table: snap there; otherwise glide
        self._framed_for = key
        place = view.seats[seat].place
        view.set_centre_heading(place.heading)
        pts: list[tuple[float, float, float]] = []
        if whole:
            for sp in seat_places(len(flow.seats)):
                for lx, ly in ((-10, -9), (10, -9), (-10, 8), (10, 8)):
                    pts.append((*sp.to_world(lx, ly), 0.0))
            pts.append((0.0, 0.0, 14.0))
            # Leave the right third of the view free for the round's score panel.
            local = [rotate(x, y, -place.heading) for x, y, _ in pts]
            lo, hi = min(x for x, _ in local), max(x for x, _ in local)
            pts.append((*rotate(hi + 0.5 * (hi - lo), 0.0, place.heading), 0.0))
            elevation = 62.0
        else:
            pts = self.home_points(seat)
            elevation = HOME_ELEVATION
        self.camera.frame(pts, place.heading, elevation, snap=first)

    def home_points(self, seat: int) -> list[tuple[float, float, float]]:
        """What the default view holds: the seat's card with room for a tall stack on its far
        row, its name plate, and the whole pool (at its fullest) with the in-demand dice."""
        flow, view = self.flow, self.view
        place = view.seats[seat].place
        w, h = card_model.card_size(flow.state.blueprints[seat])
        pts = [(*place.to_world(sx * w / 2, sy * h / 2), 0.0) for sx in (-1, 1) for sy in (-1, 1)]
        pts += [(*place.to_world(sx * w / 2, h / 2), HOME_STACK) for sx in (-1, 1)]  # a tall far stack
        pts.append((*place.to_world(LABEL_OFFSET[0], LABEL_OFFSET[1] - 1.0), 0.0))  # name plate
        n = max(POOL_SIZE[len(flow.seats)], len(flow.state.pool), 1)
        r = units.DIE_SIZE * 0.75
        for i in (0, n - 1):
            p = view.pool_world(i, n)
            for dx, dy in ((-r, -r), (r, -r), (-r, r), (r, r)):
                ox, oy = rotate(dx, dy, place.heading)
                pts += [(p.x + ox, p.y + oy, 0.0), (p.x + ox, p.y + oy, units.DIE_SIZE)]
        for dx in (-IN_DEMAND_REACH, IN_DEMAND_REACH):  # the in-demand dice on the scoreboard
            q = view.root.get_relative_point(view.scoreboard, Point3(dx, 0.5, units.DIE_SIZE * 1.5))
            pts.append((q.x, q.y, q.z))
        return pts

    # ---- input --------------------------------------------------------------------------------
    def _mouse(self) -> tuple[float, float] | None:
        mw = getattr(self.base, "mouseWatcherNode", None)
        if mw is None or not mw.has_mouse():
            return None
        m = mw.get_mouse()
        return m.x, m.y

    def _blocked(self) -> bool:
        """A screen in front of the table takes the input."""
        return any(s.active for s in (self.new_game_screen, self.past_games, self.curtain, self.standings, self.summary,
                                      self.menu, self.confirm, self.help, self.settings_screen))

    def _on_press(self) -> None:
        m = self._mouse()
        mw = getattr(self.base, "mouseWatcherNode", None)
        if m is None or self.controls is None or self._blocked() or (mw is not None and mw.is_over_region()):
            return
        self.controls.press(*m)

    def _on_release(self) -> None:
        m = self._mouse()
        if self.controls is None:
            return
        if m is None:
            if self.controls.drag is not None:
                self.controls.cancel_drag()
            return
        self.controls.release(*m)

    def _on_orbit_start(self) -> None:
        self._orbit_from = self._mouse()

    def _on_orbit_end(self) -> None:
        self._orbit_from = None

    def orbit_by_key(self, d_heading: float, d_elevation: float) -> None:
        """Q/E W/S: a step round the table, as large as the camera sensitivity setting says."""
        k = self.settings.camera_sensitivity
        self.camera.orbit(d_heading * k, d_elevation * k)

    def zoom(self, factor: float) -> None:
        """Wheel, +/- (Shift+= too): toward the table point under the pointer, so what the
        pointer is on stays under it; toward the view's centre without a pointer. The camera
        sensitivity setting scales each step, as it scales orbiting."""
        m = self._mouse()
        hit = self.picker.on_plane(*m, 0.0) if m is not None else None
        self.camera.zoom(factor, (hit.x, hit.y, hit.z) if hit is not None else None,
                         self.settings.camera_sensitivity)

    def toggle_close_up(self) -> None:
        """C: a close look at the viewer's own building, from above and behind; C again (or R)
        goes back to the default view."""
        flow, view = self.flow, self.view
        if flow is None or view is None or self._blocked():
            return
        seat = flow.viewer
        if seat is None or seat not in flow.visible_seats():
            self.hud.show_message("the close-up shows your own building, on your turn")
            return
        place = view.seats[seat].place
        w, h = card_model.card_size(flow.state.blueprints[seat])
        tallest = max((len(st) for st in flow.state.stacks[seat]), default=0)
        top = units.CARD_THICKNESS + units.DIE_SIZE * max(tallest + 1, 2)
        pts = [(*place.to_world(sx * w / 2, sy * h / 2), z)
               for sx in (-1, 1) for sy in (-1, 1) for z in (0.0, top)]
        # Framed in the rows the HUD's top and bottom lines leave free, not under them.
        self.camera.toggle_close_up(self.camera.fitting(pts, place.heading, CLOSE_UP_ELEVATION,
                                                        covered=self.hud.covered()))

    def _plate_for_close_up(self) -> None:
        """In the close-up the viewer's name plate, just in front of the card, would stand
        huge over the prompt: it is hidden while the close-up is on (C again or R bring it back)."""
        view, flow = self.view, self.flow
        if view is None or flow is None:
            return
        close = self.camera.close is not None
        for p, sv in enumerate(view.seats):
            hide = close and p == flow.viewer
            if hide != sv.name_label.is_hidden():
                sv.name_label.hide() if hide else sv.name_label.show()

    def confirm_move(self) -> None:
        """The Confirm button (Enter does the same through the keys)."""
        if self.controls is not None and self.flow is not None and self.flow.pending is not None:
            self.controls.confirm()

    def undo_move(self) -> None:
        """The Undo button (Backspace / Ctrl+Z do the same through the keys)."""
        if self.controls is not None and self.flow is not None and self.flow.pending is not None:
            self.controls.undo()

    def on_key(self, name: str) -> None:
        # Keyboard alone must carry a whole game: Enter or Space also lifts the curtain and
        # goes on after a round's scores, like the buttons do.
        revealing = self.reveal is not None and self.reveal.active  # Space steps the reveal
        if (name == "space" and self.view is not None and self.view.throw_in_flight and not self._blocked()
                and not revealing):
            # Space skips a throw (and the glides with it): everything in place at once, the
            # throw's sounds dropped.
            self.view.finish_all()
            self.sounds.bank.cancel()
            return
        if (name == "space" and self.view is not None and self.view.animating and not self._blocked()
                and self.flow is not None and self.flow.mode is Mode.BOT):
            # While the computers move Space has no play to make: it lands every glide at once
            # (on a person's turn it plays, and the glides, which never block a pick, run on; the
            # curtain, the reveal and the summary keep Space for going on).
            self.view.finish_all()
            return
        if name in ("enter", "space") and not (self.menu.active or self.confirm.active):
            if self.curtain.active:
                self.pass_curtain()
                return
            if self.summary.active:
                self.continue_round()
                return
            if self.reveal is not None and self.reveal.active:
                # Space: the next step of the reveal; Enter: skip to its summary.
                self.reveal.next_step() if name == "space" else self.reveal.skip_all()
                return
        if self.controls is None or self._blocked():
            return
        self.controls.key(name)

    def on_escape(self) -> None:
        if self.past_games.active:
            self.show_new_game()
            return
        if self.confirm.active:
            self.confirm.exit()
            return
        if self.settings_screen.active:
            self.settings_screen.back()  # to where it was opened from: the menu, or the table
            return
        if self.help.active:
            self.close_help()  # to where it was opened from: the menu, or the table
            return
        if self.menu.active:
            self.menu.exit()
            return
        if self.controls is not None and self.controls.keys.choosing_cell and not self._blocked():
            self.controls.key("escape")
            return
        if self.coach.active and not self._blocked():
            self.coach.clear()  # Esc hides the hints (and stops the thinking) first
            return
        if self.controls is not None:
            self.controls.cancel_drag()
        self.open_menu()

    def open_menu(self) -> None:
        """The Esc menu."""
        self.menu.enter(self.menu.exit, self._menu_new_game, self.on_close_request,
                        on_rules=self.show_help, on_settings=self.show_settings)

    # ---- help and settings --------------------------------------------------------------------
    def show_help(self) -> None:
        """F1 or the menu's "Rules and controls": the help screen, over everything. Its Back
        (and Esc) return to the menu when it was opened there."""
        self._help_from_menu = self.menu.active
        self.menu.exit()
        self.settings_screen.exit()
        if self.controls is not None:
            self.controls.cancel_drag()
        self.help.enter(self.close_help)

    def close_help(self) -> None:
        self.help.exit()
        if self._help_from_menu:
            self._help_from_menu = False
            self.open_menu()

    def toggle_help(self) -> None:
        """F1 opens the help screen, and closes it."""
        if self.help.active:
            self.close_help()
        elif not self.confirm.active:
            self.show_help()

    def show_settings(self) -> None:
        """The settings screen; its Back (and Esc) return to the menu when it was opened there."""
        from_menu = self.menu.active
        self.menu.exit()
        path = self.options.settings_path
        self.settings_screen.enter(self.settings, self.change_settings,
                                   self.open_menu if from_menu else self.settings_screen.exit,
                                   where(path) if path is not None else "")

    def change_settings(self, settings: Settings) -> None:
        """The settings screen changed a value: applied now (shaders: at the next start), saved."""
        self.settings = settings
        self.sounds.bank.set_volume(settings.loudness)
        self.sounds.bank.set_muted(self.options.mute or settings.mute)
        if self.flow is not None:
            if self.options.bot_delay is None:
                self.flow.bot_delay = settings.bot_delay(config.BOT_DELAY.get_value())
            self.flow.confirm_moves = settings.confirm_moves
        self._apply_animations()
        self.coach.set_enabled(settings.hints)
        path = self.options.settings_path
        if path is None:
            return
        try:
            save_settings(path, settings)
        except OSError as e:
            self.hud.show_message(f"could not save the settings: {display(e.strerror or e, 120)}")

    def _menu_new_game(self) -> None:
        self.menu.exit()
        if self.in_game():
            self.confirm.enter("Abandon this game and set up a new one?", self.show_new_game, self.confirm.exit)
        else:
            self.show_new_game()

    def toggle_hints(self) -> None:
        """H or the Hint button: the coach's best moves for the person to move, or hide them
        (client/table/coach_view.py). Nothing behind a screen or during the reveal."""
        if self._blocked() or (self.reveal is not None and self.reveal.active):
            return
        self.coach.toggle()

    def in_game(self) -> bool:
        return self.flow is not None and self.flow.mode is not Mode.GAME_OVER

    def on_close_request(self) -> None:
        """Closing the window (or Quit) mid-game asks first."""
        self.menu.exit()
        if self.in_game():
            self.confirm.enter(self.quit_question(), self.quit, self.confirm.exit)
        else:
            self.quit()

    def quit_question(self) -> str:
        """What the quit confirmation asks; with the autosave on it says the game is kept."""
        if self.options.autosave is None:
            return "Quit the game in progress?\n(It is not saved: the autosave is off.)"
        slot = self.options.autosave
        resume = "blueprints3d --resume" + (f" --slot {slot.name}" if slot.name else "")
        return f"Quit the game in progress?\nIt is saved: `{resume}` continues it."

    def quit(self) -> None:
        self.base.taskMgr.stop()

    def _close_overlays(self) -> None:
        for s in (self.new_game_screen, self.past_games, self.curtain, self.summary, self.standings,
                  self.menu, self.confirm, self.help, self.settings_screen):
            s.exit()

    def _on_window_event(self, window) -> None:
        if window != self.output:  # wrappers of one window are not always the same object
            return
        self.camera.set_aspect(self._aspect())
        self.hud.layout(*self._size())  # text sizes and wrapping follow the window's pixels
        if self.flow is not None:
            self._framed_for = None  # the framing distance depends on the window's shape
            self._frame_camera()
            if self.summary.active:
                self._show_summary()  # laid out again for the new size
            if self.standings.active:
                self.standings.exit()
                self._show_standings()

    # ---- every frame --------------------------------------------------------------------------
    def _frame(self, task):
        dt = min(self.clock.get_dt(), 0.25)  # a slow frame still moves animations on
        now = self.clock.get_frame_time()
        if self.flow is not None and not (self.menu.active or self.confirm.active or self.help.active
                                          or self.settings_screen.active):
            self.flow.tick(now)  # the menu pauses the computers too
        self.coach.poll()  # the hints' thinking runs on its own thread: only looked at here
        m = self._mouse()
        if m is not None and self.controls is not None:
            if self.controls.drag is not None:
                self.controls.move(*m)  # the dragged die follows the pointer every frame
            elif not self._blocked():
                self.controls.hover(*m)
        elif self.controls is not None:
            self.controls.pointer_gone()  # out of the window: no hover label stays behind
        if self.controls is not None:
            self.controls.update_cursor()  # the keyboard cursor follows its die as it glides
        if m is not None and self._orbit_from is not None:
            dx, dy = m[0] - self._orbit_from[0], m[1] - self._orbit_from[1]
            k = self.settings.camera_sensitivity
            self.camera.orbit(-dx * 120.0 * k, -dy * 60.0 * k)
            self._orbit_from = m
        if self.view is not None:
            self.view.update(dt)  # glides and throws
        if self.reveal is not None:
            self.reveal.update(dt)
        self.podium.layout()  # the labels and buttons follow the camera as it glides
        self.camera.update(dt)
        self._plate_for_close_up()
        self.frames += 1
        if self.frames == 1:
            self.options.stats["first_frame_task"] = time.perf_counter()
        if self.options.quit_after and self.frames >= self.options.quit_after:
            self.quit()
        return task.cont

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
        self.events.ignore_all()
        self.base.taskMgr.remove(self.task)
        if self.tutorial is not None:
            self.tutorial.destroy()
        self.sounds.bank.destroy()
        self._close_overlays()
        self.coach.destroy()
        self.hud.destroy()
        self.move_bar.destroy()
        self.hint_button.destroy()
        self.score_panel.destroy()
        self.podium.hide()
        if self.reveal is not None:
            self.reveal.destroy()
        if self.view is not None:
            self.view.destroy()
        self.lighting.remove()
        self.scene.remove_node()
        if hasattr(self.output, "clear_close_request_event"):
            self.output.clear_close_request_event()


def saved_words(saved: Resumed) -> str:
    """A saved game in a few words: "Ann, Bob (hard), round 2"."""
    seats, _ = seats_from_meta(saved.meta)
    names = ", ".join(plate_name(s) for s in seats)
    return f"{display(names, 44)}, round {saved.state.round} of {NUM_ROUNDS}"


def parse_seats(text: str) -> list[SeatConfig]:
    """"Ann,Bob@easy,@medium": a name is a person; NAME@LEVEL or @LEVEL a computer opponent."""
    if not text.strip():
        raise BlueprintsError('no seats given: --seats takes 2 to 4, comma-separated, like "Ann,@hard"')
    seats = []
    levels = bot_levels()
    for i, part in enumerate(p.strip() for p in text.split(",")):
        name, _, level = part.partition("@")
        if "@" in part:
            if level not in levels:
                raise BlueprintsError(f"seat {i + 1}: unknown computer level {shown(level)} "
                                      f"(known: {', '.join(levels)})")
            seats.append(SeatConfig(name or f"Computer {i + 1}", level))
        else:
            seats.append(SeatConfig(name or f"Player {i + 1}"))
    if not 2 <= len(seats) <= 4:
        raise BlueprintsError(f"Blueprints is for 2 to 4 seats, not {len(seats)}")
    return seats


def seats_from_meta(meta: dict) -> tuple[list[SeatConfig], bool]:
    """The seats a save recorded (see TableApp.save_meta)."""
    seats = meta.get("seats")
    if not isinstance(seats, list) or not all(
            isinstance(x, dict) and isinstance(x.get("name"), str) and (x.get("bot") is None or isinstance(x.get("bot"), str))
            for x in seats):
        raise SaveFileError("the saved game does not say who sits at the table (its \"meta.seats\" is missing or malformed)")
    levels = bot_levels()
    for x in seats:
        if x["bot"] is not None and x["bot"] not in levels:
            raise SaveFileError(f"the saved game names an unknown computer level {shown(x['bot'])}")
    return [SeatConfig(x["name"], x["bot"]) for x in seats], bool(meta.get("open_scores", False))


def options_from_args(args: argparse.Namespace) -> AppOptions:
    w, h = args.size or (1280, 720)  # checked by the option's argparse type
    seats = parse_seats(args.seats) if getattr(args, "seats", None) is not None else None  # "" is no seats: an error
    start: int | None = 0
    start_text = getattr(args, "start", None)
    if start_text is not None:
        if seats is None:
            raise BlueprintsError("--start needs --seats (on the new-game screen, choose who starts there)")
        if start_text == "lot":
            start = None
        elif start_text in [str(i) for i in range(1, len(seats) + 1)]:
            start = int(start_text) - 1
        else:
            raise BlueprintsError(f"--start must be a seat from 1 to {len(seats)} or 'lot', not {shown(start_text)}")
    slot_name = getattr(args, "slot", None)
    if slot_name is not None and getattr(args, "no_autosave", False):
        raise BlueprintsError("--slot names the save slot: it cannot be combined with --no-autosave")
    slot = None if getattr(args, "no_autosave", False) else AutosaveSlot(name=slot_name)
    resumed = None
    if getattr(args, "resume", False):
        if seats is not None:
            raise BlueprintsError("--resume continues the saved game: it cannot be combined with --seats")
        resumed = (slot or AutosaveSlot()).load()  # a damaged save is refused here, before any window
        seats_from_meta(resumed.meta)
        hints_from_meta(resumed.meta, resumed.state.num_players)
    # The settings file beside the autosave; a bad or old one gives the defaults and one line.
    folder = (slot or AutosaveSlot()).folder
    path = settings_path(folder)
    settings, note = load_settings(path)
    if note:
        print(f"blueprints3d: {note}", file=sys.stderr)
    stalled = take_stall_note(folder)  # the last session's picture stopped in the GL (watchdog.py)
    if stalled:
        print(f"blueprints3d: {stalled}", file=sys.stderr)
        note = "; ".join(n for n in (note, stalled) if n)
    return AppOptions(size=(w, h), size_given=args.size is not None, fullscreen=args.fullscreen,
                      use_shaders=not args.no_shaders and settings.shaders,
                      seats=seats, seed=args.seed, open_scores=args.open_scores,
                      bot_delay=args.bot_delay, verbose=getattr(args, "verbose", False),
                      quit_after=args.quit_after, autosave=slot,
                      resumed=resumed, start=start, confirm_moves=settings.confirm_moves,
                      settings=settings, settings_path=path, settings_note=note or "",
                      mute=getattr(args, "mute", False), tutorial=getattr(args, "tutorial", False))


def fit_to_display(base, size: tuple[int, int]) -> tuple[int, int] | None:
    """Shrink the window to the display when it was asked larger (the GPU's bound is the
    option's own); returns the new size, or None when it fits or the display is unknown."""
    pipe = getattr(base, "pipe", None)
    win = getattr(base, "win", None)
    if pipe is None or win is None or not hasattr(win, "request_properties"):
        return None
    dw, dh = pipe.get_display_width(), pipe.get_display_height()
    if dw <= 0 or dh <= 0 or (size[0] <= dw and size[1] <= dh):
        return None
    fitted = (min(size[0], dw), min(size[1], dh))
    props = WindowProperties()
    props.set_size(*fitted)
    win.request_properties(props)
    return fitted


def run_app(args: argparse.Namespace) -> int:
    launched = time.perf_counter()
    options = options_from_args(args)
    slot = options.autosave
    if slot is not None:
        slot.acquire()  # one table per slot: a second one is told so, before any window opens
    try:
        return _run(args, options, launched)
    finally:
        if slot is not None:
            slot.release()


def _run(args: argparse.Namespace, options: AppOptions, launched: float) -> int:
    offscreen = getattr(args, "offscreen", False)
    base = open_base(size=options.size, title="Blueprints", offscreen=offscreen,
                     fullscreen=options.fullscreen,
                     native_fullscreen=options.fullscreen and not options.size_given,
                     verbose=options.verbose, shaders_on=options.use_shaders, sound=not options.mute)
    if not offscreen and not options.fullscreen:
        fitted = fit_to_display(base, options.size)
        if fitted is not None:
            print(f"blueprints3d: the window is {fitted[0]}x{fitted[1]}, the display's size "
                  f"(asked {options.size[0]}x{options.size[1]})", file=sys.stderr)
    app = TableApp(base, options)
    gsg = base.win.get_gsg()
    watchdog = FrameWatchdog((options.autosave or AutosaveSlot()).folder,
                             gsg.get_driver_renderer() if gsg is not None else "")
    base.task_mgr.add(lambda task: (watchdog.beat(), task.cont)[1], "blueprints3d-watchdog", sort=60)
    watchdog.start()
    base.graphicsEngine.render_frame()
    first = time.perf_counter()
    if options.quit_after:
        print(f"first frame after {first - launched:.3f} s", file=sys.stderr)
    try:
        base.run()
    finally:
        watchdog.stop()
    if options.quit_after:
        spent = time.perf_counter() - first
        print(f"{app.frames} frames in {spent:.2f} s ({app.frames / max(spent, 1e-9):.1f} fps)", file=sys.stderr)
    app.destroy()
    base.destroy()
    return 0
