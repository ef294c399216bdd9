""" "Past games" (from the new-game screen): the newest finished games of the history, each with
a Replay button that opens `blueprints3d replay N` in a window of its own.

The list is ``files.history.list_games``'s (every game checked by replaying it, so only the
newest ``SHOWN`` are read); files it could not read are named on the screen's last line, one line
each, and left as they are.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from direct.gui.DirectGui import DirectFrame
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import TextNode

from blueprints3d.client.render import style
from blueprints3d.client.scene.script_text import ScriptText
from blueprints3d.client.table.hud.screens import PANEL, TEXT, Metrics, Screen, _button
from blueprints3d.files.history import HistoryError, Listing, list_games
from blueprints3d.i18n import _, n_

SHOWN = 8
LINE_SHARE, LINE_MIN_PX = style.BODY.share, style.BODY.min_px
TITLE = style.INK  # a screen's headline, as the share card's
NOTE = style.MUTED


class PastGamesScreen(Screen):
    """``on_replay(number)`` replays a kept game; ``on_back`` returns to the new-game screen."""

    pixel_layout = True

    def build(
        self, data_folder, on_replay: Callable[[int], None], on_back: Callable[[], None]
    ) -> DirectFrame:
        m = Metrics(*self.overlay.size())
        try:
            listing = list_games(data_folder, limit=SHOWN)
        except HistoryError as e:
            listing = Listing([], [str(e)], data_folder)
        self.listing = listing
        line = m.px(max(LINE_MIN_PX, LINE_SHARE * m.height))
        pad = m.px(max(10.0, 0.02 * m.height))
        width = min(2 * m.half_w * 0.94, line * 46)
        room = 2 * m.half_h * 0.96
        f = DirectFrame(parent=self.overlay.aspect2d, frameColor=PANEL)
        left = -width / 2 + pad
        y = -pad - line
        self._text(f, _("Past games"), left, y, line * 1.3, TITLE)
        y -= line * 1.2
        self.buttons: dict[int, object] = {}
        self.lines: list[str] = []
        if not listing.games:
            self._text(
                f,
                _("No finished game yet: every game you finish is kept here."),
                left,
                y - line * 0.5,
                line,
                TEXT,
            )
            y -= line * 1.6
        # Rows from the top, each as tall as its wrapped text; the rows that do not fit a low
        # window are left out (the newest come first), and the screen says how many.
        bottom_room = line * 2.4 + sum(line * 0.9 * 2.4 for _note in listing.skipped)
        shown = 0
        for g in listing.games:
            text = g.summary()
            top = y - line * 0.5
            # The Replay button at the row's end, by its own width (German's word is long); the
            # row's words wrap before it.
            button = _button(
                f, _("Replay"), (0, top - line * 0.7), partial(on_replay, g.number), line * 0.9
            )
            b_left, b_right = button.node().get_frame()[0], button.node().get_frame()[1]
            button.set_x(width / 2 - pad - b_right * line * 0.9)
            b_width = (b_right - b_left) * line * 0.9
            t = self._text(f, text, left, 0, line, TEXT)
            t.textNode.set_wordwrap((width - 2 * pad - max(line * 5.5, b_width + line)) / (line))
            h = (t.textNode.get_num_rows() or 1) * line * 1.05
            if -(y - h - line * 0.5) + bottom_room > room and shown:
                t.destroy()
                button.destroy()
                break
            t.setPos(left, top - line * 0.9)
            self.buttons[g.number] = button
            self.lines.append(text)
            y = top - max(h, line * 1.2)
            shown += 1
        y = self._notes(f, listing, shown, left, y - line * 0.4, line, width - 2 * pad)
        y -= line * 0.6
        self.back_button = _button(f, _("Back"), (0, y - line * 0.6), on_back, line)
        height = -(y - line * 1.4 - pad)
        f["frameSize"] = (-width / 2, width / 2, -height / 2, height / 2)
        for child in f.get_children():  # the rows were laid from the top edge: centre the panel
            child.set_z(child.get_z() + height / 2)
        self.text = "\n".join(self.lines)
        return f

    def _notes(
        self,
        f: DirectFrame,
        listing: Listing,
        shown: int,
        left: float,
        y: float,
        line: float,
        wrap: float,
    ) -> float:
        """Under the rows, a line each: how many older games were left out (``shown`` of the
        listing's were), and the files that could not be read; the line below them."""
        notes = list(listing.skipped)
        if shown < len(listing.games):
            notes.insert(
                0,
                n_(
                    "{n} older game: `blueprints3d history` lists them all",
                    "{n} older games: `blueprints3d history` lists them all",
                    len(listing.games) - shown,
                ),
            )
        for note in notes:
            t = self._text(f, note, left, 0, line * 0.9, NOTE)
            t.textNode.set_wordwrap(wrap / (line * 0.9))
            t.setPos(left, y - line * 0.9)
            self.lines.append(note)
            y -= (t.textNode.get_num_rows() or 1) * line * 0.9 * 1.05 + line * 0.3
        return y

    @staticmethod
    def _text(parent, text: str, x: float, y: float, size: float, fg) -> OnscreenText:
        t = ScriptText(parent=parent, text=text, align=TextNode.A_left, fg=fg, mayChange=True)
        t.setScale(size / t.textNode.get_line_height())
        t.setPos(x, y)
        return t
