"""The generated models (tools/make_models.py), installed as ``blueprints3d.models``: a package so that every way the program is installed finds them (blueprints3d/resources.py)."""
