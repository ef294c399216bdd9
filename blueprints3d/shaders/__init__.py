"""GLSL sources (.vert/.frag/.glsl), read by ``blueprints3d.client.render.shaders``."""
