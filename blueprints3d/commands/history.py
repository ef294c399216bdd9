"""`blueprints3d history`: the finished games kept in the data folder (files/history.py).

blueprints3d history                                  the games, newest first
blueprints3d history 3                                game 3: VP per round, Awards, Prizes, winner
blueprints3d history 3 --building 2 Ann -o ann.json   Ann's building of round 2 as a build file
blueprints3d replay 3                                 replay game 3 on the table
"""

from __future__ import annotations

import argparse
import sys

from blueprints3d.commands.argtypes import UsageError, whole_number, writable_file
from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.files.buildfile import build_bytes
from blueprints3d.files.history import KeptGame, latest_game, list_games, load_game
from blueprints3d.files.jsonfile import os_reason, where, write_bytes_atomic, write_new
from blueprints3d.files.places import default_dir
from blueprints3d.engine.results import RoundResult
from blueprints3d.files.history import Player
from blueprints3d.presentation.reveal import card_lines
from blueprints3d.i18n import N_, _, join_list, n_, number
from blueprints3d.i18n.message import Message
from blueprints3d.text import display, file_name, shown

HELP = N_(
    "list the finished games kept in the history (date, players, winner, VP); show one; save its buildings"
)

EPILOG = N_(
    "Every game is kept in the history when it ends (in the data folder, {folder}; $BLUEPRINTS3D_HOME "
    "moves it). `blueprints3d replay N` replays game N; `blueprints3d replay` the newest."
)
NAME_WIDTH = 24  # the winner column, at most


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = _(EPILOG, folder=where(default_dir()))
    parser.add_argument(
        "game",
        nargs="?",
        type=whole_number(1),
        metavar="N",
        help=_(
            "show game N of the list: victory points per round, Awards, Prizes, the winner "
            "and what decided it"
        ),
    )
    parser.add_argument(
        "--building",
        nargs=2,
        metavar=("ROUND", "PLAYER"),
        help=_(
            "write PLAYER's building of round ROUND (1-3) of game N (default: the newest "
            "game) as a build file, for `blueprints3d view`, `render` or `score`; "
            "PLAYER is a seat number (1-4) or a name"
        ),
    )
    parser.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help=_(
            "with --building: the build file to write (default: a new file "
            "game-N-round-R-NAME.json in the current folder, never over another); "
            "a file already there is replaced only with --force"
        ),
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help=_("with -o: replace the build file if it is there already"),
    )


def _err(line: str) -> None:
    print(f"blueprints3d: {line}", file=sys.stderr)  # (said by files/history.py)


def run(args: argparse.Namespace) -> int:
    if args.output is not None and args.building is None:
        raise UsageError(
            _("-o names the build file that --building writes: give --building ROUND PLAYER too")
        )
    if args.force and args.output is None:
        raise UsageError(
            _("--force lets -o replace a file: give --building ROUND PLAYER -o FILE too")
        )
    if args.output is not None:
        writable_file(args.output, replace=args.force)  # before the history is read
    if args.building is not None:
        return _write_building(args)
    if args.game is not None:
        print(details(load_game(args.game)))
        return 0
    listing = list_games()
    for line in listing.skipped:
        _err(line)
    if not listing.games:
        if listing.skipped:
            raise BlueprintsError(
                Message.of(
                    "no game in the history can be read ({n} files skipped in {folder})",
                    n=len(listing.skipped),
                    folder=display(str(listing.folder), 200),
                )
            )
        raise BlueprintsError(
            Message.of(
                "no finished game is kept yet (the history is in {folder}; a game goes "
                "into it when it ends)",
                folder=display(str(listing.folder), 200),
            )
        )
    print(table(listing.games))
    n = len(listing.games)
    print(
        "\n"
        + n_(
            "{n} game in {folder}. `blueprints3d history N` shows game N's rounds; "
            "`blueprints3d replay N` replays it.",
            "{n} games in {folder}. `blueprints3d history N` shows game N's rounds; "
            "`blueprints3d replay N` replays it.",
            n,
            folder=display(str(listing.folder), 200),
        )
    )
    return 0


def table(games: list[KeptGame]) -> str:
    """The list as a table: number, date, winner, the winner's VP, every player's VP."""
    winner, finished, vp = _("winner"), _("finished"), _("VP")
    width = min(max([len(winner)] + [len(g.winner_text) for g in games]), NAME_WIDTH)
    num = max(len("#"), len(str(max(g.number for g in games))))
    players_vp = _("players (VP)")
    lines = [f"{'#':>{num}}  {finished:<16}  {winner:<{width}}  {vp:>3}  {players_vp}"]
    for g in games:
        res = g.result
        players = join_list(
            [
                _("{player} {vp}", player=label(p), vp=v)
                for p, v in zip(g.players, res.victory_points, strict=True)
            ]
        )
        lines.append(
            f"{number(g.number):>{num}}  {_digits(g.when):<16}  "
            f"{display(g.winner_text, width):<{width}}  "
            f"{number(res.victory_points[res.winners[0]]):>3}  {players}"
        )
    return "\n".join(lines)


def label(p: Player) -> str:
    """A player as the lists show them: "Ann", a computer with its level, "Bot (leicht)"."""
    if p.kind != "computer" or p.level is None:
        return p.name
    return _("{name} ({level})", name=p.name, level=_(p.level))


def _digits(text: str) -> str:
    """A date or a time, its figures in the language's digits (its dashes kept: not minus signs)."""
    return "".join(number(int(c)) if c.isascii() and c.isdigit() else c for c in text)


def details(g: KeptGame) -> str:
    """One game: a table of players by rank with building score and VP per round, then the
    winner and what decided it, then each round's Awards and Prizes with their reasons."""
    res, st = g.result, g.state
    labels = [label(p) for p in g.players]
    lines = [
        _(
            "Game {number}, finished {when}: {players} players, seed {seed}",
            number=g.number,
            when=_digits(g.finished.strftime("%Y-%m-%d %H:%M:%S")),
            players=st.num_players,
            seed=st.seed,
        ),
    ]
    lines += score_rows(g, labels)
    lines.append(
        f"{'':>4}"
        + _("(each round: the building's score, and the victory points its Awards and Prizes won)")
    )
    counted = [p for p in g.players if p.hints is not None]  # games kept before the coach have none
    if counted:
        lines.append(
            f"{'':>4}"
            + _(
                "Hints used (turns with the coach's hints shown): {counts}",
                counts=join_list(
                    [_("{player} {hints}", player=p.name, hints=p.hints) for p in counted]
                ),
            )
        )
    # What decided the game, and each Award's and Prize's reason, said again from the game the
    # record replays (the file keeps them in English; the record was checked against the game).
    lines += ["", _("{decided}.", decided=res.explain_message(st.names)), ""]
    for rr in st.round_results:
        lines += round_lines(rr, st.names)
    lines += [
        "",
        _(
            "`blueprints3d replay {number}` replays it; `blueprints3d history {number} --building "
            "ROUND PLAYER` saves a building of it as a build file.",
            number=g.number,
        ),
    ]
    return "\n".join(lines)


def score_rows(g: KeptGame, labels: list[str]) -> list[str]:
    """The players by rank with their building score and VP per round, under a heading."""
    res, rounds, st = g.result, g.record["rounds"], g.state
    player = _("player")
    width = max(len(player), *(len(x) for x in labels))
    heads = [_("round {n}", n=r["round"]) for r in rounds]
    cells = [
        [
            _("{points} pts, {vp} VP", points=r["scores"][p]["total"], vp=r["victory_points"][p])
            for r in rounds
        ]
        for p in range(st.num_players)
    ]
    cw = max(len(c) for c in heads + [c for row in cells for c in row])
    vp_head = _("VP")
    lines = ["", f"{'':>4}{player:<{width}}" + "".join(f"  {h:>{cw}}" for h in heads)]
    vw = max(3, len(vp_head))
    lines[-1] += f"  {vp_head:>{vw}}"
    key = None
    rank = 0
    for i, p in enumerate(res.standings()):
        if res.tiebreak_key(p) != key:
            rank, key = i + 1, res.tiebreak_key(p)
        row = "".join(f"  {c:>{cw}}" for c in cells[p])
        place = _("{rank}.", rank=rank)
        lines.append(f"{place:>3} {labels[p]:<{width}}{row}  {number(res.victory_points[p]):>{vw}}")
    return lines


def round_lines(rr: RoundResult, names: tuple[str, ...] | list[str]) -> list[str]:
    """A round's heading, then its Awards and Prizes, each with its reason and ties, in the words
    of the table's round summary (client/table/hud/summary.py)."""
    lines = [
        _(
            "Round {round} (in demand: {materials}):",
            round=rr.round,
            materials=join_list([_(m.label) for m in rr.in_demand]),
        )
    ]
    lines += card_lines(rr, names)
    return lines


def _seat(g: KeptGame, text: str) -> int:
    n = len(g.players)
    names = join_list([p.name for p in g.players])
    if text.strip().isdigit() and len(text.strip()) < 4:
        seat = int(text)
        if not 1 <= seat <= n:
            raise UsageError(
                _(
                    "--building: PLAYER must be 1 to {n} or a name of game {number} ({names}), not {given}",
                    n=n,
                    number=g.number,
                    names=names,
                    given=seat,
                )
            )
        return seat - 1
    matches = [i for i, p in enumerate(g.players) if p.name.casefold() == text.strip().casefold()]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise UsageError(
            _(
                "--building: {name} names {count} players of game {number}: give the seat number "
                "(1 to {n}) instead",
                name=shown(text),
                count=len(matches),
                number=g.number,
                n=n,
            )
        )
    raise UsageError(
        _(
            "--building: PLAYER must be 1 to {n} or a name of game {number} ({names}), not {given}",
            n=n,
            number=g.number,
            names=names,
            given=shown(text),
        )
    )


def _write_building(args: argparse.Namespace) -> int:
    round_text, player_text = args.building
    rounds_ok = round_text.strip().isdigit() and len(round_text.strip()) < 4
    if args.game is not None:
        g = load_game(args.game)
    else:
        g, skipped = latest_game()
        for line in skipped:
            _err(line)
    if not rounds_ok or not 1 <= int(round_text) <= g.rounds:
        raise UsageError(
            _(
                "--building: ROUND must be 1 to {n}, not {given}",
                n=g.rounds,
                given=shown(round_text),
            )
        )
    rnd, seat = int(round_text), _seat(g, player_text)
    data = build_bytes(g.building(rnd, seat))
    name = g.players[seat].name
    try:
        if args.output is None:
            path = write_new(".", f"game-{g.number}-round-{rnd}-{file_name(name)}", ".json", data)
        else:
            writable_file(args.output, replace=args.force)  # (again: it may have changed since)
            write_bytes_atomic(args.output, data)
            path = args.output
    except OSError as e:
        raise BlueprintsError(
            Message.of("cannot write the build file: {reason}", reason=os_reason(e))
        ) from None
    print(
        _(
            "wrote {file}: {name}'s building of round {round} of game {number} (`blueprints3d view {file}` "
            "shows it)",
            file=display(str(path), 200),
            name=name,
            round=rnd,
            number=g.number,
        )
    )
    return 0
