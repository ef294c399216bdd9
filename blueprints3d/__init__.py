"""blueprints3d: the dice-stacking board game Blueprints, with a rules engine and a Panda3D client."""

__version__ = "1.4.0"
