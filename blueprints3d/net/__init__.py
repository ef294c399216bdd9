"""Play across the network: an authoritative server and the clients of its rooms.

``protocol``: the messages on the wire (versioned JSON of bounded size). ``room``: one game the
server owns, its seats and their tokens, saved after every move. ``server``: the asyncio
websockets server hosting many rooms; ``local_server`` runs one on a thread of this process.
``wire``: a seat's view as JSON data and back. ``incoming``: every message from a server
checked before anything uses it. ``connection``: the table's link to its room, off the frame
path. ``client``: a seat played without a window (a random player or a computer). Panda3D-free.
"""
