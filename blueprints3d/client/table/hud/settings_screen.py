"""The settings screen (Esc > Settings): the language, the computer players' speed, animations,
confirming each move, the camera's sensitivity, shaders, the sound, hints, material symbols and
finding rooms on the local network.
Each change is applied and saved at once; the rows are laid from the top down by what their
parts measure in the language's font.
"""

from __future__ import annotations

from collections.abc import Callable

from direct.gui.DirectGui import (
    DirectCheckButton,
    DirectFrame,
    DirectLabel,
    DirectOptionMenu,
    DirectSlider,
)
from panda3d.core import TextNode

from blueprints3d.client.render import style
from blueprints3d.client.scene.script_text import from_panda, panda_items, panda_text
from blueprints3d.client.table.hud.screens import (
    BUTTON,
    PANEL,
    Screen,
    _button,
    _label,
    check_box,
    menu_style,
)
from blueprints3d.files.settings import ANIMATIONS, BOT_SPEEDS, Settings
from blueprints3d.i18n import LANGUAGES, N_, _, digits, language

SPEED_NAMES = list(BOT_SPEEDS)
# The settings' values (the settings file's words) as the settings screen names them.
SETTING_WORDS = {
    "slow": N_("slow"),
    "normal": N_("normal"),
    "fast": N_("fast"),
    "instant": N_("instant"),
    "full": N_("full"),
    "short": N_("short"),
    "off": N_("off"),
}


def setting_word(value: str) -> str:
    return _(SETTING_WORDS[value]) if value in SETTING_WORDS else value


SENSITIVITIES = (0.5, 0.75, 1.0, 1.5, 2.0, 3.0)


def _times(x: float) -> str:
    """A camera sensitivity, "1.5x", in the language's digits (Persian: "۱٫۵x")."""
    return _("{times}x", times=digits(f"{x:g}"))


SETTINGS_MARGIN = 0.05  # the settings panel's edge to what it holds (aspect2d units)
SETTINGS_GAP = 0.012  # the least room between two rows' parts
SETTINGS_PITCH = 0.09  # and between two rows' lines
SETTINGS_TITLE_GAP = (
    0.03  # below the title, above the note where the settings are kept and the Back button
)
SETTINGS_NOTE_GAP = 0.006  # a label's letters' foot to its note's top


def _z_span(w) -> tuple[float, float]:
    """The bottom and top of what ``w`` shows, in its parent's units: a label's (or a note's) lines
    of letters, a check box's box, any other widget's frame."""
    z, sz = w.get_z(), w.get_sz()
    if isinstance(w, DirectCheckButton):
        ind = w.component("indicator")
        _l, _r, b, t = ind.node().get_frame()
        base, s = z + sz * ind.get_z(), sz * ind.get_sz()
        return base + s * b, base + s * t
    if isinstance(w, DirectLabel):
        tn = w.component("text0").textNode
        return z + sz * tn.get_bottom(), z + sz * tn.get_top()
    _l, _r, b, t = w.node().get_frame()
    return z + sz * b, z + sz * t


COLUMN = 0.3  # where every control stands, in one column, its label on the left
NOTE = style.MUTED  # a note's colour


class RowStack:
    """Rows laid from the top down, each as far below the last as its parts reach (their real
    extents in this language's font: Chinese and Persian lines are half as tall again as Latin
    ones), at least SETTINGS_PITCH from line to line."""

    def __init__(self, top: float) -> None:
        self.line: float | None = None  # the last row's line
        self.bottom = top  # the lowest thing above the next row

    def add(self, *widgets, gap: float = SETTINGS_GAP, pitch: float = SETTINGS_PITCH) -> None:
        """Widgets made on the line 0, moved down to their row."""
        spans = [_z_span(w) for w in widgets]
        top, low = max(t for _b, t in spans), min(b for b, _t in spans)
        y = self.bottom - gap - top
        if self.line is not None:
            y = min(y, self.line - pitch)
        for w in widgets:
            w.set_z(w.get_z() + y)
        self.line, self.bottom = y, y + low


def _noted(parent: DirectFrame, label: DirectLabel, words: str) -> DirectLabel:
    """A note under ``label``: its letters' top a little below the label's letters' foot
    (measured in the font: a fixed distance lets a taller font's lines run into each other)."""
    note = _label(parent, words, (-0.85, 0), 0.045, fg=NOTE)
    note.set_z(_z_span(label)[0] - SETTINGS_NOTE_GAP - _z_span(note)[1])
    return note


def _menu(
    parent: DirectFrame, words: list[str], initial: int, command: Callable[[str], None]
) -> DirectOptionMenu:
    """A drop-down of ``words`` in the controls' column, ``command`` given the chosen item."""
    return DirectOptionMenu(
        parent=parent,
        items=panda_items(words),
        initialitem=initial,
        pos=(COLUMN, 0, 0),
        command=command,
        **menu_style(0.06),
    )


class SettingsScreen(Screen):
    """Esc > Settings: each change is applied and saved at once (``on_change``); shaders take
    effect at the next start, and the screen says so."""

    def build(
        self,
        settings: Settings,
        on_change: Callable[[Settings], None],
        on_close: Callable[[], None],
        where: str = "",
        with_confirm: bool = True,
    ) -> DirectFrame:
        self.settings = settings
        self._on_change = on_change
        self.on_close = (
            on_close  # back to where the screen was opened from (the Esc menu or the table)
        )
        self._opened_with = (where, with_confirm)
        # Laid out from the top down (RowStack); the panel is then sized to what it holds.
        f = DirectFrame(
            parent=self.overlay.aspect2d, frameColor=PANEL, frameSize=(-0.95, 0.95, -0.74, 0.74)
        )
        rows = RowStack(-SETTINGS_MARGIN)
        rows.add(_label(f, _("Settings"), (0, 0), 0.08, TextNode.A_center), gap=0, pitch=0)
        self._choice_rows(f, rows, settings, with_confirm)
        self._switch_rows(f, rows, settings)
        self.where = _label(
            f,
            _("Saved at once in {where}", where=where)
            if where
            else _("Not saved (no settings file)"),
            (-0.85, 0),
            0.045,
            fg=NOTE,
            wordwrap=37,
        )
        rows.add(self.where, gap=SETTINGS_TITLE_GAP, pitch=0)
        self.back_button = _button(f, _("Back"), (0, 0), self.back, 0.06)
        rows.add(self.back_button, gap=SETTINGS_TITLE_GAP, pitch=0)
        # The panel around it all, centred on the window.
        half = (SETTINGS_MARGIN - rows.bottom) / 2
        for child in f.get_children():
            child.set_z(child.get_z() + half)
        f["frameSize"] = (-0.95, 0.95, -half, half)
        return f

    def _choice_rows(
        self, f: DirectFrame, rows: RowStack, settings: Settings, with_confirm: bool
    ) -> None:
        """The rows of choices: the language, the computer players' speed, animations,
        confirming each move (where the table asks for it), the camera's sensitivity."""
        # Each language in its own words (and letters): a player who cannot read the one on
        # screen still finds theirs.
        self.language_words = list(LANGUAGES.values())
        self.language = _menu(
            f, self.language_words, list(LANGUAGES).index(language()), self._language
        )
        rows.add(
            _label(f, _("Language"), (-0.85, 0), 0.05),
            self.language,
            gap=SETTINGS_TITLE_GAP,
            pitch=0,
        )
        self.speed_words = [setting_word(s) for s in SPEED_NAMES]
        self.speed = _menu(f, self.speed_words, SPEED_NAMES.index(settings.bot_speed), self._speed)
        rows.add(_label(f, _("Computer players' speed"), (-0.85, 0), 0.05), self.speed)
        # Slow machines (a software renderer) play better with short glides or none.
        self.animation_words = [setting_word(a) for a in ANIMATIONS]
        self.animations = _menu(
            f, self.animation_words, ANIMATIONS.index(settings.animations), self._animations
        )
        rows.add(_label(f, _("Animations"), (-0.85, 0), 0.05), self.animations)
        self.confirm_moves = None
        if with_confirm:
            label = _label(f, _("Confirm each move"), (-0.85, 0), 0.05)
            note = _noted(f, label, _("(Undo until you confirm)"))
            self.confirm_moves = check_box(
                f, settings.confirm_moves, (COLUMN + 0.03, 0), 0.05, self._confirm
            )
            rows.add(label, note, self.confirm_moves, self.confirm_moves.words)
        values = [_times(v) for v in SENSITIVITIES]
        now = min(SENSITIVITIES, key=lambda v: abs(v - settings.camera_sensitivity))
        self.sensitivity = _menu(f, values, SENSITIVITIES.index(now), self._sensitivity)
        rows.add(_label(f, _("Camera sensitivity"), (-0.85, 0), 0.05), self.sensitivity)

    def _switch_rows(self, f: DirectFrame, rows: RowStack, settings: Settings) -> None:
        """The rows that switch something on or off (shaders, the sound, hints, material
        symbols), and the sound's volume."""
        label = _label(f, _("Shaded materials (shaders)"), (-0.85, 0), 0.05)
        self.shaders_note = _noted(f, label, _("takes effect at the next start"))
        self.shaders = check_box(f, settings.shaders, (COLUMN + 0.03, 0), 0.05, self._shaders)
        rows.add(label, self.shaders_note, self.shaders, self.shaders.words)
        self.volume = DirectSlider(
            parent=f,
            range=(0, 100),
            value=settings.volume,
            pageSize=5,
            pos=(COLUMN + 0.22, 0, 0.015),
            scale=0.22,
            frameColor=style.PANEL_RAISED,
            thumb_frameColor=BUTTON,
            command=self._volume,
        )
        self.volume_text = _label(
            f, _("{percent}%", percent=settings.volume), (COLUMN + 0.5, 0), 0.05
        )
        rows.add(_label(f, _("Sound volume"), (-0.85, 0), 0.05), self.volume, self.volume_text)
        self.mute = check_box(f, settings.mute, (COLUMN + 0.03, 0), 0.05, self._mute)
        rows.add(_label(f, _("Mute the sound"), (-0.85, 0), 0.05), self.mute, self.mute.words)
        self.hints = check_box(f, settings.hints, (COLUMN + 0.03, 0), 0.05, self._hints)
        rows.add(
            _label(f, _("Hints (H: the coach's best moves)"), (-0.85, 0), 0.05),
            self.hints,
            self.hints.words,
        )
        # Colour-blind help: a symbol per material on the dice and before the materials' names.
        self.material_symbols = check_box(
            f, settings.material_symbols, (COLUMN + 0.03, 0), 0.05, self._symbols
        )
        rows.add(
            _label(f, _("Material symbols on the dice"), (-0.85, 0), 0.05),
            self.material_symbols,
            self.material_symbols.words,
        )
        # Rooms on the local network: announced when this table hosts, listed on the Join screen.
        self.discovery = check_box(f, settings.discovery, (COLUMN + 0.03, 0), 0.05, self._discovery)
        rows.add(
            _label(f, _("Find rooms on this network"), (-0.85, 0), 0.05),
            self.discovery,
            self.discovery.words,
        )

    def rebuild(self) -> None:
        """The screen again, as it stands, in the language now spoken."""
        if self.active:
            self.enter(self.settings, self._on_change, self.on_close, *self._opened_with)

    def back(self) -> None:
        """Back (or Esc): close, and return to the screen it was opened from."""
        self.exit()
        self.on_close()

    def change(self, **values) -> None:
        self.settings = self.settings.changed(**values)
        self._on_change(self.settings)

    def _language(self, item: str) -> None:
        # The table switches at once (client/table/appearance.py), this screen with it.
        self.change(
            language=list(LANGUAGES)[
                self.language_words.index(from_panda(self.language_words, item))
            ]
        )

    def _speed(self, item: str) -> None:
        self.change(
            bot_speed=SPEED_NAMES[self.speed_words.index(from_panda(self.speed_words, item))]
        )

    def _animations(self, item: str) -> None:
        self.change(
            animations=ANIMATIONS[
                self.animation_words.index(from_panda(self.animation_words, item))
            ]
        )

    def _confirm(self, on) -> None:
        self.change(confirm_moves=bool(on))

    def _sensitivity(self, item: str) -> None:
        words = [_times(v) for v in SENSITIVITIES]
        self.change(camera_sensitivity=SENSITIVITIES[words.index(from_panda(words, item))])

    def _shaders(self, on) -> None:
        self.change(shaders=bool(on))

    def _volume(self) -> None:
        # The slider moves in steps of its page; the setting is a whole percent.
        value = int(round(self.volume["value"]))
        self.volume_text["text"] = panda_text(_("{percent}%", percent=value))
        if value != self.settings.volume:
            self.change(volume=value)

    def _mute(self, on) -> None:
        self.change(mute=bool(on))

    def _hints(self, on) -> None:
        self.change(hints=bool(on))

    def _symbols(self, on) -> None:
        self.change(material_symbols=bool(on))

    def _discovery(self, on) -> None:
        self.change(discovery=bool(on))
