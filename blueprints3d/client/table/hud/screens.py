"""The DirectGUI screens: new game, pass-the-table curtain, the Esc menu, help and settings, and
the quit confirmation (the round summary and the standings are in summary.py). Each is a class with ``enter``/``exit``; what a
button does is a callback given by the app, so the screens hold no game logic.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from direct.gui import DirectGuiGlobals as DGG
from direct.gui.DirectGui import (
    DirectButton,
    DirectCheckButton,
    DirectEntry,
    DirectFrame,
    DirectLabel,
    DirectOptionMenu,
    DirectSlider,
)
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import NodePath, TextNode

from blueprints3d.client.render.materials import BASE_COLOUR, PIP_COLOUR
from blueprints3d.client.scene.dice_model import symbols_shown
from blueprints3d.client.scene.mirror import mirror_panel
from blueprints3d.client.scene.script_text import (
    ScriptText,
    from_panda,
    interface_font,
    is_rtl,
    panda_items,
    panda_text,
)
from blueprints3d.client.scene.symbol_glyphs import icon_texture
from blueprints3d.client.table.hud.hud import CONTROLS
from blueprints3d.client.table.model.bots import level_description, level_word
from blueprints3d.client.table.model.flow import SeatConfig
from blueprints3d.engine import rules
from blueprints3d.engine.materials import Material
from blueprints3d.engine.rules import rules_summary
from blueprints3d.files.settings import ANIMATIONS, BOT_SPEEDS, Settings
from blueprints3d.i18n import LANGUAGES, N_, _, join_list, language, n_, number, translate

PANEL = (0.08, 0.09, 0.12, 1)  # opaque: nothing of the table shows through a dialog
BUTTON = (0.85, 0.80, 0.65, 1)
TEXT = (0.95, 0.95, 0.92, 1)
PERSON = N_("Person")
NETWORK = N_("Over the network")  # a seat for someone at another table to join (net_table.py)
EMPTY = N_("(empty)")
BY_LOT = N_("by lot")


REMOTE_SEAT = (
    "@remote"  # a SeatConfig's bot for a network seat on the new-game screen (a room's spec)
)


def computer_kind(level: str) -> str:
    """A seat's kind in the new-game screen's menu: "Computer (easy)"."""
    return _("Computer ({level})", level=level_word(level))


RULES_SUMMARY = (
    rules_summary()
)  # every number in it is the engine's (for tools; the help screen has its own lines)


@dataclass
class Overlay:
    """Where the 2D screens hang: aspect2d and its corner anchors."""

    aspect2d: NodePath
    top_left: NodePath
    top_right: NodePath
    bottom_left: NodePath
    bottom_right: NodePath
    size: Callable[[], tuple[int, int]] = lambda: (1280, 720)  # the window's, in pixels


SCREEN_REFERENCE_PX = 560  # below this window height the fixed-size panels grow, to stay legible


class Screen:
    pixel_layout = False  # True: the screen sizes itself from the window's pixels

    def __init__(self, overlay: Overlay) -> None:
        self.overlay = overlay
        self.frame: DirectFrame | None = None

    @property
    def active(self) -> bool:
        return self.frame is not None and not self.frame.isHidden()

    def enter(self, *args, **kwargs) -> None:
        self.exit()
        self.frame = self.build(*args, **kwargs)
        if is_rtl():
            mirror_panel(self.frame)  # Persian: the panel reads from the right
        if not self.pixel_layout:
            self.frame.set_scale(self.fit_scale())

    def fit_scale(self) -> float:
        """Panels are drawn in aspect2d units, which shrink with the window's height: in a low
        window (1280x400) they grow back as far as the window has room for them."""
        m = Metrics(*self.overlay.size())
        assert self.frame is not None, "fit_scale is for a screen that is built (enter)"
        fs = self.frame["frameSize"]
        want = SCREEN_REFERENCE_PX / m.height
        room = min(
            2 * m.half_w * 0.98 / max(fs[1] - fs[0], 1e-6),
            2 * m.half_h * 0.98 / max(fs[3] - fs[2], 1e-6),
        )
        return max(1.0, min(want, room))

    def build(self, *args, **kwargs) -> DirectFrame:
        raise NotImplementedError

    def exit(self) -> None:
        if self.frame is not None:
            self.frame.destroy()
            self.frame = None


def _button(
    parent, text: str, pos: tuple[float, float], command: Callable[[], None], scale: float = 0.055
) -> DirectButton:
    return DirectButton(
        parent=parent,
        text=panda_text(text),
        pos=(pos[0], 0, pos[1]),
        scale=scale,
        frameColor=BUTTON,
        pad=(0.5, 0.25),
        command=command,
        relief=DGG.FLAT,
    )


def _label(
    parent,
    text: str,
    pos: tuple[float, float],
    scale: float = 0.05,
    align=TextNode.A_left,
    wordwrap: float | None = None,
    fg=TEXT,
) -> DirectLabel:
    # Wrapped here when it is Persian (panda_text): Panda3D would break the reordered line.
    return DirectLabel(
        parent=parent,
        text=panda_text(text, wordwrap=wordwrap),
        pos=(pos[0], 0, pos[1]),
        scale=scale,
        text_align=align,
        text_fg=fg,
        frameColor=(0, 0, 0, 0),
        text_wordwrap=wordwrap,
    )


def menu_style(scale: float, pad_z: float = 0.15) -> dict:
    """How every drop-down looks: its items padded (the menu's frame is sized from them), so that
    the chosen word has room around it and its marker never touches the last letter; ``pad_z``
    (in lines) above and below, less where rows stand close. Persian words get more room at the
    sides: a line's first letters (آ's madda, a final stroke) reach past where it is aligned, and
    in a mirrored menu that end stands at the frame's edge."""
    return dict(
        scale=scale,
        highlightColor=(0.7, 0.7, 0.5, 1),
        frameColor=BUTTON,
        popupMarker_scale=0.6,
        item_pad=(0.45 if is_rtl() else 0.3, pad_z),
        relief=DGG.FLAT,
    )


ON, OFF = N_("on"), N_("off")


def on_off(value) -> str:
    """A check box's words: they say what it is now."""
    return _(ON) if value else _(OFF)


def check_box(
    parent,
    value: bool,
    pos: tuple[float, float],
    scale: float,
    command: Callable[[bool], None] | None = None,
) -> DirectCheckButton:
    """A check box with its words beside it ("on" / "off", ``box.words``), which follow its value
    and never lie under the box; ``command`` gets the new value."""
    box = DirectCheckButton(
        parent=parent,
        text="",
        pos=(pos[0], 0, pos[1] + 0.3 * scale),
        scale=scale,
        frameColor=(0, 0, 0, 0),
        boxPlacement="left",
        indicatorValue=int(value),
    )
    ind = box.component("indicator")
    right = ind.get_x() + ind.node().get_frame()[1] * ind.get_sx()
    box.words = _label(parent, on_off(value), (pos[0] + (right + 0.45) * scale, pos[1]), scale)

    def changed(on) -> None:
        on = bool(box["indicatorValue"]) if on is None else bool(on)
        box.words["text"] = panda_text(on_off(on))
        if command is not None:
            command(on)

    box["command"] = changed
    return box


def text_width(text: str, scale: float) -> float:
    """How wide ``text`` is in the default font at ``scale`` (aspect2d units)."""
    return TextNode("measure").calc_width(text) * scale


NEW_GAME_LINE_SHARE = (
    0.034  # of the window's height: the new-game form's type (at least NEW_GAME_MIN_PX)
)
NEW_GAME_MIN_PX = 17.0
NEW_GAME_ROWS = (
    14.9  # the form's height in rows of type: title, 7 rows, the level, the error, the buttons
)
NEW_GAME_COLUMNS = 36.0  # its width in letters' heights
SAVED_GAME_ROWS = 2.3  # and the rows the saved game's Continue button adds (two lines)


class NewGameScreen(Screen):
    """2-4 seats, each a person with a name or a computer opponent; an optional seed; who starts;
    open scores. Laid out in pixels (like the HUD): one column of labels, one of choices, one of
    names and notes, the type a share of the window's height and never under NEW_GAME_MIN_PX."""

    pixel_layout = True

    def build(
        self,
        levels: list[str],
        on_start: Callable[[list[SeatConfig], int | None, bool, int | None], None],
        on_quit: Callable[[], None],
        defaults: list[SeatConfig] | None = None,
        seed: int | None = None,
        open_scores: bool = False,
        on_past_games: Callable[[], None] | None = None,
        on_learn: Callable[[], None] | None = None,
        saved: tuple[str, Callable[[], None]] | None = None,
        on_join: Callable[[], None] | None = None,
    ) -> DirectFrame:
        m = Metrics(*self.overlay.size())
        lh = TextNode("measure").get_line_height()
        pad = m.px(max(10.0, 0.02 * m.height))
        line = m.px(_text_px(m.height, NEW_GAME_LINE_SHARE, NEW_GAME_MIN_PX))
        # Smaller type only where the window has no room for the form (never in 1280x400).
        rows = NEW_GAME_ROWS + (SAVED_GAME_ROWS if saved is not None else 0.0)
        line = min(
            line,
            (2 * m.half_h - 2 * pad) / rows / 1.55,
            (2 * m.half_w - 2 * pad) / NEW_GAME_COLUMNS * 2.0,
        )
        self.line_px = line * m.unit_px
        t = line / lh  # the widgets' text scale
        row = line * 1.55
        f = DirectFrame(parent=self.overlay.aspect2d, frameColor=PANEL)
        # A network seat only where the table can host (the new-game screen's on_join says so).
        self.kinds = (
            [_(PERSON)] + [computer_kind(lv) for lv in levels] + ([_(NETWORK)] if on_join else [])
        )
        self.levels = levels
        defaults = defaults or [
            SeatConfig(_default_names(0)[0]),
            SeatConfig(_default_names(1)[1], levels[0]),
        ]
        self.seat_words = [_("Seat {n}", n=i + 1) for i in range(4)]
        labels = self.seat_words + [_("Seed"), _("Starts"), _("Open scores")]
        col0 = max(text_width(x, t) for x in labels) + line
        choice_style = menu_style(t, pad_z=0.07)  # the seats' rows are one line apart
        entry_style = dict(scale=t, numLines=1, frameColor=(0.95, 0.95, 0.9, 1))
        self.rows = []
        menus = []
        y = -pad - line * 3.0  # below the title (the frame's top is 0)
        for i in range(4):
            options = self._kind_words(i)
            d = defaults[i] if i < len(defaults) else None
            kind = (
                _(EMPTY)
                if d is None
                else (
                    _(PERSON)
                    if d.is_person
                    else _(NETWORK)
                    if d.bot == REMOTE_SEAT
                    else computer_kind(d.bot or "")
                )
            )
            menu = DirectOptionMenu(
                parent=f,
                items=panda_items(options),
                initialitem=options.index(kind) if kind in options else 0,
                command=self._kind_changed,
                extraArgs=[i],
                **choice_style,
            )
            entry = DirectEntry(
                parent=f, initialText=d.name if d else _default_names(i)[0], width=13, **entry_style
            )
            menus.append((menu, y))
            self.rows.append((menu, entry))
            y -= row
        self.starts = DirectOptionMenu(
            parent=f,
            items=panda_items(self.seat_words + [_(BY_LOT)]),
            initialitem=0,
            **choice_style,
        )
        widest = max(menu.node().get_frame()[1] * t for menu, _y in menus + [(self.starts, 0)])
        x0 = pad
        x1 = x0 + col0
        x2 = x1 + widest + line * 1.2
        for (menu, my), (_menu, entry) in zip(menus, self.rows, strict=True):
            menu.set_pos(x1, 0, my)
            entry.set_pos(x2, 0, my)
        for i, lab in enumerate(labels[:4]):
            _label(f, lab, (x0, menus[i][1]), t)
        note = (0.8, 0.8, 0.7, 1)
        # The seed, who starts, open scores: a label, the choice, a note saying what it does.
        _label(f, _("Seed"), (x0, y), t)
        self.seed = DirectEntry(
            parent=f,
            initialText="" if seed is None else str(seed),
            pos=(x1, 0, y),
            width=8,
            **entry_style,
        )
        _label(f, _("blank: a random game"), (x2, y), t, fg=note)
        y -= row
        # Round 1's start player is chosen at the table (the rulebook: who last visited a
        # construction site); "by lot" draws one from the game's seed.
        _label(f, _("Starts"), (x0, y), t)
        self.starts.set_pos(x1, 0, y)
        _label(f, _("who plays first in round {round}", round=1), (x2, y), t, fg=note)
        y -= row
        _label(f, _("Open scores"), (x0, y), t)
        self.open_scores = check_box(f, open_scores, (x1 + t * 0.5, y), t)
        open_note = _("victory points shown, for learning")
        _label(f, open_note, (x2, y), t, fg=note)
        y -= row
        right = max(x2 + 13.2 * t, x2 + text_width(open_note, t)) + pad
        # How the computer chosen last plays (the first computer's at the start), in one line.
        self.level_note = _label(f, "", (x0, y), t, fg=note)
        self._show_level(
            next((d.bot for d in defaults if d.bot and d.bot != REMOTE_SEAT), levels[-1])
        )
        y -= row
        self.error = _label(f, "", (x0, y), t, fg=(1, 0.5, 0.4, 1), wordwrap=(right - 2 * pad) / t)
        y -= row * 1.5
        self.join_button = None
        if on_join is not None:  # a seat of a room someone else opened (JoinScreen)
            self.join_button = _button(
                f, _("Join a network game..."), (right / 2, y + row * 0.35), on_join, t * 1.1
            )
            y -= row * 1.5
        # The game the autosave slot holds, unfinished: continued here (as --resume does)
        # rather than replaced by Start without a word.
        self.continue_button = None
        if saved is not None:
            words, on_continue = saved
            self.continue_button = _button(
                f,
                _("Continue {game}", game=words),
                (right / 2, y + row * 0.35),
                on_continue,
                t * 1.2,
            )
            # As large as the other buttons, but never wider than the form (four long names).
            frame = self.continue_button.node().get_frame()
            left_x, right_x = frame[0], frame[1]
            wide = (right_x - left_x) * t * 1.2
            if wide > right - 2 * pad:
                self.continue_button.set_scale(t * 1.2 * (right - 2 * pad) / wide)
            y -= row * SAVED_GAME_ROWS
        self._on_start = on_start
        # The buttons in a row, evenly: Start, Learn to play, Past games (those given), Quit.
        extra = (on_past_games is not None) + (on_learn is not None)
        shares = list(((0.35, 0.65), (0.25, 0.5, 0.75), (0.13, 0.38, 0.65, 0.88))[extra])
        self.start_button = _button(f, _("Start"), (right * shares.pop(0), y), self._start, t * 1.2)
        self.learn_button = None
        if on_learn is not None:  # the guided first game (tutorial.py)
            self.learn_button = _button(
                f, _("Learn to play"), (right * shares.pop(0), y), on_learn, t * 1.2
            )
        self.past_button = None
        if on_past_games is not None:  # the finished games kept in the history (past_games.py)
            self.past_button = _button(
                f, _("Past games"), (right * shares.pop(0), y), on_past_games, t * 1.2
            )
        self.quit_button = _button(f, _("Quit"), (right * shares.pop(0), y), on_quit, t * 1.2)
        bottom = y - line * 0.9 - pad
        _label(
            f,
            _("Blueprints - a new game"),
            (right / 2, -pad - line * 1.1),
            t * 1.35,
            TextNode.A_center,
        )
        f["frameSize"] = (0, right, bottom, 0)
        f.set_pos(-right / 2, 0, -bottom / 2)
        return f

    def collect(self) -> tuple[list[SeatConfig], int | None, bool, int | None] | str:
        """The chosen game, or a message saying what to fix."""
        seats = []
        for i, (menu, entry) in enumerate(self.rows):
            kind = from_panda(self._kind_words(i), menu.get())
            if kind == _(EMPTY):
                continue
            name = entry.get().strip()
            if not name or name in _default_names(i):
                # An untouched default name follows the seat's kind.
                name = _default_name(i, kind)
            if len(name) > 20:
                return _("seat {n}: a name of at most {most} letters, please", n=i + 1, most=20)
            bot = (
                None
                if kind == _(PERSON)
                else REMOTE_SEAT
                if kind == _(NETWORK)
                else self.levels[self.kinds.index(kind) - 1]
            )
            seats.append(SeatConfig(name, bot))
        if len({s.name for s in seats}) != len(seats):
            return _("every seat needs its own name")
        text = self.seed.get().strip()
        seed = None
        if text:
            if not text.isdigit():
                return _(
                    "the seed must be a whole number of 0 or more, not {text}", text=repr(text)
                )
            seed = int(text)
        start = self.start_seat(seats)
        if isinstance(start, str):
            return start
        return seats, seed, bool(self.open_scores["indicatorValue"]), start

    def _kind_changed(self, kind: str, seat: int) -> None:
        """A seat switched between a person and a computer: an untouched default name follows
        ("Computer 2" becomes "Player 2" and back); a name someone typed stays."""
        if not hasattr(self, "rows") or seat >= len(self.rows):
            return  # the menu's first item is set while it is being built
        kind = from_panda(self._kind_words(seat), kind)
        if kind in self.kinds[1 : len(self.levels) + 1]:
            self._show_level(self.levels[self.kinds.index(kind) - 1])
        entry = self.rows[seat][1]
        if kind != _(EMPTY) and entry.get().strip() in ("",) + _default_names(seat):
            entry.enterText(_default_name(seat, kind))

    def _show_level(self, level: str) -> None:
        if hasattr(self, "level_note"):
            self.level_note["text"] = panda_text(level_description(level))

    def _kind_words(self, seat: int) -> list[str]:
        """What a seat's menu offers: a person, each computer, and from the third seat on, empty."""
        return self.kinds + ([_(EMPTY)] if seat >= 2 else [])

    def start_seat(self, seats: list[SeatConfig]) -> int | None | str:
        """The chosen start player as an index into ``seats`` (None: by lot), or what to fix."""
        choice = from_panda(self.seat_words + [_(BY_LOT)], self.starts.get())
        if choice == _(BY_LOT):
            return None
        wanted = self.seat_words.index(choice)
        taken = [
            i
            for i, (menu, _entry) in enumerate(self.rows)
            if from_panda(self._kind_words(i), menu.get()) != _(EMPTY)
        ]
        if wanted not in taken:
            return _("seat {n} is empty: choose who starts among the seats in play", n=wanted + 1)
        return taken.index(wanted)

    def _start(self) -> None:
        got = self.collect()
        if isinstance(got, str):
            self.error["text"] = panda_text(got)
            return
        self._on_start(*got)


def _default_names(seat: int) -> tuple[str, str]:
    return _("Player {n}", n=seat + 1), _("Computer {n}", n=seat + 1)


def _default_name(seat: int, kind: str) -> str:
    """A person's default name is "Player N", a computer's "Computer N" (N: the seat)."""
    return _default_names(seat)[0 if kind in (_(PERSON), _(NETWORK)) else 1]


class JoinScreen(Screen):
    """The new-game screen's "Join a network game...": a room's join address (which its host's
    table shows) and the name to sit under; Join takes the seat, Back returns."""

    pixel_layout = True

    def build(
        self,
        on_join: Callable[[str, str], None],
        on_back: Callable[[], None],
        address: str = "",
        name: str = "",
    ) -> DirectFrame:
        m = Metrics(*self.overlay.size())
        lh = TextNode("measure").get_line_height()
        pad = m.px(max(10.0, 0.02 * m.height))
        line = min(
            m.px(_text_px(m.height, NEW_GAME_LINE_SHARE, NEW_GAME_MIN_PX)),
            (2 * m.half_h - 2 * pad) / 9.0,
            (2 * m.half_w - 2 * pad) / NEW_GAME_COLUMNS * 2.0,
        )
        t, row = line / lh, line * 1.55
        f = DirectFrame(parent=self.overlay.aspect2d, frameColor=PANEL)
        labels = [_("Address"), _("Your name")]
        x1 = pad + max(text_width(x, t) for x in labels) + line
        entry_style = dict(scale=t, numLines=1, frameColor=(0.95, 0.95, 0.9, 1))
        y = -pad - line * 3.0
        _label(f, labels[0], (pad, y), t)
        self.address = DirectEntry(
            parent=f, initialText=address, width=24, pos=(x1, 0, y), **entry_style
        )
        y -= row
        _label(f, labels[1], (pad, y), t)
        self.name = DirectEntry(
            parent=f, initialText=name or _("Guest"), width=13, pos=(x1, 0, y), **entry_style
        )
        y -= row
        right = x1 + 24.4 * t + pad
        _label(
            f,
            _("the address the host's table shows: ws://HOST:PORT/ROOM"),
            (pad, y),
            t,
            fg=(0.8, 0.8, 0.7, 1),
            wordwrap=(right - 2 * pad) / t,
        )
        y -= row
        self.error = _label(f, "", (pad, y), t, fg=(1, 0.5, 0.4, 1), wordwrap=(right - 2 * pad) / t)
        y -= row * 1.5
        self._on_join = on_join
        self.join_button = _button(f, _("Join"), (right * 0.35, y), self._join, t * 1.2)
        self.back_button = _button(f, _("Back"), (right * 0.65, y), on_back, t * 1.2)
        bottom = y - line * 0.9 - pad
        _label(
            f, _("Join a network game"), (right / 2, -pad - line * 1.1), t * 1.35, TextNode.A_center
        )
        f["frameSize"] = (0, right, bottom, 0)
        f.set_pos(-right / 2, 0, -bottom / 2)
        return f

    def _join(self) -> None:
        self._on_join(self.address.get().strip(), self.name.get().strip())


class CurtainScreen(Screen):
    """Hides the whole table until the next person clicks: nobody sees another's secrets."""

    def build(self, name: str, on_ready: Callable[[], None]) -> DirectFrame:
        f = DirectFrame(
            parent=self.overlay.aspect2d,
            frameColor=(0.05, 0.06, 0.09, 1),
            frameSize=(-4, 4, -1.5, 1.5),
        )
        DirectButton(
            parent=f,
            text=panda_text(
                _("Pass to {name}\n\n{name}: click here when you are ready", name=name)
            ),
            scale=0.08,
            frameColor=(0.2, 0.24, 0.32, 1),
            pad=(1.0, 0.8),
            text_fg=TEXT,
            command=on_ready,
            relief=DGG.FLAT,
        )
        return f


class MenuScreen(Screen):
    """Esc: resume, settings, the rules and controls (the help screen), a new game, quit."""

    def build(
        self,
        on_resume: Callable[[], None],
        on_new_game: Callable[[], None],
        on_quit: Callable[[], None],
        on_rules: Callable[[], None] | None = None,
        on_settings: Callable[[], None] | None = None,
    ) -> DirectFrame:
        f = DirectFrame(
            parent=self.overlay.aspect2d, frameColor=PANEL, frameSize=(-0.5, 0.5, -0.58, 0.58)
        )
        _label(f, _("Menu"), (0, 0.42), 0.08, TextNode.A_center)
        items = [(N_("Resume"), on_resume)]
        if on_settings is not None:
            items.append((N_("Settings"), on_settings))
        if on_rules is not None:
            items.append((N_("Rules and controls"), on_rules))
        items += [(N_("New game"), on_new_game), (N_("Quit"), on_quit)]
        self.buttons = {}  # by the English words (the message ids), whatever the language
        for i, (text, command) in enumerate(items):
            self.buttons[text] = _button(f, _(text), (0, 0.24 - 0.15 * i), command, 0.06)
        return f


@dataclass(frozen=True)
class Metrics:
    """A screen laid out in pixels: aspect2d units per pixel and the window's half extents."""

    width: int
    height: int

    @property
    def unit_px(self) -> float:
        return min(self.width, self.height) / 2.0

    @property
    def half_w(self) -> float:
        return self.width / 2.0 / self.unit_px

    @property
    def half_h(self) -> float:
        return self.height / 2.0 / self.unit_px

    def px(self, pixels: float) -> float:
        return pixels / self.unit_px


def _text_px(height: int, share: float, least: float) -> float:
    return max(least, share * height)


HEADING = (1.0, 0.85, 0.45, 1)
HELP_LINE_SHARE = 0.026  # of the window's height, from line to line (at least HELP_MIN_PX)
HELP_MIN_PX = 14.0
GLASS_SWATCH = (*BASE_COLOUR[Material.GLASS][:3], 1.0)  # glass's tint, opaque on the panel
# A heading and its lines, each with its picture (see rules_sections) or None.
Section = tuple[str, list[tuple[object, str]]]


def rules_sections() -> list[Section]:
    """The rules in short as headed sections of short lines, each with an optional picture
    (a Material: its colour; an int: a die face; an Award: its medal colour). Every number is
    read from the engine's rules module when this is called."""
    r = rules
    counts = len(r.RECYCLED_POINTS) - 1
    recycled = "/".join(number(p) for p in r.RECYCLED_POINTS[1:])
    stone = "/".join(number(p) for p in r.STONE_POINTS[1:])
    discard = _either(sorted(r.DISCARDING_PLAYER_COUNTS))
    levels = len(r.STONE_POINTS) - 1
    return [
        (
            _("The game"),
            [
                (
                    None,
                    n_(
                        "{n} round; {least} to {most} players.",
                        "{n} rounds; {least} to {most} players.",
                        r.NUM_ROUNDS,
                        least=min(r.PLAYER_COUNTS),
                        most=max(r.PLAYER_COUNTS),
                    ),
                ),
                (
                    r.DIE_FACES,
                    n_(
                        "Each round everyone takes {n} die, one a turn,",
                        "Each round everyone takes {n} dice, one a turn,",
                        r.TAKES_PER_ROUND,
                    ),
                ),
                (None, _("and builds on their own blueprint card, in secret.")),
            ],
        ),
        (
            _("Your turn"),
            [
                (1, _("Take a pool die and put it on an empty space,")),
                (
                    3,
                    _(
                        "or on a die of the same value or lower ({high} on {low}, {middle} or {high}).",
                        high=3,
                        low=1,
                        middle=2,
                    ),
                ),
                (None, _("Hatched spaces stay empty; a die that fits nowhere leaves the game.")),
                (None, _("{counts} players: then discard one more pool die.", counts=discard)),
            ],
        ),
        (
            _("Building points"),
            [
                (None, _("Blueprint followed exactly: +{bonus}", bonus=r.BLUEPRINT_BONUS)),
                (
                    Material.WOOD,
                    _(
                        "Wood (orange): +{points} for each die touching it",
                        points=r.WOOD_PER_NEIGHBOUR,
                    ),
                ),
                (
                    Material.RECYCLED,
                    _(
                        "Recycled (green): 1-{most} dice give {points}",
                        most=counts,
                        points=recycled,
                    ),
                ),
                (
                    Material.STONE,
                    _("Stone (black): by level 1-{top}+, {points}", top=levels, points=stone),
                ),
                (Material.GLASS, _("Glass (clear): its top value")),
            ],
        ),
        (
            _("Victory points"),
            [
                (None, _("Awards go to the best buildings of the round:")),
                *[
                    (
                        a,
                        _(
                            "{award}: {vp} VP  ({players})",
                            award=_(a.title),
                            vp=r.AWARD_VP[a],
                            players=_players_with(a),
                        ),
                    )
                    for a in r.Award
                ],
                (None, _("Prizes, {vp} VP each:", vp=r.PRIZE_VP)),
                *[
                    (
                        None,
                        _(
                            "  {prize}: {rule}",
                            prize=_(p.title),
                            rule=translate(r.PRIZE_RULE_MESSAGES[p]),
                        ),
                    )
                    for p in r.Prize
                ],
                (None, _("Ties: more dice of the 1st in-demand colour, then the 2nd,")),
                (None, _("then later in turn order.")),
                (
                    None,
                    n_(
                        "Most victory points after {n} round wins.",
                        "Most victory points after {n} rounds wins.",
                        r.NUM_ROUNDS,
                    ),
                ),
            ],
        ),
    ]


def _either(counts: list[int]) -> str:
    """ "2", "2 or 3", "2, 3 or 4": numbers as alternatives, in the language's words."""
    if len(counts) == 1:
        return number(counts[0])
    return _("{some} or {last}", some=join_list([number(n) for n in counts[:-1]]), last=counts[-1])


def _players_with(award) -> str:
    """ "3-4 players": the game sizes that hand out ``award`` (from the rules' table)."""
    counts = [n for n in sorted(rules.AWARDS_BY_PLAYERS) if award in rules.AWARDS_BY_PLAYERS[n]]
    if len(counts) > 1 and counts == list(range(counts[0], counts[-1] + 1)):
        return _("{least}-{most} players", least=counts[0], most=counts[-1])
    if len(counts) == 1:
        return n_("{n} player", "{n} players", counts[0])
    return _("{counts} players", counts=_either(counts))


MEDAL = {
    rules.Award.GOLD: (0.93, 0.74, 0.2, 1),
    rules.Award.SILVER: (0.78, 0.8, 0.84, 1),
    rules.Award.BRONZE: (0.76, 0.5, 0.3, 1),
}
PIPS = {
    1: [(0, 0)],
    2: [(-1, 1), (1, -1)],
    3: [(-1, 1), (0, 0), (1, -1)],
    4: [(-1, 1), (1, 1), (-1, -1), (1, -1)],
    5: [(-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)],
    6: [(-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)],
}


def die_glyph(
    parent,
    value: int,
    size: float,
    pos: tuple[float, float],
    face=(0.96, 0.95, 0.9, 1),
    pip=(0.1, 0.1, 0.12, 1),
) -> DirectFrame:
    """A die face drawn with frames: a square and its pips (``size`` across, ``pos`` its centre)."""
    h = size / 2
    e = size * 0.08  # a light edge, so a black die reads on the dark panel
    d = DirectFrame(
        parent=parent,
        frameColor=(0.7, 0.72, 0.75, 1),
        frameSize=(-h - e, h + e, -h - e, h + e),
        pos=(pos[0], 0, pos[1]),
    )
    d.face = DirectFrame(parent=d, frameColor=face, frameSize=(-h, h, -h, h))
    d.pips = value
    r = size * 0.09
    for px, py in PIPS.get(value, []):
        DirectFrame(
            parent=d,
            frameColor=pip,
            frameSize=(-r, r, -r, r),
            pos=(px * size * 0.27, 0, py * size * 0.27),
        )
    return d


def swatch(parent, picture, size: float, pos: tuple[float, float]) -> DirectFrame | None:
    """The small picture beside a help line: a material's colour, a die face or a medal."""
    if picture is None:
        return None
    if isinstance(picture, Material):
        colour = GLASS_SWATCH if picture is Material.GLASS else tuple(BASE_COLOUR[picture])
        if not symbols_shown():
            return die_glyph(parent, 3, size, pos, face=colour, pip=tuple(PIP_COLOUR[picture]))
        # Material symbols on: the material's symbol on its colour instead of pips.
        d = die_glyph(parent, 0, size, pos, face=colour)
        d.symbol = DirectFrame(
            parent=d, image=icon_texture(picture), image_scale=size / 2, frameColor=(0, 0, 0, 0)
        )
        d.symbol.set_transparency(True)
        return d
    if isinstance(picture, rules.Award):
        h = size / 2
        return DirectFrame(
            parent=parent,
            frameColor=MEDAL[picture],
            frameSize=(-h, h, -h, h),
            pos=(pos[0], 0, pos[1]),
        )
    return die_glyph(parent, int(picture), size, pos)


class HelpScreen(Screen):
    """F1 (or the menu's "Rules and controls"): the controls and the rules in short, laid out
    for the window's size; Esc or F1 closes it."""

    pixel_layout = True

    def build(self, on_close: Callable[[], None]) -> DirectFrame:
        m = Metrics(*self.overlay.size())
        line = m.px(_text_px(m.height, HELP_LINE_SHARE, HELP_MIN_PX))
        pad = m.px(max(10.0, 0.02 * m.height))
        f = DirectFrame(
            parent=self.overlay.aspect2d,
            frameColor=(0.06, 0.07, 0.1, 1),
            frameSize=(-m.half_w, m.half_w, -m.half_h, m.half_h),
        )
        controls: list[Section] = [
            (
                _("Controls"),
                [(None, _("{keys}: {what}", keys=_(k), what=_(v))) for k, v in CONTROLS],
            )
        ]
        sections = rules_sections()
        # A wide, low window (1280x400) takes three columns, so the type need not shrink.
        if m.width / m.height > 2.2:
            columns = [controls, sections[:3], sections[3:]]
        else:
            columns = [controls, sections]
        n = len(columns)
        col_w = (2 * m.half_w - (n + 1) * pad) / n
        # The Back button's frame, in its own units (the same at any size): where its top stands.
        self.close_button = _button(f, _("Back (Esc or F1)"), (0, 0), on_close, 1.0)
        button_top = self.close_button.node().get_frame()[3]
        # A shorter line where the window is short, until the tallest column (its lines wrapped
        # as they will be, at this size of type, in this language's font) ends above Back.
        probe = TextNode("help-probe")
        probe.set_font(interface_font())
        for _try in range(80):
            lowest = (
                m.half_h
                - pad
                - 2.6 * line
                - max(self._column_depth(col, line, col_w, probe) for col in columns)
            )
            if lowest >= -m.half_h + pad + line * (0.6 + 0.95 * button_top + 0.25):
                break
            line *= 0.97
        self.line_px = line * m.unit_px
        self.texts: list[OnscreenText] = []
        self.pictures: list[tuple[object, DirectFrame]] = []
        title = self._text(
            f,
            _("Help: the controls and the rules in short"),
            (0, m.half_h - pad - line),
            line * 1.35,
            HEADING,
            TextNode.A_center,
        )
        del title
        icon = line * 0.7
        for c, col in enumerate(columns):
            x = -m.half_w + pad + c * (col_w + pad)
            y = m.half_h - pad - 2.6 * line
            for heading, lines in col:
                self._text(f, heading, (x, y), line * 1.12, HEADING)
                y -= line * 1.25
                for picture, text in lines:
                    if picture is not None:
                        self.pictures.append(
                            (picture, swatch(f, picture, icon, (x + icon * 0.6, y + line * 0.28)))
                        )
                    t = self._text(
                        f, text, (x + icon * 1.6, y), line, TEXT, wrap=(col_w - icon * 1.6)
                    )
                    y -= line * 1.15 * t.textNode.get_num_rows()
                y -= line * 0.35
        self.text = "\n".join(t.getText() for t in self.texts)
        self.close_button.set_scale(line * 0.95)
        self.close_button.set_pos(0, 0, -m.half_h + pad + line * 0.6)
        return f

    @staticmethod
    def _column_depth(col: list[Section], line: float, col_w: float, probe: TextNode) -> float:
        """How far below a column's first heading its last line's letters reach, at ``line``: each
        line as many rows as it wraps to (``probe`` holds the help's font), as ``build`` sets them."""
        scale = line / probe.get_line_height()
        wrap = (col_w - line * 0.7 * 1.6) / scale
        probe.set_wordwrap(wrap)
        y = low = 0.0
        for _heading, lines in col:
            y -= line * 1.25
            for _picture, text in lines:
                probe.set_text(panda_text(text, wordwrap=wrap, text_font=probe.get_font()))
                low = min(low, y + scale * probe.get_bottom())
                y -= line * 1.15 * probe.get_num_rows()
            y -= line * 0.35
        return -low

    def _text(
        self,
        parent,
        text: str,
        pos: tuple[float, float],
        line: float,
        fg,
        align=TextNode.A_left,
        wrap: float | None = None,
    ) -> OnscreenText:
        t = ScriptText(
            parent=parent,
            text=text,
            pos=pos,
            align=align,
            fg=fg,
            mayChange=True,
            shadow=(0, 0, 0, 0.6),
        )
        scale = line / t.textNode.get_line_height()
        t.setTextScale(scale)
        if wrap:
            t.textNode.set_wordwrap(wrap / scale)
            t.setText(text)  # again: a Persian line is wrapped in its reading order (panda_text)
        self.texts.append(t)
        return t


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
    return _("{times}x", times=f"{x:g}")


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
        # Laid out from the top down, each row as far below the last as its parts reach (their real
        # extents in this language's font: Chinese and Persian lines are half as tall again as
        # Latin ones), at least SETTINGS_PITCH; the panel is then sized to what it holds.
        f = DirectFrame(
            parent=self.overlay.aspect2d, frameColor=PANEL, frameSize=(-0.95, 0.95, -0.74, 0.74)
        )
        col = 0.3  # every control in one column, its label on the left
        menu = menu_style(0.06)
        note_fg = (0.8, 0.8, 0.7, 1)
        line, bottom = None, -SETTINGS_MARGIN  # the last row's line, and the lowest thing above

        def row(*widgets, gap: float = SETTINGS_GAP, pitch: float = SETTINGS_PITCH) -> None:
            """Widgets made on the line 0, moved down to their row."""
            nonlocal line, bottom
            spans = [_z_span(w) for w in widgets]
            top, low = max(t for _b, t in spans), min(b for b, _t in spans)
            y = bottom - gap - top
            if line is not None:
                y = min(y, line - pitch)
            for w in widgets:
                w.set_z(w.get_z() + y)
            line, bottom = y, y + low

        def noted(label: DirectLabel, words: str) -> DirectLabel:
            """A note under ``label``: its letters' top a little below the label's letters' foot
            (measured in the font: a fixed distance lets a taller font's lines run into each other)."""
            note = _label(f, words, (-0.85, 0), 0.045, fg=note_fg)
            note.set_z(_z_span(label)[0] - SETTINGS_NOTE_GAP - _z_span(note)[1])
            return note

        row(_label(f, _("Settings"), (0, 0), 0.08, TextNode.A_center), gap=0, pitch=0)
        # Each language in its own words (and letters): a player who cannot read the one on
        # screen still finds theirs.
        self.language_words = list(LANGUAGES.values())
        self.language = DirectOptionMenu(
            parent=f,
            items=panda_items(self.language_words),
            initialitem=list(LANGUAGES).index(language()),
            pos=(col, 0, 0),
            command=self._language,
            **menu,
        )
        row(
            _label(f, _("Language"), (-0.85, 0), 0.05),
            self.language,
            gap=SETTINGS_TITLE_GAP,
            pitch=0,
        )
        self.speed_words = [setting_word(s) for s in SPEED_NAMES]
        self.speed = DirectOptionMenu(
            parent=f,
            items=panda_items(self.speed_words),
            initialitem=SPEED_NAMES.index(settings.bot_speed),
            pos=(col, 0, 0),
            command=self._speed,
            **menu,
        )
        row(_label(f, _("Computer players' speed"), (-0.85, 0), 0.05), self.speed)
        # Slow machines (a software renderer) play better with short glides or none.
        self.animation_words = [setting_word(a) for a in ANIMATIONS]
        self.animations = DirectOptionMenu(
            parent=f,
            items=panda_items(self.animation_words),
            initialitem=ANIMATIONS.index(settings.animations),
            pos=(col, 0, 0),
            command=self._animations,
            **menu,
        )
        row(_label(f, _("Animations"), (-0.85, 0), 0.05), self.animations)
        self.confirm_moves = None
        if with_confirm:
            label = _label(f, _("Confirm each move"), (-0.85, 0), 0.05)
            note = noted(label, _("(Undo until you confirm)"))
            self.confirm_moves = check_box(
                f, settings.confirm_moves, (col + 0.03, 0), 0.05, self._confirm
            )
            row(label, note, self.confirm_moves, self.confirm_moves.words)
        values = [_times(v) for v in SENSITIVITIES]
        now = min(SENSITIVITIES, key=lambda v: abs(v - settings.camera_sensitivity))
        self.sensitivity = DirectOptionMenu(
            parent=f,
            items=panda_items(values),
            initialitem=SENSITIVITIES.index(now),
            pos=(col, 0, 0),
            command=self._sensitivity,
            **menu,
        )
        row(_label(f, _("Camera sensitivity"), (-0.85, 0), 0.05), self.sensitivity)
        label = _label(f, _("Shaded materials (shaders)"), (-0.85, 0), 0.05)
        self.shaders_note = noted(label, _("takes effect at the next start"))
        self.shaders = check_box(f, settings.shaders, (col + 0.03, 0), 0.05, self._shaders)
        row(label, self.shaders_note, self.shaders, self.shaders.words)
        self.volume = DirectSlider(
            parent=f,
            range=(0, 100),
            value=settings.volume,
            pageSize=5,
            pos=(col + 0.22, 0, 0.015),
            scale=0.22,
            frameColor=(0.3, 0.32, 0.4, 1),
            thumb_frameColor=BUTTON,
            command=self._volume,
        )
        self.volume_text = _label(f, _("{percent}%", percent=settings.volume), (col + 0.5, 0), 0.05)
        row(_label(f, _("Sound volume"), (-0.85, 0), 0.05), self.volume, self.volume_text)
        self.mute = check_box(f, settings.mute, (col + 0.03, 0), 0.05, self._mute)
        row(_label(f, _("Mute the sound"), (-0.85, 0), 0.05), self.mute, self.mute.words)
        self.hints = check_box(f, settings.hints, (col + 0.03, 0), 0.05, self._hints)
        row(
            _label(f, _("Hints (H: the coach's best moves)"), (-0.85, 0), 0.05),
            self.hints,
            self.hints.words,
        )
        # Colour-blind help: a symbol per material on the dice and before the materials' names.
        self.material_symbols = check_box(
            f, settings.material_symbols, (col + 0.03, 0), 0.05, self._symbols
        )
        row(
            _label(f, _("Material symbols on the dice"), (-0.85, 0), 0.05),
            self.material_symbols,
            self.material_symbols.words,
        )
        self.where = _label(
            f,
            _("Saved at once in {where}", where=where)
            if where
            else _("Not saved (no settings file)"),
            (-0.85, 0),
            0.045,
            fg=note_fg,
            wordwrap=37,
        )
        row(self.where, gap=SETTINGS_TITLE_GAP, pitch=0)
        self.back_button = _button(f, _("Back"), (0, 0), self.back, 0.06)
        row(self.back_button, gap=SETTINGS_TITLE_GAP, pitch=0)
        # The panel around it all, centred on the window.
        half = (SETTINGS_MARGIN - bottom) / 2
        for child in f.get_children():
            child.set_z(child.get_z() + half)
        f["frameSize"] = (-0.95, 0.95, -half, half)
        return f

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


class ConfirmScreen(Screen):
    def build(
        self, question: str, on_yes: Callable[[], None], on_no: Callable[[], None]
    ) -> DirectFrame:
        f = DirectFrame(
            parent=self.overlay.aspect2d, frameColor=PANEL, frameSize=(-0.85, 0.85, -0.3, 0.3)
        )
        self.question = question
        _label(f, question, (0, 0.15), 0.052, TextNode.A_center, wordwrap=30)
        _button(f, _("Yes"), (-0.2, -0.2), on_yes)
        _button(f, _("No"), (0.2, -0.2), on_no)
        return f
