"""Panda3D-free files on disk: build files, save files, the autosave slot, and the JSON reader they share."""
