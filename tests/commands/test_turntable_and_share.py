"""`render --turntable` (a looping animation of the building turning once) and `render --card`
(the building, its card and the engine's breakdown in one picture); bad input is one line."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from blueprints3d.cli import main
from blueprints3d.engine.scoring import explain_building, score_building
from blueprints3d.files.buildfile import load_build

PIL = pytest.importorskip("PIL.Image", reason="Pillow is in the test extra")

# A 6-high wood and glass tower on B13 (row 1, column 2) beside one die.
TOWER = {"format": 1, "blueprint": "B13",
         "stacks": [[[], ["wood:1", "glass:2", "wood:3", "glass:4", "wood:5", "glass:6"]],
                    [[], []], [[], []]]}


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
def test_a_turntable_loops_once_round_with_the_right_frames(offscreen_base, tower, tmp_path, capsys, suffix):
    out = tmp_path / f"turn{suffix}"
    assert main(["render", str(tower), "--turntable", str(out), "--seconds", "0.5", "--fps", "8",
                 "--size", "96x64", "--supersample", "1"]) == 0
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


def test_every_turntable_frame_holds_the_whole_building(offscreen_base):
    """On the plain background, no frame of a 6-high tower's turn touches the border."""
    from blueprints3d.client.scene import showcase
    from blueprints3d.commands.render import render_turntable
    from blueprints3d.files.buildfile import build_from_dict

    frames = render_turntable(build_from_dict(TOWER), (120, 90), 6, 35.0, True, 36.0, 1, table=False)
    bg = np.array([round(c * 255) for c in showcase.BACKGROUND])
    for k, img in enumerate(frames):
        drawn = np.abs(img.astype(int) - bg).max(axis=2) > 6
        assert drawn.any()
        assert not (drawn[:2].any() or drawn[-2:].any() or drawn[:, :2].any() or drawn[:, -2:].any()), k


def test_turntable_views_share_aim_and_distance():
    from blueprints3d.client.render import capture  # noqa: F401  (the View type)
    from blueprints3d.client.scene import showcase
    from blueprints3d.files.buildfile import build_from_dict

    class FakeLens:
        def __init__(self): self.fov = (0, 0)
        def set_aspect_ratio(self, a): self.a = a
        def set_min_fov(self, f):
            import math
            t = math.tan(math.radians(f / 2))
            th, tv = (t * self.a, t) if self.a >= 1 else (t, t / self.a)
            self.fov = (2 * math.degrees(math.atan(th)), 2 * math.degrees(math.atan(tv)))
        def set_near_far(self, a, b): pass
        def get_fov(self): return self.fov
        def set_film_offset(self, x, y): pass

    class FakeView:
        lens = FakeLens()
        size = (160, 90)

    views = showcase.turntable_views(FakeView(), build_from_dict(TOWER), [0, 90, 180, 270], 36.0)
    assert len({(v.tx, v.ty, v.tz, v.distance) for v in views}) == 1
    assert [v.heading for v in views] == [0, 90, 180, 270]
    # At least as far as each single framing needs.
    for v in views:
        assert v.distance >= showcase.framing(build_from_dict(TOWER), v.heading, 36.0, 16 / 9)[1] - 1e-6


@pytest.mark.parametrize("argv,needle", [
    (["--turntable", "t.avi"], ".webp, .gif, .mp4"),
    (["--turntable", "t.webp", "--seconds", "0"], "--seconds"),
    (["--turntable", "t.webp", "--fps", "1000"], "--fps"),
    (["--turntable", "t.webp", "--fps", "0"], "--fps"),
    (["--turntable", "t.webp", "--seconds", "nan"], "--seconds"),
    (["-o", "x.png", "--seconds", "3"], "--turntable"),
    (["--card"], "-o"),
    (["--turntable", "t.gif", "--seconds", "60", "--fps", "60"], "GB"),
    (["--turntable", "t.gif", "--size", "7680x4320"], "smaller --size"),
    ([], "-o PICTURE.png"),
])
def test_bad_turntable_options_are_one_line(tower, tmp_path, monkeypatch, capsys, argv, needle):
    monkeypatch.chdir(tmp_path)
    assert needle in one_line_exit_2(["render", str(tower), *argv], capsys)
    assert not list(tmp_path.glob("t.*")) and not (tmp_path / "x.png").exists()


def test_an_unwritable_turntable_is_one_line(tower, tmp_path, capsys):
    assert "no folder" in one_line_exit_2(["render", str(tower), "--turntable", "/dev/null/t.gif"], capsys)
    (tmp_path / "d.gif").mkdir()
    assert "it is a folder" in one_line_exit_2(["render", str(tower), "--turntable", str(tmp_path / "d.gif")], capsys)


def test_without_pillow_the_turntable_names_the_extra(tower, tmp_path, monkeypatch, capsys):
    import sys

    # A None in sys.modules makes every import of it fail, as when it is not installed.
    for name in [m for m in sys.modules if m == "PIL" or m.startswith("PIL.")] + ["PIL", "PIL.Image"]:
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
    assert main(["render", str(tower), "--turntable", str(out), "--seconds", "0.5", "--fps", "8",
                 "--size", "96x64", "--supersample", "1"]) == 0
    assert out.read_bytes()[4:8] == b"ftyp"  # an MP4 container


def test_the_share_picture_has_the_building_the_card_and_the_engines_numbers(offscreen_base, tower, tmp_path):
    from blueprints3d.client.apps import share

    out = tmp_path / "share.png"
    assert main(["render", str(tower), "--card", "-o", str(out), "--size", "480x270", "--supersample", "1"]) == 0
    img = np.asarray(PIL.open(out).convert("RGB"), dtype=np.int16)
    assert img.shape == (270, 480, 3)
    build = load_build(tower)
    lay = share.layout(build, (480, 270))
    x, y, w, h = lay.text
    text = img[y:y + h, x:x + w]
    panel = np.array([round(c * 255) for c in share.PANEL])
    ink = np.abs(text - panel).max(axis=2) > 60
    # The breakdown is drawn: light text on the panel, on many rows (one per line).
    assert ink.mean() > 0.02 and ink.any(axis=1).sum() > 0.3 * h
    # The card: mostly paper-light, with the blueprint's navy ink.
    cx, cy, cw, ch = lay.card
    card = img[cy:cy + ch, cx:cx + cw]
    assert (card.mean(axis=2) > 200).mean() > 0.4 and ((card[..., 2] > card[..., 0] + 40)).mean() > 0.03
    # The building's part is not the panel colour (the table and the dice are there).
    assert np.abs(img[:, :lay.building[2]] - panel).max(axis=2).mean() > 20
    # Every number in the words is the engine's.
    lines = share.share_lines(build)
    score = score_building(build.blueprint, build.stacks)
    found = {m.group(1).strip(): int(m.group(2)) for line in lines
             if (m := re.match(r"^(blueprint bonus|wood|recycled|stone|glass|total)\s+(-?\d+)", line))}
    assert found == {"blueprint bonus": score.blueprint, "wood": score.wood, "recycled": score.recycled,
                     "stone": score.stone, "glass": score.glass, "total": score.total}
    for d in explain_building(build.blueprint, build.stacks):
        assert f"   {d.material.label} {d.value}: {d.reason}" in lines


@pytest.mark.parametrize("size", [(1600, 900), (600, 900), (480, 270), (900, 900)])
def test_the_share_layout_keeps_every_part_inside_and_apart(size):
    from blueprints3d.client.apps import share

    build = load_build_dict(TOWER)
    lay = share.layout(build, size)
    w, h = size
    boxes = [lay.building, lay.card, lay.text]
    for x, y, bw, bh in boxes:
        assert 0 <= x and 0 <= y and x + bw <= w and y + bh <= h
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            apart = (a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0] or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1])
            assert apart, (a, b)
    lines = share.share_lines(build)
    maker = share.text_maker(lay.font_px)
    assert max(maker.calc_width(s) for s in lines if s) <= lay.text[2]           # every line fits across
    assert len(lines) * lay.font_px * share.LINE <= lay.text[3] + 1               # and all of them down
    assert (h > w) == (lay.building[2] == w)   # tall: the building on top; else on the left


def load_build_dict(d):
    from blueprints3d.files.buildfile import build_from_dict

    return build_from_dict(d)


def test_a_custom_card_shares_its_drawn_face(offscreen_base, tmp_path):
    from blueprints3d.client.apps import share
    from blueprints3d.presentation.sandbox_model import SandboxBuilding, blank_grid
    from blueprints3d.engine.materials import Material

    m = SandboxBuilding(blank_grid(2, 4))
    assert m.place(Material.GLASS, 3, 5) is None
    build = m.build()
    img = share.compose(build, np.zeros((*reversed(share.building_share((320, 200))), 3), np.uint8), (320, 200))
    assert img.shape == (200, 320, 3)
    cx, cy, cw, ch = share.layout(build, (320, 200)).card
    assert cw > ch  # 2 rows x 4 columns: a card lying wide
    assert img[cy:cy + ch, cx:cx + cw].mean() > 150
