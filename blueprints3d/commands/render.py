"""`blueprints3d render FILE -o out.png`: a building on its card, rendered offscreen to a picture.

`blueprints3d render --materials -o out.png` renders the material test scene instead: one die of
each material on a card and a stack with glass in the middle. No window opens; Mesa's software
OpenGL is enough.
"""

from __future__ import annotations

import argparse
import os

from blueprints3d.commands.argtypes import UsageError, dimensions, finite_number
from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.text import display

HELP = "render a build file (or the material test scene) to a PNG picture, without a window"

# Up to 8K: the picture is drawn supersampled, so larger ones would exceed the GL's buffers.
picture_size = dimensions((64, 64), (7680, 4320), "1920x1080")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", help="build file (JSON); omit with --materials")
    parser.add_argument("-o", "--output", required=True, help="PNG file to write")
    parser.add_argument("--materials", action="store_true", help="render the material test scene")
    parser.add_argument("--size", type=picture_size, default=(1920, 1080), help="picture size WxH (default 1920x1080)")
    parser.add_argument("--angle", type=finite_number(-3600, 3600, " of degrees"), default=35.0,
                        help="camera angle around the building in degrees (0 = the owner's seat)")
    parser.add_argument("--elevation", type=finite_number(unit=" of degrees"), default=36.0,
                        help="camera height as an angle above the table in degrees (default 36)")
    parser.add_argument("--no-shaders", action="store_true", help="plain colours instead of the material shaders")
    parser.add_argument("--supersample", type=int, default=2, choices=[1, 2, 3],
                        help="render this many times larger and scale down, for smooth edges (default 2)")


def run(args: argparse.Namespace) -> int:
    if args.materials == bool(args.file):
        raise UsageError("give either a build FILE or --materials")
    size = args.size
    if not 0.0 < args.elevation < 90.0:
        raise UsageError(f"--elevation must be between 0 and 90 degrees, not {args.elevation}")
    out = display(args.output, 200)
    if not args.output.lower().endswith(".png"):
        raise UsageError(f"-o {out}: the picture is written as PNG, so its name must end in .png")
    out_dir = os.path.dirname(os.path.abspath(args.output))
    if not os.path.isdir(out_dir):
        raise BlueprintsError(f"cannot write {out}: no folder {display(out_dir, 200)}")
    if os.path.isdir(args.output):
        raise BlueprintsError(f"cannot write {out}: it is a folder")
    if not os.access(out_dir, os.W_OK | os.X_OK):
        raise BlueprintsError(f"cannot write {out}: the folder {display(out_dir, 200)} is not writable")
    if args.materials:
        from blueprints3d.client.scene.showcase import material_test_build
        build = material_test_build()
    else:
        from blueprints3d.files.buildfile import load_build
        build = load_build(args.file)  # a bad file raises BuildFileError: one line, exit 2
    img = render_build(build, size, args.angle, not args.no_shaders, args.elevation, args.supersample)
    from blueprints3d.client.render.capture import save_png
    try:
        save_png(img, args.output)
    except OSError as exc:
        raise BlueprintsError(f"cannot write {out}: {display(exc.strerror or exc, 80)}") from None
    print(f"wrote {out} ({size[0]}x{size[1]})")
    return 0


def render_build(build, size: tuple[int, int], angle: float, use_shaders: bool,
                 elevation: float = 36.0, supersample: int = 2, table: bool = True):
    """The picture of ``build`` as an (h, w, 3) uint8 array (opens the offscreen ShowBase),
    framed by ``showcase.frame_build`` (its bounding box, with a margin); ``table`` False: on
    the plain background.

    Rendered ``supersample`` times larger and averaged down: the software renderer has no
    multisampling offscreen, and a still is worth the extra pixels.
    """
    from blueprints3d.client.render import shaders
    from blueprints3d.client.render import capture
    from blueprints3d.client.scene import showcase

    out_size = size
    size = (size[0] * supersample, size[1] * supersample)
    # The base's own window is the picture when this process opened it at this size (the
    # command line); otherwise (tests, the viewer) an offscreen buffer of the asked size.
    base = capture.open_offscreen_base(*size)
    own = (base.win.get_x_size(), base.win.get_y_size()) == size
    view = capture.base_view(base) if own else capture.open_view(base, *size, name="render")
    shaders.configure(use_shaders, base)
    # A still can afford the extra pass: glass shows the dice behind it bent, too.
    stage = showcase.make_stage(base, view, refraction="screen", table=table)
    try:
        showcase.build_showcase(stage.root, build)
        showcase.frame_build(view, build, angle, elevation)
        capture.render_frames(base, 3)
        return downsample(view.grab(), supersample, out_size)
    finally:
        stage.close()
        if own:
            view.cam.node().set_scene(base.render)
        else:
            capture.close_view(base, view)


def downsample(img, factor: int, size: tuple[int, int]):
    """Average ``factor`` x ``factor`` blocks: (h*f, w*f, 3) -> (h, w, 3) uint8."""
    import numpy as np

    if factor == 1:
        return img
    w, h = size
    blocks = img[:h * factor, :w * factor].reshape(h, factor, w, factor, 3).astype(np.float32)
    return (blocks.mean(axis=(1, 3)) + 0.5).astype(np.uint8)
