"""The game history: every finished game kept, one file per game, in ``<data folder>/history``.

The data folder is ``places.default_dir()`` ($BLUEPRINTS3D_HOME, else the platform's place for
an application's data). A record is one JSON file,
``game-<time stamp>-<game key>.json``, written once through ``jsonfile.write_new`` (a temporary
file, flushed, then linked to a free name): a finished game is never overwritten, and the
running game's autosave slot is left alone. A record holds:

- ``finished``: the date and time the game ended (ISO 8601, local time with its offset);
- ``players``: per seat, the name and whether a person or a computer (and its level) sat there,
  and ``hints``: how many of their turns a person asked the coach for hints on (the table's
  count, carried by the save's ``meta.hints``; null for a computer, or a game that kept no count);
- ``save``: the whole game in the save-file form of ``savefile.game_to_json`` (settings, move
  log, state, checksum), so the replay code reads it like any save;
- ``result``: what the engine decided: victory points per player and per round, every round's
  building scores, Awards and Prizes with their reasons and ties (the engine's tie-breaks in
  words, ``awards.explain_tie``), the standings, the winner(s) and what decided the victory
  (``GameResult.explain``);
- ``buildings``: each round's building of every player, each a complete build file
  (``buildfile.Build.to_dict``), so ``blueprints3d view`` / ``render`` / ``score`` open it.

Secrets: a record is written only once the game is over (``keep_game`` refuses a game in
progress), when the rules have revealed every building and the victory points. Nothing is
written to the history during play, so a hot-seat player who looks into the data folder learns
nothing the table has not shown.

Reading is as strict as every other file the program reads (``jsonfile.read_json``): the save
is replayed from its seed and checked against its snapshot and checksum, and the result and
buildings are recomputed from that replay and must match what the file says, so a record that
was edited or damaged is refused with one line naming the file. ``list_games`` skips such files
with one line each and never changes or deletes them. Games are numbered in the order they
finished (the order of their file names, unreadable ones included, so a damaged file does not
renumber the others); the list comes newest first.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.files.errors import SaveFileError
from blueprints3d.i18n.message import Message
from blueprints3d.engine.awards import Placement
from blueprints3d.engine.results import GameResult, round_victory_points
from blueprints3d.engine.state import GameState
from blueprints3d.files.places import default_dir
from blueprints3d.files.buildfile import Build
from blueprints3d.files.builds import build_of
from blueprints3d.files.jsonfile import (
    first_difference,
    make_folder,
    read_json,
    same_json,
    stamp,
    where,
    write_new,
)
from blueprints3d.files.savefile import game_from_json, game_to_json
from blueprints3d.text import display, shown

FORMAT = 1
KIND = "blueprints3d-history"
FOLDER = "history"
SUFFIX = ".json"
KEYS = ("format", "kind", "finished", "players", "save", "result", "buildings")
KINDS = ("person", "computer", "unknown")
PLAYER_KEYS = {"name", "kind", "level"}  # and "hints" (records written before the coach lack it)
LEVEL_LENGTH = 20
MAX_HINTS = 10**6  # more hinted turns than any game has: a count beyond it is damage
KEY_LENGTH = 12  # hex digits of the game key in a file name


class HistoryError(BlueprintsError):
    """A history that cannot be read, a record that is damaged, a game number not kept."""


def history_dir(data_folder: str | os.PathLike[str] | None = None) -> Path:
    """The history's folder: ``history`` in ``data_folder``, else in the data folder."""
    return (Path(data_folder) if data_folder is not None else default_dir()) / FOLDER


def hints_from_meta(meta: dict[str, Any] | None, players: int) -> list[int]:
    """How many turns each seat asked the coach for hints on, as the save's ``meta.hints``
    holds them (the table writes it with every save); all 0 when the save has none (a game
    saved before the coach). SaveFileError in one line when it is there but malformed."""
    raw = (meta or {}).get("hints")
    if raw is None:
        return [0] * players
    if (
        not isinstance(raw, list)
        or len(raw) != players
        or not all(type(n) is int and 0 <= n <= MAX_HINTS for n in raw)
    ):
        raise SaveFileError(
            Message.of(
                'the saved game\'s "meta.hints" must list {players} whole numbers of hints '
                "used, one per seat, not {value}",
                players=players,
                value=shown(raw),
            )
        )
    return list(raw)


@dataclass(frozen=True)
class Player:
    name: str
    kind: str  # "person", "computer" or "unknown" (a game saved without its seats)
    level: str | None = None  # a computer's level ("easy", "hard"...)
    hints: int | None = None  # a person's turns with hints shown; None: a computer, or not counted

    @property
    def label(self) -> str:
        """ "Ann", "Bot (easy)"."""
        return f"{self.name} ({self.level})" if self.kind == "computer" else self.name

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "level": self.level, "hints": self.hints}


@dataclass(frozen=True)
class KeptGame:
    """One finished game of the history, checked."""

    number: int  # 1 = the first game kept; the newest has the highest number
    path: Path
    finished: datetime
    players: tuple[Player, ...]
    state: GameState  # the finished game, replayed from its moves
    meta: dict[str, Any]  # the save's meta (seats, table options)
    record: dict[str, Any]  # the file's "result" (per round: scores, VP, Awards, Prizes, reasons)

    @property
    def result(self) -> GameResult:
        res = self.state.result()
        assert res is not None  # a kept game is finished: checked when it was read
        return res

    @property
    def when(self) -> str:
        """The date and time it finished, to the minute: "2026-12-01 13:45"."""
        return self.finished.strftime("%Y-%m-%d %H:%M")

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(self.players[p].name for p in self.result.winners)

    @property
    def winner_text(self) -> str:
        """ "Ann", or "Ann & Bob" for a shared victory."""
        return " & ".join(self.winners)

    @property
    def decided_by(self) -> str:
        """What decided the victory, in the engine's words (``GameResult.explain``)."""
        decided: str = self.record["decided_by"]  # checked: the record matches the game's result
        return decided

    @property
    def rounds(self) -> int:
        return len(self.state.round_results)

    def summary(self) -> str:
        """One line for a list: "3. 2026-12-01 13:45 - Ann wins, 12 VP (Ann 12, Bot (easy) 9)"."""
        res = self.result
        vp = ", ".join(
            f"{p.label} {v}" for p, v in zip(self.players, res.victory_points, strict=True)
        )
        verb = "share the victory" if res.shared else "wins"
        return f"{self.number}. {self.when} - {self.winner_text} {verb}, {res.victory_points[res.winners[0]]} VP ({vp})"

    def building(self, round_: int, player: int) -> Build:
        """``player``'s (0-based) building of round ``round_`` (1-based), as a build file's Build."""
        return build_of(self.state.round_results[round_ - 1], player)


@dataclass(frozen=True)
class Listing:
    games: list[KeptGame]  # newest first
    skipped: list[str]  # one line per file that could not be read, naming it
    folder: Path


# ---- writing --------------------------------------------------------------------------------


def game_key(state: GameState) -> str:
    """A short fingerprint of the game (settings and every move): the same game is kept once."""
    body = [state.num_players, state.seed, state.start_player, list(state.names), list(state.log)]
    return hashlib.sha256(json.dumps(body, ensure_ascii=True).encode("ascii")).hexdigest()[
        :KEY_LENGTH
    ]


def _players(state: GameState, meta: dict[str, Any] | None) -> list[Player]:
    seats = (meta or {}).get("seats")
    counted = (meta or {}).get("hints") is not None
    hints = hints_from_meta(meta, state.num_players)
    if (
        isinstance(seats, list)
        and len(seats) == state.num_players
        and all(
            isinstance(s, dict) and (s.get("bot") is None or isinstance(s.get("bot"), str))
            for s in seats
        )
    ):
        return [
            Player(state.names[p], "person", None, hints[p] if counted else None)
            if s.get("bot") is None
            else Player(state.names[p], "computer", display(s["bot"], LEVEL_LENGTH))
            for p, s in enumerate(seats)
        ]
    return [Player(n, "unknown") for n in state.names]


def _placement(pl: Placement) -> dict[str, Any]:
    return {"player": pl.player, "reason": pl.reason, "ties": list(pl.ties)}


def _result_json(state: GameState) -> dict[str, Any]:
    """What the engine decided about the finished ``state``, as the record's "result"."""
    res = state.result()
    assert res is not None
    names = list(state.names)
    rounds = []
    for rr in state.round_results:
        rounds.append(
            {
                "round": rr.round,
                "in_demand": [m.label for m in rr.in_demand],
                "scores": [s.to_dict() for s in rr.scores],
                "victory_points": list(round_victory_points(rr)),
                "awards": {a.value: _placement(pl) for a, pl in rr.awards.items()},
                "prizes": {z.value: _placement(pl) for z, pl in rr.prizes.items()},
            }
        )
    return {
        "victory_points": list(res.victory_points),
        "winners": list(res.winners),
        "shared": res.shared,
        "standings": res.standings(),
        "decided_by": res.explain(names),
        "awards": [[a.value for a in aw] for aw in res.awards],
        "prizes": [[z.value for z in pz] for pz in res.prizes],
        "rounds": rounds,
    }


def _buildings_json(state: GameState) -> list[list[dict[str, Any]]]:
    return [
        [build_of(rr, p).to_dict() for p in range(state.num_players)] for rr in state.round_results
    ]


def record_json(
    state: GameState, meta: dict[str, Any] | None = None, finished: datetime | None = None
) -> dict[str, Any]:
    """The history record of the finished ``state``; ``meta`` is the save's (the table's seats)."""
    if not state.is_over:
        raise HistoryError(
            Message.of("only a finished game goes into the history (nothing is kept during play)")
        )
    when = (finished or datetime.now()).astimezone()
    return {
        "format": FORMAT,
        "kind": KIND,
        "finished": when.isoformat(timespec="seconds"),
        "players": [p.to_dict() for p in _players(state, meta)],
        "save": game_to_json(state, meta),
        "result": _result_json(state),
        "buildings": _buildings_json(state),
    }


def _entries(folder: Path) -> list[Path]:
    """The history's files, oldest first (their names begin with the time stamp); the folder
    not there yet is an empty history; one that cannot be read is a HistoryError."""
    try:
        names = os.listdir(folder)
    except (FileNotFoundError, NotADirectoryError) as e:
        if isinstance(e, NotADirectoryError) or os.path.lexists(folder):
            raise HistoryError(
                Message.of(
                    "{folder}: is not a folder, so it cannot hold the game history",
                    folder=where(folder),
                )
            ) from None
        return []
    except OSError as e:
        raise HistoryError(
            Message.of(
                "cannot read the game history in {folder}: {reason}",
                folder=where(folder),
                reason=display(e.strerror or e.__class__.__name__, 80),
            )
        ) from None
    return [folder / n for n in sorted(names) if n.endswith(SUFFIX) and not n.startswith(".")]


def find_kept(state: GameState, data_folder: str | os.PathLike[str] | None = None) -> Path | None:
    """The file that already keeps this game, if any."""
    key = game_key(state)
    try:
        entries = _entries(history_dir(data_folder))
    except HistoryError:
        return None
    for p in entries:
        stem = p.name[: -len(SUFFIX)]
        if stem.startswith("game-") and (stem.endswith(f"-{key}") or f"-{key}-" in stem):
            return p
    return None


def keep_game(
    state: GameState,
    meta: dict[str, Any] | None = None,
    data_folder: str | os.PathLike[str] | None = None,
    finished: datetime | None = None,
) -> Path:
    """Keep the finished ``state`` in the history (once: a game already kept is not written
    again) and return its file. HistoryError for a game in progress; OSError when the folder
    cannot be made or written."""
    record = record_json(state, meta, finished)
    kept = find_kept(state, data_folder)
    if kept is not None:
        return kept
    folder = history_dir(data_folder)
    make_folder(folder)
    data = (json.dumps(record, separators=(",", ":")) + "\n").encode("utf-8")
    return write_new(folder, f"game-{stamp()}-{game_key(state)}", SUFFIX, data)


# ---- reading --------------------------------------------------------------------------------


def _player(raw: Any, i: int, name: str, hints: int | None) -> Player:
    """Player ``i`` of a record; ``hints``: the count the record's save holds for that seat
    (None where it holds none), which the player's "hints" must repeat."""
    n = i + 1
    if not isinstance(raw, dict) or set(raw) not in (PLAYER_KEYS, PLAYER_KEYS | {"hints"}):
        raise HistoryError(
            Message.of('player {n} must be an object with "name", "kind", "level" and "hints"', n=n)
        )
    if raw["name"] != name:
        raise HistoryError(
            Message.of(
                "player {n} is named {name} but the game's player {n} is {game_name}",
                n=n,
                name=shown(raw["name"]),
                game_name=shown(name),
            )
        )
    kind, level = raw["kind"], raw["level"]
    if kind not in KINDS:
        raise HistoryError(
            Message.of(
                'player {n}: "kind" must be one of {kinds}, not {kind}',
                n=n,
                kinds=", ".join(KINDS),
                kind=shown(kind),
            )
        )
    if kind == "computer":
        if not isinstance(level, str) or not level or display(level, LEVEL_LENGTH) != level:
            raise HistoryError(
                Message.of(
                    'player {n}: a computer\'s "level" must be short printable text, not {level}',
                    n=n,
                    level=shown(level),
                )
            )
    elif level is not None:
        raise HistoryError(
            Message.of(
                'player {n}: only a computer has a "level", not {level}', n=n, level=shown(level)
            )
        )
    used = raw.get("hints")
    if used is not None and kind != "person":
        raise HistoryError(
            Message.of(
                "player {n}: only a person is counted for hints, not a {kind} ({used})",
                n=n,
                kind=kind,
                used=shown(used),
            )
        )
    if used != (hints if kind == "person" else None):
        raise HistoryError(
            Message.of(
                "player {n}'s \"hints\" ({used}) does not match the saved game's count "
                "({hints}): the file was modified or damaged",
                n=n,
                used=shown(used),
                hints=shown(hints),
            )
        )
    return Player(name, kind, level, used)


def game_from_record(data: Any, number: int = 0, path: Path = Path("-")) -> KeptGame:
    """Check a parsed record and rebuild its game; HistoryError names the first problem."""
    if not isinstance(data, dict):
        raise HistoryError(Message.of("a history file must hold one JSON object"))
    if data.get("kind") != KIND:
        raise HistoryError(
            Message.of('not a blueprints3d game history file ("kind" is missing or wrong)')
        )
    if type(data.get("format")) is not int or data["format"] != FORMAT:
        raise HistoryError(
            Message.of(
                "unknown history format {format} (this version reads format {wanted}, "
                "written as the number {wanted})",
                format=shown(data.get("format")),
                wanted=FORMAT,
            )
        )
    missing = [k for k in KEYS if k not in data]
    if missing:
        raise HistoryError(Message.of("the history file has no {key}", key=shown(missing[0])))
    extra = [k for k in data if k not in KEYS]
    if extra:
        raise HistoryError(Message.of("unknown key {key} in a history file", key=shown(extra[0])))
    finished = data["finished"]
    try:
        if not isinstance(finished, str) or len(finished) > 40:
            raise ValueError
        when = datetime.fromisoformat(finished)
    except ValueError:
        raise HistoryError(
            Message.of(
                '"finished" must be a date and time like "2026-12-01T13:45:12+01:00", not {value}',
                value=shown(finished),
            )
        ) from None
    try:
        state, meta = game_from_json(data["save"])
    except SaveFileError as e:
        raise HistoryError(Message.of("its saved game: {error}", error=e.said)) from None
    if not state.is_over:
        raise HistoryError(
            Message.of("its saved game is not finished (the history keeps finished games only)")
        )
    players = data["players"]
    if not isinstance(players, list) or len(players) != state.num_players:
        raise HistoryError(
            Message.of('"players" must list the game\'s {n} players', n=state.num_players)
        )
    try:
        counts = hints_from_meta(meta, state.num_players) if meta.get("hints") is not None else None
    except SaveFileError as e:
        raise HistoryError(Message.of("its saved game: {error}", error=e.said)) from None
    kept_players = tuple(
        _player(raw, i, state.names[i], None if counts is None else counts[i])
        for i, raw in enumerate(players)
    )
    for key, expected in (("result", _result_json(state)), ("buildings", _buildings_json(state))):
        if not same_json(data[key], expected):
            field = first_difference(expected, data[key], key)
            raise HistoryError(
                Message.of(
                    "the kept {key} does not match the game's moves (first difference at "
                    "{field}): the file was modified or damaged",
                    key=key,
                    field=field,
                )
            )
    return KeptGame(number, path, when, kept_players, state, meta, data["result"])


def _read(path: Path, number: int) -> KeptGame:
    data = read_json(path, HistoryError, "game history file")
    try:
        return game_from_record(data, number, path)
    except HistoryError as e:
        raise HistoryError(Message.of("{file}: {error}", file=where(path), error=e.said)) from None


def list_games(
    data_folder: str | os.PathLike[str] | None = None, limit: int | None = None
) -> Listing:
    """Every game of the history that can be read, newest first, and one line for each file
    that cannot (the file is left as it is). HistoryError when the folder itself cannot be read.
    ``limit``: read only the newest ``limit`` files (a screen's list; each file is replayed to
    be checked, a few milliseconds a game); the numbers stay those of the whole history."""
    folder = history_dir(data_folder)
    entries = list(enumerate(_entries(folder), 1))
    if limit is not None:
        entries = entries[-limit:] if limit > 0 else []
    games, skipped = [], []
    for number, path in reversed(entries):
        try:
            games.append(_read(path, number))
        except HistoryError as e:
            skipped.append(f"skipped {e}")
    return Listing(games, skipped, folder)


def _none_yet(folder: Path) -> HistoryError:
    return HistoryError(
        Message.of(
            "no finished game is kept yet (the history is in {folder}; a game goes into it "
            "when it ends)",
            folder=where(folder),
        )
    )


def load_game(number: int, data_folder: str | os.PathLike[str] | None = None) -> KeptGame:
    """Game ``number`` of the history (as ``list_games`` numbers them; ``latest_game`` for the
    newest). HistoryError in one line when there is no such game or its file cannot be read."""
    folder = history_dir(data_folder)
    entries = _entries(folder)
    if not entries:
        raise _none_yet(folder)
    if not 1 <= number <= len(entries):
        if len(entries) == 1:
            raise HistoryError(
                Message.of(
                    "there is no game {number} in the history: it holds game 1 "
                    "(blueprints3d history lists them)",
                    number=number,
                )
            )
        raise HistoryError(
            Message.of(
                "there is no game {number} in the history: it holds games 1 to {n} "
                "(blueprints3d history lists them)",
                number=number,
                n=len(entries),
            )
        )
    return _read(entries[number - 1], number)


def latest_game(data_folder: str | os.PathLike[str] | None = None) -> tuple[KeptGame, list[str]]:
    """The newest game that can be read, and one line for each newer file that could not."""
    folder = history_dir(data_folder)
    entries = _entries(folder)
    skipped: list[str] = []
    for number in range(len(entries), 0, -1):
        try:
            return _read(entries[number - 1], number), skipped
        except HistoryError as e:
            skipped.append(f"skipped {e}")
    if skipped:
        raise HistoryError(
            Message.of(
                "no game in the history can be read ({n} files skipped in {folder})",
                n=len(skipped),
                folder=where(folder),
            )
        )
    raise _none_yet(folder)
