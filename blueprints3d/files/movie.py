"""Looping animations from frames (``blueprints3d render --turntable``): animated WebP and GIF
through Pillow, MP4 through imageio-ffmpeg. Both are optional extras (``pip install
'blueprints3d[share]'`` for WebP and GIF, ``'blueprints3d[video]'`` for MP4): without one, the
format it writes is refused in one line naming the extra, and nothing is written.

Pillow is the encoder because it is the one well-kept imaging library that writes both looping
formats from numpy arrays with no program of its own (its wheels carry libwebp); MP4 needs an
ffmpeg, which imageio-ffmpeg ships as a binary of some tens of megabytes, so it stays apart.

Frames are (h, w, 3) uint8 arrays, top row first. The file is written atomically (a temporary
name, then renamed): a failure never leaves half an animation.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING

from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.files.jsonfile import write_bytes_atomic
from blueprints3d.i18n.message import Message

if TYPE_CHECKING:  # numpy only names the frames' type here: it is imported by whoever draws them
    import numpy as np
    from numpy.typing import NDArray

    Frames = Sequence[NDArray[np.uint8]]

# Suffix -> (what writes it, the extra that installs it).
FORMATS = {
    ".webp": ("Pillow", "share"),
    ".gif": ("Pillow", "share"),
    ".mp4": ("imageio-ffmpeg", "video"),
}
_MODULES = {"Pillow": "PIL.Image", "imageio-ffmpeg": "imageio_ffmpeg"}


class MovieError(BlueprintsError):
    """An animation that cannot be written: an unknown format, or its encoder not installed."""


def format_of(path: str | os.PathLike[str]) -> str:
    """The file's format suffix (".webp", ".gif", ".mp4"); MovieError for any other."""
    suffix = os.path.splitext(os.fspath(path))[1].lower()
    if suffix not in FORMATS:
        raise MovieError(
            Message.of(
                "the animation's name must end in {formats}, not {suffix}",
                formats=", ".join(FORMATS),
                suffix=repr(suffix or "nothing"),
            )
        )
    return suffix


def encoder(suffix: str) -> ModuleType:
    """The module that writes ``suffix`` (imported now); MovieError naming the extra when it is
    not installed."""
    library, extra = FORMATS[suffix]
    try:
        return importlib.import_module(_MODULES[library])
    except ImportError:
        raise MovieError(
            Message.of(
                "writing {suffix} needs {library}: pip install {package}",
                suffix=suffix,
                library=library,
                package=f"'blueprints3d[{extra}]'",
            )
        ) from None


def check_writable(path: str | os.PathLike[str]) -> str:
    """The format of ``path`` once its encoder is there (see ``encoder``): checked before any
    frame is drawn."""
    suffix = format_of(path)
    encoder(suffix)
    return suffix


def write_movie(path: str | os.PathLike[str], frames: Frames, fps: float) -> None:
    """Write ``frames`` as a looping animation at ``fps`` frames a second (the format from the
    name)."""
    if not frames:
        raise MovieError(Message.of("an animation needs at least one frame"))
    suffix = format_of(path)
    mod = encoder(suffix)
    if suffix == ".mp4":
        write_bytes_atomic(path, lambda tmp: _write_mp4(mod, tmp, frames, fps))
    else:
        write_bytes_atomic(path, lambda tmp: _write_pillow(mod, tmp, frames, fps, suffix))


def _write_pillow(image_mod: ModuleType, tmp: str, frames: Frames, fps: float, suffix: str) -> None:
    images = [image_mod.fromarray(f, "RGB") for f in frames]
    # Both formats count a frame's time in whole milliseconds (GIF in hundredths of a second).
    duration = max(1, round(1000.0 / fps))
    if suffix == ".gif":
        # One palette for the whole turn (from a sample of frames), so colours do not flicker.
        sample = image_mod.new("RGB", (images[0].width, images[0].height * min(4, len(images))))
        step = max(1, len(images) // 4)
        for k, im in enumerate(images[::step][:4]):
            sample.paste(im, (0, k * im.height))
        palette = sample.quantize(colors=255)
        images = [
            im.quantize(palette=palette, dither=image_mod.Dither.FLOYDSTEINBERG) for im in images
        ]
        images[0].save(
            tmp,
            format="GIF",
            save_all=True,
            append_images=images[1:],
            duration=duration,
            loop=0,
            optimize=False,
            disposal=1,
        )
    else:
        images[0].save(
            tmp,
            format="WEBP",
            save_all=True,
            append_images=images[1:],
            duration=duration,
            loop=0,
            quality=88,
            method=4,
        )


def _write_mp4(mod: ModuleType, tmp: str, frames: Frames, fps: float) -> None:
    h, w = frames[0].shape[:2]
    # H.264 in yuv420p (what every player shows) wants even sides; the last row or column of
    # an odd picture is dropped.
    w2, h2 = w - w % 2, h - h % 2
    writer = mod.write_frames(
        tmp,
        (w2, h2),
        fps=fps,
        codec="libx264",
        pix_fmt_out="yuv420p",
        output_params=["-f", "mp4"],
        macro_block_size=1,
    )
    writer.send(None)
    try:
        for f in frames:
            writer.send(f[:h2, :w2].tobytes())  # C order: row by row
    finally:
        writer.close()
