"""What the subcommands share: argparse types for numbers and sizes, and ``UsageError``.

A wrong value given to one of these types becomes argparse's one-line error naming the option.
"""

from __future__ import annotations

import argparse


class UsageError(Exception):
    """A wrong option or argument found after parsing; reported like argparse's own errors."""


def whole_number(least: int, most: int | None = None):
    """An argparse type for an int from ``least`` (to ``most``, when given)."""
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if n < least or (most is not None and n > most):
            bound = f"from {least} to {most}" if most is not None else f"{least} or more"
            raise argparse.ArgumentTypeError(f"must be {bound}, not {n}")
        return n
    parse.__name__ = "whole number"  # argparse names the type in its messages
    return parse


positive = whole_number(1)
non_negative = whole_number(0)


def dimensions(least: tuple[int, int], most: tuple[int, int], example: str,
               what: str = "WIDTHxHEIGHT", bounds: str | None = None):
    """An argparse type for ``AxB`` (a window size, a grid), each side within its bounds
    (``bounds`` words them, by default "from AxB to CxD")."""
    def parse(text: str) -> tuple[int, int]:
        try:
            a, b = (int(v) for v in text.lower().split("x"))
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be {what} like {example}, not {text!r}") from None
        if not (least[0] <= a <= most[0] and least[1] <= b <= most[1]):
            raise argparse.ArgumentTypeError(
                f"{text}: {bounds or f'must be from {least[0]}x{least[1]} to {most[0]}x{most[1]}'}")
        return a, b
    parse.__name__ = what
    return parse


# Pictures and windows: big enough to read a caption, small enough for any GL's buffers.
picture_size = dimensions((64, 64), (8192, 8192), "1280x720")
window_size = dimensions((200, 150), (8192, 8192), "1280x720")
# The sandbox's blank grid.
grid_shape = dimensions((1, 1), (8, 8), "3x2", "ROWSxCOLUMNS", "rows and columns must be 1 to 8")
