"""`blueprints3d sandbox`: build freely on any blueprint card (or a blank grid) with any dice.

Every drop is judged by the engine's ``placement_error`` (through ``SandboxBuilding``); the
window only shows the verdict: the spaces that take the held die light up green, a refused drop
says why. Mouse: point at a space (or a stack on it, or the held die's preview floating over
it) and click to drop the held die there; a click off the card says where to click; drag with
the right button to orbit, the wheel zooms. Keys: 1-6 the value, O/G/B/C the material (orange wood, green recycled,
black stone, clear glass), arrow keys move the cursor and Enter drops, U or Backspace undoes,
[ and ] change the card (asking first when that would throw a building away: Y or Enter
yes, N or Escape no), H prints a height on a blank grid's space (unprinted, 1 ... 6), Q/E and
W/S orbit, +/- zoom, R resets the camera, F2 or Ctrl+S saves, Escape quits (asking first when
the building is not saved). Buttons do the same.

The camera frames the building (its card, dice and labels: ``showcase.frame_box``) from the
orbit's angle and height after every change, in the part of the window the buttons, the
breakdown and the caption leave free, so a tall stack never grows out of view. Saves go to
``builds/sandbox.json`` in the data folder unless a file was given; a file that was there
before the session is never replaced.
"""

from __future__ import annotations

import os
from functools import partial
from pathlib import Path

from direct.gui.DirectGui import DirectEntry
from direct.showbase.DirectObject import DirectObject
from panda3d.core import GraphicsWindow, TextNode

from blueprints3d.client.apps.demo_player import StepView
from blueprints3d.client.apps.demo_stage import StageNodes
from blueprints3d.client.apps.sandbox_camera import Box, Rect, SandboxCamera, free_regions
from blueprints3d.client.apps.sandbox_controls import (
    MATERIAL_KEYS,
    ORBIT_STEP,
    TILT_STEP,
    ZOOM_STEP,
    SandboxButtons,
)
from blueprints3d.client.apps.sandbox_files import NameEntry, SandboxFiles
from blueprints3d.client.apps.sandbox_scene import pick_columns, sandbox_step, scene_box
from blueprints3d.client.apps.viewer import Orbit, breakdown
from blueprints3d.client.render.window import open_base
from blueprints3d.client.scene import card_model
from blueprints3d.client.scene.fonts import mono_font
from blueprints3d.client.scene.picking import Column, Picker
from blueprints3d.client.scene.script_text import ScriptText, use_language
from blueprints3d.engine.materials import Material
from blueprints3d.engine.rules import DIE_FACES
from blueprints3d.files.places import default_dir
from blueprints3d.i18n import _, language, n_
from blueprints3d.presentation.sandbox_model import SandboxBuilding, card_choices
from blueprints3d.presentation.scene import Step
from blueprints3d.presentation.words import colour_word


def default_save_path() -> Path:
    """Where the sandbox saves unless told: ``builds/sandbox.json`` in the data folder."""
    return default_dir() / "builds" / "sandbox.json"


CLOSE_REQUEST = "sandbox-close-request"


class SandboxApp(DirectObject):
    """The sandbox's window: the building and its breakdown, the held die, the questions on
    screen and the saves. Its parts: the button bar and keys (``sandbox_controls``), the camera
    (``sandbox_camera``), the step drawn (``sandbox_scene``) and the files (``sandbox_files``)."""

    def __init__(
        self,
        base,
        out_path: str | os.PathLike[str] | None = None,
        card_index: int = 0,
        on_quit=None,
        blank: tuple[int, int] = (3, 2),
    ) -> None:
        use_language(language())  # its font the default of every text it makes
        super().__init__()
        self.base, self.on_quit = base, on_quit
        self.files = SandboxFiles(Path(out_path) if out_path is not None else default_save_path())
        self.camera = SandboxCamera(base, self.scene_box, self.free_regions)
        self.pending_card: int | None = None  # a card change waiting for its confirmation
        self.pending_quit = False  # quitting with an unsaved building: asked first
        self._changes = self._saved_at = 0  # changes made to the building, and at the last save
        self.name_entry = NameEntry(base)  # "Save as": the name being typed
        self.cards = card_choices(*blank)
        self.card_index = card_index % len(self.cards)
        self.model = SandboxBuilding(self.cards[self.card_index])
        self.material, self.value = Material.WOOD, 1
        self.cursor: int | None = 0
        self.status = _("Point at a space and click to drop the die you hold.")
        self.view = StepView(base)
        self.panel = ScriptText(
            parent=base.a2dTopRight,
            text="",
            pos=(-1.0, -0.08),
            scale=0.032,
            fg=(0.95, 0.95, 0.9, 1),
            bg=(0.05, 0.06, 0.08, 0.75),
            align=TextNode.A_left,
            mayChange=True,
            font=mono_font(),
        )
        self.controls = SandboxButtons(
            base.a2dTopLeft,
            self.select_material,
            self.select_value,
            (
                (_("< Card"), self.previous_card),
                (_("Card >"), self.next_card),
                (_("Undo"), self.undo),
                (_("Clear"), self.clear),
                (_("Save"), self.save),
            ),
            self.open_save_as,
        )
        bind_keys(self)
        self._last_mouse: tuple[float, float] | None = None
        self.task = base.task_mgr.add(self._update, "sandbox-update")
        self.redraw(reframe=True)

    # ---- what is shown --------------------------------------------------------------------
    @property
    def stage(self) -> StageNodes:
        """The building as drawn (``redraw``, from the start on)."""
        stage = self.view.stage
        assert stage is not None  # drawn when the sandbox opens, redrawn on every change
        return stage

    def step(self) -> Step:
        return sandbox_step(self.model, self.material, self.value, self.cursor, self.status)

    def redraw(self, reframe: bool = False) -> None:
        """Draw the building as it is now and frame it again (``reframe``: from the orbit's
        home, as after a card change)."""
        if reframe:
            self.camera.go_home()
        self.view.show(
            self.step(),
            _("Sandbox"),
            _("card {card} of {cards}", card=self.card_index + 1, cards=len(self.cards)),
            reframe=False,
        )
        self.panel.setText(breakdown(self.model.build()))
        width = self.panel.textNode.get_width() * 0.032
        self.panel.setPos(-0.04 - width, -0.24)  # under the key line
        self.frame()
        self.controls.show_held(self.material, self.value)

    # ---- the camera -----------------------------------------------------------------------
    @property
    def orbit(self) -> Orbit:
        """Where the camera stands on its orbit round the building."""
        return self.camera.orbit

    def free_regions(self) -> list[Rect]:
        """The window's rectangles (left, right, bottom, top in -1..1) that neither the buttons,
        the breakdown, the header nor the caption cover (``sandbox_camera.free_regions``)."""
        return free_regions(self.base.render2d, self.controls.buttons, self.panel, self.view)

    def scene_box(self) -> Box:
        """The box round the card, the dice, the held die and the labels (``scene_box``)."""
        cursor_stack = None if self.cursor is None else len(self.model.stacks[self.cursor])
        return scene_box(self.stage, self.view.root, cursor_stack)

    def frame(self) -> None:
        self.camera.frame()

    def orbit_by(self, d_angle: float, d_elevation: float) -> None:
        self.camera.orbit_by(d_angle, d_elevation)

    def zoom(self, factor: float) -> None:
        self.camera.zoom(factor)

    def reset_camera(self) -> None:
        self.camera.reset()

    def drag_to(self, x: float, y: float) -> None:
        """Follow a right-button drag to window point (x, y) in -1..1."""
        self.camera.drag_to(x, y)

    def drag_start_at(self, x: float, y: float) -> None:
        self.camera.drag_start_at(x, y)

    # ---- choices --------------------------------------------------------------------------
    def select_material(self, material: Material) -> None:
        self.material = Material(material)
        self.redraw()

    def select_value(self, value: int) -> None:
        self.value = value
        self.redraw()

    def move_cursor(self, drow: int, dcol: int) -> None:
        bp = self.model.blueprint
        row, col = divmod(self.cursor or 0, bp.cols)
        row = max(0, min(bp.rows - 1, row + drow))
        col = max(0, min(bp.cols - 1, col + dcol))
        self.set_cursor(row * bp.cols + col)

    def set_cursor(self, cell: int | None) -> None:
        if cell != self.cursor:
            self.cursor = cell
            self.redraw()

    def drop(self, cell: int) -> str | None:
        """Drop the held die on ``cell``: the engine decides. Returns the refusal, or None."""
        bp = self.model.blueprint
        self.pending_card, self.pending_quit = None, False  # building on is a no to the question
        err = self.model.place(self.material, self.value, cell)
        if not err:
            self._changes += 1
        where = bp.cell_message(cell)
        self.status = (
            _("Refused: {reason}.", reason=err)
            if err
            else _(
                "Placed the {colour} {value} at {space}, level {level}.",
                colour=colour_word(self.material),
                value=self.value,
                space=where,
                level=len(self.model.stacks[cell]),
            )
        )
        self.cursor = cell
        self.redraw()
        return err

    def drop_at_cursor(self) -> None:
        if self.pending_card is not None or self.pending_quit:
            self.answer(True)  # Enter says yes to the question on screen
        elif self.cursor is not None:
            self.drop(self.cursor)

    def cycle_height(self) -> None:
        """H: the next printed height (unprinted, 1 ... 6) for the cursor's space of a blank grid."""
        if self.cursor is None:
            return
        err = self.model.cycle_height(self.cursor)
        if not err:
            self._changes += 1
        where_ = self.model.blueprint.cell_message(self.cursor)
        h = self.model.printed()[self.cursor]
        self.status = (
            _("Not on this card: {reason}.", reason=err)
            if err
            else _("{space} now reads {height}.", space=where_, height=h)
            if h is not None
            else _("{space} is unprinted again.", space=where_)
        )
        self.redraw()

    def undo(self) -> None:
        die = self.model.undo()
        self._changes += die is not None
        self.status = (
            _("Nothing to undo.")
            if die is None
            else _(
                "Took the {colour} {value} off again.",
                colour=colour_word(Material(die[0])),
                value=die[1],
            )
        )
        self.redraw()

    def clear(self) -> None:
        self.model.clear()
        self._changes += 1
        self.status = _("Cleared the card.")
        self.redraw()

    def ask_card(self, index: int) -> None:
        """Change to card ``index``, asking first when that throws a building away."""
        if self.model.num_dice == 0:
            self.set_card(index)
            return
        self.pending_card = index % len(self.cards)
        bp = self.cards[self.pending_card]
        self.status = n_(
            "Change to {card} and throw away this building ({n} die)? Y or Enter: yes, N or Esc: no.",
            "Change to {card} and throw away this building ({n} dice)? Y or Enter: yes, N or Esc: no.",
            self.model.num_dice,
            card=bp.title,
        )
        self.redraw()

    def answer(self, yes: bool) -> None:
        """The answer to the question on screen (a card change, or quitting without saving);
        nothing when none is asked."""
        if self.pending_quit:
            self.pending_quit = False
            if yes:
                self.quit()
            else:
                self.status = _("Kept the building: build on, or F2 saves it.")
                self.redraw()
            return
        if self.pending_card is None:
            return
        index, self.pending_card = self.pending_card, None
        if yes:
            self.set_card(index)
        else:
            self.status = _("Kept the building and its card.")
            self.redraw()

    def unsaved(self) -> bool:
        """Whether quitting now would lose dice: the building has some and changed since it was
        last saved (a building no game could make cannot be saved, but is still work)."""
        return self.model.num_dice > 0 and self._changes != self._saved_at

    def escape(self) -> None:
        """Esc: no to a question on screen, else quit (asking first if the building is unsaved)."""
        if self.pending_card is not None or self.pending_quit:
            self.answer(False)
        else:
            self.request_quit()

    def request_quit(self) -> None:
        """Quit, or ask first when that would lose an unsaved building (Esc, the window's close)."""
        if not self.unsaved():
            self.quit()
            return
        self.pending_card, self.pending_quit = None, True
        self.status = n_(
            "Quit and lose this building ({n} die, not saved)? "
            "Y or Enter: quit, N or Esc: keep building, F2: save it.",
            "Quit and lose this building ({n} dice, not saved)? "
            "Y or Enter: quit, N or Esc: keep building, F2: save it.",
            self.model.num_dice,
        )
        self.redraw()

    def set_card(self, index: int) -> None:
        self.pending_card = None
        self._changes += 1
        self.card_index = index % len(self.cards)
        self.model.set_blueprint(self.cards[self.card_index])
        self.cursor = 0
        bp = self.model.blueprint
        self.status = _("New card: {card}.", card=bp.title)
        self.redraw(reframe=True)

    def next_card(self) -> None:
        self.ask_card(self.card_index + 1)

    def previous_card(self) -> None:
        self.ask_card(self.card_index - 1)

    def _saved(self, path: Path | None) -> None:
        """After a save (``path``: where it went; None: nothing was saved): a saved building
        is nothing to lose on quitting; the status says what happened."""
        if path is not None:
            self.pending_quit, self._saved_at = False, self._changes
        self.redraw()

    def save(self) -> Path | None:
        """Save to the sandbox's file (``SandboxFiles.save``: a file that was there before this
        session is never replaced). Returns the path written, or None."""
        path, self.status = self.files.save(self.model)
        self._saved(path)
        return path

    @property
    def out_path(self) -> Path:
        """The file the next save writes."""
        return self.files.out_path

    @property
    def naming(self) -> DirectEntry | None:
        """The "Save as" name being typed, while its box is open."""
        return self.name_entry.entry

    def open_save_as(self) -> None:
        """ "Save as" (F3): type a name; Enter saves the building under it in the same folder
        (``<name>.json``, never over a file: ``<name>-2.json`` when taken), Esc cancels."""
        self.name_entry.open(self.out_path.stem, self.save_as)

    def close_save_as(self) -> None:
        self.name_entry.close()

    def save_as(self, name: str) -> Path | None:
        """Save under ``name`` (made a safe file name) beside the current file; the session's
        later saves go there too."""
        self.close_save_as()
        path, self.status = self.files.save_as(name, self.model)
        self._saved(path)
        return path

    # ---- the mouse ------------------------------------------------------------------------
    def columns(self) -> list[Column]:
        """The pick boxes standing on the card (``sandbox_scene.pick_columns``)."""
        return pick_columns(self.model, self.cursor)

    def cell_under(self, mx: float, my: float) -> int | None:
        """The space under the window point (mx, my) in -1..1: the nearest stack or held die's
        preview the ray meets, else where it meets the card."""
        render = self.view.root
        picker = Picker(self.base.cam, self.view.lens, render)
        return picker.cell_under(
            mx,
            my,
            self.stage.buildings[0],
            partial(card_model.cell_at, self.model.blueprint),
            columns=self.columns(),
        )

    def click(self) -> None:
        mw = self.base.mouseWatcherNode
        if mw.has_mouse():
            self.click_at(mw.get_mouse_x(), mw.get_mouse_y())

    def click_at(self, mx: float, my: float) -> str | None:
        """A left click at window point (mx, my): the held die goes on the space under it (or
        under the held die's preview, when that is clicked). Off the card, the message line
        says where to click. Returns the refusal, or None."""
        cell = self.cell_under(mx, my)
        if cell is None:
            self.status = _(
                "Nothing there to drop on: click a space of the card, a stack on it, "
                "or the held die over a space."
            )
            self.redraw()
            return None
        return self.drop(cell)

    def _update(self, task):
        mw = self.base.mouseWatcherNode
        if mw.has_mouse():
            pos = (mw.get_mouse_x(), mw.get_mouse_y())
            if self.camera.dragging():
                self.drag_to(*pos)
            elif pos != self._last_mouse:
                self._last_mouse = pos
                cell = self.cell_under(*pos)
                if cell is not None:
                    self.set_cursor(cell)
        return task.cont

    def quit(self) -> None:
        if self.on_quit is not None:
            self.on_quit()

    def destroy(self) -> None:
        self.close_save_as()
        self.ignore_all()
        self.base.task_mgr.remove(self.task)
        self.controls.destroy()
        self.panel.destroy()
        self.view.destroy()


def run_window(
    out_path: str | None,
    card_index: int,
    width: int,
    height: int,
    shaders: bool,
    blank: tuple[int, int] = (3, 2),
) -> int:
    base = open_base(
        size=(width, height), title=_("Blueprints - sandbox"), sync_video=True, shaders_on=shaders
    )  # no offscreen twin to suggest: the default hint
    app = SandboxApp(base, out_path, card_index, on_quit=base.userExit, blank=blank)
    assert isinstance(base.win, GraphicsWindow)  # a window, not an offscreen buffer
    app.accept(base.win.get_window_event(), lambda win: app.redraw())  # framed anew, orbit kept
    if hasattr(base.win, "set_close_request_event"):  # the window's close button asks as Esc does
        base.win.set_close_request_event(CLOSE_REQUEST)
        app.accept(CLOSE_REQUEST, app.request_quit)
    base.run()
    return 0


def bind_keys(app: SandboxApp) -> None:
    """The sandbox's keys: 1-6 and O/G/B/C choose the die, arrows and Enter drop, U undoes,
    [ ] change the card, Y/N answer, H prints a height, F2/F3 save; the mouse's buttons and
    wheel; Q/E W/S +/- move the camera and repeat while held, as at the table."""
    for key, m in MATERIAL_KEYS.items():
        app.accept(key, app.select_material, [m])
    for v in range(1, DIE_FACES + 1):
        app.accept(str(v), app.select_value, [v])
    camera = app.camera
    for key, fn in (
        ("arrow_left", lambda: app.move_cursor(0, -1)),
        ("arrow_right", lambda: app.move_cursor(0, 1)),
        ("arrow_up", lambda: app.move_cursor(-1, 0)),
        ("arrow_down", lambda: app.move_cursor(1, 0)),
        ("enter", app.drop_at_cursor),
        ("space", app.drop_at_cursor),
        ("u", app.undo),
        ("backspace", app.undo),
        ("[", app.previous_card),
        ("]", app.next_card),
        ("f2", app.save),
        ("control-s", app.save),
        ("f3", app.open_save_as),
        ("naming-escape", app.close_save_as),
        ("mouse1", app.click),
        ("escape", app.escape),
        ("y", lambda: app.answer(True)),
        ("n", lambda: app.answer(False)),
        ("h", app.cycle_height),
        ("mouse3", camera.drag_start_at_mouse),
        ("mouse3-up", camera.drag_end),
        ("wheel_up", lambda: camera.zoom(1 / ZOOM_STEP)),
        ("wheel_down", lambda: camera.zoom(ZOOM_STEP)),
        ("r", camera.reset),
    ):
        app.accept(key, fn)
    for keys, fn in (
        (("q",), lambda: camera.orbit_by(-ORBIT_STEP, 0)),
        (("e",), lambda: camera.orbit_by(ORBIT_STEP, 0)),
        (("w",), lambda: camera.orbit_by(0, TILT_STEP)),
        (("s",), lambda: camera.orbit_by(0, -TILT_STEP)),
        (("+", "=", "shift-="), lambda: camera.zoom(1 / ZOOM_STEP)),
        (("-",), lambda: camera.zoom(ZOOM_STEP)),
    ):
        for key in keys:
            app.accept(key, fn)
            app.accept(f"{key}-repeat", fn)
