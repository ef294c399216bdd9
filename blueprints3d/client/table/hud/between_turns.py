"""Between the turns: the curtain of a pass-and-play game, a round's reveal and summary, and the
game's final standings beside the podium of one player's buildings.

``BetweenTurns.show`` puts up whichever of them the game's mode asks for, and takes down the
others; the app calls it as it brings the table in line with the game (``TableApp.refresh``),
before the view moves (``before_sync``: the reveal starts from the table as it was) and after.
"""

from __future__ import annotations

from collections.abc import Callable

from blueprints3d.client.table.hud.hud import Hud
from blueprints3d.client.table.hud.overlays import TableScreens
from blueprints3d.client.table.model.flow import GameFlow, Mode
from blueprints3d.client.table.view.podium import Podium
from blueprints3d.client.table.view.reveal import RevealPlayer
from blueprints3d.client.table.view.table_view import TableView
from blueprints3d.engine.rules import NUM_ROUNDS
from blueprints3d.i18n import _


class BetweenTurns:
    """``go_on`` continues after a round's summary, ``lift_curtain`` passes the curtain,
    ``new_game`` and ``quit`` are the standings' buttons, ``drop_drag`` lets go of a die in hand
    as the curtain falls."""

    def __init__(
        self,
        screens: TableScreens,
        hud: Hud,
        podium: Podium,
        *,
        go_on: Callable[[], None],
        lift_curtain: Callable[[], None],
        new_game: Callable[[], None],
        quit: Callable[[], None],
        drop_drag: Callable[[], None],
    ) -> None:
        self.screens, self.hud, self.podium = screens, hud, podium
        self._go_on, self._lift_curtain = go_on, lift_curtain
        self._new_game, self._quit, self._drop_drag = new_game, quit, drop_drag
        self.flow: GameFlow | None = None
        self.view: TableView | None = None
        self.reveal: RevealPlayer | None = None

    def attach(self, flow: GameFlow, view: TableView, reveal: RevealPlayer) -> None:
        """A new game's table."""
        self.flow, self.view, self.reveal = flow, view, reveal

    @property
    def holds_camera(self) -> bool:
        """The reveal moves the camera from building to building and the podium holds it."""
        return self.reveal is not None and self.reveal.active or self.podium.active

    def before_sync(self, flow: GameFlow, reveal: RevealPlayer) -> None:
        """A round just scored starts its paced reveal (before the view moves a card; the summary
        follows it, ``show_summary``); any other mode ends the reveal and the summary."""
        if flow.mode is Mode.ROUND_END and flow.round_end is not None:
            if reveal.end is not flow.round_end:
                self.screens.summary.exit()
                self.hud.set_visible(False)
                reveal.start(flow.round_end, [s.name for s in flow.seats])
        else:
            if reveal.active:
                reveal.stop()
                self.hud.set_visible(True)
            self.screens.summary.exit()

    def after_sync(self, flow: GameFlow) -> None:
        """The curtain while it is down, the standings once the game is over."""
        screens = self.screens
        if flow.mode is Mode.CURTAIN:
            if not screens.curtain.active:
                self._drop_drag()
                assert (
                    flow.current is not None
                )  # the curtain falls for a person to move (flow._begin_turn)
                screens.curtain.enter(flow.seats[flow.current].name, self._lift_curtain)
        else:
            screens.curtain.exit()
        if flow.mode is Mode.GAME_OVER:
            if not screens.standings.active:
                self.show_standings()
        else:
            screens.standings.exit()
            self.podium.hide()

    def show_summary(self) -> None:
        """The reveal has come to its end: the round's table beside the buildings."""
        flow = self.flow
        end = flow.round_end if flow is not None else None
        if flow is None or end is None:
            return
        self.screens.summary.enter(
            end,
            [s.name for s in flow.seats],
            end.result.round == NUM_ROUNDS,
            self._go_on,
            self.replay_reveal,
        )

    def replay_reveal(self) -> None:
        """ "Watch again" on the round summary."""
        if self.reveal is not None and self.reveal.end is not None:
            self.screens.summary.exit()
            self.reveal.replay()

    def show_standings(self, player: int | None = None) -> None:
        """The final standings beside one player's buildings (the first winner's at first)."""
        flow, view = self.flow, self.view
        if flow is None or view is None:
            return
        res = flow.state.result()
        assert res is not None, "the standings are for a game that is over"  # after_sync: GAME_OVER
        if player is None:
            player = res.winners[0] if self.podium.player is None else self.podium.player
        view.put_away(True)
        self.hud.set_visible(False)
        after = flow.seats[(player + 1) % len(flow.seats)].name
        standings = self.screens.standings
        standings.enter(
            flow.state.round_results,
            res,
            [s.name for s in flow.seats],
            [
                (_("{name}'s buildings", name=after), self.next_podium),
                (_("New game"), self._new_game),
                (_("Quit"), self._quit),
            ],
        )
        # The row of buildings is framed clear of the panel (in whatever shape of window).
        self.podium.show(
            flow.state.round_results,
            player,
            flow.seats[player].name,
            view.centre_heading,
            covered=lambda: [r for r in (standings.window_rect(),) if r is not None],
        )

    def next_podium(self) -> None:
        """The standings' "<next player>'s buildings": the row shows the next player's three."""
        if self.flow is not None and self.podium.player is not None:
            self.screens.standings.exit()
            self.show_standings((self.podium.player + 1) % len(self.flow.seats))

    def relayout(self) -> None:
        """The window changed shape: the summary and the standings are laid out again."""
        if self.screens.summary.active:
            self.show_summary()
        if self.screens.standings.active:
            self.screens.standings.exit()
            self.show_standings()
