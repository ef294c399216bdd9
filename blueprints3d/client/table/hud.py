"""The heads-up display: whose turn, the round, the in-demand materials, the last message, key help.

Plain text on the 2D overlay; it shows what the game flow says and never decides anything.

Layout in pixels (``layout(width, height)``, called whenever the window changes): every text is
sized as a share of the window's height but never below ``MIN_TEXT_PX`` (so 1280x400 stays
legible), and wraps inside its own column, so nothing runs into anything else:

- top left: the status line, then the info line, across the width the score panel (top right)
  leaves them; the info line breaks only between its items, and only when it must;
- bottom left, in ``SIDE_SHARE`` of the width: this round's Awards and Prizes, the prompt, and
  the last message at the bottom;
- bottom right, in ``SIDE_SHARE`` of the width: the key strip (F2 hides it).

The middle of the bottom edge stays free for the viewer's card and name plate.
"""

from __future__ import annotations

from dataclasses import dataclass

from direct.gui.OnscreenText import OnscreenText
from panda3d.core import NodePath, Point3, TextNode

from blueprints3d.client.table.flow import GameFlow, Mode, SeatConfig
from blueprints3d.engine.rules import AWARDS_BY_PLAYERS, PRIZE_SHORT, PRIZE_VP, Prize, round_text, vp_text

MIN_TEXT_PX = 13.0     # the smallest line of the HUD, in pixels from line to line
TOP_SHARE = 0.62       # of the window's width, the most the score panel leaves the top lines
PANEL_SHARE = 0.36     # of the window's width, the most the score panel may take
SIDE_SHARE = 0.45      # of the window's width, for each bottom column
MARGIN_PX = 0.012      # of the window's height, at the window's edges and between texts

# Every control, for the help screen; the key strip shows the first few words of it.
CONTROLS: list[tuple[str, str]] = [
    ("Drag (left button)", "a pool die onto a space of your card"),
    ("Right-drag", "orbit the camera"),
    ("Wheel, + / -", "zoom"),
    ("Q / E, W / S", "orbit round and up / down"),
    ("R or Home", "the default view"),
    ("Left / Right, Tab", "choose a pool die"),
    ("Enter or Space", "take the die; then place it"),
    ("Arrows or 1-9", "the spaces you can build on, counted row by row from the far side"),
    ("Enter / Confirm", "play a waiting move"),
    ("Backspace, Ctrl+Z / Undo", "take a waiting move back"),
    ("C", "a close look at your building (C again: back)"),
    ("F5", "save a copy of the game"),
    ("F6", "save your building as a file"),
    ("F1", "this help (Esc or F1 closes it)"),
    ("F2", "hide or show the key strip"),
    ("Esc", "the menu: settings, rules, new game, quit"),
]
KEY_ITEMS = ["drag a die onto your card", "right-drag: orbit", "wheel: zoom", "C: close-up",
             "arrows + Enter: play by keys", "Ctrl+Z: undo", "F1 help", "Esc menu"]
KEY_SEPARATOR = "   |   "
KEY_HELP = KEY_SEPARATOR.join(KEY_ITEMS)


@dataclass(frozen=True)
class TextStyle:
    share: float         # of the window's height, from line to line
    min_px: float = MIN_TEXT_PX


STATUS = TextStyle(0.036, 16.0)
INFO = TextStyle(0.027, 13.0)
PROMPT = TextStyle(0.034, 15.0)
MESSAGE = TextStyle(0.029, 13.0)
KEYS = TextStyle(0.025, MIN_TEXT_PX)
AWARDS = TextStyle(0.027, 13.0)
INFO_SEPARATOR = "   |   "


def plate_name(seat: SeatConfig) -> str:
    """The name on a seat's plate at the table: a computer's level beside its name."""
    return seat.name if seat.is_person else f"{seat.name} ({seat.bot})"


def line_px(style: TextStyle, height: int) -> float:
    return max(style.min_px, style.share * height)


class Hud:
    def __init__(self, aspect2d: NodePath, a2d_top_left: NodePath | None = None,
                 a2d_bottom_left: NodePath | None = None, size: tuple[int, int] = (1280, 720)) -> None:
        # Every text hangs from one node on aspect2d and is placed from the window's size in
        # pixels (the corner anchors are not needed: see layout()).
        self.root = aspect2d.attach_new_node("hud")

        def text(fg, shadow=0.85) -> OnscreenText:
            return OnscreenText(parent=self.root, text="", align=TextNode.A_left, fg=fg,
                                shadow=(0, 0, 0, shadow), mayChange=True)

        self.status = text((1, 1, 1, 1))
        self.info = text((0.92, 0.92, 0.85, 1))
        self.awards = text((0.95, 0.90, 0.72, 1), 0.9)   # this round's Awards and Prizes
        self.prompt = text((1, 1, 1, 1), 0.9)
        self.message = text((1, 0.92, 0.55, 1), 0.9)
        self.help = text((0.88, 0.88, 0.88, 1))
        self.help.textNode.set_align(TextNode.A_right)
        self.help.setText(KEY_HELP)
        self.nodes = [self.status, self.info, self.awards, self.prompt, self.message, self.help]
        self.styles = {id(self.status): STATUS, id(self.info): INFO, id(self.prompt): PROMPT,
                       id(self.message): MESSAGE, id(self.help): KEYS, id(self.awards): AWARDS}
        self.info_items: list[str] = []
        self.panel_below = False  # the score panel under the top lines (they need the whole width)
        self.visible = True
        self.keys_wanted = True   # F2 hides the key strip
        self.size = size
        self.score_panel: OnscreenText | None = None   # docked top right (see dock)
        self.move_bar: NodePath | None = None          # docked above the key strip
        self.layout(*size)

    def dock(self, score_panel: OnscreenText | None = None, move_bar: NodePath | None = None) -> None:
        """Take the score panel (top right, wrapped in the room the status line leaves) and the
        Confirm / Undo bar (bottom right, above the key strip) into the layout."""
        if score_panel is not None:
            score_panel.reparent_to(self.root)
            score_panel.textNode.set_align(TextNode.A_right)
            self.score_panel = score_panel
            self.nodes.append(score_panel)
            self.styles[id(score_panel)] = INFO
        if move_bar is not None:
            move_bar.reparent_to(self.root)
            self.move_bar = move_bar
        self.layout(*self.size)

    # ---- layout -------------------------------------------------------------------------------
    def layout(self, width: int, height: int) -> None:
        """Size, wrap and place every text for a window of ``width`` x ``height`` pixels."""
        self.size = (max(int(width), 1), max(int(height), 1))
        w, h = self.size
        unit = min(w, h) / 2.0                       # pixels per aspect2d unit
        half_w, half_h = w / 2.0 / unit, h / 2.0 / unit
        margin = max(MARGIN_PX * h, 4.0) / unit
        for node in self.nodes:
            style = self.styles[id(node)]
            line = line_px(style, h) / unit          # aspect2d units from line to line
            tn = node.textNode
            scale = line / tn.get_line_height()
            node.setTextScale(scale)
            share = (TOP_SHARE if node in (self.status, self.info) else
                     PANEL_SHARE if node is self.score_panel else SIDE_SHARE)
            wrap = max(share * 2.0 * half_w - 2 * margin, 0.2) / scale
            tn.set_wordwrap(wrap)
            if node is self.help:
                node.setText(_pack(tn, KEY_ITEMS, KEY_SEPARATOR, wrap))
        if self.move_bar is not None:
            # Its buttons read at least as large as the prompt.
            self.move_bar.set_scale(max(1.0, line_px(PROMPT, h) / unit / 0.06 / 1.0))
        self._half = (half_w, half_h, margin)
        self._place()

    def _fit_top(self) -> None:
        """The status and info lines take the whole width the score panel leaves them (the
        panel at its own width, at most PANEL_SHARE), so they break only when they must; where
        they fit one line each only across the whole window, the panel steps down below them.
        The info line breaks between its items, never inside one."""
        half_w, half_h, margin = self._half
        full = 2 * half_w - 2 * margin
        room = full
        if self.score_panel is not None and self.score_panel.textNode.get_text() \
                and not self.score_panel.isHidden():
            tn = self.score_panel.textNode
            room -= tn.get_width() * self.score_panel.getTextScale()[0] + 2 * margin
        room = max(room, (1.0 - PANEL_SHARE) * 2 * half_w - 2 * margin)
        tops = (self.status, self.info)
        one_line = " " + INFO_SEPARATOR.join(self.info_items)
        widest = max(self.status.textNode.calc_width(self.status.textNode.get_text()) * self.status.getTextScale()[0],
                     self.info.textNode.calc_width(one_line) * self.info.getTextScale()[0])
        self.panel_below = room < widest <= full
        if self.panel_below:
            room = full
        for node in tops:
            node.textNode.set_wordwrap(max(room, 0.2) / node.getTextScale()[0])
        if self.info_items:
            tn = self.info.textNode
            self.info.setText(_pack(tn, self.info_items, INFO_SEPARATOR, tn.get_wordwrap()))

    def place(self) -> None:
        """Place the texts again after their words changed (the sizes stay)."""
        self._place()

    def _place(self) -> None:
        self._fit_top()
        half_w, half_h, margin = self._half
        left, right = -half_w + margin, half_w - margin
        # Top left: each line's top under the one above.
        y = half_h - margin
        for node in (self.status, self.info):
            y = self._put_top(node, left, y) - margin * 0.5
        under_top = y
        # Bottom left: the message at the bottom, the prompt above it.
        y = -half_h + margin
        for node in (self.message, self.prompt, self.awards):
            y = self._put_bottom(node, left, y) + margin * (1.5 if node is self.prompt else 0.5)
        keys_top = self._put_bottom(self.help, right, -half_h + margin)
        if self.score_panel is not None:
            self._put_top(self.score_panel, right, under_top - margin * 0.5 if self.panel_below else half_h - margin)
        if self.move_bar is not None:
            lowest, rightmost = _frames_extent(self.move_bar)
            k = self.move_bar.get_scale()[0]
            above = keys_top if not self.help.isHidden() else -half_h
            self.move_bar.set_pos(right - rightmost * k, 0, above + margin - lowest * k)

    @staticmethod
    def _extent(node: OnscreenText) -> tuple[float, float]:
        """The text's top and bottom below its first baseline, in aspect2d units."""
        tn = node.textNode
        s = node.getTextScale()[0]
        if not tn.get_text():
            return 0.0, 0.0
        return tn.get_top() * s, tn.get_bottom() * s

    def _put_top(self, node: OnscreenText, x: float, top: float) -> float:
        t, b = self._extent(node)
        node.setTextPos(x, top - t)
        return top - t + b

    def _put_bottom(self, node: OnscreenText, x: float, bottom: float) -> float:
        t, b = self._extent(node)
        node.setTextPos(x, bottom - b)
        return bottom - b + t

    # ---- content ------------------------------------------------------------------------------
    def show_message(self, text: str) -> None:
        self.message.setText(text[:1].upper() + text[1:] if text else "")
        self._place()

    def toggle_help(self) -> None:
        self.keys_wanted = self.help.isHidden()
        if self.keys_wanted and self.visible:
            self.help.show()
        else:
            self.help.hide()
        self._place()

    def update(self, flow: GameFlow) -> None:
        s = flow.state
        p = flow.current
        if flow.mode is Mode.GAME_OVER:
            self.status.setText("The game is over")
        elif flow.mode is Mode.ROUND_END and flow.round_end is not None:
            self.status.setText(f"{_capital(round_text(flow.round_end.result.round))} is scored")
        elif p is not None:
            who = plate_name(flow.seats[p])
            self.status.setText(f"{_capital(round_text(s.round))}  -  {who} to play")
        if flow.mode is Mode.TURN:
            prompt = flow.prompt()
        elif flow.mode is Mode.BOT and flow.bot_failure is not None:
            prompt = flow.bot_failure  # the game waits: say why, for as long as it waits
        elif flow.mode is Mode.BOT and p is not None:
            prompt = f"{flow.seats[p].name} is thinking..."
        else:
            prompt = ""
        self.prompt.setText(prompt)
        first, second = s.in_demand_materials()
        if flow.mode is Mode.ROUND_END and flow.round_end is not None:
            first, second = flow.round_end.result.in_demand
        items = [f"In demand: 1st {first.colour} ({first.label}), 2nd {second.colour} ({second.label})",
                 f"bag {len(s.bag)}   pool {len(s.pool)}"]
        if flow.open_scores or flow.mode is Mode.GAME_OVER:
            items.append("VP " + ", ".join(f"{flow.seats[i].name} {s.victory_points(i)}"
                                           for i in range(len(flow.seats))))
        elif flow.viewer is not None and flow.mode is Mode.TURN:
            items.append(f"your VP {s.victory_points(flow.viewer)} (secret)")
        self.info_items = items
        self.info.setText(INFO_SEPARATOR.join(items))
        self.awards.setText(awards_text(len(flow.seats)) if flow.mode in (Mode.TURN, Mode.BOT) else "")
        self._place()

    def set_visible(self, on: bool) -> None:
        """The whole HUD on or off (off behind the new-game screen: no key strip or score panel
        under its form); the key strip comes back only if F2 had not hidden it."""
        self.visible = on
        nodes = [self.status, self.info, self.awards, self.prompt, self.message]
        if self.score_panel is not None:
            nodes.append(self.score_panel)
        if self.move_bar is not None and not on:
            nodes.append(self.move_bar)  # it shows itself again when a move waits (MoveBar.update)
        for n in nodes:
            if on:
                n.show()
            else:
                n.hide()
        if on and self.keys_wanted:
            self.help.show()
        else:
            self.help.hide()

    def covered(self) -> list[tuple[float, float, float, float]]:
        """Where the HUD covers the window: each text on show (and the move bar while shown)
        as (left, right, bottom, top) in the window's coordinates (-1 the left or bottom edge,
        +1 the right or top), from this layout's pixels: for a view framed clear of the HUD."""
        w, h = self.size
        to_x, to_y = min(w, h) / w, min(w, h) / h  # aspect2d units to the window's [-1, 1]
        nodes = self.texts() + ([self.move_bar] if self.move_bar is not None and not self.move_bar.isHidden() else [])
        out = []
        for node in nodes:
            bounds = _frames_bounds(node, self.root) if node is self.move_bar else node.get_tight_bounds(self.root)
            if bounds:
                lo, hi = bounds
                out.append((lo.x * to_x, hi.x * to_x, lo.z * to_y, hi.z * to_y))
        return out

    def texts(self) -> list[OnscreenText]:
        """The texts on show (for the layout tests)."""
        return [n for n in self.nodes if not n.isHidden() and n.textNode.get_text()]

    def destroy(self) -> None:
        for n in self.nodes:
            n.destroy()
        self.root.remove_node()


def awards_text(players: int) -> str:
    """This round's Awards and Prizes, in words large enough to read (the cards on the table are
    small from the default view): their victory points and what each Prize asks for."""
    awards = ", ".join(f"{a.title} {vp_text(a.victory_points)}" for a in AWARDS_BY_PLAYERS[players])
    lines = [f"Awards: {awards}", f"Prizes, {vp_text(PRIZE_VP)} each:"]
    lines += [f"  {p.title}: {PRIZE_SHORT[p].replace(chr(10), ' ')}" for p in Prize]
    return "\n".join(lines)


def _pack(tn: TextNode, items: list[str], separator: str, width: float) -> str:
    """``items`` joined by ``separator`` into lines of at most ``width`` (the text's units),
    breaking only between items, so no item is cut in two."""
    lines: list[str] = []
    for item in items:
        if lines and tn.calc_width(lines[-1] + separator + item) <= width:
            lines[-1] += separator + item
        else:
            lines.append(item)
    return "\n".join(lines)


def _frames_extent(root: NodePath) -> tuple[float, float]:
    """The lowest and the rightmost edge of the DirectGUI frames under ``root``, in its units."""
    lows, rights = [0.0], [0.0]
    for child in root.get_children():
        bounds = getattr(child.node(), "get_frame", None)
        if bounds is None:
            continue
        fr = child.node().get_frame()  # (left, right, bottom, top) in the button's own units
        s, pos = child.get_scale(), child.get_pos()
        lows.append(pos.z + fr[2] * s.z)
        rights.append(pos.x + fr[1] * s.x)
    return min(lows), max(rights)


def _frames_bounds(root: NodePath, ref: NodePath) -> tuple[Point3, Point3] | None:
    """The box of the DirectGUI frames under ``root`` (drawn by their PGItems, which a node's
    tight bounds miss), in ``ref``'s units."""
    pts = [ref.get_relative_point(child, Point3(x, 0, z))
           for child in root.get_children() if hasattr(child.node(), "get_frame")
           for x in child.node().get_frame()[:2] for z in child.node().get_frame()[2:]]
    if not pts:
        return None
    return (Point3(min(p.x for p in pts), 0, min(p.z for p in pts)),
            Point3(max(p.x for p in pts), 0, max(p.z for p in pts)))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
