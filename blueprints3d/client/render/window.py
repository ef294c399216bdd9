"""The one way the program opens a ShowBase: settings loaded first, shaders checked on the window."""

from __future__ import annotations

import os
import sys

from direct.showbase.ShowBase import ShowBase
from panda3d.core import WindowProperties

from blueprints3d.client.render import shaders
from blueprints3d.client.render.audio import captured_stderr
from blueprints3d.client.render.config import VERBOSE, limit_for_renderer, load_config
from blueprints3d.engine.errors import BlueprintsError

# What the windowed apps suggest when no window can open: demo and replay have --render; view
# has `render` as its offscreen twin; the sandbox is a window or nothing (the default hint).
NO_WINDOW_HINT = "run it in a desktop session or under Xvfb, or use --render DIR to draw offscreen"
VIEW_NO_WINDOW_HINT = (
    "run it in a desktop session or under Xvfb, or draw the building offscreen "
    "with `blueprints3d render FILE -o picture.png`"
)

DGA_NOTICE = 'extension "XFree86-DGA" missing'


class _ShowBase(ShowBase):
    """ShowBase whose audio start-up is quiet: what OpenAL, ALSA, PulseAudio and Panda3D's audio
    print while the managers open (on a machine without a sound device, a screenful) is kept in
    ``audio_messages`` (shown with --verbose); render/audio.SoundBank.for_base says it in one line."""

    audio_messages = ""

    def createBaseAudioManagers(self):
        with captured_stderr() as caught:
            super().createBaseAudioManagers()
        self.audio_messages = caught.text


def open_base(
    *,
    size: tuple[int, int],
    title: str = "Blueprints",
    offscreen: bool = False,
    fullscreen: bool = False,
    native_fullscreen: bool = False,
    multisamples: int = 0,
    sync_video: bool | None = None,
    verbose: bool = False,
    shaders_on: bool = True,
    no_window_hint: str = "",
    sound: bool = False,
) -> ShowBase:
    """A ShowBase with its window (or offscreen buffer) open and the shaders checked on it.

    ``native_fullscreen`` opens full screen at the display's own resolution (asked of the pipe
    before the window opens). A missing display is a ``BlueprintsError`` in one line, never
    ShowBase's bare "Could not open window." With ``shaders_on``, every program is compiled
    on the new window first and any failure falls back to plain colours. ``sound`` opens audio
    through OpenAL (else Panda3D's null audio; see render/audio.py).
    """
    load_config(
        size=size,
        title=title,
        offscreen=offscreen,
        fullscreen=fullscreen,
        multisamples=multisamples,
        sync_video=sync_video,
        verbose=verbose,
        sound=sound,
    )
    if sound and not (verbose or VERBOSE.get_value()):
        # OpenAL Soft's own warnings later on (its mixer thread): none unless --verbose.
        os.environ.setdefault("ALSOFT_LOGLEVEL", "0")
    hint = no_window_hint or "run it in a desktop session or under Xvfb"
    opening = None
    try:
        with captured_stderr() as opening:
            base = _open(native_fullscreen, offscreen, hint)
    finally:
        # X servers without the DGA extension (Xvfb, XWayland, most remote displays) make Xlib
        # say so when Panda3D asks for it (for a relative mouse mode never used here): a normal
        # start says nothing, and everything else said while the window opened is passed on.
        said = [
            line
            for line in (opening.text if opening else "").splitlines(keepends=True)
            if DGA_NOTICE not in line
        ]
        if said:
            sys.stderr.write("".join(said))
            sys.stderr.flush()
    if base.audio_messages and (verbose or VERBOSE.get_value()):
        sys.stderr.write(base.audio_messages)
    if base.win is None:
        raise BlueprintsError(f"could not open a window (no display?); {hint}")
    base.disable_mouse()
    gsg = base.win.get_gsg()
    limit_for_renderer(gsg.get_driver_renderer() if gsg is not None else "")
    shaders.configure(shaders_on, base)
    return base


def _open(native_fullscreen: bool, offscreen: bool, hint: str) -> _ShowBase:
    try:
        if native_fullscreen:
            base = _ShowBase(windowType="none")
            base.make_default_pipe()
            props = WindowProperties.get_default()
            if base.pipe is not None and base.pipe.get_display_width() > 0:
                props.set_size(base.pipe.get_display_width(), base.pipe.get_display_height())
            props.set_fullscreen(True)
            base.open_default_window(props=props)
        else:
            base = _ShowBase(windowType="offscreen" if offscreen else None)
    except Exception as e:  # ShowBase says only "Could not open window."
        raise BlueprintsError(f"could not open a window ({e}); {hint}") from None
    return base
