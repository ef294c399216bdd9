"""The table in a network game: hosting a room, joining one, and what the table shows of its
connection."""
