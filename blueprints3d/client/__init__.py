"""The Panda3D program: the table, dice, buildings, picking and drag input, camera, HUD, materials.

It holds NO rules: it asks ``blueprints3d.engine`` what is legal and hands it the player's choice.
Nothing here uses ShowBase's global builtins (``base``, ``render``, ``loader``): the objects a
module needs are passed to it.

Who builds what (modules and their public functions):
- ``units``       sizes and spacing, in centimetres (1 scene unit = 1 cm), true to a real table.
- ``dice_model``  ``make_die(material, value, variant=0) -> NodePath``: one rounded die with pips,
                  centred at its origin, ``value`` facing +Z, side ``units.DIE_SIZE``.
- ``card_model``  ``make_card(blueprint) -> NodePath``: a blueprint card lying on z=0 with its
                  printed heights and hatched spaces; ``cell_position(blueprint, cell) -> (x, y)``
                  is a space's centre relative to the card's origin.
- ``materials``   the look of dice and surfaces; ``set_highlight(nodepath, rgba | None)`` works
                  with and without shaders; ``configure(use_shaders)``.
- ``lighting``    key light with shadows, fill and ambient: ``setup_lighting(scene_root, ...)``.
- the rest (app, table layout, pool, screens, camera, input, HUD, game flow) is the table client:
  ``flow`` (GameFlow: engine, turns, curtain, bots, round ends; no Panda3D), ``bots`` (the AI's
  bots or a random legal player, off the main thread), ``layout`` (seats, pool, centre: pure
  maths), ``table`` (TableView: the scene kept in step with the flow), ``controls`` (press/drag/
  release and keys into flow calls), ``picking`` (rays, planes, projection), ``camera`` (orbit),
  ``animation`` (per-frame glides), ``hud``, ``screens`` (DirectGUI), ``shapes`` (table props),
  ``app`` (TableApp and the `play` command), ``offscreen`` (the app on a buffer, for tests).
"""
