"""The catalogues (``<lang>/LC_MESSAGES/blueprints3d.mo`` and their ``.po``): a package so that every way the program is installed finds them (blueprints3d/resources.py)."""
