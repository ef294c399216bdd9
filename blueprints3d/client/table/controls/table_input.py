"""The table's input: Panda3D's key and mouse events, and the pointer every frame, routed to the
part of the table they are for.

Keyboard alone carries a whole game, so one key can mean different things by what is on show:
Space skips a throw, lifts the curtain, steps the reveal or plays the chosen move (in the
tutorial Space and Enter first step the coach's bubbles, and a click on the table steps the
reveal, which waits for the reader there); Esc backs out of a screen, cancels a choice or hides
the hints before it opens the menu. The pointer is read
through the app's ``Pointer`` (client/table/model/pointer.py), never from the mouse watcher directly.
"""

from __future__ import annotations

from typing import Protocol

from direct.showbase.DirectObject import DirectObject
from panda3d.core import GraphicsOutput

from blueprints3d.client.scene.camera import OrbitCamera
from blueprints3d.client.table.controls.table_controls import TableControls
from blueprints3d.client.table.hud.hud import Hud
from blueprints3d.client.table.hud.overlays import TableScreens
from blueprints3d.client.table.hud.tutorial import Tutorial
from blueprints3d.client.table.model.flow import GameFlow, Mode
from blueprints3d.client.table.model.pointer import Pointer
from blueprints3d.client.table.model.saving import TableSaving
from blueprints3d.client.table.view.camera_rig import CameraRig
from blueprints3d.client.table.view.coach_view import Coach
from blueprints3d.client.table.view.reveal import RevealPlayer
from blueprints3d.client.table.view.table_sounds import TableSounds
from blueprints3d.client.table.view.table_view import TableView

CLOSE_EVENT = "blueprints3d-close-request"
CAMERA_KEYS = {"q": (-4.0, 0.0), "e": (4.0, 0.0), "w": (0.0, 3.0), "s": (0.0, -3.0)}
PLAY_KEYS = [
    "arrow_left",
    "arrow_right",
    "arrow_up",
    "arrow_down",
    "enter",
    "space",
    "tab",
    "shift-tab",
    "backspace",
    "control-z",
] + [str(i) for i in range(1, 10)]
ZOOM_KEYS = {"+": 0.9, "=": 0.9, "shift-=": 0.9, "page_up": 0.9, "-": 1.1, "page_down": 1.1}
CLOSE_UP_KEY = "c"


class InputTable(Protocol):
    """What of the table the input routes its keys and clicks to (the app is one). The parts that
    come and go with a game (its flow, view, controls, reveal) and the lesson are None between
    games; the input only reads which are there."""

    @property
    def output(self) -> GraphicsOutput: ...  # the window: its close button asks to quit
    @property
    def camera(self) -> OrbitCamera: ...
    @property
    def camera_rig(self) -> CameraRig: ...
    @property
    def screens(self) -> TableScreens: ...
    @property
    def hud(self) -> Hud: ...
    @property
    def saving(self) -> TableSaving: ...
    @property
    def sounds(self) -> TableSounds: ...
    @property
    def coach(self) -> Coach: ...
    @property
    def flow(self) -> GameFlow | None: ...
    @property
    def view(self) -> TableView | None: ...
    @property
    def controls(self) -> TableControls | None: ...
    @property
    def reveal(self) -> RevealPlayer | None: ...
    @property
    def tutorial(self) -> Tutorial | None: ...

    def on_window_event(self, window: GraphicsOutput) -> None:
        """The window changed (its size, its place)."""

    def pass_curtain(self) -> None:
        """Enter or Space on the curtain: the next person's turn."""

    def continue_round(self) -> None:
        """Enter or Space on a round's summary: go on."""


class TableInput:
    def __init__(self, app: InputTable, pointer: Pointer) -> None:
        self.app = app
        self.pointer = pointer
        self.events = DirectObject()
        self._bind()

    def _bind(self) -> None:
        app, ev = self.app, self.events
        ev.accept("mouse1", self.press)
        ev.accept("mouse1-up", self.release)
        ev.accept("mouse3", self.orbit_start)
        ev.accept("mouse3-up", app.camera_rig.end_orbit)
        ev.accept("wheel_up", self.zoom, [0.9])
        ev.accept("wheel_down", self.zoom, [1.1])
        for key, (dh, dp) in CAMERA_KEYS.items():
            ev.accept(key, app.camera_rig.orbit_by_key, [dh, dp])
            ev.accept(f"{key}-repeat", app.camera_rig.orbit_by_key, [dh, dp])
        for key, f in ZOOM_KEYS.items():
            ev.accept(key, self.zoom, [f])
            ev.accept(f"{key}-repeat", self.zoom, [f])
        ev.accept(CLOSE_UP_KEY, self.toggle_close_up)
        ev.accept("r", app.camera.reset)
        ev.accept("home", app.camera.reset)
        ev.accept("f1", app.screens.toggle_help)
        ev.accept("f2", app.hud.toggle_help)
        ev.accept("f5", app.saving.save_game_copy)
        ev.accept("f6", app.saving.save_building)
        ev.accept("h", self.toggle_hints)
        ev.accept("escape", self.escape)
        for key in PLAY_KEYS:
            ev.accept(key, self.key, [key])
        ev.accept("window-event", app.on_window_event)
        if hasattr(app.output, "set_close_request_event"):
            app.output.set_close_request_event(CLOSE_EVENT)
            ev.accept(CLOSE_EVENT, app.screens.ask_to_quit)

    def destroy(self) -> None:
        self.events.ignore_all()
        if hasattr(self.app.output, "clear_close_request_event"):
            self.app.output.clear_close_request_event()

    # ---- the pointer --------------------------------------------------------------------------
    def press(self) -> None:
        m = self.pointer.position()
        controls = self.app.controls
        if m is None or self.app.screens.blocked() or self.pointer.over_gui():
            return
        tutorial, reveal = self.app.tutorial, self.app.reveal
        if tutorial is not None and tutorial.click(*m):
            return  # a click on the coach's bubble: its next one
        if reveal is not None and reveal.active and reveal.waits and not reveal.at_summary:
            reveal.advance()  # a reveal at a reader's pace: a click anywhere goes on
            return
        if controls is not None:
            controls.press(*m)

    def release(self) -> None:
        m = self.pointer.position()
        controls = self.app.controls
        if controls is None:
            return
        if m is None:
            if controls.drag is not None:
                controls.cancel_drag()
            return
        controls.release(*m)

    def orbit_start(self) -> None:
        self.app.camera_rig.start_orbit(self.pointer.position())

    def zoom(self, factor: float) -> None:
        """Wheel, +/-: toward what the pointer is on (client/table/view/camera_rig.py)."""
        self.app.camera_rig.zoom(factor, self.pointer.position())

    def each_frame(self) -> None:
        """The dragged die follows the pointer, the hover label shows what is under it, and a
        right-drag turns the view."""
        m = self.pointer.position()
        controls = self.app.controls
        if m is not None and controls is not None:
            if controls.drag is not None:
                controls.move(*m)  # the dragged die follows the pointer every frame
            elif not self.app.screens.blocked():
                controls.hover(*m)
        elif controls is not None:
            controls.pointer_gone()  # out of the window: no hover label stays behind
        if controls is not None:
            controls.update_cursor()  # the keyboard cursor follows its die as it glides
        self.app.camera_rig.follow_orbit(m)

    # ---- the move bar's buttons and the keys --------------------------------------------------
    def confirm_move(self) -> None:
        """The Confirm button (Enter does the same through the keys)."""
        app = self.app
        if app.controls is not None and app.flow is not None and app.flow.pending is not None:
            app.controls.confirm()

    def undo_move(self) -> None:
        """The Undo button (Backspace / Ctrl+Z do the same through the keys)."""
        app = self.app
        if app.controls is not None and app.flow is not None and app.flow.pending is not None:
            app.controls.undo()

    def toggle_close_up(self) -> None:
        """C: the close-up of the viewer's own building (client/table/view/camera_rig.py)."""
        app = self.app
        if app.flow is None or app.view is None or app.screens.blocked():
            return
        why_not = app.camera_rig.toggle_close_up(app.flow, app.view, app.hud.covered())
        if why_not:
            app.hud.show_message(why_not)

    def toggle_hints(self) -> None:
        """H or the Hint button: the coach's best moves for the person to move, or hide them
        (client/table/view/coach_view.py). Nothing behind a screen or during the reveal."""
        app = self.app
        if app.screens.blocked() or (app.reveal is not None and app.reveal.active):
            return
        app.coach.toggle()

    def key(self, name: str) -> None:
        # Keyboard alone must carry a whole game: Enter or Space also lifts the curtain and
        # goes on after a round's scores, like the buttons do.
        app, screens, view = self.app, self.app.screens, self.app.view
        if app.tutorial is not None and app.tutorial.key(name):
            return  # the coach's bubbles take Space and Enter until the last one (tutorial.py)
        revealing = app.reveal is not None and app.reveal.active  # Space steps the reveal
        if (
            name == "space"
            and view is not None
            and view.throw_in_flight
            and not screens.blocked()
            and not revealing
        ):
            # Space skips a throw (and the glides with it): everything in place at once, the
            # throw's sounds dropped.
            view.finish_all()
            app.sounds.bank.cancel()
            return
        if (
            name == "space"
            and view is not None
            and view.animating
            and not screens.blocked()
            and app.flow is not None
            and app.flow.mode is Mode.BOT
        ):
            # While the computers move Space has no play to make: it lands every glide at once
            # (on a person's turn it plays, and the glides, which never block a pick, run on; the
            # curtain, the reveal and the summary keep Space for going on).
            view.finish_all()
            return
        if name in ("enter", "space") and not (screens.menu.active or screens.confirm.active):
            if screens.curtain.active:
                app.pass_curtain()
                return
            if screens.summary.active:
                app.continue_round()
                return
            if app.reveal is not None and app.reveal.active:
                # Space: the next step of the reveal; Enter: skip to its summary.
                app.reveal.advance() if name == "space" else app.reveal.skip_all()
                return
        if app.controls is None or screens.blocked():
            return
        app.controls.key(name)

    def escape(self) -> None:
        """Esc: back out of a screen; else cancel the cell being chosen, else hide the hints,
        else drop the drag and open the menu."""
        app = self.app
        if app.screens.escape():
            return
        if (
            app.controls is not None
            and app.controls.keys.choosing_cell
            and not app.screens.blocked()
        ):
            app.controls.key("escape")
            return
        if app.coach.active and not app.screens.blocked():
            app.coach.clear()  # Esc hides the hints (and stops the thinking) first
            return
        if app.controls is not None:
            app.controls.cancel_drag()
        app.screens.open_menu()
