"""`render --turntable` (a looping animation of the building turning once about its dice's
centre, framed tight at every angle) and the options of `render --card` (the card itself:
tests/client/apps/test_share_card.py); bad input is one line."""

from __future__ import annotations

import json

import numpy as np
import pytest

from blueprints3d.cli import main

PIL = pytest.importorskip("PIL.Image", reason="Pillow is in the test extra")

# A 6-high wood and glass tower on B13 (row 1, column 2) beside one die.
TOWER = {
    "format": 1,
    "blueprint": "B13",
    "stacks": [
        [[], ["wood:1", "glass:2", "wood:3", "glass:4", "wood:5", "glass:6"]],
        [[], []],
        [[], []],
    ],
}


@pytest.fixture
def tower(tmp_path):
    path = tmp_path / "tower.json"
    path.write_text(json.dumps(TOWER))
    return path


def one_line_exit_2(argv, capsys) -> str:
    try:
        code = main(argv)
    except SystemExit as e:
        code = e.code
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and "Traceback" not in err, err[-2000:]
    return lines[0]


def frames_of(path):
    im = PIL.open(path)
    out = []
    for k in range(im.n_frames):
        im.seek(k)
        out.append(np.asarray(im.convert("RGB"), dtype=np.int16))
    return im, out


@pytest.mark.parametrize("suffix", [".webp", ".gif"])
def test_a_turntable_loops_once_round_with_the_right_frames(
    offscreen_base, tower, tmp_path, capsys, suffix
):
    out = tmp_path / f"turn{suffix}"
    assert (
        main(
            [
                "render",
                str(tower),
                "--turntable",
                str(out),
                "--seconds",
                "0.5",
                "--fps",
                "8",
                "--size",
                "96x64",
                "--supersample",
                "1",
            ]
        )
        == 0
    )
    assert "4 frames at 8 a second" in capsys.readouterr().out
    im, frames = frames_of(out)
    assert len(frames) == 4 and im.size == (96, 64)
    assert im.info.get("loop") == 0  # loops for ever
    assert abs(im.info.get("duration", 0) - 125) <= 5  # 1/8 s a frame (GIF: hundredths)
    first, middle = frames[0], frames[2]
    # The building turned: the first and the middle frame differ where it stands, ...
    assert np.abs(first - middle).max(axis=2).mean() > 2
    # ... and no frame is blank.
    assert all(f.std() > 10 for f in frames)


WIDE = {
    "format": 1,
    "blueprint": {"grid": [[1, 1, 1, 1, 1, 1]], "id": "wide", "name": "Long Row"},
    "stacks": [[["stone:4"], ["stone:4"], ["wood:4"], ["stone:4"], ["stone:2"], ["stone:6"]]],
}


def _dice_film(view, model) -> tuple[np.ndarray, tuple[float, float]]:
    """The dice's real box (Panda3D's tight bounds of every die, on the card's axes: it turns
    with the card) through the view's lens: its eight corners (8, 2) and its centre, in -1..1."""
    from panda3d.core import Point2, Point3

    lo = np.full(3, np.inf)
    hi = np.full(3, -np.inf)
    for die in model.find_all_matches("**/=level"):
        a, b = die.get_tight_bounds(model)
        lo, hi = np.minimum(lo, tuple(a)), np.maximum(hi, tuple(b))

    def film(p):
        q = view.cam.get_relative_point(model, Point3(*p))
        out = Point2()
        full = view.lens.get_projection_mat().xform((q[0], q[1], q[2], 1.0))
        assert full[3] > 0, "behind the camera"
        view.lens.project(q, out)
        return full[0] / full[3], full[1] / full[3]

    corners = np.array(
        [film((x, y, z)) for x in (lo[0], hi[0]) for y in (lo[1], hi[1]) for z in (lo[2], hi[2])]
    )
    return corners, film((lo + hi) / 2)


@pytest.mark.parametrize("data", [TOWER, WIDE], ids=["tower", "wide"])
def test_a_turntable_turns_about_the_dice_and_frames_them_tight(offscreen_base, data):
    """Every frame: the dice's box centre at the picture's middle, no corner of the box outside
    the picture; at the widest angle the box fills at least 60% of its height or width."""
    from blueprints3d.client.render.stills import StillOptions
    from blueprints3d.commands.render import render_turntable
    from blueprints3d.files.buildfile import build_from_dict

    seen = []
    frames = render_turntable(
        build_from_dict(data),
        (160, 90),
        12,
        35.0,
        False,
        36.0,
        1,
        options=StillOptions.quick(),
        on_frame=lambda view, model: seen.append(_dice_film(view, model)),
    )
    assert len(frames) == len(seen) == 12
    fill = 0.0
    for k, (corners, centre) in enumerate(seen):
        assert abs(centre[0]) < 2e-3 and abs(centre[1]) < 2e-3, (k, centre)
        assert np.abs(corners).max() <= 1.0, (k, corners)  # never cut off
        extent = (
            corners.max(axis=0) - corners.min(axis=0)
        ) / 2  # of the half-width and half-height
        fill = max(fill, extent.max())
    assert fill >= 0.6, fill
    # The box turned: its corners are not where they were a quarter turn before.
    assert np.abs(seen[0][0] - seen[3][0]).max() > 0.05


def test_the_turntable_framing_checks_every_angle_of_the_turn(offscreen_base):
    """The distance holds the turning box at every frame's angle and between them; the
    cameras share their aim, over the turning axis at the dice's mid-height."""
    from blueprints3d.client.render import capture
    from blueprints3d.client.scene import framing, showcase
    from blueprints3d.client.scene.camera import fit_distance
    from blueprints3d.files.buildfile import build_from_dict

    build = build_from_dict(TOWER)
    view = capture.open_view(offscreen_base, 160, 90, name="turn-framing")
    try:
        turn = framing.turntable(view, build, [0, 90, 180, 270], 36.0)
        fov_h, fov_v = view.lens.get_fov()
    finally:
        capture.close_view(offscreen_base, view)
    lo, hi = framing.dice_box(build)
    assert turn.pivot == pytest.approx(((lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2))
    assert turn.pivot != pytest.approx((0.0, 0.0))  # not the card's centre: the tower's
    assert len({(c.tx, c.ty, c.tz, c.distance) for c in turn.cameras}) == 1
    assert (turn.cameras[0].tx, turn.cameras[0].ty, turn.cameras[0].tz) == pytest.approx(
        (0, 0, (lo[2] + hi[2]) / 2)
    )
    assert [c.heading for c in turn.cameras] == [0, 90, 180, 270]
    corners = [
        (x - turn.pivot[0], y - turn.pivot[1], z) for x, y, z in showcase.box_corners(lo, hi)
    ]
    target = (0.0, 0.0, (lo[2] + hi[2]) / 2)
    between = max(
        fit_distance(corners, target, a, 36.0, fov_h, fov_v, framing.TURNTABLE_MARGIN)
        for a in np.arange(0, 360, 0.5)
    )
    assert turn.cameras[0].distance >= between - 1e-3  # an angle between the frames' too
    assert turn.cameras[0].distance <= between * 1.01  # and no further: tight


def test_the_turntable_is_1280x720_by_default(tower, tmp_path, monkeypatch, capsys):
    from blueprints3d.commands import render
    from blueprints3d.files import movie

    asked = {}

    def fake(build, size, n, *a, **k):
        asked["size"] = size
        return [np.zeros((size[1], size[0], 3), np.uint8)] * n

    monkeypatch.setattr(render, "render_turntable", fake)
    monkeypatch.setattr(movie, "write_movie", lambda path, frames, fps, **k: (1280, 720))
    assert main(["render", str(tower), "--turntable", str(tmp_path / "t.webp")]) == 0
    assert asked["size"] == render.TURNTABLE_SIZE == (1280, 720)
    assert "1280x720" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["--turntable", "t.avi"], ".webp, .gif, .mp4"),
        (["--turntable", "t.webp", "--seconds", "0"], "--seconds"),
        (["--turntable", "t.webp", "--fps", "1000"], "--fps"),
        (["--turntable", "t.webp", "--fps", "0"], "--fps"),
        (["--turntable", "t.webp", "--seconds", "nan"], "--seconds"),
        (["-o", "x.png", "--seconds", "3"], "--turntable"),
        (["--card"], "-o"),
        (["-o", "x.png", "--name", "Ann"], "--card"),
        (["--card", "-o", "x.png", "--name", "   "], "--name"),
        (["--card", "-o", "x.png", "--name", "x" * 41], "at most 40"),
        (["--card", "-o", "x.png", "--name", "a\x1b[2Jb"], "--name"),
        (["--card", "-o", "x.png", "--size", "300x300"], "at least 320x180"),
        (["--turntable", "t.gif", "--seconds", "60", "--fps", "60"], "GB"),
        (["--turntable", "t.gif", "--size", "7680x4320"], "smaller --size"),
        ([], "-o PICTURE.png"),
    ],
)
def test_bad_turntable_options_are_one_line(tower, tmp_path, monkeypatch, capsys, argv, needle):
    monkeypatch.chdir(tmp_path)
    assert needle in one_line_exit_2(["render", str(tower), *argv], capsys)
    assert not list(tmp_path.glob("t.*")) and not (tmp_path / "x.png").exists()


def test_an_unwritable_turntable_is_one_line(tower, tmp_path, capsys):
    assert "no folder" in one_line_exit_2(
        ["render", str(tower), "--turntable", "/dev/null/t.gif"], capsys
    )
    (tmp_path / "d.gif").mkdir()
    assert "it is a folder" in one_line_exit_2(
        ["render", str(tower), "--turntable", str(tmp_path / "d.gif")], capsys
    )


def test_without_pillow_the_turntable_names_the_extra(tower, tmp_path, monkeypatch, capsys):
    import sys

    # A None in sys.modules makes every import of it fail, as when it is not installed.
    for name in [m for m in sys.modules if m == "PIL" or m.startswith("PIL.")] + [
        "PIL",
        "PIL.Image",
    ]:
        monkeypatch.setitem(sys.modules, name, None)
    line = one_line_exit_2(["render", str(tower), "--turntable", str(tmp_path / "t.webp")], capsys)
    assert "pip install 'blueprints3d[share]'" in line and "Pillow" in line
    assert not (tmp_path / "t.webp").exists()


def test_mp4_is_written_or_refused_naming_its_extra(offscreen_base, tower, tmp_path, capsys):
    out = tmp_path / "t.mp4"
    try:
        import imageio_ffmpeg  # noqa: F401
    except ImportError:
        line = one_line_exit_2(["render", str(tower), "--turntable", str(out)], capsys)
        assert "pip install 'blueprints3d[video]'" in line and not out.exists()
        return
    assert (
        main(
            [
                "render",
                str(tower),
                "--turntable",
                str(out),
                "--seconds",
                "0.5",
                "--fps",
                "8",
                "--size",
                "96x64",
                "--supersample",
                "1",
            ]
        )
        == 0
    )
    assert out.read_bytes()[4:8] == b"ftyp"  # an MP4 container
