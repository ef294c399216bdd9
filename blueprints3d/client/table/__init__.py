"""The game table: the app, the game flow, bots off the main thread, controls, layout, the table
scene kept in step with the flow, DirectGUI screens and the HUD."""
