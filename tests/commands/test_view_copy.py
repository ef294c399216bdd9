"""`view FILE --temporary` (the table's View): the viewer removes its copy once read; without
the option the file stays. A copy is written under a name of its own for each viewer."""

from __future__ import annotations

import json
import os
import time

import pytest

from blueprints3d.cli import main
from blueprints3d.files.builds import STALE_COPY_S, write_viewer_copy

BUILD = {
    "format": 1,
    "blueprint": "B07",
    "stacks": [
        [["recycled:2", "wood:5"], ["stone:1", "glass:4"]],
        [["glass:3"], ["recycled:6"]],
        [[], []],
    ],
}


@pytest.fixture
def shown(monkeypatch):
    from blueprints3d.client.apps import viewer

    out = []
    monkeypatch.setattr(
        viewer, "run_window", lambda build, name, *rest: out.append((build, name)) or 0
    )
    return out


def test_a_temporary_copy_is_removed_once_read_and_a_file_is_kept(tmp_path, shown):
    copy = write_viewer_copy(tmp_path, "building-Ann-round2", json.dumps(BUILD).encode())
    assert copy.name == "viewing-building-Ann-round2.json"
    assert main(["view", str(copy), "--temporary"]) == 0
    assert not copy.exists() and shown[-1][0].num_dice == 6
    assert shown[-1][1] == "building-Ann-round2"  # pictures are named after the building
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps(BUILD))
    assert main(["view", str(mine)]) == 0
    assert mine.exists()


def test_a_bad_temporary_copy_is_removed_too(tmp_path, capsys, shown):
    copy = write_viewer_copy(tmp_path, "x", b"{not json")
    assert main(["view", str(copy), "--temporary"]) == 2
    assert not copy.exists() and "not valid JSON" in capsys.readouterr().err and not shown


def test_each_viewer_gets_its_own_copy_and_old_ones_go(tmp_path):
    data = json.dumps(BUILD).encode()
    old = tmp_path / "viewing-old.json"
    old.write_bytes(data)
    long_ago = time.time() - STALE_COPY_S - 60
    os.utime(old, (long_ago, long_ago))
    first = write_viewer_copy(tmp_path, "b", data)
    second = write_viewer_copy(tmp_path, "b", data)  # the first viewer has not read its copy yet
    assert first != second and first.read_bytes() == second.read_bytes() == data
    assert not old.exists()  # one whose viewer never started
