"""The sandbox's controls: its button bar (the held die's material and value, the card, undo,
clear and the saves), and the keys' steps (sandbox.bind_keys binds the keys to its commands)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from direct.gui.DirectGui import DirectButton
from panda3d.core import NodePath

from blueprints3d.client.apps.demo_player import _button
from blueprints3d.engine.materials import Material
from blueprints3d.engine.rules import DIE_FACES
from blueprints3d.i18n import _

SELECTED = (0.85, 0.6, 0.1, 1.0)
NORMAL = (0.22, 0.3, 0.45, 0.95)
MATERIAL_KEYS = {
    "o": Material.WOOD,
    "g": Material.RECYCLED,
    "b": Material.STONE,
    "c": Material.GLASS,
}
ORBIT_STEP, TILT_STEP, ZOOM_STEP = 15.0, 8.0, 1.15  # one press of Q/E, W/S, +/-


class SandboxButtons:
    """The button bar at the window's top left: a row of the four materials, a row of the six
    values, a row of ``actions`` (label, command) and "Save as..." under it. The held die's
    material and value buttons stand out (``show_held``)."""

    def __init__(
        self,
        parent: NodePath,
        on_material: Callable[[Material], None],
        on_value: Callable[[int], None],
        actions: Sequence[tuple[str, Callable[[], object]]],
        save_as: Callable[[], None],
    ) -> None:
        self.bar = parent.attach_new_node("sandbox-bar")
        self.buttons: list[DirectButton] = []
        y = -0.27
        self.material_buttons: dict[Material, DirectButton] = {}
        self.value_buttons: dict[int, DirectButton] = {}
        for k, (label, m) in enumerate(
            (
                (_("Wood"), Material.WOOD),
                (_("Recycled"), Material.RECYCLED),
                (_("Stone"), Material.STONE),
                (_("Glass"), Material.GLASS),
            )
        ):
            b = _button(self.bar, label, (0.16 + 0.27 * k, y), partial(on_material, m), 0.042)
            self.material_buttons[m] = b
            self.buttons.append(b)
        for v in range(1, DIE_FACES + 1):
            b = _button(
                self.bar, str(v), (0.1 + 0.12 * (v - 1), y - 0.1), partial(on_value, v), 0.045
            )
            self.value_buttons[v] = b
            self.buttons.append(b)
        for k, (label, fn) in enumerate(actions):
            self.buttons.append(_button(self.bar, label, (0.14 + 0.25 * k, y - 0.2), fn, 0.042))
        self.buttons.append(_button(self.bar, _("Save as..."), (0.2, y - 0.3), save_as, 0.042))

    def show_held(self, material: Material, value: int) -> None:
        """Make the held die's material and value buttons stand out."""
        for m, b in self.material_buttons.items():
            b["frameColor"] = SELECTED if m is material else NORMAL
        for v, b in self.value_buttons.items():
            b["frameColor"] = SELECTED if v == value else NORMAL

    def destroy(self) -> None:
        for b in self.buttons:
            b.destroy()
        self.bar.remove_node()
