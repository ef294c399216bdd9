"""The game table. ``app`` wires its parts together and ``run`` opens its window (``offscreen``
draws it without one, for tests and tools). The parts, each layer importing only those below it
(import-linter checks it):

- ``net``: the table in a network game; ``appearance``: the settings applied to the table;
- ``controls``: how a person plays it (drag and drop, keys, mouse);
- ``hud``: what is drawn over the scene (lines, panels, screens, summary, tutorial);
- ``view``: what stands on the table in the 3D scene (cards, dice, camera, reveal, sounds);
- ``model``: the game's course and its seats, bots, options, saving, layout: no Panda3D.
"""
