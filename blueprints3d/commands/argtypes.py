"""What the subcommands share: argparse types for numbers and sizes, and ``UsageError``.

A wrong value given to one of these types becomes argparse's one-line error naming the option.
"""

from __future__ import annotations

import argparse
import math
import os

from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.text import display, shown


class UsageError(Exception):
    """A wrong option or argument found after parsing; reported like argparse's own errors."""


def whole_number(least: int, most: int | None = None):
    """An argparse type for an int from ``least`` (to ``most``, when given)."""
    def parse(text: str) -> int:
        try:
            if len(text.strip()) > 30:
                raise ValueError
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{shown(text)} is not a whole number") from None
        if n < least:
            raise argparse.ArgumentTypeError(f"must be {least} or more, not {n}")
        if most is not None and n > most:
            raise argparse.ArgumentTypeError(f"must be at most {most:,}, not {n:,}")
        return n
    parse.__name__ = "whole number"  # argparse names the type in its messages
    return parse


def finite_number(least: float | None = None, most: float | None = None, unit: str = ""):
    """An argparse type for a finite float (never nan or inf), within bounds when given."""
    def parse(text: str) -> float:
        try:
            x = float(text) if len(text) <= 30 else math.nan
        except ValueError:
            x = math.nan
        if not math.isfinite(x):
            raise argparse.ArgumentTypeError(f"{shown(text)} is not a finite number{unit}")
        if (least is not None and x < least) or (most is not None and x > most):
            raise argparse.ArgumentTypeError(f"must be from {least:g} to {most:g}{unit}, not {x:g}")
        return x
    parse.__name__ = "number"
    return parse


def output_folder(path: str, option: str) -> str:
    """Make sure ``path`` is a folder pictures can be written to (made when missing); a
    UsageError in one line when it cannot be (a file, /dev/null, no permission)."""
    try:
        os.makedirs(path, exist_ok=True)
    except FileExistsError:
        raise UsageError(f"{option} {display(path, 200)}: is a file, not a folder") from None
    except OSError as e:
        raise UsageError(f"{option} {display(path, 200)}: cannot make the folder "
                         f"({display(e.strerror or e, 80)})") from None
    if not os.path.isdir(path):
        raise UsageError(f"{option} {display(path, 200)}: is not a folder")
    if not os.access(path, os.W_OK | os.X_OK):
        raise UsageError(f"{option} {display(path, 200)}: the folder is not writable")
    return path


def writable_file(path: str, option: str = "") -> str:
    """``path``, shown; one line when its folder cannot take a new file."""
    out = display(path, 200)
    out_dir = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(out_dir):
        raise BlueprintsError(f"cannot write {option}{out}: no folder {display(out_dir, 200)}")
    if os.path.isdir(path):
        raise BlueprintsError(f"cannot write {option}{out}: it is a folder")
    if not os.access(out_dir, os.W_OK | os.X_OK):
        raise BlueprintsError(f"cannot write {option}{out}: the folder {display(out_dir, 200)} is not writable")
    if os.path.exists(path) and not os.access(path, os.W_OK):
        raise BlueprintsError(f"cannot write {option}{out}: the file is not writable")
    return out


positive = whole_number(1)
non_negative = whole_number(0)


def dimensions(least: tuple[int, int], most: tuple[int, int], example: str,
               what: str = "WIDTHxHEIGHT", bounds: str | None = None):
    """An argparse type for ``AxB`` (a window size, a grid), each side within its bounds
    (``bounds`` words them, by default "from AxB to CxD")."""
    def parse(text: str) -> tuple[int, int]:
        try:
            a, b = (int(v) for v in text.lower().split("x") if len(v) <= 30)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be {what} like {example}, not {shown(text)}") from None
        if not (least[0] <= a <= most[0] and least[1] <= b <= most[1]):
            raise argparse.ArgumentTypeError(
                f"{display(text)}: {bounds or f'must be from {least[0]}x{least[1]} to {most[0]}x{most[1]}'}")
        return a, b
    parse.__name__ = what
    return parse


# Pictures and windows: big enough to read a caption, small enough for any GL's buffers.
picture_size = dimensions((64, 64), (8192, 8192), "1280x720")
window_size = dimensions((200, 150), (8192, 8192), "1280x720")
# The sandbox's blank grid.
grid_shape = dimensions((1, 1), (8, 8), "3x2", "ROWSxCOLUMNS", "rows and columns must be 1 to 8")
