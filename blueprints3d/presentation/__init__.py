"""What the client's apps show, as plain data and free of Panda3D (a presentation model): the
rule demonstrations and their lessons, a saved game and a round's reveal as lists of steps, the
scene a step shows, and the sandbox's building. Every number in them is the engine's; the apps in
``blueprints3d.client`` only draw them, so all of it is tested headless."""
