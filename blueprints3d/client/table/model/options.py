"""The table's options: what the `play` command line (and a saved game) says about a game to open.

``AppOptions`` is everything ``TableApp`` is started with; ``options_from_args`` makes it from the
command line, reading the settings file and the autosave slot on the way (a bad one is refused
here, before any window opens). ``parse_seats`` and ``seats_from_meta`` turn "Ann,@hard" and a
save's "meta.seats" into seats.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from blueprints3d.client.table.model.bots import bot_levels
from blueprints3d.client.table.model.flow import SeatConfig, plate_name
from blueprints3d.client.table.model.pointer import FrameClock, Pointer
from blueprints3d.client.table.model.remote_flow import NetStart
from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.engine.rules import NUM_ROUNDS
from blueprints3d.files.autosave import AutosaveSlot, Resumed
from blueprints3d.files.errors import SaveFileError
from blueprints3d.files.history import hints_from_meta
from blueprints3d.files.settings import Settings, load_settings, settings_path
from blueprints3d.files.stall import take_stall_message
from blueprints3d.i18n import Message, _, clauses, join_list, translate
from blueprints3d.text import display, shown


@dataclass
class AppOptions:
    size: tuple[int, int] = (1280, 720)
    size_given: bool = False  # full screen without --size uses the display's size
    fullscreen: bool = False
    use_shaders: bool = True
    seats: list[SeatConfig] | None = None  # given: skip the new-game screen
    seed: int | None = None
    open_scores: bool = False
    bot_delay: float | None = None  # None: the blueprints3d-bot-delay setting
    verbose: bool = False  # Panda3D's start-up messages
    threaded_bots: bool = True
    quit_after: int = 0  # frames; 0 = run until the player quits (benchmarks)
    stats: dict = field(default_factory=dict)
    autosave: AutosaveSlot | None = None  # saves the game after every action (None: off)
    resumed: Resumed | None = None  # given: continue this saved game
    start: int | None = 0  # round 1's start seat with --seats (None: by lot)
    confirm_moves: bool = True  # a person's move waits for Enter / Confirm (Undo takes it back)
    settings: Settings | None = (
        None  # the settings file's (None: none read; confirm_moves above holds)
    )
    settings_path: Path | None = None  # where the settings screen saves (None: not saved)
    mute: bool = False  # --mute: no sound this run (the settings' mute lasts)
    material_symbols: bool = False  # --material-symbols: on this run, whatever the settings say
    tutorial: bool = False  # `blueprints3d tutorial`: the guided first game at once
    settings_note: str = ""  # why the settings file was not used (shown once in the HUD)
    launch: Callable[[list[str]], object] | None = (
        None  # starts `blueprints3d view` (None: subprocess.Popen)
    )
    # The input seam: where the pointer is and what time it is (None: the window's mouse and
    # Panda3D's global clock). Tests and tools pass their own (client/table/model/pointer.py).
    pointer: Pointer | None = None
    clock: FrameClock | None = None
    network: NetStart | None = None  # `host` / `join`: take a seat of this room at once
    local_server: Any = None  # the game server `host` started here (net.local_server)


def saved_words(saved: Resumed) -> str:
    """A saved game in a few words, on two lines: "round 2 of 3" and "Ann, Bob (hard)". Every
    name is whole (each is capped on the table already); the button fits them to the form."""
    seats, _open = seats_from_meta(saved.meta)
    names = join_list([plate_name(s) for s in seats])
    where = _("round {round} of {rounds}", round=saved.state.round, rounds=NUM_ROUNDS)
    return f"{where}\n{display(names, 4 * 48)}"


def parse_seats(text: str) -> list[SeatConfig]:
    """ "Ann,Bob@easy,@medium": a name is a person; NAME@LEVEL or @LEVEL a computer opponent."""
    if not text.strip():
        raise BlueprintsError(
            Message.of('no seats given: --seats takes 2 to 4, comma-separated, like "Ann,@hard"')
        )
    seats = []
    levels = bot_levels()
    for i, part in enumerate(p.strip() for p in text.split(",")):
        name, _at, level = part.partition("@")
        if "@" in part:
            if level not in levels:
                raise BlueprintsError(
                    Message.of(
                        "seat {n}: unknown computer level {level} (known: {known})",
                        n=i + 1,
                        level=shown(level),
                        known=", ".join(levels),
                    )
                )
            seats.append(SeatConfig(name or _("Computer {n}", n=i + 1), level))
        else:
            seats.append(SeatConfig(name or _("Player {n}", n=i + 1)))
    if not 2 <= len(seats) <= 4:
        raise BlueprintsError(
            Message.of("Blueprints is for 2 to 4 seats, not {count}", count=len(seats))
        )
    return seats


def seats_from_meta(meta: dict) -> tuple[list[SeatConfig], bool]:
    """The seats a save recorded (see TableSaving.save_meta)."""
    seats = meta.get("seats")
    if not isinstance(seats, list) or not all(
        isinstance(x, dict)
        and isinstance(x.get("name"), str)
        and (x.get("bot") is None or isinstance(x.get("bot"), str))
        for x in seats
    ):
        raise SaveFileError(
            Message.of(
                'the saved game does not say who sits at the table (its "meta.seats" is missing or malformed)'
            )
        )
    levels = bot_levels()
    for x in seats:
        if x["bot"] is not None and x["bot"] not in levels:
            raise SaveFileError(
                Message.of(
                    "the saved game names an unknown computer level {level}", level=shown(x["bot"])
                )
            )
    return [SeatConfig(x["name"], x["bot"]) for x in seats], bool(meta.get("open_scores", False))


def options_from_args(args: argparse.Namespace) -> AppOptions:
    w, h = args.size or (1280, 720)  # checked by the option's argparse type
    seats = (
        parse_seats(args.seats) if getattr(args, "seats", None) is not None else None
    )  # "" is no seats: an error
    start: int | None = 0
    start_text = getattr(args, "start", None)
    if start_text is not None:
        if seats is None:
            raise BlueprintsError(
                Message.of(
                    "--start needs --seats (on the new-game screen, choose who starts there)"
                )
            )
        if start_text == "lot":
            start = None
        elif start_text in [str(i) for i in range(1, len(seats) + 1)]:
            start = int(start_text) - 1
        else:
            raise BlueprintsError(
                Message.of(
                    "--start must be a seat from 1 to {most} or 'lot', not {given}",
                    most=len(seats),
                    given=shown(start_text),
                )
            )
    slot_name = getattr(args, "slot", None)
    if slot_name is not None and getattr(args, "no_autosave", False):
        raise BlueprintsError(
            Message.of("--slot names the save slot: it cannot be combined with --no-autosave")
        )
    slot = None if getattr(args, "no_autosave", False) else AutosaveSlot(name=slot_name)
    resumed = None
    if getattr(args, "resume", False):
        if seats is not None:
            raise BlueprintsError(
                Message.of("--resume continues the saved game: it cannot be combined with --seats")
            )
        resumed = (
            slot or AutosaveSlot()
        ).load()  # a damaged save is refused here, before any window
        seats_from_meta(resumed.meta)
        hints_from_meta(resumed.meta, resumed.state.num_players)
    # The settings file beside the autosave; a bad or old one gives the defaults and one line.
    folder = (slot or AutosaveSlot()).folder
    path = settings_path(folder)
    settings, note = load_settings(path)
    if note:
        print(f"blueprints3d: {note}", file=sys.stderr)
    stalled_message = take_stall_message(folder)
    stalled = (
        translate(stalled_message) if stalled_message else None
    )  # the last session's picture stopped in the GL (watchdog.py)
    if stalled:
        print(f"blueprints3d: {stalled}", file=sys.stderr)
        note = clauses([n for n in (note, stalled) if n])
    return AppOptions(
        size=(w, h),
        size_given=args.size is not None,
        fullscreen=args.fullscreen,
        use_shaders=not args.no_shaders and settings.shaders,
        seats=seats,
        seed=args.seed,
        open_scores=args.open_scores,
        bot_delay=args.bot_delay,
        verbose=getattr(args, "verbose", False),
        quit_after=args.quit_after,
        autosave=slot,
        resumed=resumed,
        start=start,
        confirm_moves=settings.confirm_moves,
        settings=settings,
        settings_path=path,
        settings_note=note or "",
        mute=getattr(args, "mute", False),
        tutorial=getattr(args, "tutorial", False),
        material_symbols=getattr(args, "material_symbols", False),
    )
