"""A virtual X display for the real-window tests: Xvfb on a free display number, ready when it
answers (``-displayfd``: Xvfb writes the number it took once it accepts clients), never a fixed
number after a fixed sleep."""

from __future__ import annotations

import os
import shutil
import subprocess
from contextlib import contextmanager
from collections.abc import Iterator


def available() -> bool:
    return bool(shutil.which("Xvfb") and shutil.which("xdotool"))


@contextmanager
def virtual_display(size: str = "1280x800", timeout: float = 30.0) -> Iterator[str]:
    """Start Xvfb with a screen of ``size`` and yield its DISPLAY (":N"); stopped afterwards."""
    read, write = os.pipe()
    proc = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size}x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        import select

        ready, _, _ = select.select([read], [], [], timeout)
        number = os.read(read, 32).decode().strip() if ready else ""
        if not number:
            raise RuntimeError(f"Xvfb did not answer within {timeout} s")
        yield f":{number}"
    finally:
        os.close(read)
        proc.kill()
        proc.wait()
