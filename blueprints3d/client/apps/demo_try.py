"""Try it yourself in the demo player: the learner takes a die of a task step's pool and puts it
on a space, with the mouse or the keyboard as at the table, and the step's ``Task`` (the
engine, in ``steps.demos.tasks``) says what happened.

Mouse: click a pool die (or press on it and release over a space), then click a space.
Keys: Left / Right (Tab) choose a die, Enter takes it; the arrows or 1-9 choose a space, Enter
puts it there; Backspace (or Esc) puts the die back, or after an answer tries again.
Input arrives as plain calls (``press``, ``release``, ``key``) with x, y in Panda3D's mouse
coordinates, so the player forwards real events and the tests call the same methods.
"""

from __future__ import annotations

from collections.abc import Callable

from panda3d.core import NodePath, Point2, Point3

from blueprints3d.client.apps.demo_stage import StageNodes
from blueprints3d.client.render import highlight
from blueprints3d.client.scene import card_model, dice_model, units
from blueprints3d.engine.blueprints import Blueprint
from blueprints3d.i18n import _
from blueprints3d.presentation.demos.tasks import TRY_HINT, Answer, Task
from blueprints3d.presentation.scene import Step

CHOSEN_RGBA = (0.25, 0.95, 1.0, 0.9)  # the die in hand: the table's cyan cursor
CURSOR_RGBA = (0.25, 0.95, 1.0, 0.55)  # the space the keys are on
PICK_RADIUS = 0.09  # mouse units: a click this near a die or space picks it
ARROWS = {"arrow_left": (0, -1), "arrow_right": (0, 1), "arrow_up": (-1, 0), "arrow_down": (1, 0)}
BACK_KEYS = ("backspace", "escape", "control-z")


class TryIt:
    """One task step on show. ``show(step)`` draws a step (the player's StepView.show);
    ``on_answer`` hears every answer."""

    def __init__(
        self,
        step: Step,
        task: Task,
        show: Callable[[Step], StageNodes],
        cam: NodePath,
        lens,
        on_answer: Callable[[Answer], None] | None = None,
    ) -> None:
        self.step, self.task = step, task
        self.show = show
        self.cam, self.lens = cam, lens
        self.on_answer = on_answer
        self.answer: Answer | None = None
        self.die: int | None = None  # the pool die in hand
        self.die_cursor = 0
        self.cell_cursor = self._open_cells()[0] if self._open_cells() else 0
        self.stage = show(step)
        self.hint = _(TRY_HINT)
        self._show_marks()

    # ---- what is where ---------------------------------------------------------------------
    @property
    def blueprint(self) -> Blueprint:
        bp = self.step.buildings[self.task.building].blueprint
        assert bp is not None  # the building a task is tried on is never behind its screen
        return bp

    def _open_cells(self) -> list[int]:
        bp = self.blueprint
        return [c for c in range(bp.num_cells) if not bp.is_hatched(c)]

    def project(self, node: NodePath, point: Point3) -> tuple[float, float] | None:
        """Where ``point`` (in ``node``'s frame) shows in the window, -1..1 each way; None
        where the lens cannot show it."""
        q = self.cam.get_relative_point(node, point)
        p = Point2()
        return (p.x, p.y) if self.lens.project(q, p) else None

    def die_point(self, k: int) -> tuple[float, float] | None:
        if self.stage is None or k >= len(self.stage.pool):
            return None
        return self.project(self.stage.pool[k], Point3(0, 0, units.DIE_SIZE / 2))

    def cell_point(self, cell: int) -> tuple[float, float] | None:
        if self.stage is None:
            return None
        root = self.stage.buildings[self.task.building]
        view = self.step.buildings[self.task.building]
        x, y = card_model.cell_position(self.blueprint, cell)
        z = (
            dice_model.die_top_z(len(view.stacks[cell]) - 1)
            if view.stacks[cell]
            else units.CARD_THICKNESS
        )
        return self.project(root, Point3(x, y, z))

    def _nearest(
        self, x: float, y: float, points: dict[int, tuple[float, float] | None]
    ) -> int | None:
        best, best_d = None, PICK_RADIUS
        for k, p in points.items():
            if p is None:
                continue
            d = ((p[0] - x) ** 2 + (p[1] - y) ** 2) ** 0.5
            if d <= best_d:
                best, best_d = k, d
        return best

    # ---- the mouse ----------------------------------------------------------------------------
    def press(self, x: float, y: float) -> bool:
        """A click: on a pool die takes it; with a die in hand, on a space puts it there."""
        if self.answer is not None:
            return False
        die = self._nearest(x, y, {k: self.die_point(k) for k in range(len(self.step.pool))})
        if die is not None:
            self.take(die)
            return True
        if self.die is not None:
            cell = self._nearest(
                x, y, {c: self.cell_point(c) for c in range(self.blueprint.num_cells)}
            )
            if cell is not None:
                self.drop(cell)
                return True
        return False

    def release(self, x: float, y: float) -> bool:
        """A drag ends: over a space, the die in hand goes there."""
        if self.answer is not None or self.die is None:
            return False
        cell = self._nearest(x, y, {c: self.cell_point(c) for c in range(self.blueprint.num_cells)})
        if cell is None:
            return False
        self.drop(cell)
        return True

    # ---- the keys -----------------------------------------------------------------------------
    def key(self, name: str) -> bool:
        """A key for the task; False when it is not one (the player steps on with it)."""
        if self.answer is not None:
            if name in BACK_KEYS or name == "r":
                self.retry()
                return True
            return False
        n = len(self.step.pool)
        if self.die is None:
            if name in ("arrow_left", "shift-tab"):
                self.die_cursor = (self.die_cursor - 1) % n
            elif name in ("arrow_right", "tab"):
                self.die_cursor = (self.die_cursor + 1) % n
            elif name in ("enter", "space"):
                self.take(self.die_cursor)
                return True
            elif name in BACK_KEYS:
                return False
            else:
                return name in ARROWS
            self._show_marks()
            return True
        bp = self.blueprint
        open_cells = self._open_cells()
        if name in ARROWS:
            dr, dc = ARROWS[name]
            r, c = divmod(self.cell_cursor, bp.cols)
            r, c = min(max(r + dr, 0), bp.rows - 1), min(max(c + dc, 0), bp.cols - 1)
            self.cell_cursor = r * bp.cols + c
        elif name.isdigit() and 1 <= int(name) <= len(open_cells):
            self.cell_cursor = open_cells[int(name) - 1]
        elif name in ("enter", "space"):
            self.drop(self.cell_cursor)
            return True
        elif name in BACK_KEYS:
            self.die = None
        else:
            return False
        self._show_marks()
        return True

    # ---- moves ------------------------------------------------------------------------------
    def take(self, k: int) -> None:
        self.die = k
        self.die_cursor = k
        self._show_marks()

    def drop(self, cell: int) -> Answer:
        """Put the die in hand on ``cell``: the task's judge answers, and its scene is shown."""
        k = self.die if self.die is not None else self.die_cursor
        self.answer = self.task.answer(k, cell)
        self.die = None
        self.stage = self.show(self.answer.step)
        if self.on_answer is not None:
            self.on_answer(self.answer)
        return self.answer

    def retry(self) -> None:
        self.answer = None
        self.die = None
        self.stage = self.show(self.step)
        self._show_marks()

    def _show_marks(self) -> None:
        if self.stage is None or self.answer is not None:
            return
        for k, node in enumerate(self.stage.pool):
            chosen = k == self.die or (self.die is None and k == self.die_cursor)
            highlight.set_highlight(node, CHOSEN_RGBA if chosen else None)
        root = self.stage.buildings[self.task.building]
        for cell in range(self.blueprint.num_cells):
            space = root.find(f"**/space-{cell}")
            if not space.is_empty():
                on = self.die is not None and cell == self.cell_cursor
                highlight.set_highlight(space, CURSOR_RGBA if on else None)
