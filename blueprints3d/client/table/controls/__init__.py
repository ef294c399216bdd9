"""How a person plays the table: dragging and dropping dice, and the keys and the mouse that
drive the game and the camera."""
