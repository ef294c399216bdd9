"""The other windows: the build viewer, the sandbox, the demo player and the replay player."""
