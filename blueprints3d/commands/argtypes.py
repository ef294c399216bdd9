"""What the subcommands share: argparse types for numbers and sizes, and ``UsageError``.

A wrong value given to one of these types becomes argparse's one-line error naming the option.
"""

from __future__ import annotations

import argparse
import math
import os
import stat

from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.files.jsonfile import kind_of_mode
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


def writable_file(path: str, option: str = "", *, replace: bool = True) -> str:
    """``path``, shown; one line when no picture or build file can ever be written there, said
    before any window opens: an empty name, a name too long for the file system, a missing or
    read-only folder, and anything there that is not a plain file (a folder, a device such as
    /dev/null or /dev/full, a pipe, a link: an output is never written through a link). With
    ``replace`` False an existing file is refused too (the caller offers ``--force``)."""
    out = display(path, 200)
    what = f"cannot write {option}{out or repr(path)}"
    if not path:
        raise BlueprintsError(f"{what}: the file name is empty; give a name such as picture.png")
    out_dir = os.path.dirname(os.path.abspath(path))
    longest = max(os.path.abspath(path).split(os.sep), key=len)
    name_max = _name_max(out_dir)
    if len(os.fsencode(longest)) > name_max:
        raise BlueprintsError(f"{what}: the name {display(longest, 40)} is {len(os.fsencode(longest))} "
                              f"bytes long, and this file system takes at most {name_max}")
    if not os.path.isdir(out_dir):
        raise BlueprintsError(f"{what}: no folder {display(out_dir, 200)}")
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise BlueprintsError(f"{what}: {display(e.strerror or e, 80)}") from None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise BlueprintsError(f"{what}: it is a folder")
    if st is not None and stat.S_ISLNK(st.st_mode):
        raise BlueprintsError(f"{what}: it is a link, not a plain file (an output is never written "
                              f"through a link); give the name of a plain file")
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise BlueprintsError(f"{what}: it is not a plain file ({kind_of_mode(st.st_mode)}); give the name "
                              f"of a plain file")
    if not os.access(out_dir, os.W_OK | os.X_OK):
        raise BlueprintsError(f"{what}: the folder {display(out_dir, 200)} is not writable")
    if st is not None and not replace:
        raise BlueprintsError(f"{what}: the file is there already; give --force to replace it, "
                              f"or another name")
    if st is not None and not os.access(path, os.W_OK):
        raise BlueprintsError(f"{what}: the file is not writable")
    return out


def _name_max(folder: str) -> int:
    """The longest file name (bytes) the file system at ``folder`` (or its nearest existing
    parent) takes; 255 where it cannot be asked."""
    while folder and not os.path.isdir(folder):
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    try:
        return int(os.pathconf(folder or os.sep, "PC_NAME_MAX"))
    except (OSError, ValueError):
        return 255


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
