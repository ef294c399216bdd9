"""The table's textures at their real scale. The walnut is boards about 12 cm wide,
butted end to end at staggered joints (not long streaks); the felt has a fine, subtle nap that
fades out in its mip levels (no moiré), mapped onto the felt through its texcoords."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
from panda3d.core import GeomVertexReader, SamplerState

from blueprints3d.client.render import assets
from blueprints3d.client.render.textures import SURFACE_TEXTURE, surface_texture
from blueprints3d.client.scene.props import prop

TOOL = Path(__file__).resolve().parents[3] / "tools" / "make_textures.py"
LUM = np.array([0.299, 0.587, 0.114])


def _tool():
    spec = importlib.util.spec_from_file_location("make_textures", TOOL)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _walnut(tool, seed=4):
    return tool.table_walnut(np.random.default_rng([seed, 0])) @ LUM


def test_the_walnut_is_boards_12_cm_wide_at_the_scale_the_table_uses():
    tool = _tool()
    assert SURFACE_TEXTURE["table"][1] == tool.WALNUT_REPEAT_CM
    lum = _walnut(tool)
    px_per_cm = lum.shape[0] / tool.WALNUT_REPEAT_CM
    # The grooves between boards: the darkest rows, one per board, evenly spaced.
    rows = lum.mean(axis=1)
    n = len(rows)
    grooves = {y for y in range(n) if rows[y] < 0.75 * np.median(rows)}
    starts = sorted(y for y in grooves if (y - 1) % n not in grooves)  # it wraps round
    assert len(starts) == tool.WALNUT_BOARDS, starts
    period_cm = np.diff(starts).mean() / px_per_cm
    assert 10.0 <= period_cm <= 15.0, period_cm
    assert np.ptp(np.diff(starts)) <= 2


def test_each_board_is_made_of_lengths_with_staggered_joints():
    tool = _tool()
    lum = _walnut(tool)
    bh = lum.shape[0] // tool.WALNUT_BOARDS
    joint_sets = []
    for b in range(tool.WALNUT_BOARDS):
        middle = lum[b * bh + bh // 4 : (b + 1) * bh - bh // 4]
        cols = middle.mean(axis=0)
        dark = cols < 0.7 * np.median(cols)
        starts = [x for x in range(len(cols)) if dark[x] and not dark[x - 1]]
        assert 2 <= len(starts) <= 3, (b, starts)  # butt joints: no board runs the whole repeat
        joint_sets.append(starts[0])
    assert (
        len(set(x // 20 for x in joint_sets)) >= tool.WALNUT_BOARDS - 2
    )  # staggered, not in a line


def test_the_felt_has_a_fine_subtle_nap_that_averages_away_and_holds_no_pattern():
    tool = _tool()
    assert SURFACE_TEXTURE["felt"][1] == tool.FELT_REPEAT_CM
    g = tool.felt_nap(np.random.default_rng([4, 3]))[..., 0]
    assert g.shape[0] / tool.FELT_REPEAT_CM >= 12  # fibres under a mm
    assert 0.90 <= g.mean() <= 0.97, g.mean()  # keeps the felt's colour
    assert 0.02 <= g.std() <= 0.05, g.std()  # a nap, not flat, not a pattern
    level = g
    for _ in range(3):  # as a distant eye sees it: 2 px a cm
        level = 0.25 * (level[::2, ::2] + level[1::2, ::2] + level[::2, 1::2] + level[1::2, 1::2])
    assert level.std() < 0.6 * g.std(), (level.std(), g.std())  # fine: it averages away
    assert level.std() > 0.003  # but a faint mottle stays
    # No moiré: the nap is noise, no frequency stands out of its spectrum (a weave or a grid
    # would put its energy in a few peaks, which sampling folds into bands on the screen).
    # (The mottle's cm-wide clouds, under 4 waves a repeat, are far too coarse to alias.)
    power = np.abs(np.fft.fft2(g - g.mean())) ** 2
    k = np.abs(np.fft.fftfreq(g.shape[0]) * g.shape[0])
    fine = power[np.maximum(k[:, None], k[None, :]) >= 4]
    assert fine.max() < 0.01 * fine.sum(), fine.max() / fine.sum()
    tex = surface_texture("felt")
    assert tex.get_minfilter() == SamplerState.FT_nearest  # what the frame budget allows (measured)


def test_the_felt_model_maps_its_nap_by_real_size_and_the_prop_carries_it():
    felt = assets.load_model("table").find("table-felt")
    geom = felt.node().get_geom(0)
    vdata = geom.get_vertex_data()
    v, t = GeomVertexReader(vdata, "vertex"), GeomVertexReader(vdata, "texcoord")
    repeat = SURFACE_TEXTURE["felt"][1]
    for _ in range(vdata.get_num_rows()):
        p, uv = v.get_data3(), t.get_data2()
        assert abs(uv.x - p.x / repeat) < 1e-4 and abs(uv.y - p.y / repeat) < 1e-4
    table = prop("table")
    assert table.find("table-felt").get_texture().get_name() == "felt"


def test_the_textures_are_the_same_bytes_every_time(tmp_path):
    tool = _tool()
    a, b = tmp_path / "a", tmp_path / "b"
    assert tool.main(["--out", str(a)]) == 0 and tool.main(["--out", str(b)]) == 0
    for name in tool.TEXTURES:
        assert (a / name).read_bytes() == (b / name).read_bytes(), name


def test_the_screen_board_is_printed_cardboard_mapped_onto_one_face():
    from blueprints3d.client.table.model.layout import SCREEN_HEIGHT, SCREEN_WIDTH

    tool = _tool()
    assert (tool.SCREEN_W_CM, tool.SCREEN_H_CM) == (SCREEN_WIDTH, SCREEN_HEIGHT)
    assert SURFACE_TEXTURE["screen"][1] == SCREEN_WIDTH  # one repeat across the board's face
    img = tool.screen_board(np.random.default_rng([4, 2]))
    lum = img @ np.array([0.3, 0.59, 0.11])  # the shader's tint weights
    x, z, face = tool.screen_layout()
    inset = np.minimum(SCREEN_WIDTH / 2 - np.abs(x), np.minimum(z, SCREEN_HEIGHT - z))
    inner = face & (inset > 2.0) & ((np.abs(x) > 2.0) | (z < 3.5))  # plain board, off the mark
    assert 0.20 <= np.median(lum[inner]) <= 0.28  # the seat's colour, neither dark nor washed
    band = face & (np.abs(inset - 0.55) < 0.3)
    rule = face & (np.abs(inset - 1.25) < 0.02)
    assert np.median(lum[band]) < 0.6 * np.median(lum[inner])  # the printed border reads
    assert np.median(lum[rule]) > 1.3 * np.median(lum[inner])  # and its light rule inside
    mark = face & (np.abs(x) < 1.0) & (z > 4.0) & (z < 8.0)
    assert (lum[mark] > 1.3 * np.median(lum[inner])).sum() > 200  # the mark is printed
    # Symmetric about the board's middle (x -> -x is texture column s -> 1 - s): the same seen
    # from either side of the board.
    lines = (lum > 1.3 * np.median(lum[inner])) & face
    mirrored = lines[:, ::-1]
    assert (lines & mirrored).sum() > 0.9 * lines.sum()
