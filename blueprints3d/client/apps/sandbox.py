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
from pathlib import Path

from direct.gui.DirectGui import DirectButton, DirectEntry
from direct.gui.DirectGuiBase import DirectGuiWidget
from direct.gui.OnscreenText import OnscreenText
from direct.showbase.DirectObject import DirectObject
from panda3d.core import TextNode

from functools import partial

from panda3d.core import Point3

from blueprints3d.client.apps.demo_player import StepView, _button
from blueprints3d.client.apps.demo_stage import FRAME_TAG, GHOST_LIFT, StageNodes
from blueprints3d.client.apps.viewer import Orbit, breakdown
from blueprints3d.client.render import capture
from blueprints3d.client.render.window import open_base
from blueprints3d.client.scene import card_model, dice_model, showcase, units
from blueprints3d.client.scene.fonts import mono_font
from blueprints3d.client.scene.picking import Column, Picker
from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.engine.materials import Material
from blueprints3d.engine.rules import DIE_FACES
from blueprints3d.presentation.sandbox_model import SandboxBuilding, card_choices
from blueprints3d.presentation.scene import BuildingView, Ghost, Mark, Step, Tone
from blueprints3d.files.places import default_dir
from blueprints3d.files.buildfile import build_bytes
from blueprints3d.files.jsonfile import make_folder, os_reason, where, write_new
from blueprints3d.text import file_name
from blueprints3d.i18n import _, explain, language, n_
from blueprints3d.presentation.words import colour_word, material_word
from blueprints3d.client.scene.script_text import ScriptText, use_language

SELECTED = (0.85, 0.6, 0.1, 1.0)
NORMAL = (0.22, 0.3, 0.45, 0.95)
MATERIAL_KEYS = {
    "o": Material.WOOD,
    "g": Material.RECYCLED,
    "b": Material.STONE,
    "c": Material.GLASS,
}
HOME = Orbit(angle=0.0, elevation=55.0, zoom=1.0)  # from the owner's seat, as the table
ORBIT_STEP, TILT_STEP, ZOOM_STEP = 15.0, 8.0, 1.15  # one press of Q/E, W/S, +/-
DRAG_DEG_PER_SCREEN = 240.0  # orbit degrees for a drag across the window
GAP = 0.03  # between the building and the panels (of -1..1)


def default_save_path() -> Path:
    """Where the sandbox saves unless told: ``builds/sandbox.json`` in the data folder."""
    return default_dir() / "builds" / "sandbox.json"


CLOSE_REQUEST = "sandbox-close-request"


class SandboxApp(DirectObject):
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
        self.out_path = Path(out_path) if out_path is not None else default_save_path()
        self.orbit = Orbit(**vars(HOME))
        self.pending_card: int | None = None  # a card change waiting for its confirmation
        self.pending_quit = False  # quitting with an unsaved building: asked first
        self._changes = self._saved_at = 0  # changes made to the building, and at the last save
        self._drag_from: tuple[float, float] | None = None
        self._own_file = False  # out_path is this session's own file once it has saved there
        self.naming: DirectEntry | None = None  # "Save as": the name being typed
        self._naming_label: OnscreenText | None = None
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
        bar = base.a2dTopLeft.attach_new_node("sandbox-bar")
        self.bar = bar
        self.buttons: list[DirectButton] = []
        y = -0.27
        self.material_buttons: dict[Material, DirectButton] = {}
        self.value_buttons: dict[int, DirectButton] = {}
        for k, (label, m) in enumerate(
            (
                (_("Wood"), Material.WOOD),
                (_("Recycled"), Material.RECYCLED),
                (_("Stone"), Material.STONE),
                (_("Glass"), Material.GLASS),
            )
        ):
            b = _button(bar, label, (0.16 + 0.27 * k, y), partial(self.select_material, m), 0.042)
            self.material_buttons[m] = b
            self.buttons.append(b)
        for v in range(1, DIE_FACES + 1):
            b = _button(
                bar, str(v), (0.1 + 0.12 * (v - 1), y - 0.1), partial(self.select_value, v), 0.045
            )
            self.value_buttons[v] = b
            self.buttons.append(b)
        for k, (label, fn) in enumerate(
            (
                (_("< Card"), self.previous_card),
                (_("Card >"), self.next_card),
                (_("Undo"), self.undo),
                (_("Clear"), self.clear),
                (_("Save"), self.save),
            )
        ):
            self.buttons.append(_button(bar, label, (0.14 + 0.25 * k, y - 0.2), fn, 0.042))
        self.buttons.append(_button(bar, _("Save as..."), (0.2, y - 0.3), self.open_save_as, 0.042))
        for key, m in MATERIAL_KEYS.items():
            self.accept(key, self.select_material, [m])
        for v in range(1, DIE_FACES + 1):
            self.accept(str(v), self.select_value, [v])
        for key, fn in (
            ("arrow_left", lambda: self.move_cursor(0, -1)),
            ("arrow_right", lambda: self.move_cursor(0, 1)),
            ("arrow_up", lambda: self.move_cursor(-1, 0)),
            ("arrow_down", lambda: self.move_cursor(1, 0)),
            ("enter", self.drop_at_cursor),
            ("space", self.drop_at_cursor),
            ("u", self.undo),
            ("backspace", self.undo),
            ("[", self.previous_card),
            ("]", self.next_card),
            ("f2", self.save),
            ("control-s", self.save),
            ("f3", self.open_save_as),
            ("naming-escape", self.close_save_as),
            ("mouse1", self.click),
            ("escape", self.escape),
            ("y", lambda: self.answer(True)),
            ("n", lambda: self.answer(False)),
            ("h", self.cycle_height),
            ("mouse3", self._drag_start),
            ("mouse3-up", self._drag_end),
            ("wheel_up", lambda: self.zoom(1 / ZOOM_STEP)),
            ("wheel_down", lambda: self.zoom(ZOOM_STEP)),
            ("r", self.reset_camera),
        ):
            self.accept(key, fn)
        # Q/E orbit, W/S tilt, +/- zoom: as at the table, held keys repeat.
        for keys, fn in (
            (("q",), lambda: self.orbit_by(-ORBIT_STEP, 0)),
            (("e",), lambda: self.orbit_by(ORBIT_STEP, 0)),
            (("w",), lambda: self.orbit_by(0, TILT_STEP)),
            (("s",), lambda: self.orbit_by(0, -TILT_STEP)),
            (("+", "=", "shift-="), lambda: self.zoom(1 / ZOOM_STEP)),
            (("-",), lambda: self.zoom(ZOOM_STEP)),
        ):
            for key in keys:
                self.accept(key, fn)
                self.accept(f"{key}-repeat", fn)
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
        m = self.model
        bp = m.blueprint
        marks = {c: Mark("", Tone.GOOD) for c in m.legal_cells(self.value)}
        ghost = None
        if self.cursor is not None:
            err = m.error(self.value, self.cursor)
            if bp.is_hatched(self.cursor):
                marks[self.cursor] = Mark("", Tone.BAD)
            ghost = Ghost(
                self.material, self.value, self.cursor, Tone.GOOD if err is None else Tone.BAD
            )
        caption = _(
            "Holding: {colour} ({material}) {value}. {status}",
            colour=colour_word(self.material),
            material=material_word(self.material),
            value=self.value,
            status=self.status,
        )
        return Step(
            caption,
            (
                BuildingView(
                    bp.title,
                    bp,
                    tuple(tuple(s) for s in m.stacks),
                    cell_marks=marks,
                    ghost=ghost,
                    footer=_(
                        "{dice}, {points}",
                        dice=n_("{n} die", "{n} dice", m.num_dice),
                        points=n_("{n} point", "{n} points", m.score().total),
                    ),
                ),
            ),
            header=_(
                "1-6 value  O/G/B/C material  click/arrows+Enter drop  U undo  [ ] card  "
                "H height  Q/E W/S +/- R camera  F2 save  F3 save as  Esc quit"
            )
            if m.blank
            else _(
                "1-6 value  O/G/B/C material  click/arrows+Enter drop  U undo  [ ] card  "
                "Q/E W/S +/- R camera  F2 save  F3 save as  Esc quit"
            ),
        )

    def redraw(self, reframe: bool = False) -> None:
        """Draw the building as it is now and frame it again (``reframe``: from the orbit's
        home, as after a card change)."""
        if reframe:
            self.orbit = Orbit(**vars(HOME))
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
        # The held die's material and value buttons stand out.
        for m, b in self.material_buttons.items():
            b["frameColor"] = SELECTED if m is self.material else NORMAL
        for v, b in self.value_buttons.items():
            b["frameColor"] = SELECTED if v == self.value else NORMAL

    # ---- the camera -----------------------------------------------------------------------
    def free_regions(self) -> list[tuple[float, float, float, float]]:
        """Rectangles of the window (left, right, bottom, top in -1..1) that no panel covers:
        under the buttons and left of the breakdown, between the buttons and the breakdown, and
        under both; all above the caption panel."""
        r2d = self.base.render2d

        def rect(node):
            """A text's or a DirectGui widget's rectangle in window units (None if empty)."""
            if isinstance(node, DirectGuiWidget):  # its frame, which tight bounds miss
                l, r, b, t = node["frameSize"] or node.getBounds()
                corners = [
                    r2d.get_relative_point(node, Point3(x, 0, z)) for x in (l, r) for z in (b, t)
                ]
                xs, zs = [c[0] for c in corners], [c[2] for c in corners]
                return min(xs), max(xs), min(zs), max(zs)
            bounds = node.get_tight_bounds(r2d)
            return (bounds[0][0], bounds[1][0], bounds[0][2], bounds[1][2]) if bounds else None

        def union(rects):
            rects = [r for r in rects if r is not None]
            if not rects:
                return None
            return (
                min(r[0] for r in rects),
                max(r[1] for r in rects),
                min(r[2] for r in rects),
                max(r[3] for r in rects),
            )

        bar = union(rect(b) for b in self.buttons)
        panel, caption = rect(self.panel), rect(self.view.panel)
        header = union([rect(self.view.header), rect(self.view.title)])
        floor = (caption[3] if caption else -1.0) + GAP
        wall = (panel[0] if panel else 1.0) - GAP
        ceiling = (header[2] if header else 1.0) - GAP
        under_bar = (bar[2] if bar else ceiling) - GAP
        out = [
            (-1.0 + GAP, wall, floor, under_bar),
            ((bar[1] if bar else -1.0) + GAP, wall, floor, ceiling),
            (-1.0 + GAP, 1.0 - GAP, floor, min(under_bar, (panel[2] if panel else 1.0) - GAP)),
        ]
        return [r for r in out if r[1] - r[0] > 0.2 and r[3] - r[2] > 0.2]

    def scene_box(self):
        """The box around everything the camera must show (the card, the dice, the ghost die
        and the labels: the step's frame items), in the scene's coordinates."""
        root = self.view.root
        points = []
        for item in self.stage.root.find_all_matches(f"**/={FRAME_TAG}"):
            b = item.get_tight_bounds(root)
            if b:
                points += [b[0], b[1]]
        ghost_top = 0.0
        if self.cursor is not None and self.stage.buildings:
            # The ghost die stands one level over the cursor's stack.
            ghost_top = units.CARD_THICKNESS + units.DIE_SIZE * (
                len(self.model.stacks[self.cursor]) + 1
            )
        if not points:
            return (-5.0, -5.0, 0.0), (5.0, 5.0, 1.0)
        lo = tuple(min(p[i] for p in points) for i in range(3))
        hi = tuple(max(p[i] for p in points) for i in range(3))
        return lo, (hi[0], hi[1], max(hi[2], ghost_top))

    def frame(self) -> None:
        """Aim the camera at the building from the orbit's angle and height, fitted in the
        window's free part (``showcase.frame_box``)."""
        self.orbit.clamp()
        view = capture.View(self.base.win, self.base.cam)
        lo, hi = self.scene_box()
        showcase.frame_box(
            view,
            lo,
            hi,
            self.orbit.angle,
            self.orbit.elevation,
            zoom=self.orbit.zoom,
            regions=self.free_regions(),
        )

    def orbit_by(self, d_angle: float, d_elevation: float) -> None:
        self.orbit.angle += d_angle
        self.orbit.elevation += d_elevation
        self.frame()

    def zoom(self, factor: float) -> None:
        self.orbit.zoom *= factor
        self.frame()

    def reset_camera(self) -> None:
        self.orbit = Orbit(**vars(HOME))
        self.frame()

    def drag_to(self, x: float, y: float) -> None:
        """Follow a right-button drag to window point (x, y) in -1..1."""
        if self._drag_from is None:
            return
        dx, dy = x - self._drag_from[0], y - self._drag_from[1]
        self._drag_from = (x, y)
        if dx or dy:
            self.orbit_by(-dx * DRAG_DEG_PER_SCREEN / 2, -dy * DRAG_DEG_PER_SCREEN / 4)

    def drag_start_at(self, x: float, y: float) -> None:
        self._drag_from = (x, y)

    def _drag_start(self) -> None:
        mw = self.base.mouseWatcherNode
        if mw.has_mouse():
            self.drag_start_at(mw.get_mouse_x(), mw.get_mouse_y())

    def _drag_end(self) -> None:
        self._drag_from = None

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

    def save(self) -> Path | None:
        """Save to ``out_path``. A file that was there before this session is never replaced:
        the first save then goes to a new name beside it (``sandbox-2.json``...), and later
        saves of the session update that file."""
        kept: str | None = None
        try:
            make_folder(self.out_path.parent)
            if not self._own_file and self.out_path.exists():
                old = self.out_path
                self.out_path = write_new(
                    old.parent, old.stem, old.suffix or ".json", build_bytes(self.model.checked())
                )
                kept = old.name
            else:
                self.model.save(self.out_path)
        except (BlueprintsError, OSError) as e:
            self.status = _(
                "Not saved: {reason}.",
                reason=os_reason(e) if isinstance(e, OSError) else explain(e),
            )
            self.redraw()
            return None
        self._own_file, self.pending_quit, self._saved_at = True, False, self._changes
        full = where(self.out_path.resolve())
        self.status = (
            _(
                "Saved {path}; {old} was there already and is kept (open it with: blueprints3d view {path}).",
                path=full,
                old=kept,
            )
            if kept is not None
            else _("Saved {path} (open it with: blueprints3d view {path}).", path=full)
        )
        self.redraw()
        return self.out_path

    def open_save_as(self) -> None:
        """ "Save as" (F3): type a name; Enter saves the building under it in the same folder
        (``<name>.json``, never over a file: ``<name>-2.json`` when taken), Esc cancels."""
        if self.naming is not None:
            return
        self._naming_label = ScriptText(
            parent=self.base.aspect2d,
            text=_("Save as (Enter saves, Esc cancels):"),
            pos=(0, 0.12),
            scale=0.055,
            fg=(1, 1, 1, 1),
            bg=(0.05, 0.06, 0.08, 0.9),
            align=TextNode.A_center,
        )
        self.naming = DirectEntry(
            parent=self.base.aspect2d,
            initialText=self.out_path.stem,
            scale=0.06,
            width=16,
            numLines=1,
            focus=1,
            pos=(-0.5, 0, 0),
            command=self.save_as,
            frameColor=(0.95, 0.95, 0.9, 1),
        )
        # While a name is typed, the keys are letters, not the sandbox's commands: the button
        # events get a prefix (Esc arrives as "naming-escape") until the name is taken or dropped.
        thrower = self._thrower()
        if thrower is not None:
            thrower.set_prefix("naming-")

    def _thrower(self):
        throwers = getattr(self.base, "buttonThrowers", None)
        return throwers[0].node() if throwers else None

    def close_save_as(self) -> None:
        for w in (self.naming, self._naming_label):
            if w is not None:
                w.destroy()
        self.naming = self._naming_label = None
        thrower = self._thrower()
        if thrower is not None:
            thrower.set_prefix("")

    def save_as(self, name: str) -> Path | None:
        """Save under ``name`` (made a safe file name) beside the current file; the session's
        later saves go there too."""
        self.close_save_as()
        name = name.strip()
        if not name:
            self.status = _("Not saved: type a name for the file.")
            self.redraw()
            return None
        stem = file_name(name[:-5] if name.lower().endswith(".json") else name, "sandbox")
        try:
            make_folder(self.out_path.parent)
            path = write_new(self.out_path.parent, stem, ".json", build_bytes(self.model.checked()))
        except (BlueprintsError, OSError) as e:
            self.status = _(
                "Not saved: {reason}.",
                reason=os_reason(e) if isinstance(e, OSError) else explain(e),
            )
            self.redraw()
            return None
        self.out_path, self._own_file = path, True
        self.pending_quit, self._saved_at = False, self._changes
        full = where(path.resolve())
        self.status = _("Saved {path} (open it with: blueprints3d view {path}).", path=full)
        self.redraw()
        return path

    # ---- the mouse ------------------------------------------------------------------------
    def columns(self) -> list[Column]:
        """The pick boxes standing on the card, in its frame (see ``picking``): each stack's,
        and the cursor's space's up to the top of the held die's preview floating over it, so
        pointing at a die or at the preview names the space it stands over, not the spot of
        the card behind it."""
        bp = self.model.blueprint
        half = units.DIE_SIZE / 2 * 1.02  # the dice as drawn: a ray between two stacks passes on
        out = []
        for cell, st in enumerate(self.model.stacks):
            top = dice_model.die_top_z(len(st) - 1) if st else units.CARD_THICKNESS
            if cell == self.cursor:
                top = dice_model.die_center_z(len(st)) + GHOST_LIFT + units.DIE_SIZE / 2
            if top > units.CARD_THICKNESS:
                x, y = card_model.cell_position(bp, cell)
                out.append(Column(cell, x, y, half, 0.0, top))
        return out

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
            if self._drag_from is not None:
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
        for b in self.buttons:
            b.destroy()
        self.bar.remove_node()
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
    app.accept(base.win.get_window_event(), lambda win: app.redraw())  # framed anew, orbit kept
    if hasattr(base.win, "set_close_request_event"):  # the window's close button asks as Esc does
        base.win.set_close_request_event(CLOSE_REQUEST)
        app.accept(CLOSE_REQUEST, app.request_quit)
    base.run()
    return 0
