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
import io
import os
from collections.abc import Sequence
from types import ModuleType
from typing import Any, TYPE_CHECKING

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


# A loop made to post: chats and social sites take a file this size without a second thought.
POST_BUDGET = 3_000_000  # bytes
_FIT = 0.97  # aim a little under it
WEBP_QUALITIES = (80, 72, 64, 56, 48, 40)  # tried in turn until the loop fits the budget
GIF_SHRINK = 0.85  # a GIF over the budget (where it may) is made this much smaller, again...
GIF_SMALLEST = 320  # ...down to this width
STILL = 3  # a pixel that changes by at most this (0-255) from the frame before is kept as it was


def write_movie(
    path: str | os.PathLike[str],
    frames: Frames,
    fps: float,
    budget: int | None = None,
    may_shrink: bool = False,
) -> tuple[int, int]:
    """Write ``frames`` as a looping animation at ``fps`` frames a second (the format from the
    name); returns its size (width, height). With a ``budget`` (bytes), a WebP is written at the
    best quality that fits it (down to the last of WEBP_QUALITIES), and a GIF that does not fit
    is drawn smaller where ``may_shrink`` (the size was not asked for)."""
    if not frames:
        raise MovieError(Message.of("an animation needs at least one frame"))
    suffix = format_of(path)
    mod = encoder(suffix)
    h, w = frames[0].shape[:2]
    if suffix == ".mp4":
        write_bytes_atomic(path, lambda tmp: _write_mp4(mod, tmp, frames, fps))
        return w - w % 2, h - h % 2
    if suffix == ".gif":
        data, size = _gif_bytes(mod, frames, fps, budget, may_shrink)
        write_bytes_atomic(path, data)
        return size
    write_bytes_atomic(path, _webp_bytes(mod, frames, fps, budget))
    return w, h


def _durations(n: int, fps: float, tick: int) -> list[int]:
    """Each of ``n`` frames' time in milliseconds, in whole ``tick`` ms (GIF counts hundredths
    of a second, WebP milliseconds), so that the loop lasts ``n / fps`` seconds: 67 ms a frame
    at 15 fps would be 60 in a GIF, and its 4-second loop would play in 3.6."""
    at = [round(k * 1000.0 / fps / tick) * tick for k in range(n + 1)]
    return [max(tick, b - a) for a, b in zip(at, at[1:], strict=False)]


def _webp_bytes(image_mod: ModuleType, frames: Frames, fps: float, budget: int | None) -> bytes:
    """Animated WebP (lossy): only what changes from frame to frame is stored, so a building
    turning on a still table costs little; at the first quality whose file fits ``budget``."""
    images = [image_mod.fromarray(f, "RGB") for f in frames]
    qualities = WEBP_QUALITIES if budget is not None else WEBP_QUALITIES[:1]
    data = b""
    for quality in qualities:
        out = io.BytesIO()
        images[0].save(
            out,
            format="WEBP",
            save_all=True,
            append_images=images[1:],
            duration=_durations(len(images), fps, 1),
            loop=0,
            quality=quality,
            method=4,
        )
        data = out.getvalue()
        if budget is None or len(data) <= budget * _FIT:
            break
    return data


def _gif_bytes(
    image_mod: ModuleType, frames: Frames, fps: float, budget: int | None, may_shrink: bool
) -> tuple[bytes, tuple[int, int]]:
    """GIF, at most 256 colours: one palette for the whole turn, dithered; smaller each time
    (GIF_SHRINK) while it is over ``budget`` and ``may_shrink``. The file and its size."""
    import numpy as np

    h, w = frames[0].shape[:2]
    scale = 1.0
    while True:
        size = (max(1, round(w * scale)), max(1, round(h * scale)))
        images = [image_mod.fromarray(f, "RGB") for f in frames]
        if scale < 1.0:
            images = [im.resize(size, image_mod.Resampling.LANCZOS) for im in images]
        data = _gif_of(image_mod, np, images, fps)
        smaller = round(w * scale * GIF_SHRINK)
        if budget is None or not may_shrink or len(data) <= budget * _FIT or smaller < GIF_SMALLEST:
            return data, size
        scale *= GIF_SHRINK


def _gif_of(image_mod: ModuleType, np: ModuleType, images: list[Any], fps: float) -> bytes:
    # One palette for the whole turn (from a sample of frames), so colours do not flicker.
    sample = image_mod.new("RGB", (images[0].width, images[0].height * min(4, len(images))))
    step = max(1, len(images) // 4)
    for k, im in enumerate(images[::step][:4]):
        sample.paste(im, (0, k * im.height))
    palette = sample.quantize(colors=255)
    indices = [
        np.array(im.quantize(palette=palette, dither=image_mod.Dither.FLOYDSTEINBERG))
        for im in images
    ]
    # The dither's noise differs from frame to frame even where the picture does not: a pixel
    # that stays (the table round the building) keeps its colour index, so each frame stores
    # only the part of the picture that moves (Pillow's optimize crops every frame to it).
    rgb = [np.asarray(im, dtype=np.int16) for im in images]
    for k in range(1, len(indices)):
        still = np.abs(rgb[k] - rgb[k - 1]).max(axis=2) <= STILL
        indices[k][still] = indices[k - 1][still]
    paletted = []
    for a in indices:
        im = image_mod.fromarray(a, "P")
        im.putpalette(palette.getpalette())
        paletted.append(im)
    out = io.BytesIO()
    paletted[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=paletted[1:],
        duration=_durations(len(paletted), fps, 10),
        loop=0,
        optimize=True,
        disposal=1,
    )
    return out.getvalue()


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
