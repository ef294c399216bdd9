"""The heads-up display: whose turn, the round, the in-demand materials, the last message, key help.

Plain text on the 2D overlay; it shows what the game flow says and never decides anything.

Layout in pixels (``layout(width, height)``, called whenever the window changes): every text is
sized as a share of the window's height but never below ``MIN_TEXT_PX`` (so 1280x400 stays
legible), and wraps inside its own column, so nothing runs into anything else:

- top left: the status line, then the info line (the in-demand materials as two dice, then
  the bag, the pool and the VP), across the width the score panel (top right) leaves them; the
  info line breaks only between its items, and only when it must;
- bottom left, in ``SIDE_SHARE`` of the width: this round's Awards as medals and the person's
  way to each Prize as meters (hud/glance.py), the prompt, and the last message at the
  bottom; while the coach thinks or its hints are on show (H), they take the meters' place, in
  larger type (``HINTS``);
- bottom right, in ``SIDE_SHARE`` of the width: the key strip (F2 hides it), and above it the
  Confirm / Undo bar or, in the same place, the Hint button.

The middle of the bottom edge stays free for the viewer's card and name plate.

In a right-to-left interface (Persian, ``is_rtl()``) the whole HUD is the mirror image of this:
the status and info lines (the in-demand dice first, at the right) top right and aligned right,
the score panel top left, the Awards, prompt and message bottom right, the key strip and the
buttons bottom left. The layout is worked out in the same terms either way ("start" for the side
the lines begin at, the left in English) and only placed mirrored (``_sx``), from the language at
layout time, so every relayout and every keep-out rule stays right. The 3D table never mirrors.
"""

from __future__ import annotations


from direct.gui.OnscreenText import OnscreenText
from panda3d.core import NodePath, PGItem, Point3, TextNode

from blueprints3d.client.render import style
from blueprints3d.client.scene.script_text import (
    ScriptText,
    interface_font,
    is_rtl,
    text_scale,
)
from blueprints3d.client.table.hud.grounds import Grounds
from blueprints3d.client.table.hud.glance import DemandDice, PrizeMeters
from blueprints3d.client.table.model.flow import GameFlow, Mode, plate_name
from blueprints3d.engine.rules import NUM_ROUNDS
from blueprints3d.i18n import N_, _, join_list

MIN_TEXT_PX = style.SMALL.min_px  # the smallest line of the HUD, in pixels from line to line
TOP_SHARE = 0.62  # of the window's width, the most the score panel leaves the top lines
PANEL_SHARE = 0.36  # of the window's width, the most the score panel may take
SIDE_SHARE = 0.45  # of the window's width, for each bottom column
HINT_SHARE = (
    0.40  # of the window's width, for the coach's hints (their long lines stay off the card)
)
MARGIN_PX = 0.012  # of the window's height, at the window's edges and between texts
# The rows the bottom column keeps for the prompt and the last message together: the panels above
# them (the Awards and Prizes, the coach's hints) stand at a fixed place, however many of those
# rows the words take. (The score panel keeps its corner at the top right.)
BOTTOM_ROWS = 5

# Every control, for the help screen; the key strip shows the first few words of it.
# Both columns marked (N_) and translated where shown, the keys' names too: a keyboard names its
# keys in its language (German: Leertaste, Strg, Pos1, Rücktaste).
CONTROLS: list[tuple[str, str]] = [
    (N_("Drag (left button)"), N_("a pool die onto a space of your card")),
    (N_("Right-drag"), N_("orbit the camera")),
    (N_("Wheel, + / -"), N_("zoom")),
    # TRANSLATORS: key names, as the keys of your language's keyboards are printed.
    (N_("Q / E, W / S"), N_("orbit round and up / down")),
    # TRANSLATORS: key names, as printed on your keyboards (German: "R oder Pos1").
    (N_("R or Home"), N_("the default view")),
    # TRANSLATORS: the arrow keys and the Tab key, as your keyboards name them.
    (N_("Left / Right, Tab"), N_("choose a pool die")),
    # TRANSLATORS: key names, as printed on your keyboards (German: "Enter oder Leertaste").
    (N_("Enter or Space"), N_("take the die; then place it")),
    (N_("Arrows or 1-9"), N_("the spaces you can build on, counted row by row from the far side")),
    # TRANSLATORS: a key's name and a button's (Confirm).
    (N_("Enter / Confirm"), N_("play a waiting move")),
    # TRANSLATORS: key names (German: "Rücktaste, Strg+Z") and a button's (Undo).
    (N_("Backspace, Ctrl+Z / Undo"), N_("take a waiting move back")),
    # TRANSLATORS: the C key.
    (N_("C"), N_("a close look at your building (C again: back)")),
    (N_("H / Hint"), N_("the coach's best three moves, as ghost dice (H or Esc hides them)")),
    # TRANSLATORS: the F5 key, as printed on your keyboards.
    (N_("F5"), N_("save a copy of the game")),
    # TRANSLATORS: the F6 key, as printed on your keyboards.
    (N_("F6"), N_("save your building as a file")),
    # TRANSLATORS: the F1 key, as printed on your keyboards.
    (N_("F1"), N_("this help (Esc or F1 closes it)")),
    # TRANSLATORS: the F2 key, as printed on your keyboards.
    (N_("F2"), N_("hide or show the key strip")),
    # TRANSLATORS: the Escape key, as printed on your keyboards (German: "Esc").
    (N_("Esc"), N_("the menu: settings, rules, new game, quit")),
]
# TRANSLATORS: the key strip at the table's foot; key names as your keyboards print them
# (German: Strg for Ctrl).
KEY_ITEMS = [
    N_("drag a die onto your card"),
    N_("right-drag: orbit"),
    N_("wheel: zoom"),
    N_("C: close-up"),
    N_("arrows + Enter: play by keys"),
    N_("Ctrl+Z: undo"),
    N_("H: hints"),
    N_("F1 help"),
    N_("Esc menu"),
]
KEY_SEPARATOR = "   |   "


def key_items() -> list[str]:
    """The key strip's items in the player's language."""
    return [_(item) for item in KEY_ITEMS]


def key_help() -> str:
    return KEY_SEPARATOR.join(key_items())


# Each line's size is a step of the design language's type scale (client/render/style.py).
TextStyle = style.TypeSize
STATUS = style.LEAD  # whose turn, the round: what to do now
INFO = style.SMALL  # the in-demand line, the bag, the score panel
PROMPT = style.LEAD
MESSAGE = style.BODY
KEYS = style.SMALL
AWARDS = style.SMALL
HINTS = style.LEAD  # the coach's hints: larger than the Awards whose place they take
INFO_SEPARATOR = "   |   "
NB = "\u00a0"  # a no-break space: Panda3D's word wrap keeps its two sides together


def line_px(style: TextStyle, height: int) -> float:
    """A line of ``style`` in pixels, enlarged for a language whose letters need it (Chinese)."""
    return max(style.min_px, style.share * height) * text_scale()


class Hud:
    def __init__(
        self,
        aspect2d: NodePath,
        a2d_top_left: NodePath | None = None,
        a2d_bottom_left: NodePath | None = None,
        size: tuple[int, int] = (1280, 720),
    ) -> None:
        # Every text hangs from one node on aspect2d and is placed from the window's size in
        # pixels (the corner anchors are not needed: see layout()).
        self.root = aspect2d.attach_new_node("hud")
        self.grounds = Grounds(self.root)  # the share card's panel behind each group of lines

        def text(fg, shadow=0.85) -> OnscreenText:
            return ScriptText(
                parent=self.root,
                text="",
                align=TextNode.A_left,
                fg=fg,
                shadow=(0, 0, 0, shadow),
                mayChange=True,
            )

        self.status = text(style.INK)
        self.info = text(style.INK)
        self.prompt = text(style.INK, 0.9)
        self.message = text(style.GOLD, 0.9)
        self.hints = text(style.COACH, 0.95)  # the coach's (coach_view.py); empty: none
        # A network game's join address (net_table.py); empty: none.
        self.room = text(style.COACH)
        self.help = text(style.INK)
        self.help.textNode.set_align(TextNode.A_right)
        self.help.setText(key_help())
        self.rtl = False  # mirrored (a right-to-left interface): set by each layout
        self.nodes = [
            self.status,
            self.info,
            self.room,
            self.hints,
            self.prompt,
            self.message,
            self.help,
        ]
        self.styles = {
            id(self.status): STATUS,
            id(self.info): INFO,
            id(self.prompt): PROMPT,
            id(self.message): MESSAGE,
            id(self.help): KEYS,
            id(self.hints): HINTS,
            id(self.room): KEYS,
        }
        self.meters = PrizeMeters(self.root)  # this round's Awards, the way to each Prize
        self.demand = DemandDice(self.root)  # the in-demand materials, at the info line's start
        self.info_items: list[str] = []
        self.keep_out: list[tuple[float, float, float, float]] = []  # see keep_clear
        self.visible = True
        self.keys_wanted = True  # F2 hides the key strip
        self.size = size
        self.score_panel: OnscreenText | None = None  # docked top right (see dock)
        self.move_bar: NodePath | None = None  # docked above the key strip
        self.hint_bar: NodePath | None = None  # the Hint button, in the move bar's place
        self.layout(*size)

    def dock(
        self,
        score_panel: OnscreenText | None = None,
        move_bar: NodePath | None = None,
        hint_bar: NodePath | None = None,
    ) -> None:
        """Take the score panel (top right, wrapped in the room the status line leaves), the
        Confirm / Undo bar (bottom right, above the key strip) and the Hint button (where the
        bar stands: they are never shown together) into the layout."""
        if score_panel is not None:
            score_panel.reparent_to(self.root)
            score_panel.textNode.set_align(TextNode.A_right)
            self.score_panel = score_panel
            self.nodes.append(score_panel)
            self.styles[id(score_panel)] = INFO
        if move_bar is not None:
            move_bar.reparent_to(self.root)
            self.move_bar = move_bar
        if hint_bar is not None:
            hint_bar.reparent_to(self.root)
            self.hint_bar = hint_bar
        self.layout(*self.size)

    def relabel(self) -> None:
        """The language changed (``use_language``): every text in the new language's font, and
        the words that are set once (the key strip, the medals' VP) in its words, at once. The
        lines the game flow sets (status, info, prompt, score panel) follow at its next
        ``update``; the docked buttons relabel themselves (MoveBar / HintButton.relabel), before
        the next ``place`` fits them."""
        chosen = interface_font()
        for node in self.nodes:
            node.setFont(chosen)
            node.setText(
                node.getText() if isinstance(node, ScriptText) else node.textNode.get_text()
            )
        self.help.setText(key_help())
        self.meters.relabel()
        self.demand.relabel()
        self.layout(*self.size)

    # ---- layout -------------------------------------------------------------------------------
    def layout(self, width: int, height: int) -> None:
        """Size, wrap and place every text for a window of ``width`` x ``height`` pixels, on
        the side the interface's language reads from."""
        self.size = (max(int(width), 1), max(int(height), 1))
        self.rtl = is_rtl()
        # The lines read from the start side (the left, or the right in a right-to-left
        # interface) and are aligned to it; the key strip and the score panel to the other.
        for node in self.nodes:
            to_end = node is self.help or node is self.score_panel
            node.textNode.set_align(TextNode.A_right if to_end != self.rtl else TextNode.A_left)
        w, h = self.size
        unit = min(w, h) / 2.0  # pixels per aspect2d unit
        half_w, half_h = w / 2.0 / unit, h / 2.0 / unit
        margin = max(MARGIN_PX * h, 4.0) / unit
        for node in self.nodes:
            style = self.styles[id(node)]
            line = line_px(style, h) / unit  # aspect2d units from line to line
            tn = node.textNode
            scale = line / tn.get_line_height()
            node.setTextScale(scale)
            share = (
                TOP_SHARE
                if node in (self.status, self.info)
                else PANEL_SHARE
                if node is self.score_panel
                else HINT_SHARE
                if node is self.hints
                else SIDE_SHARE
            )
            wrap = max(share * 2.0 * half_w - 2 * margin, 0.2) / scale
            tn.set_wordwrap(wrap)
            if node is self.help:
                node.setText(_pack(tn, key_items(), KEY_SEPARATOR, wrap))
        for bar in (self.move_bar, self.hint_bar):
            if bar is not None:
                # Its buttons read at least as large as the prompt.
                bar.set_scale(max(1.0, line_px(PROMPT, h) / unit / 0.06 / 1.0))
        self.meters.layout(line_px(AWARDS, h) / unit * 1.6)
        self._half = (half_w, half_h, margin)
        self._place()

    def _fit_top(self) -> None:
        """The status and info lines take the whole width the score panel leaves them (the
        panel at its own width, at most PANEL_SHARE), so they break only when they must; the
        panel keeps its corner whatever they say (it stepped down below a long status line, and
        moved as the line changed). The info line breaks between its items, never inside one."""
        half_w, half_h, margin = self._half
        full = 2 * half_w - 2 * margin
        if self.score_panel is not None:
            _fit_panel(self.score_panel, self._half, self._keep_out_a2d())
        room = full
        if (
            self.score_panel is not None
            and self.score_panel.textNode.get_text()
            and not self.score_panel.isHidden()
        ):
            tn = self.score_panel.textNode
            room -= tn.get_width() * self.score_panel.getTextScale()[0] + 2 * margin
        room = max(room, (1.0 - PANEL_SHARE) * 2 * half_w - 2 * margin)
        tops = (self.status, self.info)
        # Nor over what the scene shows at the top: the far player's screen (keep_clear).
        lines = sum(n.getTextScale()[0] * n.textNode.get_line_height() for n in tops)
        band = half_h - margin - 2.0 * lines  # the rows the top lines may take, at two each
        for x0, _x1, _z0, z1 in self._keep_out_a2d():
            if z1 > band and x0 > -half_w + margin:
                room = min(room, x0 - margin - (-half_w + margin))
        # Never narrower than the longest item, which must stay whole ("your VP 0").
        item = (
            max((self.info.textNode.calc_width(i) for i in self.info_items), default=0.0)
            * self.info.getTextScale()[0]
            * 1.02
        )
        for node in tops:
            width = room - (
                self.demand.width if node is self.info else 0.0
            )  # the info line: after the dice
            if node is self.info:
                width = max(width, item)
            node.textNode.set_wordwrap(max(width, 0.2) / node.getTextScale()[0])
        if self.info_items:
            tn = self.info.textNode
            self.info.setText(_pack(tn, self.info_items, INFO_SEPARATOR, tn.get_wordwrap()))

    def _keep_out_a2d(self) -> list[tuple[float, float, float, float]]:
        """keep_clear's rectangles in aspect2d units, as the layout sees them: mirrored in a
        right-to-left interface (the layout works from the start side, see ``_sx``)."""
        half_w, half_h, _ = self._half
        if self.rtl:
            return [
                (-b * half_w, -a * half_w, c * half_h, d * half_h) for a, b, c, d in self.keep_out
            ]
        return [(a * half_w, b * half_w, c * half_h, d * half_h) for a, b, c, d in self.keep_out]

    def _sx(self, x: float) -> float:
        """A place across the window as the layout works it out (the lines start at the left)
        to where it stands: mirrored in a right-to-left interface."""
        return -x if self.rtl else x

    def keep_clear(self, rects: list[tuple[float, float, float, float]]) -> None:
        """Rectangles of the window (left, right, bottom, top in [-1, 1]) that the scene shows
        and the HUD must not run over (the other seats' screens and name plates): the top lines
        wrap short of them, the score panel narrows to the room right of them."""
        if rects != self.keep_out:
            self.keep_out = list(rects)
            self._place()

    def place(self) -> None:
        """Place the texts again after their words changed (the sizes stay)."""
        self._place()

    def _place(self) -> None:
        self._fit_top()
        half_w, half_h, margin = self._half
        left, right = -half_w + margin, half_w - margin
        # Top left: each line's top under the one above.
        y = half_h - margin
        y = self._put_top(self.status, left, y) - margin * 0.5
        info_line = self.info.getTextScale()[0] * self.info.textNode.get_line_height()
        after_dice = self.demand.place(left, y, info_line, mirrored=self.rtl)
        y = self._put_top(self.info, after_dice, y) - margin * 0.5
        if self.room.getText():
            y = self._put_top(self.room, left, y) - margin * 0.5
        # Bottom left: the message at the bottom, the prompt above it, then the Awards or, in
        # their place, the coach's hints, anchored above the rows kept for the two lines.
        hinting = bool(self.hints.textNode.get_text())
        y = -half_h + margin
        for node in (self.message, self.prompt):
            y = self._put_bottom(node, left, y) + margin * (1.5 if node is self.prompt else 0.5)
        y = max(y, -half_h + _rows_height(self.prompt, BOTTOM_ROWS) + 3 * margin)
        if hinting:
            self._put_bottom(self.hints, left, y)
            self.meters.root.hide()  # the hints take the meters' place
        elif self.visible and self.meters.progress:
            self.meters.place(left, y, mirrored=self.rtl)
            self.meters.root.show()
        keys_top = self._put_bottom(self.help, right, -half_h + margin)
        if self.score_panel is not None:
            self._put_top(self.score_panel, right, half_h - margin)
        for bar in (self.move_bar, self.hint_bar):
            if bar is not None:
                lowest, leftmost, rightmost = _frames_extent(bar)
                k = bar.get_scale()[0]
                above = keys_top if not self.help.isHidden() else -half_h
                # Its outer edge at the window's: the right, or the left when mirrored.
                x = -right - leftmost * k if self.rtl else right - rightmost * k
                bar.set_pos(x, 0, above + margin - lowest * k)
        self._fit_grounds()

    def _fit_grounds(self) -> None:
        """A panel behind each corner's group of lines, round what it shows now."""
        if not self.visible:
            self.grounds.hide()
            return
        _half_w, _half_h, margin = self._half
        self.grounds.fit(
            {
                "top": (self.status, self.info, self.room, self.demand.root),
                "score": (self.score_panel,) if self.score_panel is not None else (),
                "prizes": (self.hints, self.meters.root),
                "bottom": (self.prompt, self.message),
                "keys": (self.help,),
            },
            pad=margin * 0.8,
        )

    def _put_top(self, node: OnscreenText, x: float, top: float) -> float:
        t, b = _extent(node)
        node.setTextPos(self._sx(x), top - t)
        return top - t + b

    def _put_bottom(self, node: OnscreenText, x: float, bottom: float) -> float:
        t, b = _extent(node)
        node.setTextPos(self._sx(x), bottom - b)
        return bottom - b + t

    # ---- content ------------------------------------------------------------------------------
    def show_message(self, text: str) -> None:
        self.message.setText(text[:1].upper() + text[1:] if text else "")
        self._place()

    def show_hints(self, text: str) -> None:
        """The coach's words (its progress, or the hints numbered 1-3) in the Awards' place;
        "" gives the place back to the Awards."""
        if text == self.hints.textNode.get_text():
            return
        self.hints.setText(text)
        if text and self.visible:
            self.hints.show()
        self._place()

    def toggle_help(self) -> None:
        self.keys_wanted = self.help.isHidden()
        if self.keys_wanted and self.visible:
            self.help.show()
        else:
            self.help.hide()
        self._place()

    def update(self, flow: GameFlow) -> None:
        """The lines from the game flow as it stands (see status_line, prompt_line, info_items),
        the in-demand dice and the meters, placed again."""
        status = status_line(flow)
        if status is not None:
            self.status.setText(status)
        self.prompt.setText(prompt_line(flow))
        self.demand.update(flow)
        self.info_items = info_items(flow)
        self.info.setText(INFO_SEPARATOR.join(self.info_items))
        self.meters.update(flow)
        self._place()

    def set_visible(self, on: bool) -> None:
        """The whole HUD on or off (off behind the new-game screen: no key strip or score panel
        under its form); the key strip comes back only if F2 had not hidden it."""
        self.visible = on
        nodes: list[NodePath] = [self.status, self.info, self.room, self.prompt, self.message]
        nodes.append(self.hints)
        self.demand.show(on)
        if not on:
            self.meters.root.hide()
        elif self.meters.progress and not self.hints.textNode.get_text():
            self.meters.root.show()  # the hints take its place while they are on show
        if self.score_panel is not None:
            nodes.append(self.score_panel)
        for bar in (self.move_bar, self.hint_bar):
            if bar is not None and not on:
                nodes.append(bar)  # they show themselves again (MoveBar.update, Coach.update)
        for n in nodes:
            if on:
                n.show()
            else:
                n.hide()
        if on and self.keys_wanted:
            self.help.show()
        else:
            self.help.hide()
        self._fit_grounds()

    def covered(self) -> list[tuple[float, float, float, float]]:
        """Where the HUD covers the window: each text on show (and the move bar while shown)
        as (left, right, bottom, top) in the window's coordinates (-1 the left or bottom edge,
        +1 the right or top), from this layout's pixels: for a view framed clear of the HUD."""
        w, h = self.size
        to_x, to_y = min(w, h) / w, min(w, h) / h  # aspect2d units to the window's [-1, 1]
        bars = [b for b in (self.move_bar, self.hint_bar) if b is not None and not b.isHidden()]
        parts = [p for p in (self.meters.root, self.demand.root) if not p.is_hidden()]
        boxes = (
            [node.get_tight_bounds(self.root) for node in self.texts()]
            + [_frames_bounds(bar, self.root) for bar in bars]  # the PGItems' frames
            + [part.get_tight_bounds(self.root) for part in parts]
        )
        return [
            (lo.x * to_x, hi.x * to_x, lo.z * to_y, hi.z * to_y)
            for bounds in boxes
            if bounds
            for lo, hi in [bounds]
        ]

    def texts(self) -> list[OnscreenText]:
        """The texts on show (for the layout tests)."""
        return [n for n in self.nodes if not n.isHidden() and n.textNode.get_text()]

    def destroy(self) -> None:
        for n in self.nodes:
            n.destroy()
        self.meters.destroy()
        self.demand.destroy()
        self.grounds.destroy()
        self.root.remove_node()


def status_line(flow: GameFlow) -> str | None:
    """The status line: the round and whose turn it is, the round scored, or the game over;
    None where the flow has no one to play (the line stays as it was)."""
    s = flow.state
    p = flow.current
    if flow.mode is Mode.GAME_OVER:
        return _("The game is over")
    if flow.mode is Mode.ROUND_END and flow.round_end is not None:
        return _(
            "Round {round} of {rounds} is scored",
            round=flow.round_end.result.round,
            rounds=NUM_ROUNDS,
        )
    if p is not None:
        who = plate_name(flow.seats[p])
        return _(
            "Round {round} of {rounds}  -  {name} to play",
            round=s.round,
            rounds=NUM_ROUNDS,
            name=who,
        )
    return None


def prompt_line(flow: GameFlow) -> str:
    """The prompt: what the person at the table may do now, or who is thinking."""
    p = flow.current
    if flow.mode is Mode.TURN:
        return flow.prompt()
    if flow.mode is Mode.BOT and flow.bot_failure is not None:
        return flow.bot_failure  # the game waits: say why, for as long as it waits
    if flow.mode is Mode.BOT and p is not None:
        return flow.waiting_words(p)
    return ""


def info_items(flow: GameFlow) -> list[str]:
    """The info line's items after the in-demand dice: the bag, then every player's VP where
    the scores are open (or the game is over), else the person's own on their turn."""
    s = flow.state
    # No-break spaces: an item wraps whole (the HUD's far-screen room can be narrow).
    items = [_("bag\u00a0{count}", count=len(s.bag))]  # the pool's dice are there to count
    if flow.open_scores or flow.mode is Mode.GAME_OVER:
        items.append(
            _(
                "VP {scores}",
                scores=join_list(
                    [
                        _("{name} {vp}", name=flow.seats[i].name, vp=s.victory_points(i))
                        for i in range(len(flow.seats))
                    ]
                ),
            )
        )
    elif flow.viewer is not None and flow.mode is Mode.TURN:
        items.append(_("your\u00a0VP\u00a0{vp}", vp=s.victory_points(flow.viewer)))
    return items


def _fit_panel(
    panel: OnscreenText,
    half: tuple[float, float, float],
    keep_out: list[tuple[float, float, float, float]],
) -> None:
    """The score panel at its width (PANEL_SHARE of the window), unless it would stand over
    something the scene shows up there (a side seat's name plate, ``keep_out``): then it narrows
    to the room right of that, its lines wrapping between their items. ``half``: the window's
    half width and height and the margin, in aspect2d units."""
    half_w, half_h, margin = half
    tn = panel.textNode
    scale = panel.getTextScale()[0]
    width = max(PANEL_SHARE * 2.0 * half_w - 2 * margin, 0.2)
    right, top = half_w - margin, half_h - margin
    for _pass in range(2):  # narrowed once, it is taller: looked at again
        tn.set_wordwrap(width / scale)
        height = (tn.get_num_rows() or 1) * tn.get_line_height() * scale
        shown = min(width, tn.get_width() * scale)
        box = (right - shown, right, top - height - margin, top)
        clash = [
            r
            for r in keep_out
            if r[0] < box[1] and box[0] < r[1] and r[2] < box[3] and box[2] < r[3]
        ]
        if not clash:
            return
        width = max(min(right - max(r[1] for r in clash) - margin, width), 0.2)
    tn.set_wordwrap(width / scale)


def _rows_height(node: OnscreenText, rows: int) -> float:
    """``rows`` rows of ``node``'s type, in aspect2d units."""
    return rows * node.getTextScale()[0] * node.textNode.get_line_height()


def _extent(node: OnscreenText) -> tuple[float, float]:
    """The text's top and bottom below its first baseline, in aspect2d units."""
    tn = node.textNode
    s = node.getTextScale()[0]
    if not tn.get_text():
        return 0.0, 0.0
    return tn.get_top() * s, tn.get_bottom() * s


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


def _frames_extent(root: NodePath) -> tuple[float, float, float]:
    """The lowest, the leftmost and the rightmost edge of the DirectGUI frames under ``root``,
    in its units."""
    lows, lefts, rights = [0.0], [0.0], [0.0]
    for child in root.get_children():
        node = child.node()
        if not isinstance(node, PGItem):  # a DirectGUI item: the frame it is drawn in
            continue
        fr = node.get_frame()  # (left, right, bottom, top) in the button's own units
        s, pos = child.get_scale(), child.get_pos()
        lows.append(pos.z + fr[2] * s.z)
        lefts.append(pos.x + fr[0] * s.x)
        rights.append(pos.x + fr[1] * s.x)
    return min(lows), min(lefts), max(rights)


def _frames_bounds(root: NodePath, ref: NodePath) -> tuple[Point3, Point3] | None:
    """The box of the DirectGUI frames under ``root`` (drawn by their PGItems, which a node's
    tight bounds miss), in ``ref``'s units."""
    pts = [
        ref.get_relative_point(child, Point3(x, 0, z))
        for child in root.get_children()
        for node in [child.node()]
        if isinstance(node, PGItem)
        for fr in [node.get_frame()]
        for x in (fr[0], fr[1])
        for z in (fr[2], fr[3])
    ]
    if not pts:
        return None
    return (
        Point3(min(p.x for p in pts), 0, min(p.z for p in pts)),
        Point3(max(p.x for p in pts), 0, max(p.z for p in pts)),
    )
