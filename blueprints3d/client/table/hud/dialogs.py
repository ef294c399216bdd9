"""The small screens: the pass-the-table curtain, the Esc menu and the yes/no question (New game
and Quit ask first while a game is under way). Drawn in aspect2d units and grown in a low
window (``Screen.fit_scale``).
"""

from __future__ import annotations

from collections.abc import Callable

from direct.gui import DirectGuiGlobals as DGG
from direct.gui.DirectGui import DirectButton, DirectFrame
from panda3d.core import TextNode

from blueprints3d.client.render import style
from blueprints3d.client.scene.script_text import panda_text
from blueprints3d.client.table.hud.screens import PANEL, TEXT, Screen, _button, _label
from blueprints3d.i18n import N_, _


class CurtainScreen(Screen):
    """Hides the whole table until the next person clicks: nobody sees another's secrets."""

    def build(self, name: str, on_ready: Callable[[], None]) -> DirectFrame:
        f = DirectFrame(
            parent=self.overlay.aspect2d,
            frameColor=style.PANEL,
            frameSize=(-4, 4, -1.5, 1.5),
        )
        DirectButton(
            parent=f,
            text=panda_text(
                _("Pass to {name}\n\n{name}: click here when you are ready", name=name)
            ),
            scale=0.08,
            frameColor=style.PANEL_RAISED,
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
