"""Every shader compiles and links on this machine's OpenGL (Mesa llvmpipe here), as in
panda3d-simplepbr's tests; and the loader's #define and include handling."""

from __future__ import annotations

import numpy as np
import pytest
from panda3d.core import CardMaker, LVecBase4f, NodePath, Shader

from blueprints3d.client.render import config, materials, shaders, textures
from blueprints3d.client.render.capture import snapshot
from blueprints3d.client.render.lighting import setup_lighting
from blueprints3d.client.scene import units

VARIANTS = [
    (name, flags) for name, (_, _, variants) in shaders.PROGRAMS.items() for flags in variants
]


def _draw_with(base, shader: Shader) -> np.ndarray:
    """Draw a lit quad facing the camera with ``shader`` and return the picture."""

    scene = NodePath("shader-scene")
    setup_lighting(scene, extent=units.TABLE_RADIUS, shadows=False)
    cm = CardMaker("quad")
    cm.set_frame(-1, 1, -1, 1)
    cm.set_has_normals(True)
    quad = scene.attach_new_node(cm.generate())
    quad.set_p(-90)  # face +Z, towards the camera above
    quad.set_shader(shader)
    for key, value in materials._dummy_inputs().items():
        quad.set_shader_input(key, value)
    quad.set_shader_input("highlight", LVecBase4f(1, 0, 0, 1))  # overlay draws its highlight
    # The white dummy pip atlas makes a die all pip: pale pips, so a lit die draws bright (its
    # highlight is only a rim light now, nothing on a face seen head on).
    quad.set_shader_input("pip_colour", LVecBase4f(1, 1, 1, 1))
    quad.set_texture(textures.white_texture())
    img = snapshot(base, scene, (0, 0, 10), (0, 0, 0), ortho_size=4.0, background=(0.0, 0.0, 0.0))
    scene.remove_node()
    return img


@pytest.mark.parametrize(
    "name,flags", VARIANTS, ids=[f"{n}-{'-'.join(f) or 'plain'}" for n, f in VARIANTS]
)
def test_shader_compiles_links_and_draws(offscreen_base, name, flags):
    shader = shaders.program(name, *flags)
    img = _draw_with(offscreen_base, shader)
    assert not shader.get_error_flag(), f"{name} {flags} failed to compile or link"
    h, w = img.shape[:2]
    centre = img[h // 2 - 10 : h // 2 + 10, w // 2 - 10 : w // 2 + 10].astype(float)
    assert centre.max() > 20, "the shader drew nothing"


def test_a_broken_shader_is_caught(offscreen_base):
    # The check above must be able to fail: a fragment shader with a type error.
    bad = Shader.make(
        Shader.SL_GLSL,
        shaders.source("overlay.vert"),
        "#version 330\nout vec4 o;\nvoid main() { o = vec3(1.0); }\n",
    )
    _draw_with(offscreen_base, bad)
    assert bad.get_error_flag()


def test_verify_shaders_finds_no_problem(offscreen_base):
    assert shaders.verify_shaders(offscreen_base) == []


def test_defines_go_right_after_version():
    text = shaders.with_defines("#version 330\nvoid main() {}\n", {"MAT_WOOD": True, "N": 3})
    lines = text.split("\n")
    assert lines[0] == "#version 330"
    assert lines[1:3] == ["#define MAT_WOOD", "#define N 3"]
    assert lines[3] == "#line 2"


def test_includes_are_expanded():
    src = shaders.source("die.frag")
    assert "#pragma include" not in src
    assert "float vnoise(vec3 p)" in src and src.startswith("#version")


def _numbered(text: str) -> list[tuple[int, int, str]]:
    """(source string, line, text) of every line that is not a #line directive, as the GLSL
    compiler counts them."""
    out, string, line = [], 0, 1
    for raw in text.split("\n"):
        words = raw.split()
        if words[:1] == ["#line"]:
            line = int(words[1])
            string = int(words[2]) if len(words) > 2 else string
            continue
        out.append((string, line, raw))
        line += 1
    return out


def test_compiler_messages_name_the_files_own_lines():
    """With its includes expanded and defines added, every line of a program file keeps its own
    number (an error in die.frag was reported as many lines off as common.glsl is long)."""
    from importlib import resources

    for name in ("die.frag", "surface.frag", "scene.vert"):
        original = (
            resources.files("blueprints3d.shaders").joinpath(name).read_text("utf-8").splitlines()
        )
        text = shaders.with_defines(shaders.source(name), {"MAT_WOOD": True})
        own = [(n, t) for s, n, t in _numbered(text) if s == 0 and t != "#define MAT_WOOD"]
        assert own[: len(original)] != [] and all(
            original[n - 1] == t for n, t in own if t.strip()
        ), name
        assert sum(1 for n, t in own if t.strip()) == sum(
            1 for t in original if t.strip() and not t.strip().startswith("#pragma include")
        ), name


def test_every_program_file_exists():
    for vert, frag, _ in shaders.PROGRAMS.values():
        assert shaders.source(vert).startswith("#version")
        assert shaders.source(frag).startswith("#version")


def test_a_broken_program_makes_the_game_fall_back_once(offscreen_base, monkeypatch, capsys):
    bad = Shader.make(
        Shader.SL_GLSL,
        shaders.source("overlay.vert"),
        "#version 330\nout vec4 o;\nvoid main() { o = undefined_thing; }\n",
    )
    real = shaders.all_variants
    monkeypatch.setattr(shaders, "all_variants", lambda: real() + [("broken", (), bad)])
    try:
        assert shaders.configure(True, offscreen_base) is False
        assert not shaders.shaders_enabled()
        shaders.disable_shaders("again")  # a second problem is not announced again
        err = capsys.readouterr().err
        assert err.count("shaders off, using plain colours") == 1 and "broken" in err
    finally:
        shaders.configure(False)


def test_configure_without_a_base_checks_on_the_first_window(offscreen_base):
    try:
        shaders.configure(True)  # as the app does, before its window opens
        assert shaders.shaders_enabled()  # checked now, on the open window: all compile
        assert shaders._verified  # ... and remembered, not checked again per die
        assert config.SHADERS.get_value()  # the switch is Panda3D's config variable
    finally:
        shaders.configure(False)
