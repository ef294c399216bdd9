"""No anisotropic filtering on a software GL: Mesa's llvmpipe filters by an elliptical weighted
average whose loop runs over every texel under a pixel, without bound, and a tumbling die's
pips can take seconds a frame (minutes at an unlucky pose; benchmarks/throw_aniso.py measures
it). A GPU bounds its own filtering and keeps it."""

from __future__ import annotations

import pytest
from panda3d.core import load_prc_file_data, unload_prc_file

from blueprints3d.client.render import config

SOFTWARE = (
    "llvmpipe (LLVM 15.0.6, 256 bits)",
    "LLVMPIPE (LLVM 19.1.7, 128 bits)",
    "softpipe",
    "Mesa X11 swrast",
    "Mesa GLX Indirect swrast",
    "Software Rasterizer",
)
HARDWARE = (
    "NVIDIA GeForce RTX 4070/PCIe/SSE2",
    "NVIDIA H100 80GB HBM3/PCIe/SSE2",
    "AMD Radeon RX 7900 XTX (radeonsi, navi31, LLVM 15.0.7, DRM 3.54, 6.5.0)",
    "Mesa Intel(R) UHD Graphics 620 (KBL GT2)",
    "Apple M2",
    "",
)


@pytest.fixture
def pages(monkeypatch):
    """Every prc page the test loads, through ``limit_for_renderer`` too, unloaded after it: the
    machine's own settings come back whatever its GL."""
    loaded = []

    def load(name, data):
        page = load_prc_file_data(name, data)
        loaded.append(page)
        return page

    monkeypatch.setattr(config, "load_prc_file_data", load)
    yield load
    for page in reversed(loaded):
        unload_prc_file(page)


def is_software(renderer: str) -> bool:
    return any(name in renderer.lower() for name in config.SOFTWARE_RENDERERS)


@pytest.mark.parametrize("renderer", SOFTWARE)
def test_a_software_renderer_turns_anisotropic_filtering_off(renderer, pages):
    pages("test-anisotropy", "blueprints3d-anisotropy 8")
    assert config.ANISOTROPY.get_value() == 8
    config.limit_for_renderer(renderer)
    assert config.ANISOTROPY.get_value() == 1
    assert config.anisotropy(8) == 1 and config.anisotropy(4) == 1


@pytest.mark.parametrize("renderer", HARDWARE)
def test_a_gpu_keeps_its_filtering(renderer, pages):
    pages("test-anisotropy", "blueprints3d-anisotropy 8")
    config.limit_for_renderer(renderer)
    assert config.ANISOTROPY.get_value() == 8
    assert config.anisotropy(8) == 8 and config.anisotropy(4) == 4


def test_the_window_limits_filtering_by_the_gl_it_opened_on(offscreen_base):
    """Whatever GL this machine has: off on a software one, the setting's own degree on a GPU."""
    renderer = offscreen_base.win.get_gsg().get_driver_renderer()
    if is_software(renderer):
        assert config.ANISOTROPY.get_value() == 1, renderer
    else:
        assert config.ANISOTROPY.get_value() > 1, renderer


def test_every_texture_of_the_table_is_filtered_within_the_limit(offscreen_base):
    """The pips and the cards, everything the table draws: none above the limit the window set
    (none at all on a software GL)."""
    from blueprints3d.client.scene.dice_model import pip_texture
    from blueprints3d.client.table.model.options import AppOptions, parse_seats
    from blueprints3d.client.table.offscreen import open_table

    options = AppOptions(
        size=(320, 180),
        use_shaders=True,
        seats=parse_seats("Ann,@hard,@expert"),
        seed=7,
        threaded_bots=False,
        bot_delay=0.0,
    )
    limit = config.ANISOTROPY.get_value()
    table = open_table(offscreen_base, 320, 180, options)
    try:
        table.render(2)
        textures = list(table.app.scene.find_all_textures()) + [pip_texture()]
        assert len(textures) > 5
        slanted = [
            (t.get_name(), t.get_anisotropic_degree())
            for t in textures
            if t.get_anisotropic_degree() > limit
        ]
        assert not slanted, (limit, slanted)
    finally:
        table.close()
