"""Panda3D configuration: the shipped ``blueprints3d.prc``, the project's own settings as
ConfigVariables, and the camera masks.

``load_config`` must run before ShowBase exists (Panda3D reads most settings once, when the pipe
opens); ``window.open_base`` does that for every window the program opens.
"""

from __future__ import annotations

from importlib import resources

from panda3d.core import (BitMask32, ConfigVariableBool, ConfigVariableDouble, ConfigVariableInt,
                          load_prc_file_data)

# -- the project's settings (defaults in blueprints3d.prc; a user's own .prc may override) ------

SHADERS = ConfigVariableBool("blueprints3d-shaders", True,
                             "draw materials with the GLSL shaders; false: plain colours")
SHADOW_SIZE = ConfigVariableInt("blueprints3d-shadow-size", 1024,
                                "side in texels of the key light's shadow map at the table")
BOT_DELAY = ConfigVariableDouble("blueprints3d-bot-delay", 0.8,
                                 "seconds a computer's move stays 'thinking' so people can follow")
VERBOSE = ConfigVariableBool("blueprints3d-verbose", False,
                             "let Panda3D print its start-up messages (pipes, devices, EGL)")

# -- camera masks: one bit per special camera, all here so no two claim the same bit -----------

# The key light's shadow camera; flat surfaces are hidden from it (see lighting.hide_from_shadows).
SHADOW_MASK = BitMask32.bit(22)
# The refraction camera (glass.Refraction); glass itself is hidden from it.
REFRACTION_MASK = BitMask32.bit(21)

OFFSCREEN_PRC = """
window-type offscreen
load-display p3headlessgl
aux-display p3headlessgl
framebuffer-hardware false
"""
VERBOSE_PRC = """
notify-level info
print-pipe-types #t
notify-level-display info
notify-level-egldisplay info
notify-level-glxdisplay info
notify-level-device info
notify-level-audio info
"""


def load_config(*, size: tuple[int, int] | None = None, title: str | None = None,
                offscreen: bool = False, fullscreen: bool = False, multisamples: int = 0,
                sync_video: bool | None = None, verbose: bool = False, sound: bool = False) -> None:
    """Load the shipped .prc, then this run's own page on top; call before ``ShowBase()``.
    ``sound``: open audio through OpenAL (the shipped page says ``null``; see render/audio.py)."""
    load_prc_file_data("blueprints3d", resources.files(__package__).joinpath("blueprints3d.prc")
                       .read_text("utf-8"))
    lines = []
    if size is not None:
        lines.append(f"win-size {size[0]} {size[1]}")
    if title is not None:
        lines.append(f"window-title {title}")
    if fullscreen:
        lines.append("fullscreen #t")
    if sync_video is not None:
        lines.append(f"sync-video {'#t' if sync_video else '#f'}")
    if multisamples:
        lines += ["framebuffer-multisample 1", f"multisamples {multisamples}"]
    if sound:
        lines.append("audio-library-name p3openal_audio")
    text = "\n".join(lines) + "\n" + (OFFSCREEN_PRC if offscreen else "")
    if verbose or VERBOSE.get_value():
        text += VERBOSE_PRC
    load_prc_file_data("blueprints3d-run", text)
