"""Our GLSL shaders: the ``.vert``/``.frag`` files of ``blueprints3d/shaders``, loaded through
``load_shader``, and whether they are on (``configure``, ``shaders_enabled``).

As in panda3d-simplepbr, variants come from ``#define``s inserted right after ``#version``
(one compiled program per material, no branching in the fragment shader), and shared code
lives in ``.glsl`` files pulled in by ``#pragma include "name.glsl"``.
"""

from __future__ import annotations

import re
import sys
from functools import cache
from collections.abc import Mapping

from panda3d.core import GraphicsEngine, GraphicsStateGuardianBase, Shader

from blueprints3d import resources
from blueprints3d.client.render.config import SHADERS

_INCLUDE = re.compile(r'^\s*#pragma\s+include\s+"([\w.\-]+)"\s*$')

# (vertex, fragment) source files of every program the game uses, with their variants;
# the compile test and ``materials.verify_shaders`` walk this list.
PROGRAMS: dict[str, tuple[str, str, tuple[tuple[str, ...], ...]]] = {
    "die": (
        "scene.vert",
        "die.frag",
        (
            ("MAT_WOOD",),
            ("MAT_RECYCLED",),
            ("MAT_STONE",),
            ("MAT_GLASS",),
            ("MAT_WOOD", "CHEAP"),
            ("MAT_RECYCLED", "CHEAP"),
            ("MAT_STONE", "CHEAP"),
        ),
    ),
    "surface": (
        "flat.vert",
        "surface.frag",
        (
            ("SURF_PAPER",),
            ("SURF_TABLE",),
            ("SURF_FELT",),
            ("SURF_FELT", "FELT_SHADOWS"),
            ("SURF_SCREEN",),
        ),
    ),
    "overlay": ("overlay.vert", "overlay.frag", ((),)),
    "depth": ("depth.vert", "depth.frag", ((),)),
}


def source(name: str) -> str:
    """The text of one shader file, with its ``#pragma include`` lines expanded. ``#line``
    directives keep the compiler's messages on the right line: an included file's lines count
    from 1 as the next source string, and after it the file's own numbering resumes (else an
    error in die.frag was reported as many lines off as common.glsl is long)."""
    return _expanded(name, 0)


def _expanded(name: str, string: int) -> str:
    text = resources.read_text("blueprints3d.shaders", name)
    out = []
    for i, line in enumerate(text.splitlines()):
        m = _INCLUDE.match(line)
        if m:
            out += [
                f"#line 1 {string + 1}",
                _expanded(m.group(1), string + 1).rstrip("\n"),
                f"#line {i + 2} {string}",
            ]
        else:
            out.append(line)
    return "\n".join(out) + "\n"


def with_defines(text: str, defines: Mapping[str, object] | None) -> str:
    """Insert ``#define NAME VALUE`` lines right after the ``#version`` line."""
    if not defines:
        return text
    lines = text.split("\n")
    at = next((i + 1 for i, line in enumerate(lines) if line.strip().startswith("#version")), 0)
    extra = [f"#define {k} {'' if v is True else v}".rstrip() for k, v in defines.items()]
    # #line keeps compiler messages pointing at the right line of the file.
    return "\n".join(lines[:at] + extra + [f"#line {at + 1}"] + lines[at:])


@cache
def _load(vert: str, frag: str, defines: tuple[tuple[str, object], ...]) -> Shader:
    d = dict(defines)
    shader = Shader.make(
        Shader.SL_GLSL, with_defines(source(vert), d), with_defines(source(frag), d)
    )
    if shader is None:
        raise RuntimeError(f"could not build shader {vert}/{frag} {sorted(d)}")
    return shader


def load_shader(vert: str, frag: str, defines: Mapping[str, object] | None = None) -> Shader:
    """A (cached) Shader from two files of this package and optional defines."""
    return _load(vert, frag, tuple(sorted((defines or {}).items())))


def program(name: str, *flags: str) -> Shader:
    """One of ``PROGRAMS`` with the given variant flags defined."""
    vert, frag, _ = PROGRAMS[name]
    return load_shader(vert, frag, {f: True for f in flags})


def all_variants() -> list[tuple[str, tuple[str, ...], Shader]]:
    """Every (program, flags, shader) the game can use."""
    return [
        (name, flags, program(name, *flags))
        for name, (_, _, variants) in PROGRAMS.items()
        for flags in variants
    ]


# -- on or off ----------------------------------------------------------------------------------
# The switch is the ``blueprints3d-shaders`` config variable. Before it is trusted, every program
# is compiled once on the GL that will draw (GSGs already checked are remembered here).
_verified: set[int] = set()


def configure(use_shaders: bool, base=None) -> bool:
    """Choose shaded or plain-colour materials for everything made from now on.

    With ``base`` (an open ShowBase), every shader is first compiled on its window; if GLSL is
    missing or any program fails, the game falls back to plain colours and says so once.
    Without, the check runs on the first window when the first material is applied.
    Returns whether shaders are on.
    """
    SHADERS.set_value(bool(use_shaders))
    _verified.clear()
    if use_shaders and base is not None:
        _verify_on(base.win.get_gsg())
    return shaders_enabled()


def shaders_enabled() -> bool:
    if SHADERS.get_value() and not _verified:
        engine = GraphicsEngine.get_global_ptr()
        for i in range(engine.get_num_windows()):
            gsg = engine.get_window(i).get_gsg()
            if gsg is not None:
                _verify_on(gsg)
                break
    return SHADERS.get_value()


def disable_shaders(reason: str) -> None:
    """Fall back to plain colours, and say why once (not once per die)."""
    if SHADERS.get_value():
        print(f"blueprints3d: shaders off, using plain colours ({reason})", file=sys.stderr)
    SHADERS.set_value(False)


def _verify_on(gsg: GraphicsStateGuardianBase | None) -> None:
    _verified.add(id(gsg))
    problems = verify_shaders(gsg)
    if problems:
        disable_shaders("; ".join(problems))


def verify_shaders(base_or_gsg) -> list[str]:
    """Compile and link every shader on a window's GL (a ShowBase or a GSG); the problems
    found, empty when all is well."""
    gsg = base_or_gsg.win.get_gsg() if hasattr(base_or_gsg, "win") else base_or_gsg
    if gsg is None or not gsg.get_supports_glsl():
        return ["this OpenGL has no GLSL"]
    problems = []
    for name, flags, shader in all_variants():
        try:
            shader.prepare_now(gsg.get_prepared_objects(), gsg)  # compiles and links now
        except Exception as exc:  # a driver that refuses the program outright
            problems.append(f"{name} {' '.join(flags)}: {exc}")
            continue
        if shader.get_error_flag():
            problems.append(f"{name} {' '.join(flags)}: compile or link error")
    return problems
