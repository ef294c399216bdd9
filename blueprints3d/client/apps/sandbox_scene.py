"""What the sandbox shows: the step drawn for its state (the building, the spaces that take
the held die, the held die's preview over the cursor's space, the caption and key line), the
box round it all that the camera must hold, and the pick boxes that stand on the card."""

from __future__ import annotations

from panda3d.core import NodePath

from blueprints3d.client.apps.demo_stage import FRAME_TAG, GHOST_LIFT, StageNodes
from blueprints3d.client.apps.sandbox_camera import Box
from blueprints3d.client.scene import card_model, dice_model, units
from blueprints3d.client.scene.picking import Column
from blueprints3d.engine.materials import Material
from blueprints3d.i18n import _, n_
from blueprints3d.presentation.sandbox_model import SandboxBuilding
from blueprints3d.presentation.scene import BuildingView, Ghost, Mark, Step, Tone
from blueprints3d.presentation.words import colour_word, material_word


def _keys_line(blank: bool) -> str:
    """The key line over the scene (H prints heights on a blank grid only)."""
    if blank:
        return _(
            "1-6 value  O/G/B/C material  click/arrows+Enter drop  U undo  [ ] card  "
            "H height  Q/E W/S +/- R camera  F2 save  F3 save as  Esc quit"
        )
    return _(
        "1-6 value  O/G/B/C material  click/arrows+Enter drop  U undo  [ ] card  "
        "Q/E W/S +/- R camera  F2 save  F3 save as  Esc quit"
    )


def sandbox_step(
    model: SandboxBuilding, material: Material, value: int, cursor: int | None, status: str
) -> Step:
    """The step to draw: the spaces that take a die of ``value`` marked good, the held die
    over the ``cursor``'s space (good or refused, a hatched space marked bad), the dice and
    points under the card and the held die and ``status`` in the caption."""
    bp = model.blueprint
    marks = {c: Mark("", Tone.GOOD) for c in model.legal_cells(value)}
    ghost = None
    if cursor is not None:
        err = model.error(value, cursor)
        if bp.is_hatched(cursor):
            marks[cursor] = Mark("", Tone.BAD)
        ghost = Ghost(material, value, cursor, Tone.GOOD if err is None else Tone.BAD)
    caption = _(
        "Holding: {colour} ({material}) {value}. {status}",
        colour=colour_word(material),
        material=material_word(material),
        value=value,
        status=status,
    )
    footer = _(
        "{dice}, {points}",
        dice=n_("{n} die", "{n} dice", model.num_dice),
        points=n_("{n} point", "{n} points", model.score().total),
    )
    building = BuildingView(
        bp.title,
        bp,
        tuple(tuple(s) for s in model.stacks),
        cell_marks=marks,
        ghost=ghost,
        footer=footer,
    )
    return Step(caption, (building,), header=_keys_line(model.blank))


def scene_box(stage: StageNodes, root: NodePath, cursor_stack: int | None) -> Box:
    """The box round everything the camera must show (the card, the dice, the held die and the
    labels: the step's frame items), in ``root``'s coordinates; ``cursor_stack``: how many dice
    stand on the cursor's space (the held die floats one level over them), None without one."""
    points = []
    for item in stage.root.find_all_matches(f"**/={FRAME_TAG}"):
        b = item.get_tight_bounds(root)
        if b:
            points += [b[0], b[1]]
    ghost_top = 0.0
    if cursor_stack is not None and stage.buildings:
        ghost_top = units.CARD_THICKNESS + units.DIE_SIZE * (cursor_stack + 1)
    if not points:
        return (-5.0, -5.0, 0.0), (5.0, 5.0, 1.0)
    lo = [min(p[i] for p in points) for i in range(3)]
    hi = [max(p[i] for p in points) for i in range(3)]
    return (lo[0], lo[1], lo[2]), (hi[0], hi[1], max(hi[2], ghost_top))


def pick_columns(model: SandboxBuilding, cursor: int | None) -> list[Column]:
    """The pick boxes standing on the card, in its frame (see ``picking``): each stack's, and
    the ``cursor``'s space's up to the top of the held die's preview floating over it, so
    pointing at a die or at the preview names the space it stands over, not the spot of the
    card behind it."""
    bp = model.blueprint
    half = units.DIE_SIZE / 2 * 1.02  # the dice as drawn: a ray between two stacks passes on
    out = []
    for cell, st in enumerate(model.stacks):
        top = dice_model.die_top_z(len(st) - 1) if st else units.CARD_THICKNESS
        if cell == cursor:
            top = dice_model.die_center_z(len(st)) + GHOST_LIFT + units.DIE_SIZE / 2
        if top > units.CARD_THICKNESS:
            x, y = card_model.cell_position(bp, cell)
            out.append(Column(cell, x, y, half, 0.0, top))
    return out
