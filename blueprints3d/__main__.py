"""`python -m blueprints3d` and the `blueprints3d` script: the same command line (``cli.main``).

The command line is loaded inside ``run``, so that a Ctrl-C pressed while the program is still
loading (its imports and the subcommands' modules take a few tenths of a second) is the same one
line as any other, not a traceback from the middle of an import.
"""

import sys


def run() -> int:
    try:
        from blueprints3d.cli import main
        return main()  # which says a Ctrl-C during the command itself the same way
    except KeyboardInterrupt:
        print("blueprints3d: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(run())
