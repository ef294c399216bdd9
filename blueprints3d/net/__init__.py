"""Play across the network (issue 31): an authoritative server and the clients of its rooms.

``protocol``: the messages on the wire (versioned JSON of bounded size). ``room``: one game the
server owns, its seats and their tokens, saved after every move. ``server``: the asyncio
websockets server hosting many rooms. ``client``: a seat played over the network (a headless
computer seat today). Panda3D-free: the table will be a client of these.
"""
