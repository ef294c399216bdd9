"""The table's game, without a window: the course of a game and its seats (``flow``, and
``remote_flow`` for a game played on a server), the computer players (``bots``), the options a
table starts from, its saving, where things stand on the table (``layout``), the pointer and
clock seam, and the frame watchdog. Nothing here imports Panda3D (an import-linter contract)."""
