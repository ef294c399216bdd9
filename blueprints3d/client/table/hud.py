"""The heads-up display: whose turn, the round, the in-demand materials, the last message, key help.

Plain text on the 2D overlay; it shows what the game flow says and never decides anything.
"""

from __future__ import annotations

from direct.gui.OnscreenText import OnscreenText
from panda3d.core import NodePath, TextNode

from blueprints3d.client.table.flow import GameFlow, Mode
from blueprints3d.engine.rules import round_text

KEY_HELP = ("mouse: drag a pool die onto your card  |  right-drag: orbit  wheel: zoom  "
            "|  keys: left/right pick a die, enter, arrows or 1-6 a space, enter  "
            "|  Q/E W/S orbit, +/- zoom, R reset  |  F5 save game  F6 save my building  "
            "|  Esc menu  F1 help")


class Hud:
    def __init__(self, aspect2d: NodePath, a2d_top_left: NodePath, a2d_bottom_left: NodePath) -> None:
        self.root = aspect2d.attach_new_node("hud")
        self.status = OnscreenText(parent=a2d_top_left, text="", pos=(0.04, -0.08), scale=0.05,
                                   align=TextNode.A_left, fg=(1, 1, 1, 1), shadow=(0, 0, 0, 0.8),
                                   mayChange=True)
        self.info = OnscreenText(parent=a2d_top_left, text="", pos=(0.04, -0.15), scale=0.04,
                                 align=TextNode.A_left, fg=(0.92, 0.92, 0.85, 1), shadow=(0, 0, 0, 0.8),
                                 mayChange=True)
        self.prompt = OnscreenText(parent=a2d_bottom_left, text="", pos=(0.04, 0.24), scale=0.055,
                                   align=TextNode.A_left, fg=(1, 1, 1, 1), shadow=(0, 0, 0, 0.9),
                                   mayChange=True, wordwrap=40)
        self.message = OnscreenText(parent=a2d_bottom_left, text="", pos=(0.04, 0.16), scale=0.045,
                                    align=TextNode.A_left, fg=(1, 0.92, 0.55, 1), shadow=(0, 0, 0, 0.9),
                                    mayChange=True, wordwrap=40)
        self.help = OnscreenText(parent=a2d_bottom_left, text=KEY_HELP, pos=(0.04, 0.04), scale=0.03,
                                 align=TextNode.A_left, fg=(0.85, 0.85, 0.85, 1), shadow=(0, 0, 0, 0.8),
                                 mayChange=True, wordwrap=75)
        self.nodes = [self.status, self.info, self.prompt, self.message, self.help]

    def show_message(self, text: str) -> None:
        self.message.setText(text[:1].upper() + text[1:] if text else "")

    def toggle_help(self) -> None:
        if self.help.isHidden():
            self.help.show()
        else:
            self.help.hide()

    def update(self, flow: GameFlow) -> None:
        s = flow.state
        p = flow.current
        if flow.mode is Mode.GAME_OVER:
            self.status.setText("The game is over")
        elif flow.mode is Mode.ROUND_END and flow.round_end is not None:
            self.status.setText(f"{_capital(round_text(flow.round_end.result.round))} is scored")
        elif p is not None:
            who = flow.seats[p].name
            kind = "" if flow.seats[p].is_person else " (computer)"
            self.status.setText(f"{_capital(round_text(s.round))}  -  {who}{kind} to play")
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
        info = f"In demand: 1st {first.colour} ({first.label}), 2nd {second.colour} ({second.label})"
        info += f"   |   bag {len(s.bag)}   pool {len(s.pool)}"
        if flow.open_scores or flow.mode is Mode.GAME_OVER:
            info += "   |   VP " + ", ".join(f"{flow.seats[i].name} {s.victory_points(i)}"
                                            for i in range(len(flow.seats)))
        elif flow.viewer is not None and flow.mode is Mode.TURN:
            info += f"   |   your VP {s.victory_points(flow.viewer)} (secret)"
        self.info.setText(info)

    def set_visible(self, on: bool) -> None:
        for n in (self.status, self.info, self.prompt, self.message):
            if on:
                n.show()
            else:
                n.hide()

    def destroy(self) -> None:
        for n in self.nodes:
            n.destroy()
        self.root.remove_node()


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
