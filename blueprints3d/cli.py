"""The `blueprints3d` command line: one entry point, one module per subcommand.

Each module in ``blueprints3d/commands/`` defines ``HELP``, ``add_arguments(parser)`` and
``run(args) -> int``. With no subcommand, ``play`` runs (the 3D table). Engine errors and bad
files become one line on stderr and exit status 2; users never see a traceback for bad input.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from blueprints3d import __version__
from blueprints3d.commands.argtypes import UsageError, speak_argparse
from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.files.places import adopt_old_folder
from blueprints3d.files.settings import saved_language
from blueprints3d.i18n import (
    LANGUAGES,
    _,
    explain,
    language_from_environment,
    set_language,
    translate,
)
from blueprints3d.text import one_line

# Subcommand name -> module under blueprints3d.commands. "play" is also the default.
COMMANDS: dict[str, str] = {
    "play": "play",
    "score": "score",
    "render": "render",
    "simulate": "simulate",
    "tournament": "tournament",
    "demo": "demo",
    "view": "view",
    "replay": "replay",
    "history": "history",
    "sandbox": "sandbox",
    "tutorial": "tutorial",
    "serve": "serve",
    "host": "host",
    "join": "join",
}

EXIT_USAGE = 2


class _Parser(argparse.ArgumentParser):
    """argparse, but a wrong option is one line and exit status 2 (the usage block is for --help)."""

    def error(self, message: str):
        self.exit(EXIT_USAGE, _error_line(self.prog, message))


def _error_line(prog: str, message: object) -> str:
    return _("{prog}: error: {message}", prog=prog, message=one_line(message)) + "\n"


def _load(name: str):
    return importlib.import_module(f"blueprints3d.commands.{COMMANDS[name]}")


def build_parser() -> argparse.ArgumentParser:
    """The parser, its help in the current language: build it after ``set_language``."""
    speak_argparse()
    parser = _Parser(
        prog="blueprints3d",
        description=_(
            "Blueprints, the dice-stacking board game, on a 3D table. "
            "Without a command, opens the table for a new game."
        ),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"blueprints3d {__version__}",
        help=_("show program's version number and exit"),
    )
    _add_lang(parser, None)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        mod = _load(name)
        p = sub.add_parser(name, help=_(mod.HELP), description=_(mod.HELP))
        mod.add_arguments(p)
        _add_lang(p, argparse.SUPPRESS)  # after the command too; SUPPRESS keeps one given before
    return parser


def _add_lang(parser: argparse.ArgumentParser, default) -> None:
    parser.add_argument(
        "--lang",
        choices=list(LANGUAGES),
        default=default,
        metavar="|".join(LANGUAGES),
        help=_(
            "the language to speak (default: the one chosen on the settings screen, else "
            "from LANGUAGE, LC_ALL, LC_MESSAGES, LANG, else English)"
        ),
    )


def _split_lang(argv: list[str]) -> tuple[list[str], list[str]]:
    """Leading --lang options, and the rest of ``argv``."""
    i = 0
    while i < len(argv):
        if argv[i] == "--lang" and i + 1 < len(argv):
            i += 2
        elif argv[i].startswith("--lang="):
            i += 1
        else:
            break
    return argv[:i], argv[i:]


def _given_lang(argv: list[str]) -> str | None:
    """The last valid --lang in ``argv`` (before or after the command; none after "--"), read before
    the parser is built so that its help and argparse's own words are in that language. A wrong
    one is left for the parser to refuse."""
    found = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        value = (
            argv[i + 1]
            if arg == "--lang" and i + 1 < len(argv)
            else arg.split("=", 1)[1]
            if arg.startswith("--lang=")
            else None
        )
        if value in LANGUAGES:
            found = value
    return found


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    adopted = adopt_old_folder()  # before anything reads the data folder (settings.json, below)
    # --lang, else the settings screen's choice (settings.json), else the environment, else English.
    saved = saved_language()
    set_language(_given_lang(argv) or saved or language_from_environment(os.environ) or "en")
    parser = build_parser()
    # No subcommand (or only options): play. Options of `play` are accepted at the top level.
    lang, rest = _split_lang(argv)
    if not rest or (rest[0].startswith("-") and rest[0] not in ("-h", "--help", "--version")):
        argv = [*lang, "play", *rest]
    args = parser.parse_args(argv)
    set_language(args.lang or saved or language_from_environment(os.environ) or "en")
    if adopted is not None:
        print(f"blueprints3d: {one_line(translate(adopted.message))}", file=sys.stderr)
    try:
        return int(_load(args.command).run(args) or 0)
    except UsageError as e:
        parser.exit(EXIT_USAGE, _error_line(f"blueprints3d {args.command}", e))
    except BlueprintsError as e:
        print(f"blueprints3d: {one_line(explain(e))}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print(_("blueprints3d: interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
