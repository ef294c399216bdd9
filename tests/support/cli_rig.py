"""Running the command line in-process for tests: its exit status and what it printed."""

from __future__ import annotations

from blueprints3d.cli import main


def run(argv, capsys) -> tuple[int, str, str]:
    """``blueprints3d ARGV``: (exit status, stdout, stderr)."""
    try:
        code = main(argv)
    except SystemExit as e:
        code = e.code
    out = capsys.readouterr()
    return code, out.out, out.err


def one_line_exit_2(argv, capsys) -> str:
    """The one line a refused command prints (exit status 2, no traceback, no usage block)."""
    code, _, err = run(argv, capsys)
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and "Traceback" not in err and "usage:" not in err, err[
        -2000:
    ]
    return lines[0]
