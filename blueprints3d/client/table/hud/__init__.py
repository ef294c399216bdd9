"""What is drawn over the scene: the HUD's lines and panels, the screens (new game, settings,
help, past games), the round's summary, the glance panels, the move bar, what comes between the
turns, and the tutorial's coach marks."""
