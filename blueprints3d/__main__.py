"""`python -m blueprints3d` runs the same command line as `blueprints3d`."""

import sys

from blueprints3d.cli import main

sys.exit(main())
