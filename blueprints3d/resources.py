"""Where the program's own files are: one lookup for a checkout, an installed wheel, a zip on the
import path and a frozen build (Panda3D's ``build_apps``).

Every file the program reads that is not the player's (card data, catalogues, fonts, shaders,
the prc file, models, textures, sounds) is named here by its package and its name in it:
``read_text("blueprints3d.shaders", "scene.vert")``, ``file_path("blueprints3d.models",
"die.bam")``. No other module builds a path from ``__file__``.

- In a checkout and an installed wheel the files are beside the modules, found through
  ``importlib.resources``. The checkout keeps its generated models and textures at its top
  (``models/``, ``textures/``); a wheel carries them inside the package (pyproject's package-dir).
- From a zip (zipimport) they are read from the archive; Panda3D's loaders and gettext want a
  real file, so ``file_path`` copies the file once into a folder of this process's own (removed
  at exit).
- A frozen build has no package folders (its modules are inside the executable, and
  ``importlib.resources`` cannot open them); ``build_apps`` copies the files beside the
  executable under the same package paths (setup.py's include_patterns and rename_paths).
"""

from __future__ import annotations

import atexit
import shutil
import sys
import tempfile
from importlib import resources
from pathlib import Path
from typing import Any

# Packages a checkout keeps at its top level, and an installed copy inside the package.
CHECKOUT_FOLDERS = {"blueprints3d.models": "models", "blueprints3d.textures": "textures"}

_extracted: Path | None = None


def frozen_root() -> Path | None:
    """The folder of a frozen build's executable (its files are there), or None when not frozen."""
    if getattr(sys, "frozen", False):
        return Path(sys.executable).resolve().parent
    return None


def _parts(package: str, name: str) -> list[str]:
    parts = [p for p in name.replace("\\", "/").split("/") if p]
    if not parts or any(p in (".", "..") for p in parts):
        raise ValueError(f"blueprints3d: {name!r} is not a file name inside a package")
    return parts


def _root(package: str) -> Any:
    """The package's folder as a Traversable (a Path on disk, a zipfile.Path in a zip)."""
    frozen = frozen_root()
    if frozen is not None:
        return frozen.joinpath(*package.split("."))
    try:
        return resources.files(package)
    except ModuleNotFoundError:
        if package not in CHECKOUT_FOLDERS:
            raise
    # A checkout: the generated folders sit beside the package, next to pyproject.toml.
    base = resources.files("blueprints3d")
    if isinstance(base, Path) and (base.parent / "pyproject.toml").is_file():
        return base.parent / CHECKOUT_FOLDERS[package]
    raise FileNotFoundError(
        f"blueprints3d: no {package} folder ({base}); reinstall, or run tools/make_models.py "
        "and tools/bake_cards.py"
    )


def _entry(package: str, name: str) -> Any:
    entry = _root(package)
    for part in _parts(package, name):  # one at a time: a namespace package's path takes one
        entry = entry.joinpath(part)
    return entry


def exists(package: str, name: str) -> bool:
    try:
        return bool(_entry(package, name).is_file())
    except (FileNotFoundError, ModuleNotFoundError):
        return False


def read_bytes(package: str, name: str) -> bytes:
    """The file ``name`` of ``package``; FileNotFoundError naming it when it is not there."""
    entry = _entry(package, name)
    if not entry.is_file():
        raise FileNotFoundError(f"blueprints3d: {package.replace('.', '/')}/{name} is missing")
    return bytes(entry.read_bytes())


def read_text(package: str, name: str, encoding: str = "utf-8") -> str:
    return read_bytes(package, name).decode(encoding)


def file_path(package: str, name: str) -> Path:
    """A real file holding ``name`` of ``package``, for what opens files by name (Panda3D's
    loaders, fonts, sounds): the file itself on disk, a copy of it when the package is in a zip."""
    entry = _entry(package, name)
    if isinstance(entry, Path):
        if not entry.is_file():
            raise FileNotFoundError(f"blueprints3d: {entry} is missing")
        return entry
    return _extract(package, name)


def folder(package: str) -> Path:
    """The package's folder on disk (in a zip: a copy of it, made once)."""
    root = _root(package)
    if isinstance(root, Path):
        if not root.is_dir():
            raise FileNotFoundError(f"blueprints3d: no folder {root}")
        return root
    out = _cache() / package
    if not out.is_dir():
        _copy_tree(root, out)
    return out


def _cache() -> Path:
    global _extracted
    if _extracted is None:
        _extracted = Path(tempfile.mkdtemp(prefix="blueprints3d-files-"))
        atexit.register(shutil.rmtree, _extracted, True)
    return _extracted


def _extract(package: str, name: str) -> Path:
    out = _cache() / package / Path(*_parts(package, name))
    if not out.is_file():
        data = read_bytes(package, name)
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = out.with_name(out.name + ".part")
        tmp.write_bytes(data)
        tmp.replace(out)
    return out


def _copy_tree(source: Any, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for item in source.iterdir():
        if item.is_dir():
            _copy_tree(item, out / item.name)
        elif item.is_file():
            (out / item.name).write_bytes(item.read_bytes())
