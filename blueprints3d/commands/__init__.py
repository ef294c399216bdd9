"""One module per `blueprints3d` subcommand (see blueprints3d/cli.py).

``cli`` imports every command module to build its parser, so a module's top holds only light,
Panda3D-free imports; the client (Panda3D, numpy) is imported inside ``run``, where a window or
a picture is wanted. That is why `blueprints3d score` or `simulate` never load Panda3D; it is not
there to hide an import circle (tests/test_layers.py would find one).
"""
