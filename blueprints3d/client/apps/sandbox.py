"""`blueprints3d sandbox`: build freely on any blueprint card (or a blank grid) with any dice.

Every drop is judged by the engine's ``placement_error`` (through ``SandboxBuilding``); the
window only shows the verdict: the spaces that take the held die light up green, a refused drop
says why. Mouse: point at a space and click to drop the held die. Keys: 1-6 the value,
O/G/B/C the material (orange wood, green recycled, black stone, clear glass), arrow keys move the
cursor and Enter drops, U or Backspace undoes, [ and ] change the card, F2 or Ctrl+S saves,
Q or Escape quits. Buttons do the same.
"""

from __future__ import annotations

import os
from pathlib import Path

from direct.gui.DirectGui import DirectButton
from direct.gui.OnscreenText import OnscreenText
from direct.showbase.DirectObject import DirectObject
from panda3d.core import TextNode

from blueprints3d.client.apps.demo_player import StepView, _button
from blueprints3d.client.apps.viewer import breakdown
from blueprints3d.client.render.window import NO_WINDOW_HINT, open_base
from blueprints3d.client.scene import card_model, units
from blueprints3d.client.scene.fonts import mono_font
from blueprints3d.client.scene.picking import Picker
from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.engine.materials import Material
from blueprints3d.steps.sandbox_model import SandboxBuilding, card_choices
from blueprints3d.steps.scene import BuildingView, Ghost, Mark, Step, Tone
from blueprints3d.files.buildfile import build_bytes
from blueprints3d.files.jsonfile import write_new
from blueprints3d.text import plural

SELECTED = (0.85, 0.6, 0.1, 1.0)
NORMAL = (0.22, 0.3, 0.45, 0.95)
MATERIAL_KEYS = {"o": Material.WOOD, "g": Material.RECYCLED, "b": Material.STONE, "c": Material.GLASS}


class SandboxApp(DirectObject):
    def __init__(self, base, out_path: str | os.PathLike[str] = "sandbox.json", card_index: int = 0,
                 on_quit=None, blank: tuple[int, int] = (3, 2)) -> None:
        super().__init__()
        self.base, self.out_path, self.on_quit = base, Path(out_path), on_quit
        self._own_file = False  # out_path is this session's own file once it has saved there
        self.cards = card_choices(*blank)
        self.card_index = card_index % len(self.cards)
        self.model = SandboxBuilding(self.cards[self.card_index])
        self.material, self.value = Material.WOOD, 1
        self.cursor: int | None = 0
        self.status = "Point at a space and click to drop the die you hold."
        self.view = StepView(base)
        self.panel = OnscreenText(parent=base.a2dTopRight, text="", pos=(-1.0, -0.08), scale=0.032,
                                  fg=(0.95, 0.95, 0.9, 1), bg=(0.05, 0.06, 0.08, 0.75),
                                  align=TextNode.A_left, mayChange=True, font=mono_font())
        bar = base.a2dTopLeft.attach_new_node("sandbox-bar")
        self.bar = bar
        self.buttons: list[DirectButton] = []
        y = -0.27
        self.material_buttons: dict[Material, DirectButton] = {}
        self.value_buttons: dict[int, DirectButton] = {}
        for k, (label, m) in enumerate((("Wood", Material.WOOD), ("Recycled", Material.RECYCLED),
                                        ("Stone", Material.STONE), ("Glass", Material.GLASS))):
            b = _button(bar, label, (0.16 + 0.27 * k, y), lambda m=m: self.select_material(m), 0.042)
            self.material_buttons[m] = b
            self.buttons.append(b)
        for v in range(1, 7):
            b = _button(bar, str(v), (0.1 + 0.12 * (v - 1), y - 0.1), lambda v=v: self.select_value(v), 0.045)
            self.value_buttons[v] = b
            self.buttons.append(b)
        for k, (label, fn) in enumerate((("< Card", self.previous_card), ("Card >", self.next_card),
                                         ("Undo", self.undo), ("Clear", self.clear), ("Save", self.save))):
            self.buttons.append(_button(bar, label, (0.14 + 0.25 * k, y - 0.2), fn, 0.042))
        for key, m in MATERIAL_KEYS.items():
            self.accept(key, self.select_material, [m])
        for v in range(1, 7):
            self.accept(str(v), self.select_value, [v])
        for key, fn in (("arrow_left", lambda: self.move_cursor(0, -1)), ("arrow_right", lambda: self.move_cursor(0, 1)),
                        ("arrow_up", lambda: self.move_cursor(-1, 0)), ("arrow_down", lambda: self.move_cursor(1, 0)),
                        ("enter", self.drop_at_cursor), ("space", self.drop_at_cursor),
                        ("u", self.undo), ("backspace", self.undo), ("[", self.previous_card),
                        ("]", self.next_card), ("f2", self.save), ("control-s", self.save),
                        ("mouse1", self.click), ("q", self.quit), ("escape", self.quit)):
            self.accept(key, fn)
        self._last_mouse: tuple[float, float] | None = None
        self.task = base.task_mgr.add(self._update, "sandbox-update")
        self.redraw(reframe=True)

    # ---- what is shown --------------------------------------------------------------------
    def step(self) -> Step:
        m = self.model
        bp = m.blueprint
        marks = {c: Mark("", Tone.GOOD) for c in m.legal_cells(self.value)}
        ghost = None
        if self.cursor is not None:
            err = m.error(self.value, self.cursor)
            if bp.is_hatched(self.cursor):
                marks[self.cursor] = Mark("", Tone.BAD)
            ghost = Ghost(self.material, self.value, self.cursor, Tone.GOOD if err is None else Tone.BAD)
        holding = f"Holding: {self.material.colour} ({self.material.label}) {self.value}."
        caption = f"{holding} {self.status}"
        return Step(caption, (BuildingView(f"{bp.id} {bp.name}", bp, tuple(tuple(s) for s in m.stacks),
                                           cell_marks=marks, ghost=ghost,
                                           footer=f"{plural(m.num_dice, 'die')}, {plural(m.score().total, 'point')}"),),
                    header="1-6 value  O/G/B/C material  click or arrows+Enter drop  U undo  [ ] card  "
                           "F2 save  Q quit")

    def redraw(self, reframe: bool = False) -> None:
        self.view.show(self.step(), "Sandbox", f"card {self.card_index + 1} of {len(self.cards)}", reframe=reframe)
        self.panel.setText(breakdown(self.model.build()))
        width = self.panel.textNode.get_width() * 0.032
        self.panel.setPos(-0.04 - width, -0.16)
        # The held die's material and value buttons stand out.
        for m, b in self.material_buttons.items():
            b["frameColor"] = SELECTED if m is self.material else NORMAL
        for v, b in self.value_buttons.items():
            b["frameColor"] = SELECTED if v == self.value else NORMAL

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
        err = self.model.place(self.material, self.value, cell)
        where = bp.cell_name(cell)
        self.status = (f"Refused: {err}." if err else
                       f"Placed the {self.material.colour} {self.value} at {where}, level {len(self.model.stacks[cell])}.")
        self.cursor = cell
        self.redraw()
        return err

    def drop_at_cursor(self) -> None:
        if self.cursor is not None:
            self.drop(self.cursor)

    def undo(self) -> None:
        die = self.model.undo()
        self.status = "Nothing to undo." if die is None else f"Took the {Material(die[0]).colour} {die[1]} off again."
        self.redraw()

    def clear(self) -> None:
        self.model.clear()
        self.status = "Cleared the card."
        self.redraw()

    def set_card(self, index: int) -> None:
        self.card_index = index % len(self.cards)
        self.model.set_blueprint(self.cards[self.card_index])
        self.cursor = 0
        bp = self.model.blueprint
        self.status = f"New card: {bp.id} {bp.name}."
        self.redraw(reframe=True)

    def next_card(self) -> None:
        self.set_card(self.card_index + 1)

    def previous_card(self) -> None:
        self.set_card(self.card_index - 1)

    def save(self) -> Path | None:
        """Save to ``out_path``. A file that was there before this session is never replaced:
        the first save then goes to a new name beside it (``sandbox-2.json``...), and later
        saves of the session update that file."""
        kept = ""
        try:
            if not self._own_file and self.out_path.exists():
                old = self.out_path
                self.out_path = write_new(old.parent, old.stem, old.suffix or ".json",
                                          build_bytes(self.model.checked()))
                kept = f"; {old.name} was there already and is kept"
            else:
                self.model.save(self.out_path)
        except (BlueprintsError, OSError) as e:
            self.status = f"Not saved: {e}."
            self.redraw()
            return None
        self._own_file = True
        self.status = (f"Saved {self.out_path}{kept} (open it with: blueprints3d view "
                       f"{self.out_path}).")
        self.redraw()
        return self.out_path

    # ---- the mouse ------------------------------------------------------------------------
    def cell_under(self, mx: float, my: float) -> int | None:
        """The space under the window point (mx, my) in -1..1, by a ray to the card's plane."""
        render = self.view.root
        hit = Picker(self.base.cam, self.view.lens, render).on_plane(mx, my, units.CARD_THICKNESS)
        if hit is None:
            return None
        building = self.view.stage.buildings[0]
        local = building.get_relative_point(render, hit)
        return card_model.cell_at(self.model.blueprint, local.x, local.y)

    def click(self) -> None:
        mw = self.base.mouseWatcherNode
        if not mw.has_mouse():
            return
        cell = self.cell_under(mw.get_mouse_x(), mw.get_mouse_y())
        if cell is not None:
            self.drop(cell)

    def _update(self, task):
        mw = self.base.mouseWatcherNode
        if mw.has_mouse():
            pos = (mw.get_mouse_x(), mw.get_mouse_y())
            if pos != self._last_mouse:
                self._last_mouse = pos
                cell = self.cell_under(*pos)
                if cell is not None:
                    self.set_cursor(cell)
        return task.cont

    def quit(self) -> None:
        if self.on_quit is not None:
            self.on_quit()

    def destroy(self) -> None:
        self.ignore_all()
        self.base.task_mgr.remove(self.task)
        for b in self.buttons:
            b.destroy()
        self.bar.remove_node()
        self.panel.destroy()
        self.view.destroy()


def run_window(out_path: str, card_index: int, width: int, height: int, shaders: bool,
               blank: tuple[int, int] = (3, 2)) -> int:
    base = open_base(size=(width, height), title="Blueprints - sandbox", sync_video=True,
                     shaders_on=shaders, no_window_hint=NO_WINDOW_HINT)
    app = SandboxApp(base, out_path, card_index, on_quit=base.userExit, blank=blank)
    app.accept(base.win.get_window_event(), lambda win: app.redraw(reframe=True))
    base.run()
    return 0
