"""Rendering plumbing: Panda3D config and camera masks, the GLSL loader, materials, highlights, glass,
lighting and offscreen capture. Knows nothing of dice, cards or the game."""
