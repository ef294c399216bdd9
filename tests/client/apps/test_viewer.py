"""The build viewer: the engine's breakdown beside the building, turntable, orbit, screenshots."""

from __future__ import annotations

import numpy as np
import pytest

from blueprints3d.cli import main
from blueprints3d.files.buildfile import build_from_dict
from blueprints3d.engine.scoring import explain_building

BUILD = {
    "format": 1,
    "blueprint": "B07",
    "stacks": [
        [["recycled:2", "wood:5"], ["stone:1", "glass:4"]],
        [["glass:3"], ["recycled:6"]],
        [[], []],
    ],
}


def test_breakdown_gives_the_engines_score():
    from blueprints3d.client.apps.viewer import breakdown

    build = build_from_dict(BUILD)
    text = breakdown(build)
    score = build.score()
    assert f"total {score.total:>3}".replace(" ", "") in text.replace(" ", "")
    assert "blueprint bonus   6  (exact)" in text
    # Each die where the player sees it on the card, never the engine's row and column.
    assert "the 2 at the top left, level 1:" in text and "row 1, column 1" not in text
    for d in explain_building(build.blueprint, build.stacks):
        assert d.reason in text
    assert "Geometer" in text  # 1-6 all present


def test_viewer_turns_orbits_and_saves_screenshots(offscreen_base, tmp_path):
    from blueprints3d.client.render import shaders
    from blueprints3d.client.apps.viewer import MAX_ELEVATION, BuildViewer

    shaders.configure(False)
    viewer = BuildViewer(offscreen_base, build_from_dict(BUILD), "twin", tmp_path)
    try:
        a0 = viewer.orbit.angle
        pos0 = viewer.view.cam.get_pos()
        viewer.advance(1.0)
        assert viewer.orbit.angle != a0 and (viewer.view.cam.get_pos() - pos0).length() > 0.1
        viewer.toggle_turntable()
        a1 = viewer.orbit.angle
        viewer.advance(1.0)
        assert viewer.orbit.angle == a1  # stopped
        viewer.drag_by(0.0, -5.0)  # a long drag up cannot take the camera over the top
        assert viewer.orbit.elevation == MAX_ELEVATION
        viewer.reset()
        first = viewer.screenshot()
        second = viewer.screenshot(with_panel=True)
        assert (first.name, second.name) == ("twin-01.png", "twin-02.png")
        assert not viewer.panel.is_hidden()  # shown again after a clean picture
        from panda3d.core import PNMImage

        def grey(path) -> np.ndarray:
            img = PNMImage()
            assert img.read(str(path)) and img.get_x_size() == offscreen_base.win.get_x_size()
            return np.array(
                [
                    [img.get_gray(x, y) for x in range(0, img.get_x_size(), 4)]
                    for y in range(0, img.get_y_size(), 4)
                ]
            )

        clean, whole = grey(first), grey(second)
        assert clean.std() > 0.05  # a scene, not an empty frame
        h, w = clean.shape
        corner = (slice(0, h // 4), slice(w - w // 4, w))  # where the breakdown panel sits
        assert abs(clean[corner].mean() - whole[corner].mean()) > 0.02
    finally:
        viewer.destroy()
    assert offscreen_base.cam.node().get_scene() == offscreen_base.render


@pytest.mark.parametrize(
    "content,needle",
    [("{not json", "not valid JSON"), ('{"format": 1, "blueprint": "B07"}', 'no \\"stacks\\"')],
)
def test_view_refuses_a_bad_build_file_in_one_line(tmp_path, capsys, content, needle):
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    assert main(["view", str(bad)]) == 2
    err = capsys.readouterr().err
    assert (
        err.count("\n") == 1
        and err.startswith("blueprints3d: ")
        and needle.replace("\\", "") in err
    )


TOWER = {
    "format": 1,
    "blueprint": "B13",
    "stacks": [
        [[], ["wood:1", "glass:2", "wood:3", "glass:4", "wood:5", "glass:6"]],
        [[], []],
        [[], []],
    ],
}


def _corners(view, model):
    """The model's bounding box corners through the view's lens (projection matrix, unclipped)."""
    from panda3d.core import Point3

    root = model.get_parent()
    lo, hi = model.get_tight_bounds(root)
    mat = view.lens.get_projection_mat()
    out = []
    for x in (lo[0], hi[0]):
        for y in (lo[1], hi[1]):
            for z in (lo[2], hi[2]):
                p = view.cam.get_relative_point(root, Point3(x, y, z))
                v = mat.xform((p[0], p[1], p[2], 1.0))
                out.append((v[0] / v[3], v[1] / v[3]))
    return np.array(out)


def test_the_viewer_frames_the_tower_beside_its_panel_and_centres_the_s_picture(
    offscreen_base, tmp_path
):
    from blueprints3d.client.render import shaders
    from blueprints3d.client.apps.viewer import BuildViewer

    shaders.configure(False)
    viewer = BuildViewer(offscreen_base, build_from_dict(TOWER), "tower", tmp_path, turntable=False)
    grabs = []
    real_grab = viewer.view.grab
    real_still = viewer.still_picture

    def seen():
        grabs.append(
            {
                "corners": _corners(viewer.view, viewer.model),
                "panel": not viewer.panel.is_hidden(),
                "help": not viewer.help.is_hidden(),
                "help_text": viewer.help.getText(),
            }
        )

    def spy():
        seen()
        return real_grab()

    def still_spy():  # S draws a still through the window's camera (its lens and framing)
        seen()
        return real_still()

    try:
        viewer.view.grab = spy
        viewer.still_picture = still_spy
        free = viewer.free_share()
        assert 0.3 <= free < 1.0
        for angle in (0.0, 60.0, 200.0):
            for elevation in (10.0, 36.0, 80.0):
                viewer.orbit.angle, viewer.orbit.elevation = angle, elevation
                viewer.apply_camera()
                xy = _corners(viewer.view, viewer.model)
                # Live: the whole tower left of the breakdown panel, clear of every edge.
                right_edge = 2 * free - 1
                assert xy[:, 0].max() <= right_edge - 0.02 and xy[:, 0].min() >= -0.97
                assert np.abs(xy[:, 1]).max() <= 0.95
        viewer.orbit.angle, viewer.orbit.elevation = 60.0, 36.0
        first = viewer.screenshot()
        s = grabs[-1]
        # S: no text at all, the building centred in the whole picture, framed as render does.
        assert not s["panel"] and not s["help"]
        xy = s["corners"]
        assert (
            abs(xy[:, 0].max() + xy[:, 0].min()) < 0.1
            and abs(xy[:, 1].max() + xy[:, 1].min()) < 0.1
        )
        assert 0.85 <= np.abs(xy).max() <= 0.95
        # The message names the full path of the picture.
        assert viewer.help.getText() == f"saved {first.resolve()}" and first.parent == tmp_path
        second = viewer.screenshot(with_panel=True)
        f12 = grabs[-1]
        # F12: the breakdown, but never the help line with the last "saved ..." message.
        assert f12["panel"] and not f12["help"] and "saved" in f12["help_text"]
        assert second.name == "tower-02.png"
        # Afterwards the live framing (beside the panel) is back.
        assert _corners(viewer.view, viewer.model)[:, 0].max() <= 2 * free - 1
    finally:
        viewer.view.grab = real_grab
        viewer.destroy()


def test_pictures_go_to_the_data_folder_by_default(offscreen_base, tmp_path, monkeypatch):
    from blueprints3d.client.render import shaders
    from blueprints3d.client.apps.viewer import BuildViewer

    monkeypatch.setenv("BLUEPRINTS3D_HOME", str(tmp_path / "home"))
    shaders.configure(False)
    viewer = BuildViewer(offscreen_base, build_from_dict(TOWER), "tower", turntable=False)
    try:
        path = viewer.screenshot()
        assert path == tmp_path / "home" / "pictures" / "tower-01.png" and path.is_file()
        assert viewer.help.getText() == f"saved {path}"
    finally:
        viewer.destroy()


def test_view_output_that_is_not_a_folder_is_one_line(tmp_path, capsys):
    src = tmp_path / "t.json"
    src.write_text(__import__("json").dumps(TOWER))
    (tmp_path / "file").write_text("x")
    with pytest.raises(SystemExit) as e:
        main(["view", str(src), "--output", str(tmp_path / "file")])
    err = capsys.readouterr().err.strip()
    assert (
        e.value.code == 2
        and len(err.splitlines()) == 1
        and "--output" in err
        and "not a folder" in err
    )


def test_the_s_picture_is_drawn_as_a_still_and_the_live_scene_is_left_as_it_was(
    offscreen_base, tmp_path
):
    from blueprints3d.client.render import shaders, stills
    from blueprints3d.client.apps.viewer import BuildViewer

    shaders.configure(True, offscreen_base)
    if not shaders.shaders_enabled():
        pytest.skip("this GL has no GLSL")
    viewer = BuildViewer(offscreen_base, build_from_dict(TOWER), "tower", tmp_path, turntable=False)
    try:
        before = [(n, n.get_shader()) for n in viewer.stage.root.find_all_matches("**")]
        viewer.apply_camera(free=1.0)
        plain = viewer.still_picture(stills.StillOptions.quick()).astype(int)
        still = viewer.still_picture().astype(int)
        assert (
            still.shape
            == plain.shape
            == (offscreen_base.win.get_y_size(), offscreen_base.win.get_x_size(), 3)
        )
        # The same framing (the building's silhouette in the same place), another look.
        lit = lambda img: img.mean(axis=2) > 120
        assert (lit(still) == lit(plain)).mean() > 0.97
        assert np.abs(still - plain).mean() > 0.3
        assert [(n, n.get_shader()) for n in viewer.stage.root.find_all_matches("**")] == before
        assert viewer.screenshot().is_file()
    finally:
        viewer.destroy()
        shaders.configure(False)


def _convex_hull(points):
    """The convex hull of 2D points, counter-clockwise (monotone chain)."""
    pts = sorted(set(points))

    def half(seq):
        out = []
        for p in seq:
            while (
                len(out) >= 2
                and (
                    (out[-1][0] - out[-2][0]) * (p[1] - out[-2][1])
                    - (out[-1][1] - out[-2][1]) * (p[0] - out[-2][0])
                )
                <= 0
            ):
                out.pop()
            out.append(p)
        return out

    lower, upper = half(pts), half(reversed(pts))
    return lower[:-1] + upper[:-1]


def _inside(hull, w, h):
    """A (h, w) mask of the pixels inside the convex polygon ``hull``."""
    ys, xs = np.mgrid[0:h, 0:w] + 0.5
    mask = np.ones((h, w), bool)
    for (x0, y0), (x1, y1) in zip(hull, hull[1:] + hull[:1], strict=True):
        mask &= (x1 - x0) * (ys - y0) - (y1 - y0) * (xs - x0) >= 0
    return mask


def _grow(mask, n):
    out = mask.copy()
    for _ in range(n):
        g = out.copy()
        g[1:] |= out[:-1]
        g[:-1] |= out[1:]
        g[:, 1:] |= out[:, :-1]
        g[:, :-1] |= out[:, 1:]
        out = g
    return out


def _shadow_and_footprint(base, build, angle, elevation):
    """The viewer's picture of ``build``'s shadow alone (the dice drawn only into the shadow
    map) as a mask of the pixels it darkens, and the mask of where the dice's shadow must fall:
    their boxes projected along the key light onto the table, through the camera."""
    from panda3d.core import BitMask32, Point2, Point3, Vec3

    from blueprints3d.client.apps.viewer import BuildViewer

    viewer = BuildViewer(base, build, "shadow", turntable=False)
    cam = viewer.view.cam.node()
    old_mask = cam.get_camera_mask()
    try:
        viewer.panel.hide()
        viewer.help.hide()
        viewer.orbit.angle, viewer.orbit.elevation = angle, elevation
        viewer.apply_camera(free=1.0)
        root, lighting = viewer.stage.root, viewer.stage.lighting
        dice = list(viewer.model.find_all_matches("**/=level"))
        cam.set_camera_mask(BitMask32.bit(0))
        for die in dice:
            die.hide(BitMask32.bit(0))  # the camera does not see them; the shadow camera does

        def frame():
            for _ in range(3):
                lighting.update_shadows(base.win.get_gsg())
                base.graphicsEngine.render_frame()
            return viewer.view.grab().astype(float).mean(axis=2)

        shadowed = frame()
        for die in dice:
            die.stash()
        bare = frame()
        dark = shadowed < 0.8 * np.maximum(bare, 1.0)
        d = root.get_relative_vector(lighting.key, Vec3(0, 1, 0))
        h, w = dark.shape
        points = []
        for die in dice:
            lo, hi = die.get_tight_bounds(root)
            for x in (lo[0], hi[0]):
                for y in (lo[1], hi[1]):
                    for z in (lo[2], hi[2]):
                        ground = Point3(x, y, z) + d * (z / -d.z)
                        film = Point2()  # (out of the picture too: the mask keeps what is in it)
                        viewer.view.lens.project(
                            viewer.view.cam.get_relative_point(root, ground), film
                        )
                        points.append(((film.x + 1) / 2 * w, (1 - film.y) / 2 * h))
        return dark, _inside(_convex_hull(points), w, h)
    finally:
        cam.set_camera_mask(old_mask)
        viewer.destroy()


def test_a_towers_shadow_is_whole_and_nothing_else_is_dark(offscreen_base):
    # The key light's shadow film covers the whole building, not a fixed 12 cm round the card's
    # centre: a tall stack on a large grid's corner must cast its whole shadow, not a stub (a
    # black block cut off behind the card).
    from blueprints3d.client.render import shaders

    shaders.configure(True, offscreen_base)
    if not shaders.shaders_enabled():
        pytest.skip("this GL has no GLSL: no shadows")
    corner = [[[] for _ in range(8)] for _ in range(8)]
    corner[0][0] = list(TOWER["stacks"][0][1])
    big = {
        "format": 1,
        "blueprint": {"grid": [[1] * 8] * 8, "id": "big", "name": "Big grid"},
        "stacks": corner,
    }
    try:
        for build, angle, elevation in (
            (TOWER, 200.0, 36.0),
            (TOWER, 35.0, 60.0),
            (big, 150.0, 40.0),
            (big, 270.0, 50.0),
        ):
            dark, footprint = _shadow_and_footprint(
                offscreen_base, build_from_dict(build), angle, elevation
            )
            where = (build["blueprint"], angle, elevation)
            # No dark region apart from the dice's own shadow ...
            assert (dark & ~_grow(footprint, 3)).sum() <= 10, where
            # ... and that shadow whole, to its far end (what it misses lies under the dice).
            missing = footprint & ~_grow(dark, 3)
            assert footprint.sum() > 300, where  # the shadow is in the picture
            assert missing.sum() <= 0.12 * footprint.sum(), (where, missing.sum(), footprint.sum())
    finally:
        shaders.configure(False)


@pytest.mark.parametrize("lang", ["en", "de", "zh", "fa"])
@pytest.mark.parametrize("size", [(1024, 768), (1280, 720), (1920, 1080)])
def test_the_breakdown_is_laid_out_as_the_share_card(offscreen_base, lang, size):
    """The viewer's breakdown in the share card's manner (client/scene/card_panel), not a
    monospace listing: the kicker, the card's name, the total with a chip for each material,
    the bonus, each die, the Prizes; every part inside the panel and none over another, the
    panel inside the window, every word in the player's language."""
    from panda3d.core import NodePath

    from blueprints3d.client.apps.viewer import breakdown_parts, lay_out_panel
    from blueprints3d.client.scene.script_text import use_language
    from blueprints3d.i18n import translate

    use_language(lang)
    build = build_from_dict(BUILD)
    root = NodePath("top-right")
    frame, width, card = lay_out_panel(root, build, size)
    try:
        w, h = size
        unit = min(w, h) / 2.0
        left, right, bottom, top = frame["frameSize"]
        assert right - left == pytest.approx(width)
        assert (top - bottom) * unit <= h  # the whole panel in the window
        parts = card.parts
        assert parts["headline"].getText() == translate(build.blueprint.title_message)
        assert sorted(n for n in parts if n.startswith("figure chip")) == [
            f"figure chip {k}" for k in range(4)
        ]
        rects = {}
        for name, node in parts.items():
            if name.startswith("rule"):
                continue
            if hasattr(node, "textNode"):
                bounds = node.get_tight_bounds(frame)
                assert bounds is not None, (lang, size, name, "drawn")
                lo, hi = bounds
                r = (lo.x, hi.x, lo.z, hi.z)
                assert "Mono" not in node.textNode.get_font().get_name(), name  # no listing
            else:  # a chip: its frame (PGItem frames are drawn, not geometry)
                fs, pos = node["frameSize"], node.get_pos(frame)
                r = (pos.x + fs[0], pos.x + fs[1], pos.z + fs[2], pos.z + fs[3])
            rects[name] = r
            assert left - 1e-6 <= r[0] and r[1] <= right + 1e-6, (lang, size, name, r)
            assert bottom - 1e-6 <= r[2] and r[3] <= top + 1e-6, (lang, size, name, r)
        names = list(rects)
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                ra, rb = rects[a], rects[b]
                apart = ra[1] <= rb[0] or rb[1] <= ra[0] or ra[3] <= rb[2] or rb[3] <= ra[2]
                assert apart, (lang, size, a, ra, b, rb)
        said = breakdown_parts(build)
        assert len(said.dice) == build.num_dice
        if lang != "en":  # the dice's reasons too, not the engine's English
            for _where, why in said.dice:
                for word in ("touching", "recycled", "showing", "level", "stone"):
                    assert word not in why, (lang, why)
    finally:
        card.destroy()
        frame.destroy()


def test_a_window_too_small_for_the_breakdown_keeps_its_smallest_panel(offscreen_base):
    """However small the window, the panel is built (as small as its tries make it), never lost."""
    from panda3d.core import NodePath

    from blueprints3d.client.apps.viewer import lay_out_panel

    frame, _width, card = lay_out_panel(NodePath("top-right"), build_from_dict(BUILD), (16, 9))
    try:
        assert card.parts["headline"].getText() and "figure" in card.parts
        assert not frame.is_hidden() and frame["frameSize"][3] - frame["frameSize"][2] > 0
    finally:
        card.destroy()
        frame.destroy()
