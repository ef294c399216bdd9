"""The standalone apps' entry points (setup.py's build_apps): ``table`` starts the 3D table (the
gui app a player double-clicks), ``console`` is the whole command line. Both are the same
``blueprints3d`` program a pip install gives; only their names and windows differ."""
