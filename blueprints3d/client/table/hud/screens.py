"""What every screen in front of the table is built from: where the screens hang (``Overlay``),
the ``Screen`` base with its ``enter``/``exit`` and its fit to the window, the pixel measures of
the screens laid out in pixels (``Metrics``), and the widgets they share (buttons, labels, the
drop-downs' look, check boxes).

The screens themselves are in modules of their own: the new-game and join forms (new_game.py),
the Esc menu, the yes/no question and the pass-the-table curtain (dialogs.py), the help
(help_screen.py), the settings (settings_screen.py), the round summary and the standings
(summary.py), the past games (past_games.py). What a button does is a callback given by the
app, so the screens hold no game logic.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from direct.gui import DirectGuiGlobals as DGG
from direct.gui.DirectGui import DirectButton, DirectCheckButton, DirectFrame, DirectLabel
from panda3d.core import NodePath, TextNode

from blueprints3d.client.render import style
from blueprints3d.client.scene.mirror import mirror_panel
from blueprints3d.client.scene.script_text import is_rtl, panda_text, text_scale
from blueprints3d.i18n import N_, _

PANEL = style.PANEL  # opaque: nothing of the table shows through a dialog
BUTTON = style.BUTTON
TEXT = style.INK


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
        frameColor=style.CLEAR,
        text_wordwrap=wordwrap,
    )


def menu_style(scale: float, pad_z: float = 0.15) -> dict:
    """How every drop-down looks: its items padded (the menu's frame is sized from them), so that
    the chosen word has room around it and its marker never touches the last letter; ``pad_z``
    (in lines) above and below, less where rows stand close. Persian words get more room at the
    sides: a line's first letters (آ's madda, a final stroke) reach past where it is aligned, and
    in a mirrored menu that end stands at the frame's edge. Chinese words too: a closing "）"
    stands at the end of its wide box, next to the marker."""
    return dict(
        scale=scale,
        highlightColor=style.BUTTON_HOVER,
        frameColor=BUTTON,
        popupMarker_scale=0.6,
        item_pad=(0.45 if is_rtl() or text_scale() > 1 else 0.3, pad_z),
        relief=DGG.FLAT,
    )


ON, OFF = N_("on"), N_("off")


def on_off(value) -> str:
    """A check box's words: they say what it is now."""
    return _(ON) if value else _(OFF)


class CheckBox(DirectCheckButton):
    """A check box that holds the words beside it ("on" / "off")."""

    words: DirectLabel

    def __init__(self, parent=None, **kw) -> None:
        super().__init__(parent, **kw)
        self.initialiseoptions(CheckBox)  # DirectGUI finishes its options in the last class


def check_box(
    parent,
    value: bool,
    pos: tuple[float, float],
    scale: float,
    command: Callable[[bool], None] | None = None,
) -> CheckBox:
    """A check box with its words beside it ("on" / "off", ``box.words``), which follow its value
    and never lie under the box; ``command`` gets the new value."""
    box = CheckBox(
        parent=parent,
        text="",
        pos=(pos[0], 0, pos[1] + 0.3 * scale),
        scale=scale,
        frameColor=style.CLEAR,
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
    """A screen's line in pixels, enlarged for a language whose letters need it (Chinese)."""
    return max(least, share * height) * text_scale()
