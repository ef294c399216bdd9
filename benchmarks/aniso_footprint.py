#!/usr/bin/env python3
"""What one pixel's texture footprint costs the GL here: a 64x64 quad samples a 256x256
mipmapped texture at ``k`` repeats a pixel (uv = pixel * k), with anisotropic filtering at 4 and
off. On Mesa's llvmpipe the cost of the anisotropic filter grows with the footprint without
bound (the freeze in the first throw; see benchmarks/RESULTS.md).

    python benchmarks/aniso_footprint.py [--k 3,30,100,300] [--limit 120]

Each measurement runs in a process of its own (one ShowBase each), stopped after ``--limit``
seconds. Prints seconds per three frames ended by a read-back; asserts nothing on time.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

VERT = """#version 330
uniform mat4 p3d_ModelViewProjectionMatrix; in vec4 p3d_Vertex;
void main() { gl_Position = p3d_ModelViewProjectionMatrix * p3d_Vertex; }"""
FRAG = """#version 330
uniform sampler2D tex; uniform float k; out vec4 o;
void main() { o = texture(tex, gl_FragCoord.xy * k); }"""


def measure(aniso: int, k: float) -> float:
    from panda3d.core import CardMaker, PNMImage, SamplerState, Shader, Texture, load_prc_file_data

    load_prc_file_data(
        "",
        "window-type offscreen\nload-display p3headlessgl\naux-display p3headlessgl\n"
        "framebuffer-hardware false\naudio-library-name null\nwin-size 64 64\n"
        "notify-level error\n",
    )
    from direct.showbase.ShowBase import ShowBase

    base = ShowBase()
    img = PNMImage(256, 256, 4)
    for x in range(256):
        for y in range(256):
            img.set_xel_a(x, y, (x ^ y) % 2, 0.5, 0.5, 1)
    tex = Texture()
    tex.load(img)
    tex.set_minfilter(SamplerState.FT_linear_mipmap_linear)
    tex.set_anisotropic_degree(aniso)
    cm = CardMaker("quad")
    cm.set_frame(-1, 1, -1, 1)
    quad = base.render2d.attach_new_node(cm.generate())
    quad.set_shader(Shader.make(Shader.SL_GLSL, VERT, FRAG))
    quad.set_shader_input("tex", tex)
    quad.set_shader_input("k", 0.01)
    base.graphicsEngine.render_frame()
    base.win.get_screenshot()  # compiled and uploaded before the clock starts
    t = time.perf_counter()
    for i in range(3):
        quad.set_shader_input("k", k * (1 + 0.001 * i))
        base.graphicsEngine.render_frame()
    base.win.get_screenshot()
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--k", default="3,30,100,300", help="texture repeats a pixel, comma-separated")
    ap.add_argument(
        "--limit", type=float, default=120.0, help="seconds before a measurement is stopped"
    )
    ap.add_argument("--one", nargs=2, type=float, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        print(f"{measure(int(args.one[0]), args.one[1]):.4f}")
        return
    print(f"{'k':>8}  {'anisotropy 4':>14}  {'anisotropy off':>14}")
    for k in (float(x) for x in args.k.split(",")):
        cells = []
        for aniso in (4, 1):
            try:
                out = subprocess.run(
                    [sys.executable, __file__, "--one", str(aniso), str(k)],
                    capture_output=True,
                    text=True,
                    timeout=args.limit,
                    check=True,
                )
                cells.append(f"{float(out.stdout.split()[-1]):.3f} s")
            except subprocess.TimeoutExpired:
                cells.append(f"> {args.limit:g} s")
        print(f"{k:>8g}  {cells[0]:>14}  {cells[1]:>14}")


if __name__ == "__main__":
    main()
