"""The screens in front of the table, and the way between them: the new-game screen, the curtain,
the round summary, the standings, the past games, and the Esc menu with its help, settings and confirmations.

``TableScreens`` makes every screen once and knows which one is up: whether the table behind
takes input (``blocked``), whether the game pauses (``pauses``), and where Back and Esc lead
(the help and settings return to the menu when they were opened there). What the screens' buttons
do to the game (start one, quit, apply a setting) is the app's, given as callbacks.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from blueprints3d.client.scene.script_text import panda_text
from blueprints3d.client.table.hud.dialogs import ConfirmScreen, CurtainScreen, MenuScreen
from blueprints3d.client.table.hud.help_screen import HelpScreen
from blueprints3d.client.table.hud.new_game import JoinScreen, NewGameScreen
from blueprints3d.client.table.hud.past_games import PastGamesScreen
from blueprints3d.client.table.hud.screens import Overlay
from blueprints3d.client.table.hud.settings_screen import SettingsScreen
from blueprints3d.client.table.hud.summary import RoundSummary, StandingsScreen
from blueprints3d.files.autosave import AutosaveSlot
from blueprints3d.files.jsonfile import os_reason, where
from blueprints3d.files.settings import Settings
from blueprints3d.i18n import _


class TableScreens:
    """``new_game`` opens the new-game screen, ``quit`` ends the program, ``in_game`` says whether
    a game is under way (then New game and Quit ask first); ``saves_folder`` and ``replay`` are
    where the past games are kept and how one is replayed; ``before_help`` is called as the
    help opens (the drag in hand is dropped); ``settings``/``change_settings`` read and apply
    the settings the settings screen shows, saved at ``settings_path`` (None: not saved)."""

    def __init__(
        self,
        overlay: Overlay,
        *,
        new_game: Callable[[], None],
        quit: Callable[[], None],
        in_game: Callable[[], bool],
        before_help: Callable[[], None],
        settings: Callable[[], Settings],
        change_settings: Callable[[Settings], None],
        settings_path: Path | None,
        autosave: AutosaveSlot | None,
        saves_folder: Callable[[], Path],
        replay: Callable[[int], object],
        leave_words: Callable[[], str | None] = lambda: None,
    ) -> None:
        self.help = HelpScreen(overlay)
        self.settings_screen = SettingsScreen(overlay)
        self.new_game_screen = NewGameScreen(overlay)
        self.curtain = CurtainScreen(overlay)
        self.summary = RoundSummary(overlay)  # after a round's reveal
        self.past_games = PastGamesScreen(overlay)  # the history, from the new-game screen
        self.standings = StandingsScreen(overlay)  # at the end of the game
        self.menu = MenuScreen(overlay)
        self.confirm = ConfirmScreen(overlay)
        self.join = JoinScreen(overlay)  # the new-game screen's "Join a network game..."
        self._all = (
            self.new_game_screen,
            self.join,
            self.past_games,
            self.curtain,
            self.summary,
            self.standings,
            self.menu,
            self.confirm,
            self.help,
            self.settings_screen,
        )
        self._new_game, self._quit, self._in_game = new_game, quit, in_game
        self._before_help = before_help
        self._settings, self._change_settings = settings, change_settings
        self.settings_path = settings_path
        self.autosave = autosave
        self.leave_words = leave_words  # a network game's words, else None
        self._help_from_menu = False  # Back on the help screen returns to the menu
        self._saves_folder, self._replay = saves_folder, replay

    # ---- which screen is up -------------------------------------------------------------------
    def blocked(self) -> bool:
        """A screen in front of the table takes the input."""
        return any(s.active for s in self._all)

    def pauses(self) -> bool:
        """The menu and what opens from it pause the game (the computers too)."""
        return (
            self.menu.active
            or self.confirm.active
            or self.help.active
            or self.settings_screen.active
        )

    def close_all(self) -> None:
        for s in self._all:
            s.exit()

    def escape(self) -> bool:
        """Esc on a screen: back one step (the past games to the new-game screen, the help and
        settings to where they were opened from); False when no screen takes the Esc."""
        if self.past_games.active:
            self._new_game()
        elif self.confirm.active:
            self.confirm.exit()
        elif self.settings_screen.active:
            self.settings_screen.back()  # to where it was opened from: the menu, or the table
        elif self.help.active:
            self.close_help()  # to where it was opened from: the menu, or the table
        elif self.menu.active:
            self.menu.exit()
        else:
            return False
        return True

    def show_past_games(self) -> None:
        """The new-game screen's "Past games": the finished games kept in the history (in the
        saves folder, ``saves_folder``), each to ``replay`` in a window of its own."""
        self.new_game_screen.exit()
        try:
            folder = self._saves_folder()
        except OSError as e:
            self._new_game()
            self.new_game_screen.error["text"] = panda_text(
                _("no past games: {reason}", reason=os_reason(e))
            )
            return
        self.past_games.enter(folder, self._replay, self._new_game)

    # ---- the menu and what opens from it ------------------------------------------------------
    def open_menu(self) -> None:
        """The Esc menu."""
        self.menu.enter(
            self.menu.exit,
            self.menu_new_game,
            self.ask_to_quit,
            on_rules=self.show_help,
            on_settings=self.show_settings,
        )

    def menu_new_game(self) -> None:
        self.menu.exit()
        if self._in_game():
            self.confirm.enter(
                _("Abandon this game and set up a new one?"), self._new_game, self.confirm.exit
            )
        else:
            self._new_game()

    def show_help(self) -> None:
        """F1 or the menu's "Rules and controls": the help screen, over everything. Its Back
        (and Esc) return to the menu when it was opened there."""
        self._help_from_menu = self.menu.active
        self.menu.exit()
        self.settings_screen.exit()
        self._before_help()
        self.help.enter(self.close_help)

    def close_help(self) -> None:
        self.help.exit()
        if self._help_from_menu:
            self._help_from_menu = False
            self.open_menu()

    def toggle_help(self) -> None:
        """F1 opens the help screen, and closes it."""
        if self.help.active:
            self.close_help()
        elif not self.confirm.active:
            self.show_help()

    def show_settings(self) -> None:
        """The settings screen; its Back (and Esc) return to the menu when it was opened there."""
        from_menu = self.menu.active
        self.menu.exit()
        path = self.settings_path
        self.settings_screen.enter(
            self._settings(),
            self._change_settings,
            self.open_menu if from_menu else self.settings_screen.exit,
            where(path) if path is not None else "",
        )

    def ask_to_quit(self) -> None:
        """Closing the window (or Quit) mid-game asks first."""
        self.menu.exit()
        if self._in_game():
            self.confirm.enter(self.quit_question(), self._quit, self.confirm.exit)
        else:
            self._quit()

    def quit_question(self) -> str:
        """What the quit confirmation asks: in a network game, what becomes of it (``leave_words``);
        else, with the autosave on, that the game is kept."""
        network = self.leave_words()
        if network is not None:
            return network
        slot = self.autosave
        if slot is None:
            return _("Quit the game in progress?\n(It is not saved: the autosave is off.)")
        resume = "blueprints3d --resume" + (f" --slot {slot.name}" if slot.name else "")
        return _(
            "Quit the game in progress?\nIt is saved: `{command}` continues it.", command=resume
        )
