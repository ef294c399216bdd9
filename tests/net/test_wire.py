"""The seat's view on the wire (net/wire.py): read back equal through whole games, rebuilt into a
state that agrees with it, and anything else refused in one line; the server's refusals said in
the player's language."""

from __future__ import annotations

import json
import random

import pytest

from blueprints3d.engine.determinize import state_from_view
from blueprints3d.engine.state import SPECTATOR, GameState
from blueprints3d.i18n import speaking
from blueprints3d.i18n.message import Message
from blueprints3d.net import wire


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_view_of_a_game_comes_back_equal_and_rebuilds(players):
    s = GameState.new(players, 40 + players, 0)
    rng = random.Random(players)
    largest = 0
    while True:
        for seat in [*range(players), SPECTATOR]:
            v = s.view(seat)
            text = json.dumps(wire.view_data(v))
            largest = max(largest, len(text))
            back = wire.view_from_data(json.loads(text))
            assert back == v
            if seat != SPECTATOR and not s.is_over:
                rebuilt = state_from_view(back, random.Random(0))
                assert rebuilt.view(seat).pool == v.pool
                if s.current_player == seat:  # the table checks its moves on the rebuilt state
                    assert sorted(rebuilt.legal_actions()) == sorted(s.legal_actions())
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()))
    assert largest < 16 * 1024  # far inside the protocol's 64 KB
    assert len(s.round_results) == 3 and back.round_results == tuple(s.round_results)


@pytest.mark.parametrize("bad", [None, [], {}, {"player": "x"}, "view"])
def test_what_is_not_a_view_is_refused_in_one_line(bad):
    with pytest.raises(wire.WireError) as e:
        wire.view_from_data(bad)
    assert "\n" not in str(e.value)


def test_a_view_with_a_damaged_part_is_refused():
    data = wire.view_data(GameState.new(3, 1, 0).view(0))
    data["pool"][0] = [999, 3]  # no such die
    with pytest.raises(wire.WireError):
        wire.view_from_data(data)
    data = wire.view_data(GameState.new(3, 1, 0).view(0))
    data["phase"] = "dancing"
    with pytest.raises(wire.WireError):
        wire.view_from_data(data)


def test_messages_travel_with_their_parameters_and_counts():
    m = Message.of(
        "{who} takes the {die}",
        who="Ann",
        die=Message.of("{material} {value}", material=Message.of("glass"), value=3),
    )
    c = Message.counted("{n} player", "{n} players", 3)
    for x in (m, c):
        assert wire.message_from_data(json.loads(json.dumps(wire.message_data(x)))) == x
    deep: dict = {"id": "x", "params": {}}
    for _ in range(20):
        deep = {"id": "{a}", "params": {"a": {"message": deep}}}
    with pytest.raises(wire.WireError):
        wire.message_from_data(deep)  # nested beyond reason


def test_a_servers_refusal_is_said_in_the_tables_language():
    from blueprints3d.client.table.model.remote_flow import said
    from blueprints3d.net.room import RoomError

    e = RoomError(Message.of("it is not your move"))
    msg = {"error": str(e), "message": wire.message_data(e.message)}
    with speaking("de"):
        assert said(msg) == "du bist nicht am Zug"
    assert said(msg) == "it is not your move"
    assert said({"error": "an old server's line"}) == "an old server's line"
