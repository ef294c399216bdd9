"""Each error lives with the layer that raises it: the files' errors in files/, never in the
engine (which reads no file)."""

from __future__ import annotations

from pathlib import Path

import blueprints3d
from blueprints3d.engine import errors as engine_errors
from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.files import errors as file_errors

PACKAGE = Path(blueprints3d.__file__).parent


def test_the_file_errors_live_in_files_and_are_still_one_line_errors():
    for name in ("BuildFileError", "SaveFileError"):
        assert not hasattr(engine_errors, name), name
        cls = getattr(file_errors, name)
        assert issubclass(cls, BlueprintsError) and cls.__module__ == "blueprints3d.files.errors"


def test_no_engine_module_names_a_file_error():
    named = [
        p.name
        for p in (PACKAGE / "engine").glob("*.py")
        if "BuildFileError" in p.read_text() or "SaveFileError" in p.read_text()
    ]
    assert named == []
