"""The DirectGUI screens: new game, pass-the-table curtain, end of round, end of game, the Esc menu
with the rules summary, and the quit confirmation. Each is a class with ``enter``/``exit``; what a
button does is a callback given by the app, so the screens hold no game logic.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from direct.gui import DirectGuiGlobals as DGG
from direct.gui.DirectGui import (DirectButton, DirectCheckButton, DirectEntry, DirectFrame,
                                  DirectLabel, DirectOptionMenu)
from panda3d.core import NodePath, TextNode

from blueprints3d.client.table.flow import RoundEnd, SeatConfig
from blueprints3d.engine.rules import rules_summary
from blueprints3d.engine.state import GameState

PANEL = (0.08, 0.09, 0.12, 0.92)
BUTTON = (0.85, 0.80, 0.65, 1)
TEXT = (0.95, 0.95, 0.92, 1)
PERSON = "Person"
EMPTY = "(empty)"
BY_LOT = "by lot"

RULES_SUMMARY = rules_summary()  # every number in it is the engine's


@dataclass
class Overlay:
    """Where the 2D screens hang: aspect2d and its corner anchors."""

    aspect2d: NodePath
    top_left: NodePath
    top_right: NodePath
    bottom_left: NodePath
    bottom_right: NodePath


class Screen:
    def __init__(self, overlay: Overlay) -> None:
        self.overlay = overlay
        self.frame: DirectFrame | None = None

    @property
    def active(self) -> bool:
        return self.frame is not None and not self.frame.isHidden()

    def enter(self, *args, **kwargs) -> None:
        self.exit()
        self.frame = self.build(*args, **kwargs)

    def build(self, *args, **kwargs) -> DirectFrame:
        raise NotImplementedError

    def exit(self) -> None:
        if self.frame is not None:
            self.frame.destroy()
            self.frame = None


def _button(parent, text: str, pos: tuple[float, float], command: Callable[[], None],
            scale: float = 0.055) -> DirectButton:
    return DirectButton(parent=parent, text=text, pos=(pos[0], 0, pos[1]), scale=scale,
                        frameColor=BUTTON, pad=(0.5, 0.25), command=command, relief=DGG.FLAT)


def _label(parent, text: str, pos: tuple[float, float], scale: float = 0.05,
           align=TextNode.A_left, wordwrap: float | None = None, fg=TEXT) -> DirectLabel:
    return DirectLabel(parent=parent, text=text, pos=(pos[0], 0, pos[1]), scale=scale,
                       text_align=align, text_fg=fg, frameColor=(0, 0, 0, 0), text_wordwrap=wordwrap)


class NewGameScreen(Screen):
    """2-4 seats, each a person with a name or a computer opponent; an optional seed; open scores."""

    def build(self, levels: list[str], on_start: Callable[[list[SeatConfig], int | None, bool, int | None], None],
              on_quit: Callable[[], None], defaults: list[SeatConfig] | None = None,
              seed: int | None = None, open_scores: bool = False) -> DirectFrame:
        f = DirectFrame(parent=self.overlay.aspect2d, frameColor=PANEL, frameSize=(-0.95, 0.95, -0.8, 0.8))
        _label(f, "Blueprints - a new game", (0, 0.66), 0.08, TextNode.A_center)
        self.kinds = [PERSON] + [f"Computer ({lv})" for lv in levels]
        self.levels = levels
        defaults = defaults or [SeatConfig("Player 1"), SeatConfig("Computer 2", levels[0])]
        self.rows = []
        for i in range(4):
            y = 0.45 - 0.14 * i
            _label(f, f"Seat {i + 1}", (-0.85, y), 0.05)
            options = self.kinds + ([EMPTY] if i >= 2 else [])
            d = defaults[i] if i < len(defaults) else None
            kind = EMPTY if d is None else (PERSON if d.is_person else f"Computer ({d.bot})")
            menu = DirectOptionMenu(parent=f, items=options, initialitem=options.index(kind) if kind in options else 0,
                                    pos=(-0.6, 0, y), scale=0.05, highlightColor=(0.7, 0.7, 0.5, 1),
                                    frameColor=BUTTON, popupMarker_scale=0.6)
            entry = DirectEntry(parent=f, initialText=d.name if d else f"Player {i + 1}", pos=(0.12, 0, y),
                                scale=0.05, width=13, numLines=1, frameColor=(0.95, 0.95, 0.9, 1))
            self.rows.append((menu, entry))
        _label(f, "Seed (blank: random)", (-0.85, -0.17), 0.045)
        self.seed = DirectEntry(parent=f, initialText="" if seed is None else str(seed), pos=(-0.2, 0, -0.17),
                                scale=0.05, width=8,
                                numLines=1, frameColor=(0.95, 0.95, 0.9, 1))
        # Round 1's start player is chosen at the table (the rulebook: who last visited a
        # construction site); "by lot" draws one from the game's seed.
        _label(f, "Starts:", (0.32, -0.17), 0.045)
        self.starts = DirectOptionMenu(parent=f, items=[f"Seat {i + 1}" for i in range(4)] + [BY_LOT],
                                       initialitem=0, pos=(0.52, 0, -0.17), scale=0.045,
                                       highlightColor=(0.7, 0.7, 0.5, 1), frameColor=BUTTON,
                                       popupMarker_scale=0.6)
        self.open_scores = DirectCheckButton(parent=f, text="open scores (show victory points, for learning)",
                                             pos=(-0.32, 0, -0.29), scale=0.045, text_fg=TEXT,
                                             frameColor=(0, 0, 0, 0), boxPlacement="left", indicatorValue=int(open_scores))
        self.error = _label(f, "", (-0.85, -0.42), 0.045, fg=(1, 0.5, 0.4, 1), wordwrap=36)
        self._on_start = on_start
        _button(f, "Start", (-0.25, -0.62), self._start, 0.07)
        _button(f, "Quit", (0.3, -0.62), on_quit, 0.07)
        return f

    def collect(self) -> tuple[list[SeatConfig], int | None, bool, int | None] | str:
        """The chosen game, or a message saying what to fix."""
        seats = []
        for i, (menu, entry) in enumerate(self.rows):
            kind = menu.get()
            if kind == EMPTY:
                continue
            name = entry.get().strip()
            if not name or (kind != PERSON and name == f"Player {i + 1}"):
                # An untouched default name follows the seat's kind.
                name = f"Player {i + 1}" if kind == PERSON else f"Computer {i + 1}"
            if len(name) > 20:
                return f"seat {i + 1}: a name of at most 20 letters, please"
            bot = None if kind == PERSON else self.levels[self.kinds.index(kind) - 1]
            seats.append(SeatConfig(name, bot))
        if len({s.name for s in seats}) != len(seats):
            return "every seat needs its own name"
        text = self.seed.get().strip()
        seed = None
        if text:
            if not text.isdigit():
                return f"the seed must be a whole number of 0 or more, not {text!r}"
            seed = int(text)
        start = self.start_seat(seats)
        if isinstance(start, str):
            return start
        return seats, seed, bool(self.open_scores["indicatorValue"]), start

    def start_seat(self, seats: list[SeatConfig]) -> int | None | str:
        """The chosen start player as an index into ``seats`` (None: by lot), or what to fix."""
        choice = self.starts.get()
        if choice == BY_LOT:
            return None
        wanted = int(choice.split()[1]) - 1
        taken = [i for i, (menu, _) in enumerate(self.rows) if menu.get() != EMPTY]
        if wanted not in taken:
            return f"seat {wanted + 1} is empty: choose who starts among the seats in play"
        return taken.index(wanted)

    def _start(self) -> None:
        got = self.collect()
        if isinstance(got, str):
            self.error["text"] = got
            return
        self._on_start(*got)


class CurtainScreen(Screen):
    """Hides the whole table until the next person clicks: nobody sees another's secrets."""

    def build(self, name: str, on_ready: Callable[[], None]) -> DirectFrame:
        f = DirectFrame(parent=self.overlay.aspect2d, frameColor=(0.05, 0.06, 0.09, 1),
                        frameSize=(-4, 4, -1.5, 1.5))
        DirectButton(parent=f, text=f"Pass to {name}\n\n{name}: click here when you are ready",
                     scale=0.08, frameColor=(0.2, 0.24, 0.32, 1), pad=(1.0, 0.8), text_fg=TEXT,
                     command=on_ready, relief=DGG.FLAT)
        return f


class RoundEndScreen(Screen):
    """Beside the revealed buildings: every score broken down, then Awards and Prizes with the
    tie-breaks in words, and a button to go on."""

    def build(self, end: RoundEnd, names: list[str], last_round: bool, on_continue: Callable[[], None]
              ) -> DirectFrame:
        r = end.result
        f = DirectFrame(parent=self.overlay.top_right, frameColor=PANEL, frameSize=(-0.95, 0, -1.75, 0),
                        pos=(-0.02, 0, -0.02))
        lines = [f"Round {r.round} scores (building points only rank buildings):"]
        for p in sorted(range(len(names)), key=lambda q: -r.scores[q].total):
            s = r.scores[p]
            lines.append(f"  {names[p]}: {s.total} = blueprint {s.blueprint} + wood {s.wood} + recycled "
                         f"{s.recycled} + stone {s.stone} + glass {s.glass}")
        lines.append("")
        lines.append(f"In demand: 1st {r.in_demand[0].label}, 2nd {r.in_demand[1].label}")
        lines.append("Awards:")
        for award, pl in r.awards.items():
            lines.append(f"  {award.value.title()} to {names[pl.player]} - {pl.reason}")
        lines.append("Prizes:")
        if not r.prizes:
            lines.append("  none: no building qualified")
        for prize, pl in r.prizes.items():
            lines.append(f"  {prize.title} to {names[pl.player]} - {pl.reason}")
        self.text = "\n".join(lines)
        _label(f, self.text, (-0.92, -0.07), 0.034, wordwrap=26.5)
        _button(f, "See the final standings" if last_round else "Next round", (-0.47, -1.65), on_continue, 0.055)
        return f


class GameOverScreen(Screen):
    def build(self, state: GameState, on_new_game: Callable[[], None], on_quit: Callable[[], None]
              ) -> DirectFrame:
        res = state.result()
        names = state.names
        f = DirectFrame(parent=self.overlay.aspect2d, frameColor=PANEL, frameSize=(-0.9, 0.9, -0.62, 0.62))
        if len(res.winners) == 1:
            title = f"{names[res.winners[0]]} wins!"
        else:
            title = "Shared victory: " + " and ".join(names[w] for w in res.winners)
        _label(f, title, (0, 0.48), 0.08, TextNode.A_center)
        lines = []
        for place, p in enumerate(res.standings(), 1):
            aw = ", ".join(a.value for a in res.awards[p]) or "no awards"
            pz = ", ".join(z.title for z in res.prizes[p]) or "no prizes"
            lines.append(f"{place}. {names[p]}: {res.victory_points[p]} VP  ({aw}; {pz})")
        lines.append("")
        lines.append("Ties: more Prizes, then more Gold, Silver, Bronze; otherwise shared.")
        self.text = title + "\n" + "\n".join(lines)
        _label(f, "\n".join(lines), (-0.82, 0.3), 0.045, wordwrap=36)
        _button(f, "New game", (-0.25, -0.5), on_new_game, 0.065)
        _button(f, "Quit", (0.3, -0.5), on_quit, 0.065)
        return f


class MenuScreen(Screen):
    """Esc: resume, the rules in short, a new game, quit."""

    def build(self, on_resume: Callable[[], None], on_new_game: Callable[[], None],
              on_quit: Callable[[], None]) -> DirectFrame:
        f = DirectFrame(parent=self.overlay.aspect2d, frameColor=PANEL, frameSize=(-0.5, 0.5, -0.5, 0.5))
        _label(f, "Menu", (0, 0.36), 0.08, TextNode.A_center)
        self.rules: DirectFrame | None = None
        _button(f, "Resume", (0, 0.18), on_resume)
        _button(f, "Rules summary", (0, 0.04), self.toggle_rules)
        _button(f, "New game", (0, -0.1), on_new_game)
        _button(f, "Quit", (0, -0.24), on_quit)
        return f

    def toggle_rules(self) -> None:
        if self.rules is not None:
            self.rules.destroy()
            self.rules = None
            return
        self.rules = DirectFrame(parent=self.frame, frameColor=(0.05, 0.05, 0.08, 1),
                                 frameSize=(-1.3, 1.3, -0.7, 0.7))
        _label(self.rules, RULES_SUMMARY, (-1.22, 0.58), 0.047, wordwrap=51)
        _button(self.rules, "Back", (0, -0.62), self.toggle_rules)


class ConfirmScreen(Screen):
    def build(self, question: str, on_yes: Callable[[], None], on_no: Callable[[], None]) -> DirectFrame:
        f = DirectFrame(parent=self.overlay.aspect2d, frameColor=PANEL, frameSize=(-0.7, 0.7, -0.25, 0.25))
        _label(f, question, (0, 0.08), 0.055, TextNode.A_center, wordwrap=24)
        _button(f, "Yes", (-0.2, -0.14), on_yes)
        _button(f, "No", (0.2, -0.14), on_no)
        return f
