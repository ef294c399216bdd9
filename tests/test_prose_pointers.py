"""Prose that points at a test file points at one that is there (tests move with the package's
folders, and a comment left behind sends the reader nowhere)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_tests_path_named_in_the_code_and_docs_exists():
    missing = []
    for folder in ("blueprints3d", "tools", "benchmarks"):
        for path in (ROOT / folder).rglob("*.py"):
            for name in re.findall(r"tests/[\w/]+\.py", path.read_text("utf-8")):
                if not (ROOT / name).is_file():
                    missing.append(f"{path.relative_to(ROOT)}: {name}")
    for doc in ("README.md", "pyproject.toml"):
        for name in re.findall(r"tests/[\w/]+\.py", (ROOT / doc).read_text("utf-8")):
            if not (ROOT / name).is_file():
                missing.append(f"{doc}: {name}")
    assert not missing, missing
