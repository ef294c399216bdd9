"""What the table looks like, set before it draws anything and changed at once from the settings
screen: the material symbols (colour-blind help), and the language it speaks with that
language's font.

A change of language shows at once everywhere: the HUD and its buttons, the seats' names and the
cards' words on the table, and the screens (the settings screen the change was made on is built
again, in the new language, on the next frame: its own menu is still closing). What was said
before the change (a message on screen, a move in the history) stays as it was said.
"""

from __future__ import annotations

from typing import Protocol

from direct.showbase.ShowBase import ShowBase
from panda3d.core import NodePath

from blueprints3d.client.render import config
from blueprints3d.client.scene import dice_model
from blueprints3d.client.scene.script_text import use_language
from blueprints3d.client.table.hud.hud import Hud
from blueprints3d.client.table.hud.move_bar import HintButton, MoveBar
from blueprints3d.client.table.hud.overlays import TableScreens
from blueprints3d.client.table.model.flow import GameFlow, plate_name
from blueprints3d.client.table.model.options import AppOptions
from blueprints3d.client.table.view.coach_view import Coach
from blueprints3d.client.table.view.table_sounds import TableSounds
from blueprints3d.client.table.view.table_view import TableView
from blueprints3d.files.settings import Settings
from blueprints3d.i18n import language


class LooksTable(Protocol):
    """What of the table a change of settings reaches (the app is one): the sounds, the game
    being played and its view, the coach, and everything with words on it."""

    @property
    def base(self) -> ShowBase: ...  # its task manager: the settings screen is built again later
    @property
    def options(self) -> AppOptions: ...  # the command line's choices outrank the settings'
    @property
    def scene(self) -> NodePath: ...
    @property
    def sounds(self) -> TableSounds: ...
    @property
    def coach(self) -> Coach: ...
    @property
    def hud(self) -> Hud: ...
    @property
    def move_bar(self) -> MoveBar: ...
    @property
    def hint_button(self) -> HintButton: ...
    @property
    def screens(self) -> TableScreens: ...
    @property
    def flow(self) -> GameFlow | None: ...
    @property
    def view(self) -> TableView | None: ...

    def refresh(self, animate: bool = True) -> None:
        """Bring the view, the screens and the camera in line with the game flow."""


def apply_looks(options: AppOptions, settings: Settings) -> None:
    """Before anything of the table is drawn: the material symbols, and the language it speaks,
    with that language's font (the command line chose it: --lang, the settings' language, the
    environment)."""
    dice_model.show_material_symbols(options.material_symbols or settings.material_symbols)
    use_language(language())


def apply_settings(app: LooksTable, settings: Settings) -> None:
    """The settings screen's values, on the game being played and the table, at once."""
    app.sounds.bank.set_volume(settings.loudness)
    app.sounds.bank.set_muted(app.options.mute or settings.mute)
    if app.flow is not None:
        if app.options.bot_delay is None:
            app.flow.bot_delay = settings.bot_delay(config.BOT_DELAY.get_value())
        app.flow.confirm_moves = settings.confirm_moves
    if app.view is not None:
        app.view.set_animations(settings.animations)
    app.coach.set_enabled(settings.hints)
    change_looks(app, settings)  # the material symbols, the language: at once


def change_looks(app: LooksTable, settings: Settings) -> None:
    """The settings screen changed ``settings``: what of it shows on the table, now."""
    if (
        symbols := app.options.material_symbols or settings.material_symbols
    ) != dice_model.symbols_shown():
        dice_model.show_material_symbols(symbols, app.scene)  # the dice on the table, and at once
        app.refresh(animate=False)  # the materials' names and glyphs
    if settings.language and settings.language != language():
        speak(app, settings.language)


def speak(app: LooksTable, lang: str) -> None:
    """The whole table in ``lang`` from now on."""
    use_language(lang)
    if app.flow is not None:
        app.flow.follow_language()  # "Spieler 1" becomes "بازیکن ۱"; a typed name stays
    app.hud.relabel()
    app.move_bar.relabel()
    app.hint_button.relabel()
    if app.view is not None and app.flow is not None:
        app.view.relabel([plate_name(s) for s in app.flow.seats])
    app.refresh(animate=False)
    app.base.taskMgr.add(
        lambda task: app.screens.settings_screen.rebuild(), "speak-settings"
    )  # once: returns None
