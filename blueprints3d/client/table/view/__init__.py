"""What stands on the table, in the 3D scene: the seats' cards, screens, dice and pool
(``table_view``), the camera, the reveal of a round, the podium, the coach's ghost dice and tags,
the keyboard cursor, and the sounds of what happens there."""
