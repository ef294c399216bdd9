"""Two tables, two processes, one room, started only as two people start them: Ann through the
new-game screen (seat 2 "Over the network": her table hosts the room), Bob through the Join screen
(a click on her room among the rooms found nearby). Both play round 1 to its reveal.

The driver is tests/support/two_tables.py; the pictures go to $BLUEPRINTS3D_TWO_TABLES_OUT (a
temporary folder unless set): ``join-nearby.png``, ``ann-hosting.png``, ``ann-reveal.png``,
``bob-reveal.png`` at 1280x720 (docs/network/ keeps three of them)."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from blueprints3d.net.addresses import lan_addresses, usable_urls
from support import two_tables

PICTURES = ("join-nearby.png", "ann-hosting.png", "ann-reveal.png", "bob-reveal.png")


def assert_a_picture(path: Path) -> None:
    """A 1280x720 picture with something drawn in it (not one flat colour, not a handful)."""
    from PIL import Image

    assert path.exists(), path
    pixels = np.asarray(Image.open(path).convert("RGB"))
    assert pixels.shape == (720, 1280, 3), (path, pixels.shape)
    assert pixels.std() > 10, path
    assert len(np.unique(pixels.reshape(-1, 3), axis=0)) > 50, path


@pytest.mark.slow
def test_two_tables_from_their_screens_play_a_round_to_its_reveal(tmp_path):
    out = Path(os.environ.get("BLUEPRINTS3D_TWO_TABLES_OUT") or tmp_path / "pictures")
    got = two_tables.run(out, tmp_path / "work", seconds=120)
    ann, bob = got["ann"], got["bob"]
    # Ann's HUD, while her room waits for Bob: its code, this machine's network addresses with
    # the port and the code (never 127.0.0.1 or 0.0.0.0 when it has one), who can join.
    code, port, shown = ann["code"], ann["port"], ann["shown"]
    assert f"room code: {code[:3]}-{code[3:]}" in shown
    for url in usable_urls("0.0.0.0", port, code):
        assert url in shown
    if lan_addresses((4,)):
        assert "players on this network can join" in shown
        assert "127.0.0.1" not in shown and "0.0.0.0" not in shown
    assert ann["seats"] == ["Ann", "Player 2"]  # the network seat before anyone sat down
    # Bob's Join screen listed her room, and his click took him to it by a shown address.
    assert bob["button"] == f"Ann's room {code[:3]}-{code[3:]}: 1 seat free"
    assert bob["url"] in ann["urls"] + [ann["loopback"]]
    # Both at round 1's reveal, its first step, each at its own seat, the same round revealed.
    for me, table in enumerate((ann, bob)):
        assert table["mode"] == "ROUND_END" and table["round"] == 1
        assert table["step"] == "lift" and table["caption"] == "Round 1 is over: the screens lift"
        assert table["names"] == ["Ann", "Bob"] and table["me"] == me
    assert ann["totals"] == bob["totals"]
    assert ann["buildings"] == bob["buildings"]
    assert all(any(stack for stack in b) for b in ann["buildings"])  # both built something
    for name in PICTURES:
        assert_a_picture(out / name)
