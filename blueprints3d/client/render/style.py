"""The program's one design language for what is drawn over the scene: the share card's colours
(a dark, slightly blue panel ground; warm ink; muted small print; gold for titles, totals and
what was earned), read by every panel, screen, button and label of the table, the viewer and the
demos, so that they look like one program and change together.

Colours are RGBA in 0..1. ``client/apps/share.py`` draws the card in RGB from the same values.
tests/client/render/test_style.py fails when a panel module writes a colour of its own.
"""

from __future__ import annotations

RGBA = tuple[float, float, float, float]


def rgba(rgb: tuple[float, float, float], alpha: float = 1.0) -> RGBA:
    return (rgb[0], rgb[1], rgb[2], alpha)


# ---- the share card's palette ---------------------------------------------------------------
PANEL_RGB = (0.065, 0.075, 0.10)  # a panel's ground
INK_RGB = (0.95, 0.94, 0.90)  # headlines and the words of a table
MUTED_RGB = (0.64, 0.67, 0.73)  # small print, notes
GOLD_RGB = (0.97, 0.75, 0.30)  # titles, totals, what was earned
PANEL_ALPHA = 0.93  # over the table: the table shows faintly through
RULE_ALPHA = 0.16  # the thin lines between a panel's parts

PANEL = rgba(PANEL_RGB)  # a dialog: nothing of the table shows through
PANEL_OVER = rgba(PANEL_RGB, PANEL_ALPHA)  # a panel beside the game (a caption, a bubble)
PANEL_HUD = rgba(PANEL_RGB, 0.72)  # behind the HUD's lines at the window's corners: lighter
PANEL_RAISED = (0.16, 0.19, 0.26, 1.0)  # a part of a panel set off from it (a field, a tab)
INK = rgba(INK_RGB)
MUTED = rgba(MUTED_RGB)
GOLD = rgba(GOLD_RGB)
RULE = rgba(INK_RGB, RULE_ALPHA)
SHADOW = (0.0, 0.0, 0.0, 0.85)  # behind words drawn straight on the scene
CLEAR = (0.0, 0.0, 0.0, 0.0)  # a frame that only holds (a picture, the buttons' row)

# ---- buttons and fields -----------------------------------------------------------------------
BUTTON = (0.85, 0.80, 0.65, 1.0)  # a button's face: warm paper, as the cards
BUTTON_INK = (0.10, 0.10, 0.10, 1.0)
BUTTON_HOVER = (0.97, 0.88, 0.62, 1.0)
BUTTON_OFF = (0.50, 0.50, 0.50, 1.0)  # the words of a button that does nothing now
FIELD = (0.95, 0.94, 0.90, 1.0)  # a text entry's ground (INK's warm white)

# ---- meanings ---------------------------------------------------------------------------------
GOOD = (0.55, 0.88, 0.50, 1.0)  # allowed, qualified, confirm
CAUTION = (0.92, 0.78, 0.50, 1.0)  # take back, wait
BAD = (1.0, 0.45, 0.40, 1.0)  # refused, away
COACH = (0.75, 0.88, 1.0, 1.0)  # the coach's words and button, the network's
EMPTY_STEP = rgba(INK_RGB, 0.22)  # a meter's step still to make
MEDALS = {  # the Award medals, by the Award's value
    "gold": (0.93, 0.74, 0.20, 1.0),
    "silver": (0.78, 0.80, 0.84, 1.0),
    "bronze": (0.76, 0.50, 0.30, 1.0),
}
DIE_FACE = (0.96, 0.95, 0.90, 1.0)  # a die drawn flat (the help's pictures)
DIE_PIP = (0.10, 0.10, 0.12, 1.0)
LEADER = rgba(INK_RGB, 0.85)  # a line from a label to what it names
CHIP_RIM = rgba(INK_RGB, 0.45)  # round a material's chip: stone's black shows on the dark panel

# ---- type and spacing -------------------------------------------------------------------------
# The share card's hierarchy, as the window's panels draw it: one family (DejaVu Sans for Latin
# letters, the cards' and the share card's; Vazirmatn and Noto Sans SC for Persian and Chinese)
# and five sizes, each a share of the window's height from line to line, never below a least
# size in pixels. The card itself is a poster and draws its headline and total larger
# (``CARD_*``), with the same steps between kicker, small print and body.


class TypeSize:
    """A size of type: ``share`` of the window's height from line to line, at least ``min_px``."""

    __slots__ = ("share", "min_px")

    def __init__(self, share: float, min_px: float) -> None:
        self.share, self.min_px = share, min_px

    def px(self, height: int) -> float:
        """From line to line, in pixels, in a window ``height`` pixels high."""
        return max(self.min_px, self.share * height)

    def __repr__(self) -> str:
        return f"TypeSize({self.share}, {self.min_px})"


KICKER = TypeSize(0.021, 11.0)  # spaced capitals over a headline or a part ("BLUEPRINTS")
SMALL = TypeSize(0.025, 13.0)  # notes, the key strip, a table's column heads, status details
BODY = TypeSize(0.028, 13.0)  # the words of every panel: tables, reasons, messages
LEAD = TypeSize(0.034, 15.0)  # what to do now: the turn's status and prompt, the coach
TITLE = TypeSize(0.044, 18.0)  # a panel's headline
FIGURE = TypeSize(0.100, 36.0)  # a total standing alone, beside what makes it up

# Spacing, in body lines: a panel's margin, the gap between its parts (a rule lies in it), the
# gap between a column of a table and the next.
PAD = 0.8
GAP = 0.6
COLUMN_GAP = 1.2
CHIP = 0.62  # a material's chip beside its word, of a line
RULE_PX = 1.5  # a rule's thickness

# The share card's sizes in its unit (21 of them are its body line): the same steps between
# kicker, small print and body; a poster's headline and total.
CARD_BODY = 21.0
CARD_KICKER = CARD_BODY * KICKER.share / BODY.share
CARD_SMALL = CARD_BODY * SMALL.share / BODY.share
CARD_HEADLINE = 50.0
CARD_FIGURE = 118.0
