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
from blueprints3d.files.jsonfile import os_reason, write_bytes_atomic, write_new
from blueprints3d.text import display, file_name, shown

HELP = "list the finished games kept in the history (date, players, winner, VP); show one; save its buildings"

EPILOG = ("Every game is kept in the history when it ends (in the data folder: $BLUEPRINTS3D_HOME, "
          "else $XDG_DATA_HOME/blueprints3d, else ~/.local/share/blueprints3d). "
          "`blueprints3d replay N` replays game N; `blueprints3d replay` the newest.")
NAME_WIDTH = 24  # the winner column, at most


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = EPILOG
    parser.add_argument("game", nargs="?", type=whole_number(1), metavar="N",
                        help="show game N of the list: victory points per round, Awards, Prizes, the winner "
                             "and what decided it")
    parser.add_argument("--building", nargs=2, metavar=("ROUND", "PLAYER"),
                        help="write PLAYER's building of round ROUND (1-3) of game N (default: the newest "
                             "game) as a build file, for `blueprints3d view`, `render` or `score`; "
                             "PLAYER is a seat number (1-4) or a name")
    parser.add_argument("-o", "--output", metavar="FILE",
                        help="with --building: the build file to write (default: a new file "
                             "game-N-round-R-NAME.json in the current folder, never over another); "
                             "a file already there is replaced only with --force")
    parser.add_argument("--force", action="store_true",
                        help="with -o: replace the build file if it is there already")


def _err(line: str) -> None:
    print(f"blueprints3d: {line}", file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    if args.output is not None and args.building is None:
        raise UsageError("-o names the build file that --building writes: give --building ROUND PLAYER too")
    if args.force and args.output is None:
        raise UsageError("--force lets -o replace a file: give --building ROUND PLAYER -o FILE too")
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
            raise BlueprintsError(f"no game in the history can be read "
                                  f"({len(listing.skipped)} files skipped in {display(str(listing.folder), 200)})")
        raise BlueprintsError(f"no finished game is kept yet (the history is in {display(str(listing.folder), 200)}; "
                              f"a game goes into it when it ends)")
    print(table(listing.games))
    n = len(listing.games)
    print(f"\n{n} {'game' if n == 1 else 'games'} in {display(str(listing.folder), 200)}. "
          f"`blueprints3d history N` shows game N's rounds; `blueprints3d replay N` replays it.")
    return 0


def table(games: list[KeptGame]) -> str:
    """The list as a table: number, date, winner, the winner's VP, every player's VP."""
    width = min(max([len("winner")] + [len(g.winner_text) for g in games]), NAME_WIDTH)
    num = max(len("#"), len(str(max(g.number for g in games))))
    lines = [f"{'#':>{num}}  {'finished':<16}  {'winner':<{width}}  {'VP':>3}  players (VP)"]
    for g in games:
        res = g.result
        players = ", ".join(f"{p.label} {v}" for p, v in zip(g.players, res.victory_points))
        lines.append(f"{g.number:>{num}}  {g.when:<16}  {display(g.winner_text, width):<{width}}  "
                     f"{res.victory_points[res.winners[0]]:>3}  {players}")
    return "\n".join(lines)


def details(g: KeptGame) -> str:
    """One game: a table of players by rank with building score and VP per round, then the
    winner and what decided it, then each round's Awards and Prizes with their reasons."""
    res, rec, st = g.result, g.record, g.state
    rounds = rec["rounds"]
    width = max(len("player"), *(len(p.label) for p in g.players))
    lines = [f"Game {g.number}, finished {g.finished.strftime('%Y-%m-%d %H:%M:%S')}: "
             f"{st.num_players} players, seed {st.seed}",
             "",
             f"{'':>4}{'player':<{width}}" + "".join(f"  {'round ' + str(r['round']):>14}" for r in rounds)
             + f"  {'VP':>3}"]
    key = None
    rank = 0
    for i, p in enumerate(res.standings()):
        if res.tiebreak_key(p) != key:
            rank, key = i + 1, res.tiebreak_key(p)
        cells = "".join(f"  {str(r['scores'][p]['total']) + ' pts, ' + str(r['victory_points'][p]) + ' VP':>14}"
                        for r in rounds)
        lines.append(f"{rank:>2}. {g.players[p].label:<{width}}{cells}  {res.victory_points[p]:>3}")
    lines.append(f"{'':>4}(each round: the building's score, and the victory points its Awards and Prizes won)")
    counted = [p for p in g.players if p.hints is not None]  # games kept before the coach have none
    if counted:
        lines.append(f"{'':>4}Hints used (turns with the coach's hints shown): "
                     + ", ".join(f"{p.name} {p.hints}" for p in counted))
    lines += ["", f"{rec['decided_by']}.", ""]
    for r in rounds:
        won = [f"{a.capitalize()} - {x['reason']}" for a, x in r["awards"].items()]
        won += [f"{z.replace('_', ' ').title()} Prize - {x['reason']}" for z, x in r["prizes"].items()]
        lines.append(f"Round {r['round']} (in demand: {', '.join(r['in_demand'])}): " + "; ".join(won))
    lines += ["", f"`blueprints3d replay {g.number}` replays it; `blueprints3d history {g.number} --building "
                  f"ROUND PLAYER` saves a building of it as a build file."]
    return "\n".join(lines)


def _seat(g: KeptGame, text: str) -> int:
    n = len(g.players)
    names = ", ".join(p.name for p in g.players)
    if text.strip().isdigit() and len(text.strip()) < 4:
        seat = int(text)
        if not 1 <= seat <= n:
            raise UsageError(f"--building: PLAYER must be 1 to {n} or a name of game {g.number} ({names}), not {seat}")
        return seat - 1
    matches = [i for i, p in enumerate(g.players) if p.name.casefold() == text.strip().casefold()]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise UsageError(f"--building: {shown(text)} names {len(matches)} players of game {g.number}: "
                         f"give the seat number (1 to {n}) instead")
    raise UsageError(f"--building: PLAYER must be 1 to {n} or a name of game {g.number} ({names}), not {shown(text)}")


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
        raise UsageError(f"--building: ROUND must be 1 to {g.rounds}, not {shown(round_text)}")
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
        raise BlueprintsError(f"cannot write the build file: {os_reason(e)}") from None
    print(f"wrote {display(str(path), 200)}: {name}'s building of round {rnd} of game {g.number} "
          f"(`blueprints3d view {display(str(path), 200)}` shows it)")
    return 0
