"""`python -m blueprints3d` and the `blueprints3d` script: the same command line (``cli.main``).

The command line is loaded inside ``run``, so that a Ctrl-C pressed while the program is still
loading (its imports and the subcommands' modules take a few tenths of a second) is the same one
line as any other, not a traceback from the middle of an import.
"""

import codecs
import sys


def _utf8_output() -> None:
    """Speak UTF-8 where the locale says only ASCII (``env -i``, a bare C locale: Python itself
    coerces it, a frozen build's runtime does not), so that a German, Chinese or Persian line is
    written, not a UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        try:
            ascii_only = codecs.lookup(getattr(stream, "encoding", None) or "ascii").name == "ascii"
        except LookupError:
            ascii_only = True
        if ascii_only and hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8")


def run() -> int:
    _utf8_output()
    try:
        from blueprints3d.cli import main
        return main()  # which says a Ctrl-C during the command itself the same way
    except KeyboardInterrupt:
        print("blueprints3d: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(run())
