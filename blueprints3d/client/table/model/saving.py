"""What the table writes: the autosave after every action, F5's copy of the game, F6's building,
the finished game kept in the history, the settings file, and the podium's kept buildings (saved or opened in the
viewer); and the windows it starts for them (`blueprints3d view`, `blueprints3d replay`).

A file that cannot be written never stops the game: the reason goes on the table's message line
(or the standings' line at the end of the game), and the game goes on.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from blueprints3d.client.table.model.flow import GameFlow, Mode
from blueprints3d.client.table.model.options import seats_from_meta
from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.engine.results import RoundResult
from blueprints3d.engine.state import GameState
from blueprints3d.files.autosave import AutosaveSlot, Resumed
from blueprints3d.files.buildfile import build_bytes
from blueprints3d.files.builds import build_of, write_viewer_copy
from blueprints3d.files.history import hints_from_meta, keep_game
from blueprints3d.files.jsonfile import make_folder, os_reason, stamp, where, write_new
from blueprints3d.files.savefile import game_bytes
from blueprints3d.files.settings import Settings, save_settings
from blueprints3d.i18n import _, explain
from blueprints3d.text import display, file_name

Say = Callable[[str], None]


class TableSaving:
    """The table's files. ``game`` gives the game being played (None before the first);
    ``hint_counts`` the hints each seat has used; ``say`` puts a line on the table's message
    line and ``say_at_end`` on the final standings'. ``launch`` starts another window's command
    (``subprocess.Popen`` unless a test passes its own); ``symbols`` says whether the table
    shows the material symbols, for the viewer it starts."""

    def __init__(
        self,
        autosave: AutosaveSlot | None,
        game: Callable[[], GameFlow | None],
        hint_counts: Callable[[], list[int]],
        say: Say,
        say_at_end: Say,
        settings_path: Path | None = None,
        launch: Callable[[list[str]], object] | None = None,
        symbols: Callable[[], bool] = lambda: False,
    ) -> None:
        self.slot = autosave
        self.game = game
        self.hint_counts = hint_counts
        self.say = say
        self.say_at_end = say_at_end
        self.launch = launch if launch is not None else subprocess.Popen
        self.symbols = symbols  # the material symbols are on at the table (this run or set)
        self.kept_game: Path | None = None  # the finished game's file in the history
        self.settings_path = settings_path  # where the settings screen's changes go (None: nowhere)

    # ---- the game as it goes ------------------------------------------------------------------
    def save_meta(self) -> dict:
        """What the engine's save does not hold: who sits where, and the table's options."""
        flow = self._flow()
        return {
            "seats": [{"name": s.name, "bot": s.bot} for s in flow.seats],
            "open_scores": flow.open_scores,
            "hints": list(self.hint_counts()),
        }

    def _flow(self) -> GameFlow:
        flow = self.game()
        if flow is None:
            raise RuntimeError("no game at the table")
        return flow

    def started(self, new: bool) -> None:
        """A game has begun at the table (``new``: not resumed): a new game first keeps the
        slot's unfinished one (a new game never loses an old one), then the game is saved."""
        kept = None
        if not self._flow().saves_locally:
            return  # a network game: its server keeps it; the history gets it at its end
        if new and self.slot is not None:
            try:
                kept = self.slot.keep_unfinished()
            except OSError as e:
                self.say(_("could not keep the unfinished game: {reason}", reason=os_reason(e)))
        self.autosave()
        self.keep_finished()  # a resumed finished game the history missed (a kill at its end)
        if kept is not None:
            self.say(
                _(
                    "your unfinished game was kept as {kept} (blueprints3d replay shows it)",
                    kept=kept,
                )
            )

    def autosave(self) -> None:
        if self.slot is None or self.game() is None or not self._flow().saves_locally:
            return
        try:
            self.slot.save(self._flow().state, self.save_meta())
        except OSError as e:  # a full disk must not stop the game; say so once per failure
            self.say(_("could not autosave the game: {reason}", reason=os_reason(e)))

    def keep_finished(self) -> None:
        """Once the game is over (never before: nothing secret is written during play), keep it
        in the history of the data folder (files/history.py), once; a new game cannot lose it."""
        flow = self.game()
        if flow is None or not flow.state.is_over or self.kept_game is not None:
            return
        try:
            self.kept_game = keep_game(flow.state, self.save_meta(), self.folder())
        except (OSError, BlueprintsError) as e:
            why = os_reason(e) if isinstance(e, OSError) else explain(e)
            self.say(_("could not keep the finished game in the history: {reason}", reason=why))

    def saved_game(self) -> Resumed | None:
        """The unfinished game in this table's autosave slot, if there is one that loads."""
        if self.slot is None or not self.slot.exists():
            return None
        try:
            saved = self.slot.load()
            seats_from_meta(saved.meta)
            hints_from_meta(saved.meta, saved.state.num_players)
        except (BlueprintsError, OSError):
            return None  # a damaged save: --resume says why; Start keeps what can be kept
        return None if saved.state.is_over else saved

    # ---- copies the player asks for -----------------------------------------------------------
    def folder(self) -> Path:
        """Where F5 and F6 write (the autosave's folder); OSError when it cannot be made."""
        return make_folder(self.slot.folder if self.slot is not None else AutosaveSlot().folder)

    def _write_copy(self, stem: str, data: bytes) -> Path:
        """A new file ``stem-<time to the microsecond>.json`` in the saves folder, written
        atomically, never over an existing one; OSError when it cannot be."""
        return write_new(self.folder(), f"{stem}-{stamp()}", ".json", data)

    def save_game_copy(self) -> str | None:
        """F5: the whole game to a file of its own (for `blueprints3d replay`)."""
        flow = self.game()
        if flow is None:
            return None
        if not flow.saves_locally and not flow.state.is_over:
            # This table holds its seat's view only: the game is the server's until it is over.
            self.say(
                _("a network game is kept by its server; once it is over it is in your history")
            )
            return None
        try:
            path = self._write_copy("game", game_bytes(flow.state, self.save_meta()))
        except OSError as e:  # the folder cannot be made or written: the game goes on
            self.say(_("could not save the game: {reason}", reason=os_reason(e)))
            return None
        self.say(_("game saved to {path}", path=where(path)))
        return str(path)

    def save_building(self) -> str | None:
        """F6: the building of the person looking at the table, as a build file (for `score`,
        `view`, `render`). Between rounds it is their building as it was scored."""
        flow = self.game()
        if flow is None:
            return None
        seat = flow.viewer if flow.viewer is not None else (flow.people[0] if flow.people else 0)
        source: RoundResult | GameState
        if flow.mode in (Mode.ROUND_END, Mode.GAME_OVER) and flow.state.round_results:
            source = flow.state.round_results[-1]
        elif flow.mode is Mode.CURTAIN or seat not in flow.visible_seats():
            self.say(_("only your own building can be saved, on your turn"))
            return None
        else:
            source = flow.state
        name = flow.seats[seat].name
        try:
            data = build_bytes(build_of(source, seat))
            path = self._write_copy(f"building-{file_name(name)}", data)
        except OSError as e:
            self.say(_("could not save the building: {reason}", reason=os_reason(e)))
            return None
        except BlueprintsError as e:
            self.say(_("could not save the building: {reason}", reason=explain(e)))
            return None
        self.say(_("{name}'s building saved to {path}", name=name, path=where(path)))
        return str(path)

    def save_settings(self, settings: Settings) -> None:
        """The settings screen changed a value: it lasts (in the settings file beside the saves)."""
        if self.settings_path is None:
            return
        try:
            save_settings(self.settings_path, settings)
        except OSError as e:
            self.say(
                _("could not save the settings: {reason}", reason=display(e.strerror or e, 120))
            )

    # ---- the podium's buildings, and other windows --------------------------------------------
    def _kept_build(self, round_index: int, player: int) -> tuple[str, bytes]:
        flow = self._flow()
        rr = flow.state.round_results[round_index]
        name = flow.seats[player].name
        return f"building-{file_name(name)}-round{rr.round}", build_bytes(build_of(rr, player))

    def save_kept_building(self, round_index: int, player: int) -> str | None:
        """The podium's "Save": that building as a build file of its own in the saves folder."""
        stem, data = self._kept_build(round_index, player)
        try:
            path = self._write_copy(stem, data)
        except OSError as e:
            self.say_at_end(_("could not save the building: {reason}", reason=os_reason(e)))
            return None
        self.say_at_end(_("saved to {path}", path=where(path)))
        return str(path)

    def view_kept_building(self, round_index: int, player: int) -> list[str] | None:
        """The podium's "View": that building in the showcase viewer (`blueprints3d view`), in a
        window of its own; the game's window stays as it is."""
        stem, data = self._kept_build(round_index, player)
        try:
            path = write_viewer_copy(self.folder(), stem, data)  # its own copy, which it removes
        except OSError as e:
            self.say_at_end(_("could not open the viewer: {reason}", reason=os_reason(e)))
            return None
        command = [sys.executable, "-m", "blueprints3d", "view", str(path), "--temporary"]
        if self.symbols():  # the viewer draws the dice as the table does
            command.append("--material-symbols")
        try:
            self.launch(command)
        except OSError as e:
            path.unlink(missing_ok=True)
            self.say_at_end(_("could not open the viewer: {reason}", reason=os_reason(e)))
            return None
        self.say_at_end(_("opening {path} in the viewer", path=where(path)))
        return command

    def replay_kept(self, number: int) -> list[str] | None:
        """A past game's Replay: `blueprints3d replay N` in a window of its own."""
        command = [sys.executable, "-m", "blueprints3d", "replay", str(number)]
        try:
            self.launch(command)
        except OSError as e:
            self.say(_("could not start the replay: {reason}", reason=os_reason(e)))
            return None
        return command
