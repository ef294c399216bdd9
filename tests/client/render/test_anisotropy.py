"""No anisotropic filtering on a software GL: Mesa's llvmpipe filters by an elliptical weighted
average whose loop runs over every texel under a pixel, without bound, and a tumbling die's
pips made one frame of the first throw take 9.5 s (minutes at an unlucky pose: the freeze in
the first throw; benchmarks/throw_aniso.py measures it)."""

from __future__ import annotations

from blueprints3d.client.render import config


def test_the_software_gl_here_turns_anisotropic_filtering_off(offscreen_base):
    renderer = offscreen_base.win.get_gsg().get_driver_renderer()
    assert "llvmpipe" in renderer.lower()  # what these tests draw with, on every machine here
    assert config.ANISOTROPY.get_value() == 1
    assert config.anisotropy(8) == 1 and config.anisotropy(4) == 1


def test_every_texture_of_the_table_is_filtered_without_anisotropy(offscreen_base):
    """The pips (4 before) and the cards (8 before), everything the table draws."""
    from blueprints3d.client.table.model.options import AppOptions, parse_seats
    from blueprints3d.client.table.offscreen import open_table
    from blueprints3d.client.scene.dice_model import pip_texture

    options = AppOptions(
        size=(320, 180),
        use_shaders=True,
        seats=parse_seats("Ann,@hard,@expert"),
        seed=7,
        threaded_bots=False,
        bot_delay=0.0,
    )
    table = open_table(offscreen_base, 320, 180, options)
    try:
        table.render(2)
        textures = list(table.app.scene.find_all_textures()) + [pip_texture()]
        assert len(textures) > 5
        slanted = [
            (t.get_name(), t.get_anisotropic_degree())
            for t in textures
            if t.get_anisotropic_degree() > 1
        ]
        assert not slanted, slanted
    finally:
        table.close()


def test_a_gpu_keeps_its_filtering():
    before = config.ANISOTROPY.get_value()
    config.limit_for_renderer("NVIDIA GeForce RTX 4070/PCIe/SSE2")
    assert config.ANISOTROPY.get_value() == before
    for name in ("llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe", "Mesa X11 swrast"):
        assert any(s in name.lower() for s in config.SOFTWARE_RENDERERS), name
