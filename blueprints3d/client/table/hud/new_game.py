"""The new-game screen (2-4 seats, the seed, who starts, open scores; Start, Learn to play, Past
games, Quit, and Continue for the game the autosave holds) and the join screen it opens for a
network game. Both are laid out in pixels, like the HUD.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from direct.gui.DirectGui import DirectButton, DirectEntry, DirectFrame, DirectOptionMenu
from panda3d.core import TextNode

from blueprints3d.client.render import style
from blueprints3d.client.scene.script_text import (
    from_panda,
    interface_font,
    panda_items,
    panda_text,
    wrapped,
)
from blueprints3d.client.table.hud.screens import (
    PANEL,
    Metrics,
    Screen,
    _button,
    _label,
    _text_px,
    check_box,
    menu_style,
    text_width,
)
from blueprints3d.client.table.model.bots import level_description, level_word
from blueprints3d.client.table.model.flow import (
    SeatConfig,
    default_name,
    default_names,
    is_default_name,
)
from blueprints3d.i18n import N_, _

PERSON = N_("Person")
NETWORK = N_("Over the network")  # a seat for someone at another table to join (net_table.py)
NETWORK_NOTE = N_(
    "a seat for someone at another table: Start opens a room on this table and shows the "
    "address to give them"
)
EMPTY = N_("(empty)")
NEARBY_ROWS = 4  # rooms found on the local network shown on the Join screen
BY_LOT = N_("by lot")


REMOTE_SEAT = (
    "@remote"  # a SeatConfig's bot for a network seat on the new-game screen (a room's spec)
)


def computer_kind(level: str) -> str:
    """A seat's kind in the new-game screen's menu: "Computer (easy)"."""
    return _("Computer ({level})", level=level_word(level))


# The new-game form's type: the lead step of the scale (what to do now), as the turn's prompt.
NEW_GAME_LINE_SHARE = style.LEAD.share
NEW_GAME_MIN_PX = style.LEAD.min_px
NEW_GAME_ROWS = (
    14.9  # the form's height in rows of type: title, 7 rows, the level, the error, the buttons
)
SEED_WIDTH = 8  # the seed's entry, in letters
NEW_GAME_COLUMNS = 36.0  # its width in letters' heights
NOTE_ROWS = 0.65  # the computer's note's second line, where a language's longest needs one
SAVED_GAME_ROWS = 2.3  # and the rows the saved game's Continue button adds (two lines)


@dataclass(frozen=True)
class FormMeasures:
    """A form laid out in pixels, in aspect2d units: its padding, a line of type, the widgets'
    text scale (``t``, from the default font's line) and a row (a line and a half of room)."""

    pad: float
    line: float
    t: float

    @property
    def row(self) -> float:
        return self.line * 1.55

    @staticmethod
    def of(m: Metrics, rows: float) -> FormMeasures:
        """The type a share of the window's height (never under NEW_GAME_MIN_PX), smaller only
        where the window has no room for ``rows`` rows (never in 1280x400)."""
        pad = m.px(max(10.0, 0.02 * m.height))
        line = min(
            m.px(_text_px(m.height, NEW_GAME_LINE_SHARE, NEW_GAME_MIN_PX)),
            (2 * m.half_h - 2 * pad) / rows / 1.55,
            (2 * m.half_w - 2 * pad) / NEW_GAME_COLUMNS * 2.0,
        )
        return FormMeasures(pad, line, line / TextNode("measure").get_line_height())


def _entry_style(t: float) -> dict:
    """How every text entry of a form looks, at the text scale ``t``."""
    return dict(scale=t, numLines=1, frameColor=style.FIELD)


def _seat_kind(d: SeatConfig | None) -> str:
    """What a seat's menu starts at for its default: a person, a network seat, a computer of
    its level, or (None) empty."""
    if d is None:
        return _(EMPTY)
    if d.is_person:
        return _(PERSON)
    return _(NETWORK) if d.bot == REMOTE_SEAT else computer_kind(d.bot or "")


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
        rows = NEW_GAME_ROWS + NOTE_ROWS + (SAVED_GAME_ROWS if saved is not None else 0.0)
        form = FormMeasures.of(m, rows)
        self.line_px = form.line * m.unit_px
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
        columns, y = self._seat_rows(f, form, defaults)
        right, y = self._option_rows(f, form, columns, y, seed, open_scores, defaults)
        y = self._offers(f, form, right, y, on_join, saved)
        self._on_start = on_start
        self._button_row(f, form, right, y, on_quit, on_learn, on_past_games)
        bottom = y - form.line * 0.9 - form.pad
        _label(
            f,
            _("Blueprints - a new game"),
            (right / 2, -form.pad - form.line * 1.1),
            form.t * 1.35,
            TextNode.A_center,
        )
        f["frameSize"] = (0, right, bottom, 0)
        f.set_pos(-right / 2, 0, -bottom / 2)
        return f

    def _seat_rows(
        self, f: DirectFrame, form: FormMeasures, defaults: list[SeatConfig]
    ) -> tuple[tuple[float, float, float], float]:
        """The four seats' rows (a label, the kind's menu, the name), and the menu of who
        starts, made to measure the columns: (the labels', the choices' and the names' and
        notes' starts, the next row's line)."""
        t, line = form.t, form.line
        self.seat_words = [_("Seat {n}", n=i + 1) for i in range(4)]
        labels = self.seat_words + [_("Seed"), _("Starts"), _("Open scores")]
        col0 = max(text_width(x, t) for x in labels) + line
        choice_style = menu_style(t, pad_z=0.07)  # the seats' rows are one line apart
        self.rows = []
        menus = []
        y = -form.pad - line * 3.0  # below the title (the frame's top is 0)
        for i in range(4):
            options = self._kind_words(i)
            d = defaults[i] if i < len(defaults) else None
            kind = _seat_kind(d)
            menu = DirectOptionMenu(
                parent=f,
                items=panda_items(options),
                initialitem=options.index(kind) if kind in options else 0,
                command=self._kind_changed,
                extraArgs=[i],
                **choice_style,
            )
            entry = DirectEntry(
                parent=f,
                initialText=seat_name(d, i) if d else _default_names(i)[0],
                width=13,
                **_entry_style(t),
            )
            menus.append((menu, y))
            self.rows.append((menu, entry))
            y -= form.row
        self.starts = DirectOptionMenu(
            parent=f,
            items=panda_items(self.seat_words + [_(BY_LOT)]),
            initialitem=0,
            **choice_style,
        )
        widest = max(menu.node().get_frame()[1] * t for menu, _y in menus + [(self.starts, 0)])
        x0 = form.pad
        x1 = x0 + col0
        # The seed's entry (8 letters wide) stands in the choices' column too: the names and
        # notes start right of the wider of the two (Chinese menus are narrower than it).
        x2 = x1 + max(widest, SEED_WIDTH * t + line * 0.3) + line * 1.2
        for (menu, my), (_menu, entry) in zip(menus, self.rows, strict=True):
            menu.set_pos(x1, 0, my)
            entry.set_pos(x2, 0, my)
        for i, lab in enumerate(labels[:4]):
            _label(f, lab, (x0, menus[i][1]), t)
        return (x0, x1, x2), y

    def _option_rows(
        self,
        f: DirectFrame,
        form: FormMeasures,
        columns: tuple[float, float, float],
        y: float,
        seed: int | None,
        open_scores: bool,
        defaults: list[SeatConfig],
    ) -> tuple[float, float]:
        """The seed, who starts and open scores (a label, the choice, a note saying what it
        does), the chosen computer's level in words and the line for what to fix: (the form's
        width, the next row's line)."""
        t, row = form.t, form.row
        x0, x1, x2 = columns
        note = style.MUTED
        _label(f, _("Seed"), (x0, y), t)
        self.seed = DirectEntry(
            parent=f,
            initialText="" if seed is None else str(seed),
            pos=(x1, 0, y),
            width=SEED_WIDTH,
            **_entry_style(t),
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
        _label(f, _("Lobby"), (x0, y), t)
        self.public = check_box(f, False, (x1 + t * 0.5, y), t)
        lobby_note = _("its network room shown to all")
        _label(f, lobby_note, (x2, y), t, fg=note)
        y -= row
        notes = max(text_width(open_note, t), text_width(lobby_note, t))
        right = max(x2 + 13.2 * t, x2 + notes) + form.pad
        # How the computer chosen last plays (the first computer's at the start): across the
        # form, on two lines where the language's longest needs them (German's expert).
        self._note_wrap = (right - 2 * form.pad) / t
        self.level_note = _label(f, "", (x0, y), t, fg=note, wordwrap=self._note_wrap)
        self._show_level(
            next((d.bot for d in defaults if d.bot and d.bot != REMOTE_SEAT), self.levels[-1])
        )
        notes_said = [level_description(lv) for lv in self.levels] + [_(NETWORK_NOTE)]
        lines = max(
            len(wrapped(w, self._note_wrap, interface_font()).split("\n")) for w in notes_said
        )
        y -= row + (min(lines, 2) - 1) * form.line
        wrap = (right - 2 * form.pad) / t
        self.error = _label(f, "", (x0, y), t, fg=style.BAD, wordwrap=wrap)
        return right, y - row * 1.5

    def _offers(
        self,
        f: DirectFrame,
        form: FormMeasures,
        right: float,
        y: float,
        on_join: Callable[[], None] | None,
        saved: tuple[str, Callable[[], None]] | None,
    ) -> float:
        """The buttons across the form above the row of buttons, where they apply: joining a
        network game, continuing the saved one. The next row's line."""
        t, row, pad = form.t, form.row, form.pad
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
        return y

    def _button_row(
        self,
        f: DirectFrame,
        form: FormMeasures,
        right: float,
        y: float,
        on_quit: Callable[[], None],
        on_learn: Callable[[], None] | None,
        on_past_games: Callable[[], None] | None,
    ) -> None:
        """The buttons in a row, evenly: Start, Learn to play, Past games (those given), Quit."""
        size = form.t * 1.2
        extra = (on_past_games is not None) + (on_learn is not None)
        shares = list(((0.35, 0.65), (0.25, 0.5, 0.75), (0.13, 0.38, 0.65, 0.88))[extra])
        self.start_button = _button(f, _("Start"), (right * shares.pop(0), y), self._start, size)
        self.learn_button = None
        if on_learn is not None:  # the guided first game (tutorial.py)
            self.learn_button = _button(
                f, _("Learn to play"), (right * shares.pop(0), y), on_learn, size
            )
        self.past_button = None
        if on_past_games is not None:  # the finished games kept in the history (past_games.py)
            self.past_button = _button(
                f, _("Past games"), (right * shares.pop(0), y), on_past_games, size
            )
        self.quit_button = _button(f, _("Quit"), (right * shares.pop(0), y), on_quit, size)

    def collect(self) -> tuple[list[SeatConfig], int | None, bool, int | None] | str:
        """The chosen game, or a message saying what to fix."""
        seats = []
        for i, (menu, entry) in enumerate(self.rows):
            kind = from_panda(self._kind_words(i), menu.get())
            if kind == _(EMPTY):
                continue
            name = entry.get().strip()
            if is_default_name(name, i):
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
        elif kind == _(NETWORK) and hasattr(self, "level_note"):
            # Not the last computer's words: the network seat's.
            self.level_note["text"] = panda_text(_(NETWORK_NOTE), wordwrap=self._note_wrap)
        entry = self.rows[seat][1]
        if kind != _(EMPTY) and is_default_name(entry.get(), seat):
            entry.enterText(_default_name(seat, kind))

    def _show_level(self, level: str) -> None:
        if hasattr(self, "level_note"):
            self.level_note["text"] = panda_text(level_description(level), wordwrap=self._note_wrap)

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
    return default_names(seat)


def seat_name(d: SeatConfig, seat: int) -> str:
    """The name a seat's entry shows for ``d``: its own, or the default of its kind in the
    language spoken now when it holds a default of some language (a switch of language since)."""
    if not is_default_name(d.name, seat):
        return d.name
    return default_name(seat, d.is_person or d.bot == REMOTE_SEAT)


def _default_name(seat: int, kind: str) -> str:
    """A person's default name is "Player N", a computer's "Computer N" (N: the seat)."""
    return default_name(seat, kind in (_(PERSON), _(NETWORK)))


class JoinScreen(Screen):
    """The new-game screen's "Join a network game...": a room's join address (which its host's
    table shows) and the name to sit under; Join takes the seat, Back returns."""

    pixel_layout = True

    def build(
        self,
        on_join: Callable[[str, str, str], None],
        on_back: Callable[[], None],
        address: str = "",
        name: str = "",
    ) -> DirectFrame:
        m = Metrics(*self.overlay.size())
        lh = TextNode("measure").get_line_height()
        pad = m.px(max(10.0, 0.02 * m.height))
        line = min(
            m.px(_text_px(m.height, NEW_GAME_LINE_SHARE, NEW_GAME_MIN_PX)),
            (2 * m.half_h - 2 * pad) / 24.0,  # every row below fits the window
            (2 * m.half_w - 2 * pad) / NEW_GAME_COLUMNS * 2.0,
        )
        t, row = line / lh, line * 1.55
        f = DirectFrame(parent=self.overlay.aspect2d, frameColor=PANEL)
        labels = [_("Address"), _("Your name"), _("Seat code")]
        x1 = pad + max(text_width(x, t) for x in labels) + line
        entry_style = _entry_style(t)
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
        _label(f, labels[2], (pad, y), t)
        self.seat_code = DirectEntry(
            parent=f, initialText="", width=6, pos=(x1, 0, y), **entry_style
        )
        _label(
            f,
            _("(to take your seat back: optional)"),
            (x1 + 7 * t, y),
            t,
            fg=style.MUTED,
        )
        y -= row
        right = x1 + 24.4 * t + pad
        _label(
            f,
            _(
                "the room's code with its host's address (HOST:PORT/ABC-234), or the whole join address the host's table shows"
            ),
            (pad, y),
            t,
            fg=style.MUTED,
            wordwrap=(right - 2 * pad) / t,
        )
        y -= row * 1.6  # the hint above may take two lines
        y = self._nearby_rows(f, (pad, y), t, row, right)
        self.error = _label(f, "", (pad, y), t, fg=style.BAD, wordwrap=(right - 2 * pad) / t)
        y -= line * 3.0 + row  # room for three lines of error above the buttons
        self._on_join = on_join
        self.on_list: Callable[[str], None] | None = None  # set by the network table
        self.join_button = _button(f, _("Join"), (right * 0.25, y), self._join, t * 1.2)
        self.list_button = _button(f, _("Server's rooms"), (right * 0.5, y), self._list, t * 1.2)
        self.back_button = _button(f, _("Back"), (right * 0.75, y), on_back, t * 1.2)
        bottom = y - line * 0.9 - pad
        _label(
            f, _("Join a network game"), (right / 2, -pad - line * 1.1), t * 1.35, TextNode.A_center
        )
        f["frameSize"] = (0, right, bottom, 0)
        f.set_pos(-right / 2, 0, -bottom / 2)
        return f

    def _nearby_rows(
        self, f: DirectFrame, at: tuple[float, float], t: float, row: float, right: float
    ) -> float:
        """The rooms found on this network: a heading, then NEARBY_ROWS buttons (hidden until
        ``show_nearby`` fills them), each joining its room. Returns the next row's height."""
        pad, y = at
        self.nearby_heading = _label(f, _("Rooms on this network:"), (pad, y), t)
        self.nearby_none = _label(
            f, _("none found yet"), (pad + right * 0.45, y), t, fg=style.MUTED
        )
        self.nearby_buttons: list[DirectButton] = []
        for _k in range(NEARBY_ROWS):
            y -= row
            b = _button(f, " ", (pad + t * 0.6, y), lambda: None, t)
            b["text_align"] = TextNode.A_left
            b.hide()
            self.nearby_buttons.append(b)
        self.nearby_shown: list[str] = []
        return y - row

    def show_nearby(self, rooms: list[tuple[str, Callable[[], None]]]) -> None:
        """The rooms found nearby (the words on each button, what a click does), at most
        NEARBY_ROWS of them; built anew only when the words change."""
        if not self.active:
            return
        words = [w for w, _join in rooms[:NEARBY_ROWS]]
        if words == self.nearby_shown:
            return
        self.nearby_shown = words
        for k, button in enumerate(self.nearby_buttons):
            if k < len(words):
                button["text"] = panda_text(words[k])
                button["command"] = rooms[k][1]
                button.resetFrameSize()  # the frame fits the new words
                button.show()
            else:
                button.hide()
        self.nearby_none.show() if not words else self.nearby_none.hide()

    def _list(self) -> None:
        """The public rooms of the server typed in Address (its lobby), listed below."""
        if self.on_list is not None:
            self.on_list(self.address.get().strip())

    def _join(self) -> None:
        self._on_join(self.address.get().strip(), self.name.get().strip(), self.seat_code.get())
