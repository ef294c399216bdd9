"""`blueprints3d view FILE`: a showcase of one building, with a turntable, free orbit, the score
breakdown beside it and a screenshot key.

The scene is the visuals' own (``showcase.make_stage`` and ``build_showcase``); the words in the
breakdown are the engine's (``Score`` and ``explain_building``). Controls: drag with the left
mouse button to orbit (the turntable stops), mouse wheel or +/- to zoom, Space to start or stop
the turntable, R to reset, S to save a PNG of the building (F12: with the breakdown), Q or
Escape to quit.

The camera frames the building's whole bounding box with a margin (``showcase.frame_build``)
in the part of the window the breakdown leaves free; the S picture is framed as ``render``
frames it, centred on the whole picture, with no text in it. Pictures go to ``pictures`` in the
data folder unless a folder is given, and the help line says the full path.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from direct.gui.DirectGui import DirectFrame
from direct.showbase.DirectObject import DirectObject
from panda3d.core import TextNode

from blueprints3d.client.render import style
from blueprints3d.files.places import default_dir
from blueprints3d.files.jsonfile import make_folder, os_reason, where, write_new
from blueprints3d.text import file_name
from blueprints3d.i18n import N_, _, language, n_, number, translate
from blueprints3d.presentation.words import (
    MATERIAL_WORDS,
    die_reason,
    material_word,
    space_name,
    title_word,
)
from blueprints3d.client.render import capture, stills

from blueprints3d.client.scene import showcase
from blueprints3d.files.buildfile import Build
from blueprints3d.engine.rules import PRIZE_RULE_MESSAGES
from blueprints3d.engine.materials import Material
from blueprints3d.engine.scoring import Prize, explain_building
from blueprints3d.client.render.window import VIEW_NO_WINDOW_HINT, open_base
from blueprints3d.client.apps.share import MATERIAL_WORDS as MATERIAL_WORDS_CARD
from blueprints3d.client.scene.card_panel import CardPanel, material_chip
from blueprints3d.client.scene.mirror import mirror_panel
from blueprints3d.client.scene.script_text import (
    ScriptText,
    interface_font,
    is_rtl,
    text_scale,
    use_language,
)

TURNTABLE_DEG_PER_S = 20.0
DRAG_DEG_PER_SCREEN = 240.0  # orbit degrees for a drag across the whole window
MIN_ELEVATION, MAX_ELEVATION = 5.0, 88.0


@dataclass
class Orbit:
    """Where the camera is on its sphere around the building."""

    angle: float = 35.0  # degrees around; 0 = the owner's seat (from -Y)
    elevation: float = 36.0
    zoom: float = 1.0  # multiplies the framing distance (1: the building just fits)

    def clamp(self) -> None:
        self.angle %= 360.0
        self.elevation = max(MIN_ELEVATION, min(MAX_ELEVATION, self.elevation))
        self.zoom = max(0.35, min(3.0, self.zoom))


@dataclass(frozen=True)
class Breakdown:
    """A building's score by part, in the player's words: what the panel shows and ``breakdown``
    writes as text. ``dice``: for each die where it stands and why it scores what it does."""

    title: str
    dice_count: str
    bonus: int
    bonus_note: str
    points: list[tuple[Material, int]]
    total: int
    dice: list[tuple[str, str]]
    prizes: list[str]


def breakdown_parts(build: Build) -> Breakdown:
    bp = build.blueprint
    score = build.score()
    note = (
        _("exact")
        if score.blueprint
        else _("not followed")
        if bp.has_plan
        else _("no plan printed")
    )
    n_green = sum(1 for s in build.stacks for m, _v in s if m == Material.RECYCLED)
    dice = [
        # Where the player sees the die on the card ("the 2 at the top left"), not "row 1, column 1".
        (
            _("{space}, level {level}:", space=space_name(bp, d.cell), level=d.level + 1),
            _(
                "{material} {value}: {reason}",
                material=material_word(d.material),
                value=number(d.value),
                reason=die_reason(d, n_green, len(build.stacks[d.cell])),
            ),
        )
        for d in explain_building(bp, build.stacks)
    ]
    won = [p for p in Prize if p in score.prizes]
    return Breakdown(
        title=translate(bp.title_message),
        dice_count=n_("{n} die", "{n} dice", build.num_dice),
        bonus=score.blueprint,
        bonus_note=note,
        points=[(m, getattr(score, m.label)) for m in MATERIAL_WORDS],
        total=score.total,
        dice=dice,
        prizes=[
            _("{prize} ({rule})", prize=title_word(p), rule=translate(PRIZE_RULE_MESSAGES[p]))
            for p in won
        ],
    )


def breakdown(build: Build) -> str:
    """The score breakdown in words, as the `score` command gives it."""
    b = breakdown_parts(build)
    lines = [b.title, b.dice_count, ""]
    lines.append(
        _("blueprint bonus {points}  ({note})", points=f"{number(b.bonus):>3}", note=b.bonus_note)
    )
    for m, pts in b.points:  # wood, recycled, stone, glass: the score sheet's order
        lines.append(f"{material_word(m):<15} {number(pts):>3}")
    total = _("total")
    lines.append(f"{total:<15} {number(b.total):>3}")
    lines.append("")
    for place, why in b.dice:
        lines += [place, "   " + why]
    lines.append("")
    lines.append(_("Prizes it qualifies for:"))
    lines += ["   " + p for p in b.prizes] or ["   " + _("none")]
    return "\n".join(lines)


# TRANSLATORS: the heading over the viewer's list of the building's dice, each with where it
# stands and what it scores (shown in small capitals).
EACH_DIE = N_("Each die")
FIT_TRIES = 6  # the panel built again at a smaller size until it fits: at most this often
PANEL_SHARE = 0.34  # of the window's width: the breakdown panel, as the share card's
PANEL_LEAST_WIDTH_PX = 360.0  # ... and never narrower (a 1024 px window)


def lay_out_panel(parent, build: Build, size: tuple[int, int]):
    """The breakdown as the share card draws it (``CardPanel``): the card's name, the total and
    the points by material with their chips, the blueprint bonus, each die, the Prizes; at the
    window's top right, its type as large as the window's height leaves room for. Returns
    (its frame, its width in aspect2d units, the ``CardPanel``)."""
    w, h = size
    unit = min(w, h) / 2.0  # pixels per aspect2d unit
    b = breakdown_parts(build)
    margin = 0.03 * h / unit
    width = max(PANEL_SHARE * w, min(PANEL_LEAST_WIDTH_PX, 0.5 * w)) / unit
    pad = style.PAD * style.BODY.px(h) / unit
    frame = DirectFrame(
        parent=parent, frameColor=style.PANEL_OVER, pos=(-margin - width, 0, -margin)
    )
    probe = TextNode("measure")
    probe.set_font(interface_font())
    scale = style.BODY.px(h) * text_scale() / unit / probe.get_line_height()
    room = 2 * h / 2 / unit - 2 * margin
    for attempt in range(FIT_TRIES):
        card = CardPanel(frame, pad, -pad, width - 2 * pad, scale)
        card.kicker("Blueprints")
        card.headline(b.title)
        card.text("subtitle", b.dice_count, "small", style.MUTED)
        card.rule()
        card.figure(
            number(b.total),
            _("building points"),
            [(material_chip(m), _(MATERIAL_WORDS_CARD[m]), number(p)) for m, p in b.points],
        )
        card.gap()
        # The sign before the figure as written; the text's own bidi pass orders it on screen.
        bonus = f"+{number(b.bonus)}" if b.bonus else number(0)
        card.pair("bonus", _("Blueprint bonus"), bonus, b.bonus_note)
        card.rule("rule dice")
        card.kicker(_(EACH_DIE), name="dice heading", fg=style.MUTED)
        for k, (place, why) in enumerate(b.dice):
            card.text(f"die {k} where", place.rstrip(":："), "small", style.MUTED)
            card.text(f"die {k}", why)
        card.rule("rule prizes")
        card.section("prizes", _("Prizes"), b.prizes or [_("No Prizes this time")])
        height = card.height + 2 * pad
        if (height <= room and card.overflow <= 1.0) or attempt == FIT_TRIES - 1:
            break  # it fits, or it is as small as the tries make it: kept as it is
        card.destroy()
        scale *= min(1.0, room / height, 1.0 / card.overflow) * 0.98
    frame["frameSize"] = (0.0, width, -height, 0.0)
    if is_rtl():
        mirror_panel(frame)
    return frame, width, card


def pictures_dir() -> Path:
    """Where the viewer's pictures go by default: ``pictures`` in the data folder."""
    return default_dir() / "pictures"


STILL_SUPERSAMPLE = 2  # S pictures: drawn at twice the window's size and averaged down


class BuildViewer(DirectObject):
    def __init__(
        self,
        base,
        build: Build,
        name: str = "build",
        shots_dir: str | os.PathLike[str] | None = None,
        turntable: bool = True,
    ) -> None:
        use_language(language())  # its font the default of every text it makes
        super().__init__()
        self.base, self.build, self.name = base, build, name
        self.shots_dir = Path(shots_dir) if shots_dir is not None else pictures_dir()
        self.view = capture.base_view(base)
        self.stage = showcase.make_stage(base, self.view, extent=showcase.shadow_extent(build))
        self.model = showcase.build_showcase(self.stage.root, build)
        self.orbit = Orbit()
        self.turntable = turntable
        self._drag_from: tuple[float, float] | None = None
        self.panel, self.panel_width, self.card = lay_out_panel(
            base.a2dTopRight, build, self.view.size
        )
        self.help = ScriptText(
            parent=base.a2dBottomLeft,
            pos=(0.04, 0.05),
            scale=0.035,
            fg=style.INK,
            bg=style.PANEL_OVER,
            align=TextNode.A_left,
            mayChange=True,
            text=_(
                "drag: orbit   wheel/+/-: zoom   space: turntable   R: reset   "
                "S: picture   F12: picture with breakdown   Q: quit"
            ),
        )
        for key, fn in (
            ("space", self.toggle_turntable),
            ("r", self.reset),
            ("s", self.screenshot),
            ("f12", lambda: self.screenshot(with_panel=True)),
            ("wheel_up", self.zoom_in),
            ("wheel_down", self.zoom_out),
            ("+", self.zoom_in),
            ("=", self.zoom_in),
            ("-", self.zoom_out),
            ("mouse1", self._drag_start),
            ("mouse1-up", self._drag_end),
        ):
            self.accept(key, fn)
        self.task = base.task_mgr.add(self._update, "viewer-update")
        self.apply_camera()

    # ---- camera ---------------------------------------------------------------------------
    def free_share(self) -> float:
        """The share of the window's width left of the breakdown panel (with a small gap)."""
        w, h = self.view.size
        panel = (self.panel_width + 0.08) / (2.0 * w / max(h, 1))
        return min(1.0, max(0.3, 1.0 - panel))

    def apply_camera(self, free: float | None = None) -> None:
        """Frame the building from the orbit's angle and elevation (``showcase.frame_build``) in
        the part of the window the panel leaves free (``free``: that share of the width; 1 =
        the whole window, as ``render`` frames it)."""
        self.orbit.clamp()
        showcase.frame_build(
            self.view,
            self.build,
            self.orbit.angle,
            self.orbit.elevation,
            zoom=self.orbit.zoom,
            free=self.free_share() if free is None else free,
        )

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
        """Save the building (S: alone, centred in the whole picture and framed as ``render``
        frames it) or the window with the breakdown (F12) to the next free ``<name>-NN.png`` in
        the pictures folder (atomically, never over a file). The help line (and the message it
        may hold, such as the last "saved ...") is never in a picture. A folder that cannot be
        written is said on the help line, and the viewer goes on."""
        hidden = (self.help,) if with_panel else (self.panel, self.help)
        for o in hidden:
            o.hide()
        try:
            if not with_panel:
                self.apply_camera(free=1.0)
                picture = capture.png_bytes(self.still_picture())
            else:
                capture.render_frames(self.base, 2)
                picture = capture.png_bytes(self.view.grab())
        finally:
            for o in hidden:
                o.show()
            self.apply_camera()
        try:
            make_folder(self.shots_dir)
            path = write_new(
                self.shots_dir, file_name(self.name, "build"), ".png", picture, numbered=True
            )
        except OSError as e:
            self.help.setText(_("could not save the picture: {reason}", reason=os_reason(e)))
            return None
        self.help.setText(_("saved {path}", path=where(path.resolve())))
        return path

    def still_picture(self, options: stills.StillOptions | None = None):
        """The building as ``render`` draws a still (``stills``: supersampled and multisampled,
        soft shadows, contact darkening, glass reflecting the room), seen through the window's
        camera and lens, at the window's size; the window's own picture where no offscreen
        buffer opens."""
        options = options or stills.StillOptions()
        w, h = self.view.size
        f = STILL_SUPERSAMPLE
        try:
            still = stills.open_still_view(
                self.base, w * f, h * f, multisamples=options.multisamples, name="viewer-still"
            )
        except RuntimeError:
            capture.render_frames(self.base, 2)
            return self.view.grab()
        look = None
        try:
            # Riding on the window's camera with its lens: the same framing, film offset and all.
            still.cam.node().set_lens(self.view.lens)
            still.cam.reparent_to(self.view.cam)
            still.cam.set_pos_hpr(0, 0, 0, 0, 0, 0)
            still.cam.node().set_scene(self.stage.root)
            still.output.set_clear_color(self.view.output.get_clear_color())
            if still.multisamples:
                stills.use_multisamples(self.stage.root)
            look = showcase.dress_still(self.stage, self.model, options)
            stills.render_still(self.base, still, 3)
            return stills.downsample(still.grab(), f, (w, h))
        finally:
            if look is not None:
                look.remove()
            self.stage.root.clear_antialias()
            capture.close_view(self.base, still)

    def destroy(self) -> None:
        self.ignore_all()
        self.base.task_mgr.remove(self.task)
        self.panel.destroy()
        self.help.destroy()
        self.stage.close()
        self.view.cam.node().set_scene(self.base.render)


def run_window(
    build: Build, name: str, width: int, height: int, shots_dir: str | None, shaders: bool
) -> int:
    base = open_base(
        size=(width, height),
        title=_("Blueprints - {name}", name=name),
        sync_video=True,
        shaders_on=shaders,
        no_window_hint=VIEW_NO_WINDOW_HINT,
    )
    viewer = BuildViewer(base, build, name, shots_dir)
    viewer.accept("q", base.userExit)
    viewer.accept("escape", base.userExit)
    base.run()
    return 0
