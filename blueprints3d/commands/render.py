"""`blueprints3d render FILE -o out.png`: a building on its card, rendered offscreen to a picture.

`blueprints3d render --materials -o out.png` renders the material test scene instead: one die of
each material on a card and a stack with glass in the middle. `--turntable out.webp|gif|mp4`
writes a looping animation of the building turning once about its dice's centre, framed tight
(client/scene/framing.py; files/movie.py: Pillow, or imageio-ffmpeg for mp4, optional extras);
`--card -o share.png [--name NAME]` a share card to post: the building large beside a panel
with its name, its total, each material's points, the blueprint bonus and its Prizes as icons
(client/apps/share.py). Stills get smooth edges, soft shadows, contact darkening and glass
reflecting a room (client/render/stills.py), and `--dof` depth of field; `--quick` draws as
before, in about half the time. A plain picture frames the building's whole bounding box
(showcase.frame_build). No window opens; Mesa's software OpenGL is enough.
"""

from __future__ import annotations

import argparse
import sys
from contextlib import contextmanager

from blueprints3d.commands.argtypes import (
    BLUR,
    DEGREES,
    FOCUS,
    SECONDS,
    UsageError,
    dimensions,
    finite_number,
    whole_number,
    writable_file,
)
from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.files.movie import POST_BUDGET
from blueprints3d.i18n import N_, _, explain, n_
from blueprints3d.i18n.message import Message
from blueprints3d.text import display, shown

HELP = N_(
    "render a build file (or the material test scene) to a PNG picture or a turntable animation, without a window"
)

# Up to 8K: the picture is drawn supersampled, so larger ones would exceed the GL's buffers.
picture_size = dimensions((64, 64), (7680, 4320), "1920x1080")
DEFAULT_SIZE = (1920, 1080)
TURNTABLE_SIZE = (1280, 720)  # an animation to post: WebP or MP4
# A GIF's 256 colours a frame cost more bytes for the same picture: drawn smaller, it stays
# under the post budget (files/movie.POST_BUDGET) as the WebP does.
TURNTABLE_GIF_SIZE = (800, 450)
SHARE_SIZE = (1280, 720)  # --card: a picture to post (1080x1080 makes a square one)
SHARE_LEAST = (320, 180)  # --card: smaller, its words would be too small to read


def add_arguments(parser: argparse.ArgumentParser) -> None:
    _add_subject_arguments(parser)
    _add_camera_arguments(parser)
    _add_look_arguments(parser)
    _add_card_arguments(parser)
    _add_turntable_arguments(parser)


def _add_subject_arguments(parser: argparse.ArgumentParser) -> None:
    """What is drawn, where to, and how large."""
    parser.add_argument("file", nargs="?", help=_("build file (JSON); omit with --materials"))
    parser.add_argument("-o", "--output", help=_("PNG file to write"))
    parser.add_argument(
        "--materials", action="store_true", help=_("render the material test scene")
    )
    parser.add_argument(
        "--size",
        type=picture_size,
        default=None,
        help=_(
            "picture size WxH (default {size}; {turntable} for --turntable, {card} for --card)",
            size=f"{DEFAULT_SIZE[0]}x{DEFAULT_SIZE[1]}",
            turntable=f"{TURNTABLE_SIZE[0]}x{TURNTABLE_SIZE[1]}",
            card=f"{SHARE_SIZE[0]}x{SHARE_SIZE[1]}",
        ),
    )


def _add_camera_arguments(parser: argparse.ArgumentParser) -> None:
    """Where the camera stands."""
    parser.add_argument(
        "--angle",
        type=finite_number(-3600, 3600, DEGREES),
        default=35.0,
        help=_("camera angle around the building in degrees (0 = the owner's seat)"),
    )
    parser.add_argument(
        "--elevation",
        type=finite_number(unit=DEGREES),
        default=36.0,
        help=_("camera height as an angle above the table in degrees (default 36)"),
    )


def _add_look_arguments(parser: argparse.ArgumentParser) -> None:
    """How the picture is drawn: shaders, symbols, smoothing, depth of field."""
    parser.add_argument(
        "--no-shaders", action="store_true", help=_("plain colours instead of the material shaders")
    )
    parser.add_argument(
        "--material-symbols",
        action="store_true",
        help=_("print each material's symbol on its dice (colour-blind help)"),
    )
    parser.add_argument(
        "--supersample",
        type=int,
        default=2,
        choices=[1, 2, 3],
        help=_("render this many times larger and scale down, for smooth edges (default 2)"),
    )
    parser.add_argument(
        "--quick",
        "--draft",
        action="store_true",
        help=_(
            "draw as fast as before: no multisampling, soft shadows, contact "
            "darkening or glass reflections (about half the time)"
        ),
    )
    parser.add_argument(
        "--dof",
        type=finite_number(0.1, 10, BLUR),
        nargs="?",
        const=1.0,
        default=None,
        metavar="STRENGTH",
        help=_(
            "depth of field for close-ups: sharp at the building's middle (or "
            "--focus), softer nearer and farther; STRENGTH 0.1 to 10 (default 1)"
        ),
    )
    parser.add_argument(
        "--focus",
        type=finite_number(1, 2000, FOCUS),
        default=None,
        metavar="CM",
        help=_("with --dof: the distance kept sharp, in cm from the camera"),
    )


def _add_card_arguments(parser: argparse.ArgumentParser) -> None:
    """--card: a share card to post, and its headline."""
    parser.add_argument(
        "--card",
        action="store_true",
        help=_(
            "with -o: a share card to post: the building large, its name, its total "
            "score, each material's points, the blueprint bonus and its Prizes"
        ),
    )
    parser.add_argument(
        "--name",
        type=headline,
        default=None,
        metavar="NAME",
        help=_(
            "with --card: the card's headline, such as the player's name (default: "
            "the blueprint's name)"
        ),
    )


def _add_turntable_arguments(parser: argparse.ArgumentParser) -> None:
    """--turntable: a looping animation, its length and frame rate."""
    parser.add_argument(
        "--turntable",
        metavar="OUT",
        # TRANSLATORS: {webp} and {gif} are picture sizes in pixels ("1280x720"); {seconds}
        # and {mb} are numbers ("4", "3").
        help=_(
            "write a looping animation of the building turning once, made to post (a "
            "{seconds}-second loop under {mb} MB): OUT.webp ({webp}, the sharpest) or OUT.gif "
            "({gif}, 256 colours) (both need Pillow: pip install 'blueprints3d[share]') or "
            "OUT.mp4 ({webp}; needs imageio-ffmpeg: pip install 'blueprints3d[video]')",
            seconds=f"{TURN_SECONDS:g}",
            mb=f"{POST_BUDGET / 1e6:g}",
            webp=f"{TURNTABLE_SIZE[0]}x{TURNTABLE_SIZE[1]}",
            gif=f"{TURNTABLE_GIF_SIZE[0]}x{TURNTABLE_GIF_SIZE[1]}",
        ),
    )
    parser.add_argument(
        "--seconds",
        type=finite_number(0.1, 60, SECONDS),
        default=None,
        help=_(
            "with --turntable: how long one turn takes (default {seconds})",
            seconds=f"{TURN_SECONDS:g}",
        ),
    )
    parser.add_argument(
        "--fps",
        type=whole_number(1, 60),
        default=None,
        help=_("with --turntable: frames a second, 1 to 60 (default {fps})", fps=TURN_FPS),
    )


NAME_LENGTH = 40


def headline(text: str) -> str:
    """--name: printable words, at most NAME_LENGTH characters, spaces squeezed."""
    words = " ".join(text.split())
    if not words or not words.isprintable():
        raise argparse.ArgumentTypeError(_("must be printable words, not {text}", text=shown(text)))
    if len(words) > NAME_LENGTH:
        raise argparse.ArgumentTypeError(
            _("at most {most} characters, not {n}", most=NAME_LENGTH, n=f"{len(words):,}")
        )
    return words


TURN_SECONDS = 4.0  # a loop to post: short, and small (under files/movie.POST_BUDGET)
TURN_FPS = 15
TURN_MEMORY = 1 << 30  # the frames are held until encoded: at most this many bytes of them


def run(args: argparse.Namespace) -> int:
    check_options(args)
    out = movie = None
    if args.output is not None:
        out = picture_file(args.output)
    if args.turntable is not None:
        movie = turntable_file(args)
    build = load_subject(args)
    from blueprints3d.client.render import config
    from blueprints3d.client.render.stills import StillOptions

    config.MATERIAL_SYMBOLS.set_value(args.material_symbols)

    look = StillOptions.quick() if args.quick else StillOptions()
    if out is not None:
        write_picture(args, build, out, look.with_(dof=args.dof or 0.0, focus=args.focus))
    if movie is not None:
        write_turntable(args, build, movie, look)
    return 0


def check_options(args: argparse.Namespace) -> None:
    """The options that go together, before any file is looked at: a UsageError for the first
    combination that does not."""
    if args.materials == bool(args.file):
        raise UsageError(_("give either a build FILE or --materials"))
    if not 0.0 < args.elevation < 90.0:
        raise UsageError(
            _(
                "--elevation must be between 0 and 90 degrees, not {elevation}",
                elevation=args.elevation,
            )
        )
    if args.output is None and args.turntable is None:
        raise UsageError(_("give -o PICTURE.png, --turntable OUT.webp|gif|mp4, or both"))
    if args.turntable is None and (args.seconds is not None or args.fps is not None):
        raise UsageError(_("--seconds and --fps are for --turntable"))
    if args.dof is not None and args.output is None:
        raise UsageError(_("--dof is for a still picture: give -o PICTURE.png"))
    if args.focus is not None and args.dof is None:
        raise UsageError(_("--focus is for --dof"))
    if args.card and args.output is None:
        raise UsageError(_("--card composes a picture: give -o SHARE.png"))
    if args.name is not None and not args.card:
        raise UsageError(_("--name is the headline of --card"))
    if (
        args.card
        and args.size is not None
        and (args.size[0] < SHARE_LEAST[0] or args.size[1] < SHARE_LEAST[1])
    ):
        raise UsageError(
            _(
                "--card needs a picture of at least {least} to be read, not {size}",
                least=f"{SHARE_LEAST[0]}x{SHARE_LEAST[1]}",
                size=f"{args.size[0]}x{args.size[1]}",
            )
        )


def picture_file(output: str) -> str:
    """-o, checked before anything is drawn: a file that can be written, named .png. Its name
    as said in messages."""
    out = writable_file(output, "-o ")  # an empty name, a device, a pipe, a link: first
    if not output.lower().endswith(".png"):
        raise UsageError(
            _("-o {file}: the picture is written as PNG, so its name must end in .png", file=out)
        )
    return out


def turntable_size(args: argparse.Namespace) -> tuple[int, int]:
    """--size, else the turntable's size for its format (a GIF is drawn smaller)."""
    if args.size:
        return args.size
    gif = args.turntable is not None and args.turntable.lower().endswith(".gif")
    return TURNTABLE_GIF_SIZE if gif else TURNTABLE_SIZE


def turntable_file(args: argparse.Namespace) -> str:
    """--turntable, checked before any frame is drawn: a writable file of a format whose library
    is here, and frames that fit in TURN_MEMORY. Its name as said in messages."""
    from blueprints3d.files.movie import MovieError, check_writable

    movie = writable_file(args.turntable, "--turntable ")
    try:
        check_writable(args.turntable)
    except MovieError as e:
        raise UsageError(_("--turntable {file}: {reason}", file=movie, reason=explain(e))) from None
    w, h = turntable_size(args)
    n = turntable_frames(
        TURN_SECONDS if args.seconds is None else args.seconds, args.fps or TURN_FPS
    )
    if n * w * h * 3 > TURN_MEMORY:
        raise UsageError(
            _(
                "--turntable: {n} frames of {size} would take {gb} GB; at most {most} GB: "
                "fewer --seconds or --fps, or a smaller --size",
                n=f"{n:,}",
                size=f"{w}x{h}",
                gb=f"{n * w * h * 3 / 2**30:.1f}",
                most=f"{TURN_MEMORY / 2**30:g}",
            )
        )
    return movie


def load_subject(args: argparse.Namespace):
    """The build to draw: the material test scene, or the build FILE (a bad file raises
    BuildFileError: one line, exit 2)."""
    if args.materials:
        from blueprints3d.client.scene.showcase import material_test_build

        return material_test_build()
    from blueprints3d.files.buildfile import load_build

    return load_build(args.file)


def cannot_write(file: str, exc: OSError) -> BlueprintsError:
    return BlueprintsError(
        Message.of(
            "cannot write {file}: {reason}", file=file, reason=display(exc.strerror or exc, 80)
        )
    )


def write_picture(args: argparse.Namespace, build, out: str, still) -> None:
    """-o: the still picture, or with --card the share card round it, written as PNG."""
    size = args.size or (SHARE_SIZE if args.card else DEFAULT_SIZE)
    drawn = dict(
        build=build,
        size=size,
        angle=args.angle,
        use_shaders=not args.no_shaders,
        elevation=args.elevation,
        supersample=fitted_supersample(size, args.supersample),
        options=still,
    )
    if args.card:
        from blueprints3d.client.apps import share

        card = share.plan(build, size, name=args.name)
        img = share.compose(card, render_build(**drawn, region=card.region), build)
    else:
        img = render_build(**drawn)
    from blueprints3d.client.render.capture import save_png

    try:
        save_png(img, args.output)
    except OSError as exc:
        raise cannot_write(out, exc) from None
    print(_("wrote {file} ({size})", file=out, size=f"{size[0]}x{size[1]}"))


def write_turntable(args: argparse.Namespace, build, movie: str, look) -> None:
    """--turntable: one turn of the building, drawn frame by frame and written as a movie."""
    from blueprints3d.files.movie import write_movie

    size = turntable_size(args)
    seconds = TURN_SECONDS if args.seconds is None else args.seconds
    fps = args.fps or TURN_FPS
    n = turntable_frames(seconds, fps)
    frames = render_turntable(
        build,
        size,
        n,
        args.angle,
        not args.no_shaders,
        args.elevation,
        fitted_supersample(size, args.supersample),
        options=look,
    )
    try:
        # Made to post: under the budget, a GIF drawn smaller where its size was not asked for.
        size = write_movie(
            args.turntable, frames, fps, budget=POST_BUDGET, may_shrink=args.size is None
        )
    except OSError as exc:
        raise cannot_write(movie, exc) from None
    said = dict(file=movie, size=f"{size[0]}x{size[1]}", fps=fps, seconds=f"{seconds:g}")
    if not args.turntable.lower().endswith(".mp4"):
        print(
            n_(
                "wrote {file} ({size}, {n} frame at {fps} a second, one turn in {seconds} s, looping)",
                "wrote {file} ({size}, {n} frames at {fps} a second, one turn in {seconds} s, looping)",
                n,
                **said,
            )
        )
    else:
        print(
            n_(
                "wrote {file} ({size}, {n} frame at {fps} a second, one turn in {seconds} s)",
                "wrote {file} ({size}, {n} frames at {fps} a second, one turn in {seconds} s)",
                n,
                **said,
            )
        )


# Every GL this program runs on draws buffers of 8192 pixels a side (OpenGL 4 promises 16384);
# only a larger supersampled picture asks the GL for its own limit.
SURE_SIDE = 8192


def fitted_supersample(size: tuple[int, int], supersample: int, max_side: int | None = None) -> int:
    """The supersampling ``size`` can be drawn at here: ``supersample``, or less (said in one line
    on stderr) when the picture drawn that many times larger would exceed the GL's largest
    buffer (``max_side``: asked of the offscreen GL when not given); a picture too large even
    without supersampling is a BlueprintsError. (A buffer beyond the limit is incomplete, and
    drawing into it crashed the GL: FRAMEBUFFER_INCOMPLETE_ATTACHMENT, then a segfault.)"""
    if max_side is None and max(size) * supersample <= SURE_SIDE:
        return supersample
    if max_side is None:
        from blueprints3d.client.render.capture import max_buffer_side, open_offscreen_base

        max_side = max_buffer_side(open_offscreen_base(64, 64))
    fits = max_side // max(size)
    if fits < 1:
        raise BlueprintsError(
            Message.of(
                "cannot draw {size} here: this GL's buffers take at most {most} pixels "
                "a side; give a smaller --size",
                size=f"{size[0]}x{size[1]}",
                most=max_side,
            )
        )
    if fits >= supersample:
        return supersample
    print(
        _(
            "blueprints3d render: {size} is drawn at {fits}x supersampling, not {wanted}x: this GL's "
            "buffers take at most {most} pixels a side",
            size=f"{size[0]}x{size[1]}",
            fits=fits,
            wanted=supersample,
            most=max_side,
        ),
        file=sys.stderr,
    )
    return fits


def turntable_frames(seconds: float, fps: int) -> int:
    """How many frames one turn takes: at least 2 (a turn needs a start and a middle)."""
    return max(2, round(seconds * fps))


def render_build(
    build,
    size: tuple[int, int],
    angle: float,
    use_shaders: bool,
    elevation: float = 36.0,
    supersample: int = 2,
    table: bool = True,
    options=None,
    region: tuple[float, float, float, float] | None = None,
):
    """The picture of ``build`` as an (h, w, 3) uint8 array (opens the offscreen ShowBase),
    framed by ``showcase.frame_build`` (its bounding box, with a margin); ``table`` False: on
    the plain background. With ``region`` (left, right, bottom, top of the picture in -1..1:
    the part a share card leaves free), framed tighter in that part: the card's paper and the
    dice's box (``framing.frame_points``), not one box round both.

    Rendered ``supersample`` times larger and averaged down, into a multisampled buffer, with
    soft shadows, contact darkening and glass reflecting a room (``options``, a
    ``stills.StillOptions``; default all of them; ``StillOptions.quick()``: none, the picture
    as drawn before); ``options.dof`` > 0 blurs by depth, sharp at the building's middle (or
    ``options.focus`` cm from the camera).
    """
    from blueprints3d.client.render import stills
    from blueprints3d.client.scene import framing, showcase

    options = _options(options)
    with _stage(build, size, use_shaders, supersample, table, options) as (base, view, _, _look):
        if region is None:
            fit = showcase.frame_build(view, build, angle, elevation)
        else:
            fit = framing.frame_points(view, framing.share_points(build), angle, elevation, region)
        stills.render_still(base, view, 3)
        img = downsample(view.grab(), supersample, size)
        if options.dof > 0:
            img = _blur_by_depth(view, img, size, supersample, options, fit.distance)
        return img


def dice_pixels(
    build,
    size: tuple[int, int],
    use_shaders: bool = True,
    angle: float = 35.0,
    elevation: float = 36.0,
    supersample: int = 2,
    options=None,
):
    """``render_build``'s picture of ``build`` (on the table, no depth of field) and where its
    dice show: (img, labels, dice), ``dice`` listing (cell, level, Material) of each die and
    labels an (h, w) int array holding at each pixel the index in ``dice`` of the die seen
    there, -1 elsewhere and on the dice's outlines (a pixel any other thing shares). For
    measuring the materials' colours (``colour_vision``, benchmarks/colour_blind.py); at most
    seven dice."""
    import numpy as np
    from panda3d.core import TransparencyAttrib

    from blueprints3d.client.render import stills
    from blueprints3d.client.scene import showcase
    from blueprints3d.engine.materials import Material

    options = _options(options).with_(dof=0.0)
    with _stage(build, size, use_shaders, supersample, True, options) as (base, view, model, _look):
        nodes = list(model.find_all_matches("**/=level"))
        if len(nodes) > 7:
            raise ValueError(f"dice_pixels tells at most 7 dice apart, not {len(nodes)}")
        dice = [
            (
                int(d.get_tag("cell")),
                int(d.get_tag("level")),
                Material(d.get_python_tag("material")),
            )
            for d in nodes
        ]
        showcase.frame_build(view, build, angle, elevation)
        stills.render_still(base, view, 3)
        img = downsample(view.grab(), supersample, size)
        # Again, everything flat black and unlit but each die in a key colour of its own: die i
        # in the bits of i + 1 (red 1, green 2, blue 4), exact inside it.
        for i, node in [(-1, model.get_top())] + list(enumerate(nodes)):
            node.set_shader_off(10000)
            node.set_light_off(10000)
            node.set_texture_off(10000)
            node.set_color_scale_off(10000)
            node.set_transparency(TransparencyAttrib.M_none, 10000)
            node.set_color((i + 1) & 1, ((i + 1) >> 1) & 1, ((i + 1) >> 2) & 1, 1.0, 10000)
        stills.render_still(base, view, 2)
        bits = view.grab()[: size[1] * supersample, : size[0] * supersample] > 127
        code = bits[..., 0] * 1 + bits[..., 1] * 2 + bits[..., 2] * 4 - 1  # -1: no die
        f = supersample
        blocks = (
            code.reshape(size[1], f, size[0], f)
            .transpose(0, 2, 1, 3)
            .reshape(size[1], size[0], f * f)
        )
        labels = np.where((blocks == blocks[..., :1]).all(axis=-1), blocks[..., 0], -1)
        # A blend of two keys (an outline) can read as a third: keep pixels whose four
        # neighbours agree.
        inner = labels.copy()
        inner[1:] = np.where(labels[1:] == labels[:-1], inner[1:], -1)
        inner[:-1] = np.where(labels[:-1] == labels[1:], inner[:-1], -1)
        inner[:, 1:] = np.where(labels[:, 1:] == labels[:, :-1], inner[:, 1:], -1)
        inner[:, :-1] = np.where(labels[:, :-1] == labels[:, 1:], inner[:, :-1], -1)
        return img, inner, dice


def _options(options):
    from blueprints3d.client.render.stills import StillOptions

    return StillOptions() if options is None else options


def _blur_by_depth(view, img, size, supersample, options, aim_distance):
    """``img`` with depth of field from ``view``'s depth buffer (a ``stills.StillView``)."""
    import numpy as np

    from blueprints3d.client.render import stills

    depth = getattr(view, "depth", None)
    if depth is None:
        return img
    lens = view.lens
    raw = view.grab_depth().astype(np.float32)
    w, h = size
    f = supersample
    raw = raw[: h * f, : w * f].reshape(h, f, w, f).mean(axis=(1, 3)) if f > 1 else raw
    lin = stills.linear_depth(raw, lens.get_near(), lens.get_far())
    # Depth is along the view axis; the aim lies on it, at the framing's distance.
    focus = options.focus if options.focus is not None else aim_distance
    return stills.depth_of_field(img, np.asarray(lin), focus, options.dof)


def render_turntable(
    build,
    size: tuple[int, int],
    frames: int,
    start_angle: float,
    use_shaders: bool,
    elevation: float = 36.0,
    supersample: int = 2,
    table: bool = True,
    options=None,
    on_frame=None,
) -> list:
    """``frames`` pictures of ``build`` turning once on its card, as on a turntable: the camera
    and the lights stay (seen from ``start_angle``), the building turns clockwise seen from
    above about the vertical axis through its dice's centre, the last frame one step short of
    the first so the loop is seamless. The camera looks at the dice's centre (it stays at the
    picture's middle) from the nearest distance at which their box, turned to every angle of
    the turn, keeps a small margin inside the picture (``framing.turntable``): the building
    fills the frame without swaying or breathing (the card may leave it at the corners).
    ``options`` as for ``render_build`` (no depth of field: the building turns through it).
    ``on_frame(view, model)``, if given, is called before each frame is drawn (``model``: the
    card with its dice)."""
    from blueprints3d.client.render import glass, stills
    from blueprints3d.client.scene import framing, showcase

    options = _options(options).with_(dof=0.0)
    angles = [start_angle + 360.0 * k / frames for k in range(frames)]
    out = []
    with _stage(build, size, use_shaders, supersample, table, options, turn=True) as (
        base,
        view,
        model,
        look,
    ):
        turn = framing.turntable(view, build, angles, elevation)
        # Seen from angle a is the building turned by start - a under the first camera (the
        # cameras share their aim, over the turning axis, and their distance).
        showcase.aim(view, turn.cameras[0])
        model.set_pos(-turn.pivot[0], -turn.pivot[1], 0.0)
        turner = model.get_parent()
        for a in angles:
            turner.set_h(start_angle - a)
            glass.set_ground(turner, [model])  # glass shows the card where it lies now
            if look is not None:
                look.update()
            if on_frame is not None:
                on_frame(view, model)
            stills.render_still(base, view, 2)
            out.append(downsample(view.grab(), supersample, size))
    return out


@contextmanager
def _stage(
    build,
    out_size: tuple[int, int],
    use_shaders: bool,
    supersample: int,
    table: bool,
    options=None,
    turn: bool = False,
):
    """The offscreen base, a view of ``out_size`` x ``supersample``, ``build``'s model (its card,
    with the dice) on the view's stage and its still shading (``showcase.dress_still``, None
    when off); put back as found afterwards. ``turn``: the model lies under a node of its own
    at the stage's origin, to turn it by. Quick options draw as before: into the base's own
    window when this process opened it at this size, else a plain buffer; otherwise into a
    multisampled buffer (``stills.open_still_view``)."""
    from blueprints3d.client.render import capture, shaders, stills
    from blueprints3d.client.scene import showcase

    options = _options(options)
    size = (out_size[0] * supersample, out_size[1] * supersample)
    plain = options.multisamples == 0 and options.dof <= 0
    # (A still draws into its own buffer: the base's window, if this opens it, stays small.)
    base = capture.open_offscreen_base(*(size if plain else (64, 64)))
    own = plain and (base.win.get_x_size(), base.win.get_y_size()) == size
    if own:
        view = capture.base_view(base)
    elif plain:
        view = capture.open_view(base, *size, name="render")
    else:
        view = stills.open_still_view(
            base, *size, multisamples=options.multisamples, depth=options.dof > 0, name="render"
        )
    shaders.configure(use_shaders, base)
    # A still can afford the extra pass: glass shows the dice behind it bent, too.
    stage = showcase.make_stage(
        base, view, refraction="screen", table=table, extent=showcase.shadow_extent(build)
    )
    if getattr(view, "multisamples", 0):
        stills.use_multisamples(stage.root)
    look = None
    try:
        holder = stage.root.attach_new_node("turntable") if turn else stage.root
        model = showcase.build_showcase(holder, build)
        look = showcase.dress_still(stage, model, options)
        yield base, view, model, look
    finally:
        if look is not None:
            look.remove()
        stage.close()
        if own:
            view.cam.node().set_scene(base.render)
        else:
            capture.close_view(base, view)


def downsample(img, factor: int, size: tuple[int, int]):
    """Average ``factor`` x ``factor`` blocks: (h*f, w*f, 3) -> (h, w, 3) uint8."""
    from blueprints3d.client.render import stills

    return stills.downsample(img, factor, size)
