"""The table's sounds (made by tools/make_sounds.py): a package so that every way the program is installed finds them (blueprints3d/resources.py)."""
