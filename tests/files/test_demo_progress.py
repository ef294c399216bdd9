"""The demo menu's record of finished demos: strict reader, one line for a bad file, atomic save."""

from __future__ import annotations

import pytest

from blueprints3d.files.demo_progress import load_progress, progress_path, save_progress


def test_missing_file_is_nothing_finished_quietly(tmp_path):
    assert load_progress(tmp_path / "demos.json") == (frozenset(), None)


def test_saved_record_reads_back(tmp_path):
    path = progress_path(tmp_path / "sub")
    save_progress(path, ["scoring", "placement", "scoring"])
    assert load_progress(path) == (frozenset({"placement", "scoring"}), None)
    assert not [p for p in path.parent.iterdir() if p.name.startswith(".")]  # no temp left


@pytest.mark.parametrize(
    "text,why",
    [
        ("{not json", "demos.json"),
        ("[]", "not a demo progress object"),
        ('{"format": 2, "finished": []}', "format 2"),
        ('{"format": true, "finished": []}', "format True"),
        ('{"format": 1, "finished": "placement"}', "list of demo names"),
        ('{"format": 1, "finished": [1]}', "list of demo names"),
        ('{"format": 1, "finished": ["a\\u0000b"]}', "list of demo names"),
        ('{"format": 1, "finished": [], "extra": 1}', "unknown key 'extra'"),
    ],
)
def test_a_bad_file_falls_back_with_one_line(tmp_path, text, why):
    path = tmp_path / "demos.json"
    path.write_text(text)
    finished, note = load_progress(path)
    assert finished == frozenset()
    assert note is not None and "\n" not in note and why in note and "starting afresh" in note
