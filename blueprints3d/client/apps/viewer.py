"""`blueprints3d view FILE`: a showcase of one building, with a turntable, free orbit, the score
breakdown beside it and a screenshot key.

The scene is the visuals' own (``showcase.make_stage`` and ``build_showcase``); the words in the
breakdown are the engine's (``Score`` and ``explain_building``). Controls: drag with the left
mouse button to orbit (the turntable stops), mouse wheel or +/- to zoom, Space to start or stop
the turntable, R to reset, S to save a PNG of the building (F12: with the breakdown), Q or
Escape to quit.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from direct.gui.OnscreenText import OnscreenText
from direct.showbase.DirectObject import DirectObject
from panda3d.core import TextNode

from blueprints3d.files.jsonfile import where, write_new
from blueprints3d.text import display, file_name, plural
from blueprints3d.client.render import capture

from blueprints3d.client.scene import showcase
from blueprints3d.files.buildfile import Build
from blueprints3d.engine.scoring import PRIZE_RULES, Prize, explain_building
from blueprints3d.client.render.window import NO_WINDOW_HINT, open_base
from blueprints3d.client.scene.fonts import mono_font

TURNTABLE_DEG_PER_S = 20.0
DRAG_DEG_PER_SCREEN = 240.0    # orbit degrees for a drag across the whole window
MIN_ELEVATION, MAX_ELEVATION = 5.0, 88.0


@dataclass
class Orbit:
    """Where the camera is on its sphere around the building."""

    angle: float = 35.0        # degrees around; 0 = the owner's seat (from -Y)
    elevation: float = 36.0
    zoom: float = 1.3          # multiplies the framing distance (room for the panel)

    def clamp(self) -> None:
        self.angle %= 360.0
        self.elevation = max(MIN_ELEVATION, min(MAX_ELEVATION, self.elevation))
        self.zoom = max(0.35, min(3.0, self.zoom))


def breakdown(build: Build) -> str:
    """The score breakdown in words, as the `score` command gives it."""
    bp = build.blueprint
    score = build.score()
    lines = [f"{bp.id}  {bp.name}", plural(build.num_dice, "die"), ""]
    lines.append(f"blueprint bonus {score.blueprint:>3}" + ("  (exact)" if score.blueprint else "  (not followed)"))
    for name in ("wood", "recycled", "stone", "glass"):
        lines.append(f"{name:<15} {getattr(score, name):>3}")
    lines.append(f"{'total':<15} {score.total:>3}")
    lines.append("")
    for d in explain_building(bp, build.stacks):
        lines.append(f"{bp.cell_name(d.cell)}, level {d.level + 1}:")
        lines.append(f"   {d.material.label} {d.value}: {d.reason}")
    won = [p for p in Prize if p in score.prizes]
    lines.append("")
    lines.append("Prizes it qualifies for:")
    lines += [f"   {p.title} ({PRIZE_RULES[p]})" for p in won] or ["   none"]
    return "\n".join(lines)


class BuildViewer(DirectObject):
    def __init__(self, base, build: Build, name: str = "build", shots_dir: str | os.PathLike[str] = ".",
                 turntable: bool = True) -> None:
        super().__init__()
        self.base, self.build, self.name = base, build, name
        self.shots_dir = Path(shots_dir)
        self.view = capture.base_view(base)
        self.stage = showcase.make_stage(base, self.view)
        self.model = showcase.build_showcase(self.stage.root, build)
        self.target, self.distance = showcase.framing(build)
        self.orbit = Orbit()
        self.turntable = turntable
        self._drag_from: tuple[float, float] | None = None
        self.panel = OnscreenText(parent=base.a2dTopRight, text=breakdown(build), pos=(-1.0, -0.08),
                                  scale=0.034, fg=(0.95, 0.95, 0.9, 1), bg=(0.05, 0.06, 0.08, 0.75),
                                  align=TextNode.A_left, mayChange=True, font=mono_font())
        # Left-aligned columns, with the block's right edge near the window's right edge.
        self.panel_width = self.panel.textNode.get_width() * 0.034
        self.panel.setPos(-0.04 - self.panel_width, -0.08)
        self.help = OnscreenText(parent=base.a2dBottomLeft, pos=(0.04, 0.05), scale=0.035,
                                 fg=(0.85, 0.88, 0.9, 1), bg=(0.05, 0.06, 0.08, 0.75), align=TextNode.A_left, mayChange=True,
                                 text="drag: orbit   wheel/+/-: zoom   space: turntable   R: reset   "
                                      "S: picture   F12: picture with breakdown   Q: quit")
        for key, fn in (("space", self.toggle_turntable), ("r", self.reset), ("s", self.screenshot),
                        ("f12", lambda: self.screenshot(with_panel=True)), ("wheel_up", self.zoom_in), ("wheel_down", self.zoom_out),
                        ("+", self.zoom_in), ("=", self.zoom_in), ("-", self.zoom_out),
                        ("mouse1", self._drag_start), ("mouse1-up", self._drag_end)):
            self.accept(key, fn)
        self.task = base.task_mgr.add(self._update, "viewer-update")
        self.apply_camera()

    # ---- camera ---------------------------------------------------------------------------
    def apply_camera(self) -> None:
        self.orbit.clamp()
        showcase.orbit_camera(self.view, self.target, self.distance * self.orbit.zoom,
                              self.orbit.angle, self.orbit.elevation)
        # Shift the picture left by half the breakdown panel's share of the window, so the
        # building stands in the free part of the window.
        w, h = self.view.size
        share = self.panel_width / (2.0 * w / max(h, 1))
        lens = self.view.lens
        lens.set_film_offset(lens.get_film_size()[0] * share / 2, 0)

    def advance(self, dt: float) -> None:
        """Move the turntable on by ``dt`` seconds (and follow a drag in progress)."""
        if self._drag_from is not None:
            mw = self.base.mouseWatcherNode
            if mw.has_mouse():
                x, y = mw.get_mouse_x(), mw.get_mouse_y()
                self.drag_by(x - self._drag_from[0], y - self._drag_from[1])
                self._drag_from = (x, y)
        elif self.turntable:
            self.orbit.angle += TURNTABLE_DEG_PER_S * dt
        self.apply_camera()

    def drag_by(self, dx: float, dy: float) -> None:
        """Orbit by a mouse move of (dx, dy) in window units (-1..1 across)."""
        self.orbit.angle -= dx * DRAG_DEG_PER_SCREEN / 2
        self.orbit.elevation -= dy * DRAG_DEG_PER_SCREEN / 4
        self.apply_camera()

    def _update(self, task):
        self.advance(self.base.clock.get_dt())
        return task.cont

    def _drag_start(self) -> None:
        mw = self.base.mouseWatcherNode
        if mw.has_mouse():
            self.turntable = False  # free orbit: the user has the camera now
            self._drag_from = (mw.get_mouse_x(), mw.get_mouse_y())

    def _drag_end(self) -> None:
        self._drag_from = None

    def toggle_turntable(self) -> None:
        self.turntable = not self.turntable

    def zoom_in(self) -> None:
        self.orbit.zoom /= 1.12
        self.apply_camera()

    def zoom_out(self) -> None:
        self.orbit.zoom *= 1.12
        self.apply_camera()

    def reset(self) -> None:
        self.orbit = Orbit()
        self.apply_camera()

    # ---- screenshot -----------------------------------------------------------------------
    def screenshot(self, with_panel: bool = False) -> Path | None:
        """Save the building (S) or the whole window with the breakdown (F12) to the next free
        ``<name>-NN.png`` in the shots folder (atomically, never over a file); a folder that
        cannot be written is said on the help line, and the viewer goes on."""
        overlays = (self.panel, self.help)
        if not with_panel:
            for o in overlays:
                o.hide()
        try:
            capture.render_frames(self.base, 2)
            picture = capture.png_bytes(self.view.grab())
        finally:
            for o in overlays:
                o.show()
        try:
            self.shots_dir.mkdir(parents=True, exist_ok=True)
            path = write_new(self.shots_dir, file_name(self.name, "build"), ".png", picture, numbered=True)
        except OSError as e:
            self.help.setText(f"could not save the picture: {display(e.strerror or e, 120)}")
            return None
        self.help.setText(f"saved {where(path)}")
        return path

    def destroy(self) -> None:
        self.ignore_all()
        self.base.task_mgr.remove(self.task)
        self.panel.destroy()
        self.help.destroy()
        self.stage.close()
        self.view.cam.node().set_scene(self.base.render)


def run_window(build: Build, name: str, width: int, height: int, shots_dir: str, shaders: bool) -> int:
    base = open_base(size=(width, height), title=f"Blueprints - {name}", sync_video=True,
                     shaders_on=shaders, no_window_hint=NO_WINDOW_HINT)
    viewer = BuildViewer(base, build, name, shots_dir)
    viewer.accept("q", base.userExit)
    viewer.accept("escape", base.userExit)
    base.run()
    return 0
