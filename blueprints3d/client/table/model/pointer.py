"""The table's input seam: where the pointer is, and the clock its frames run by.

The table reads the pointer through a ``Pointer`` and the time through a ``FrameClock``, never
straight from Panda3D's mouse watcher and global clock, so a test, a benchmark or a scripted
demo can say where the hand is and how much time passed (``HeldPointer``, ``SteadyClock``)
while the real window uses ``MousePointer`` and Panda3D's ``ClockObject``.
"""

from __future__ import annotations

from typing import Protocol


class Pointer(Protocol):
    def position(self) -> tuple[float, float] | None:
        """Where the pointer is, in the window's [-1, 1] coordinates (+y up); None when it is
        outside the window (or there is no mouse)."""

    def over_gui(self) -> bool:
        """Whether the pointer is over a 2D button or screen, which takes its clicks."""


class FrameClock(Protocol):
    def get_dt(self) -> float:
        """Seconds since the last frame."""

    def get_frame_time(self) -> float:
        """Seconds since the clock began, as of this frame."""


class MousePointer:
    """The window's mouse, through the base's mouse watcher (an offscreen base has none)."""

    def __init__(self, base) -> None:
        self.base = base

    def _watcher(self):
        return getattr(self.base, "mouseWatcherNode", None)

    def position(self) -> tuple[float, float] | None:
        mw = self._watcher()
        if mw is None or not mw.has_mouse():
            return None
        m = mw.get_mouse()
        return m.x, m.y

    def over_gui(self) -> bool:
        mw = self._watcher()
        return mw is not None and bool(mw.is_over_region())


class HeldPointer:
    """A pointer that is where it is put: ``at`` (None: outside the window); ``on_gui`` says
    whether a 2D button is under it."""

    def __init__(self, at: tuple[float, float] | None = None, on_gui: bool = False) -> None:
        self.at = at
        self.on_gui = on_gui

    def position(self) -> tuple[float, float] | None:
        return self.at

    def over_gui(self) -> bool:
        return self.on_gui


class SteadyClock:
    """A clock that moves ``dt`` seconds each time ``tick`` is called, and not otherwise."""

    def __init__(self, dt: float = 1 / 60) -> None:
        self.dt = dt
        self.now = 0.0

    def tick(self) -> None:
        self.now += self.dt

    def get_dt(self) -> float:
        return self.dt

    def get_frame_time(self) -> float:
        return self.now
