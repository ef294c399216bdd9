"""The material symbols (the colour-blind help) for the commands that open windows of dice
besides the table: the viewer, the demos, the replay."""

from __future__ import annotations

import argparse


def symbols_as_set(args: argparse.Namespace) -> None:
    """The material symbols on the dice (the colour-blind help): with --material-symbols, or
    when the table's settings have them on."""
    from blueprints3d.client.render import config
    from blueprints3d.files.settings import saved_material_symbols

    config.MATERIAL_SYMBOLS.set_value(args.material_symbols or saved_material_symbols())
