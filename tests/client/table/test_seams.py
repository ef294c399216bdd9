"""The table's parts read and tested alone: each is driven here through the narrow Protocol it
takes (``InputTable``, ``LooksTable``, ``NetHost``, ``LessonTable`` and ``DieInHand``), by a small
hand-written fake that records what the part asks of the table. No TableApp and no window: the
input's key bindings are Panda3D's messenger, which needs none, and the lesson draws on a bare
NodePath.

The fakes hand their parts out as the real types (a cast: they only duck-type them), so the
annotated assignments at the bottom let mypy confirm that each fake has every member its
Protocol names, with the same signatures (``venv/bin/python -m mypy tests/client/table/test_seams.py``).
"""

from __future__ import annotations

from typing import Any, cast

import pytest
from direct.showbase.MessengerGlobal import messenger
from direct.showbase.ShowBase import ShowBase
from direct.task.Task import Task
from panda3d.core import GraphicsOutput, NodePath

from blueprints3d.client.render import config
from blueprints3d.client.scene import dice_model
from blueprints3d.client.scene.camera import OrbitCamera
from blueprints3d.client.scene.picking import Picker
from blueprints3d.client.table.appearance import LooksTable, apply_settings, speak
from blueprints3d.client.table.controls.table_controls import TableControls
from blueprints3d.client.table.controls.table_input import CLOSE_EVENT, InputTable, TableInput
from blueprints3d.client.table.hud import tutorial as lesson
from blueprints3d.client.table.hud.hud import Hud
from blueprints3d.client.table.hud.move_bar import HintButton, MoveBar
from blueprints3d.client.table.hud.new_game import REMOTE_SEAT
from blueprints3d.client.table.hud.overlays import TableScreens
from blueprints3d.client.table.hud.tutorial import DieInHand, LessonTable, Tutorial
from blueprints3d.client.table.model.flow import GameFlow, Mode, SeatConfig
from blueprints3d.client.table.model.options import AppOptions
from blueprints3d.client.table.model.pointer import HeldPointer
from blueprints3d.client.table.model.remote_flow import NetStart
from blueprints3d.client.table.model.saving import TableSaving
from blueprints3d.client.table.net import net_table
from blueprints3d.client.table.net.net_table import NetHost, NetTable
from blueprints3d.client.table.view.camera_rig import CameraRig
from blueprints3d.client.table.view.coach_view import Coach
from blueprints3d.client.table.view.reveal import RevealPlayer
from blueprints3d.client.table.view.table_sounds import TableSounds
from blueprints3d.client.table.view.table_view import TableView
from blueprints3d.files import net_seats
from blueprints3d.files.settings import Settings
from blueprints3d.i18n import language
from blueprints3d.net.connection import RECONNECTING
from blueprints3d.net.incoming import Incoming
from blueprints3d.presentation.demos import coach as coach_words

Log = list[str]  # what the parts were asked, in order: "screens.open_menu", "controls.key escape"


# ---- the fake parts: each records its calls in the table's one log ---------------------------
class FakeScreen:
    """One screen (the menu, the curtain, the join screen...): on show or not, and its error line."""

    def __init__(self, log: Log, name: str) -> None:
        self.log, self.name = log, name
        self.active = False
        self.error: dict[str, str] = {}
        self.entered: tuple[Any, ...] = ()

    def enter(self, *args: Any) -> None:
        self.log.append(f"{self.name}.enter")
        self.entered, self.active = args, True

    def exit(self) -> None:
        self.log.append(f"{self.name}.exit")
        self.active = False

    def rebuild(self) -> None:
        self.log.append(f"{self.name}.rebuild")


class FakeScreens:
    def __init__(self, log: Log) -> None:
        self.log = log
        self.is_blocked = False  # a screen over the table takes the pointer and the play keys
        self.backs_out = False  # Esc closes a screen (``escape`` says it took the key)
        self.pausing = False
        self.menu, self.confirm = FakeScreen(log, "menu"), FakeScreen(log, "confirm")
        self.curtain, self.summary = FakeScreen(log, "curtain"), FakeScreen(log, "summary")
        self.new_game_screen = FakeScreen(log, "new_game_screen")
        self.join = FakeScreen(log, "join")
        self.settings_screen = FakeScreen(log, "settings_screen")

    def blocked(self) -> bool:
        return self.is_blocked

    def pauses(self) -> bool:
        return self.pausing

    def escape(self) -> bool:
        self.log.append("screens.escape")
        return self.backs_out

    def open_menu(self) -> None:
        self.log.append("screens.open_menu")

    def toggle_help(self) -> None:
        self.log.append("screens.toggle_help")

    def ask_to_quit(self) -> None:
        self.log.append("screens.ask_to_quit")

    def close_all(self) -> None:
        self.log.append("screens.close_all")


class FakeText:
    def __init__(self) -> None:
        self.text = ""

    def getText(self) -> str:
        return self.text

    def setText(self, text: str) -> None:
        self.text = text


class FakeHud:
    def __init__(self, log: Log) -> None:
        self.log = log
        self.room = FakeText()  # the join address in the lower corner
        self.messages: list[str] = []
        self.visible = False

    def set_visible(self, on: bool) -> None:
        self.visible = on

    def show_message(self, text: str) -> None:
        self.messages.append(text)

    def toggle_help(self) -> None:
        self.log.append("hud.toggle_help")

    def covered(self) -> list[object]:
        return []

    def place(self) -> None:
        self.log.append("hud.place")

    def relabel(self) -> None:
        self.log.append("hud.relabel")


class FakeLabelled:
    """The move bar or the hint button: only its words matter here."""

    def __init__(self, log: Log, name: str) -> None:
        self.log, self.name = log, name

    def relabel(self) -> None:
        self.log.append(f"{self.name}.relabel")


class FakeCameraRig:
    def __init__(self, log: Log) -> None:
        self.log = log
        self.why_not = ""

    def start_orbit(self, m: tuple[float, float] | None) -> None:
        self.log.append(f"camera_rig.start_orbit {m}")

    def end_orbit(self) -> None:
        self.log.append("camera_rig.end_orbit")

    def follow_orbit(self, m: tuple[float, float] | None) -> None:
        self.log.append(f"camera_rig.follow_orbit {m}")

    def orbit_by_key(self, dh: float, dp: float) -> None:
        self.log.append(f"camera_rig.orbit_by_key {dh} {dp}")

    def zoom(self, factor: float, m: tuple[float, float] | None) -> None:
        self.log.append(f"camera_rig.zoom {factor} {m}")

    def toggle_close_up(self, flow: object, view: object, covered: object) -> str:
        self.log.append("camera_rig.toggle_close_up")
        return self.why_not


class FakeCamera:
    def __init__(self, log: Log) -> None:
        self.log = log

    def reset(self) -> None:
        self.log.append("camera.reset")


class FakeSaving:
    def __init__(self, log: Log) -> None:
        self.log = log

    def save_game_copy(self) -> None:
        self.log.append("saving.save_game_copy")

    def save_building(self) -> None:
        self.log.append("saving.save_building")


class FakeBank:
    def __init__(self, log: Log) -> None:
        self.log = log
        self.volume: float | None = None
        self.muted: bool | None = None

    def cancel(self) -> None:
        self.log.append("bank.cancel")

    def set_volume(self, volume: float) -> None:
        self.volume = volume

    def set_muted(self, muted: bool) -> None:
        self.muted = muted


class FakeSounds:
    def __init__(self, log: Log) -> None:
        self.bank = FakeBank(log)


class FakeCoach:
    def __init__(self, log: Log) -> None:
        self.log = log
        self.active = False  # the hints on show
        self.enabled: bool | None = None

    def toggle(self) -> None:
        self.log.append("coach.toggle")

    def clear(self) -> None:
        self.log.append("coach.clear")

    def set_enabled(self, on: bool) -> None:
        self.enabled = on


class FakeKeys:
    def __init__(self) -> None:
        self.choosing_cell = False  # a die chosen with the keys, its space being chosen


class FakeControls:
    def __init__(self, log: Log) -> None:
        self.log = log
        self.drag: object | None = None
        self.keys = FakeKeys()

    def press(self, x: float, y: float) -> None:
        self.log.append(f"controls.press {x} {y}")

    def release(self, x: float, y: float) -> None:
        self.log.append(f"controls.release {x} {y}")

    def move(self, x: float, y: float) -> None:
        self.log.append(f"controls.move {x} {y}")

    def hover(self, x: float, y: float) -> None:
        self.log.append(f"controls.hover {x} {y}")

    def pointer_gone(self) -> None:
        self.log.append("controls.pointer_gone")

    def update_cursor(self) -> None:
        self.log.append("controls.update_cursor")

    def cancel_drag(self) -> None:
        self.log.append("controls.cancel_drag")

    def confirm(self) -> None:
        self.log.append("controls.confirm")

    def undo(self) -> None:
        self.log.append("controls.undo")

    def key(self, name: str) -> None:
        self.log.append(f"controls.key {name}")


class FakeView:
    def __init__(self, log: Log) -> None:
        self.log = log
        self.throw_in_flight = False
        self.animating = False
        self.animations: str | None = None

    def finish_all(self) -> None:
        self.log.append("view.finish_all")

    def set_animations(self, animations: str) -> None:
        self.animations = animations

    def relabel(self, plates: list[str]) -> None:
        self.log.append(f"view.relabel {plates}")


class FakeFlow:
    """The little of a game flow the input and the settings touch."""

    def __init__(self) -> None:
        self.mode = Mode.TURN
        self.pending: object | None = None
        self.seats = [SeatConfig("Ann"), SeatConfig("Cy", "easy")]
        self.bot_delay = 0.8
        self.confirm_moves = False
        self.followed: list[str] = []

    def follow_language(self) -> bool:
        """As GameFlow: the default seat names follow a change of language (a typed one stays)."""
        self.followed.append("language")
        return False


class FakeReveal:
    def __init__(self, log: Log) -> None:
        self.log = log
        self.active = False
        self.waits = False
        self.at_summary = False
        self.step: object | None = None
        self.avoid: Any = None
        self.reader: Any = None

    def advance(self) -> None:
        self.log.append("reveal.advance")

    def skip_all(self) -> None:
        self.log.append("reveal.skip_all")

    def next_step(self) -> None:
        self.log.append("reveal.next_step")

    def stop(self) -> None:
        self.log.append("reveal.stop")

    def wait_for_reader(self, go_on: Any) -> None:
        self.reader = go_on


class FakeLesson:
    """The lesson as the input sees it: whether it takes a key or a click."""

    def __init__(self, log: Log) -> None:
        self.log = log
        self.takes = False

    def key(self, name: str) -> bool:
        self.log.append(f"tutorial.key {name}")
        return self.takes

    def click(self, x: float, y: float) -> bool:
        self.log.append(f"tutorial.click {x} {y}")
        return self.takes


class FakeOutput:
    def __init__(self, log: Log) -> None:
        self.log = log

    def set_close_request_event(self, name: str) -> None:
        self.log.append(f"output.set_close_request_event {name}")

    def clear_close_request_event(self) -> None:
        self.log.append("output.clear_close_request_event")


class FakeTask:
    cont, DS_done = Task.cont, Task.DS_done


class FakeTaskMgr:
    def __init__(self, log: Log) -> None:
        self.log = log
        self.added: list[tuple[Any, str]] = []

    def add(self, fn: Any, name: str, sort: int = 0) -> FakeTask:
        self.log.append(f"taskMgr.add {name}")
        self.added.append((fn, name))
        return FakeTask()

    def remove(self, task: object) -> None:
        self.log.append("taskMgr.remove")


class FakeBase:
    def __init__(self, log: Log) -> None:
        self.taskMgr = FakeTaskMgr(log)
        self.aspect2d = NodePath("aspect2d")  # a bare node: nothing is drawn


class Parts:
    """Every fake part, typed as the fake it is (the tables hand them out as the real types)."""

    def __init__(self) -> None:
        self.log: Log = []
        log = self.log
        self.output, self.base = FakeOutput(log), FakeBase(log)
        self.camera, self.camera_rig = FakeCamera(log), FakeCameraRig(log)
        self.screens, self.hud = FakeScreens(log), FakeHud(log)
        self.move_bar, self.hint_button = FakeLabelled(log, "move_bar"), FakeLabelled(log, "hint")
        self.saving, self.sounds, self.coach = FakeSaving(log), FakeSounds(log), FakeCoach(log)
        self.options = AppOptions()
        self.settings = Settings()
        self.scene = NodePath("scene")
        # The parts that come and go with a game: a test puts in the ones it needs.
        self.flow: FakeFlow | None = None
        self.view: FakeView | None = None
        self.controls: FakeControls | None = None
        self.reveal: FakeReveal | None = None
        self.tutorial: FakeLesson | None = None

    def with_game(self) -> Parts:
        self.flow, self.view, self.controls = FakeFlow(), FakeView(self.log), FakeControls(self.log)
        self.reveal = FakeReveal(self.log)
        return self


# ---- the fake tables: each is its Protocol's members, and nothing more ------------------------
class FakeInputTable:
    def __init__(self, parts: Parts) -> None:
        self.parts = parts

    @property
    def output(self) -> GraphicsOutput:
        return cast(GraphicsOutput, self.parts.output)

    @property
    def camera(self) -> OrbitCamera:
        return cast(OrbitCamera, self.parts.camera)

    @property
    def camera_rig(self) -> CameraRig:
        return cast(CameraRig, self.parts.camera_rig)

    @property
    def screens(self) -> TableScreens:
        return cast(TableScreens, self.parts.screens)

    @property
    def hud(self) -> Hud:
        return cast(Hud, self.parts.hud)

    @property
    def saving(self) -> TableSaving:
        return cast(TableSaving, self.parts.saving)

    @property
    def sounds(self) -> TableSounds:
        return cast(TableSounds, self.parts.sounds)

    @property
    def coach(self) -> Coach:
        return cast(Coach, self.parts.coach)

    @property
    def flow(self) -> GameFlow | None:
        return cast(GameFlow | None, self.parts.flow)

    @property
    def view(self) -> TableView | None:
        return cast(TableView | None, self.parts.view)

    @property
    def controls(self) -> TableControls | None:
        return cast(TableControls | None, self.parts.controls)

    @property
    def reveal(self) -> RevealPlayer | None:
        return cast(RevealPlayer | None, self.parts.reveal)

    @property
    def tutorial(self) -> Tutorial | None:
        return cast(Tutorial | None, self.parts.tutorial)

    def on_window_event(self, window: GraphicsOutput) -> None:
        self.parts.log.append("app.on_window_event")

    def pass_curtain(self) -> None:
        self.parts.log.append("app.pass_curtain")

    def continue_round(self) -> None:
        self.parts.log.append("app.continue_round")


class FakeLooksTable:
    def __init__(self, parts: Parts) -> None:
        self.parts = parts

    @property
    def base(self) -> ShowBase:
        return cast(ShowBase, self.parts.base)

    @property
    def options(self) -> AppOptions:
        return self.parts.options

    @property
    def scene(self) -> NodePath:
        return self.parts.scene

    @property
    def sounds(self) -> TableSounds:
        return cast(TableSounds, self.parts.sounds)

    @property
    def coach(self) -> Coach:
        return cast(Coach, self.parts.coach)

    @property
    def hud(self) -> Hud:
        return cast(Hud, self.parts.hud)

    @property
    def move_bar(self) -> MoveBar:
        return cast(MoveBar, self.parts.move_bar)

    @property
    def hint_button(self) -> HintButton:
        return cast(HintButton, self.parts.hint_button)

    @property
    def screens(self) -> TableScreens:
        return cast(TableScreens, self.parts.screens)

    @property
    def flow(self) -> GameFlow | None:
        return cast(GameFlow | None, self.parts.flow)

    @property
    def view(self) -> TableView | None:
        return cast(TableView | None, self.parts.view)

    def refresh(self, animate: bool = True) -> None:
        self.parts.log.append(f"app.refresh animate={animate}")


class FakeNetHost:
    def __init__(self, parts: Parts) -> None:
        self.parts = parts
        self.started: list[tuple[list[SeatConfig], GameFlow | None]] = []

    @property
    def screens(self) -> TableScreens:
        return cast(TableScreens, self.parts.screens)

    @property
    def hud(self) -> Hud:
        return cast(Hud, self.parts.hud)

    @property
    def settings(self) -> Settings:
        return self.parts.settings

    @property
    def flow(self) -> GameFlow | None:
        return cast(GameFlow | None, self.parts.flow)

    @property
    def view(self) -> TableView | None:
        return cast(TableView | None, self.parts.view)

    def start_game(self, seats: list[SeatConfig], *, flow: GameFlow | None = None) -> None:
        self.started.append((seats, flow))

    def show_new_game(self) -> None:
        self.parts.log.append("app.show_new_game")


class FakeLessonTable:
    """The lesson's table: a real game flow (the coach reads the game as it stands), fakes for
    the rest; no view, so the coach's pointer line has nowhere to point and is not drawn."""

    def __init__(self, parts: Parts) -> None:
        self.parts = parts
        self.flow: GameFlow | None = None
        self.games: list[tuple[list[SeatConfig], int | None, bool, int | None]] = []

    @property
    def base(self) -> ShowBase:
        return cast(ShowBase, self.parts.base)

    @property
    def options(self) -> AppOptions:
        return self.parts.options

    @property
    def screens(self) -> TableScreens:
        return cast(TableScreens, self.parts.screens)

    @property
    def picker(self) -> Picker:
        return cast(Picker, None)  # asked only with a view on the table

    @property
    def view(self) -> TableView | None:
        return None

    @property
    def reveal(self) -> RevealPlayer | None:
        return cast(RevealPlayer | None, self.parts.reveal)

    @property
    def controls(self) -> DieInHand | None:
        return self.parts.controls  # the fake controls are a DieInHand as they are: no cast

    def size(self) -> tuple[int, int]:
        return (1024, 768)

    def start_game(
        self,
        seats: list[SeatConfig],
        seed: int | None = None,
        open_scores: bool = False,
        start: int | None = 0,
    ) -> None:
        self.games.append((seats, seed, open_scores, start))
        self.flow = GameFlow(
            seats, seed=seed, open_scores=open_scores, start_player=start, threaded_bots=False
        )
        self.parts.reveal = FakeReveal(self.parts.log)

    def show_new_game(self) -> None:
        self.parts.log.append("app.show_new_game")

    def quit(self) -> None:
        self.parts.log.append("app.quit")


# ---- TableInput --------------------------------------------------------------------------------
@pytest.fixture
def table_input():
    """A TableInput bound to Panda3D's messenger on a fake table with a game on it; unbound after."""
    parts = Parts().with_game()
    pointer = HeldPointer(at=(0.25, -0.5))
    made = TableInput(FakeInputTable(parts), pointer)
    yield made, parts, pointer
    made.destroy()


def test_escape_closes_a_screen_then_cancels_a_choice_then_hides_hints_then_opens_the_menu(
    table_input,
):
    _input, parts, _pointer = table_input
    assert parts.controls is not None
    log = parts.log

    parts.screens.backs_out = True  # a screen on show: Esc closes it, nothing more
    parts.controls.keys.choosing_cell = True
    parts.coach.active = True
    log.clear()
    messenger.send("escape")
    assert log == ["screens.escape"]

    parts.screens.backs_out = False  # no screen: the cell being chosen is cancelled
    log.clear()
    messenger.send("escape")
    assert log == ["screens.escape", "controls.key escape"]

    parts.controls.keys.choosing_cell = False  # no choice: the hints are hidden
    log.clear()
    messenger.send("escape")
    assert log == ["screens.escape", "coach.clear"]

    parts.coach.active = False  # nothing else: the drag is dropped and the menu opens
    log.clear()
    messenger.send("escape")
    assert log == ["screens.escape", "controls.cancel_drag", "screens.open_menu"]

    # Behind a screen Esc does not close (the curtain), the choice and the hints stay: the menu.
    parts.screens.is_blocked = True
    parts.controls.keys.choosing_cell = parts.coach.active = True
    log.clear()
    messenger.send("escape")
    assert log == ["screens.escape", "controls.cancel_drag", "screens.open_menu"]


def test_space_skips_a_throw_in_flight_and_its_sounds(table_input):
    _input, parts, _pointer = table_input
    assert parts.view is not None
    parts.view.throw_in_flight = True
    parts.log.clear()
    messenger.send("space")
    assert parts.log == ["view.finish_all", "bank.cancel"]  # not a play: the controls never hear it

    parts.view.throw_in_flight = False  # no throw: Space is the controls' (it plays)
    parts.log.clear()
    messenger.send("space")
    assert parts.log == ["controls.key space"]


@pytest.mark.parametrize("key", ["enter", "space"])
def test_enter_or_space_lifts_the_curtain_and_goes_on_after_the_summary(table_input, key):
    _input, parts, _pointer = table_input
    screens = parts.screens
    screens.is_blocked = True  # the curtain and the summary cover the table
    screens.curtain.active = True
    parts.log.clear()
    messenger.send(key)
    assert parts.log == ["app.pass_curtain"]

    screens.curtain.active, screens.summary.active = False, True
    parts.log.clear()
    messenger.send(key)
    assert parts.log == ["app.continue_round"]

    screens.menu.active = True  # the menu over the summary keeps the key: nothing goes on
    parts.log.clear()
    messenger.send(key)
    assert parts.log == []


def test_nothing_happens_behind_a_screen(table_input):
    _input, parts, pointer = table_input
    parts.screens.is_blocked = True
    parts.log.clear()
    for event in ("mouse1", "1", "arrow_left", "backspace", "h", "c"):
        messenger.send(event)
    assert parts.log == []

    parts.screens.is_blocked = False  # the same presses, with the table in view
    messenger.send("mouse1")
    messenger.send("1")
    messenger.send("h")
    assert parts.log == ["controls.press 0.25 -0.5", "controls.key 1", "coach.toggle"]

    pointer.on_gui = True  # over a button: the click is the button's
    parts.log.clear()
    messenger.send("mouse1")
    assert parts.log == []


def test_the_lesson_hears_keys_and_clicks_first(table_input):
    _input, parts, _pointer = table_input
    parts.tutorial = FakeLesson(parts.log)
    parts.tutorial.takes = True
    parts.log.clear()
    messenger.send("enter")
    messenger.send("mouse1")
    assert parts.log == ["tutorial.key enter", "tutorial.click 0.25 -0.5"]

    parts.tutorial.takes = False
    parts.log.clear()
    messenger.send("enter")
    assert parts.log == ["tutorial.key enter", "controls.key enter"]


def test_the_windows_close_button_asks_to_quit_until_the_input_is_put_away():
    parts = Parts()
    made = TableInput(FakeInputTable(parts), HeldPointer())
    assert parts.log == [f"output.set_close_request_event {CLOSE_EVENT}"]
    messenger.send(CLOSE_EVENT)
    messenger.send("f1")  # the help screen, with no game on the table
    messenger.send("wheel_up")
    assert parts.log[1:] == [
        "screens.ask_to_quit",
        "screens.toggle_help",
        "camera_rig.zoom 0.9 None",
    ]

    made.destroy()
    assert parts.log[-1] == "output.clear_close_request_event"
    parts.log.clear()
    for event in (CLOSE_EVENT, "escape", "f1"):
        messenger.send(event)
    assert parts.log == []  # unbound: nothing hears the keys any more


# ---- appearance -------------------------------------------------------------------------------
@pytest.fixture
def symbols_kept():
    """The material symbols are a process-wide setting: as they were after the test."""
    before = dice_model.symbols_shown()
    yield
    dice_model.show_material_symbols(before)


def looks(parts: Parts) -> FakeLooksTable:
    return FakeLooksTable(parts)


def test_apply_settings_sets_sound_speed_moves_animations_and_hints(symbols_kept):
    parts = Parts().with_game()
    assert parts.flow is not None and parts.view is not None
    settings = Settings(
        volume=40,
        mute=True,
        bot_speed="slow",
        confirm_moves=True,
        animations="off",
        hints=False,
        material_symbols=dice_model.symbols_shown(),
    )
    apply_settings(looks(parts), settings)
    assert parts.sounds.bank.volume == pytest.approx(0.4)
    assert parts.sounds.bank.muted is True
    assert parts.flow.bot_delay == pytest.approx(2.0 * config.BOT_DELAY.get_value())
    assert parts.flow.confirm_moves is True
    assert parts.view.animations == "off"
    assert parts.coach.enabled is False
    assert parts.log == []  # nothing of the looks changed: no refresh, no relabelling


def test_the_command_lines_choices_outrank_the_settings(symbols_kept):
    parts = Parts().with_game()
    assert parts.flow is not None
    parts.options.bot_delay = 0.1  # --bot-delay: the settings' speed does not touch it
    parts.options.mute = True  # --mute: silent whatever the settings say
    apply_settings(looks(parts), Settings(mute=False, bot_speed="instant"))
    assert parts.flow.bot_delay == 0.8
    assert parts.sounds.bank.muted is True


def test_apply_settings_between_games_touches_only_the_table(symbols_kept):
    parts = Parts()  # no flow, no view
    apply_settings(looks(parts), Settings(hints=True, volume=100))
    assert parts.coach.enabled is True and parts.sounds.bank.volume == pytest.approx(1.0)


def test_material_symbols_change_the_dice_at_once(symbols_kept):
    parts = Parts()
    dice_model.show_material_symbols(False)
    apply_settings(looks(parts), Settings(material_symbols=True))
    assert dice_model.symbols_shown()
    assert parts.log == ["app.refresh animate=False"]


def test_a_new_language_relabels_the_hud_the_move_bar_the_hint_button_and_the_view(symbols_kept):
    parts = Parts().with_game()
    assert language() == "en"
    apply_settings(looks(parts), Settings(language="de"))
    assert language() == "de"
    assert parts.log == [
        "hud.relabel",
        "move_bar.relabel",
        "hint.relabel",
        "view.relabel ['Ann', 'Cy (leicht)']",  # the plates in the new language
        "app.refresh animate=False",
        "taskMgr.add speak-settings",
    ]
    assert parts.flow is not None and parts.flow.followed == ["language"]  # names follow
    # The settings screen the change was made on is built again on the next frame.
    (later, _name), *_ = parts.base.taskMgr.added
    parts.log.clear()
    assert later(None) is None  # once
    assert parts.log == ["settings_screen.rebuild"]


def test_speak_between_games_leaves_the_view_alone():
    parts = Parts()
    speak(looks(parts), "de")
    assert language() == "de"
    assert not any(entry.startswith("view.") for entry in parts.log)
    assert "hud.relabel" in parts.log and "app.refresh animate=False" in parts.log


# ---- NetTable ---------------------------------------------------------------------------------
class FakeConnection:
    """A link that never touches the network: what it "receives" is what the test puts in."""

    made: list[FakeConnection] = []

    def __init__(
        self, server: str, room: str, name: str, token: str | None, seat_code: str | None = None
    ) -> None:
        self.server, self.room, self.name, self.token = server, room, name, token
        self.seat_code = seat_code
        self.seat: int | None = None
        self.inbox: list[Incoming] = []
        self.closed = False
        FakeConnection.made.append(self)

    def start(self) -> FakeConnection:
        return self

    def poll(self, most: int = 64) -> list[Incoming]:
        got, self.inbox = self.inbox[:most], self.inbox[most:]
        return got

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def links(monkeypatch):
    made: list[FakeConnection] = []
    monkeypatch.setattr(FakeConnection, "made", made)
    monkeypatch.setattr(net_table, "Connection", FakeConnection)
    return made


START = NetStart("ws://127.0.0.1:9", "ABC234", "Ann")  # a room code as servers make them


def test_join_takes_the_seat_held_here_before_and_says_where_it_goes(links):
    parts = Parts()
    net_seats.remember(START.address, "tok-1")
    NetTable(FakeNetHost(parts)).join(START)
    (link,) = links
    assert (link.server, link.room, link.name, link.token) == (
        "ws://127.0.0.1:9",
        "ABC234",
        "Ann",
        "tok-1",
    )
    assert "screens.close_all" in parts.log and parts.hud.visible
    assert parts.hud.messages == [f"connecting to {START.address}..."]
    assert parts.hud.room.text == f"room: {START.address}"


def test_a_refused_seat_is_forgotten_and_the_new_game_screen_says_why(links):
    parts = Parts()
    host = FakeNetHost(parts)
    net = NetTable(host)
    net.join(NetStart(START.server, START.room, "Ann", token="tok-2"))
    (link,) = links
    net_seats.remember(START.address, "tok-2")
    link.inbox = [Incoming("error", {"error": "no such seat"})]
    net.poll()
    assert link.closed and net.connecting is None and host.started == []
    assert parts.log[-1] == "app.show_new_game"
    assert parts.screens.new_game_screen.error["text"] == (
        f"could not join {START.address}: no such seat"
    )
    assert net_seats.recall(START.address) is None  # the server refused it: not ours any more
    # With no game and no link the room's address leaves the corner.
    parts.log.clear()
    net.update(None)
    assert parts.hud.room.text == "" and parts.log == ["hud.place"]


def test_a_first_join_nobody_answers_is_given_up_at_once_and_said(links):
    parts = Parts()
    host = FakeNetHost(parts)
    net = NetTable(host)
    net.join(START)
    (link,) = links
    link.inbox = [Incoming("status", {"status": RECONNECTING})]
    net.poll()  # no trying again and again over a blank table: said, and back
    assert link.closed and net.connecting is None and host.started == []
    assert parts.log[-1] == "app.show_new_game"
    assert parts.screens.new_game_screen.error["text"].startswith(
        f"nothing answers at {START.address}"
    )


def test_start_plays_a_local_game_and_refuses_two_people_in_a_network_one(links):
    parts = Parts()
    net = NetTable(FakeNetHost(parts))
    started: list[tuple[Any, ...]] = []
    start = net.or_host(lambda *args: started.append(args))

    local = [SeatConfig("Ann"), SeatConfig("Cy", "easy")]
    start(local, 5, True, None)
    assert started == [(local, 5, True, None)]

    parts.screens.new_game_screen.active = True
    start([SeatConfig("Ann"), SeatConfig("Bob"), SeatConfig("Net", REMOTE_SEAT)], 5, False, 0)
    assert started == [(local, 5, True, None)] and links == []  # no room was opened
    assert "one person at each table" in parts.screens.new_game_screen.error["text"]


def test_join_screen_takes_an_address_and_says_what_is_wrong_with_one(links):
    parts = Parts()
    host = FakeNetHost(parts)
    net = NetTable(host)
    net.show_join()
    assert parts.log == ["new_game_screen.exit", "join.enter"]
    join, back, last, name = parts.screens.join.entered
    assert (last, name) == ("", "")

    join("http://nowhere", "Ann")  # not a join address: the screen says how one looks
    assert "ws://HOST:PORT/ROOM" in parts.screens.join.error["text"] and links == []
    join(START.address, "Ann")
    (link,) = links
    assert (link.server, link.room, link.name) == (START.server, START.room, "Ann")
    assert "join.exit" in parts.log
    back()  # Back: to the new-game screen
    assert parts.log[-1] == "app.show_new_game"


# ---- Tutorial ---------------------------------------------------------------------------------
@pytest.fixture
def lesson_table():
    parts = Parts()
    slot = cast(Any, object())  # an autosave slot: the lesson turns it off while it is on
    parts.options.autosave = slot
    table = FakeLessonTable(parts)
    tutorial = Tutorial(table)
    yield tutorial, table, parts, slot
    tutorial.destroy()


def test_the_lesson_deals_its_own_game_unsaved_and_the_reveal_waits_for_the_reader(lesson_table):
    tutorial, table, parts, slot = lesson_table
    assert table.games == [(lesson.seats(), lesson.SEED, False, lesson.YOU)]
    assert parts.options.autosave is None  # the lesson's game is never autosaved
    assert parts.reveal is not None and parts.reveal.reader == tutorial.next
    assert parts.log == ["taskMgr.add blueprints3d-tutorial"]
    assert tutorial.on and tutorial.target == "opponent" and len(tutorial.bubbles) > 1
    assert "pool" in tutorial.subjects and "in_demand" in tutorial.subjects

    tutorial.destroy()
    assert parts.options.autosave is slot and not tutorial.on
    assert parts.log[-1] == "taskMgr.remove"


def test_space_and_enter_step_the_bubbles_until_the_last_and_not_behind_a_pause(lesson_table):
    tutorial, _table, parts, _slot = lesson_table
    count = len(tutorial.bubbles)
    assert tutorial.key("a") is False and tutorial.at == 0  # only Space and Enter
    parts.screens.pausing = True  # the menu is open: the keys are its
    assert tutorial.key("space") is False and tutorial.at == 0
    parts.screens.pausing = False
    for at in range(1, count):
        assert tutorial.key("space" if at % 2 else "enter") is True
        assert tutorial.at == at and tutorial.bubble == tutorial.bubbles[at]
    assert tutorial.key("space") is False  # the last stays: the key goes to the game
    assert tutorial.at == count - 1


def test_a_die_in_hand_turns_the_coach_to_choosing_its_space(lesson_table):
    tutorial, _table, parts, _slot = lesson_table
    assert tutorial.saying == ""  # the welcome
    parts.controls = FakeControls(parts.log)
    parts.controls.keys.choosing_cell = True  # chosen with the keys
    tutorial.update()
    assert tutorial.saying == coach_words.PLACEMENT and tutorial.target == "card"
    parts.controls.keys.choosing_cell, parts.controls.drag = False, object()  # or dragged
    tutorial.update()
    assert tutorial.target == "card"


def test_a_game_started_from_the_menu_ends_the_lesson(lesson_table):
    tutorial, table, parts, slot = lesson_table
    task = FakeTask()
    assert tutorial._frame(cast(Any, task)) == Task.cont  # the lesson's game: it goes on
    table.flow = GameFlow([SeatConfig("Ann"), SeatConfig("Bob")], seed=3, threaded_bots=False)
    assert tutorial._frame(cast(Any, task)) == Task.DS_done
    assert not tutorial.on and parts.options.autosave is slot


def test_the_summarys_continue_closes_the_lesson_and_enter_plays_a_game(lesson_table):
    tutorial, _table, parts, _slot = lesson_table
    parts.screens.summary.active = True
    parts.log.clear()
    tutorial.finish()
    assert parts.log[:2] == ["summary.exit", "reveal.stop"]
    assert tutorial.finished and tutorial.closing and len(tutorial.buttons) == 2
    while tutorial.bubbles_left():  # the closing words, to the last bubble
        assert tutorial.key("enter")
    parts.log.clear()
    assert tutorial.key("enter") is True  # on the last: a game of one's own
    assert parts.log == ["taskMgr.remove", "app.show_new_game"]
    assert not tutorial.on


# ---- the fakes are what the Protocols ask (mypy checks these; at run time they are made too) ----
_input_table: InputTable = FakeInputTable(Parts())
_looks_table: LooksTable = FakeLooksTable(Parts())
_net_host: NetHost = FakeNetHost(Parts())
_lesson_table: LessonTable = FakeLessonTable(Parts())
_die_in_hand: DieInHand = FakeControls([])
