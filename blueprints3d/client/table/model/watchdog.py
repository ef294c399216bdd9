"""A watchdog for the frame loop: when no frame has come round for ``threshold`` seconds, the
picture is stuck (in the graphics driver: the main thread waits on the GL and can run nothing
else), so a thread of its own notes it in the data folder (files/stall.py) for the next start to
say. It cannot unstick the GL; it makes sure the player is told, and the autosave (written
after every move) makes sure nothing is lost. When frames come again, the note is taken back.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from pathlib import Path

from blueprints3d.files.stall import clear_stall, record_stall

THRESHOLD = 20.0  # s: no frame of the table's takes this long (the expert thinks on its own thread)


class FrameWatchdog:
    def __init__(
        self,
        folder: Path,
        renderer: str,
        threshold: float = THRESHOLD,
        clock: Callable[[], float] = time.monotonic,
        interval: float = 1.0,
    ) -> None:
        self.folder, self.renderer, self.threshold = folder, renderer, threshold
        self.clock, self.interval = clock, interval
        self.last = clock()
        self.noted = False
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def beat(self) -> None:
        """A frame came round (called by the frame loop)."""
        self.last = self.clock()
        if self.noted:  # it moved again: the note would say something that is not so
            self.noted = False
            with contextlib.suppress(OSError):
                clear_stall(self.folder)

    def check(self) -> bool:
        """Note a stall if the frames stopped; whether one is noted now."""
        stalled = self.clock() - self.last
        if stalled >= self.threshold and not self.noted:
            try:
                record_stall(self.folder, stalled, self.renderer)
                self.noted = True
            except OSError:
                pass  # a data folder that cannot be written: nothing to keep the note in
        return self.noted

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="blueprints3d-watchdog", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            self.check()

    def stop(self) -> None:
        """The program ends normally: no stall to tell of."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(2.0)
        if self.noted:
            with contextlib.suppress(OSError):
                clear_stall(self.folder)
