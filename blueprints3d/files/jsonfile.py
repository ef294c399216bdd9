"""The one reader and writer of the program's JSON files (build files, saves, the autosave slot).

Reading refuses, in one line naming the file and the problem, anything that is not a plain
JSON file of sensible size: FIFOs, devices (/dev/zero), folders and symlink loops are refused
before a byte is read; at most ``MAX_BYTES`` + 1 bytes are ever read; the nesting depth is
checked before parsing; duplicate keys, NaN/Infinity, huge numbers, undecodable bytes and lone
surrogates are refused. Every such failure is the caller's ``BlueprintsError`` subclass.

Writing goes through a temporary file in the same folder (``.NAME.*.tmp``), flushed to disk and
renamed into place, so a crash or a kill leaves the old file or the new one, never half of one.
The temporary file is made private (``tempfile`` gives 0600); the file put in place is given the
mode any program's new file gets, 0666 less the umask (``new_file_mode``). ``write_new`` never
replaces an existing file; ``clean_stray_temps`` removes what killed saves left behind.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import stat
import tempfile
import threading
import time
from itertools import accumulate
from pathlib import Path
from typing import Any
from collections.abc import Callable

from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.i18n.message import Message, N_
from blueprints3d.text import display, shown

MAX_BYTES = 4 * 1024 * 1024  # a save is some kilobytes, a build file less
MAX_DEPTH = 32  # a save nests about 6 deep
MAX_DIGITS = 30  # seeds and counts; no number the program writes is longer
TEMP_SUFFIX = ".tmp"

_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_DELTA = {"[": 1, "{": 1, "]": -1, "}": -1}


# The kinds of file read with ``read_bytes`` and ``read_json`` (their ``what``), for the catalogue.
FILE_KINDS = (
    N_("build file"),
    N_("save file"),
    N_("game history file"),
    N_("settings file"),
    N_("demo progress file"),
    N_("stall note"),
)


class _Refused(ValueError):
    """Raised inside the parser's hooks; turned into the caller's error with the file's name."""


def where(path: str | os.PathLike[str]) -> str:
    """A path as it may appear in a message: printable and capped."""
    return display(os.fspath(path), 200)


def os_reason(e: OSError) -> str:
    """An OSError as a short line naming the file: "Permission denied: /home/ann/saves"."""
    what = display(e.strerror or e.__class__.__name__, 80 if e.filename else 300)
    return f"{what}: {where(e.filename)}" if e.filename else what


def _kind_of(path: Path) -> str | None:
    """What stands at ``path`` when it is not a folder, in a player's words (None: a folder,
    or nothing there)."""
    try:
        st = os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    if stat.S_ISLNK(st.st_mode):
        try:
            target = os.stat(path)
        except OSError as e:
            return (
                N_("a link that loops back on itself")
                if e.errno == errno.ELOOP
                else N_("a link to nowhere")
            )
        return None if stat.S_ISDIR(target.st_mode) else kind_of_mode(target.st_mode)
    return None if stat.S_ISDIR(st.st_mode) else kind_of_mode(st.st_mode)


def kind_of_mode(mode: int) -> str:
    """What a file of ``mode`` (``os.stat``'s) is, in a player's words: "a file", "a pipe"...
    (English, the catalogue's id: a parameter of a message as ``Message.of(kind_of_mode(m))``)."""
    if stat.S_ISREG(mode):
        return N_("a file")
    if stat.S_ISFIFO(mode):
        return N_("a pipe")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return N_("a device")
    if stat.S_ISSOCK(mode):
        return N_("a socket")
    return N_("something else")


def make_folder(path: str | os.PathLike[str]) -> Path:
    """Make the folder ``path`` (and its parents) when missing. When a file, a pipe or a link
    loop stands where it or a parent must be, the OSError says so in a sentence that names it
    and what to do (``mkdir`` itself says only "File exists" or "Not a directory")."""
    p = Path(path)
    try:
        p.mkdir(parents=True, exist_ok=True)
        return p
    except OSError as e:
        if e.errno not in (errno.EEXIST, errno.ENOTDIR, errno.ELOOP):
            raise
        for part in [*reversed(p.parents), p]:
            kind = _kind_of(part)
            if kind is not None:
                raise OSError(
                    e.errno,
                    f"{kind} stands where the folder {where(part)} must be; "
                    f"move it away or choose another folder",
                ) from None
        raise


def _depth(text: str) -> int:
    """The deepest bracket nesting of JSON ``text`` (strings skipped), without parsing it."""
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    return max(accumulate(map(_DELTA.__getitem__, brackets)), default=0)


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise _Refused(Message.of("the key {key} appears twice in one object", key=shown(k)))
        out[k] = v
    return out


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Refused(Message.of("a number of {n} digits is far too long", n=len(text)))
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_DIGITS:
        raise _Refused(Message.of("a number of {n} characters is far too long", n=len(text)))
    x = float(text)
    if x in (float("inf"), float("-inf")):
        raise _Refused(Message.of("the number {number} is too large", number=shown(text)))
    return x


def _constant(name: str) -> Any:
    raise _Refused(Message.of("{name} is not a number JSON allows", name=name))


def _check_strings(data: Any) -> None:
    """Refuse lone surrogates ("\\ud800" escapes): they are not text and break every display."""
    stack = [data]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            try:
                x.encode("utf-8")
            except UnicodeEncodeError:
                raise _Refused(
                    Message.of(
                        "the text {text} holds a lone surrogate (not valid Unicode)", text=shown(x)
                    )
                ) from None
        elif isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)


def _refusal(error: type[BlueprintsError], msgid: str, /, **params: object) -> BlueprintsError:
    """``error`` carrying the message (the command line translates it; str() is its English)."""
    return error(Message.of(msgid, **params))


def read_bytes(
    path: str | os.PathLike[str],
    error: type[BlueprintsError],
    what: str,
    max_bytes: int = MAX_BYTES,
) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; ``error`` in one line otherwise."""
    p = where(path)
    kind_of = Message.of(what)  # the file's kind (FILE_KINDS marks each)
    st = _stat(path, error, what, p, kind_of)
    _check_regular(st, error, p, kind_of, max_bytes)
    data = _read_at_most(path, error, p, kind_of, max_bytes)
    if len(data) > max_bytes:
        raise _refusal(
            error,
            "{file}: is larger than {most} bytes, too large for a {what}",
            file=p,
            most=f"{max_bytes:,}",
            what=kind_of,
        )
    return data


def _cannot_read(error: type[BlueprintsError], p: str, e: OSError) -> BlueprintsError:
    """The refusal of a file the system would not read, with the system's reason."""
    return _refusal(
        error,
        "{file}: cannot be read ({reason})",
        file=p,
        reason=display(e.strerror or e.__class__.__name__, 80),
    )


def _stat(
    path: str | os.PathLike[str],
    error: type[BlueprintsError],
    what: str,
    p: str,
    kind_of: Message,
) -> os.stat_result:
    """The file's status, following links; a missing file, a dangling link or a loop refused."""
    try:
        return os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):
            raise _refusal(
                error,
                "{file}: a link to a file that does not exist, not a {what}",
                file=p,
                what=kind_of,
            ) from None
        if what.endswith("build file"):
            raise _refusal(error, "{file}: no such file", file=p) from None
        raise _refusal(error, "{file}: no such {what}", file=p, what=kind_of) from None
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise _refusal(
                error, "{file}: a symbolic link loop, not a {what}", file=p, what=kind_of
            ) from None
        raise _cannot_read(error, p, e) from None


def _check_regular(
    st: os.stat_result, error: type[BlueprintsError], p: str, kind_of: Message, max_bytes: int
) -> None:
    """A regular file of at most ``max_bytes`` by its status: not a folder, pipe, device or
    socket, nor too large."""
    if stat.S_ISDIR(st.st_mode):
        raise _refusal(error, "{file}: is a folder, not a {what}", file=p, what=kind_of) from None
    if not stat.S_ISREG(st.st_mode):
        kind = (
            N_("a named pipe (FIFO)")
            if stat.S_ISFIFO(st.st_mode)
            else N_("a device")
            if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode)
            else N_("a socket")
            if stat.S_ISSOCK(st.st_mode)
            else N_("not a regular file")
        )
        raise _refusal(
            error, "{file}: is {kind}, not a {what}", file=p, kind=Message.of(kind), what=kind_of
        )
    if st.st_size > max_bytes:
        raise _refusal(
            error,
            "{file}: is {size} bytes; a {what} is at most {most}",
            file=p,
            size=f"{st.st_size:,}",
            what=kind_of,
            most=f"{max_bytes:,}",
        )


def _read_at_most(
    path: str | os.PathLike[str],
    error: type[BlueprintsError],
    p: str,
    kind_of: Message,
    max_bytes: int,
) -> bytes:
    """Up to ``max_bytes + 1`` bytes of the file (one more tells a file that grew since its
    status was read), refused if it is no longer a regular file."""
    try:
        # O_NONBLOCK: should the file have been swapped for a FIFO since, opening must not hang.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as e:
        raise _cannot_read(error, p, e) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise _refusal(
                error, "{file}: is not a regular file, not a {what}", file=p, what=kind_of
            )
        chunks, left = [], max_bytes + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as e:
        raise _cannot_read(error, p, e) from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def parse_json(raw: bytes | str, max_depth: int = MAX_DEPTH) -> Any:
    """Parse ``raw`` strictly; ``ValueError`` (one line, no file name) when it is refused."""
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise ValueError(
                Message.of("not UTF-8 text (byte {byte} cannot be decoded)", byte=e.start + 1)
            ) from None
    else:
        text = raw
    text = text.removeprefix("\ufeff")
    if _depth(text) > max_depth:
        raise ValueError(
            Message.of(
                "nested more than {depth} deep, far deeper than any blueprints3d file",
                depth=max_depth,
            )
        )
    try:
        data = json.loads(
            text,
            object_pairs_hook=_pairs,
            parse_int=_int,
            parse_float=_float,
            parse_constant=_constant,
        )
        _check_strings(data)
    except _Refused as e:
        raise ValueError(e.args[0]) from None
    except json.JSONDecodeError as e:
        raise ValueError(
            Message.of(
                "not valid JSON, the file is damaged or truncated ({reason}: line {line}, "
                "column {col})",
                reason=e.msg,
                line=e.lineno,
                col=e.colno,
            )
        ) from None
    except (
        RecursionError,
        ValueError,
        MemoryError,
    ) as e:  # belt and braces: the checks above come first
        raise ValueError(
            Message.of("not valid JSON ({reason})", reason=e.__class__.__name__)
        ) from None
    return data


def read_json(path: str | os.PathLike[str], error: type[BlueprintsError], what: str) -> Any:
    """Parse the JSON file at ``path``; any failure raises ``error`` with one line naming it."""
    raw = read_bytes(path, error, what)
    try:
        return parse_json(raw)
    except ValueError as e:
        detail = e.args[0] if e.args and isinstance(e.args[0], Message) else str(e)
        raise _refusal(error, "{file}: {error}", file=where(path), error=detail) from None


# ---- writing -------------------------------------------------------------------------------------

_UMASK_LOCK = threading.Lock()


def current_umask() -> int:
    """The process's umask, read without changing it where the system says it (Linux's
    /proc/self/status); elsewhere set and restored at once, under a lock."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8) & 0o777
    except (OSError, ValueError, IndexError):
        pass
    with _UMASK_LOCK:
        mask = os.umask(0o077)
        os.umask(mask)
    return mask & 0o777


def new_file_mode() -> int:
    """The mode of a file the program writes for the user (saves, builds, pictures, settings,
    history): what ``open`` would give a new file, 0666 less the umask."""
    return 0o666 & ~current_umask()


def _temp(p: Path) -> tuple[int, str]:
    return tempfile.mkstemp(prefix=f".{p.name[:100]}.", suffix=TEMP_SUFFIX, dir=p.parent or ".")


def write_bytes_atomic(path: str | os.PathLike[str], data: bytes | Callable[[str], None]) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder, flushed and
    renamed into place. ``data`` may be a function that writes the temporary file by name
    (a picture writer); it is flushed to disk before the rename all the same. The file gets
    ``new_file_mode`` (the temporary file was private while it was written)."""
    p = Path(path)
    fd, tmp = _temp(p)
    try:
        if callable(data):
            os.close(fd)
            fd = -1
            data(tmp)
            fd = os.open(tmp, os.O_RDONLY)
        else:
            with os.fdopen(fd, "wb", closefd=False) as f:
                f.write(data)
        os.chmod(tmp, new_file_mode())
        os.fsync(fd)
        os.close(fd)
        fd = -1
        os.replace(tmp, p)
    except BaseException:
        if fd >= 0:
            os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically: the old file or the new one, never half."""
    write_bytes_atomic(path, text.encode("utf-8"))


def stamp() -> str:
    """A time stamp for file names, to the microsecond (never through strftime's % codes)."""
    t = time.time()
    lt = time.localtime(t)
    return (
        f"{lt.tm_year:04d}{lt.tm_mon:02d}{lt.tm_mday:02d}-{lt.tm_hour:02d}{lt.tm_min:02d}"
        f"{lt.tm_sec:02d}-{int(t % 1 * 1_000_000):06d}"
    )


def read_or_default(
    path: str | os.PathLike[str],
    error: type[BlueprintsError],
    what: str,
    parse: Callable[[Any], Any],
    default: Any,
) -> tuple[Any, str | None]:
    """A small file of the player's (settings, demo progress): ``parse`` of its JSON and None;
    or ``default`` and why it is not used, naming the file (None when there is no file yet).
    ``parse`` raises ``error`` for a file it cannot use."""
    if not os.path.lexists(path):
        return default, None
    try:
        return parse(read_json(path, error, what)), None
    except error as e:
        # (English: the callers hand back a line of text; the error itself carries its Message.)
        text = str(e)
        return default, text if text.startswith(where(path)) else f"{where(path)}: {text}"


def same_json(a: Any, b: Any) -> bool:
    """Whether two parsed JSON values are the same, types and all: Python's ``==`` takes
    ``false`` for 0 and ``1.0`` for 1, which in these files are not the numbers they stand for."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def first_difference(a: Any, b: Any, path: str) -> str:
    """Where two parsed JSON values first differ (``same_json``), as a path ("state.pool[3]"),
    for a file whose content does not match what it claims (a save's snapshot, a history
    record's result)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in list(a) + [k for k in b if k not in a]:
            if k not in a or k not in b or not same_json(a[k], b[k]):
                return first_difference(a.get(k), b.get(k), f"{path}.{k}")
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if not same_json(x, y):
                return first_difference(x, y, f"{path}[{i}]")
    return path


def write_new(
    folder: str | os.PathLike[str],
    stem: str,
    suffix: str,
    data: bytes | Callable[[str], None],
    numbered: bool = False,
) -> Path:
    """Write a new file ``folder/stem.suffix`` (``stem-2.suffix``... when taken; with
    ``numbered``, ``stem-01.suffix``, ``stem-02.suffix``...) atomically, never replacing an
    existing file; returns its path. ``stem`` must already be a safe name."""
    folder = Path(folder)
    tmp_target = folder / f"{stem}{suffix}"
    fd, tmp = _temp(tmp_target)
    os.close(fd)
    try:
        write_bytes_atomic(tmp, data)  # the content, complete and on disk, under the temp name
        for n in range(1, 10_000):
            path = folder / (
                f"{stem}-{n:02d}{suffix}"
                if numbered
                else f"{stem}{suffix}"
                if n == 1
                else f"{stem}-{n}{suffix}"
            )
            try:
                os.link(tmp, path)  # fails when the name is taken: nothing is ever replaced
            except FileExistsError:
                continue
            except (
                OSError
            ):  # no hard links here: reserve the name, then rename over the reservation
                try:
                    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
                except FileExistsError:
                    continue
                os.replace(tmp, path)
                return path
            return path
        raise FileExistsError(f"no free file name for {stem}{suffix} in {folder}")
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def clean_stray_temps(
    folder: str | os.PathLike[str], older_than_s: float = 0.0, prefix: str = "."
) -> int:
    """Remove the temporary files that killed writes left in ``folder`` (``PREFIX*.tmp``,
    at least ``older_than_s`` old); returns how many. Call it only for files no live writer
    uses (the slot's own, under its lock; or old ones)."""
    n = 0
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for e in entries:
        if e.name.startswith(prefix) and e.name.startswith(".") and e.name.endswith(TEMP_SUFFIX):
            try:
                if (
                    e.is_file(follow_symlinks=False)
                    and now - e.stat(follow_symlinks=False).st_mtime >= older_than_s
                ):
                    os.unlink(e.path)
                    n += 1
            except OSError:
                pass
    return n
