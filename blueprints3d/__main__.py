"""`python -m blueprints3d` and the `blueprints3d` script: the same command line (``cli.main``).

The command line is loaded inside ``run``, so that a Ctrl-C pressed while the program is still
loading (its imports and the subcommands' modules take a few tenths of a second) is the same one
line as any other, not a traceback from the middle of an import.
"""

import codecs
import sys


def _utf8_output(platform: str = sys.platform) -> None:
    """Speak UTF-8 where the output could not carry a German, Chinese or Persian line: where the
    locale says only ASCII (``env -i``, a bare C locale: Python itself coerces it, a frozen
    build's runtime does not), and on Windows wherever output goes to a pipe or a file, which
    Python writes in the ANSI code page (cp1252: no Persian, no Chinese). A Windows console
    itself is written in UTF-16 by Python and needs nothing."""
    for stream in (sys.stdout, sys.stderr):
        try:
            name = codecs.lookup(getattr(stream, "encoding", None) or "ascii").name
        except LookupError:
            name = "ascii"
        narrow = name == "ascii" or (platform == "win32" and not name.startswith("utf"))
        if narrow and hasattr(stream, "reconfigure"):
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
