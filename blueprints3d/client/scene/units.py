"""Sizes in the scene, in centimetres (1 unit = 1 cm), chosen to look like a real table.

Real Blueprints dice are 16 mm; a blueprint card is about 9 x 12 cm with room for a 3 x 2 grid.
"""

DIE_SIZE = 1.6  # edge of a die
DIE_ROUNDING = 0.22  # radius of the rounded edges and corners
CELL_PITCH = 2.3  # distance between the centres of neighbouring spaces on a card
POOL_PITCH = (
    DIE_SIZE * 1.55
)  # between the centres of neighbouring loose dice (the pool, a demo's aside)
CARD_MARGIN = 1.3  # paper around the grid of spaces
CARD_THICKNESS = 0.05
TABLE_RADIUS = 60.0  # the table top is a disc (or square) about 1.2 m across
SEAT_DISTANCE = 30.0  # from the table centre to the middle of a player's card
