"""The caption style list: what a player would never say (shared by the demo and tutorial tests)."""

from __future__ import annotations

import re

COUNTED = r"(dice|dies|points|spaces|players|buildings|neighbours|stacks|levels|values|Awards|Prizes|takes)"
STYLE = [
    (re.compile(r"\bengine\b", re.I), "speaks of the engine"),
    (re.compile(r"\brow \d+\b|\bcolumn \d+\b", re.I), "names a space by row and column"),
    (re.compile(r"(?<![\d.])1 " + COUNTED + r"\b"), "a plural after 1"),
    (
        re.compile(
            r"(?<![\d.])(?:[02-9]|\d\d+) (die|point|space|player|building|neighbour)\b(?! of)"
        ),
        "a singular after a number other than 1",
    ),
    (re.compile(r"[.,;:!?]{2}|\s[.,;:!?]|\(\s|\s\)"), "doubled or loose punctuation"),
    (re.compile(r"\b(\w+) \1\b", re.I), "a doubled word"),
    (re.compile(r"\bso do\b"), "'so do' after a name"),
]


def style_problems(text: str, caption: bool = True) -> list[str]:
    out = [why for rx, why in STYLE if rx.search(text)]
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        if sentence.count(":") > 1:
            out.append("two colons in one sentence")
    if caption and text and (text[0].islower() or text[-1] not in ".!?"):
        out.append("a caption is not a sentence")
    return out
