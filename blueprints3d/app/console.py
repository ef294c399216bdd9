"""The console app (``blueprints-cli``): every command (`blueprints-cli render --materials` ...)."""

import sys

from blueprints3d.__main__ import run

if __name__ == "__main__":
    sys.exit(run())
