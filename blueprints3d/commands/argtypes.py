"""Argument types shared by the subcommands: a wrong value becomes argparse's one-line error."""

from __future__ import annotations

import argparse


def whole_number(least: int):
    """An argparse type for an int of at least ``least``."""
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if n < least:
            raise argparse.ArgumentTypeError(f"must be {least} or more, not {n}")
        return n
    parse.__name__ = "whole number"  # argparse names the type in its messages
    return parse


positive = whole_number(1)
non_negative = whole_number(0)
