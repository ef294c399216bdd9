"""The bag is a drawstring sack with folds and a cloth weave (models/bag.bam), the
size and place of the purple cone it replaces, its mouth open where the dice come out."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
from panda3d.core import GeomVertexReader

from blueprints3d.client.render import assets
from blueprints3d.client.render.textures import SURFACE_TEXTURE
from blueprints3d.client.scene import units
from blueprints3d.client.scene.props import BAG_CORD_COLOUR, prop
from blueprints3d.client.table.view.pool_throws import BAG_MOUTH_Z

TOOLS = Path(__file__).resolve().parents[3] / "tools"


def _tool(name):
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _points(part: str, column: str = "vertex") -> np.ndarray:
    node = assets.load_model("bag").find(part).node()
    out = []
    for g in range(node.get_num_geoms()):
        vdata = node.get_geom(g).get_vertex_data()
        r = GeomVertexReader(vdata, column)
        for _ in range(vdata.get_num_rows()):
            out.append(tuple(r.get_data3() if column != "texcoord" else r.get_data2()))
    return np.array(out)


def test_the_sack_has_the_cones_size_and_its_mouth_is_open_where_the_dice_leave():
    body, neck = _points("bag-body"), _points("bag-neck")
    both = np.vstack([body, neck])
    radius = np.hypot(both[:, 0], both[:, 1])
    assert 2.8 <= radius.max() <= 4.0  # the cone was 3.2 cm at its foot
    assert both[:, 2].min() == 0.0  # stands on the table
    assert BAG_MOUTH_Z < both[:, 2].max() <= 8.0  # the dice leave inside the frill
    top = neck[neck[:, 2] > neck[:, 2].max() - 1e-4]
    # The rim of the open mouth leaves room for a die coming out.
    assert np.hypot(top[:, 0], top[:, 1]).min() > units.DIE_SIZE * 0.75


def test_the_cloth_is_gathered_in_folds_round_the_drawstring():
    tool = _tool("make_models")
    body = _points("bag-body")
    z = tool.BAG_CINCH_Z - 0.3
    ring = body[np.abs(body[:, 2] - body[np.argmin(np.abs(body[:, 2] - z)), 2]) < 1e-4]
    a = np.arctan2(ring[:, 1], ring[:, 0])
    r = np.hypot(ring[:, 0], ring[:, 1])[np.argsort(a)]
    # Crests round the circumference: as many as the folds, and deep (not a smooth cone).
    crests = sum(1 for i in range(len(r)) if r[i] > r[i - 1] and r[i] >= r[(i + 1) % len(r)])
    assert abs(crests - tool.BAG_FOLDS) <= 1, crests
    assert (r.max() - r.min()) / r.mean() > 0.15
    cord = _points("bag-cord")
    assert abs(cord[:, 2].mean() - tool.BAG_CINCH_Z) < 0.05  # the drawstring at the cinch


def test_the_bag_wears_its_cloth_and_cord():
    bag = prop("bag")
    for part in ("bag-body", "bag-neck"):
        assert bag.find(part).get_texture().get_name() == "cloth"
    assert np.allclose(tuple(bag.find("bag-cord").get_color()), BAG_CORD_COLOUR, atol=0.01)
    uv = _points("bag-body", "texcoord")
    assert np.ptp(uv[:, 0]) > 5 and np.ptp(uv[:, 1]) > 2  # the weave repeats over the sack


def test_the_weave_has_its_threads_at_their_real_size():
    tool = _tool("make_textures")
    assert SURFACE_TEXTURE["cloth"][1] == tool.CLOTH_REPEAT_CM
    g = tool.bag_cloth(np.random.default_rng([4, 4]))[..., 0]
    assert 0.75 <= g.mean() <= 0.95  # keeps the bag's colour
    spectrum = np.abs(np.fft.fft(g - g.mean(), axis=1)).mean(axis=0)
    peak = int(np.argmax(spectrum[1 : len(spectrum) // 2])) + 1  # waves a repeat
    # 16 threads a repeat: a thread bulges once (16 waves) and lies over or under every other
    # one (8 waves): about 8 threads a cm, a coarse cotton, not a sheen.
    assert peak in (8, 16), peak
