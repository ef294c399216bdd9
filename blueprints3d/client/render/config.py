"""Panda3D configuration: the shipped ``blueprints3d.prc``, the project's own settings as
ConfigVariables, and the camera masks.

``load_config`` must run before ShowBase exists (Panda3D reads most settings once, when the pipe
opens); ``window.open_base`` does that for every window the program opens.
"""

from __future__ import annotations

import sys

from panda3d.core import (
    BitMask32,
    ConfigVariableBool,
    ConfigVariableDouble,
    ConfigVariableInt,
    load_prc_file_data,
)

from blueprints3d import resources

# -- the project's settings (defaults in blueprints3d.prc; a user's own .prc may override) ------

SHADERS = ConfigVariableBool(
    "blueprints3d-shaders", True, "draw materials with the GLSL shaders; false: plain colours"
)
SHADOW_SIZE = ConfigVariableInt(
    "blueprints3d-shadow-size", 1024, "side in texels of the key light's shadow map at the table"
)
# Colour-blind help: each material's own symbol printed on every face of its dice, beside the
# pips (dice_model.show_material_symbols; the settings' "material symbols", --material-symbols).
MATERIAL_SYMBOLS = ConfigVariableBool(
    "blueprints3d-material-symbols",
    False,
    "print each material's symbol on its dice (colour-blind help)",
)
BOT_DELAY = ConfigVariableDouble(
    "blueprints3d-bot-delay", 0.8, "seconds a computer's move stays 'thinking' so people can follow"
)
# Anisotropic filtering keeps the cards' print sharp at a slant. Mesa's software renderers do it
# by an elliptical weighted average whose loop runs over every texel of a pixel's footprint,
# with no bound: where a tumbling die's pips are sampled with large screen derivatives, one
# frame of the first throw took 9.5 s here (and, at an unlucky pose, minutes: the "freeze in
# the first throw"), against 0.1 s with it off (benchmarks/throw_aniso.py). So window.open_base
# sets this to 1 (off) when the GL is a software rasterizer; a GPU bounds its own filtering.
ANISOTROPY = ConfigVariableInt(
    "blueprints3d-anisotropy",
    8,
    "largest anisotropic filtering degree of the textures (1: none); "
    "set to 1 on software renderers when a window opens",
)
VERBOSE = ConfigVariableBool(
    "blueprints3d-verbose", False, "let Panda3D print its start-up messages (pipes, devices, EGL)"
)

SOFTWARE_RENDERERS = ("llvmpipe", "softpipe", "swrast", "software rasterizer")


def anisotropy(wanted: int) -> int:
    """The anisotropic filtering degree for a texture that would like ``wanted``, within the
    ``blueprints3d-anisotropy`` setting (1, none, on software renderers)."""
    return max(1, min(int(wanted), ANISOTROPY.get_value()))


def limit_for_renderer(renderer: str) -> None:
    """Turn anisotropic filtering off when ``renderer`` (the GL's renderer string) is a software
    rasterizer, whose filtering costs without bound (see ANISOTROPY)."""
    if any(name in renderer.lower() for name in SOFTWARE_RENDERERS):
        load_prc_file_data("blueprints3d-software-gl", "blueprints3d-anisotropy 1")


# -- camera masks: one bit per special camera, all here so no two claim the same bit -----------

# The key light's shadow camera; flat surfaces are hidden from it (see lighting.hide_from_shadows).
SHADOW_MASK = BitMask32.bit(22)
# The refraction camera (glass.Refraction); glass itself is hidden from it.
REFRACTION_MASK = BitMask32.bit(21)

# Offscreen work (render, tests, tools): on Linux EGL's headless display, which needs no X server
# and takes Mesa's software GL; p3headlessgl exists only there. Windows and macOS open their own
# GL display (an offscreen buffer of a hidden context), on whatever GL the machine has.
OFFSCREEN_PRC = {
    "linux": """
window-type offscreen
load-display p3headlessgl
aux-display p3headlessgl
framebuffer-hardware false
""",
    "other": """
window-type offscreen
load-display pandagl
aux-display pandagl
""",
}
# macOS gives a legacy OpenGL 2.1 context unless a core profile is asked for, and our shaders
# are GLSL 330: ask for 3.2 core (the highest macOS gives, 4.1 in practice, answers it).
MACOS_PRC = """
gl-version 3 2
"""


def platform_prc(platform: str, offscreen: bool) -> str:
    """The lines this platform needs: its offscreen display, macOS's core profile."""
    text = MACOS_PRC if platform == "darwin" else ""
    if offscreen:
        text += OFFSCREEN_PRC["linux" if platform.startswith(("linux", "freebsd")) else "other"]
    return text


VERBOSE_PRC = """
notify-level info
print-pipe-types #t
notify-level-display info
notify-level-egldisplay info
notify-level-glxdisplay info
notify-level-device info
notify-level-audio info
"""


def load_config(
    *,
    size: tuple[int, int] | None = None,
    title: str | None = None,
    offscreen: bool = False,
    fullscreen: bool = False,
    multisamples: int = 0,
    sync_video: bool | None = None,
    verbose: bool = False,
    sound: bool = False,
) -> None:
    """Load the shipped .prc, then this run's own page on top; call before ``ShowBase()``.
    ``sound``: open audio through OpenAL (the shipped page says ``null``; see render/audio.py)."""
    load_prc_file_data("blueprints3d", resources.read_text(__package__, "blueprints3d.prc"))
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
    text = "\n".join(lines) + "\n" + platform_prc(sys.platform, offscreen)
    if verbose or VERBOSE.get_value():
        text += VERBOSE_PRC
    load_prc_file_data("blueprints3d-run", text)
