"""Text onto the system's clipboard (an invitation to share), by the system's own tool.

Panda3D has no clipboard to write to and the table brings no other GUI toolkit, so the text is
handed on stdin to the tool each system has for it:

- Windows: ``clip``, fed UTF-16LE after a byte-order mark (without the mark it reads the
  console's code page and garbles any letter outside it);
- macOS: ``pbcopy``, fed UTF-8 with ``LC_CTYPE=UTF-8`` (started from the Finder a program has no
  locale, and ``pbcopy`` would read the bytes as MacRoman);
- Linux and the BSDs: ``wl-copy`` in a Wayland session, else ``xclip -selection clipboard`` or
  ``xsel --clipboard --input``, whichever is installed first in that order; UTF-8.

Copying never raises: ``copy`` gives None when the text is on the clipboard, else one line in
the player's language saying why not (no tool, the tool failing or hanging, text that is no
invitation). No Panda3D here.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from typing import Any

from blueprints3d.i18n import _

TIMEOUT = 2.0  # seconds for the tool to take the text; a clipboard tool answers at once
MAX_TEXT = 2000  # characters: an invitation is a line or two
WINDOWS_NO_WINDOW = 0x08000000  # subprocess.CREATE_NO_WINDOW, which exists only on Windows
_X11_TOOLS = (("xclip", "-selection", "clipboard"), ("xsel", "--clipboard", "--input"))

Run = Callable[..., Any]  # subprocess.run's shape: (command, input=, timeout=, ...)
Which = Callable[[str], "str | None"]


def copy(
    text: str,
    platform: str = sys.platform,
    run: Run = subprocess.run,
    which: Which = shutil.which,
) -> str | None:
    """Put ``text`` (printable characters and line breaks, at most ``MAX_TEXT``) on the
    clipboard with the system's tool: None when it is there, else one line saying why not."""
    if not text or len(text) > MAX_TEXT or not text.replace("\n", "").isprintable():
        return _("only a line or two of printable text can be copied")
    tool, command, stdin, options = _tool(text, platform, which)
    if not command:
        return _("no clipboard tool was found: install {tool}", tool=tool)
    try:
        done = run(
            command,
            input=stdin,
            timeout=TIMEOUT,
            check=False,
            # Not captured: xclip, xsel and wl-copy stay behind to serve the clipboard, and a
            # pipe they hold open would keep this call waiting until the timeout.
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            **options,
        )
    except subprocess.TimeoutExpired:
        return _("the clipboard tool {tool} did not answer in time", tool=tool)
    except (OSError, subprocess.SubprocessError, ValueError):
        return _("the clipboard tool {tool} failed", tool=tool)
    if getattr(done, "returncode", 1) != 0:
        return _("the clipboard tool {tool} failed", tool=tool)
    return None


def _tool(text: str, platform: str, which: Which) -> tuple[str, list[str], bytes, dict[str, Any]]:
    """The tool's name, the command to run it (empty: not installed; the name is then the
    package to install), the bytes for its stdin, and what else ``subprocess.run`` needs."""
    if platform == "win32":
        stdin = b"\xff\xfe" + text.encode("utf-16-le")
        return "clip", _found(which, "clip"), stdin, {"creationflags": WINDOWS_NO_WINDOW}
    stdin = text.encode("utf-8")
    if platform == "darwin":
        env = {**os.environ, "LC_CTYPE": "UTF-8"}
        return "pbcopy", _found(which, "pbcopy"), stdin, {"env": env}
    wayland = bool(os.environ.get("WAYLAND_DISPLAY"))
    if wayland and (command := _found(which, "wl-copy")):
        return "wl-copy", command, stdin, {}
    for name, *arguments in _X11_TOOLS:  # X11, or XWayland where wl-copy is missing
        if command := _found(which, name):
            return name, [*command, *arguments], stdin, {}
    return ("wl-clipboard" if wayland else "xclip / xsel"), [], stdin, {}


def _found(which: Which, name: str) -> list[str]:
    """[the tool's path] when it is installed, else []."""
    path = which(name)
    return [path] if path else []
