"""A seat's view as it travels: ``view_data`` turns ``GameState.view`` into JSON data and
``view_from_data`` rebuilds the same ``PlayerView`` on the client, round results and all.

``PlayerView.to_dict`` is the view for people to read (the round results by material and value);
the wire needs the records whole (the dice by id, every die's value, the tie-breaks as Messages)
so that the table across the network shows a round's end as the local table does. Nothing here
adds to what the view holds: it is the same view, written out and read back.

The client reads what a server sent; ``WireError`` names what does not fit (a server of another
version, a damaged message), and nothing is half-built.
"""

from __future__ import annotations

from typing import Any

from blueprints3d.engine.awards import Placement
from blueprints3d.engine.blueprints import Blueprint
from blueprints3d.engine.errors import BlueprintsError
from blueprints3d.engine.materials import Material
from blueprints3d.engine.results import GameResult, RoundResult
from blueprints3d.engine.rules import Award, Prize
from blueprints3d.engine.scoring import Score
from blueprints3d.engine.turns import Phase
from blueprints3d.engine.views import DieView, PlayerView
from blueprints3d.i18n.message import Message

MAX_DEPTH = 8  # a Message's parameters nest this deep at most (the engine's nest three or four)


class WireError(ValueError):
    """What the server sent cannot be read as a view: the one-line reason."""


# -- Messages -----------------------------------------------------------------------------------


def message_data(m: Message) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for key, value in m.params.items():
        if isinstance(value, Message):
            params[key] = {"message": message_data(value)}
        elif isinstance(value, (str, int, float)) and not isinstance(value, bool):
            params[key] = value
        else:
            params[key] = str(value)
    out: dict[str, Any] = {"id": m.msgid, "params": params}
    if m.plural is not None:
        out["plural"], out["n"] = m.plural, m.n
    return out


def message_from_data(d: Any, depth: int = 0) -> Message:
    if (
        depth > MAX_DEPTH
        or not isinstance(d, dict)
        or not isinstance(d.get("id"), str)
        or not isinstance(d.get("params"), dict)
    ):
        raise WireError("a message in the view is not one")
    params: dict[str, object] = {}
    for key, value in d["params"].items():
        if isinstance(value, dict):
            params[key] = message_from_data(value.get("message"), depth + 1)
        elif isinstance(value, (str, int, float)) and not isinstance(value, bool):
            params[key] = value
        else:
            raise WireError("a message's parameter in the view is not text or a number")
    plural = d.get("plural")
    if plural is not None and (not isinstance(plural, str) or not isinstance(d.get("n"), int)):
        raise WireError("a counted message in the view has no count")
    return Message(d["id"], params, plural, d.get("n", 1) if plural is not None else 1)


# -- the records --------------------------------------------------------------------------------


def _dice(ds: tuple[DieView, ...]) -> list[list[int]]:
    return [[d.die, d.value] for d in ds]


def _dice_from(rows: Any) -> tuple[DieView, ...]:
    from blueprints3d.engine.materials import MATERIAL_OF

    return tuple(DieView(int(d), Material(MATERIAL_OF[int(d)]), int(v)) for d, v in rows)


def _blueprint(b: Blueprint) -> dict[str, Any]:
    return b.to_dict()


def _blueprint_from(d: Any) -> Blueprint:
    return Blueprint.from_grid(d["grid"], d["id"], d["name"], check_total=False)


def _placement(p: Placement) -> dict[str, Any]:
    return {
        "player": p.player,
        "reason": p.reason,
        "ties": list(p.ties),
        "tie_messages": [message_data(m) for m in p.tie_messages],
    }


def _placement_from(d: Any) -> Placement:
    return Placement(
        int(d["player"]),
        str(d["reason"]),
        tuple(str(t) for t in d["ties"]),
        tuple(message_from_data(m) for m in d["tie_messages"]),
    )


def _score(s: Score) -> dict[str, Any]:
    return {
        "blueprint": s.blueprint,
        "wood": s.wood,
        "recycled": s.recycled,
        "stone": s.stone,
        "glass": s.glass,
        "prizes": [p.value for p in Prize if p in s.prizes],
    }


def _score_from(d: Any) -> Score:
    return Score(
        int(d["blueprint"]),
        int(d["wood"]),
        int(d["recycled"]),
        int(d["stone"]),
        int(d["glass"]),
        frozenset(Prize(p) for p in d["prizes"]),
    )


def round_data(r: RoundResult) -> dict[str, Any]:
    return {
        "round": r.round,
        "in_demand": [int(m) for m in r.in_demand],
        "turn_order": list(r.turn_order),
        "blueprints": [_blueprint(b) for b in r.blueprints],
        "buildings": [[[[int(m), v] for m, v in st] for st in b] for b in r.buildings],
        "set_aside": [[[int(m), v] for m, v in s] for s in r.set_aside],
        "scores": [_score(s) for s in r.scores],
        "awards": [[a.value, _placement(p)] for a, p in r.awards.items()],
        "prizes": [[z.value, _placement(p)] for z, p in r.prizes.items()],
        "stacks": [[list(st) for st in b] for b in r.stacks],
        "set_aside_dice": [list(s) for s in r.set_aside_dice],
        "values": list(r.values),
    }


def round_from_data(d: Any) -> RoundResult:
    m = Material
    return RoundResult(
        round=int(d["round"]),
        in_demand=(m(d["in_demand"][0]), m(d["in_demand"][1])),
        turn_order=tuple(int(p) for p in d["turn_order"]),
        blueprints=tuple(_blueprint_from(b) for b in d["blueprints"]),
        buildings=tuple(
            tuple(tuple((int(mm), int(v)) for mm, v in st) for st in b) for b in d["buildings"]
        ),
        set_aside=tuple(tuple((int(mm), int(v)) for mm, v in s) for s in d["set_aside"]),
        scores=tuple(_score_from(s) for s in d["scores"]),
        awards={Award(a): _placement_from(p) for a, p in d["awards"]},
        prizes={Prize(z): _placement_from(p) for z, p in d["prizes"]},
        stacks=tuple(tuple(tuple(int(x) for x in st) for st in b) for b in d["stacks"]),
        set_aside_dice=tuple(tuple(int(x) for x in s) for s in d["set_aside_dice"]),
        values=tuple(int(v) for v in d["values"]),
    )


def _result(r: GameResult) -> dict[str, Any]:
    return {
        "victory_points": list(r.victory_points),
        "awards": [[a.value for a in aw] for aw in r.awards],
        "prizes": [[z.value for z in pz] for pz in r.prizes],
        "winners": list(r.winners),
    }


def _result_from(d: Any) -> GameResult:
    return GameResult(
        tuple(int(v) for v in d["victory_points"]),
        tuple(tuple(Award(a) for a in aw) for aw in d["awards"]),
        tuple(tuple(Prize(z) for z in pz) for pz in d["prizes"]),
        tuple(int(w) for w in d["winners"]),
    )


# -- the view -----------------------------------------------------------------------------------


def view_data(v: PlayerView) -> dict[str, Any]:
    """``v`` as JSON data, whole (``view_from_data`` gives it back equal)."""
    return {
        "player": v.player,
        "players": v.players,
        "names": list(v.names),
        "round": v.round,
        "phase": v.phase.value,
        "current_player": v.current_player,
        "turn_order": list(v.turn_order),
        "turns_done": v.turns_done,
        "in_demand": [int(m) for m in v.in_demand],
        "pool": _dice(v.pool),
        "bag_count": v.bag_count,
        "deck_count": v.deck_count,
        "taken": [_dice(t) for t in v.taken],
        "set_aside": [_dice(t) for t in v.set_aside],
        "discarded": _dice(v.discarded),
        "blueprints": [None if b is None else _blueprint(b) for b in v.blueprints],
        "buildings": [None if b is None else [_dice(st) for st in b] for b in v.buildings],
        "round_results": [round_data(r) for r in v.round_results],
        "result": None if v.result is None else _result(v.result),
    }


def view_from_data(d: Any) -> PlayerView:
    """The ``PlayerView`` a server sent; ``WireError`` when it is not one."""
    try:
        return PlayerView(
            player=int(d["player"]),
            players=int(d["players"]),
            names=tuple(str(n) for n in d["names"]),
            round=int(d["round"]),
            phase=Phase(d["phase"]),
            current_player=None if d["current_player"] is None else int(d["current_player"]),
            turn_order=tuple(int(p) for p in d["turn_order"]),
            turns_done=int(d["turns_done"]),
            in_demand=(Material(d["in_demand"][0]), Material(d["in_demand"][1])),
            pool=_dice_from(d["pool"]),
            bag_count=int(d["bag_count"]),
            deck_count=int(d["deck_count"]),
            taken=tuple(_dice_from(t) for t in d["taken"]),
            set_aside=tuple(_dice_from(t) for t in d["set_aside"]),
            discarded=_dice_from(d["discarded"]),
            blueprints=tuple(None if b is None else _blueprint_from(b) for b in d["blueprints"]),
            buildings=tuple(
                None if b is None else tuple(_dice_from(st) for st in b) for b in d["buildings"]
            ),
            round_results=tuple(round_from_data(r) for r in d["round_results"]),
            result=None if d["result"] is None else _result_from(d["result"]),
        )
    except WireError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, BlueprintsError) as e:
        raise WireError(f"the server's view cannot be read ({type(e).__name__}: {e})") from None
