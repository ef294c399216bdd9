"""The engine's state API: determinism, clone, pure `after`, views that keep secrets, purity."""

from __future__ import annotations

import ast
import random
import subprocess
import sys
from pathlib import Path

import pytest

import blueprints3d.engine as engine_pkg
from blueprints3d.engine import GameState, IllegalAction, Phase, actions
from blueprints3d.engine.playout import random_game, random_playout


def test_same_seed_and_actions_give_the_same_game():
    a, b = random_game(4, 123), random_game(4, 123)
    assert a == b and a.log == b.log
    assert random_game(4, 124) != a


def test_same_seed_different_actions_diverge_but_setup_is_equal():
    a, b = GameState.new(3, 5), GameState.new(3, 5)
    assert a == b
    a.apply(a.legal_actions()[0])
    b.apply(b.legal_actions()[-1])
    assert a != b


def test_clone_is_independent_and_equal():
    s = GameState.new(4, 8)
    random_playout(s, random.Random(1), max_rounds=1)
    c = s.clone()
    assert c == s
    c.apply(c.legal_actions()[0])
    assert c != s and len(s.log) + 1 == len(c.log)
    # the clone carries the same random source: the same action gives the same draw
    d = s.clone()
    d.apply(c.log[-1])
    assert d == c


def test_after_is_pure():
    s = GameState.new(2, 3)
    before = s.to_dict()
    t = s.after(s.legal_actions()[0])
    assert s.to_dict() == before and t.to_dict() != before


def test_reseed_changes_future_draws_only():
    s = GameState.new(4, 8)
    c = s.clone()
    c.reseed(999)
    a = s.legal_actions()[0]
    s.apply(a)
    c.apply(a)
    assert s.pool != c.pool or s.values != c.values
    assert s.stacks == c.stacks


def test_illegal_action_leaves_state_exactly_as_it_was():
    s = GameState.new(3, 4)
    random_playout(s, random.Random(4), max_rounds=1)
    legal = set(s.legal_actions())
    before = (s.to_dict(), s.log[:], s.rng.getstate())
    tried = 0
    for d in range(32):
        for slot in list(range(6)) + [actions.SET_ASIDE, actions.DISCARD]:
            a = (
                actions.place(d, slot)
                if slot < actions.MAX_CELLS
                else (actions.set_aside(d) if slot == actions.SET_ASIDE else actions.discard(d))
            )
            if a in legal:
                continue
            with pytest.raises(IllegalAction):
                s.apply(a)
            tried += 1
    assert tried > 100
    assert (s.to_dict(), s.log, s.rng.getstate()) == before


def test_every_legal_action_applies_and_does_what_it_names():
    s = GameState.new(2, 6)
    legal = s.legal_actions()
    assert legal
    me = s.current_player
    for a in legal:
        k = actions.decode(a)
        t = s.after(a)
        assert t.log == [a]
        assert k.die not in t.pool and k.die in t.taken[me]
        if k.kind is actions.Kind.PLACE:
            assert t.stacks[me][k.cell] == s.stacks[me][k.cell] + [k.die]
            assert t.tops[me][k.cell] == s.values[k.die]
        else:
            assert k.kind is actions.Kind.SET_ASIDE and t.set_aside[me] == [k.die]
        # two players: the same player now discards a second die
        assert t.phase is Phase.DISCARD and t.current_player == me
        assert sorted(t.legal_actions()) == sorted(actions.discard(d) for d in t.pool)
    assert s.log == [] and s.taken[me] == []  # after() left the original alone


def test_view_hides_other_blueprints_buildings_and_cards_until_revealed():
    s = GameState.new(3, 12)
    r = random.Random(12)
    while len(s.round_results) < 1 or s.turns_done < 5:
        la = s.legal_actions()
        s.apply(la[int(r.random() * len(la))])
    for p in range(3):
        v = s.view(p)
        for q in range(3):
            if q == p:
                assert v.blueprints[q].id == s.blueprints[q].id
                assert v.buildings[q] is not None
            else:
                assert v.blueprints[q] is None and v.buildings[q] is None
        # Awards and Prizes are handed out in the open at a round's scoring: every seat's cards
        # are in every view, and they are the ones round_results names (one fact, one visibility).
        assert v.awards == tuple(tuple(a) for a in s.awards) and v.prizes == tuple(
            tuple(z) for z in s.prizes
        )
        named = {
            (a, pl.player)
            for rr in v.round_results
            for a, pl in (*rr.awards.items(), *rr.prizes.items())
        }
        assert named == {(c, q) for q in range(3) for c in (*v.awards[q], *v.prizes[q])}
        # what was revealed when round 1 was scored is visible to all
        assert len(v.round_results) == 1 and len(v.round_results[0].buildings) == 3
        # public: the dice each player took this round
        assert [len(t) for t in v.taken] == [len(t) for t in s.taken]
    random_playout(s, r)
    v = s.view(0)
    assert v.awards == tuple(tuple(a) for a in s.awards) and v.result.winners


def test_view_of_unknown_player_is_refused():
    with pytest.raises(IllegalAction, match="no player 5"):
        GameState.new(2, 1).view(5)


ENGINE_DIR = Path(engine_pkg.__file__).parent


def test_engine_never_imports_panda3d_in_source():
    offenders = []
    for path in ENGINE_DIR.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [
                f"{path.name}: {n}" for n in names if n.split(".")[0] in ("panda3d", "direct")
            ]
    assert offenders == []


def test_engine_never_imports_panda3d_at_run_time():
    code = (
        "import sys, blueprints3d.engine, blueprints3d.files.savefile, blueprints3d.files.buildfile, "
        "blueprints3d.engine.playout; "
        "bad=[m for m in sys.modules if m.split('.')[0] in ('panda3d','direct')]; print(bad); "
        "sys.exit(1 if bad else 0)"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_describe_action_keeps_the_space_secret_unless_revealed():
    s = GameState.new(3, 2, names=["Ann", "Bo", "Cy"])
    a = s.legal_actions()[0]
    k = actions.decode(a)
    secret = s.describe_action(a)
    assert secret == f"Ann takes the {s.describe_die(k.die)}" and "row" not in secret
    assert s.describe_action(a, reveal=True).endswith(s.blueprints[0].cell_name(k.cell))


def test_describe_action_of_a_finished_game_names_nobody_and_no_space():
    # A finished game has no player to move, so no building to name a space of: the words say
    # so instead of indexing the blueprints with None (a TypeError once).
    s = random_game(2, 5)
    a = actions.place(0, 0)
    assert s.describe_action(a, reveal=True) == f"nobody takes the {s.describe_die(0)}"


def test_a_spectator_sees_the_public_part_only():
    from blueprints3d.engine.playout import random_playout
    from blueprints3d.engine.state import SPECTATOR
    import random as _random

    s = GameState.new(3, 8)
    for _ in range(5):
        s.apply(s.legal_actions()[0])
    v = s.view(SPECTATOR)
    assert (
        v.player == SPECTATOR
        and v.blueprints == (None, None, None)
        and v.buildings == (None, None, None)
    )
    assert (
        v.pool == s.view(0).pool and v.bag_count == s.view(0).bag_count
    )  # the open part is the same
    random_playout(s, _random.Random(1))
    over = s.view(SPECTATOR)
    assert all(b is not None for b in over.blueprints) and over.result is not None
    with pytest.raises(IllegalAction, match="no player -2"):
        s.view(-2)
