"""Where the generated assets are: ``models/`` (.bam) and ``textures/`` (.png), made by ``tools/``.

In a checkout they are the top-level folders next to the package; an installed copy (``pip
install .``) carries them inside the package as ``blueprints3d/models`` and
``blueprints3d/textures`` (see ``[tool.setuptools.package-dir]`` in pyproject.toml). Either way
the program finds them from any working directory. Loading goes through Panda3D's own loader
(``Loader.get_global_ptr()``, ``PNMImage``); each file is read once per process.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from panda3d.core import ATS_none, Filename, Loader, LoaderOptions, NodePath, PNMImage, Texture

from blueprints3d import resources

PACKAGES = {"models": "blueprints3d.models", "textures": "blueprints3d.textures"}


def folder(kind: str) -> Path:
    """The ``models`` or ``textures`` folder in use (``resources``: the checkout's top-level
    one, the installed package's, or the frozen build's)."""
    if kind not in PACKAGES:
        raise ValueError(f"no asset folder {kind!r}: expected 'models' or 'textures'")
    return resources.folder(PACKAGES[kind])


def model_path(name: str) -> Path:
    """``models/<name>.bam``; a missing file is an error that names it."""
    return _existing("models", f"{name}.bam")


def texture_path(name: str) -> Path:
    """``textures/<name>`` (a relative path such as ``cards/B01.png``)."""
    return _existing("textures", name)


def _existing(kind: str, name: str) -> Path:
    try:
        return resources.file_path(PACKAGES[kind], name)
    except FileNotFoundError:
        raise FileNotFoundError(
            f"blueprints3d: asset {kind}/{name} is missing (made by tools/; see README)"
        ) from None


@cache
def load_model(name: str) -> NodePath:
    """The model ``models/<name>.bam``, read once per process: a template to ``copy_to`` where it
    is needed (copies share its geometry), never to reparent itself."""
    # No model cache: the file is already a bam, and a cache index written at exit has crashed
    # Panda3D 1.10 (BamCache::flush_index during GraphicsEngine teardown).
    options = LoaderOptions(LoaderOptions.LF_report_errors | LoaderOptions.LF_no_cache)
    node = Loader.get_global_ptr().load_sync(
        Filename.from_os_specific(str(model_path(name))), options
    )
    if node is None:
        raise OSError(f"blueprints3d: cannot read model {model_path(name)}")
    return NodePath(node)


@cache
def load_texture(name: str) -> Texture:
    """The texture ``textures/<name>``, read once per process and shared, at its own size
    (never rescaled to a power of two, whatever ``textures-power-2`` says)."""
    path = texture_path(name)
    image = PNMImage()
    # Read as an image, then load: a quarter of the time Texture.read takes for the same file.
    if not image.read(Filename.from_os_specific(str(path))):
        raise OSError(f"blueprints3d: cannot read texture {path}")
    tex = Texture(name)
    tex.set_auto_texture_scale(ATS_none)
    tex.load(image)
    return tex
