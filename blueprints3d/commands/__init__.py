"""One module per `blueprints3d` subcommand (see blueprints3d/cli.py)."""
