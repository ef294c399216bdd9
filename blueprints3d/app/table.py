"""The gui app (``blueprints``): the 3D table, with any options the command line adds."""

import sys

from blueprints3d.__main__ import run

if __name__ == "__main__":
    sys.exit(run())
