"""Every way a person names a room, read by one parser (``parse_invite``), and the address to
share (``invite_url``).

A room is named by

- its code alone, as read out or typed: ``ABC234``, ``abc 234``, ``ABC-234`` (six characters of
  ``protocol.ROOM_CODE_ALPHABET``, any case, one space or hyphen in the middle), or an older
  server's ten-character urlsafe code, exactly as it was given (those are case-sensitive);
  the server to ask is then the caller's to know;
- ``HOST:PORT/CODE``, or ``HOST/CODE`` on the default port (``serve`` and ``host`` listen there);
  an IPv6 host in brackets: ``[fd00::5]:8765/CODE``;
- a whole join address, ``ws://HOST:PORT/CODE`` or ``wss://HOST/CODE`` (a server behind a TLS
  reverse proxy, on the scheme's own port), perhaps with the path the proxy serves it under,
  ``wss://HOST/PATH/CODE``: the last segment is the code, the ones before it the server's.

After a server's address, a code is read as typed when it is one of this alphabet's; any other
code a server may give (letters, digits, - and _) is kept exactly.

Anything else is refused with a ValueError whose text is one line in the player's language.
No Panda3D and no sockets here: the table's screens and the commands both use it.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

from blueprints3d.i18n import _
from blueprints3d.net.protocol import (
    DEFAULT_PORT,
    OLD_ROOM_CODE_CHARS,
    ROOM_CODE_ALPHABET,
    ROOM_CODE_LENGTH,
    SEAT_CODE_LENGTH,
    is_room_code,
    is_seat_code,
)
from blueprints3d.text import display

MAX_INVITE = 300  # a join address is well under this; longer text is no address at all
_SCHEMES = ("ws", "wss")
_HALF = ROOM_CODE_LENGTH // 2
# A typed code: two halves of letters and digits, with at most a space or a hyphen between
# (spaces around the hyphen too: "ABC - 234"). Whether each character is in the alphabet is
# checked after, to say so when one is a look-alike.
_TYPED_CODE = re.compile(rf"([A-Za-z0-9]{{{_HALF}}})(?:\s+|\s*-\s*)?([A-Za-z0-9]{{{_HALF}}})")
_OLD_CODE = re.compile(rf"[A-Za-z0-9_-]{{{OLD_ROOM_CODE_CHARS}}}")
_HOSTNAME = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?")
_PATH_SEGMENT = re.compile(r"[A-Za-z0-9._~-]{1,100}")  # a server's path: URL-safe, unescaped
_HOST_PORT = re.compile(r"(?:\[(?P<v6>[^\]]*)\]|(?P<name>[^:\[\]]*))(?::(?P<port>[^:]*))?")


@dataclass(frozen=True)
class Invite:
    """A room as someone named it: ``server`` is "ws://HOST:PORT" (or "wss://HOST...", perhaps
    with a path) when the text named one, None for a bare code; ``code`` is the room's code as
    the server knows it."""

    server: str | None
    code: str

    @property
    def url(self) -> str | None:
        """The whole join address, when the server is known."""
        return None if self.server is None else invite_url(self.server, self.code)


def server_url(host: str, port: int | None = None, scheme: str = "ws") -> str:
    """ "ws://HOST:PORT" for an address or a host name; an IPv6 address goes in brackets. No
    port: the scheme's own (a server behind a reverse proxy)."""
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"{scheme}://{host}" if port is None else f"{scheme}://{host}:{port}"


def invite_url(server: str, code: str) -> str:
    """The join address to share: the server's address ("ws://HOST:PORT") and the room's code,
    "ws://HOST:PORT/CODE"; ``parse_invite`` reads it back."""
    return f"{server.rstrip('/')}/{code}"


def read_code(text: str) -> str:
    """A room's code as typed (any case, a space or a hyphen in the middle), as the server knows
    it; an older server's ten-character code is kept exactly. ValueError: one line saying why."""
    typed = text.strip()
    half = _TYPED_CODE.fullmatch(typed)
    if half is not None:
        code = (half[1] + half[2]).upper()
        if all(ch in ROOM_CODE_ALPHABET for ch in code):
            return code
        # Not an older code either: those are ten characters with no space in them.
        raise ValueError(
            _(
                "{code} is not a room code: codes never use 0, O, 1, I or L",
                code=display(typed, 40),
            )
        )
    if _OLD_CODE.fullmatch(typed) is not None:
        return typed
    raise ValueError(_not_a_room(text))


def parse_invite(text: str, default_port: int = DEFAULT_PORT) -> Invite:
    """The room and, when named, the server that ``text`` names: a code, HOST[:PORT]/CODE (no
    port: ``default_port``) or a ws:// or wss:// join address (module docstring). ValueError:
    one line, in the player's language, saying how a room is named."""
    if not isinstance(text, str):
        raise ValueError(_not_a_room(repr(text)))
    if len(text) > MAX_INVITE:
        raise ValueError(_("a join address is at most {n} characters", n=MAX_INVITE))
    typed = text.strip()
    if not typed:
        raise ValueError(_("type a room code, like ABC-234, or a join address"))
    if "://" in typed:
        return _parse_url(typed)
    if "/" in typed:
        where, _slash, code = typed.partition("/")
        return Invite(_server_of(where, default_port, typed), _path_code(code, typed))
    return Invite(None, read_code(typed))


def parse_server(text: str, default_port: int = DEFAULT_PORT) -> str:
    """A game server's address as typed, "ws://HOST:PORT", "wss://HOST", "HOST:PORT" or "HOST"
    (on ``default_port``), as "ws://HOST:PORT" (a trailing "/" is dropped). ValueError: one
    line saying how a server's address looks."""
    typed = text.strip().rstrip("/") if isinstance(text, str) else ""
    if not typed or len(typed) > MAX_INVITE or "/" in typed.partition("://")[2]:
        raise ValueError(_not_a_server(text))
    if "://" not in typed:
        return _server_of(typed, default_port, typed, bad=_not_a_server)
    scheme, _sep, where = typed.partition("://")
    if scheme.lower() not in _SCHEMES:
        raise ValueError(_not_a_server(text))
    return _server_of(where, None, typed, scheme.lower(), bad=_not_a_server)


def _parse_url(text: str) -> Invite:
    """A ws:// or wss:// join address: its server, as "scheme://host[:port][/path]", and its
    code (the last segment of the path)."""
    scheme = text.split("://", 1)[0]
    if scheme.lower() not in _SCHEMES:  # http://, or no scheme a game server speaks
        raise ValueError(
            _("a join address looks like ws://HOST:PORT/ROOM, not {url}", url=display(text, 60))
        )
    if not text.isprintable():  # urlsplit would drop tabs and newlines, not refuse them
        raise ValueError(_not_a_room(text))
    try:
        parts = urlsplit(text)
    except ValueError:  # a bracket left open, say: its words are the library's, in English
        raise ValueError(_not_a_room(text)) from None
    if parts.query or parts.fragment or "@" in parts.netloc or not parts.netloc:
        raise ValueError(_not_a_room(text))
    *where, code = _segments(parts.path, text)
    server = _server_of(parts.netloc, None, text, scheme.lower())
    return Invite("/".join((server, *where)), _path_code(code, text))


def _segments(path: str, whole: str) -> list[str]:
    """A join address's path, "/SEG/.../CODE" (one "/" may end it), as its segments. Every
    segment but the last (the code, read by ``_path_code``) is the server's own path, as a
    reverse proxy serves it: letters, digits and ``. _ ~ -``, never "." or "..", no escapes."""
    segments = path.removesuffix("/").split("/")
    if segments[0] or len(segments) < 2:  # no code at all: "" or "/" after the host
        raise ValueError(_not_a_room(whole))
    for segment in segments[1:-1]:
        if _PATH_SEGMENT.fullmatch(segment) is None or segment in (".", ".."):
            raise ValueError(_not_a_room(whole))
    return segments[1:]


def _path_code(path: str, whole: str) -> str:
    """The code after the server's address: one path segment, percent escapes undone. A code
    typed as a person types one is read so (any case, a space or a hyphen); any other text a
    server may use for a room (``protocol.is_room_code``) is kept exactly: an address is
    mostly copied, not typed, and came from a server that gave the room that code."""
    code = unquote(path).rstrip("/")
    if not code or "/" in code:
        raise ValueError(_not_a_room(whole))
    typed = _TYPED_CODE.fullmatch(code.strip())
    joined = (typed[1] + typed[2]).upper() if typed is not None else ""
    if joined and all(ch in ROOM_CODE_ALPHABET for ch in joined):
        return joined
    if is_room_code(code):
        return code
    return read_code(code)  # refused: a look-alike, or no code at all


def _server_of(
    where: str,
    default_port: int | None,
    whole: str,
    scheme: str = "ws",
    bad: Callable[[str], str] | None = None,
) -> str:
    """ "HOST", "HOST:PORT", "[V6]" or "[V6]:PORT" as a server's address, its host checked (a
    name of letters, digits, dots and hyphens, or an IP address) and its port a port."""
    refusal = bad or _not_a_room
    match = _HOST_PORT.fullmatch(where)
    if match is None or "@" in where:
        raise ValueError(refusal(whole))
    host = match["v6"] if match["v6"] is not None else match["name"]
    if match["v6"] is not None:
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise ValueError(refusal(whole)) from None
    elif _HOSTNAME.fullmatch(host) is None:
        raise ValueError(refusal(whole))
    port = default_port
    if match["port"] is not None:
        digits = match["port"]
        if not digits:  # "HOST:/CODE"
            raise ValueError(refusal(whole))
        if not (digits.isascii() and digits.isdigit() and 1 <= int(digits) <= 65535):
            raise ValueError(
                _(
                    "{port} is not a port: a port is a number from 1 to 65535",
                    port=display(digits, 20),
                )
            )
        port = int(digits)
    return server_url(host, port, scheme)


def _not_a_room(text: str) -> str:
    return _(
        "{text} names no room: type a code like ABC-234, or an address like ws://HOST:PORT/ROOM",
        text=display(text.strip(), 60),
    )


def _not_a_server(text: str) -> str:
    return _(
        "a game server's address looks like ws://HOST:PORT, not {url}",
        url=display(str(text).strip(), 60),
    )


def read_seat_code(text: str) -> str:
    """A seat code as typed (any case, spaces or a hyphen in it), as the server gave it.
    ValueError: one line saying how one looks."""
    code = "".join(ch for ch in text if ch not in " -").upper()
    if not is_seat_code(code):
        raise ValueError(
            _(
                "{code} is not a seat code: {n} letters and digits, never 0, O, 1, I or L",
                code=repr(text[:40]),
                n=SEAT_CODE_LENGTH,
            )
        )
    return code
