"""The invitation onto the clipboard by the system's own tool: the command and the bytes each
system gets, a missing, failing or hanging tool said in one line and never raised, and a real
run of a stand-in ``xclip`` on this machine."""

from __future__ import annotations

import os
import stat
import subprocess
from types import SimpleNamespace

import pytest

from blueprints3d.client.table.net import clipboard
from blueprints3d.client.table.net.clipboard import MAX_TEXT, TIMEOUT, copy

INVITE = "wss://example.org/blueprints/ABC234"


class FakeRun:
    """subprocess.run as the test wants it: records each call and answers ``returncode`` (or
    raises ``error``)."""

    def __init__(self, returncode: int = 0, error: BaseException | None = None) -> None:
        self.calls: list[tuple[list[str], dict]] = []
        self.returncode, self.error = returncode, error

    def __call__(self, command, **options):
        self.calls.append((command, options))
        if self.error is not None:
            raise self.error
        return SimpleNamespace(returncode=self.returncode)


def which_of(*installed: str):
    return lambda name: f"/usr/bin/{name}" if name in installed else None


def one_line(said: str | None) -> str:
    assert said and "\n" not in said and said.isprintable() and len(said) < 120, said
    return said


@pytest.fixture(autouse=True)
def no_wayland(monkeypatch):
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)


def test_windows_clip_gets_utf16_after_a_byte_order_mark():
    run = FakeRun()
    path = r"C:\Windows\System32\clip.exe"
    assert (
        copy("Ann's game: ABC-234 ✓", "win32", run, lambda n: path if n == "clip" else None) is None
    )
    [(command, options)] = run.calls
    assert command == [path]
    assert options["input"] == b"\xff\xfe" + "Ann's game: ABC-234 ✓".encode("utf-16-le")
    assert options["timeout"] == TIMEOUT and options["check"] is False
    assert options["creationflags"] == 0x08000000  # no console window flashes up
    assert options["stdout"] == options["stderr"] == subprocess.DEVNULL


def test_macos_pbcopy_gets_utf8_in_a_utf8_locale():
    run = FakeRun()
    assert copy(INVITE + " ö", "darwin", run, which_of("pbcopy")) is None
    [(command, options)] = run.calls
    assert command == ["/usr/bin/pbcopy"]
    assert options["input"] == (INVITE + " ö").encode()
    assert options["env"]["LC_CTYPE"] == "UTF-8" and options["timeout"] == TIMEOUT
    assert "creationflags" not in options


@pytest.mark.parametrize(
    ("installed", "command"),
    [
        (("xclip", "xsel"), ["/usr/bin/xclip", "-selection", "clipboard"]),
        (("xsel",), ["/usr/bin/xsel", "--clipboard", "--input"]),
        (("wl-copy", "xsel"), ["/usr/bin/xsel", "--clipboard", "--input"]),  # not Wayland
    ],
)
@pytest.mark.parametrize("platform", ["linux", "freebsd14", "openbsd7"])
def test_x11_takes_xclip_else_xsel(installed, command, platform):
    run = FakeRun()
    assert copy(INVITE, platform, run, which_of(*installed)) is None
    [(called, options)] = run.calls
    assert called == command and options["input"] == INVITE.encode()
    assert options["timeout"] == TIMEOUT
    assert options["stdout"] == options["stderr"] == subprocess.DEVNULL  # xclip stays behind


def test_wayland_takes_wl_copy_else_the_x11_tools(monkeypatch):
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    run = FakeRun()
    assert copy(INVITE, "linux", run, which_of("wl-copy", "xclip")) is None
    assert copy(INVITE, "linux", run, which_of("xclip")) is None  # XWayland
    assert [command for command, _options in run.calls] == [
        ["/usr/bin/wl-copy"],
        ["/usr/bin/xclip", "-selection", "clipboard"],
    ]


@pytest.mark.parametrize(
    ("platform", "wayland", "tool"),
    [
        ("linux", "", "xclip / xsel"),
        ("linux", "wayland-0", "wl-clipboard"),
        ("darwin", "", "pbcopy"),
        ("win32", "", "clip"),
    ],
)
def test_no_tool_found_is_said(monkeypatch, platform, wayland, tool):
    if wayland:
        monkeypatch.setenv("WAYLAND_DISPLAY", wayland)
    run = FakeRun()
    said = one_line(copy(INVITE, platform, run, which_of()))
    assert "no clipboard tool" in said and tool in said and run.calls == []


@pytest.mark.parametrize(
    ("run", "words"),
    [
        (FakeRun(returncode=1), "failed"),
        (FakeRun(error=subprocess.TimeoutExpired(["xclip"], TIMEOUT)), "did not answer"),
        (FakeRun(error=FileNotFoundError("xclip")), "failed"),
        (FakeRun(error=PermissionError("xclip")), "failed"),
        (FakeRun(error=subprocess.SubprocessError("odd")), "failed"),
    ],
)
def test_a_failing_or_hanging_tool_is_said_never_raised(run, words):
    said = one_line(copy(INVITE, "linux", run, which_of("xclip")))
    assert words in said and "xclip" in said and "/usr/bin" not in said


@pytest.mark.parametrize(
    "text", ["", "x" * (MAX_TEXT + 1), "ABC\x00234", "ABC\x1b[2J", "a\tb", "a\rb", "\u202e"]
)
def test_text_that_is_no_invitation_is_not_copied(text):
    run = FakeRun()
    said = one_line(copy(text, "linux", run, which_of("xclip")))
    assert "printable" in said and run.calls == []


def test_two_lines_and_the_longest_text_are_copied():
    run = FakeRun()
    assert copy("Join my game\n" + INVITE, "linux", run, which_of("xclip")) is None
    assert copy("x" * MAX_TEXT, "linux", run, which_of("xclip")) is None
    assert len(run.calls) == 2


def test_a_real_tool_on_path_gets_the_text(tmp_path, monkeypatch):
    """The real subprocess.run and shutil.which, with a stand-in ``xclip`` first on PATH that
    keeps its arguments and stdin in files."""
    tool = tmp_path / "xclip"
    tool.write_text(f'#!/bin/sh\necho "$@" > "{tmp_path}/args"\ncat > "{tmp_path}/copied"\n')
    tool.chmod(tool.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ.get('PATH', '')}")
    text = "Join Ann's game: " + INVITE + " — 中文"
    assert clipboard.copy(text, platform="linux") is None
    assert (tmp_path / "copied").read_bytes() == text.encode()
    assert (tmp_path / "args").read_text() == "-selection clipboard\n"
