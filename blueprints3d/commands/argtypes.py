"""What the subcommands share: argparse types for numbers and sizes, and ``UsageError``.

A wrong value given to one of these types becomes argparse's one-line error naming the option.
"""

from __future__ import annotations

import argparse
import math
import os
import stat
from dataclasses import dataclass

from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.files.jsonfile import kind_of_mode
import blueprints3d.i18n as i18n
from blueprints3d.i18n import N_, _, digits
from blueprints3d.i18n.message import Message
from blueprints3d.text import display, shown

# argparse's own words (usage, its headings, its refusals), as this Python's argparse writes them:
# marked here for the catalogue, and said in the player's language by ``speak_argparse``. Their
# ids keep argparse's %-placeholders, which argparse fills in itself.
ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("unexpected option string: %s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
    # Python 3.13's argparse adds these.
    N_(" (default: %(default)s)"),
    N_("%(heading)s:"),
    N_("%(prog)s: warning: %(message)s\n"),
    N_("argument '%(argument_name)s' is deprecated"),
    N_("command '%(parser_name)s' is deprecated"),
    N_("option '%(option)s' is deprecated"),
)
# Its one counted message (a Message only to mark both forms; argparse asks ngettext for them).
ARGPARSE_COUNTED = (Message.counted("expected %s argument", "expected %s arguments", 2),)


def _argparse_gettext(message):
    return message if message is None else i18n.catalogue(i18n.language()).gettext(message)


def _argparse_ngettext(singular, plural, n):
    return i18n.catalogue(i18n.language()).ngettext(singular, plural, n)


def speak_argparse() -> None:
    """Make argparse say its own words in the player's language: it looks up every message with
    its module-level ``_`` and ``ngettext`` (the standard library's gettext, in the "argparse"
    domain, which ships no catalogue), so those two names are pointed at our catalogue, for the
    language current when argparse speaks. The one place where argparse is translated."""
    argparse._ = _argparse_gettext  # type: ignore[attr-defined]
    argparse.ngettext = _argparse_ngettext  # type: ignore[attr-defined]


class UsageError(Exception):
    """A wrong option or argument found after parsing; reported like argparse's own errors."""


def whole_number(least: int, most: int | None = None):
    """An argparse type for an int from ``least`` (to ``most``, when given)."""

    def parse(text: str) -> int:
        try:
            if len(text.strip()) > 30:
                raise ValueError
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                _("{text} is not a whole number", text=shown(text))
            ) from None
        if n < least:
            raise argparse.ArgumentTypeError(
                _("must be {least} or more, not {n}", least=least, n=n)
            )
        if most is not None and n > most:
            raise argparse.ArgumentTypeError(
                _("must be at most {most}, not {n}", most=f"{most:,}", n=f"{n:,}")
            )
        return n

    parse.__name__ = "whole number"  # argparse names the type in its messages
    return parse


@dataclass(frozen=True)
class Unit:
    """How a refused number of one kind is said: each sentence whole, with its unit in it (a
    unit glued after a sentence reads wrong in German, Chinese and Persian)."""

    not_finite: str  # "{text} is not a finite number of degrees"
    out_of_range: str  # "must be from {least} to {most} degrees, not {x}"


DEGREES = Unit(
    N_("{text} is not a finite number of degrees"),
    N_("must be from {least} to {most} degrees, not {x}"),
)
SECONDS = Unit(
    N_("{text} is not a finite number of seconds"),
    N_("must be from {least} to {most} seconds, not {x}"),
)
BLUR = Unit(
    N_("{text} is not a finite depth of field strength"),
    N_("the depth of field strength must be from {least} to {most}, not {x}"),
)
FOCUS = Unit(
    N_("{text} is not a finite distance"),
    N_("must be from {least} to {most} cm from the camera, not {x}"),
)
PLAIN = Unit(
    N_("{text} is not a finite number"),
    N_("must be from {least} to {most}, not {x}"),
)


def finite_number(least: float | None = None, most: float | None = None, unit: Unit = PLAIN):
    """An argparse type for a finite float (never nan or inf), within bounds when given; ``unit``
    says a refused value's sentences whole, in the player's language."""

    def parse(text: str) -> float:
        try:
            x = float(text) if len(text) <= 30 else math.nan
        except ValueError:
            x = math.nan
        if not math.isfinite(x):
            raise argparse.ArgumentTypeError(_(unit.not_finite, text=shown(text)))
        if (least is not None and x < least) or (most is not None and x > most):
            bounds = {k: digits(f"{v:g}") for k, v in (("least", least), ("most", most), ("x", x))}
            raise argparse.ArgumentTypeError(_(unit.out_of_range, **bounds))
        return x

    parse.__name__ = "number"
    return parse


def output_folder(path: str, option: str) -> str:
    """Make sure ``path`` is a folder pictures can be written to (made when missing); a
    UsageError in one line when it cannot be (a file, /dev/null, no permission)."""
    try:
        os.makedirs(path, exist_ok=True)
    except FileExistsError:
        raise UsageError(
            _("{option} {path}: is a file, not a folder", option=option, path=display(path, 200))
        ) from None
    except OSError as e:
        raise UsageError(
            _(
                "{option} {path}: cannot make the folder ({reason})",
                option=option,
                path=display(path, 200),
                reason=display(e.strerror or e, 80),
            )
        ) from None
    if not os.path.isdir(path):
        raise UsageError(
            _("{option} {path}: is not a folder", option=option, path=display(path, 200))
        )
    if not os.access(path, os.W_OK | os.X_OK):
        raise UsageError(
            _("{option} {path}: the folder is not writable", option=option, path=display(path, 200))
        )
    return path


def writable_file(path: str, option: str = "", *, replace: bool = True) -> str:
    """``path``, shown; one line when no picture or build file can ever be written there, said
    before any window opens: an empty name, a name too long for the file system, a missing or
    read-only folder, and anything there that is not a plain file (a folder, a device such as
    /dev/null or /dev/full, a pipe, a link: an output is never written through a link). With
    ``replace`` False an existing file is refused too (the caller offers ``--force``)."""
    out = display(path, 200)
    shown_path = out or repr(path)
    what = (
        Message.of("cannot write {option} {path}", option=option.strip(), path=shown_path)
        if option.strip()
        else Message.of("cannot write {path}", path=shown_path)
    )
    if not path:
        raise BlueprintsError(
            Message.of("{what}: the file name is empty; give a name such as picture.png", what=what)
        )
    out_dir = os.path.dirname(os.path.abspath(path))
    longest = max(os.path.abspath(path).split(os.sep), key=len)
    name_max = _name_max(out_dir)
    if len(os.fsencode(longest)) > name_max:
        raise BlueprintsError(
            Message.of(
                "{what}: the name {name} is {n} bytes long, and this file system "
                "takes at most {most}",
                what=what,
                name=display(longest, 40),
                n=len(os.fsencode(longest)),
                most=name_max,
            )
        )
    if not os.path.isdir(out_dir):
        raise BlueprintsError(
            Message.of("{what}: no folder {folder}", what=what, folder=display(out_dir, 200))
        )
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise BlueprintsError(
            Message.of("{what}: {reason}", what=what, reason=display(e.strerror or e, 80))
        ) from None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise BlueprintsError(Message.of("{what}: it is a folder", what=what))
    if st is not None and stat.S_ISLNK(st.st_mode):
        raise BlueprintsError(
            Message.of(
                "{what}: it is a link, not a plain file (an output is never written "
                "through a link); give the name of a plain file",
                what=what,
            )
        )
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise BlueprintsError(
            Message.of(
                "{what}: it is not a plain file ({kind}); give the name of a plain file",
                what=what,
                kind=Message.of(kind_of_mode(st.st_mode)),
            )
        )
    if not os.access(out_dir, os.W_OK | os.X_OK):
        raise BlueprintsError(
            Message.of(
                "{what}: the folder {folder} is not writable",
                what=what,
                folder=display(out_dir, 200),
            )
        )
    if st is not None and not replace:
        raise BlueprintsError(
            Message.of(
                "{what}: the file is there already; give --force to replace it, or another name",
                what=what,
            )
        )
    if st is not None and not os.access(path, os.W_OK):
        raise BlueprintsError(Message.of("{what}: the file is not writable", what=what))
    return out


def _name_max(folder: str) -> int:
    """The longest file name (bytes) the file system at ``folder`` (or its nearest existing
    parent) takes; 255 where it cannot be asked (Windows has no pathconf: NTFS and FAT32 take
    255 UTF-16 units)."""
    if not hasattr(os, "pathconf"):
        return 255
    while folder and not os.path.isdir(folder):
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    try:
        return int(os.pathconf(folder or os.sep, "PC_NAME_MAX"))
    except (OSError, ValueError):
        return 255


positive = whole_number(1)
non_negative = whole_number(0)


def dimensions(
    least: tuple[int, int],
    most: tuple[int, int],
    example: str,
    what: str = "WIDTHxHEIGHT",
    bounds: str | None = None,
):
    """An argparse type for ``AxB`` (a window size, a grid), each side within its bounds
    (``bounds`` words them, by default "from AxB to CxD")."""

    def parse(text: str) -> tuple[int, int]:
        try:
            a, b = (int(v) for v in text.lower().split("x") if len(v) <= 30)
        except ValueError:
            raise argparse.ArgumentTypeError(
                _(
                    "must be {what} like {example}, not {text}",
                    what=what,
                    example=example,
                    text=shown(text),
                )
            ) from None
        if not (least[0] <= a <= most[0] and least[1] <= b <= most[1]):
            said = (
                _(bounds)
                if bounds
                else _(
                    "must be from {least} to {most}",
                    least=f"{least[0]}x{least[1]}",
                    most=f"{most[0]}x{most[1]}",
                )
            )
            raise argparse.ArgumentTypeError(_("{text}: {bounds}", text=display(text), bounds=said))
        return a, b

    parse.__name__ = what
    return parse


# Pictures and windows: big enough to read a caption, small enough for any GL's buffers.
picture_size = dimensions((64, 64), (8192, 8192), "1280x720")
window_size = dimensions((200, 150), (8192, 8192), "1280x720")
# The sandbox's blank grid.
grid_shape = dimensions(
    (1, 1), (8, 8), "3x2", "ROWSxCOLUMNS", N_("rows and columns must be 1 to 8")
)
