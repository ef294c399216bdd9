"""The Panda3D program, in wings that import only downward (checked by import-linter):

- ``render``  config, shader loading, materials, lighting, glass, capture (no game knowledge)
- ``scene``   dice, cards, props, animation, camera, picking, a build laid out as a scene
- ``table``   the game table: app, flow, bots, controls, layout, screens, HUD
- ``apps``    viewer, sandbox, demo player, replay player

It holds NO rules: it asks ``blueprints3d.engine`` what is legal and hands it the player's choice.
Nothing here uses ShowBase's global builtins (``base``, ``render``, ``loader``): the objects a
module needs are passed to it.
"""
