"""Photo quality in still pictures (client/render/stills.py through `render`): smooth edges,
soft shadows, contact darkening, glass reflecting a room, depth of field; and the quick path
drawing as before. Each feature is measured in real renders against the same picture without it."""

from __future__ import annotations

import numpy as np
import pytest

from blueprints3d.client.render import capture, shaders, stills
from blueprints3d.client.render.stills import StillOptions
from blueprints3d.client.scene import showcase, units
from blueprints3d.client.scene.camera import View as CameraView
from blueprints3d.commands import render as render_cmd
from blueprints3d.engine.blueprints import Blueprint
from blueprints3d.engine.materials import Material
from blueprints3d.files.buildfile import Build

QUICK = StillOptions.quick()


def _build(grid, stacks) -> Build:
    bp = Blueprint.from_grid(grid, id="T", name="Still test", check_total=False)
    return Build(blueprint=bp, stacks=tuple(tuple((int(m), v) for m, v in s) for s in stacks))


def _lum(img) -> np.ndarray:
    return img.astype(np.float64) @ np.array([0.299, 0.587, 0.114])


def _shot(
    build,
    size,
    options,
    camera: CameraView | None = None,
    supersample: int = 1,
    table=True,
    points=(),
):
    """The picture (and the pixels of card-space ``points``) of ``build`` seen by ``camera``
    (default: framed as render frames it)."""
    with render_cmd._stage(build, size, True, supersample, table, options) as (
        base,
        view,
        model,
        _,
    ):
        if camera is None:
            showcase.frame_build(view, build, 35.0, 36.0)
        else:
            showcase.set_lens(view)
            view.lens.set_film_offset(0, 0)
            showcase.aim(view, camera)
        stills.render_still(base, view, 3)
        img = render_cmd.downsample(view.grab(), supersample, size)
        pix = [capture.screen_point(view, model, p) for p in points]
        depth = view.grab_depth() if getattr(view, "depth", None) is not None else None
        near, far = view.lens.get_near(), view.lens.get_far()
        fwd = model.get_relative_vector(view.cam, (0, 1, 0))
        cam = view.cam.get_pos(model)
    return (
        img,
        [
            (x // supersample, y // supersample) if p else None
            for p in pix
            for x, y in [p or (0, 0)]
        ],
        (depth, near, far, cam, fwd),
    )


@pytest.fixture
def shaded(offscreen_base):
    shaders.configure(True, offscreen_base)
    if not shaders.shaders_enabled():
        pytest.skip("this GL has no GLSL")
    yield offscreen_base


def test_every_still_variant_compiles_on_this_gl(shaded):
    assert stills.check_still_programs(shaded.win.get_gsg()) == []


def test_a_table_shader_without_its_hook_line_is_one_clear_problem(monkeypatch):
    real = shaders.source
    monkeypatch.setattr(
        shaders, "source", lambda name: real(name).replace("void light_surface(", "void x(")
    )
    with pytest.raises(stills.StillsUnavailable, match="light_surface"):
        stills.still_sources("die", ("MAT_WOOD",))


def test_quick_options_leave_the_scene_as_the_table_draws_it(shaded):
    from panda3d.core import NodePath

    root = NodePath("r")
    card = showcase.build_showcase(root, showcase.material_test_build())
    before = [
        (n, n.get_shader()) for n in root.find_all_matches("**") if n.get_shader() is not None
    ]
    assert (
        stills.apply_still_look(root, card, showcase.still_boxes(card), QUICK, 12.0, 0.05) is None
    )
    look = stills.apply_still_look(
        root, card, showcase.still_boxes(card), StillOptions(), 12.0, 0.05
    )
    lit = [(n, s) for n, s in before if s in stills._table_programs()]  # dice, paper, table
    assert look is not None and len(look.swapped) == len(lit) >= 7
    assert all(n.get_shader() != s for n, s in lit)
    assert all(n.get_shader() == s for n, s in before if (n, s) not in lit)  # the overlays stay
    look.remove()
    assert all(n.get_shader() == s for n, s in before)  # put back exactly


# -- 1. smooth edges ------------------------------------------------------------------------------


def test_multisampling_smooths_silhouettes(shaded):
    """A stone die and its card on the plain background: the silhouette's pixels are compared
    with a 4x4-supersampled, multisampled reference. Without any smoothing the edge pixels are
    all-or-nothing (few distinct tones, large error); 4x multisampling alone comes much closer."""
    build = _build([[1]], [((Material.STONE, 5),)])
    size = (160, 120)
    ref, _, _ = _shot(build, size, QUICK.with_(multisamples=4), supersample=4, table=False)
    raw, _, _ = _shot(build, size, QUICK, table=False)
    ms, _, _ = _shot(build, size, QUICK.with_(multisamples=4), table=False)
    lr = _lum(ref)
    # The outline of everything against the plain background: a band two pixels wide.
    inside = lr > 40
    grown = inside.copy()
    shrunk = inside.copy()
    for axis in (0, 1):
        for shift in (1, -1):
            grown |= np.roll(inside, shift, axis)
            shrunk &= np.roll(inside, shift, axis)
    edge = grown & ~shrunk
    assert edge.sum() > 100
    err_raw = np.abs(_lum(raw) - lr)[edge].mean()
    err_ms = np.abs(_lum(ms) - lr)[edge].mean()
    assert err_ms < 0.6 * err_raw, (err_raw, err_ms)
    tones = lambda img: len(np.unique(np.round(_lum(img)[edge] / 4)))
    assert tones(ms) > tones(raw)


def test_the_buffer_says_how_many_samples_it_got(shaded):
    view = stills.open_still_view(shaded, 64, 64, multisamples=4)
    try:
        assert view.multisamples in (0, 2, 4)
    finally:
        capture.close_view(shaded, view)


# -- 2. soft shadows --------------------------------------------------------------------------------

# The key light comes from (0.304, -0.434, 0.848) (lighting.setup_lighting's key_hpr): a die
# at the card's centre throws its shadow towards -x, +y. Along y = 1.2 cm the shadow's right
# edge (from the die's back right corner) crosses at x ~ 0.52.
SHADOW_LINE = [(x, 1.2, units.CARD_THICKNESS) for x in np.linspace(-0.4, 1.5, 96)]
TOP_DOWN = CameraView(0.3, 1.0, 0.0, 180.0, 62.0, 9.0)


def _profile(options):
    build = _build(
        [[1, 1, 1], [1, 1, 1], [1, 1, 1]], [()] * 4 + [((Material.STONE, 5),)] + [()] * 4
    )
    img, pix, _ = _shot(build, (320, 240), options, TOP_DOWN, points=SHADOW_LINE)
    lum = _lum(img)
    return np.array([lum[y, x] for x, y in pix]), pix


def _ramp_px(profile, pix) -> float:
    """Pixels along the line from 15% to 85% of the step from the shadow (the line's first
    quarter) to the lit card (its second half; the paper's print varies it a little)."""
    n = len(profile)
    lo, hi = np.median(profile[: n // 4]), np.median(profile[n // 2 :])
    between = (profile > lo + 0.15 * (hi - lo)) & (profile < lo + 0.85 * (hi - lo))
    step = np.hypot(pix[-1][0] - pix[0][0], pix[-1][1] - pix[0][1]) / (n - 1)
    return float(between.sum() * step)


def test_a_dies_shadow_on_the_card_has_a_soft_edge_and_stays_dark(shaded):
    hard, pix = _profile(QUICK)
    soft, _ = _profile(QUICK.with_(soft_shadows=True))
    # Clearly darker than the lit card, in both.
    for p in (hard, soft):
        assert p[:10].mean() < 0.7 * p[-10:].mean(), p
    assert _ramp_px(hard, pix) <= 2.5, hard
    assert _ramp_px(soft, pix) >= 5.0, soft


# -- 3. contact darkening -------------------------------------------------------------------------


def test_contact_darkens_a_dies_foot_and_a_stacks_joint(shaded):
    """In front of a die (lit, out of its shadow) the card at its foot against the open card;
    on the upper die of a stack, its face just above the joint against just below its top."""
    build = _build([[1, 1, 1]], [(), ((Material.WOOD, 5), (Material.STONE, 2)), ()])
    h = units.DIE_SIZE
    z0 = units.CARD_THICKNESS
    pts = [
        (0.0, -h / 2 - 0.06, z0),
        (0.0, -h / 2 - 1.6, z0),  # foot, open card
        (0.0, -h / 2 - 0.01, z0 + h + 0.1),
        (0.0, -h / 2 - 0.01, z0 + 2 * h - 0.12),
    ]  # joint, top
    cam = CameraView(0.0, 0.0, 1.5, 0.0, 30.0, 14.0)

    def values(options):
        img, pix, _ = _shot(build, (320, 240), options, cam, points=pts)
        lum = _lum(img)
        return np.array([lum[y - 1 : y + 2, x - 1 : x + 2].mean() for x, y in pix])

    off, on = values(QUICK), values(QUICK.with_(contact=True))
    change = on / off
    # Darker at the foot and at the joint; the open card and the die's face away from the
    # joint as they were.
    assert change[0] < 0.75 and change[2] < 0.75, change
    assert change[1] > 0.97 and change[3] > 0.9, change
    # Against the open card, the foot reads clearly dark only with the darkening.
    assert off[0] / off[1] > 0.9 and on[0] / on[1] < 0.75, (off, on)


def test_the_contact_map_darkens_round_a_die_and_not_under_glass():
    opts = StillOptions()
    half = units.DIE_SIZE / 2
    (x0, y0), (x1, y1), ao = stills.contact_map(
        [(0.0, 0.0, 0.85, half), (3.0, 0.0, 0.85, -half)], 0.05, opts
    )
    n = ao.shape[0]

    def at(x, y):
        return ao[int((y - y0) / (y1 - y0) * n), int((x - x0) / (x1 - x0) * n)]

    assert at(half + 0.03, 0.0) < 0.7  # at an opaque die's foot
    assert at(half + opts.contact_reach + 0.05, 0.0) > 0.99 or x1 < half + opts.contact_reach + 0.05
    assert at(3.0, 0.0) == 1.0  # under the glass die
    assert 0.7 < at(3.0 + half + 0.03, 0.0) < 1.0  # glass darkens less


# -- 4. glass reflects the room ----------------------------------------------------------------------


def test_glass_reflects_the_room_and_nothing_else_changes(shaded):
    build = _build([[1, 1]], [((Material.GLASS, 5),), ((Material.WOOD, 5),)])
    plain, _, _ = _shot(build, (240, 180), QUICK)
    shiny, _, _ = _shot(build, (240, 180), QUICK.with_(reflections=True))
    diff = np.abs(shiny.astype(int) - plain.astype(int)).max(axis=2)
    changed = diff > 6
    assert changed.sum() > 150, changed.sum()
    # Only glass changed: every changed pixel is in the left half (the glass die's cell).
    ys, xs = np.nonzero(changed)
    assert (xs < 240 * 0.62).mean() > 0.95


def test_the_room_is_bright_above_with_a_lamp_and_dark_below():
    room = stills.room_map(64, 32)
    lum = _lum(room * 255)
    assert lum[:16].mean() > 2 * lum[16:].mean()
    assert lum.max() > 240  # the lamp and the window


# -- 5. depth of field ----------------------------------------------------------------------------------


def _sharpness(lum, x, y, r=8) -> float:
    patch = lum[y - r : y + r, x - r : x + r]
    lap = (
        patch[1:-1, 1:-1] * 4
        - patch[:-2, 1:-1]
        - patch[2:, 1:-1]
        - patch[1:-1, :-2]
        - patch[1:-1, 2:]
    )
    return float(lap.var())


def test_depth_of_field_keeps_the_focused_die_sharp_and_softens_a_far_one(shaded):
    build = _build([[1, 1, 1, 1]], [((Material.RECYCLED, 5),), (), (), ((Material.RECYCLED, 5),)])
    # From +X, low: the die in the last cell is near, the first one far.
    near_pt = (units.CELL_PITCH * 1.5, 0.0, units.CARD_THICKNESS + units.DIE_SIZE)
    far_pt = (-units.CELL_PITCH * 1.5, 0.0, units.CARD_THICKNESS + units.DIE_SIZE)
    cam = CameraView(0.0, 0.0, 0.8, 90.0, 25.0, 16.0)
    sharp, pix, (depth, near, far, cpos, fwd) = _shot(
        build, (320, 240), QUICK.with_(dof=0.0), cam, points=[near_pt, far_pt]
    )
    focus = float(np.dot(np.array(near_pt) - np.array(cpos), np.array(fwd)))
    _, _, (depth2, *_) = _shot(
        build, (320, 240), QUICK.with_(dof=2.0, focus=focus), cam, points=[near_pt, far_pt]
    )
    assert depth2 is not None
    lin = stills.linear_depth(depth2, near, far)
    blurred = stills.depth_of_field(sharp, lin, focus, 2.0)
    (nx, ny), (fx, fy) = pix
    ls, lb = _lum(sharp), _lum(blurred)
    assert _sharpness(lb, nx, ny + 6) > 0.7 * _sharpness(ls, nx, ny + 6)
    assert _sharpness(lb, fx, fy + 4) < 0.35 * _sharpness(ls, fx, fy + 4)


def test_blur_by_depth_on_a_pattern():
    rng = np.random.default_rng(1)
    img = (rng.random((60, 80, 3)) * 255).astype(np.uint8)
    depth = np.where(np.arange(80)[None, :] < 40, 50.0, 150.0) * np.ones((60, 1))
    out = stills.depth_of_field(img, depth, focus=50.0, strength=1.0)
    assert np.array_equal(out[:, :38], img[:, :38])  # in focus: untouched
    assert out[:, 50:].astype(float).std() < 0.5 * img[:, 50:].astype(float).std()
    assert stills.circle_of_confusion(np.array([50.0]), 50.0, 1.0, 100)[0] == 0.0


# -- the command --------------------------------------------------------------------------------------


def test_turntable_frames_are_stills_that_turn(shaded):
    build = showcase.material_test_build()
    frames = render_cmd.render_turntable(build, (96, 64), 2, 35.0, True, supersample=1)
    assert len(frames) == 2 and frames[0].shape == (64, 96, 3)
    assert np.abs(frames[0].astype(int) - frames[1].astype(int)).mean() > 1.0
