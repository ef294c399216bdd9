"""What is drawn: dice, cards, table props, animation, the camera and picking, and a build laid out
as a scene. Built on ``client.render``; knows nothing of a game in progress."""
